// The distributed level loop over simulated ranks (CpuRankSearch, HostExchange), run directly with
// the three choices of the small-level exchange: never (every top-down level exchanges its counts
// first), the default bound, and always where the bounds allow. Each must give the sequential
// oracle's depths, parents that pass the Graph500 rules, and the same levels (frontiers, items
// binned, arcs examined, directions) as the others; the fixed-size path must really be taken,
// on level 0 too when the source's arcs are known.
// Phase timing: stamps become phases exactly, and a timed search changes no result. The host
// threads that drive GPU ranks (RankThreads) and the merge of their loops' results.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <limits>
#include <memory>
#include <span>
#include <string>
#include <thread>
#include <vector>

#include "bfs/distributed/cpu/cpu_rank_search.hpp"
#include "bfs/distributed/cpu/host_exchange.hpp"
#include "bfs/distributed/level_loop.hpp"
#include "bfs/distributed/rank_threads.hpp"
#include "frontier/bfs_validate.hpp"
#include "frontier/csr_builder.hpp"
#include "frontier/distributed_bfs.hpp"
#include "frontier/errors.hpp"
#include "frontier/io/generate_kronecker.hpp"
#include "frontier/partition/slices.hpp"
#include "frontier/reference_bfs.hpp"
#include "support/test_graphs.hpp"

namespace frontier {
namespace {

using distributed::LevelLoopConfig;
using distributed::LevelLoopResult;

// A host exchange that counts the exchanges that moved fixed-size bins.
class CountingExchange final : public distributed::Exchange {
 public:
  explicit CountingExchange(int ranks) : inner_(ranks) {}
  int ranks() const override { return inner_.ranks(); }
  std::span<const int> local_ranks() const override { return inner_.local_ranks(); }
  void exchange_bins(std::span<distributed::RankBins* const> bins, std::size_t item_bytes,
                     std::span<const std::int64_t> bin_capacity) override {
    fixed_exchanges += bin_capacity.empty() ? 0 : 1;
    counted_exchanges += bin_capacity.empty() ? 1 : 0;
    inner_.exchange_bins(bins, item_bytes, bin_capacity);
  }
  void all_gather(std::span<void* const> buffers, std::size_t bytes_per_rank) override {
    gathered_part_bytes.push_back(bytes_per_rank);
    inner_.all_gather(buffers, bytes_per_rank);
  }
  void all_reduce_start(std::span<std::int64_t* const> values, int count) override {
    inner_.all_reduce_start(values, count);
  }
  void all_reduce_finish(std::span<std::int64_t> every_rank) override {
    inner_.all_reduce_finish(every_rank);
  }

  int fixed_exchanges = 0;
  int counted_exchanges = 0;
  std::vector<std::size_t> gathered_part_bytes;

