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

#include "bfs/cuda/bfs_validate_kernels.cuh"
#include "cuda/device_buffer.cuh"
#include "frontier/bfs_validate.hpp"
#include "graph/cuda/device_graph.cuh"

namespace frontier::cuda {

/// The validator's work arrays of a correct tree with its depths (byte and nibble levels and
/// parent-arc marks, 2.5 bytes per vertex; the sources; the findings), allocated by the first
/// validation that needs them and kept for the next ones, so that validating search after search
/// allocates nothing. Empty until then.
template <typename VertexT>
struct BfsValidateWorkspace {
  DeviceBuffer<unsigned char> d_level_bytes;
  DeviceBuffer<unsigned char> d_level_nibbles;
  DeviceBuffer<unsigned char> d_confirmed;
  DeviceBuffer<VertexT> d_sources;
  DeviceBuffer<BfsValidateFindings> d_findings;
  /// Blocks of a grid-stride pass on the GPU the arrays are on (0 until first sized).
  std::uint64_t max_blocks = 0;

  /// Device bytes held.
  std::uint64_t device_bytes() const {
    return d_level_bytes.size() + d_level_nibbles.size() + d_confirmed.size() +
           d_sources.size() * sizeof(VertexT) + d_findings.size() * sizeof(BfsValidateFindings);
  }
};

/// Validates the parents `d_parent` (n entries on the graph's GPU) of one search from `sources`
/// against `graph`, and the depths `d_depth` too unless it is null; in place, nothing copied to
/// the host on success. The arguments must have passed detail::check_validation_arguments.
/// With depths that are the parents' tree levels (every correct search) it takes one pass over
/// the vertices and one over the arcs in `workspace`'s arrays, sized (2 bytes per vertex) against
/// free memory on first use; otherwise (no depths, or a broken tree) it finds the levels by
/// pointer jumping in work arrays of its own (5 bytes per vertex, 2 * (sizeof(VertexT) + 4) more
/// while jumping) and reads a failing tree's parent array back to name a cycle.
/// @throws OutOfMemory if the work arrays do not fit; CudaError if a CUDA call fails.
template <typename VertexT, typename EdgeT>
BfsValidation validate_bfs_tree_on_device(const DeviceGraph<VertexT, EdgeT>& graph,
                                          std::span<const VertexT> sources, const VertexT* d_parent,
                                          const std::int32_t* d_depth, bool stopped_early,
                                          cudaStream_t stream,
                                          BfsValidateWorkspace<VertexT>& workspace);

}  // namespace frontier::cuda
