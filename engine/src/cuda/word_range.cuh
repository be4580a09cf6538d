/// @file cuda/word_range.cuh
/// @brief Device words that a kernel zeroes beside its own work: a range handed to the kernel
/// that runs anyway costs no memset launch of its own.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

namespace frontier::cuda {

template <typename Word>
struct WordRange {
  Word* words = nullptr;
  std::uint64_t count = 0;
};

/// Zeroes `range` by the threads numbered first, first + stride, ... (the caller's grid- or
/// block-stride numbering).
template <typename Word>
__device__ __forceinline__ void zero_words(const WordRange<Word>& range, std::uint64_t first,
                                           std::uint64_t stride) {
  for (std::uint64_t i = first; i < range.count; i += stride) range.words[i] = 0;
}

}  // namespace frontier::cuda
