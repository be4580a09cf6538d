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

namespace frontier::partition {
namespace {

// Root candidates decided per round of the degree lookup (one MPI_Allreduce per round).
constexpr std::uint64_t kRootDrawsPerRound = 4096;

void mpi_check(int code, const char* call) {
  if (code != MPI_SUCCESS) {
    char text[MPI_MAX_ERROR_STRING];
    int length = 0;
    MPI_Error_string(code, text, &length);
    throw Error(std::string(call) +
                " failed: " + std::string(text, static_cast<std::size_t>(length)));
  }
}

// Initializes MPI when the caller has not, and finalizes what it initialized.
class MpiScope {
 public:
  MpiScope() {
    int initialized = 0;
    mpi_check(MPI_Initialized(&initialized), "MPI_Initialized");
    if (initialized == 0) {
      mpi_check(MPI_Init(nullptr, nullptr), "MPI_Init");
      owns_ = true;
    }
    mpi_check(MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN),
              "MPI_Comm_set_errhandler");
  }
  ~MpiScope() {
    int finalized = 0;
    if (owns_ && MPI_Finalized(&finalized) == MPI_SUCCESS && finalized == 0) MPI_Finalize();
  }
  MpiScope(const MpiScope&) = delete;
  MpiScope& operator=(const MpiScope&) = delete;

