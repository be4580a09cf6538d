// The single-GPU BFS with edge queues smaller than its levels (BfsCudaOptions::edge_queue_capacity
// forced tiny): a level whose edge frontier does not fit is expanded in passes (bfs_pass.cuh),
// after a two-phase contraction, a fused level, a multi-level grid launch, a cluster launch's
// hand-over or a bottom-up level. Every strategy, with and without parents and cluster levels,
// must still give the oracle's depths, a tree that passes the Graph500 rules and the oracle's
// level populations; the edge-queue strategies must show that they ran passes. Graphs: Kronecker,
// grid, path, stars (the hub pass), gather boundaries, and the real datasets when present; plus
// many sources (more than a queue holds), depth limits and targets. And the default capacity is
// max(n, m) on small graphs, so they run exactly as before. Skipped without a GPU.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "bfs/cuda/bfs_cuda.hpp"
#include "frontier/bfs.hpp"
#include "frontier/bfs_validate.hpp"
#include "frontier/io/generators.hpp"
#include "frontier/io/read_graph.hpp"
#include "frontier/memory_sizing.hpp"
#include "frontier/reference_bfs.hpp"
#include "support/bfs_checks.hpp"
#include "support/bfs_query_checks.hpp"
#include "support/dataset_manifest.hpp"
#include "support/gpu_bfs_strategies.hpp"
#include "support/require_gpu.hpp"
#include "support/test_graphs.hpp"
#include "support/test_paths.hpp"

