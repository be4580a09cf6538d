/// @file bfs/distributed/level_loop.hpp
/// @brief The distributed level loop, written once for every backend (see distributed_bfs.hpp
/// for the steps): top-down levels expand -> filter+partition -> exchange -> contract; bottom-up
/// levels all-gather the frontier (bitmaps, or queues where those are smaller) and let unvisited
/// vertices find parents; every level ends with an all-gather of every rank's counters, and the
/// search ends when the global frontier is empty.
#pragma once

#include <span>
#include <vector>

#include "bfs/distributed/exchange.hpp"
#include "bfs/distributed/rank_search.hpp"
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
  /// Before the clock started (GPU ranks): the barrier that brought every rank's communication
  /// up to speed (Exchange::warm_up).
  double warm_up_seconds = 0.0;
};

/// How the loop chooses directions.
struct LevelLoopConfig {
  bool predecessors = true;
  /// Beamer's switch between top-down and bottom-up levels (undirected graphs only).
  bool direction_optimizing = false;
  int alpha = 15;
  int beta = 18;
  /// Of the whole graph (all ranks).
  std::int64_t num_vertices = 0;
  std::int64_t num_arcs = 0;
  /// A top-down level on which no rank expands more than this many arcs (nor num_vertices /
  /// ranks) sends each rank's bins at that rank's arcs without the counts round trip.
  std::int64_t small_level_arcs = std::int64_t{1} << 15;
  /// The source's owner and its arcs, when every process knows them (one process holding every
  /// rank); level 0 then takes the bounded exchange too. -1: unknown (level 0 sends counts
  /// first). Every process must pass the same values.
  int source_rank = -1;
  std::int64_t source_arcs = -1;
  /// A bottom-up level right after a top-down one gathers the frontier as queues of local ids
  /// (then set in a global bitmap) when the largest queue part is at most this share of a bitmap
  /// part: 0 never, 1 whenever it fits the gathered buffer.
  double queue_part_share = 0.5;
  /// Time every phase of every level (DistributedLevelStats::phases).
  bool time_phases = false;
};

/// One search's result from the loops of several host threads, each run over its own local
/// ranks (every loop sees the same global sums, so the levels and traffic are the first loop's);
/// per level, the phases of every loop follow one another in loop order; `seconds` is the whole
/// search's. @throws Error if the loops disagree on the levels.
LevelLoopResult merge_thread_loops(std::vector<LevelLoopResult> loops, double seconds);

/// The phases of `levels` levels from one rank's stamps (in the order they were made): each
/// phase lasts from the previous stamp to the one that ends it; a phase without its stamp lasts
/// 0 (a top-down level has no kGlobalized). @throws Error if a stamp names a level out of range.
std::vector<DistributedPhaseSeconds> phases_from_stamps(int rank,
                                                        std::span<const PhaseStamp> stamps,
                                                        std::size_t levels);

/// Runs one search over this process's ranks (in the exchange's local_ranks() order).
template <typename VertexT>
LevelLoopResult run_level_loop(std::span<RankSearch<VertexT>* const> ranks, Exchange& exchange,
                               VertexT source, const LevelLoopConfig& config);

}  // namespace frontier::distributed
