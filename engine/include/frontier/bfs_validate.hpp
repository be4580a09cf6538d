/// @file bfs_validate.hpp
/// @brief Checks a BFS parent array against the five Graph500 rules, independently of how it was
/// computed (after the Graph500 reference's validate.c):
///  1. the parent array is a tree rooted at the source (no cycles, every reached chain ends there);
///  2. tree edges join vertices whose levels differ by exactly one;
///  3. every arc joins vertices whose levels differ by at most one, or neither endpoint is reached
///     (for directed graphs: an arc u->v from a reached u reaches v with level(v) <= level(u) + 1);
///  4. the tree spans the source's whole connected component (reachable set);
///  5. every vertex's parent is joined to it by an arc of the graph.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "frontier/csr_graph.hpp"

namespace frontier {

struct BfsValidation {
  bool valid = false;
  /// Which rule failed and where, for people; empty when valid.
  std::string failure;
  /// Vertices in the tree (the source's component).
  std::int64_t vertices_in_tree = 0;
  /// Arcs with both endpoints in the tree (Graph500's nedge counts input edges; see callers).
  std::int64_t arcs_in_component = 0;
};

/// Validates `parent` (size n; -1 = unreached; parent[source] == source).
/// If `depth` is non-empty it must equal the levels implied by the tree, and is checked too.
template <typename VertexT, typename EdgeT>
BfsValidation validate_bfs_tree(const CsrGraph<VertexT, EdgeT>& graph, VertexT source,
                                std::span<const VertexT> parent,
                                std::span<const std::int32_t> depth = {});

/// Arcs out of the vertices a search reached (depth >= 0): the searched component's arcs, which
/// TEPS figures count (halved for an undirected graph, whose edges are two arcs).
template <typename VertexT, typename EdgeT>
std::int64_t reached_arcs(const CsrGraph<VertexT, EdgeT>& graph,
                          std::span<const std::int32_t> depth);

/// Edges of the searched component, counted as GraphSummary::edges counts a whole graph: on a
/// directed graph its arcs; on an undirected one (arcs + self-loop arcs) / 2, so that a self
/// loop, stored as one arc, is one edge (as Graph500 counts an input edge u-u).
template <typename VertexT, typename EdgeT>
std::int64_t reached_edges(const CsrGraph<VertexT, EdgeT>& graph,
                           std::span<const std::int32_t> depth);

}  // namespace frontier
