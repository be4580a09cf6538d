// degree_order.hpp — a graph renumbered so that vertices of like degree sit together: classes of
// floor(log2 degree), highest first, vertices without arcs last, ids in their old order within a
// class. A search of the renumbered graph touches the per-vertex data (labels, offsets, bitmap
// words) of the vertices a level works on in a few dense runs instead of all over the id range;
// docs/tuning.md ("Vertex order by degree") has the measurements. Labels found on the
// renumbered graph go back to the caller's ids through relabel_result().
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "frontier/bfs.hpp"
#include "frontier/bfs_result.hpp"
#include "frontier/csr_graph.hpp"

namespace frontier::detail {

/// A graph in new ids and the two directions of its numbering.
template <typename VertexT, typename EdgeT>
struct DegreeOrderedGraph {
  /// old id -> new id.
  std::vector<VertexT> new_id;
  /// new id -> old id.
  std::vector<VertexT> old_id;
  /// The graph in new ids, each list sorted by new id (so it starts in the highest class).
  CsrGraph<VertexT, EdgeT> graph;
};

/// The class of a vertex with `degree` arcs: floor(log2 degree) + 1, 0 without arcs.
inline int degree_class(std::uint64_t degree) noexcept {
  return degree == 0 ? 0 : 64 - __builtin_clzll(degree);
}

/// Renumbers `graph` by degree class (out-degree for a directed graph). Parallel (OpenMP), and
/// linear apart from sorting each list.
/// @throws OutOfMemory if search_order_host_bytes() exceeds the host's available memory.
template <typename VertexT, typename EdgeT>
DegreeOrderedGraph<VertexT, EdgeT> order_by_degree_class(const CsrGraph<VertexT, EdgeT>& graph);

/// `vertices` (the caller's ids, in range) in search ids.
template <typename VertexT, typename EdgeT>
std::vector<VertexT> to_search_ids(const DegreeOrderedGraph<VertexT, EdgeT>& ordered,
                                   std::span<const VertexT> vertices) {
  std::vector<VertexT> renamed(vertices.size());
  for (std::size_t i = 0; i < vertices.size(); ++i) renamed[i] = ordered.new_id[vertices[i]];
  return renamed;
}

/// `options` with its target (the caller's id, in range) in search ids.
template <typename VertexT, typename EdgeT>
BfsOptions with_target_in_search_ids(const DegreeOrderedGraph<VertexT, EdgeT>& ordered,
                                     const BfsOptions& options) {
  BfsOptions renamed = options;
  if (options.target) renamed.target = ordered.new_id[static_cast<std::size_t>(*options.target)];
  return renamed;
}

/// A result found on `ordered.graph` (sources, labels and parents in new ids) in old ids: every
/// label moved to its vertex's old id and every parent written as its old id. `threads` as
/// BfsOptions::threads (0: all).
template <typename VertexT, typename EdgeT>
BfsResult<VertexT> relabel_result(const DegreeOrderedGraph<VertexT, EdgeT>& ordered,
                                  const BfsResult<VertexT>& found, int threads);

}  // namespace frontier::detail
