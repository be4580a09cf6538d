/// @file bfs_validate.hpp
/// @brief Checks a BFS parent array against the five Graph500 rules, independently of how it was
/// computed (after the Graph500 reference's validate.c):
///  1. the parent array is a tree rooted at the source (no cycles, every reached chain ends there);
///  2. tree edges join vertices whose levels differ by exactly one;
///  3. every arc joins vertices whose levels differ by at most one, or neither endpoint is reached
///     (for directed graphs: an arc u->v from a reached u reaches v with level(v) <= level(u) + 1);
///  4. the tree spans the source's whole connected component (reachable set);
///  5. every vertex's parent is joined to it by an arc of the graph.
/// Generalized to several roots (every source is its own parent, the tree is a forest rooted at
/// them) and to a search that stopped after its deepest level (depth limit, target): rule 4 then
/// reads "every arc leaving a vertex of depth below the deepest labelled level reaches a labelled
/// vertex", since the arcs out of that last level were not followed.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "frontier/csr_graph.hpp"

namespace frontier {

struct BfsValidation {
  bool valid = false;
  /// Which rule failed and where, for people; empty when valid.
  std::string failure;
  /// Vertices in the tree (the sources' component, or the part of it the search labelled).
  std::int64_t vertices_in_tree = 0;
  /// Arcs with both endpoints in the tree (Graph500's nedge counts input edges; see callers).
  std::int64_t arcs_in_component = 0;
};

/// Validates `parent` (size n; -1 = unreached; parent[source] == source) of a search that ran to
/// completion. If `depth` is non-empty it must equal the levels implied by the tree, and is
/// checked too.
template <typename VertexT, typename EdgeT>
BfsValidation validate_bfs_tree(const CsrGraph<VertexT, EdgeT>& graph, VertexT source,
                                std::span<const VertexT> parent,
                                std::span<const std::int32_t> depth = {});

/// Validates the parents of one search from `sources` (each its own parent, depth 0; none
/// twice). `stopped_early` (BfsResult::stopped_early()): the search ended after its deepest
/// labelled level, whose out-arcs may reach unlabelled vertices.
/// @throws InvalidArgument if `sources` is empty, holds a vertex twice or one out of range, or
///         an array's size is not n.
template <typename VertexT, typename EdgeT>
BfsValidation validate_bfs_tree(const CsrGraph<VertexT, EdgeT>& graph,
                                std::span<const VertexT> sources, std::span<const VertexT> parent,
                                std::span<const std::int32_t> depth, bool stopped_early);

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

/// reached_edges() for many searches of one graph: the self loops are found once, when built
/// (one pass over the arcs), so each count reads only the depths and the offsets, O(n), where
/// reached_edges() reads every arc of the component again.
template <typename VertexT, typename EdgeT>
class ReachedEdgeCounter {
 public:
  /// Keeps a reference to `graph`, which must outlive the counter.
  explicit ReachedEdgeCounter(const CsrGraph<VertexT, EdgeT>& graph);

  /// The edges of the component that `depth` (size n) labels, as reached_edges() counts them.
  /// @throws InvalidArgument if depth.size() != n.
  std::int64_t operator()(std::span<const std::int32_t> depth) const;

 private:
  struct SelfLoops {
    VertexT vertex;
    EdgeT arcs;
  };
  const CsrGraph<VertexT, EdgeT>* graph_;
  /// Every vertex with a self loop (an undirected graph's only; none for a directed one).
  std::vector<SelfLoops> self_loops_;
};

}  // namespace frontier
