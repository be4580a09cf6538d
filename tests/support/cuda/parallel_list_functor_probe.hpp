// Host-callable runs of ParallelList's device-functor entry points (parallel_list_cuda.cuh) with
// fixed functors, so that host-compiled tests can exercise the GPU paths only functors reach:
// per-element variable counts, negative counts (rejected before any change) and totals beyond the
// 32-bit slot limit. Host C++ only; defined in parallel_list_functor_probe.cu, and to throw
// CudaError in a build without CUDA (tests/support/no_cuda.cpp).
#pragma once

#include <cstdint>

#include "frontier/parallel_list.hpp"

namespace frontier::test {

/// frontier::cuda::insert_if on a list on the GPU with device functors: every element e with
/// e >= min_selected gets e - count_shift values (a negative count is rejected), the j-th of
/// them e * 1000 + j. Returns the number of values inserted.
/// @throws InvalidArgument on a CPU list, a negative count or too many values.
std::int64_t insert_shifted_counts(ParallelList<std::int64_t>& list, ListPosition position,
                                   std::int64_t min_selected, std::int64_t count_shift);

/// frontier::cuda::erase_if with a device functor: erases every element e with
/// e % modulus == remainder. Returns the number erased.
std::int64_t erase_remainder(ParallelList<std::int64_t>& list, std::int64_t modulus,
                             std::int64_t remainder);

}  // namespace frontier::test
