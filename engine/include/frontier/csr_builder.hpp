/// @file csr_builder.hpp
/// @brief Edge list -> CSR, in parallel (OpenMP) and in linear time: stable counting sorts by
/// target, then by source, over cache-sized vertex blocks; arcs to the same target are then
/// sorted by weight.
#pragma once

#include <cstdint>

#include "frontier/csr_graph.hpp"
#include "frontier/edge_list.hpp"

namespace frontier {

struct CsrBuildOptions {
  /// Store every tuple (u, v) as both arcs u->v and v->u; the result is undirected.
  bool symmetrize = false;
  /// Drop arcs v->v.
  bool remove_self_loops = false;
  /// Keep one arc per (u, v) pair; of duplicates the one with the smallest weight stays.
  bool remove_duplicates = false;
  /// Sort each adjacency list by target (then weight). Makes the result deterministic; required
  /// by remove_duplicates.
  bool sort_neighbors = true;
  /// Move each adjacency list's highest-degree neighbour (the first of them in list order) to
  /// the list's front, swapping it with the arc there; the rest stays in place. A bottom-up BFS
  /// step scans an unvisited vertex's list until it meets the frontier, and a hub is the
  /// neighbour most likely to be in it, so most scans stop at the first arc. Needs an undirected
  /// result (degree = arcs of the neighbour's own list).
  bool hubs_first = false;
};

/// Builds a CSR graph. The result is directed iff edges.directed and not options.symmetrize.
/// An undirected edge list that is not symmetrized must already list both arcs of every edge.
/// @throws InvalidArgument if an endpoint lies outside [0, edges.num_vertices), sizes disagree,
/// remove_duplicates comes without sort_neighbors, or hubs_first with a directed result.
template <typename VertexT, typename EdgeT = EdgeId>
CsrGraph<VertexT, EdgeT> build_csr(const EdgeList<VertexT>& edges,
                                   const CsrBuildOptions& options = {});

/// Bytes build_csr() holds at its peak beside its input, for `arcs` arcs (both arcs of every
/// symmetrized edge counted) on `num_vertices` vertices: the offsets and two grouped copies of
/// (source, target[, weight]) per arc. The CSR it returns is smaller (offsets, targets, weights).
template <typename VertexT, typename EdgeT = EdgeId>
constexpr std::uint64_t csr_build_peak_bytes(std::uint64_t num_vertices, std::uint64_t arcs,
                                             bool weighted) {
  const std::uint64_t per_arc = 2 * sizeof(VertexT) + (weighted ? sizeof(Weight) : 0);
  return (num_vertices + 1) * sizeof(EdgeT) + 2 * arcs * per_arc;
}

/// Every arc of `graph` as an edge list (sources, targets, weights in CSR order; directed as the
/// graph is, so an undirected graph's list holds both arcs of every edge): build_csr of it gives
/// the graph back, with other options (hubs_first, remove_duplicates, ...) a reshaped copy.
template <typename VertexT, typename EdgeT>
EdgeList<VertexT> arcs_of(const CsrGraph<VertexT, EdgeT>& graph);

/// The transpose (every arc u->v becomes v->u), adjacency sorted. Used by CsrGraph::reverse().
template <typename VertexT, typename EdgeT>
CsrGraph<VertexT, EdgeT> transpose(const CsrGraph<VertexT, EdgeT>& graph);

}  // namespace frontier
