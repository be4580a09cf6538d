/// @file bfs/distributed/vertex_rules.hpp
/// @brief The Graph500 rules (bfs_validate.hpp) for one vertex of a distributed graph and its
/// out-arcs, as validate_distributed_bfs() checks them on the host and as the GPU ranks' check
/// words the failure it found (cuda/rank_validate.cu), so both say the same thing.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <span>
#include <string>

#include "frontier/bfs_validate.hpp"
#include "frontier/distribution/vertex_distribution.hpp"

namespace frontier::distributed {

/// The broken rule of vertex v (an empty string if none) of an n-vertex graph: `arcs` are v's
/// out-arcs; `parent_arcs` are where rule 5 looks for the tree edge (v's own arcs, holding the
/// parent, in an undirected graph; the parent's, holding v, in a directed one). Counts the arcs
/// of a reached vertex into `reached_arcs`.
template <typename VertexT>
std::string broken_vertex_rule(VertexT v, std::span<const VertexT> arcs,
                               std::span<const VertexT> parent_arcs, bool directed, VertexT n,
                               VertexT source, std::span<const VertexT> parent,
                               std::span<const std::int32_t> depth, std::int64_t& reached_arcs) {
  const VertexT p = parent[v];
  const std::int32_t d = depth[v];
  // Rules 1 and 2: unreached both ways, or a reached parent one level up.
  if ((p < 0) != (d < 0)) return "rule 1: parent and depth disagree on reachability";
  if (p >= n) return "rule 1: parent out of range";
  if (p >= 0 && v != source) {
    if (depth[p] < 0 || depth[p] + 1 != d) return "rule 2: the parent's level is not one less";
    // Rule 5: the tree edge is an arc of the graph.
    const VertexT wanted = directed ? v : p;
    if (std::find(parent_arcs.begin(), parent_arcs.end(), wanted) == parent_arcs.end()) {
      return "rule 5: no arc joins the vertex to its parent";
    }
  }
  // Rules 3 and 4 over the vertex's out-arcs.
  for (const VertexT w : arcs) {
    if (d < 0) {
      if (!directed && depth[w] >= 0) {
        return "rule 4: an edge joins it to the reached vertex " + std::to_string(w);
      }
      continue;
    }
    ++reached_arcs;
    if (depth[w] < 0) return "rule 4: the arc to " + std::to_string(w) + " leaves the tree";
    if (depth[w] > d + 1 || (!directed && depth[w] < d - 1)) {
      return "rule 3: the arc to " + std::to_string(w) + " spans more than one level";
    }
  }
  return {};
}

/// One rank's verdict: the failure ("<rule> at vertex <v> (rank <r>)"), empty if none, and the
/// arcs whose tail was reached.
struct RankCheck {
  std::string failure;
  std::int64_t reached_arcs = 0;
};

/// The verdict of the check of the ranks held here over labels that stayed on the GPUs: the
/// first rank (in rank order) holding a vertex that breaks a rule, -1 if none, and the failure
/// there ("<rule> at vertex <v> (rank <r>)", worded as on the host); the arcs whose tail was
/// reached and the reached vertices, over those ranks.
struct InPlaceCheck {
  int first_broken_rank = -1;
  std::string failure;
  std::int64_t reached_arcs = 0;
  std::int64_t reached_vertices = 0;
};

/// How a broken rule is reported: "<rule> at vertex <v> (rank <r>)".
template <typename VertexT>
std::string vertex_failure(const std::string& problem, VertexT v, int rank) {
  return problem + " at vertex " + std::to_string(v) + " (rank " + std::to_string(rank) + ")";
}

/// The five rules over `ranks` ranks of a search from `source`: the arrays and the source
/// first, then check_rank(i) for each rank in order (the first failure wins), then the reached
/// vertices; the verdict of validate_distributed_bfs() (distributed_bfs.hpp).
template <typename VertexT>
BfsValidation validate_ranks(const VertexDistribution<VertexT>& distribution, std::size_t ranks,
                             VertexT source, std::span<const VertexT> parent,
                             std::span<const std::int32_t> depth,
                             const std::function<RankCheck(std::size_t)>& check_rank);

}  // namespace frontier::distributed
