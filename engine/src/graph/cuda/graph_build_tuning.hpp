/// @file graph_build_tuning.hpp
/// @brief Launch shapes of the graph-construction kernels (Kronecker generation, degree count,
/// placement), as one printable policy value.
///
/// Every kernel here is a grid-stride loop over edges or vertices with no shared memory and few
/// registers, so the shape only has to fill the GPU: 256 threads per block reach full occupancy
/// on sm_90 (8 blocks of 256 = 2048 threads per SM), and a grid capped at 64 blocks per SM (about
/// 8 resident waves on a 132-SM Hopper GPU) amortizes the block start-up without launching blocks
/// that only test the loop bound.
#pragma once

#include <cstdint>
#include <string>

namespace frontier::cuda {

struct GraphBuildCudaPolicy {
  int block_threads = 256;
  int max_blocks_per_sm = 64;

  std::string describe() const {
    return "block_threads=" + std::to_string(block_threads) +
           " max_blocks_per_sm=" + std::to_string(max_blocks_per_sm);
  }
};

inline constexpr GraphBuildCudaPolicy kSm90GraphBuildPolicy{};

}  // namespace frontier::cuda
