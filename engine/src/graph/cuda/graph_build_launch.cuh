/// @file graph_build_launch.cuh
/// @brief Grid sizes for the grid-stride kernels of graph construction (see
/// graph_build_tuning.hpp).
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>

#include "cuda/cuda_check.cuh"
#include "cuda/launch_sizing.hpp"
#include "graph/cuda/graph_build_tuning.hpp"

namespace frontier::cuda {

/// Blocks for a grid-stride loop over `items` on the current device: one item per thread, capped
/// at policy.max_blocks_per_sm blocks per multiprocessor; at least one block.
inline int graph_build_grid(std::uint64_t items,
                            const GraphBuildCudaPolicy& policy = kSm90GraphBuildPolicy) {
  int device = 0;
  int multiprocessors = 0;
  FRONTIER_CUDA_CHECK(cudaGetDevice(&device));
  FRONTIER_CUDA_CHECK(
      cudaDeviceGetAttribute(&multiprocessors, cudaDevAttrMultiProcessorCount, device));
  return capped_grid(
      items, static_cast<std::uint64_t>(policy.block_threads),
      static_cast<std::uint64_t>(std::max(1, multiprocessors)) * policy.max_blocks_per_sm);
}

}  // namespace frontier::cuda
