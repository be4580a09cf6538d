// level_loop.cpp — the level-synchronous loop of the distributed BFS (Merrill, thesis ch. 6.6),
// written once against RankSearch and Exchange so that the CPU simulation and the NCCL backend
// run the same steps. Invariant: after the all-reduce of level L every rank's labels up to depth
// L + 1 are final, and the search ends exactly when no rank labelled anything in a level.
// A small top-down level skips the bin counts' host round trip: a rank's bin for any peer holds
// at most the arcs the rank expands, its frontier's out-arcs (its share of Beamer's m_f, which
// every process reads from the previous level's gathered counters), so each rank's bins go out
// at that bound with the counts in one exchange step.
// Phase timing (config.time_phases) stamps each rank's marks around its own calls, so a rank
// stamped later in this thread shows the wait in its idle phase.
#include "bfs/distributed/level_loop.hpp"

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "frontier/detail/log.hpp"
#include "frontier/detail/timer.hpp"
#include "frontier/errors.hpp"

namespace frontier::distributed {

namespace {

/// Host side of phase timing: the loop's thread time per phase of the current level.
class HostPhases {
 public:
  explicit HostPhases(bool on) : on_(on) {}
  /// The phase that just ended (a DistributedPhaseSeconds member) gets the time since the last.
  void end(double DistributedPhaseSeconds::*phase) {
    if (!on_) return;
    current_.*phase += timer_.seconds();
    timer_.restart();
  }
  /// The level's phases; the next level starts from zero.
  DistributedPhaseSeconds take() {
    DistributedPhaseSeconds done = current_;
    done.rank = -1;
    current_ = DistributedPhaseSeconds{};
    return done;
  }

