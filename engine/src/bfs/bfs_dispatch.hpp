// bfs_dispatch.hpp — how a public BfsOptions reaches the CUDA backend; shared by frontier::bfs()
// (a runner per call) and Engine (one resident runner).
#pragma once

#include <string>

#include "bfs/cuda/bfs_cuda.hpp"
#include "frontier/bfs.hpp"
#include "frontier/errors.hpp"

namespace frontier {

/// The GPU a single-GPU search runs on. @throws InvalidArgument for more than one id.
int single_gpu_id(const Device& device);

/// The CUDA backend's options for `options` (TopDown runs as Hybrid on the GPU).
cuda::BfsCudaOptions to_cuda_options(const BfsOptions& options);

namespace detail {

/// What every search checks first. @throws InvalidArgument naming the problem.
template <typename VertexT, typename EdgeT>
void check_bfs_arguments(const CsrGraph<VertexT, EdgeT>& graph, VertexT source,
                         const BfsOptions& options, const Device& device) {
  if (graph.num_vertices() == 0) {
    throw InvalidArgument("BFS needs a graph with at least one vertex; this graph is empty");
  }
  if (source < 0 || source >= graph.num_vertices()) {
    throw InvalidArgument("BFS source " + std::to_string(source) + " is out of range [0, " +
                          std::to_string(graph.num_vertices()) + ")");
  }
  check_bfs_options(options);
  if (!device.is_cuda() && is_gpu_only(options.strategy)) {
    throw InvalidArgument("BFS strategy " + std::string(to_string(options.strategy)) +
                          " runs on the GPU only (the CPU runs direction-optimizing, top-down "
                          "or bottom-up)");
  }
}

}  // namespace detail

}  // namespace frontier
