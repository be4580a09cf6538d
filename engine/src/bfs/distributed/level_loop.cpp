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
#include <utility>
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

namespace {

/// One search of the level loop: the state carried from level to level, and one function per
/// step of a level (run() reads as the loop; the steps as in level_loop.hpp).
template <typename VertexT>
class LevelLoop {
 public:
  LevelLoop(std::span<RankSearch<VertexT>* const> ranks, Exchange& exchange,
            const LevelLoopConfig& config)
      : ranks_(ranks),
        exchange_(exchange),
        config_(config),
        timed_(config.time_phases),
        host_(config.time_phases),
        bins_(ranks.size()),
        bitmaps_(ranks.size()),
        counters_(ranks.size()),
        every_rank_(static_cast<std::size_t>(exchange.ranks()) * kLevelCounters),
        rank_arcs_(static_cast<std::size_t>(exchange.ranks()), 0),
        p_(static_cast<std::int64_t>(exchange.ranks())),
        unexplored_(config.num_arcs) {
    rank_arcs_known_ =
        config.source_arcs >= 0 && config.source_rank >= 0 && config.source_rank < exchange.ranks();
    if (rank_arcs_known_) {
      rank_arcs_[static_cast<std::size_t>(config.source_rank)] = config.source_arcs;
    }
  }

  LevelLoopResult run(VertexT source) {
    for (RankSearch<VertexT>* rank : ranks_) rank->start(source, config_.predecessors, timed_);
    // What a rank sends depends on the search (start() chose predecessors or not).
    item_bytes_ = ranks_.empty() ? 0 : ranks_.front()->item_bytes();
    bitmap_bytes_ = ranks_.empty() ? 0 : ranks_.front()->bitmap_words() * sizeof(std::uint32_t);
    result_.vertices_reached = 1;
    for (std::int32_t level = 0; frontier_ > 0; ++level) {
      const detail::Timer level_timer;
      // 1-4. The level in the direction Beamer's rule picks.
      choose_direction();
      host_.end(&DistributedPhaseSeconds::idle);
      std::int64_t gathered_bytes = 0;
      if (bottom_up_) {
        gathered_bytes = bottom_up_level(level);
      } else {
        top_down_level(level);
      }
      // 5. Global sums; 6. the level's record.
      const std::vector<std::int64_t> totals = reduce_level(level);
      finish_level(level, totals, gathered_bytes, level_timer.seconds());
    }
    for (RankSearch<VertexT>* rank : ranks_) rank->finish();
    result_.seconds = search_timer_.seconds();
    if (timed_) collect_phases();
    return std::move(result_);
  }

 private:
  /// Beamer's rule (as the CPU backend and GAP): go bottom-up when the arcs out of the frontier
  /// (scout) exceed the arcs still unexplored over alpha; come back when the frontier shrinks
  /// below n / beta.
  void choose_direction() {
    if (!config_.direction_optimizing) return;
    if (!bottom_up_ && scout_ > unexplored_ / config_.alpha) {
      bottom_up_ = true;
    } else if (bottom_up_ && frontier_ < previous_frontier_ &&
               frontier_ <= config_.num_vertices / config_.beta) {
      bottom_up_ = false;
    }
  }

  /// Bottom-up: 1. frontier parts; 2. all-gathered; 3. unvisited vertices look for parents.
  /// Returns the bytes the all-gather moves between ranks.
  std::int64_t bottom_up_level(std::int32_t level) {
    // A frontier still in queues (after a top-down level) travels as them where the largest
    // queue part is small enough (several ranks only: one rank's bitmap part is already the
    // frontier in global order).
    const std::size_t queue_bytes = queue_part_bytes<VertexT>(largest_frontier_);
    const FrontierPart form =
        p_ > 1 && level > 0 && !previous_bottom_up_ && queue_bytes <= bitmap_bytes_ &&
                static_cast<double>(queue_bytes) <=
                    config_.queue_part_share * static_cast<double>(bitmap_bytes_)
            ? FrontierPart::kQueue
            : FrontierPart::kBitmap;
    const std::size_t part_bytes = form == FrontierPart::kQueue ? queue_bytes : bitmap_bytes_;
    for (std::size_t i = 0; i < ranks_.size(); ++i) {
      if (timed_) ranks_[i]->mark(level, LevelMark::kBegin);
      ranks_[i]->build_frontier_part(form, part_bytes);
      if (timed_) ranks_[i]->mark(level, LevelMark::kExpanded);
      bitmaps_[i] = ranks_[i]->gathered_bitmap();
    }
    host_.end(&DistributedPhaseSeconds::expand);
    // After a bottom-up level every rank's bitmap part was complete before the all-reduce
    // that ended it: ranks that read parts in place go straight on.
    if (!(exchange_.reads_in_place() && previous_bottom_up_ && form == FrontierPart::kBitmap)) {
      exchange_.all_gather(bitmaps_, part_bytes);
    }
    mark_all(level, LevelMark::kExchanged);
    host_.end(&DistributedPhaseSeconds::exchange);
    for (std::size_t i = 0; i < ranks_.size(); ++i) {
      ranks_[i]->bottom_up(level, form, part_bytes);
      if (timed_) ranks_[i]->mark(level, LevelMark::kContracted);
      counters_[i] = ranks_[i]->level_counters();
    }
    host_.end(&DistributedPhaseSeconds::contract);
    return p_ * (p_ - 1) * static_cast<std::int64_t>(part_bytes);
  }

