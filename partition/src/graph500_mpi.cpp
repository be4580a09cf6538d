// graph500_mpi.cpp — Graph500 with one MPI process per GPU (see graph500_mpi.hpp). MPI
// bootstraps NCCL and carries host values; the searches are DistributedBfs's level loop with the
// NCCL exchange, as in the single-process run. Every MPI call is checked (MPI_ERRORS_RETURN on
// the world communicator) and a failure throws.
#include "frontier/partition/graph500_mpi.hpp"

#if FRONTIER_HAVE_MPI

#include <mpi.h>

#include <algorithm>
#include <climits>
#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "frontier/detail/log.hpp"
#include "frontier/detail/timer.hpp"
#include "frontier/device.hpp"
#include "frontier/distributed_bfs.hpp"
#include "frontier/errors.hpp"
#include "frontier/random.hpp"
#include "graph500_common.hpp"
#include "mpi_support.hpp"

namespace frontier::partition {
namespace {

// Root candidates decided per round of the degree lookup (one MPI_Allreduce per round).
constexpr std::uint64_t kRootDrawsPerRound = 4096;

// Step 2 of the construction: every rank's bins to their owners; returns the arcs received,
// packed by sender, with the senders' counts.
struct ReceivedArcs {
  std::vector<VertexId> sources;
  std::vector<VertexId> targets;
  std::vector<int> counts;
  std::vector<int> displacements;
};

ReceivedArcs route_arcs(const ArcBins<VertexId>& bins, int ranks) {
  std::vector<std::int64_t> send_counts(static_cast<std::size_t>(ranks));
  for (int d = 0; d < ranks; ++d) send_counts[d] = bins.offsets[d + 1] - bins.offsets[d];
  std::vector<std::int64_t> recv_counts(static_cast<std::size_t>(ranks));
  mpi::check(MPI_Alltoall(send_counts.data(), 1, MPI_INT64_T, recv_counts.data(), 1, MPI_INT64_T,
                          MPI_COMM_WORLD),
             "MPI_Alltoall");
  // MPI counts and displacements are ints: more arcs per rank need more ranks.
  const std::int64_t sent = bins.offsets[ranks];
  std::int64_t received = 0;
  for (const std::int64_t count : recv_counts) received += count;
  if (sent > INT_MAX || received > INT_MAX) {
    throw InvalidArgument("a rank would route " + std::to_string(std::max(sent, received)) +
                          " arcs, more than MPI's int counts allow; use more processes");
  }
  std::vector<int> send_int(static_cast<std::size_t>(ranks));
  std::vector<int> send_displacements(static_cast<std::size_t>(ranks));
  ReceivedArcs out;
  out.counts.resize(static_cast<std::size_t>(ranks));
  out.displacements.resize(static_cast<std::size_t>(ranks));
  int send_at = 0;
  int recv_at = 0;
  for (int r = 0; r < ranks; ++r) {
    send_int[r] = static_cast<int>(send_counts[r]);
    send_displacements[r] = send_at;
    send_at += send_int[r];
    out.counts[r] = static_cast<int>(recv_counts[r]);
    out.displacements[r] = recv_at;
    recv_at += out.counts[r];
  }
  out.sources.resize(static_cast<std::size_t>(received));
  out.targets.resize(static_cast<std::size_t>(received));
  mpi::check(MPI_Alltoallv(bins.sources.data(), send_int.data(), send_displacements.data(),
                           MPI_INT32_T, out.sources.data(), out.counts.data(),
                           out.displacements.data(), MPI_INT32_T, MPI_COMM_WORLD),
             "MPI_Alltoallv");
  mpi::check(MPI_Alltoallv(bins.targets.data(), send_int.data(), send_displacements.data(),
                           MPI_INT32_T, out.targets.data(), out.counts.data(),
                           out.displacements.data(), MPI_INT32_T, MPI_COMM_WORLD),
             "MPI_Alltoallv");
  return out;
}

// Roots drawn exactly as io::choose_graph500_roots draws them; each round's candidates are
// checked for degree >= 1 by their owners and the answers combined.
std::vector<VertexId> choose_roots(const RankGraph<VertexId, EdgeId>& own, int count,
                                   std::uint64_t seed) {
  const auto& distribution = own.distribution;
  const auto n = static_cast<std::uint64_t>(distribution.num_vertices);
  const std::uint64_t max_draws = 4 * n + 1024;
  std::vector<VertexId> roots;
  std::vector<unsigned char> eligible(kRootDrawsPerRound);
  for (std::uint64_t first = 0; first < max_draws && roots.size() < static_cast<std::size_t>(count);
       first += kRootDrawsPerRound) {
    const std::uint64_t round = std::min(kRootDrawsPerRound, max_draws - first);
    for (std::uint64_t j = 0; j < round; ++j) {
      const auto v = static_cast<VertexId>(uniform_below(counter_random(seed, first + j), n));
      eligible[j] = distribution.owner(v) == own.rank && own.degree(distribution.local(v)) > 0;
    }
    mpi::check(MPI_Allreduce(MPI_IN_PLACE, eligible.data(), static_cast<int>(round),
                             MPI_UNSIGNED_CHAR, MPI_MAX, MPI_COMM_WORLD),
               "MPI_Allreduce");
    for (std::uint64_t j = 0; j < round && roots.size() < static_cast<std::size_t>(count); ++j) {
      if (eligible[j] == 0) continue;
      const auto v = static_cast<VertexId>(uniform_below(counter_random(seed, first + j), n));
      if (std::find(roots.begin(), roots.end(), v) != roots.end()) continue;
      roots.push_back(v);
    }
  }
  return roots;
}

}  // namespace

bool mpi_built() { return true; }

MpiGraph500Result run_graph500_mpi(const io::Graph500Config& config, VertexLayout layout,
                                   GpuTransport transport) {
  auto& log = detail::logger();
  const mpi::Scope scope;
  MpiGraph500Result out;
  out.rank = mpi::world_rank();
  out.ranks = mpi::world_size();
  DistributedRunConfig run;
  run.ranks = out.ranks;
  run.layout = layout;
  check_config(config, run);
  // 1. One GPU per process of a node.
  const int local = mpi::node_gpu(out.rank);
  io::Graph500Result& result = out.run.graph500;
  result.config = config;
  result.config.device = Device::cuda(local);
  result.mpi_processes = out.ranks;

  // 2. Generation: this process's tuples, binned by owner.
  KroneckerParams params;
  params.scale = config.scale;
  params.edgefactor = config.edgefactor;
  params.seed = config.seed;
  const VertexDistribution<VertexId> distribution{
      layout, static_cast<VertexId>(std::int64_t{1} << config.scale), out.ranks};
  detail::Timer timer;
  ArcBins<VertexId> bins = generate_kronecker_arcs(params, distribution, out.rank);
  result.generation_seconds = mpi::max_over_ranks(timer.seconds());
  result.num_vertices = distribution.num_vertices;
  result.num_tuples = static_cast<std::int64_t>(config.edgefactor) << config.scale;

  // 3. Kernel 1: routing (MPI), construction, the NCCL bootstrap and residency.
  mpi::check(MPI_Barrier(MPI_COMM_WORLD), "MPI_Barrier");
  timer.restart();
  ReceivedArcs received = route_arcs(bins, out.ranks);
  bins = ArcBins<VertexId>();
  std::vector<ArcSpan<VertexId>> spans;
  for (int s = 0; s < out.ranks; ++s) {
    const auto at = static_cast<std::size_t>(received.displacements[s]);
    const auto count = static_cast<std::size_t>(received.counts[s]);
    spans.push_back({std::span<const VertexId>(received.sources.data() + at, count),
                     std::span<const VertexId>(received.targets.data() + at, count)});
  }
  RankGraph<VertexId, EdgeId> own = build_rank_graph<VertexId, EdgeId>(
      distribution, out.rank, std::span<const ArcSpan<VertexId>>(spans), false);
  received = ReceivedArcs();
  const ProcessRank process =
      mpi::join(out.rank, out.ranks, local, static_cast<std::int64_t>(own.local_arcs()), transport);
  const BalanceReport balance = mpi::gather_edge_balance(own);
  DistributedBfs<VertexId, EdgeId> search(std::move(own), process);
  result.construction_seconds = mpi::max_over_ranks(timer.seconds());
  result.num_arcs = process.num_arcs;
  out.run.balance = balance;
  if (out.rank == 0) {
    log.info(
        "graph500: {} processes built {} arcs in {:.3f} s (edge balance max/mean {:.3f}, {} "
        "transport)",
        out.ranks, result.num_arcs, result.construction_seconds, out.run.balance.imbalance,
        transport_name(search.transport()));
  }

  // 4. Roots.
  const std::uint64_t root_seed = mix64(counter_random(config.seed, kRootStreamTag));
  const std::vector<VertexId> roots =
      choose_roots(search.slices().front(), config.roots, root_seed);
  if (roots.empty()) throw InvalidArgument("graph500: the graph has no vertex with an edge");

  // 5. Searches, every process in step.
  DistributedBfsOptions options;
  options.predecessors = true;
  options.direction_optimizing = config.bfs.strategy == BfsStrategy::DirectionOptimizing;
  options.alpha = config.bfs.alpha;
  options.beta = config.bfs.beta;
  search.run(roots.front(), options);  // warm-up, untimed
  const auto n = static_cast<int>(distribution.num_vertices);
  for (int i = 0; i < static_cast<int>(roots.size()); ++i) {
    io::Graph500Run one;
    one.index = i;
    one.root = roots[i];
    DistributedBfsResult<VertexId> bfs = search.run(one.root, options);
    one.seconds = mpi::max_over_ranks(bfs.bfs.seconds);
    one.vertices_reached = bfs.bfs.vertices_reached;
    one.levels = static_cast<std::int32_t>(bfs.bfs.levels.size());
    out.run.bytes_exchanged.push_back(bfs.bytes_exchanged);
    out.run.warm_up_seconds.push_back(mpi::max_over_ranks(bfs.warm_up_seconds));
    if (i == 0) out.run.first_search_levels = bfs.exchange;
    out.run.search_levels.push_back(bfs.exchange);
    timer.restart();
    // Every vertex has one owner; the others hold -1, so a maximum combines the arrays.
    mpi::check(
        MPI_Allreduce(MPI_IN_PLACE, bfs.bfs.depth.data(), n, MPI_INT32_T, MPI_MAX, MPI_COMM_WORLD),
        "MPI_Allreduce");
    mpi::check(
        MPI_Allreduce(MPI_IN_PLACE, bfs.bfs.parent.data(), n, MPI_INT32_T, MPI_MAX, MPI_COMM_WORLD),
        "MPI_Allreduce");
    std::int64_t arcs = 0;
    if (config.validate) {
      const std::string failure = validate_distributed_bfs<VertexId, EdgeId>(
          search.slices(), one.root, bfs.bfs.parent, bfs.bfs.depth, &arcs);
      const std::int64_t failures = mpi::sum_over_ranks(failure.empty() ? 0 : 1);
      if (failures > 0) {
        throw ValidationError("graph500 BFS " + std::to_string(i) + " from root " +
                              std::to_string(one.root) + ": " +
                              (failure.empty() ? "another process found a broken tree" : failure));
      }
      arcs = mpi::sum_over_ranks(arcs);
      one.validate_seconds = mpi::max_over_ranks(timer.seconds());
    } else {
      arcs = mpi::sum_over_ranks(reached_arcs(search.slices(), bfs.bfs.depth));
    }
    one.nedge = arcs / 2;
    one.teps = static_cast<double>(one.nedge) / one.seconds;
    result.runs.push_back(one);
    if (out.rank == 0) {
      log.info("BFS {:2}/{}: root {}, {:.3f} ms, {:.4g} TEPS{}", i + 1, roots.size(), one.root,
               one.seconds * 1e3, one.teps, config.validate ? ", validated" : "");
    }
  }

  // 6. Statistics (the same on every process).
  fill_statistics(result);
  return out;
}

}  // namespace frontier::partition

#else  // !FRONTIER_HAVE_MPI

#include "frontier/errors.hpp"

namespace frontier::partition {

bool mpi_built() { return false; }

MpiGraph500Result run_graph500_mpi(const io::Graph500Config&, VertexLayout, GpuTransport) {
  throw InvalidArgument(
      "this build of frontier has no MPI launcher (MPI was not found at build "
      "time)");
}

}  // namespace frontier::partition

#endif
