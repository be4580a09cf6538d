// distributed_validate.cpp — the Graph500 rules (bfs_validate.hpp) checked slice by slice, as a
// rank that holds only its own out-arcs (plus the global label arrays) can check them; see
// validate_distributed_bfs() in distributed_bfs.hpp. Each check reads one slice, so in a
// multi-process run every rank checks its own vertices and arcs and the verdicts are combined.
#include <algorithm>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>

#include "bfs/distributed/vertex_rules.hpp"
#include "frontier/distributed_bfs.hpp"

namespace frontier {
namespace {

template <typename VertexT, typename EdgeT>
std::span<const VertexT> arcs_of(const RankGraph<VertexT, EdgeT>& slice, VertexT local) {
  return {slice.targets.data() + slice.offsets[local],
          static_cast<std::size_t>(slice.offsets[local + 1] - slice.offsets[local])};
}

// The rules for one vertex and its out-arcs; counts the arcs of a reached vertex into `arcs`.
// Returns the broken rule, or an empty string.
template <typename VertexT, typename EdgeT>
std::string check_vertex(std::span<const RankGraph<VertexT, EdgeT>> slices,
                         const RankGraph<VertexT, EdgeT>& slice, VertexT local, VertexT source,
                         std::span<const VertexT> parent, std::span<const std::int32_t> depth,
                         std::int64_t& arcs) {
  const auto& distribution = slice.distribution;
  const VertexT v = distribution.global(slice.rank, local);
  const VertexT p = parent[v];
  // Rule 5 looks in the parent's slice for a directed graph (only once p is known valid).
  std::span<const VertexT> parent_arcs = arcs_of(slice, local);
  if (slice.directed) {
    parent_arcs = {};
    if (p >= 0 && p < distribution.num_vertices) {
      parent_arcs = arcs_of(slices[distribution.owner(p)], distribution.local(p));
    }
  }
  return distributed::broken_vertex_rule<VertexT>(v, arcs_of(slice, local), parent_arcs,
                                                  slice.directed, distribution.num_vertices, source,
                                                  parent, depth, arcs);
}

}  // namespace

}  // namespace frontier

namespace frontier::distributed {

template <typename VertexT>
BfsValidation validate_ranks(const VertexDistribution<VertexT>& distribution, std::size_t ranks,
                             VertexT source, std::span<const VertexT> parent,
                             std::span<const std::int32_t> depth,
                             const std::function<RankCheck(std::size_t)>& check_rank) {
  BfsValidation verdict;
  const auto fail = [&verdict](std::string failure) {
    verdict.failure = std::move(failure);
    return verdict;
  };
  if (ranks == 0) return fail("no slices");
  const VertexT n = distribution.num_vertices;
  if (parent.size() != static_cast<std::size_t>(n) || depth.size() != static_cast<std::size_t>(n)) {
    return fail("parent and depth arrays must have one entry per vertex");
  }
  if (source < 0 || source >= n) return fail("source out of range");
  if (parent[source] != source || depth[source] != 0) {
    return fail("rule 1: the source is not its own parent at depth 0");
  }
  std::int64_t arcs = 0;
  for (std::size_t i = 0; i < ranks; ++i) {
    RankCheck check = check_rank(i);
    if (!check.failure.empty()) return fail(std::move(check.failure));
    arcs += check.reached_arcs;
  }
  std::int64_t reached = 0;
#pragma omp parallel for schedule(static) reduction(+ : reached)
  for (std::int64_t v = 0; v < static_cast<std::int64_t>(n); ++v) reached += depth[v] >= 0;
  verdict.valid = true;
  verdict.vertices_in_tree = reached;
  verdict.arcs_in_component = arcs;
  return verdict;
}

template BfsValidation validate_ranks(const VertexDistribution<std::int32_t>&, std::size_t,
                                      std::int32_t, std::span<const std::int32_t>,
                                      std::span<const std::int32_t>,
                                      const std::function<RankCheck(std::size_t)>&);
template BfsValidation validate_ranks(const VertexDistribution<std::int64_t>&, std::size_t,
                                      std::int64_t, std::span<const std::int64_t>,
                                      std::span<const std::int32_t>,
                                      const std::function<RankCheck(std::size_t)>&);

}  // namespace frontier::distributed

namespace frontier {

template <typename VertexT, typename EdgeT>
BfsValidation validate_distributed_bfs(std::span<const RankGraph<VertexT, EdgeT>> slices,
                                       VertexT source, std::span<const VertexT> parent,
                                       std::span<const std::int32_t> depth) {
  if (slices.empty()) {
    BfsValidation verdict;
    verdict.failure = "no slices";
    return verdict;
  }
  const auto& distribution = slices.front().distribution;
  return distributed::validate_ranks<VertexT>(
      distribution, slices.size(), source, parent, depth, [&](std::size_t r) {
        const RankGraph<VertexT, EdgeT>& slice = slices[r];
        const int rank = slice.rank;
        const auto count = static_cast<std::int64_t>(slice.local_vertices());
        // The failure at the smallest local index wins, so the verdict does not depend on timing.
        std::int64_t first_bad = count;
        std::int64_t arcs = 0;
        distributed::RankCheck check;
#pragma omp parallel for schedule(dynamic, 4096) reduction(+ : arcs)
        for (std::int64_t i = 0; i < count; ++i) {
          const auto local = static_cast<VertexT>(i);
          const std::string problem =
              check_vertex(slices, slice, local, source, parent, depth, arcs);
          if (!problem.empty()) {
#pragma omp critical(frontier_distributed_validate)
            if (i < first_bad) {
              first_bad = i;
              check.failure =
                  distributed::vertex_failure(problem, distribution.global(rank, local), rank);
            }
          }
        }
        check.reached_arcs = arcs;
        return check;
      });
}

template BfsValidation validate_distributed_bfs(
    std::span<const RankGraph<std::int32_t, std::int64_t>>, std::int32_t,
    std::span<const std::int32_t>, std::span<const std::int32_t>);
template BfsValidation validate_distributed_bfs(
    std::span<const RankGraph<std::int64_t, std::int64_t>>, std::int64_t,
    std::span<const std::int64_t>, std::span<const std::int32_t>);

}  // namespace frontier
