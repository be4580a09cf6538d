// mpi_backend.cpp — a Graph500 run as one process of an MPI job, one process per GPU
// (graph500_backend.hpp). MPI bootstraps NCCL and carries host values; the searches are
// DistributedBfs's level loop with the NCCL (or, on one node, peer) exchange, as on ranks in one
// process. Every MPI call is checked (mpi_support.hpp) and a failure throws.
//
// Each process:
//  - drives the GPU of its rank on its node (more processes than GPUs on a node is an error);
//  - kernel 1 (timed from a barrier, the slowest process's time): the processes join in one NCCL
//    communicator and each builds its own rank's slice on its GPU from the Kronecker parameters
//    alone (DistributedBfs from KroneckerParams: the GPU regenerates the tuple stream, keeps the
//    arcs it owns and puts the hubs first), so no process holds arcs on the host. With
//    build_on_device off (for comparison) it generates its own tuple range and bins the arcs by
//    owner (untimed), the bins go to their owners with MPI_Alltoallv and the owner builds its
//    slice on the host, puts each list's hub first over the degree table all-gathered with
//    MPI_Allgather, and uploads it;
//  - answers for its own vertices when the root sampler asks about a round of candidates, the
//    answers combined with MPI_Allreduce;
//  - after every search validates its own rank where the labels lie (DistributedBfs::
//    validate_last_search: the depths all-gathered between the GPUs over the communicator, its
//    own vertices checked on its GPU against its resident slice) and sums verdicts and arc
//    counts with the others; unvalidated, it combines the label arrays (MPI_Allreduce MAX: every
//    vertex has one owner, the other entries are -1) to count nedge.
// Host memory is not sized up front: a process holds at most one slice, not the whole graph that
// graph500_memory_bytes() estimates.

#include <algorithm>
#include <climits>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "frontier/detail/log.hpp"
#include "frontier/detail/timer.hpp"
#include "frontier/device.hpp"
#include "frontier/device_build.hpp"
#include "frontier/distributed_bfs.hpp"
#include "frontier/errors.hpp"
#include "frontier/generators/kronecker.hpp"
#include "frontier/partition/slices.hpp"
#include "graph500/graph500_backend.hpp"
#include "mpi/mpi_support.hpp"

namespace frontier::runs {
namespace {

// The arcs a process received in kernel 1, packed by sender, with the senders' counts.
struct ReceivedArcs {
  std::vector<VertexId> sources;
  std::vector<VertexId> targets;
  std::vector<int> counts;
  std::vector<int> displacements;
};

// Every process's bins to their owners.
ReceivedArcs route_arcs(const partition::ArcBins<VertexId>& bins, int ranks) {
  std::vector<std::int64_t> send_counts(static_cast<std::size_t>(ranks));
  for (int d = 0; d < ranks; ++d) send_counts[d] = bins.offsets[d + 1] - bins.offsets[d];
  std::vector<std::int64_t> recv_counts(static_cast<std::size_t>(ranks));
  mpi::all_to_all(send_counts, recv_counts);
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
  mpi::all_to_all(bins.sources, send_int, send_displacements, out.sources, out.counts,
                  out.displacements);
  mpi::all_to_all(bins.targets, send_int, send_displacements, out.targets, out.counts,
                  out.displacements);
  return out;
}

class MpiBackend final : public Graph500Backend {
 public:
  explicit MpiBackend(const Graph500Config& config)
      : config_(config),
        rank_(mpi::world_rank()),
        ranks_(mpi::world_size()),
        gpu_(mpi::node_gpu(rank_)),
        distribution_{config.layout, static_cast<VertexId>(std::int64_t{1} << config.scale),
                      ranks_},
        options_(distributed_search_options(config)) {
    // A validated run never needs the labels on the host.
    options_.gather_labels = !config.validate;
    params_.scale = config.scale;
    params_.edgefactor = config.edgefactor;
    params_.seed = config.seed;
  }

  void place(Graph500Result& result) const override {
    result.distributed.emplace();
    result.config.device = Device::cuda(gpu_);
    result.config.ranks = ranks_;
    result.mpi_processes = ranks_;
    result.mpi_rank = rank_;
  }

  void check_memory() const override {}

  double generate() override {
    if (config_.build_on_device) return 0.0;
    detail::Timer timer;
    bins_ = partition::generate_kronecker_arcs(params_, distribution_, rank_);
    return mpi::max_over_ranks(timer.seconds());
  }

