// rank_backend.cpp — a Graph500 run on ranks in this process, simulated on the CPU or one per GPU
// (graph500_backend.hpp), every rank doing what a process of an MPI run does, with the bins moved
// through memory:
//  1. size the run against host memory: simulated ranks (or GPU ranks built on the host) by the
//     whole graph's estimate, which bounds the ranks together; GPU ranks that build their own
//     slices by the labels alone (graph500_rank_memory), each GPU sizing itself as it builds;
//  2. generation: simulated ranks generate and bin the arcs of their own tuple ranges on the host
//     (untimed); GPU ranks generate nothing here (with build_on_device off, for comparison, they
//     do as simulated ranks, and their slices are uploaded);
//  3. kernel 1, timed: simulated ranks route the bins to their owners, which build their CSR
//     slices and put each list's hub first (over the degree table of every slice); GPU ranks
//     each build their own slice on their GPU from the parameters alone (DistributedBfs from
//     KroneckerParams: every GPU regenerates the tuple stream, keeps the arcs it owns and puts
//     the hubs first over a degree table gathered from every GPU), so the host never holds the
//     graph;
//  4. degrees for the root sampler read from the owners' slices (on the GPUs: read there);
//  5. searches by DistributedBfs (timed by its own clock, until every rank's labels are final),
//     validation rank by rank (DistributedBfs::validate_last_search: on the GPUs the labels stay
//     where the search wrote them and every GPU checks its own vertices against its resident
//     slice; simulated ranks' labels are gathered and checked on the host over their slices);
//     nedge is half the arcs whose tail was reached, or, unvalidated on the GPUs, the tuples
//     with a reached source counted on GPU 0 over the regenerated stream
//     (count_kronecker_tuples_reached).
// Global vertex ids are 32-bit, or 64-bit (graph500_vertex_id_bits: past scale 30, or when asked,
// so that CI runs them at small scales); either width builds the same slices and the same
// searches.
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "frontier/detail/host_memory.hpp"
#include "frontier/detail/log.hpp"
#include "frontier/detail/timer.hpp"
#include "frontier/device_build.hpp"
#include "frontier/distributed_bfs.hpp"
#include "frontier/errors.hpp"
#include "frontier/generators/kronecker.hpp"
#include "frontier/partition/slices.hpp"
#include "frontier/runs/graph500_memory.hpp"
#include "graph500/graph500_backend.hpp"

namespace frontier::runs {
namespace {

template <typename VertexT>
class RankBackend final : public BasicGraph500Backend<VertexT> {
 public:
  using Search = BasicGraph500Search<VertexT>;

  explicit RankBackend(const Graph500Config& config)
      : config_(config),
        distribution_{config.layout, static_cast<VertexT>(std::int64_t{1} << config.scale),
                      config.ranks},
        options_(distributed_search_options(config)),
        built_on_gpus_(config.device.is_cuda() && config.build_on_device) {
    // A validated run never needs the labels on the host.
    options_.gather_labels = !config.validate;
    params_.scale = config.scale;
    params_.edgefactor = config.edgefactor;
    params_.seed = config.seed;
  }

  void place(Graph500Result& result) const override { result.distributed.emplace(); }

  void check_memory() const override {
    if (!built_on_gpus_) {
      check_graph500_memory(config_.scale, config_.edgefactor, Graph500HostRole::BuildsGraph,
                            IdBytes{sizeof(VertexT), sizeof(EdgeId)});
      return;
    }
    const std::uint64_t needed =
        graph500_rank_memory(config_.scale, config_.edgefactor, config_.ranks, config_.layout,
                             false, static_cast<int>(8 * sizeof(VertexT)), options_.gather_labels)
            .host_peak();
    const std::uint64_t available = detail::available_host_memory_bytes();
    if (available > 0 && needed > available) {
      throw OutOfMemory("graph500 at scale " + std::to_string(config_.scale) +
                            " on the host (the labels of a search on " +
                            std::to_string(config_.ranks) + " GPU ranks)",
                        needed, available);
    }
  }

  double generate() override {
    if (built_on_gpus_) return 0.0;
    detail::Timer timer;
    for (int rank = 0; rank < config_.ranks; ++rank) {
      sent_.push_back(partition::generate_kronecker_arcs(params_, distribution_, rank));
    }
    const double seconds = timer.seconds();
    detail::logger().info("graph500: {} ranks generated {} tuples on {} vertices in {:.3f} s",
                          config_.ranks,
                          static_cast<std::int64_t>(config_.edgefactor) << config_.scale,
                          distribution_.num_vertices, seconds);
    return seconds;
  }