 private:
  distributed::HostExchange inner_;
};

struct LoopRun {
  LevelLoopResult loop;
  std::vector<std::int32_t> depth;
  std::vector<VertexId> parent;
  int fixed_exchanges = 0;
  int counted_exchanges = 0;
  /// Bottom-up levels whose frontier travelled as queues (parts smaller than bitmap parts).
  int queue_gathers = 0;
};

LoopRun run_loop(const Graph& graph, VertexLayout layout, int ranks, VertexId source,
                 bool direction_optimizing, std::int64_t small_level_arcs,
                 std::int64_t source_arcs = -1,
                 double queue_part_share = LevelLoopConfig{}.queue_part_share) {
  const auto slices = partition::slice_graph(graph, layout, ranks);
  std::vector<std::unique_ptr<distributed::CpuRankSearch<VertexId, EdgeId>>> searches;
  std::vector<distributed::RankSearch<VertexId>*> pointers;
  for (const auto& slice : slices) {
    searches.push_back(std::make_unique<distributed::CpuRankSearch<VertexId, EdgeId>>(slice));
    pointers.push_back(searches.back().get());
  }
  CountingExchange exchange(ranks);
  LevelLoopConfig config;
  config.predecessors = true;
  config.direction_optimizing = direction_optimizing;
  config.num_vertices = graph.num_vertices();
  config.num_arcs = graph.num_arcs();
  config.small_level_arcs = small_level_arcs;
  config.source_arcs = source_arcs;
  config.queue_part_share = queue_part_share;
  if (source_arcs >= 0) config.source_rank = slices.front().distribution.owner(source);
  LoopRun run;
  run.loop = distributed::run_level_loop<VertexId>(pointers, exchange, source, config);
  run.depth.assign(static_cast<std::size_t>(graph.num_vertices()), kUnreachedDepth);
  run.parent.assign(static_cast<std::size_t>(graph.num_vertices()), -1);
  for (distributed::RankSearch<VertexId>* rank : pointers) rank->gather(run.depth, run.parent);
  run.fixed_exchanges = exchange.fixed_exchanges;
  run.counted_exchanges = exchange.counted_exchanges;
  const std::size_t bitmap_bytes = pointers.front()->bitmap_words() * sizeof(std::uint32_t);
  for (const std::size_t bytes : exchange.gathered_part_bytes) {
    run.queue_gathers += bytes < bitmap_bytes ? 1 : 0;
  }
  return run;
}

// Checks the exchange choices on one search (never, usual, always fixed-size; always with the
// source's arcs known); returns the fixed-size exchanges of the
// "always" run.
int expect_exchange_choices_agree(const Graph& graph, VertexLayout layout, int ranks,
                                  VertexId source, bool direction_optimizing) {
  SCOPED_TRACE("source " + std::to_string(source) + ", " + std::to_string(ranks) + " ranks, " +
               std::string(to_string(layout)) +
               (direction_optimizing ? ", direction-optimizing" : ", top-down"));
  const BfsResult<VertexId> expected = reference_bfs(graph, source);
  const LoopRun never = run_loop(graph, layout, ranks, source, direction_optimizing, 0);
  const LoopRun usual = run_loop(graph, layout, ranks, source, direction_optimizing,
                                 LevelLoopConfig{}.small_level_arcs);
  const LoopRun always = run_loop(graph, layout, ranks, source, direction_optimizing,
                                  std::numeric_limits<std::int64_t>::max());
  // The source's arcs known: level 0 (always top-down) takes the fixed-size exchange as well,
  // when they are within the bound n / ranks.
  const LoopRun known = run_loop(graph, layout, ranks, source, direction_optimizing,
                                 std::numeric_limits<std::int64_t>::max(), graph.degree(source));
  const std::int64_t bound = graph.num_vertices() / ranks;
  const bool level0_fixed = bound >= 1 && graph.degree(source) <= bound;
  EXPECT_EQ(never.fixed_exchanges, 0);
  EXPECT_EQ(known.fixed_exchanges, always.fixed_exchanges + (level0_fixed ? 1 : 0));
  for (const LoopRun* run : {&never, &usual, &always, &known}) {
    EXPECT_EQ(run->depth, expected.depth);
    EXPECT_EQ(run->loop.vertices_reached, expected.vertices_reached);
    const BfsValidation valid =
        validate_bfs_tree<VertexId, EdgeId>(graph, source, std::span<const VertexId>(run->parent),
                                            std::span<const std::int32_t>(run->depth));
    EXPECT_TRUE(valid.valid) << valid.failure;
    EXPECT_EQ(run->loop.edges_examined, never.loop.edges_examined);
    EXPECT_EQ(run->loop.bytes_exchanged, never.loop.bytes_exchanged);
    EXPECT_EQ(run->loop.levels.size(), never.loop.levels.size());
    if (run->loop.levels.size() != never.loop.levels.size()) continue;
    for (std::size_t l = 0; l < never.loop.levels.size(); ++l) {
      EXPECT_EQ(run->loop.levels[l].direction, never.loop.levels[l].direction) << "level " << l;
      EXPECT_EQ(run->loop.levels[l].frontier_vertices, never.loop.levels[l].frontier_vertices)
          << "level " << l;
      EXPECT_EQ(run->loop.exchange[l].items_binned, never.loop.exchange[l].items_binned)
          << "level " << l;
    }
    // Every top-down level exchanges once, one way or the other.
    EXPECT_EQ(run->fixed_exchanges + run->counted_exchanges,
              never.fixed_exchanges + never.counted_exchanges);
  }
  return always.fixed_exchanges;
}

TEST(DistributedLevelLoop, SmallLevelExchangeOnRandomGraphs) {
  for (const VertexId n : {1, 2, 7, 1000, 5000}) {
    SCOPED_TRACE("n " + std::to_string(n));
    CsrBuildOptions options;
    options.symmetrize = true;
    const Graph graph = build_csr<VertexId, EdgeId>(
        test::random_edge_list<VertexId>(n, 3 * static_cast<std::int64_t>(n), 40 + n, false),
        options);
    for (int ranks = 1; ranks <= 4; ++ranks) {
      for (const VertexLayout layout : {VertexLayout::Striped, VertexLayout::Block}) {
        int fixed = 0;
        for (const bool direction_optimizing : {false, true}) {
          fixed += expect_exchange_choices_agree(graph, layout, ranks, 0, direction_optimizing);
          fixed += expect_exchange_choices_agree(graph, layout, ranks, n - 1, direction_optimizing);
        }
        // Past level 0, a graph with at least 2 vertices per rank has small enough levels.
        if (n >= 1000) EXPECT_GT(fixed, 0);
      }
    }
  }
}

TEST(DistributedLevelLoop, SmallLevelExchangeOnKronecker) {
  const KroneckerParams params = test::kronecker_params(12, 9);
  const Graph graph = test::graph500_graph(params);
  for (const int ranks : {2, 3, 4}) {
    int searched = 0;
    for (VertexId source = 0; searched < 3; ++source) {
      if (graph.degree(source) == 0) continue;
      EXPECT_GT(expect_exchange_choices_agree(graph, VertexLayout::Striped, ranks, source, true),
                0);
      ++searched;
    }
  }
}

// A few hubs reached at level 1 hold most arcs, so level 2 goes bottom-up with a frontier of
// just the hubs, which travels as queues unless that is turned off (queue_part_share 0); the
// queues, the bitmaps and the default choice must give the oracle's depths, valid parents and
// the same levels.
TEST(DistributedLevelLoop, QueueFrontierParts) {
  const Graph graph = test::hub_graph(20000, 8, 7);
  const BfsResult<VertexId> expected = reference_bfs(graph, 0);
  for (const int ranks : {2, 3, 4}) {
    for (const VertexLayout layout : {VertexLayout::Striped, VertexLayout::Block}) {
      SCOPED_TRACE(std::to_string(ranks) + " ranks, " + std::string(to_string(layout)));
      const std::int64_t small = LevelLoopConfig{}.small_level_arcs;
      const LoopRun never = run_loop(graph, layout, ranks, 0, true, small, -1, 0.0);
      const LoopRun usual = run_loop(graph, layout, ranks, 0, true, small);
      const LoopRun always = run_loop(graph, layout, ranks, 0, true, small, -1, 1.0);
      EXPECT_EQ(never.queue_gathers, 0);
      EXPECT_GT(usual.queue_gathers, 0);
      EXPECT_GE(always.queue_gathers, usual.queue_gathers);
      for (const LoopRun* run : {&never, &usual, &always}) {
        EXPECT_EQ(run->depth, expected.depth);
        const BfsValidation valid =
            validate_bfs_tree<VertexId, EdgeId>(graph, 0, std::span<const VertexId>(run->parent),
                                                std::span<const std::int32_t>(run->depth));
        EXPECT_TRUE(valid.valid) << valid.failure;
        ASSERT_EQ(run->loop.levels.size(), never.loop.levels.size());
        for (std::size_t l = 0; l < never.loop.levels.size(); ++l) {
          EXPECT_EQ(run->loop.levels[l].direction, never.loop.levels[l].direction) << l;
          EXPECT_EQ(run->loop.levels[l].frontier_vertices, never.loop.levels[l].frontier_vertices)
              << l;
          EXPECT_EQ(run->loop.levels[l].edges_examined, never.loop.levels[l].edges_examined) << l;
        }
      }
    }
  }
}

// Bounded bins: the stride is the largest sender's bound (at least 1), each sender's items
// arrive at s * stride with their counts, and a bin over its sender's bound is an error.
TEST(DistributedLevelLoop, BoundedBinsPerSender) {
  using distributed::bin_stride;
  const std::vector<std::int64_t> zeros = {0, 0, 0};
  const std::vector<std::int64_t> bounds = {2, 0, 3};
  EXPECT_EQ(bin_stride(zeros, 3), 1);
  EXPECT_EQ(bin_stride(bounds, 3), 3);
  EXPECT_THROW(bin_stride(bounds, 2), InvalidArgument);
  const std::vector<std::int64_t> negative = {1, -1};
  EXPECT_THROW(bin_stride(negative, 2), InvalidArgument);

  // Three ranks, one int64 item per vertex; sender s bins s + 10 * d for each d it may reach.
  constexpr int kRanks = 3;
  std::vector<std::vector<std::int64_t>> send(kRanks), recv(kRanks), words(kRanks);
  std::vector<std::vector<std::int64_t>> offsets(kRanks);
  std::vector<distributed::RankBins> bins(kRanks);
  std::vector<distributed::RankBins*> pointers;
  for (int s = 0; s < kRanks; ++s) {
    send[s].assign(kRanks * 4, -1);
    recv[s].assign(kRanks * 4, -1);
    words[s].assign(2 * kRanks, 0);  // send counts, receive counts
    offsets[s] = {0, 4, 8};
    for (int d = 0; d < kRanks; ++d) {
      const std::int64_t count = std::min<std::int64_t>(bounds[s], d + 1);
      for (std::int64_t k = 0; k < count; ++k) send[s][offsets[s][d] + k] = s + 10 * d + 100 * k;
      words[s][d] = count;
    }
    bins[s].send = send[s].data();
    bins[s].send_offsets = offsets[s];
    bins[s].send_counts = words[s].data();
    bins[s].recv = recv[s].data();
    bins[s].recv_capacity = static_cast<std::int64_t>(recv[s].size());
    bins[s].recv_counts = words[s].data() + kRanks;
    pointers.push_back(&bins[s]);
  }
  distributed::HostExchange exchange(kRanks);
  exchange.exchange_bins(pointers, sizeof(std::int64_t), bounds);
  for (int d = 0; d < kRanks; ++d) {
    EXPECT_EQ(bins[d].recv_stride, 3);
    for (int s = 0; s < kRanks; ++s) {
      const std::int64_t count = std::min<std::int64_t>(bounds[s], d + 1);
      EXPECT_EQ(bins[d].recv_counts[s], count) << "sender " << s << ", receiver " << d;
      for (std::int64_t k = 0; k < count; ++k) {
        EXPECT_EQ(recv[d][s * 3 + k], s + 10 * d + 100 * k) << "sender " << s << ", item " << k;
      }
    }
  }
  // Sender 1's bound is 0: one item binned for rank 0 is over it.
  words[1][0] = 1;
  EXPECT_THROW(exchange.exchange_bins(pointers, sizeof(std::int64_t), bounds), Error);
}

// Phase timing: durations are the gaps between consecutive stamps, each booked to the phase its
// stamp ends and to its level; a missing stamp is a phase of 0; a stray level is an error.
TEST(DistributedLevelLoop, PhasesFromStamps) {
  using distributed::LevelMark;
  using distributed::PhaseStamp;
  const std::vector<PhaseStamp> stamps = {
      {-1, LevelMark::kSearchStart, 1.0}, {0, LevelMark::kBegin, 1.5},
      {0, LevelMark::kExpanded, 2.0},     {0, LevelMark::kExchanged, 4.0},
      {0, LevelMark::kContracted, 4.25},  {0, LevelMark::kReduced, 5.0},
      {1, LevelMark::kBegin, 5.125},      {1, LevelMark::kExpanded, 6.0},
      {1, LevelMark::kExchanged, 8.0},    {1, LevelMark::kGlobalized, 8.5},
      {1, LevelMark::kContracted, 10.0},  {1, LevelMark::kReduced, 10.75}};
  const std::vector<DistributedPhaseSeconds> phases =
      distributed::phases_from_stamps(3, std::span<const PhaseStamp>(stamps), 2);
  ASSERT_EQ(phases.size(), 2u);
  EXPECT_EQ(phases[0].rank, 3);
  EXPECT_EQ(phases[0].idle, 0.5);
  EXPECT_EQ(phases[0].expand, 0.5);
  EXPECT_EQ(phases[0].exchange, 2.0);
  EXPECT_EQ(phases[0].globalize, 0.0);
  EXPECT_EQ(phases[0].contract, 0.25);
  EXPECT_EQ(phases[0].reduce, 0.75);
  EXPECT_EQ(phases[1].rank, 3);
  EXPECT_EQ(phases[1].idle, 0.125);
  EXPECT_EQ(phases[1].expand, 0.875);
  EXPECT_EQ(phases[1].exchange, 2.0);
  EXPECT_EQ(phases[1].globalize, 0.5);
  EXPECT_EQ(phases[1].contract, 1.5);
  EXPECT_EQ(phases[1].reduce, 0.75);
  EXPECT_TRUE(distributed::phases_from_stamps(0, {}, 0).empty());
  EXPECT_THROW(distributed::phases_from_stamps(0, std::span<const PhaseStamp>(stamps), 1), Error);
}

// A search with its phases timed gives the same labels and levels as one without, and every
// level reports the host thread and then each rank, in order, with non-negative phases.
TEST(DistributedLevelLoop, TimedPhasesChangeNothing) {
  const KroneckerParams params = test::kronecker_params(11, 5);
  const Graph graph = test::graph500_graph(params);
  for (const int ranks : {1, 3, 4}) {
    SCOPED_TRACE(std::to_string(ranks) + " ranks");
    DistributedBfs<VertexId, EdgeId> search(
        partition::slice_graph(graph, VertexLayout::Striped, ranks), Device::cpu());
    VertexId source = 0;
    while (graph.degree(source) == 0) ++source;
    DistributedBfsOptions options;
    const DistributedBfsResult<VertexId> plain = search.run(source, options);
    options.time_phases = true;
    const DistributedBfsResult<VertexId> timed = search.run(source, options);
    EXPECT_EQ(timed.bfs.depth, plain.bfs.depth);
    EXPECT_EQ(timed.bfs.parent, plain.bfs.parent);
    ASSERT_EQ(timed.exchange.size(), plain.exchange.size());
    for (std::size_t l = 0; l < timed.exchange.size(); ++l) {
      EXPECT_TRUE(plain.exchange[l].phases.empty());
      EXPECT_EQ(timed.exchange[l].items_binned, plain.exchange[l].items_binned);
      ASSERT_EQ(timed.exchange[l].phases.size(), static_cast<std::size_t>(ranks) + 1);
      for (std::size_t i = 0; i < timed.exchange[l].phases.size(); ++i) {
        const DistributedPhaseSeconds& phase = timed.exchange[l].phases[i];
        EXPECT_EQ(phase.rank, static_cast<int>(i) - 1);
        for (const double seconds : {phase.idle, phase.expand, phase.exchange, phase.globalize,
                                     phase.contract, phase.reduce}) {
          EXPECT_GE(seconds, 0.0);
        }
        // Simulated ranks have no globalize step.
        if (phase.rank >= 0) EXPECT_EQ(phase.globalize, 0.0);
      }
    }
  }
}

// Host threads per rank: every job runs once per run(), job 0 on the calling thread and the
// others each on a thread of its own, kept across runs.
TEST(DistributedRankThreads, RunsEveryRankOncePerRun) {
  EXPECT_THROW(distributed::RankThreads(0), InvalidArgument);
  for (const int count : {1, 2, 4}) {
    distributed::RankThreads threads(count);
    EXPECT_EQ(threads.count(), count);
    std::vector<std::thread::id> first(static_cast<std::size_t>(count));
    for (int run = 0; run < 3; ++run) {
      std::vector<int> calls(static_cast<std::size_t>(count), 0);
      std::vector<std::thread::id> ids(static_cast<std::size_t>(count));
      threads.run([&](int i) {
        ++calls[static_cast<std::size_t>(i)];
        ids[static_cast<std::size_t>(i)] = std::this_thread::get_id();
      });
      EXPECT_EQ(calls, std::vector<int>(static_cast<std::size_t>(count), 1));
      EXPECT_FALSE(threads.failed().load());
      EXPECT_EQ(ids[0], std::this_thread::get_id());
      for (int i = 1; i < count; ++i) {
        EXPECT_NE(ids[static_cast<std::size_t>(i)], std::this_thread::get_id());
        for (int j = 1; j < i; ++j) EXPECT_NE(ids[static_cast<std::size_t>(i)], ids[j]);
      }
      if (run == 0) first = ids;
      EXPECT_EQ(ids, first);
    }
  }
}

// A failing rank raises failed() for the others (which would otherwise wait for it forever:
// here they wait for the flag), and run() rethrows the lowest failing rank's error after every
// job has returned; the threads serve the next run.
TEST(DistributedRankThreads, FailureReachesTheOtherRanksAndTheCaller) {
  distributed::RankThreads threads(4);
  std::atomic<int> gave_up{0};
  try {
    threads.run([&](int i) {
      if (i == 2) throw InvalidArgument("rank 2 failed");
      if (i == 3) throw Error("rank 3 failed");
      while (!threads.failed().load()) std::this_thread::yield();
      ++gave_up;
    });
    ADD_FAILURE() << "run() did not rethrow";
  } catch (const InvalidArgument& error) {
    EXPECT_EQ(std::string(error.what()), "rank 2 failed");
  }
  EXPECT_EQ(gave_up.load(), 2);
  EXPECT_TRUE(threads.failed().load());
  std::atomic<int> calls{0};
  threads.run([&](int) { ++calls; });
  EXPECT_EQ(calls.load(), 4);
  EXPECT_FALSE(threads.failed().load());
}

// Loops of several host threads merge into one result: the first loop's levels, every loop's
// phases per level in loop order, the given time; loops that disagree are an error.
TEST(DistributedLevelLoop, MergeThreadLoops) {
  const auto loop_of = [](int rank, std::int64_t reached) {
    LevelLoopResult loop;
    loop.vertices_reached = reached;
    loop.seconds = 1.0;
    for (int l = 0; l < 3; ++l) {
      DistributedLevelStats level;
      level.level = l;
      level.items_binned = 10 * l;
      DistributedPhaseSeconds host;
      host.rank = -1;
      host.reduce = 0.5 * rank + l;
      DistributedPhaseSeconds own;
      own.rank = rank;
      own.expand = 0.25 * rank + l;
      level.phases = {host, own};
      loop.exchange.push_back(level);
    }
    return loop;
  };
  std::vector<LevelLoopResult> loops = {loop_of(0, 7), loop_of(1, 7), loop_of(2, 7)};
  const LevelLoopResult merged = distributed::merge_thread_loops(loops, 0.125);
  EXPECT_EQ(merged.seconds, 0.125);
  EXPECT_EQ(merged.vertices_reached, 7);
  ASSERT_EQ(merged.exchange.size(), 3u);
  for (int l = 0; l < 3; ++l) {
    const auto& phases = merged.exchange[static_cast<std::size_t>(l)].phases;
    EXPECT_EQ(merged.exchange[static_cast<std::size_t>(l)].items_binned, 10 * l);
    ASSERT_EQ(phases.size(), 6u);
    for (int t = 0; t < 3; ++t) {
      EXPECT_EQ(phases[2 * t].rank, -1);
      EXPECT_EQ(phases[2 * t].reduce, 0.5 * t + l);
      EXPECT_EQ(phases[2 * t + 1].rank, t);
      EXPECT_EQ(phases[2 * t + 1].expand, 0.25 * t + l);
    }
  }
  EXPECT_THROW(distributed::merge_thread_loops({}, 0.0), Error);
  EXPECT_THROW(distributed::merge_thread_loops({loop_of(0, 7), loop_of(1, 8)}, 0.0), Error);
  std::vector<LevelLoopResult> short_loops = {loop_of(0, 7), loop_of(1, 7)};
  short_loops[1].exchange.pop_back();
  EXPECT_THROW(distributed::merge_thread_loops(short_loops, 0.0), Error);
}

}  // namespace
}  // namespace frontier
