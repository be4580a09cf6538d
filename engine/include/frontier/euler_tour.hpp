/// @file euler_tour.hpp
/// @brief Tree computations on a forest through its Euler tour and list ranking: parent, depth,
/// preorder and postorder numbers and subtree sizes of every vertex, for a chosen root per tree,
/// on the CPU (OpenMP) or a CUDA GPU; and prefix operations over per-arc values along the tour.
///
/// The Euler tour of a tree walks every edge twice, once down and once up. Its arcs are the
/// CSR arcs; the arc after u->v is the arc that follows v->u in v's (cyclic) adjacency list, so
/// the tour visits each vertex's children in adjacency order, starting after the arc to the parent
/// (for a root: from its first neighbour). Tarjan and Vishkin, "An efficient parallel
/// biconnectivity algorithm", SIAM J. Computing 14(4), 1985; JaJa, "An Introduction to Parallel
/// Algorithms" (1992), section 3.2.
///
/// Orders of a forest: trees are numbered consecutively in root order (`roots`, as given or in
/// ascending id). Tree t takes the preorder and postorder numbers
/// [first_t, first_t + size_t) where first_t is the total size of trees 0..t-1; inside a tree,
/// preorder and postorder follow the Euler tour (children in the order the tour meets them).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "frontier/csr_graph.hpp"
#include "frontier/device.hpp"
#include "frontier/list_ranking.hpp"
#include "frontier/types.hpp"

namespace frontier {

/// Where the time of one euler_tour_ops() call went (seconds, wall clock).
struct EulerTourStats {
  /// Host <-> GPU copies of the graph, the roots and the results (0 on the CPU).
  double transfer_seconds = 0.0;
  /// Structural checks (offsets, targets, self loops, order, reverse arcs) and twin arcs.
  double check_seconds = 0.0;
  /// Connected components, the cycle check and the roots.
  double components_seconds = 0.0;
  /// Building the tour's successor array.
  double tour_seconds = 0.0;
  /// List ranking of the tour.
  double ranking_seconds = 0.0;
  /// Tour order, prefix scans and the per-vertex results.
  double derive_seconds = 0.0;
  /// Elements of the ranked list: the arcs plus one entry per tree.
  std::uint64_t tour_elements = 0;
  /// Ranking statistics reported by list ranking.
  ListRankingStats ranking;
};

/// A forest rooted at its roots, as euler_tour_ops() derives it: every vertex's parent, depth,
/// pre- and postorder number and subtree size. Vertex ids index every per-vertex vector.
template <typename VertexT = VertexId>
struct RootedForest {
  /// Parent in the rooted tree; a root is its own parent (as in BfsResult).
  std::vector<VertexT> parent;
  /// Edges between the vertex and its tree's root (0 at roots).
  std::vector<std::int32_t> depth;
  /// 0-based preorder number over the whole forest (see the file comment).
  std::vector<VertexT> preorder;
  /// 0-based postorder number over the whole forest.
  std::vector<VertexT> postorder;
  /// Vertices in the subtree rooted at the vertex, itself included.
  std::vector<VertexT> subtree_size;
  /// One root per tree, in tree order.
  std::vector<VertexT> roots;
  /// Whole call, wall clock.
  double seconds = 0.0;
  EulerTourStats stats;
};

struct EulerTourOptions {
  /// CPU (OpenMP) or one CUDA GPU (the first id of the list).
  Device device = Device::cpu();
  /// The list ranking algorithm that ranks the tour.
  ListRankingAlgorithm ranking_algorithm = ListRankingAlgorithm::Auto;
  /// Seed of the ranking's random splitters.
  std::uint64_t seed = 1;
};

/// Parent, depth, preorder, postorder and subtree size of every vertex of a forest.
///
/// @param forest an undirected forest: every edge {u, v} stored as both arcs u->v and v->u, each
///   adjacency list sorted by target (CsrBuildOptions::sort_neighbors), no self loops, no
///   duplicate edges, no cycles (edges == vertices - components). Arc ids (the arcs plus one
///   entry per tree) must fit in VertexT.
/// @param roots one root per tree, in the order trees are numbered; empty: the lowest vertex id
///   of every component, in ascending order.
/// @throws InvalidArgument naming the first defect when `forest` is not such a forest, when a
///   root is out of range, two roots share a tree or a tree has none.
/// @throws OutOfMemory if the GPU lacks the memory; CudaError on a CUDA failure.
template <typename VertexT, typename EdgeT>
RootedForest<VertexT> euler_tour_ops(const CsrGraph<VertexT, EdgeT>& forest,
                                     std::span<const VertexT> roots = {},
                                     const EulerTourOptions& options = {});

/// Prefix operation over per-arc values along each tree's Euler tour.
///
/// prefix[e] = op over the values of the arcs of e's tree from the tree's first arc (the root's
/// first adjacency arc) up to and including arc e, in tour order. Arcs are CSR arc indices.
/// Trees of one vertex have no arcs. Same input rules and errors as euler_tour_ops(). The tours
/// are built (and the input checked) on the CPU; the list prefix runs on options.device.
/// @param arc_values one value per CSR arc.
/// @throws InvalidArgument if arc_values.size() differs from the number of arcs.
template <typename VertexT, typename EdgeT, typename ValueT>
std::vector<ValueT> euler_tour_arc_prefix(const CsrGraph<VertexT, EdgeT>& forest,
                                          std::span<const ValueT> arc_values, ListOp op,
                                          std::span<const VertexT> roots = {},
                                          const EulerTourOptions& options = {});

}  // namespace frontier
