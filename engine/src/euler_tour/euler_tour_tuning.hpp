/// @file euler_tour_tuning.hpp
/// @brief Launch policy of the CUDA Euler-tour kernels, a printable value.
#pragma once

#include <string>

namespace frontier::cuda {

struct EulerTourCudaPolicy {
  /// Threads per block of every grid-stride kernel: 256 keeps 8 blocks resident per SM on Hopper
  /// with room for the registers of the binary search and the union-find loops.
  int threads_per_block = 256;
  /// Blocks per SM at most; the loops stride over the rest. The kernels are bound by random
  /// memory accesses, so enough warps in flight to hide latency matter more than exact sizing.
  int blocks_per_sm = 16;

  std::string describe() const {
    return "threads_per_block=" + std::to_string(threads_per_block) +
           " blocks_per_sm=" + std::to_string(blocks_per_sm);
  }
};

}  // namespace frontier::cuda