  void construct(Graph500Result& result) override {
    mpi::barrier();
    detail::Timer timer;
    Graph500DistributedDetails& details = *result.distributed;
    if (config_.build_on_device) {
      const ProcessRank process = mpi::join(rank_, ranks_, gpu_, 0, config_.transport);
      search_.emplace(params_, config_.layout, process);
      details.balance = mpi::gather_edge_balance(
          static_cast<std::int64_t>(distribution_.local_count(rank_)), search_->held_arcs()[0]);
    } else {
      RankGraph<VertexId, EdgeId> own = build_own_slice();
      const ProcessRank process = mpi::join(
          rank_, ranks_, gpu_, static_cast<std::int64_t>(own.local_arcs()), config_.transport);
      details.balance = mpi::gather_edge_balance(static_cast<std::int64_t>(own.local_vertices()),
                                                 static_cast<std::int64_t>(own.local_arcs()));
      search_.emplace(std::move(own), process);
    }
    result.construction_seconds = mpi::max_over_ranks(timer.seconds());
    result.built_on_device = config_.build_on_device;
    result.num_arcs = search_->num_arcs();
    details.transport = search_->transport();
    if (rank_ == 0) {
      detail::logger().info(
          "graph500: {} processes built {} arcs in {:.3f} s (edge balance max/mean {:.3f}, {}, "
          "{} transport)",
          ranks_, result.num_arcs, result.construction_seconds, details.balance.imbalance,
          config_.build_on_device ? "each on its GPU" : "on the host",
          to_string(details.transport));
    }
  }

  void has_edges(std::span<const VertexId> candidates,
                 std::span<unsigned char> has_edges) override {
    for (std::size_t i = 0; i < candidates.size(); ++i) {
      const VertexId v = candidates[i];
      has_edges[i] = distribution_.owner(v) == rank_ && search_->degree(v) > 0 ? 1 : 0;
    }
    mpi::max_over_ranks(has_edges);
  }

  Graph500Search search(VertexId root) override { return search_->run(root, options_); }

  Graph500Check check(Graph500Search& search, VertexId root, bool validate) override {
    Graph500Check check;
    if (validate) {
      const BfsValidation verdict = search_->validate_last_search(root);
      if (mpi::sum_over_ranks(verdict.valid ? 0 : 1) > 0) {
        check.failure = verdict.valid ? "another process found a broken tree" : verdict.failure;
        return check;
      }
      check.nedge = mpi::sum_over_ranks(verdict.arcs_in_component) / 2;
      return check;
    }
    // Every vertex has one owner; the others hold -1, so a maximum combines the depths.
    mpi::max_over_ranks(std::span<std::int32_t>(search.bfs.depth));
    if (search_->slices().empty()) {
      // Every process holds the whole depth array: each counts the same tuples on its own GPU.
      check.nedge = count_kronecker_tuples_reached(params_, search.bfs.depth, Device::cuda(gpu_));
    } else {
      check.nedge =
          mpi::sum_over_ranks(partition::reached_arcs(search_->slices(), search.bfs.depth)) / 2;
    }
    return check;
  }

  double slowest(double seconds) override { return mpi::max_over_ranks(seconds); }

 private:
  // Kernel 1 on the host: the bins to their owners, this process's slice built from them.
  RankGraph<VertexId, EdgeId> build_own_slice() {
    ReceivedArcs received = route_arcs(bins_, ranks_);
    bins_ = partition::ArcBins<VertexId>();
    std::vector<partition::ArcSpan<VertexId>> spans;
    for (int s = 0; s < ranks_; ++s) {
      const auto at = static_cast<std::size_t>(received.displacements[s]);
      const auto count = static_cast<std::size_t>(received.counts[s]);
      spans.push_back({std::span<const VertexId>(received.sources.data() + at, count),
                       std::span<const VertexId>(received.targets.data() + at, count)});
    }
    RankGraph<VertexId, EdgeId> own = partition::build_rank_graph<VertexId, EdgeId>(
        distribution_, rank_, std::span<const partition::ArcSpan<VertexId>>(spans), false);
    put_hubs_first(own);
    return own;
  }

  // Each list's hub first, over the degree table all-gathered from every process's part.
  void put_hubs_first(RankGraph<VertexId, EdgeId>& own) const {
    const std::vector<std::uint32_t> part = partition::degree_table_part(own);
    std::vector<std::uint32_t> table(part.size() * static_cast<std::size_t>(ranks_));
    mpi::all_gather(part, table);
    partition::put_hubs_first(own, std::span<const std::uint32_t>(table));
  }

  // Declared first, so that MPI outlives the NCCL communicator the search holds.
  mpi::Scope scope_;
  Graph500Config config_;
  int rank_ = 0;
  int ranks_ = 1;
  int gpu_ = 0;
  VertexDistribution<VertexId> distribution_;
  DistributedBfsOptions options_;
  KroneckerParams params_;
  /// build_on_device off: this process's generated arcs, binned by owner, until construction
  /// routes them.
  partition::ArcBins<VertexId> bins_;
  std::optional<DistributedBfs<VertexId, EdgeId>> search_;
};

}  // namespace

std::unique_ptr<Graph500Backend> make_mpi_backend(const Graph500Config& config) {
  return std::make_unique<MpiBackend>(config);
}

}  // namespace frontier::runs
