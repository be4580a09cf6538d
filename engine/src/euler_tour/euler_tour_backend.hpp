/// @file euler_tour_backend.hpp
/// @brief Internal: the entry points of the CPU and CUDA backends of euler_tour_ops() and
/// euler_tour_arc_prefix(), and the element layout of the ranked tour they share.
///
/// Tour elements (ids of the ranked list, stored as VertexT):
///  - [0, m): the CSR arcs; the successor of arc u->v is the arc after v->u in v's adjacency;
///  - [m, m + c): one entry per tree t (its root r_t), for euler_tour_ops() only. Entry m + t is
///    followed by r_t's first arc (or by entry m + t + 1 when r_t has no arcs), and the arc that
///    closes tree t's tour is followed by entry m + t + 1 (or ends the list, for the last tree).
///    So all trees form ONE list: tree 0's entry, its tour, tree 1's entry, its tour, ...
/// For euler_tour_arc_prefix() there are no tree entries: each tree's tour is its own list that
/// starts at the root's first arc and ends at the last arc into the root.
///
/// Derivation from the rank pos[] of every element (order[pos[x]] = x):
///  - arc e = u->v is a down arc iff pos[e] < pos[twin[e]];
///  - scanning the tour with L (+1 per tree entry or down arc) and D (+1 down, -1 up): at the
///    element that enters v (its down arc, or its tree entry), preorder[v] = L_exclusive,
///    depth[v] = D_inclusive, subtree_size[v] = (pos[up arc of v] - pos[down arc of v] + 1) / 2
///    (for a root: ((pos of the next tree entry, or N) - pos of its own entry + 1) / 2), and
///    postorder[v] = preorder[v] - depth[v] + subtree_size[v] - 1 (the vertices before v in
///    postorder are those before it in preorder except its depth[v] ancestors, plus its
///    subtree_size[v] - 1 descendants);
///  - equivalently at v's up arc v->p (the CUDA backend's choice, as that arc lies in v's own
///    adjacency): preorder[v] = L_exclusive - subtree_size[v] and depth[v] = D_exclusive. The
///    CUDA backend keeps only L (one bit per position) and gets D at position i from it: of the
///    i elements before, L are entries or down arcs, T of them tree entries (a count of the
///    entry positions below i), so D = (L - T) - (i - L).
#pragma once

#include <span>
#include <vector>

#include "frontier/csr_graph.hpp"
#include "frontier/euler_tour.hpp"
#include "frontier/list_ranking.hpp"

namespace frontier::cpu {

template <typename VertexT, typename EdgeT>
RootedForest<VertexT> euler_tour_ops(const CsrGraph<VertexT, EdgeT>& forest,
                                     std::span<const VertexT> roots,
                                     const EulerTourOptions& options);

/// Checks the forest and builds the per-tree tours (no tree entries): the successor of every
/// arc, -1 at the last arc of each tree's tour.
template <typename VertexT, typename EdgeT>
std::vector<VertexT> euler_tour_successors(const CsrGraph<VertexT, EdgeT>& forest,
                                           std::span<const VertexT> roots);

}  // namespace frontier::cpu

namespace frontier::cuda {

template <typename VertexT, typename EdgeT>
RootedForest<VertexT> euler_tour_ops(const CsrGraph<VertexT, EdgeT>& forest,
                                     std::span<const VertexT> roots,
                                     const EulerTourOptions& options);

}  // namespace frontier::cuda