 private:
  bool on_;
  detail::Timer timer_;
  DistributedPhaseSeconds current_;
};

double DistributedPhaseSeconds::*phase_of(LevelMark mark) {
  switch (mark) {
    case LevelMark::kSearchStart:
    case LevelMark::kBegin:
      return &DistributedPhaseSeconds::idle;
    case LevelMark::kExpanded:
      return &DistributedPhaseSeconds::expand;
    case LevelMark::kExchanged:
      return &DistributedPhaseSeconds::exchange;
    case LevelMark::kGlobalized:
      return &DistributedPhaseSeconds::globalize;
    case LevelMark::kContracted:
      return &DistributedPhaseSeconds::contract;
    case LevelMark::kReduced:
      return &DistributedPhaseSeconds::reduce;
  }
  return &DistributedPhaseSeconds::idle;
}

}  // namespace

std::vector<DistributedPhaseSeconds> phases_from_stamps(int rank,
                                                        std::span<const PhaseStamp> stamps,
                                                        std::size_t levels) {
  std::vector<DistributedPhaseSeconds> phases(levels);
  for (DistributedPhaseSeconds& level : phases) level.rank = rank;
  for (std::size_t i = 0; i < stamps.size(); ++i) {
    const PhaseStamp& stamp = stamps[i];
    if (stamp.mark == LevelMark::kSearchStart) continue;
    if (stamp.level < 0 || static_cast<std::size_t>(stamp.level) >= levels) {
      throw Error("distributed bfs: rank " + std::to_string(rank) + " stamped level " +
                  std::to_string(stamp.level) + " of a search of " + std::to_string(levels) +
                  " levels");
    }
    const double since = i == 0 ? 0.0 : stamp.seconds - stamps[i - 1].seconds;
    phases[static_cast<std::size_t>(stamp.level)].*phase_of(stamp.mark) += since;
  }
  return phases;
}

LevelLoopResult merge_thread_loops(std::vector<LevelLoopResult> loops, double seconds) {
  if (loops.empty()) throw Error("distributed bfs: no loop to merge");
  LevelLoopResult merged = std::move(loops.front());
  for (std::size_t t = 1; t < loops.size(); ++t) {
    const LevelLoopResult& loop = loops[t];
    if (loop.exchange.size() != merged.exchange.size() ||
        loop.vertices_reached != merged.vertices_reached) {
      throw Error("distributed bfs: host thread " + std::to_string(t) + " ran " +
                  std::to_string(loop.exchange.size()) + " levels reaching " +
                  std::to_string(loop.vertices_reached) + " vertices, thread 0 " +
                  std::to_string(merged.exchange.size()) + " reaching " +
                  std::to_string(merged.vertices_reached));
    }
    for (std::size_t l = 0; l < loop.exchange.size(); ++l) {
      auto& phases = merged.exchange[l].phases;
      phases.insert(phases.end(), loop.exchange[l].phases.begin(), loop.exchange[l].phases.end());
    }
  }
  merged.seconds = seconds;
  return merged;
}

template <typename VertexT>
LevelLoopResult run_level_loop(std::span<RankSearch<VertexT>* const> ranks, Exchange& exchange,
                               VertexT source, const LevelLoopConfig& config) {
  auto& log = detail::logger();
  LevelLoopResult result;
  const detail::Timer search_timer;
  const bool timed = config.time_phases;
  HostPhases host(timed);
  // Stamps every local rank's `mark` of `level` (phase timing only).
  const auto mark_all = [&](std::int32_t level, LevelMark mark) {
    if (!timed) return;
    for (RankSearch<VertexT>* rank : ranks) rank->mark(level, mark);
  };
  for (RankSearch<VertexT>* rank : ranks) rank->start(source, config.predecessors, timed);
  std::vector<RankBins*> bins(ranks.size());
  std::vector<void*> bitmaps(ranks.size());
  std::vector<std::int64_t*> counters(ranks.size());
  // Every rank's counters of the level just ended, and the arcs each rank expands next (its
  // frontier's out-arcs; on level 0 the source's, where known).
  std::vector<std::int64_t> every_rank(static_cast<std::size_t>(exchange.ranks()) * kLevelCounters);
  std::vector<std::int64_t> rank_arcs(static_cast<std::size_t>(exchange.ranks()), 0);
  bool rank_arcs_known =
      config.source_arcs >= 0 && config.source_rank >= 0 && config.source_rank < exchange.ranks();
  if (rank_arcs_known) rank_arcs[static_cast<std::size_t>(config.source_rank)] = config.source_arcs;
  std::vector<std::int64_t> no_bound;
  std::vector<DistributedPhaseSeconds> host_phases;
  const std::size_t item_bytes = ranks.empty() ? 0 : ranks.front()->item_bytes();
  const std::size_t bitmap_bytes =
      ranks.empty() ? 0 : ranks.front()->bitmap_words() * sizeof(std::uint32_t);
  const auto p = static_cast<std::int64_t>(exchange.ranks());
  std::int64_t frontier = 1;  // the source
  std::int64_t previous_frontier = 0;
  // Beamer's rule (as the CPU backend and GAP): go bottom-up when the arcs out of the frontier
  // (scout) exceed the arcs still unexplored over alpha; come back when the frontier shrinks
  // below n / beta.
  std::int64_t scout = 0;
  std::int64_t unexplored = config.num_arcs;
  bool bottom_up = false;
  bool previous_bottom_up = false;
  // The largest frontier of any rank (known past level 0).
  std::int64_t largest_frontier = 1;
  result.vertices_reached = 1;
  for (std::int32_t level = 0; frontier > 0; ++level) {
    const detail::Timer level_timer;
    if (config.direction_optimizing) {
      if (!bottom_up && scout > unexplored / config.alpha) {
        bottom_up = true;
      } else if (bottom_up && frontier < previous_frontier &&
                 frontier <= config.num_vertices / config.beta) {
        bottom_up = false;
      }
    }
    host.end(&DistributedPhaseSeconds::idle);
    std::int64_t gathered_bytes = 0;
    if (bottom_up) {
      // Bottom-up: 1. frontier parts; 2. all-gathered; 3. unvisited vertices look for parents.
      // A frontier still in queues (after a top-down level) travels as them where the largest
      // queue part is small enough (several ranks only: one rank's bitmap part is already the
      // frontier in global order).
      const std::size_t queue_bytes = queue_part_bytes<VertexT>(largest_frontier);
      const FrontierPart form =
          p > 1 && level > 0 && !previous_bottom_up && queue_bytes <= bitmap_bytes &&
                  static_cast<double>(queue_bytes) <=
                      config.queue_part_share * static_cast<double>(bitmap_bytes)
              ? FrontierPart::kQueue
              : FrontierPart::kBitmap;
      const std::size_t part_bytes = form == FrontierPart::kQueue ? queue_bytes : bitmap_bytes;
      for (std::size_t i = 0; i < ranks.size(); ++i) {
        if (timed) ranks[i]->mark(level, LevelMark::kBegin);
        ranks[i]->build_frontier_part(form, part_bytes);
        if (timed) ranks[i]->mark(level, LevelMark::kExpanded);
        bitmaps[i] = ranks[i]->gathered_bitmap();
      }
      host.end(&DistributedPhaseSeconds::expand);
      // After a bottom-up level every rank's bitmap part was complete before the all-reduce
      // that ended it: ranks that read parts in place go straight on.
      if (!(exchange.reads_in_place() && previous_bottom_up && form == FrontierPart::kBitmap)) {
        exchange.all_gather(bitmaps, part_bytes);
      }
      mark_all(level, LevelMark::kExchanged);
      host.end(&DistributedPhaseSeconds::exchange);
      for (std::size_t i = 0; i < ranks.size(); ++i) {
        ranks[i]->bottom_up(level, form, part_bytes);
        if (timed) ranks[i]->mark(level, LevelMark::kContracted);
        counters[i] = ranks[i]->level_counters();
      }
      host.end(&DistributedPhaseSeconds::contract);
      gathered_bytes = p * (p - 1) * static_cast<std::int64_t>(part_bytes);
    } else {
      unexplored -= scout;
      // Top-down: 1-2. expand, filter and bin on every local rank; 3. counts then bins to their
      // owners (on a small level, each rank's bins bounded by the arcs it expands); 4. contract
      // into the next frontiers. The bound also stays within every rank's send and receive
      // room: n / p <= local_count(d).
      const std::int64_t small_limit = std::min(config.small_level_arcs, config.num_vertices / p);
      const bool small = rank_arcs_known && small_limit >= 1 &&
                         *std::max_element(rank_arcs.begin(), rank_arcs.end()) <= small_limit;
      const std::span<const std::int64_t> bin_capacity = small ? rank_arcs : no_bound;
      // No rank receives more items than all ranks expand arcs.
      std::int64_t items_bound = -1;
      if (rank_arcs_known) {
        items_bound = 0;
        for (const std::int64_t arcs : rank_arcs) items_bound += arcs;
      }
      for (std::size_t i = 0; i < ranks.size(); ++i) {
        if (timed) ranks[i]->mark(level, LevelMark::kBegin);
        ranks[i]->expand(level);
        if (timed) ranks[i]->mark(level, LevelMark::kExpanded);
        bins[i] = &ranks[i]->bins();
        bins[i]->items_bound = items_bound;
      }
      host.end(&DistributedPhaseSeconds::expand);
      exchange.exchange_bins(bins, item_bytes, bin_capacity);
      mark_all(level, LevelMark::kExchanged);
      host.end(&DistributedPhaseSeconds::exchange);
      for (std::size_t i = 0; i < ranks.size(); ++i) {
        ranks[i]->contract(level);
        if (timed) ranks[i]->mark(level, LevelMark::kContracted);
        counters[i] = ranks[i]->level_counters();
      }
      host.end(&DistributedPhaseSeconds::contract);
    }
    // 5. Global sums: next frontier size (the termination test), its arcs and the traffic.
    exchange.all_reduce_start(counters, kLevelCounters);
    mark_all(level, LevelMark::kReduced);
    exchange.all_reduce_finish(every_rank);
    std::vector<std::int64_t> totals(kLevelCounters, 0);
    largest_frontier = 0;
    for (std::size_t r = 0; r < rank_arcs.size(); ++r) {
      const std::int64_t* counted = every_rank.data() + r * kLevelCounters;
      for (int k = 0; k < kLevelCounters; ++k) totals[k] += counted[k];
      rank_arcs[r] = counted[kFrontierArcs];
      largest_frontier = std::max(largest_frontier, counted[kNextFrontier]);
    }
    rank_arcs_known = true;
    for (RankSearch<VertexT>* rank : ranks) {
      rank->advance(
          every_rank[static_cast<std::size_t>(rank->rank()) * kLevelCounters + kNextFrontier]);
    }
    host.end(&DistributedPhaseSeconds::reduce);
    if (timed) host_phases.push_back(host.take());
    const double seconds = level_timer.seconds();
    BfsLevelStats stats;
    stats.level = level;
    stats.direction = bottom_up ? BfsDirection::BottomUp : BfsDirection::TopDown;
    stats.frontier_vertices = frontier;
    stats.edges_examined = totals[kEdgesExamined];
    stats.seconds = seconds;
    result.levels.push_back(stats);
    DistributedLevelStats traffic;
    traffic.level = level;
    traffic.frontier_vertices = frontier;
    traffic.items_binned = totals[kItemsBinned];
    traffic.bytes_exchanged =
        totals[kItemsSentAway] * static_cast<std::int64_t>(item_bytes) + gathered_bytes;
    traffic.seconds = seconds;
    result.exchange.push_back(traffic);
    result.edges_examined += stats.edges_examined;
    result.bytes_exchanged += traffic.bytes_exchanged;
    log.debug(
        "distributed bfs level {} {}: frontier {}, {} arcs examined, {} items binned, {} "
        "bytes between ranks, {:.3f} ms",
        level, bottom_up ? "bottom-up" : "top-down", frontier, stats.edges_examined,
        traffic.items_binned, traffic.bytes_exchanged, seconds * 1e3);
    previous_frontier = frontier;
    previous_bottom_up = bottom_up;
    frontier = totals[kNextFrontier];
    scout = totals[kFrontierArcs];
    result.vertices_reached += frontier;
  }
  for (RankSearch<VertexT>* rank : ranks) rank->finish();
  result.seconds = search_timer.seconds();
  if (timed) {
    // The host's phases, then every rank's from its own stamps (final after finish()).
    const std::size_t levels = result.exchange.size();
    for (std::size_t l = 0; l < levels; ++l) result.exchange[l].phases.push_back(host_phases[l]);
    for (RankSearch<VertexT>* rank : ranks) {
      const std::vector<PhaseStamp> stamps = rank->phase_stamps();
      const std::vector<DistributedPhaseSeconds> phases =
          phases_from_stamps(rank->rank(), stamps, levels);
      for (std::size_t l = 0; l < levels; ++l) result.exchange[l].phases.push_back(phases[l]);
    }
  }
  return result;
}

template LevelLoopResult run_level_loop(std::span<RankSearch<std::int32_t>* const>, Exchange&,
                                        std::int32_t, const LevelLoopConfig&);
template LevelLoopResult run_level_loop(std::span<RankSearch<std::int64_t>* const>, Exchange&,
                                        std::int64_t, const LevelLoopConfig&);

}  // namespace frontier::distributed