  /// Top-down: 1-2. expand, filter and bin on every local rank; 3. counts then bins to their
  /// owners (on a small level, each rank's bins bounded by the arcs it expands); 4. contract
  /// into the next frontiers.
  void top_down_level(std::int32_t level) {
    unexplored_ -= scout_;
    // The bound also stays within every rank's send and receive room: n / p <= local_count(d).
    const std::int64_t small_limit = std::min(config_.small_level_arcs, config_.num_vertices / p_);
    const bool small = rank_arcs_known_ && small_limit >= 1 &&
                       *std::max_element(rank_arcs_.begin(), rank_arcs_.end()) <= small_limit;
    const std::span<const std::int64_t> bin_capacity = small ? rank_arcs_ : no_bound_;
    // No rank receives more items than all ranks expand arcs.
    std::int64_t items_bound = -1;
    if (rank_arcs_known_) {
      items_bound = 0;
      for (const std::int64_t arcs : rank_arcs_) items_bound += arcs;
    }
    for (std::size_t i = 0; i < ranks_.size(); ++i) {
      if (timed_) ranks_[i]->mark(level, LevelMark::kBegin);
      ranks_[i]->expand(
          level, rank_arcs_known_ ? rank_arcs_[static_cast<std::size_t>(ranks_[i]->rank())] : -1);
      if (timed_) ranks_[i]->mark(level, LevelMark::kExpanded);
      bins_[i] = &ranks_[i]->bins();
      bins_[i]->items_bound = items_bound;
    }
    host_.end(&DistributedPhaseSeconds::expand);
    exchange_.exchange_bins(bins_, item_bytes_, bin_capacity);
    mark_all(level, LevelMark::kExchanged);
    host_.end(&DistributedPhaseSeconds::exchange);
    for (std::size_t i = 0; i < ranks_.size(); ++i) {
      ranks_[i]->contract(level);
      if (timed_) ranks_[i]->mark(level, LevelMark::kContracted);
      counters_[i] = ranks_[i]->level_counters();
    }
    host_.end(&DistributedPhaseSeconds::contract);
  }

  /// 5. Global sums: next frontier size (the termination test), its arcs and the traffic; every
  /// rank's arcs to expand next and the largest frontier part; every local rank advances.
  std::vector<std::int64_t> reduce_level(std::int32_t level) {
    exchange_.all_reduce_start(counters_, kLevelCounters);
    mark_all(level, LevelMark::kReduced);
    exchange_.all_reduce_finish(every_rank_);
    std::vector<std::int64_t> totals(kLevelCounters, 0);
    largest_frontier_ = 0;
    for (std::size_t r = 0; r < rank_arcs_.size(); ++r) {
      const std::int64_t* counted = every_rank_.data() + r * kLevelCounters;
      for (int k = 0; k < kLevelCounters; ++k) totals[k] += counted[k];
      rank_arcs_[r] = counted[kFrontierArcs];
      largest_frontier_ = std::max(largest_frontier_, counted[kNextFrontier]);
    }
    rank_arcs_known_ = true;
    for (RankSearch<VertexT>* rank : ranks_) {
      rank->advance(
          every_rank_[static_cast<std::size_t>(rank->rank()) * kLevelCounters + kNextFrontier]);
    }
    host_.end(&DistributedPhaseSeconds::reduce);
    if (timed_) host_phases_.push_back(host_.take());
    return totals;
  }

