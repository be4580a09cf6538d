// kronecker_slices.cpp — Graph500 kernel 1 for a distributed run, generated in place (see
// slices.hpp for the three steps). Each rank generates only its own contiguous range of tuples
// (edge i is a pure function of (seed, i), generators/kronecker.hpp), so no rank ever holds the
// whole edge list; arcs reach their owners as per-destination bins.
// Invariants: a tuple (u, v) with u != v yields exactly the arcs u->v (to owner(u)) and v->u (to
// owner(v)); a self loop yields none; every adjacency list of a built slice is sorted, so the
// slices do not depend on the rank count's effect on generation order.
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include <omp.h>

#include "frontier/errors.hpp"
#include "frontier/io/generate_kronecker.hpp"
#include "frontier/partition/slices.hpp"

namespace frontier::partition {

std::pair<std::uint64_t, std::uint64_t> kronecker_tuple_range(std::uint64_t tuples, int rank,
                                                              int ranks) {
  if (ranks < 1 || rank < 0 || rank >= ranks) {
    throw InvalidArgument("rank " + std::to_string(rank) + " is out of range for " +
                          std::to_string(ranks) + " ranks");
  }
  const auto p = static_cast<std::uint64_t>(ranks);
  const auto r = static_cast<std::uint64_t>(rank);
  const std::uint64_t base = tuples / p;
  const std::uint64_t extra = tuples % p;
  const std::uint64_t first = r * base + std::min(r, extra);
  return {first, first + base + (r < extra ? 1 : 0)};
}

template <typename VertexT>
ArcBins<VertexT> generate_kronecker_arcs(const KroneckerParams& params,
                                         const VertexDistribution<VertexT>& distribution,
                                         int rank) {
  const std::uint64_t tuples = kronecker_edge_count(params);
  const int ranks = distribution.ranks;
  if (params.scale >= 63 ||
      static_cast<std::uint64_t>(distribution.num_vertices) != (std::uint64_t{1} << params.scale)) {
    throw InvalidArgument("a Kronecker graph of scale " + std::to_string(params.scale) +
                          " cannot use a distribution of " +
                          std::to_string(distribution.num_vertices) + " vertices");
  }
  const auto [first, last] = kronecker_tuple_range(tuples, rank, ranks);
  // 1. This rank's tuples only.
  const EdgeList<VertexT> own = io::generate_kronecker<VertexT>(params, first, last - first);
  const auto m = static_cast<std::int64_t>(own.size());

  // 2. Per-thread, per-destination arc counts over static chunks of the tuples.
  const int threads = omp_get_max_threads();
  std::vector<std::int64_t> counts(static_cast<std::size_t>(threads) * ranks, 0);
  const auto chunk_of = [m, threads](int t) {
    return std::pair<std::int64_t, std::int64_t>{m * t / threads, m * (t + 1) / threads};
  };
#pragma omp parallel num_threads(threads)
  {
    const int t = omp_get_thread_num();
    std::int64_t* mine = counts.data() + static_cast<std::size_t>(t) * ranks;
    const auto [begin, end] = chunk_of(t);
    for (std::int64_t i = begin; i < end; ++i) {
      const VertexT u = own.sources[i];
      const VertexT v = own.targets[i];
      if (u == v) continue;
      ++mine[distribution.owner(u)];
      ++mine[distribution.owner(v)];
    }
  }
  // 3. Destination-major, thread-minor cursors, so the order within a bin is deterministic for
  // a given thread count (the receiver sorts adjacency lists anyway).
  ArcBins<VertexT> bins;
  bins.offsets.assign(static_cast<std::size_t>(ranks) + 1, 0);
  std::vector<std::int64_t> cursor(counts.size());
  std::int64_t running = 0;
  for (int d = 0; d < ranks; ++d) {
    bins.offsets[d] = running;
    for (int t = 0; t < threads; ++t) {
      cursor[static_cast<std::size_t>(t) * ranks + d] = running;
      running += counts[static_cast<std::size_t>(t) * ranks + d];
    }
  }
  bins.offsets[ranks] = running;
  bins.sources.resize(static_cast<std::size_t>(running));
  bins.targets.resize(static_cast<std::size_t>(running));
  // 4. Scatter both arcs of every non-loop tuple into its tail owner's bin.
#pragma omp parallel num_threads(threads)
  {
    const int t = omp_get_thread_num();
    std::int64_t* mine = cursor.data() + static_cast<std::size_t>(t) * ranks;
    const auto [begin, end] = chunk_of(t);
    for (std::int64_t i = begin; i < end; ++i) {
      const VertexT u = own.sources[i];
      const VertexT v = own.targets[i];
      if (u == v) continue;
      std::int64_t at = mine[distribution.owner(u)]++;
      bins.sources[at] = u;
      bins.targets[at] = v;
      at = mine[distribution.owner(v)]++;
      bins.sources[at] = v;
      bins.targets[at] = u;
    }
  }
  return bins;
}

template <typename VertexT, typename EdgeT>
RankGraph<VertexT, EdgeT> build_rank_graph(const VertexDistribution<VertexT>& distribution,
                                           int rank, std::span<const ArcSpan<VertexT>> received,
                                           bool directed) {
  if (distribution.ranks < 1 || rank < 0 || rank >= distribution.ranks) {
    throw InvalidArgument("rank " + std::to_string(rank) + " is out of range for " +
                          std::to_string(distribution.ranks) + " ranks");
  }
  RankGraph<VertexT, EdgeT> slice;
  slice.distribution = distribution;
  slice.rank = rank;
  slice.directed = directed;
  const VertexT count = distribution.local_count(rank);
  const VertexT n = distribution.num_vertices;

  // 1. Check every arc and count the out-degree of every owned tail.
  std::vector<EdgeT> degree(static_cast<std::size_t>(count) + 1, 0);
  bool bad = false;
  for (const ArcSpan<VertexT>& arcs : received) {
    if (arcs.sources.size() != arcs.targets.size()) {
      throw InvalidArgument("received arcs have " + std::to_string(arcs.sources.size()) +
                            " tails but " + std::to_string(arcs.targets.size()) + " heads");
    }
    const auto m = static_cast<std::int64_t>(arcs.sources.size());
#pragma omp parallel for schedule(static) reduction(|| : bad)
    for (std::int64_t i = 0; i < m; ++i) {
      const VertexT u = arcs.sources[i];
      const VertexT v = arcs.targets[i];
      if (u < 0 || u >= n || v < 0 || v >= n || distribution.owner(u) != rank) {
        bad = true;
        continue;
      }
      std::atomic_ref<EdgeT>(degree[distribution.local(u)]).fetch_add(1, std::memory_order_relaxed);
    }
  }
  if (bad) {
    throw InvalidArgument("rank " + std::to_string(rank) +
                          " received an arc whose tail it does not own or whose head is out of "
                          "range");
  }
  // 2. Offsets by an exclusive scan of the degrees.
  slice.offsets.assign(static_cast<std::size_t>(count) + 1, 0);
  for (VertexT local = 0; local < count; ++local) {
    slice.offsets[local + 1] = slice.offsets[local] + degree[local];
  }
  // 3. Scatter through per-vertex cursors (the degree array, reused).
  std::copy(slice.offsets.begin(), slice.offsets.end() - 1, degree.begin());
  slice.targets.resize(static_cast<std::size_t>(slice.offsets.back()));
  for (const ArcSpan<VertexT>& arcs : received) {
    const auto m = static_cast<std::int64_t>(arcs.sources.size());
#pragma omp parallel for schedule(static)
    for (std::int64_t i = 0; i < m; ++i) {
      const EdgeT at = std::atomic_ref<EdgeT>(degree[distribution.local(arcs.sources[i])])
                           .fetch_add(1, std::memory_order_relaxed);
      slice.targets[at] = arcs.targets[i];
    }
  }
  // 4. Sorted adjacency lists: the slice no longer depends on arrival order.
  const auto n_local = static_cast<std::int64_t>(count);
#pragma omp parallel for schedule(dynamic, 1024)
  for (std::int64_t local = 0; local < n_local; ++local) {
    std::sort(slice.targets.begin() + slice.offsets[local],
              slice.targets.begin() + slice.offsets[local + 1]);
  }
  return slice;
}

template <typename VertexT, typename EdgeT>
std::vector<RankGraph<VertexT, EdgeT>> generate_kronecker_slices(const KroneckerParams& params,
                                                                 VertexLayout layout, int ranks) {
  if (ranks < 1)
    throw InvalidArgument("a graph needs at least one rank, not " + std::to_string(ranks));
  if (params.scale < 0 || params.scale >= 63 ||
      (std::uint64_t{1} << params.scale) >
          static_cast<std::uint64_t>(std::numeric_limits<VertexT>::max())) {
    throw InvalidArgument("Kronecker scale " + std::to_string(params.scale) +
                          " does not fit the vertex id type");
  }
  const VertexDistribution<VertexT> distribution{
      layout, static_cast<VertexT>(std::uint64_t{1} << params.scale), ranks};
  // Step 1 on every rank: each generates and bins its own tuples.
  std::vector<ArcBins<VertexT>> sent;
  sent.reserve(static_cast<std::size_t>(ranks));
  for (int rank = 0; rank < ranks; ++rank) {
    sent.push_back(generate_kronecker_arcs(params, distribution, rank));
  }
  // Steps 2 and 3: rank d reads bin d of every sender, then builds its slice.
  std::vector<RankGraph<VertexT, EdgeT>> slices;
  slices.reserve(static_cast<std::size_t>(ranks));
  for (int rank = 0; rank < ranks; ++rank) {
    std::vector<ArcSpan<VertexT>> received;
    for (const ArcBins<VertexT>& bins : sent) {
      received.push_back({bins.sources_for(rank), bins.targets_for(rank)});
    }
    slices.push_back(build_rank_graph<VertexT, EdgeT>(
        distribution, rank, std::span<const ArcSpan<VertexT>>(received), false));
  }
  return slices;
}

template ArcBins<std::int32_t> generate_kronecker_arcs(const KroneckerParams&,
                                                       const VertexDistribution<std::int32_t>&,
                                                       int);
template ArcBins<std::int64_t> generate_kronecker_arcs(const KroneckerParams&,
                                                       const VertexDistribution<std::int64_t>&,
                                                       int);
template RankGraph<std::int32_t, std::int64_t> build_rank_graph(
    const VertexDistribution<std::int32_t>&, int, std::span<const ArcSpan<std::int32_t>>, bool);
template RankGraph<std::int64_t, std::int64_t> build_rank_graph(
    const VertexDistribution<std::int64_t>&, int, std::span<const ArcSpan<std::int64_t>>, bool);
template std::vector<RankGraph<std::int32_t, std::int64_t>> generate_kronecker_slices(
    const KroneckerParams&, VertexLayout, int);
template std::vector<RankGraph<std::int64_t, std::int64_t>> generate_kronecker_slices(
    const KroneckerParams&, VertexLayout, int);

}  // namespace frontier::partition