namespace frontier {
namespace {

using cuda::BfsCudaOptions;
using cuda::BfsCudaStrategy;
using TestGraph = CsrGraph<VertexId, EdgeId>;
using Runner = cuda::BfsRunner<VertexId, EdgeId>;

constexpr auto& kAllStrategies = test::kAllGpuStrategies;

// The arcs of the largest level of the oracle's search: the longest edge frontier.
std::int64_t largest_level_arcs(const TestGraph& graph, const BfsResult<VertexId>& expected) {
  std::vector<std::int64_t> arcs;
  for (VertexId v = 0; v < graph.num_vertices(); ++v) {
    const std::int32_t depth = expected.depth[v];
    if (depth < 0) continue;
    if (arcs.size() <= static_cast<std::size_t>(depth)) arcs.resize(depth + 1, 0);
    arcs[depth] += graph.degree(v);
  }
  return arcs.empty() ? 0 : *std::max_element(arcs.begin(), arcs.end());
}

// The arcs out of the vertices the oracle's search reached.
std::int64_t reached_arcs(const TestGraph& graph, const BfsResult<VertexId>& expected) {
  std::int64_t arcs = 0;
  for (VertexId v = 0; v < graph.num_vertices(); ++v) {
    if (expected.depth[v] >= 0) arcs += graph.degree(v);
  }
  return arcs;
}

// Capacities below the largest level: 1, 64, 1000 and 16384 where a search of `reached` arcs
// runs in at most a few thousand passes (a pass per `capacity` arcs; the tiny ones on the small
// graphs), and one just below the largest level, where that level alone runs in passes.
std::vector<std::uint64_t> capacities_below(std::int64_t reached, std::int64_t largest) {
  constexpr std::int64_t kMostPasses = 4096;
  std::vector<std::uint64_t> capacities;
  for (const std::int64_t capacity : {1, 64, 1000, 16384}) {
    if (capacity < largest - 1 && reached / capacity <= kMostPasses) {
      capacities.push_back(static_cast<std::uint64_t>(capacity));
    }
  }
  if (largest > 1) capacities.push_back(static_cast<std::uint64_t>(largest - 1));
  return capacities;
}

// One search at `capacity` checked against the oracle, and the passes it must have run.
void check_search(const TestGraph& graph, Runner& runner, VertexId source,
                  const BfsResult<VertexId>& expected, BfsCudaStrategy strategy,
                  std::uint64_t capacity, bool predecessors, bool cluster_levels) {
  SCOPED_TRACE(std::string(cuda::to_string(strategy)) + ", capacity " + std::to_string(capacity) +
               (predecessors ? ", parents" : ", depths only") +
               (cluster_levels ? "" : ", no cluster levels") + ", source " +
               std::to_string(source));
  BfsCudaOptions options;
  options.strategy = strategy;
  options.predecessors = predecessors;
  options.cluster_levels = cluster_levels;
  options.edge_queue_capacity = capacity;
  const BfsResult<VertexId> actual = runner.run(source, options);
  const cuda::BfsCudaRunStats stats = runner.last_run_stats();
  test::expect_bfs_matches_reference(graph, actual, expected, predecessors);
  EXPECT_EQ(stats.vertices_claimed, expected.vertices_reached);
  const std::int64_t logical_arcs =
      reached_arcs(graph, std::span<const std::int32_t>(expected.depth));
  EXPECT_EQ(stats.logical_arcs, logical_arcs);
  const bool edge_queue_top_down = strategy == BfsCudaStrategy::TwoPhase ||
                                   strategy == BfsCudaStrategy::ContractExpand ||
                                   strategy == BfsCudaStrategy::Hybrid;
  if (edge_queue_top_down) EXPECT_EQ(stats.edge_queue_items, logical_arcs);
  // Every level is expanded top-down by these: a level of more arcs than the capacity, outside
  // the cluster kernel (which keeps no edge queue), runs in passes.
  const bool no_cluster = !cluster_levels || strategy == BfsCudaStrategy::TwoPhase ||
                          strategy == BfsCudaStrategy::ContractExpand;
  if (edge_queue_top_down && no_cluster &&
      largest_level_arcs(graph, expected) > static_cast<std::int64_t>(capacity)) {
    EXPECT_GT(stats.edge_queue_passes, 0);
  }
  if (strategy == BfsCudaStrategy::ExpandContract || strategy == BfsCudaStrategy::BottomUp) {
    EXPECT_EQ(stats.edge_queue_passes, 0);
  }
}

// Every strategy at the capacities_below() the search's largest level, from each source.
void check_graph(const TestGraph& graph, const std::vector<VertexId>& sources) {
  Runner runner(graph);
  for (const VertexId source : sources) {
    const BfsResult<VertexId> expected = reference_bfs(graph, source);
    const std::int64_t largest = largest_level_arcs(graph, expected);
    for (const std::uint64_t capacity : capacities_below(reached_arcs(graph, expected), largest)) {
      for (const BfsCudaStrategy strategy : kAllStrategies) {
        check_search(graph, runner, source, expected, strategy, capacity, true, true);
      }
      for (const BfsCudaStrategy strategy :
           {BfsCudaStrategy::Hybrid, BfsCudaStrategy::DirectionOptimizing}) {
        check_search(graph, runner, source, expected, strategy, capacity, true, false);
        check_search(graph, runner, source, expected, strategy, capacity, false, false);
      }
      check_search(graph, runner, source, expected, BfsCudaStrategy::TwoPhase, capacity, false,
                   true);
    }
  }
  // The runner still searches at its full capacity without passes afterwards.
  const BfsResult<VertexId> full = runner.run(sources.front());
  EXPECT_EQ(full.depth, reference_bfs(graph, sources.front()).depth);
  EXPECT_EQ(runner.last_run_stats().edge_queue_passes, 0);
}

struct GraphCase {
  const char* name;
  TestGraph (*make)();
};

class BfsBoundedQueuesGraphs : public ::testing::TestWithParam<GraphCase> {};

TEST_P(BfsBoundedQueuesGraphs, EveryStrategyMatchesReferenceInPasses) {
  FRONTIER_REQUIRE_GPU();
  const TestGraph graph = GetParam().make();
  check_graph(graph, test::spread_sources(graph));
}

INSTANTIATE_TEST_SUITE_P(
    Graphs, BfsBoundedQueuesGraphs,
    ::testing::Values(
        GraphCase{"kronecker_s12",
                  [] { return test::kronecker_graph(test::kronecker_params(12, 4)); }},
        GraphCase{"kronecker_directed_s11",
                  [] { return test::kronecker_graph(test::kronecker_params(11, 6), true); }},
        GraphCase{"grid_2d_60x70",
                  [] { return test::undirected_graph(io::generate_grid_2d<VertexId>(60, 70)); }},
        GraphCase{"path_1500", [] { return test::path_graph(1500); }},
        GraphCase{"star_5000", [] { return test::star_graph(5000); }},
        GraphCase{"star_100000", [] { return test::star_graph(100000); }},
        GraphCase{"gather_boundaries", test::gather_boundaries},
        GraphCase{"disconnected", [] { return test::disconnected_kronecker(3, 9, 40, 5); }}),
    [](const ::testing::TestParamInfo<GraphCase>& info) { return std::string(info.param.name); });

// A Kronecker graph large enough that the hybrid strategies run fused levels in grid launches
// and two-phase levels: with a capacity below their edge frontiers every kind of hand-over to
// the passes happens (fused, multi-level, two-phase, after bottom-up).
TEST(BfsBoundedQueues, LargeKroneckerEveryStepInPasses) {
  FRONTIER_REQUIRE_GPU();
  const TestGraph graph = test::kronecker_graph(test::kronecker_params(18, 21));
  Runner runner(graph);
  const VertexId source = test::highest_degree_vertex(graph);
  const BfsResult<VertexId> expected = reference_bfs(graph, source);
  const std::int64_t largest = largest_level_arcs(graph, expected);
  for (const std::uint64_t capacity :
       {std::uint64_t{65536}, std::uint64_t{400000}, static_cast<std::uint64_t>(largest - 1)}) {
    for (const BfsCudaStrategy strategy : kAllStrategies) {
      check_search(graph, runner, source, expected, strategy, capacity, true, true);
      check_search(graph, runner, source, expected, strategy, capacity, true, false);
    }
  }
}

// More sources than an edge queue holds, depth limits and targets, through the passes.
TEST(BfsBoundedQueues, ManySourcesLimitsAndTargets) {
  FRONTIER_REQUIRE_GPU();
  const TestGraph graph = test::kronecker_graph(test::kronecker_params(9, 3));
  Runner runner(graph);
  std::vector<VertexId> sources = test::spread_sources(graph);
  for (VertexId v = 0; v < graph.num_vertices(); v += 13) sources.push_back(v);
  std::sort(sources.begin(), sources.end());
  sources.erase(std::unique(sources.begin(), sources.end()), sources.end());
  ASSERT_GT(sources.size(), 2u);
  for (const std::vector<VertexId>& seeds : {std::vector<VertexId>{sources.front()}, sources}) {
    const std::span<const VertexId> span(seeds);
    const std::vector<std::int32_t> oracle = test::nearest_source_depths(graph, span);
    const auto farthest =
        static_cast<std::int64_t>(std::max_element(oracle.begin(), oracle.end()) - oracle.begin());
    for (const std::uint64_t capacity : {std::uint64_t{2}, std::uint64_t{300}}) {
      for (const BfsCudaStrategy strategy : kAllStrategies) {
        for (const std::optional<std::int32_t> limit :
             {std::optional<std::int32_t>{}, std::optional<std::int32_t>{0},
              std::optional<std::int32_t>{1}, std::optional<std::int32_t>{2}}) {
          for (const std::optional<std::int64_t> target :
               {std::optional<std::int64_t>{}, std::optional<std::int64_t>{farthest}}) {
            for (const bool predecessors : {true, false}) {
              BfsCudaOptions options;
              options.strategy = strategy;
              options.predecessors = predecessors;
              options.depth_limit = limit;
              options.target = target;
              options.edge_queue_capacity = capacity;
              SCOPED_TRACE(std::string(cuda::to_string(strategy)) + ", capacity " +
                           std::to_string(capacity) + ", " + std::to_string(seeds.size()) +
                           " source(s), limit " + (limit ? std::to_string(*limit) : "-") +
                           ", target " + (target ? std::to_string(*target) : "-"));
              BfsOptions mirrored;
              mirrored.predecessors = predecessors;
              mirrored.depth_limit = limit;
              mirrored.target = target;
              const BfsResult<VertexId> result = runner.run(span, options);
              test::expect_query_matches_oracle(graph, span, mirrored, result);
            }
          }
        }
      }
    }
  }
}

// Small graphs keep queues of max(n, m) items: the buffers bfs_device_bytes() plans, and no pass.
TEST(BfsBoundedQueues, DefaultCapacityIsMaxOfVerticesAndArcsOnSmallGraphs) {
  FRONTIER_REQUIRE_GPU();
  for (const TestGraph& graph : {test::kronecker_graph(test::kronecker_params(12, 4)),
                                 test::star_graph(5000), test::path_graph(1500)}) {
    Runner runner(graph);
    const std::uint64_t n = static_cast<std::uint64_t>(graph.num_vertices());
    const std::uint64_t m = static_cast<std::uint64_t>(graph.num_arcs());
    EXPECT_EQ(runner.edge_queue_capacity(), std::max(n, m));
    EXPECT_EQ(runner.device_bytes(), bfs_device_bytes(n, m, false).total());
    for (const BfsCudaStrategy strategy : kAllStrategies) {
      BfsCudaOptions options;
      options.strategy = strategy;
      const BfsResult<VertexId> result = runner.run(VertexId{0}, options);
      EXPECT_EQ(result.depth, reference_bfs(graph, VertexId{0}).depth);
      EXPECT_EQ(runner.last_run_stats().edge_queue_passes, 0) << cuda::to_string(strategy);
    }
  }
}

TEST(BfsBoundedQueues, RealDatasetsMatchReferenceInPasses) {
  FRONTIER_REQUIRE_GPU();
  if (!test::real_datasets_available()) GTEST_SKIP() << "no real datasets folder";
  const auto folder = test::real_datasets_dir();
  const std::vector<std::string> names = test::manifest_datasets(folder);
  ASSERT_FALSE(names.empty()) << "MANIFEST.md lists no datasets";
  for (const std::string& name : names) {
    SCOPED_TRACE(name);
    const io::LoadedGraph loaded = io::read_graph(folder / name);
    ASSERT_GT(loaded.graph.num_vertices(), 0);
    check_graph(loaded.graph, {test::spread_sources(loaded.graph).front()});
  }
}

}  // namespace
}  // namespace frontier
