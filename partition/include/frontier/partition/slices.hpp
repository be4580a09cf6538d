/// @file slices.hpp
/// @brief Building the per-rank slices of a distributed graph (rank_graph.hpp): cut from a whole
/// CsrGraph (a graph read from a file), or generated in place from the Graph500 Kronecker edge
/// list so that no rank ever holds the whole graph. Plus a report of edge balance per rank.
///
/// In-place Kronecker construction, three steps per rank (the Graph500 kernel 1 of a
/// distributed run):
///  1. generate_kronecker_arcs(): the rank generates its own range of edge tuples
///     (kronecker_tuple_range()), drops self loops and bins both arcs u->v and v->u of every
///     tuple by the owner of the arc's tail;
///  2. the bins travel to their owners (in one process: moved through memory; across processes:
///     an all-to-all of the bins);
///  3. build_rank_graph(): the owner counts, scans and scatters what it received into its CSR
///     slice and sorts every adjacency list (so the slice is deterministic). Duplicates stay.
/// The result equals slice_graph() of the whole symmetrized graph that build_csr() makes from
/// the same tuples (self loops dropped, duplicates kept, adjacency sorted). Graph500 runs then
/// put the hubs first (put_hubs_first over the degree table), as their single-device runs do:
/// the slices then equal slice_graph() of build_csr() with hubs_first.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "frontier/csr_graph.hpp"
#include "frontier/distribution/rank_graph.hpp"
#include "frontier/distribution/vertex_distribution.hpp"
#include "frontier/generators/kronecker.hpp"

namespace frontier::partition {

/// The slice of `graph` that `rank` holds. @throws InvalidArgument if the distribution does not
/// cover graph.num_vertices() vertices or rank is out of range.
template <typename VertexT, typename EdgeT>
RankGraph<VertexT, EdgeT> slice_graph(const CsrGraph<VertexT, EdgeT>& graph,
                                      const VertexDistribution<VertexT>& distribution, int rank);

/// Every rank's slice of `graph`. @throws InvalidArgument if ranks < 1.
template <typename VertexT, typename EdgeT>
std::vector<RankGraph<VertexT, EdgeT>> slice_graph(const CsrGraph<VertexT, EdgeT>& graph,
                                                   VertexLayout layout, int ranks);

/// Arcs packed by destination rank: those for rank d are [offsets[d], offsets[d + 1]).
template <typename VertexT>
struct ArcBins {
  std::vector<std::int64_t> offsets;
  std::vector<VertexT> sources;
  std::vector<VertexT> targets;

