// Benchmark support for list ranking on the GPU (used by tests/bench/list_ranking.cpp): time the
// algorithms on device-resident data, and the pointer-chase floor they are held against. Host
// C++ only. In a build without CUDA every function throws CudaError.
#pragma once

#include <cstdint>
#include <span>

#include "frontier/list_ranking.hpp"

namespace frontier::test {

struct ResidentTiming {
  double best_seconds = 0.0;
  double median_seconds = 0.0;
  /// Stats of the fastest run.
  ListRankingStats best;
};

/// Uploads `successor` (and `values`; empty = unit values, i.e. rank + 1) to the current GPU,
/// runs list_prefix_device `repeats` times on the resident arrays (one warm-up first), and
/// copies the last run's prefix into `prefix`. Every run is timed whole: allocation of its
/// workspace, checks, all levels, fix-up, the final synchronization.
template <typename VertexT, typename ValueT>
ResidentTiming time_list_prefix_resident(std::span<const VertexT> successor,
                                         std::span<const ValueT> values, ListOp op,
                                         std::span<ValueT> prefix, ListRankingAlgorithm algorithm,
                                         int repeats, std::uint64_t seed,
                                         std::int64_t random_splitters);

/// The floor: `threads` GPU threads each follow successor links from their own start node (a
/// tail continues at `head`) for n / threads steps, so n dependent loads in all, the chase a
/// list ranking cannot avoid. Returns the best of `repeats`, timed by CUDA events.
template <typename VertexT>
double time_pointer_chase(std::span<const VertexT> successor, VertexT head, std::int64_t threads,
                          int repeats);

/// Seconds of one cudaMalloc + cudaFree of `bytes` (best of `repeats`): what a call that
/// allocates its workspace pays for it.
double time_device_allocation(std::uint64_t bytes, int repeats);

}  // namespace frontier::test
