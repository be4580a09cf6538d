/// @file random.hpp
/// @brief Counter-based random numbers: value i of stream `seed` is a pure function of
/// (seed, i), the same on every machine, thread count and backend (host and device code).
///
/// The mixer is SplitMix64's finalizer (Steele, Lea, Flood 2014), applied twice so that nearby
/// seeds and nearby counters give unrelated values.
#pragma once

#include <cstdint>

#include "frontier/types.hpp"

namespace frontier {

/// SplitMix64 finalizer: a bijection on 64-bit words with good avalanche.
FRONTIER_HOST_DEVICE constexpr std::uint64_t mix64(std::uint64_t x) noexcept {
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ULL;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebULL;
  x ^= x >> 31;
  return x;
}

/// The index-th 64-bit random word of stream `seed`.
FRONTIER_HOST_DEVICE constexpr std::uint64_t counter_random(std::uint64_t seed,
                                                            std::uint64_t index) noexcept {
  constexpr std::uint64_t kGolden = 0x9e3779b97f4a7c15ULL;
  return mix64(mix64(seed + kGolden) ^ (index * kGolden + 0x632be59bd9b4e019ULL));
}

/// Uniform double in [0, 1) from the top 53 bits of a random word.
FRONTIER_HOST_DEVICE constexpr double unit_double(std::uint64_t word) noexcept {
  return static_cast<double>(word >> 11) * 0x1.0p-53;
}

/// Uniform integer in [0, bound) from a random word (Lemire's multiply-shift; bias < 2^-64·bound).
FRONTIER_HOST_DEVICE inline std::uint64_t uniform_below(std::uint64_t word,
                                                        std::uint64_t bound) noexcept {
#if defined(__CUDA_ARCH__)
  return __umul64hi(word, bound);
#else
  return static_cast<std::uint64_t>((static_cast<unsigned __int128>(word) * bound) >> 64);
#endif
}

}  // namespace frontier
