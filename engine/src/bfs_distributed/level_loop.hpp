/// @file bfs_distributed/level_loop.hpp
/// @brief The distributed level loop, written once for every backend (see distributed_bfs.hpp
/// for the steps): expand -> filter+partition -> exchange -> contract -> all-reduce, until the
/// global frontier is empty.
#pragma once

#include <span>
#include <vector>

#include "bfs_distributed/exchange.hpp"
#include "bfs_distributed/rank_search.hpp"
#include "frontier/bfs_result.hpp"
#include "frontier/distributed_bfs.hpp"

namespace frontier::distributed {

/// What the loop measured.
struct LevelLoopResult {
  std::vector<BfsLevelStats> levels;
  std::vector<DistributedLevelStats> exchange;
  std::int64_t vertices_reached = 0;
  std::int64_t edges_examined = 0;
  std::int64_t bytes_exchanged = 0;
  double seconds = 0.0;
};

/// Runs one search over this process's ranks (in the exchange's local_ranks() order).
template <typename VertexT>
LevelLoopResult run_level_loop(std::span<RankSearch<VertexT>* const> ranks, Exchange& exchange,
                               VertexT source, bool predecessors);

}  // namespace frontier::distributed
