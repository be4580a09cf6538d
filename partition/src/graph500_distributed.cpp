// graph500_distributed.cpp — the Graph500 benchmark on a distributed graph (see
// graph500_distributed.hpp). Steps as in io/src/graph500/graph500_run.cpp, per rank:
//  1. size the run against host memory;
//  2. generation: every rank generates and bins the arcs of its own tuple range (untimed);
//  3. kernel 1, timed: the bins reach their owners, every owner builds its CSR slice, and the
//     slices become resident (DistributedBfs: on the GPUs, or in the simulated ranks);
//  4. roots drawn with the single-device sampler, degrees read from the owners' slices;
//  5. one untimed warm-up, then per root: the search (timed by its own clock, until every
//     rank's labels are final), validation slice by slice, nedge;
//  6. statistics.
#include "frontier/partition/graph500_distributed.hpp"

#include <algorithm>
#include <span>
#include <string>
#include <utility>

#include "frontier/detail/log.hpp"
#include "frontier/detail/timer.hpp"
#include "frontier/errors.hpp"
#include "frontier/random.hpp"
#include "graph500_common.hpp"

namespace frontier::partition {

std::vector<VertexId> choose_distributed_roots(std::span<const RankGraph<VertexId, EdgeId>> slices,
                                               int count, std::uint64_t seed) {
  if (count < 1) throw InvalidArgument("a Graph500 run needs at least one root");
  std::vector<VertexId> roots;
  if (slices.empty()) return roots;
  const auto& distribution = slices.front().distribution;
  const auto n = static_cast<std::uint64_t>(distribution.num_vertices);
  if (n == 0) return roots;
  const std::uint64_t max_draws = 4 * n + 1024;
  for (std::uint64_t draw = 0; draw < max_draws && roots.size() < static_cast<std::size_t>(count);
       ++draw) {
    const auto root = static_cast<VertexId>(uniform_below(counter_random(seed, draw), n));
    if (slices[distribution.owner(root)].degree(distribution.local(root)) == 0) continue;
    if (std::find(roots.begin(), roots.end(), root) != roots.end()) continue;
    roots.push_back(root);
  }
  return roots;
}

DistributedGraph500Result run_graph500_distributed(const io::Graph500Config& config,
                                                   const DistributedRunConfig& run,
                                                   const io::Graph500Progress& progress) {
  auto& log = detail::logger();
  check_config(config, run);
  // 1. Size the run (the whole graph's host estimate bounds the simulated ranks together).
  io::check_graph500_memory(config.scale, config.edgefactor);
  DistributedGraph500Result out;
  io::Graph500Result& result = out.graph500;
  result.config = config;
  result.config.device = run.device;

  // 2. Generation, rank by rank: each its own tuples, binned by owner.
  KroneckerParams params;
  params.scale = config.scale;
  params.edgefactor = config.edgefactor;
  params.seed = config.seed;
  const VertexDistribution<VertexId> distribution{
      run.layout, static_cast<VertexId>(std::int64_t{1} << config.scale), run.ranks};
  detail::Timer timer;
  std::vector<ArcBins<VertexId>> sent;
  for (int rank = 0; rank < run.ranks; ++rank) {
    sent.push_back(generate_kronecker_arcs(params, distribution, rank));
  }
  result.generation_seconds = timer.seconds();
  result.num_vertices = distribution.num_vertices;
  result.num_tuples = static_cast<std::int64_t>(config.edgefactor) << config.scale;
  log.info("graph500: {} ranks generated {} tuples on {} vertices in {:.3f} s", run.ranks,
           result.num_tuples, result.num_vertices, result.generation_seconds);

  // 3. Kernel 1: routing, per-rank construction, residency.
  timer.restart();
  std::vector<RankGraph<VertexId, EdgeId>> slices;
  for (int rank = 0; rank < run.ranks; ++rank) {
    std::vector<ArcSpan<VertexId>> received;
    for (const ArcBins<VertexId>& bins : sent) {
      received.push_back({bins.sources_for(rank), bins.targets_for(rank)});
    }
    slices.push_back(build_rank_graph<VertexId, EdgeId>(
        distribution, rank, std::span<const ArcSpan<VertexId>>(received), false));
  }
  sent.clear();
  sent.shrink_to_fit();
  DistributedBfs<VertexId, EdgeId> search(std::move(slices), run.device, run.transport);
  result.construction_seconds = timer.seconds();
  out.transport = search.transport();
  const auto resident = search.slices();
  out.balance = edge_balance(resident);
  for (const RankBalance& rank : out.balance.per_rank) result.num_arcs += rank.arcs;
  log.info("graph500: constructed {} arcs on {} ranks in {:.3f} s (edge balance max/mean {:.3f}{})",
           result.num_arcs, run.ranks, result.construction_seconds, out.balance.imbalance,
           run.device.is_cuda() ? std::string(", ") + transport_name(out.transport) + " transport"
                                : std::string());

  // 4. Roots.
  const std::uint64_t root_seed = mix64(counter_random(config.seed, kRootStreamTag));
  const std::vector<VertexId> roots = choose_distributed_roots(resident, config.roots, root_seed);
  if (roots.empty()) throw InvalidArgument("graph500: the graph has no vertex with an edge");
  if (static_cast<int>(roots.size()) < config.roots) {
    log.warn("graph500: only {} of {} roots found with degree >= 1", roots.size(), config.roots);
  }

  // 5. Searches.
  DistributedBfsOptions options;
  options.predecessors = true;
  options.direction_optimizing = config.bfs.strategy == BfsStrategy::DirectionOptimizing;
  options.alpha = config.bfs.alpha;
  options.beta = config.bfs.beta;
  options.time_phases = run.time_phases;
  options.small_level_arcs = run.small_level_arcs;
  search.run(roots.front(), options);  // warm-up, untimed
  const int total = static_cast<int>(roots.size());
  for (int i = 0; i < total; ++i) {
    io::Graph500Run one;
    one.index = i;
    one.root = roots[i];
    const DistributedBfsResult<VertexId> bfs = search.run(one.root, options);
    one.seconds = bfs.bfs.seconds;
    one.vertices_reached = bfs.bfs.vertices_reached;
    one.levels = static_cast<std::int32_t>(bfs.bfs.levels.size());
    out.bytes_exchanged.push_back(bfs.bytes_exchanged);
    out.warm_up_seconds.push_back(bfs.warm_up_seconds);
    if (i == 0) out.first_search_levels = bfs.exchange;
    out.search_levels.push_back(bfs.exchange);

    timer.restart();
    std::int64_t arcs = 0;
    if (config.validate) {
      const std::string failure = validate_distributed_bfs<VertexId, EdgeId>(
          resident, one.root, bfs.bfs.parent, bfs.bfs.depth, &arcs);
      if (!failure.empty()) {
        throw ValidationError("graph500 BFS " + std::to_string(i) + " from root " +
                              std::to_string(one.root) + ": " + failure);
      }
      one.validate_seconds = timer.seconds();
    } else {
      arcs = reached_arcs(resident, bfs.bfs.depth);
    }
    one.nedge = arcs / 2;
    one.teps = static_cast<double>(one.nedge) / one.seconds;
    result.runs.push_back(one);
    if (progress) progress(one, total);
  }

  // 6. Statistics.
  fill_statistics(result);
  return out;
}

}  // namespace frontier::partition
