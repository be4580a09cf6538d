/// @file edge_list.hpp
/// @brief A list of (source, target[, weight]) tuples: what loaders and generators produce and
/// build_csr() consumes.
#pragma once

#include <cstddef>
#include <vector>

#include "frontier/csr_graph.hpp"
#include "frontier/types.hpp"

namespace frontier {

template <typename VertexT = VertexId>
struct EdgeList {
  /// Vertex ids lie in [0, num_vertices).
  VertexT num_vertices = 0;
  std::vector<VertexT> sources;
  std::vector<VertexT> targets;
  /// Empty, or one weight per edge.
  std::vector<Weight> weights;
  /// false: each tuple stands for an undirected edge (listed once, or both ways).
  bool directed = true;

  std::size_t size() const noexcept { return sources.size(); }
  bool has_weights() const noexcept { return !weights.empty(); }
};

}  // namespace frontier
