/// @file bfs_validate_cuda.cuh
/// @brief The GPU BFS validator: the five Graph500 rules (frontier/bfs_validate.hpp) checked on
/// a graph and a parent (and depth) array that are already on the GPU, with the host
/// validator's order of checks and its words for each failure (bfs_validate_messages.hpp).
/// Defined in bfs_validate_cuda.cu for 32- and 64-bit vertex ids; see bfs_validate_kernels.cuh
/// for how the levels and the arc checks are computed.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>
#include <span>

#include "frontier/bfs_validate.hpp"
#include "graph/cuda/device_graph.cuh"

namespace frontier::cuda {

/// Validates the parents `d_parent` (n entries on the graph's GPU) of one search from `sources`
/// against `graph`, and the depths `d_depth` too unless it is null. The arguments must have
/// passed detail::check_validation_arguments. Allocates its work arrays (5 bytes per vertex;
/// 2 * (sizeof(VertexT) + 4) more when the depths are missing or wrong) after checking them
/// against free memory; reads a failing tree's parent array back to name a cycle.
/// @throws OutOfMemory if the work arrays do not fit; CudaError if a CUDA call fails.
template <typename VertexT, typename EdgeT>
BfsValidation validate_bfs_tree_on_device(const DeviceGraph<VertexT, EdgeT>& graph,
                                          std::span<const VertexT> sources, const VertexT* d_parent,
                                          const std::int32_t* d_depth, bool stopped_early,
                                          cudaStream_t stream);

}  // namespace frontier::cuda