 private:
  bool owns_ = false;
};

double max_over_ranks(double value) {
  mpi_check(MPI_Allreduce(MPI_IN_PLACE, &value, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD),
            "MPI_Allreduce");
  return value;
}

std::int64_t sum_over_ranks(std::int64_t value) {
  mpi_check(MPI_Allreduce(MPI_IN_PLACE, &value, 1, MPI_INT64_T, MPI_SUM, MPI_COMM_WORLD),
            "MPI_Allreduce");
  return value;
}

// The node-local rank, which picks this process's GPU.
int node_local_rank(int rank) {
  MPI_Comm node = MPI_COMM_NULL;
  mpi_check(MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &node),
            "MPI_Comm_split_type");
  int local = 0;
  mpi_check(MPI_Comm_rank(node, &local), "MPI_Comm_rank");
  MPI_Comm_free(&node);
  return local;
}

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
  mpi_check(MPI_Alltoall(send_counts.data(), 1, MPI_INT64_T, recv_counts.data(), 1, MPI_INT64_T,
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
  mpi_check(MPI_Alltoallv(bins.sources.data(), send_int.data(), send_displacements.data(),
                          MPI_INT32_T, out.sources.data(), out.counts.data(),
                          out.displacements.data(), MPI_INT32_T, MPI_COMM_WORLD),
            "MPI_Alltoallv");
  mpi_check(MPI_Alltoallv(bins.targets.data(), send_int.data(), send_displacements.data(),
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
    mpi_check(MPI_Allreduce(MPI_IN_PLACE, eligible.data(), static_cast<int>(round),
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

MpiGraph500Result run_graph500_mpi(const io::Graph500Config& config, VertexLayout layout) {
  auto& log = detail::logger();
  MpiScope scope;
  MpiGraph500Result out;
  mpi_check(MPI_Comm_rank(MPI_COMM_WORLD, &out.rank), "MPI_Comm_rank");
  mpi_check(MPI_Comm_size(MPI_COMM_WORLD, &out.ranks), "MPI_Comm_size");
  DistributedRunConfig run;
  run.ranks = out.ranks;
  run.layout = layout;
  check_config(config, run);
  // 1. One GPU per process of a node.
  const int gpus = cuda_device_count();
  const int local = node_local_rank(out.rank);
  if (local >= gpus) {
    throw InvalidArgument("process " + std::to_string(out.rank) + " is number " +
                          std::to_string(local) + " on its node, which has " +
                          std::to_string(gpus) + " GPU(s): one process per GPU");
  }
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
  result.generation_seconds = max_over_ranks(timer.seconds());
  result.num_vertices = distribution.num_vertices;
  result.num_tuples = static_cast<std::int64_t>(config.edgefactor) << config.scale;

  // 3. Kernel 1: routing (MPI), construction, the NCCL bootstrap and residency.
  mpi_check(MPI_Barrier(MPI_COMM_WORLD), "MPI_Barrier");
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
  ProcessRank process;
  process.rank = out.rank;
  process.ranks = out.ranks;
  process.gpu = local;
  process.num_arcs = sum_over_ranks(static_cast<std::int64_t>(own.local_arcs()));
  if (out.rank == 0) process.id = make_nccl_unique_id();
  mpi_check(MPI_Bcast(process.id.bytes.data(), static_cast<int>(process.id.bytes.size()), MPI_CHAR,
                      0, MPI_COMM_WORLD),
            "MPI_Bcast");
  std::vector<std::int64_t> counts = {static_cast<std::int64_t>(own.local_vertices()),
                                      static_cast<std::int64_t>(own.local_arcs())};
  DistributedBfs<VertexId, EdgeId> search(std::move(own), process);
  result.construction_seconds = max_over_ranks(timer.seconds());
  result.num_arcs = process.num_arcs;
  std::vector<std::int64_t> all_counts(2 * static_cast<std::size_t>(out.ranks));
  mpi_check(MPI_Allgather(counts.data(), 2, MPI_INT64_T, all_counts.data(), 2, MPI_INT64_T,
                          MPI_COMM_WORLD),
            "MPI_Allgather");
  std::vector<RankBalance> per_rank;
  for (int r = 0; r < out.ranks; ++r)
    per_rank.push_back({r, all_counts[2 * r], all_counts[2 * r + 1]});
  out.run.balance = edge_balance(std::move(per_rank));
  if (out.rank == 0) {
    log.info("graph500: {} processes built {} arcs in {:.3f} s (edge balance max/mean {:.3f})",
             out.ranks, result.num_arcs, result.construction_seconds, out.run.balance.imbalance);
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
    one.seconds = max_over_ranks(bfs.bfs.seconds);
    one.vertices_reached = bfs.bfs.vertices_reached;
    one.levels = static_cast<std::int32_t>(bfs.bfs.levels.size());
    out.run.bytes_exchanged.push_back(bfs.bytes_exchanged);
    if (i == 0) out.run.first_search_levels = bfs.exchange;
    timer.restart();
    // Every vertex has one owner; the others hold -1, so a maximum combines the arrays.
    mpi_check(
        MPI_Allreduce(MPI_IN_PLACE, bfs.bfs.depth.data(), n, MPI_INT32_T, MPI_MAX, MPI_COMM_WORLD),
        "MPI_Allreduce");
    mpi_check(
        MPI_Allreduce(MPI_IN_PLACE, bfs.bfs.parent.data(), n, MPI_INT32_T, MPI_MAX, MPI_COMM_WORLD),
        "MPI_Allreduce");
    std::int64_t arcs = 0;
    if (config.validate) {
      const std::string failure = validate_distributed_bfs<VertexId, EdgeId>(
          search.slices(), one.root, bfs.bfs.parent, bfs.bfs.depth, &arcs);
      const std::int64_t failures = sum_over_ranks(failure.empty() ? 0 : 1);
      if (failures > 0) {
        throw ValidationError("graph500 BFS " + std::to_string(i) + " from root " +
                              std::to_string(one.root) + ": " +
                              (failure.empty() ? "another process found a broken tree" : failure));
      }
      arcs = sum_over_ranks(arcs);
      one.validate_seconds = max_over_ranks(timer.seconds());
    } else {
      arcs = sum_over_ranks(reached_arcs(search.slices(), bfs.bfs.depth));
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

MpiGraph500Result run_graph500_mpi(const io::Graph500Config&, VertexLayout) {
  throw InvalidArgument(
      "this build of frontier has no MPI launcher (MPI was not found at build "
      "time)");
}

}  // namespace frontier::partition

#endif