  /// 6. The level's records (BFS and traffic) into the result; the next level's frontier.
  void finish_level(std::int32_t level, const std::vector<std::int64_t>& totals,
                    std::int64_t gathered_bytes, double seconds) {
    BfsLevelStats stats;
    stats.level = level;
    stats.direction = bottom_up_ ? BfsDirection::BottomUp : BfsDirection::TopDown;
    stats.frontier_vertices = frontier_;
    stats.edges_examined = totals[kEdgesExamined];
    stats.seconds = seconds;
    result_.levels.push_back(stats);
    DistributedLevelStats traffic;
    traffic.level = level;
    traffic.frontier_vertices = frontier_;
    traffic.items_binned = totals[kItemsBinned];
    traffic.bytes_exchanged =
        totals[kItemsSentAway] * static_cast<std::int64_t>(item_bytes_) + gathered_bytes;
    traffic.seconds = seconds;
    result_.exchange.push_back(traffic);
    result_.edges_examined += stats.edges_examined;
    result_.bytes_exchanged += traffic.bytes_exchanged;
    log_.debug(
        "distributed bfs level {} {}: frontier {}, {} arcs examined, {} items binned, {} "
        "bytes between ranks, {:.3f} ms",
        level, bottom_up_ ? "bottom-up" : "top-down", frontier_, stats.edges_examined,
        traffic.items_binned, traffic.bytes_exchanged, seconds * 1e3);
    previous_frontier_ = frontier_;
    previous_bottom_up_ = bottom_up_;
    frontier_ = totals[kNextFrontier];
    scout_ = totals[kFrontierArcs];
    result_.vertices_reached += frontier_;
  }

  /// The host's phases, then every rank's from its own stamps (final after finish()).
  void collect_phases() {
    const std::size_t levels = result_.exchange.size();
    for (std::size_t l = 0; l < levels; ++l) result_.exchange[l].phases.push_back(host_phases_[l]);
    for (RankSearch<VertexT>* rank : ranks_) {
      const std::vector<PhaseStamp> stamps = rank->phase_stamps();
      const std::vector<DistributedPhaseSeconds> phases =
          phases_from_stamps(rank->rank(), stamps, levels);
      for (std::size_t l = 0; l < levels; ++l) result_.exchange[l].phases.push_back(phases[l]);
    }
  }

  /// Stamps every local rank's `mark` of `level` (phase timing only).
  void mark_all(std::int32_t level, LevelMark mark) {
    if (!timed_) return;
    for (RankSearch<VertexT>* rank : ranks_) rank->mark(level, mark);
  }

  const detail::Timer search_timer_;
  spdlog::logger& log_ = detail::logger();
  std::span<RankSearch<VertexT>* const> ranks_;
  Exchange& exchange_;
  const LevelLoopConfig& config_;
  const bool timed_;
  HostPhases host_;
  LevelLoopResult result_;
  std::vector<RankBins*> bins_;
  std::vector<void*> bitmaps_;
  std::vector<std::int64_t*> counters_;
  /// Every rank's counters of the level just ended, and the arcs each rank expands next (its
  /// frontier's out-arcs; on level 0 the source's, where known).
  std::vector<std::int64_t> every_rank_;
  std::vector<std::int64_t> rank_arcs_;
  bool rank_arcs_known_ = false;
  std::vector<std::int64_t> no_bound_;
  std::vector<DistributedPhaseSeconds> host_phases_;
  /// Bytes of one binned item and of one rank's bitmap part (set once the ranks started).
  std::size_t item_bytes_ = 0;
  std::size_t bitmap_bytes_ = 0;
  const std::int64_t p_;
  std::int64_t frontier_ = 1;  // the source
  std::int64_t previous_frontier_ = 0;
  /// Beamer's inputs: the arcs out of the frontier and those not yet explored.
  std::int64_t scout_ = 0;
  std::int64_t unexplored_;
  bool bottom_up_ = false;
  bool previous_bottom_up_ = false;
  /// The largest frontier of any rank (known past level 0).
  std::int64_t largest_frontier_ = 1;
};

}  // namespace

template <typename VertexT>
LevelLoopResult run_level_loop(std::span<RankSearch<VertexT>* const> ranks, Exchange& exchange,
                               VertexT source, const LevelLoopConfig& config) {
  return LevelLoop<VertexT>(ranks, exchange, config).run(source);
}

template LevelLoopResult run_level_loop(std::span<RankSearch<std::int32_t>* const>, Exchange&,
                                        std::int32_t, const LevelLoopConfig&);
template LevelLoopResult run_level_loop(std::span<RankSearch<std::int64_t>* const>, Exchange&,
                                        std::int64_t, const LevelLoopConfig&);

}  // namespace frontier::distributed
