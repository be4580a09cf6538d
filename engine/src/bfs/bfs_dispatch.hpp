// bfs_dispatch.hpp — how a public BfsOptions reaches the CUDA backend; shared by frontier::bfs()
// (a runner per call) and Engine (one resident runner).
#pragma once

#include <span>
#include <string>
#include <unordered_set>
#include <vector>

#include "bfs/cuda/bfs_cuda.hpp"
#include "frontier/bfs.hpp"
#include "frontier/errors.hpp"

namespace frontier {

/// The GPU a single-GPU search runs on. @throws InvalidArgument for more than one id.
int single_gpu_id(const Device& device);

/// The CUDA backend's options for `options` (TopDown runs as Hybrid on the GPU).
cuda::BfsCudaOptions to_cuda_options(const BfsOptions& options);

namespace detail {

/// What every search of a graph of `num_vertices` vertices checks first.
/// @throws InvalidArgument naming the problem.
template <typename VertexT>
void check_bfs_arguments(VertexT num_vertices, std::span<const VertexT> sources,
                         const BfsOptions& options, const Device& device) {
  if (num_vertices == 0) {
    throw InvalidArgument("BFS needs a graph with at least one vertex; this graph is empty");
  }
  if (sources.empty()) throw InvalidArgument("BFS needs at least one source");
  for (const VertexT source : sources) {
    if (source < 0 || source >= num_vertices) {
      throw InvalidArgument("BFS source " + std::to_string(source) + " is out of range [0, " +
                            std::to_string(num_vertices) + ")");
    }
  }
  check_bfs_options(options);
  if (options.target && *options.target >= num_vertices) {
    throw InvalidArgument("BFS target " + std::to_string(*options.target) +
                          " is out of range [0, " + std::to_string(num_vertices) + ")");
  }
  if (!device.is_cuda() && is_gpu_only(options.strategy)) {
    throw InvalidArgument("BFS strategy " + std::string(to_string(options.strategy)) +
                          " runs on the GPU only (the CPU runs direction-optimizing, top-down "
                          "or bottom-up)");
  }
}

/// check_bfs_arguments on `graph`'s vertex count.
template <typename VertexT, typename EdgeT>
void check_bfs_arguments(const CsrGraph<VertexT, EdgeT>& graph, std::span<const VertexT> sources,
                         const BfsOptions& options, const Device& device) {
  check_bfs_arguments(graph.num_vertices(), sources, options, device);
}

/// `sources` with repeats dropped, in the order given: what a search seeds its level 0 with.
template <typename VertexT>
std::vector<VertexT> distinct_sources(std::span<const VertexT> sources) {
  std::vector<VertexT> distinct;
  distinct.reserve(sources.size());
  std::unordered_set<VertexT> seen;
  for (const VertexT source : sources) {
    if (seen.insert(source).second) distinct.push_back(source);
  }
  return distinct;
}

}  // namespace detail

}  // namespace frontier
