// level_loop.cpp — the level-synchronous loop of the distributed BFS (Merrill, thesis ch. 6.6),
// written once against RankSearch and Exchange so that the CPU simulation and the NCCL backend
// run the same steps. Invariant: after the all-reduce of level L every rank's labels up to depth
// L + 1 are final, and the search ends exactly when no rank labelled anything in a level.
#include "bfs_distributed/level_loop.hpp"

#include <cstdint>
#include <vector>

#include "frontier/detail/log.hpp"
#include "frontier/detail/timer.hpp"

namespace frontier::distributed {

template <typename VertexT>
LevelLoopResult run_level_loop(std::span<RankSearch<VertexT>* const> ranks, Exchange& exchange,
                               VertexT source, bool predecessors) {
  auto& log = detail::logger();
  LevelLoopResult result;
  const detail::Timer search_timer;
  for (RankSearch<VertexT>* rank : ranks) rank->start(source, predecessors);
  std::vector<RankBins*> bins(ranks.size());
  std::vector<std::int64_t*> counters(ranks.size());
  std::vector<std::int64_t> h_local(ranks.size() * kLevelCounters);
  const std::size_t item_bytes = ranks.empty() ? 0 : ranks.front()->item_bytes();
  std::int64_t frontier = 1;  // the source
  result.vertices_reached = 1;
  for (std::int32_t level = 0; frontier > 0; ++level) {
    const detail::Timer level_timer;
    // 1-2. Expand, filter and bin on every local rank.
    for (std::size_t i = 0; i < ranks.size(); ++i) {
      ranks[i]->expand(level);
      bins[i] = &ranks[i]->bins();
    }
    // 3. Counts then bins to their owners.
    exchange.exchange_bins(bins, item_bytes);
    // 4. Contract into the next frontiers.
    for (std::size_t i = 0; i < ranks.size(); ++i) {
      ranks[i]->contract(level);
      counters[i] = ranks[i]->level_counters();
    }
    // 5. Global sums: next frontier size (the termination test) and the level's traffic.
    const std::vector<std::int64_t> totals =
        exchange.all_reduce_sum(counters, kLevelCounters, h_local);
    for (std::size_t i = 0; i < ranks.size(); ++i) {
      ranks[i]->advance(h_local[i * kLevelCounters + kNextFrontier]);
    }
    const double seconds = level_timer.seconds();
    BfsLevelStats stats;
    stats.level = level;
    stats.direction = BfsDirection::TopDown;
    stats.frontier_vertices = frontier;
    stats.edges_examined = totals[kEdgesExamined];
    stats.seconds = seconds;
    result.levels.push_back(stats);
    DistributedLevelStats traffic;
    traffic.level = level;
    traffic.frontier_vertices = frontier;
    traffic.items_binned = totals[kItemsBinned];
    traffic.bytes_exchanged = totals[kItemsSentAway] * static_cast<std::int64_t>(item_bytes);
    traffic.seconds = seconds;
    result.exchange.push_back(traffic);
    result.edges_examined += stats.edges_examined;
    result.bytes_exchanged += traffic.bytes_exchanged;
    log.debug("distributed bfs level {}: frontier {}, {} arcs examined, {} items binned, {} bytes "
              "between ranks, {:.3f} ms",
              level, frontier, stats.edges_examined, traffic.items_binned,
              traffic.bytes_exchanged, seconds * 1e3);
    frontier = totals[kNextFrontier];
    result.vertices_reached += frontier;
  }
  for (RankSearch<VertexT>* rank : ranks) rank->finish();
  result.seconds = search_timer.seconds();
  return result;
}

template LevelLoopResult run_level_loop(std::span<RankSearch<std::int32_t>* const>, Exchange&,
                                        std::int32_t, bool);
template LevelLoopResult run_level_loop(std::span<RankSearch<std::int64_t>* const>, Exchange&,
                                        std::int64_t, bool);

}  // namespace frontier::distributed