  void construct(Graph500Result& result) override {
    detail::Timer timer;
    if (built_on_gpus_) {
      search_.emplace(params_, config_.layout, config_.device, config_.transport);
    } else {
      search_.emplace(route_bins(), config_.device, config_.transport);
    }
    result.construction_seconds = timer.seconds();
    result.built_on_device = built_on_gpus_;
    Graph500DistributedDetails& details = *result.distributed;
    details.transport = search_->transport();
    std::vector<partition::RankBalance> per_rank;
    const std::vector<int> ranks = search_->held_ranks();
    const std::vector<std::int64_t> arcs = search_->held_arcs();
    for (std::size_t i = 0; i < ranks.size(); ++i) {
      per_rank.push_back(
          {ranks[i], static_cast<std::int64_t>(distribution_.local_count(ranks[i])), arcs[i]});
    }
    details.balance = partition::edge_balance(std::move(per_rank));
    result.num_arcs = search_->num_arcs();
    detail::logger().info(
        "graph500: constructed {} arcs on {} ranks in {:.3f} s (edge balance max/mean {:.3f}{}{})",
        result.num_arcs, config_.ranks, result.construction_seconds, details.balance.imbalance,
        id_width_words(),
        config_.device.is_cuda()
            ? std::string(built_on_gpus_ ? ", each built on its GPU, " : ", built on the host, ") +
                  std::string(to_string(details.transport)) + " transport"
            : std::string());
  }

  void has_edges(std::span<const VertexT> candidates, std::span<unsigned char> has_edges) override {
    for (std::size_t i = 0; i < candidates.size(); ++i) {
      has_edges[i] = search_->degree(candidates[i]) > 0 ? 1 : 0;
    }
  }

  Search search(VertexT root) override { return search_->run(root, options_); }

  Graph500Check check(Search& search, VertexT root, bool validate) override {
    Graph500Check check;
    if (validate) {
      const BfsValidation verdict = search_->validate_last_search(root);
      check.failure = verdict.failure;
      check.nedge = verdict.arcs_in_component / 2;
    } else if (search_->slices().empty()) {
      check.nedge = count_kronecker_tuples_reached(params_, search.bfs.depth,
                                                   Device::cuda(config_.device.cuda_ids.front()));
    } else {
      check.nedge = partition::reached_arcs(search_->slices(), search.bfs.depth) / 2;
    }
    return check;
  }

 private:
  // Kernel 1's routing on simulated ranks: rank d reads bin d of every sender and builds its slice.
  std::vector<RankGraph<VertexT, EdgeId>> route_bins() {
    std::vector<RankGraph<VertexT, EdgeId>> slices;
    for (int rank = 0; rank < config_.ranks; ++rank) {
      std::vector<partition::ArcSpan<VertexT>> received;
      for (const partition::ArcBins<VertexT>& bins : sent_) {
        received.push_back({bins.sources_for(rank), bins.targets_for(rank)});
      }
      slices.push_back(partition::build_rank_graph<VertexT, EdgeId>(
          distribution_, rank, std::span<const partition::ArcSpan<VertexT>>(received), false));
    }
    sent_.clear();
    sent_.shrink_to_fit();
    partition::put_hubs_first(std::span<RankGraph<VertexT, EdgeId>>(slices));
    return slices;
  }

  // What the log lines add for 64-bit ids (nothing for 32-bit ones, whose lines stay as they
  // were).
  static const char* id_width_words() {
    return sizeof(VertexT) == sizeof(std::int64_t) ? ", 64-bit vertex ids" : "";
  }

  Graph500Config config_;
  VertexDistribution<VertexT> distribution_;
  DistributedBfsOptions options_;
  KroneckerParams params_;
  /// GPU ranks building their own slices on their GPUs (kernel 1 there, nothing on the host).
  bool built_on_gpus_ = false;
  /// Simulated ranks: every rank's generated arcs, binned by owner, until construction routes
  /// them.
  std::vector<partition::ArcBins<VertexT>> sent_;
  std::optional<DistributedBfs<VertexT, EdgeId>> search_;
};

}  // namespace

DistributedBfsOptions distributed_search_options(const Graph500Config& config) {
  DistributedBfsOptions options;
  options.bfs = config.bfs;
  options.bfs.predecessors = true;
  options.time_phases = config.time_phases;
  options.small_level_arcs = config.small_level_arcs;
  return options;
}

template <typename VertexT>
std::unique_ptr<BasicGraph500Backend<VertexT>> make_rank_backend(const Graph500Config& config) {
  return std::make_unique<RankBackend<VertexT>>(config);
}

template std::unique_ptr<BasicGraph500Backend<std::int32_t>> make_rank_backend(
    const Graph500Config&);
template std::unique_ptr<BasicGraph500Backend<std::int64_t>> make_rank_backend(
    const Graph500Config&);

}  // namespace frontier::runs