  std::span<const VertexT> sources_for(int rank) const {
    return {sources.data() + offsets[rank],
            static_cast<std::size_t>(offsets[rank + 1] - offsets[rank])};
  }
  std::span<const VertexT> targets_for(int rank) const {
    return {targets.data() + offsets[rank],
            static_cast<std::size_t>(offsets[rank + 1] - offsets[rank])};
  }
};

/// Arcs one rank received from one sender: parallel spans of global tails and heads.
template <typename VertexT>
struct ArcSpan {
  std::span<const VertexT> sources;
  std::span<const VertexT> targets;
};

/// The tuples [first, last) that `rank` generates out of `tuples`: balanced contiguous ranges.
std::pair<std::uint64_t, std::uint64_t> kronecker_tuple_range(std::uint64_t tuples, int rank,
                                                              int ranks);

/// Step 1 on `rank`: its tuple range, self loops dropped, both arcs of every tuple binned by the
/// owner of their tail. distribution.num_vertices must be 2^params.scale.
/// @throws InvalidArgument for bad params or a distribution that does not match them.
template <typename VertexT>
ArcBins<VertexT> generate_kronecker_arcs(const KroneckerParams& params,
                                         const VertexDistribution<VertexT>& distribution, int rank);

/// Step 3 on `rank`: its slice from the arcs every rank sent it (any order; tails must be owned
/// by `rank`). @throws InvalidArgument if a tail is not owned by `rank` or a head is out of range.
template <typename VertexT, typename EdgeT>
RankGraph<VertexT, EdgeT> build_rank_graph(const VertexDistribution<VertexT>& distribution,
                                           int rank, std::span<const ArcSpan<VertexT>> received,
                                           bool directed);

/// Steps 1-3 for every rank of one process that simulates `ranks` ranks: each rank generates
/// only its tuple range and the bins move to their owners through memory.
template <typename VertexT, typename EdgeT>
std::vector<RankGraph<VertexT, EdgeT>> generate_kronecker_slices(const KroneckerParams& params,
                                                                 VertexLayout layout, int ranks);

/// Hubs first on slices (CsrBuildOptions::hubs_first, rank by rank), which needs every vertex's
/// degree: the degree table holds distribution.ranks parts of max_local_count() entries, part r
/// rank r's degrees by local index (saturated at 2^32 - 1, zero past its local count), so that
/// processes can all-gather equal parts. degree_table_part() is one rank's part.
template <typename VertexT, typename EdgeT>
std::vector<std::uint32_t> degree_table_part(const RankGraph<VertexT, EdgeT>& slice);

/// The whole degree table of in-process slices (one per rank, in rank order).
/// @throws InvalidArgument if the slices are not every rank's.
template <typename VertexT, typename EdgeT>
std::vector<std::uint32_t> degree_table(std::span<const RankGraph<VertexT, EdgeT>> slices);

/// Every list of `slice` swaps its first arc with its highest-degree neighbour (the first such),
/// as build_csr does with hubs_first: the slices of a graph built so equal slice_graph() of it.
/// @throws InvalidArgument if the table's size does not match the slice's distribution.
template <typename VertexT, typename EdgeT>
void put_hubs_first(RankGraph<VertexT, EdgeT>& slice, std::span<const std::uint32_t> table);

/// The same for every rank's slice, held in this process (in rank order).
template <typename VertexT, typename EdgeT>
void put_hubs_first(std::span<RankGraph<VertexT, EdgeT>> slices) {
  const std::vector<std::uint32_t> table =
      degree_table(std::span<const RankGraph<VertexT, EdgeT>>(slices.data(), slices.size()));
  for (RankGraph<VertexT, EdgeT>& slice : slices) put_hubs_first(slice, table);
}

/// Vertices and arcs one rank holds.
struct RankBalance {
  int rank = 0;
  std::int64_t vertices = 0;
  std::int64_t arcs = 0;
};

/// Edge balance of a distributed graph.
struct BalanceReport {
  std::vector<RankBalance> per_rank;
  std::int64_t min_arcs = 0;
  std::int64_t max_arcs = 0;
  double mean_arcs = 0.0;
  /// max_arcs / mean_arcs (1 = perfectly balanced; 0 for a graph without arcs).
  double imbalance = 0.0;
};

/// The report from per-rank counts. @throws InvalidArgument if `per_rank` is empty.
BalanceReport edge_balance(std::vector<RankBalance> per_rank);

/// The report of in-process slices.
template <typename VertexT, typename EdgeT>
BalanceReport edge_balance(std::span<const RankGraph<VertexT, EdgeT>> slices) {
  std::vector<RankBalance> per_rank;
  for (const auto& slice : slices) {
    per_rank.push_back({slice.rank, static_cast<std::int64_t>(slice.local_vertices()),
                        static_cast<std::int64_t>(slice.local_arcs())});
  }
  return edge_balance(std::move(per_rank));
}

/// Arcs out of the vertices a search reached (depth >= 0), over the slices held here (a
/// process of an MPI run sums its own slice's count with the others').
template <typename VertexT, typename EdgeT>
std::int64_t reached_arcs(std::span<const RankGraph<VertexT, EdgeT>> slices,
                          std::span<const std::int32_t> depth);

/// Edges of the component a search reached over the slices held here, counted as
/// frontier::reached_edges() counts them on one graph: the arcs out of reached vertices, and on an
/// undirected graph each edge once (its two arcs, or a self loop's one).
template <typename VertexT, typename EdgeT>
std::int64_t reached_edges(std::span<const RankGraph<VertexT, EdgeT>> slices,
                           std::span<const std::int32_t> depth, bool directed);

/// One line per rank ("rank 0: 512 vertices, 8190 arcs (50.02%)") and a summary line
/// ("edge balance: min 8170, max 8190, mean 8180.0, max/mean 1.001"), each ending in '\n'.
std::string format_edge_balance(const BalanceReport& report);

}  // namespace frontier::partition
