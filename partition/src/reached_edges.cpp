// The work a search did, counted over the slices held here: the arcs out of its reached vertices
// and the edges they make (see slices.hpp).
#include <cstdint>
#include <span>

#include "frontier/detail/parallel.hpp"
#include "frontier/partition/slices.hpp"

namespace frontier::partition {
namespace {

// Arcs out of the reached vertices of `slices`, and how many of those arcs are self loops.
template <typename VertexT, typename EdgeT>
void count_reached(std::span<const RankGraph<VertexT, EdgeT>> slices,
                   std::span<const std::int32_t> depth, bool count_self_loops, std::int64_t& arcs,
                   std::int64_t& self_loops) {
  arcs = 0;
  self_loops = 0;
  for (const auto& slice : slices) {
    const auto count = static_cast<std::int64_t>(slice.local_vertices());
    const bool parallel =
        detail::worth_threads(count + static_cast<std::int64_t>(slice.local_arcs()));
#pragma omp parallel for schedule(static) reduction(+ : arcs, self_loops) if (parallel)
    for (std::int64_t local = 0; local < count; ++local) {
      const VertexT v = slice.distribution.global(slice.rank, static_cast<VertexT>(local));
      if (depth[v] < 0) continue;
      arcs += static_cast<std::int64_t>(slice.degree(static_cast<VertexT>(local)));
      if (!count_self_loops) continue;
      for (EdgeT e = slice.offsets[local]; e < slice.offsets[local + 1]; ++e) {
        if (slice.targets[e] == v) ++self_loops;
      }
    }
  }
}

}  // namespace

template <typename VertexT, typename EdgeT>
std::int64_t reached_arcs(std::span<const RankGraph<VertexT, EdgeT>> slices,
                          std::span<const std::int32_t> depth) {
  std::int64_t arcs = 0;
  std::int64_t self_loops = 0;
  count_reached(slices, depth, false, arcs, self_loops);
  return arcs;
}

template <typename VertexT, typename EdgeT>
std::int64_t reached_edges(std::span<const RankGraph<VertexT, EdgeT>> slices,
                           std::span<const std::int32_t> depth, bool directed) {
  std::int64_t arcs = 0;
  std::int64_t self_loops = 0;
  count_reached(slices, depth, !directed, arcs, self_loops);
  return directed ? arcs : (arcs + self_loops) / 2;
}

template std::int64_t reached_arcs(std::span<const RankGraph<std::int32_t, std::int64_t>>,
                                   std::span<const std::int32_t>);
template std::int64_t reached_arcs(std::span<const RankGraph<std::int64_t, std::int64_t>>,
                                   std::span<const std::int32_t>);
template std::int64_t reached_edges(std::span<const RankGraph<std::int32_t, std::int64_t>>,
                                    std::span<const std::int32_t>, bool);
template std::int64_t reached_edges(std::span<const RankGraph<std::int64_t, std::int64_t>>,
                                    std::span<const std::int32_t>, bool);

}  // namespace frontier::partition
