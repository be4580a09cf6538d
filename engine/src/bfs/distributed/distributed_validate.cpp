// distributed_validate.cpp — the Graph500 rules (bfs_validate.hpp) checked slice by slice, as a
// rank that holds only its own out-arcs (plus the global label arrays) can check them; see
// validate_distributed_bfs() in distributed_bfs.hpp. Each check reads one slice, so in a
// multi-process run every rank checks its own vertices and arcs and the verdicts are combined.
#include <algorithm>
#include <cstdint>
#include <string>

#include "frontier/distributed_bfs.hpp"

namespace frontier {
namespace {

template <typename VertexT, typename EdgeT>
bool slice_has_arc(const RankGraph<VertexT, EdgeT>& slice, VertexT local, VertexT head) {
  const auto begin = slice.targets.begin() + slice.offsets[local];
  const auto end = slice.targets.begin() + slice.offsets[local + 1];
  return std::find(begin, end, head) != end;
}

// The rules for one vertex and its out-arcs; counts the arcs of a reached vertex into `arcs`.
// Returns the broken rule, or an empty string.
template <typename VertexT, typename EdgeT>
std::string check_vertex(std::span<const RankGraph<VertexT, EdgeT>> slices,
                         const RankGraph<VertexT, EdgeT>& slice, VertexT local, VertexT source,
                         std::span<const VertexT> parent, std::span<const std::int32_t> depth,
                         std::int64_t& arcs) {
  const auto& distribution = slice.distribution;
  const VertexT n = distribution.num_vertices;
  const bool directed = slice.directed;
  const VertexT v = distribution.global(slice.rank, local);
  const VertexT p = parent[v];
  const std::int32_t d = depth[v];
  // Rules 1 and 2: unreached both ways, or a reached parent one level up.
  if ((p < 0) != (d < 0)) return "rule 1: parent and depth disagree on reachability";
  if (p >= n) return "rule 1: parent out of range";
  if (p >= 0 && v != source) {
    if (depth[p] < 0 || depth[p] + 1 != d) return "rule 2: the parent's level is not one less";
    // Rule 5: the tree edge is an arc of the graph.
    const bool found = directed
                           ? slice_has_arc(slices[distribution.owner(p)], distribution.local(p), v)
                           : slice_has_arc(slice, local, p);
    if (!found) return "rule 5: no arc joins the vertex to its parent";
  }
  // Rules 3 and 4 over the vertex's out-arcs.
  for (EdgeT e = slice.offsets[local]; e < slice.offsets[local + 1]; ++e) {
    const VertexT w = slice.targets[e];
    if (d < 0) {
      if (!directed && depth[w] >= 0) {
        return "rule 4: an edge joins it to the reached vertex " + std::to_string(w);
      }
      continue;
    }
    ++arcs;
    if (depth[w] < 0) return "rule 4: the arc to " + std::to_string(w) + " leaves the tree";
    if (depth[w] > d + 1 || (!directed && depth[w] < d - 1)) {
      return "rule 3: the arc to " + std::to_string(w) + " spans more than one level";
    }
  }
  return {};
}

}  // namespace

template <typename VertexT, typename EdgeT>
BfsValidation validate_distributed_bfs(std::span<const RankGraph<VertexT, EdgeT>> slices,
                                       VertexT source, std::span<const VertexT> parent,
                                       std::span<const std::int32_t> depth) {
  BfsValidation verdict;
  const auto fail = [&verdict](std::string failure) {
    verdict.failure = std::move(failure);
    return verdict;
  };
  if (slices.empty()) return fail("no slices");
  const auto& distribution = slices.front().distribution;
  const VertexT n = distribution.num_vertices;
  if (parent.size() != static_cast<std::size_t>(n) || depth.size() != static_cast<std::size_t>(n)) {
    return fail("parent and depth arrays must have one entry per vertex");
  }
  if (source < 0 || source >= n) return fail("source out of range");
  if (parent[source] != source || depth[source] != 0) {
    return fail("rule 1: the source is not its own parent at depth 0");
  }
  std::int64_t arcs = 0;
  for (const auto& slice : slices) {
    const int rank = slice.rank;
    const auto count = static_cast<std::int64_t>(slice.local_vertices());
    // The failure at the smallest local index wins, so the verdict does not depend on timing.
    std::int64_t first_bad = count;
    std::string failure;
#pragma omp parallel for schedule(dynamic, 4096) reduction(+ : arcs)
    for (std::int64_t i = 0; i < count; ++i) {
      const auto local = static_cast<VertexT>(i);
      const std::string problem = check_vertex(slices, slice, local, source, parent, depth, arcs);
      if (!problem.empty()) {
#pragma omp critical(frontier_distributed_validate)
        if (i < first_bad) {
          first_bad = i;
          failure = problem + " at vertex " + std::to_string(distribution.global(rank, local)) +
                    " (rank " + std::to_string(rank) + ")";
        }
      }
    }
    if (!failure.empty()) return fail(std::move(failure));
  }
  std::int64_t reached = 0;
#pragma omp parallel for schedule(static) reduction(+ : reached)
  for (std::int64_t v = 0; v < static_cast<std::int64_t>(n); ++v) reached += depth[v] >= 0;
  verdict.valid = true;
  verdict.vertices_in_tree = reached;
  verdict.arcs_in_component = arcs;
  return verdict;
}

template BfsValidation validate_distributed_bfs(
    std::span<const RankGraph<std::int32_t, std::int64_t>>, std::int32_t,
    std::span<const std::int32_t>, std::span<const std::int32_t>);
template BfsValidation validate_distributed_bfs(
    std::span<const RankGraph<std::int64_t, std::int64_t>>, std::int64_t,
    std::span<const std::int64_t>, std::span<const std::int32_t>);

}  // namespace frontier
