// slice_graph.cpp — cutting a whole CsrGraph into per-rank slices (rank_graph.hpp): rank r keeps
// the out-arcs of the vertices it owns, in their original order, targets left as global ids.
// Invariant: concatenating the slices' arcs over (rank, local) in global order gives back the
// graph's arcs exactly.
#include <cstdint>
#include <string>
#include <vector>

#include "frontier/errors.hpp"
#include "frontier/partition/slices.hpp"

namespace frontier::partition {

template <typename VertexT, typename EdgeT>
RankGraph<VertexT, EdgeT> slice_graph(const CsrGraph<VertexT, EdgeT>& graph,
                                      const VertexDistribution<VertexT>& distribution, int rank) {
  if (distribution.num_vertices != graph.num_vertices()) {
    throw InvalidArgument("a distribution of " + std::to_string(distribution.num_vertices) +
                          " vertices cannot slice a graph of " +
                          std::to_string(graph.num_vertices()));
  }
  if (distribution.ranks < 1 || rank < 0 || rank >= distribution.ranks) {
    throw InvalidArgument("rank " + std::to_string(rank) + " is out of range for " +
                          std::to_string(distribution.ranks) + " ranks");
  }
  RankGraph<VertexT, EdgeT> slice;
  slice.distribution = distribution;
  slice.rank = rank;
  slice.directed = graph.directed();
  const VertexT count = distribution.local_count(rank);
  // 1. Offsets from the owned vertices' degrees.
  slice.offsets.assign(static_cast<std::size_t>(count) + 1, 0);
  for (VertexT local = 0; local < count; ++local) {
    slice.offsets[local + 1] =
        slice.offsets[local] + graph.degree(distribution.global(rank, local));
  }
  // 2. Arcs copied in place, in parallel over owned vertices.
  slice.targets.resize(static_cast<std::size_t>(slice.offsets.back()));
  const auto n_local = static_cast<std::int64_t>(count);
#pragma omp parallel for schedule(dynamic, 1024)
  for (std::int64_t local = 0; local < n_local; ++local) {
    const auto neighbors = graph.neighbors(distribution.global(rank, static_cast<VertexT>(local)));
    std::copy(neighbors.begin(), neighbors.end(), slice.targets.begin() + slice.offsets[local]);
  }
  return slice;
}

template <typename VertexT, typename EdgeT>
std::vector<RankGraph<VertexT, EdgeT>> slice_graph(const CsrGraph<VertexT, EdgeT>& graph,
                                                   VertexLayout layout, int ranks) {
  if (ranks < 1)
    throw InvalidArgument("a graph needs at least one rank, not " + std::to_string(ranks));
  const VertexDistribution<VertexT> distribution{layout, graph.num_vertices(), ranks};
  std::vector<RankGraph<VertexT, EdgeT>> slices;
  slices.reserve(static_cast<std::size_t>(ranks));
  for (int rank = 0; rank < ranks; ++rank) slices.push_back(slice_graph(graph, distribution, rank));
  return slices;
}

template RankGraph<std::int32_t, std::int64_t> slice_graph(
    const CsrGraph<std::int32_t, std::int64_t>&, const VertexDistribution<std::int32_t>&, int);
template RankGraph<std::int64_t, std::int64_t> slice_graph(
    const CsrGraph<std::int64_t, std::int64_t>&, const VertexDistribution<std::int64_t>&, int);
template std::vector<RankGraph<std::int32_t, std::int64_t>> slice_graph(
    const CsrGraph<std::int32_t, std::int64_t>&, VertexLayout, int);
template std::vector<RankGraph<std::int64_t, std::int64_t>> slice_graph(
    const CsrGraph<std::int64_t, std::int64_t>&, VertexLayout, int);

}  // namespace frontier::partition
