// The CUDA BFS runner (frontier::cuda::BfsRunner, the backend behind frontier::bfs and Engine on
// a GPU) against the sequential oracle, for every strategy (hybrid, two-phase, contract-expand,
// expand-contract, direction-optimizing, bottom-up), with and without predecessors: what every
// backend owes the oracle (support/bfs_checks.hpp; the same searches through the public API on
// every backend are parity/bfs_backends_test.cpp), and what only the runner's statistics show:
// the work counters obey the exact-claim invariants (each reached vertex claimed once; top-down
// edge queues hold exactly the out-arcs of the reached vertices; the edge-balanced hub pass
// copies exactly the lists of hub size), and each strategy runs the steps it names. Graphs:
// Kronecker (undirected and directed), uniform random, 2D and 3D grids, path, star, gather- and
// hub-threshold boundaries, hubs at several levels, disconnected, directed, isolated source,
// n = 1, 64-bit vertex ids, and the real datasets when present. Skipped without a GPU.
#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "bfs/cuda/bfs_cuda.hpp"
#include "bfs/cuda/bfs_cuda_tuning.hpp"
#include "frontier/bfs.hpp"
#include "frontier/bfs_validate.hpp"
#include "frontier/csr_builder.hpp"
#include "frontier/device.hpp"
#include "frontier/errors.hpp"
#include "frontier/io/generators.hpp"
#include "frontier/io/read_graph.hpp"
#include "frontier/reference_bfs.hpp"
#include "support/bfs_checks.hpp"
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

constexpr int kHubThreshold = cuda::kSm90BfsPolicy.hub_threshold;

// Hubs at several levels: source 0 joined to hubs whose degrees straddle the hub threshold and
// the chunk size (threshold - 1, threshold, threshold + 1, 9 chunks + 1, 100003); their leaves
// overlap (each leaf hangs off several hubs, so hub chunks carry duplicates); every 13th leaf
// leads to a depth-3 hub whose own 10000 fresh leaves sit at depth 4.
TestGraph hub_levels() {
  const VertexId chunk = cuda::kSm90BfsPolicy.hub_chunk_arcs;
  const std::vector<VertexId> degrees = {kHubThreshold - 1, kHubThreshold, kHubThreshold + 1,
                                         9 * chunk + 1, 100003};
  const VertexId hubs = static_cast<VertexId>(degrees.size());
  const VertexId pool = 120000;
  const VertexId first_leaf = 1 + hubs;
  const VertexId deep_hub = first_leaf + pool;
  const VertexId first_fresh = deep_hub + 1;
  std::vector<std::pair<VertexId, VertexId>> pairs;
  for (VertexId h = 0; h < hubs; ++h) {
    pairs.emplace_back(0, 1 + h);
    for (VertexId k = 0; k + 1 < degrees[h]; ++k) {
      pairs.emplace_back(1 + h, first_leaf + (h * 7919 + k) % pool);
    }
  }
  for (VertexId k = 0; k < pool; k += 13) pairs.emplace_back(first_leaf + k, deep_hub);
  for (VertexId k = 0; k < 10000; ++k) pairs.emplace_back(deep_hub, first_fresh + k);
  return test::graph_from_pairs(first_fresh + 10000, pairs, false);
}

// One search checked against the oracle `expected`; returns the result for further checks.
template <typename VertexT>
BfsResult<VertexT> check_search(const CsrGraph<VertexT, EdgeId>& graph,
                                cuda::BfsRunner<VertexT, EdgeId>& runner, VertexT source,
                                const BfsResult<VertexT>& expected, BfsCudaStrategy strategy,
                                bool predecessors, bool cluster_levels = true,
                                bool wide_arc_indices = false) {
  SCOPED_TRACE(
      std::string(cuda::to_string(strategy)) + (predecessors ? " with parents" : " depths only") +
      (cluster_levels ? "" : ", no cluster levels") +
      (wide_arc_indices ? ", 64-bit arc indices" : "") + ", source " + std::to_string(source));
  BfsCudaOptions options;
  options.strategy = strategy;
  options.predecessors = predecessors;
  options.cluster_levels = cluster_levels;
  options.cluster_wide_arc_indices = wide_arc_indices;
  BfsResult<VertexT> actual = runner.run(source, options);
  const cuda::BfsCudaRunStats stats = runner.last_run_stats();

  // 1-3. Depths, parents and level populations as every backend owes the oracle.
  test::expect_bfs_matches_reference(graph, actual, expected, predecessors);
  const std::int64_t levels =
      static_cast<std::int64_t>(test::depth_populations(expected.depth).size());
  const std::int64_t logical_arcs =
      reached_arcs(graph, std::span<const std::int32_t>(expected.depth));

  // 4. Work counters: every reached vertex claimed once; a top-down level's edge queue holds
  //    exactly the out-arcs of the frontier it expands.
  EXPECT_EQ(stats.vertices_claimed, expected.vertices_reached);
  EXPECT_EQ(stats.logical_arcs, logical_arcs);
  const bool top_down_only =
      strategy == BfsCudaStrategy::Hybrid || strategy == BfsCudaStrategy::TwoPhase ||
      strategy == BfsCudaStrategy::ContractExpand || strategy == BfsCudaStrategy::ExpandContract;
  // 5. The hub pass: edge-queue strategies that expand every reached vertex top-down copy exactly
  //    the lists of at least hub_threshold arcs through it; expand-contract never uses it.
  std::int64_t hub_arcs = 0;
  for (VertexT v = 0; v < graph.num_vertices(); ++v) {
    if (expected.depth[v] >= 0 && graph.degree(v) >= kHubThreshold) hub_arcs += graph.degree(v);
  }
  if (top_down_only && strategy != BfsCudaStrategy::ExpandContract) {
    if (stats.hub_levels == 0) {
      EXPECT_EQ(stats.hub_arcs, hub_arcs);
    } else {
      // A hub level may also have copied its lists of a CTA's length or more through the pass.
      std::int64_t cta_arcs = 0;
      for (VertexT v = 0; v < graph.num_vertices(); ++v) {
        if (expected.depth[v] >= 0 &&
            graph.degree(v) >= cuda::kSm90BfsPolicy.cta_gather_threshold) {
          cta_arcs += graph.degree(v);
        }
      }
      EXPECT_GE(stats.hub_arcs, hub_arcs);
      EXPECT_LE(stats.hub_arcs, cta_arcs);
    }
  }
  if (strategy == BfsCudaStrategy::ExpandContract) {
    EXPECT_EQ(stats.hub_arcs, 0);
    EXPECT_EQ(stats.fused_levels, 0);
    EXPECT_EQ(stats.two_phase_levels, 0);
    EXPECT_EQ(stats.multi_level_launches, 0);
    EXPECT_EQ(stats.cluster_level_launches, 0);
    EXPECT_EQ(stats.expand_contract_levels, levels);
  } else {
    EXPECT_EQ(stats.expand_contract_levels, 0);
  }
  if (strategy != BfsCudaStrategy::DirectionOptimizing) EXPECT_EQ(stats.in_launch_switches, 0);
  if (top_down_only) {
    EXPECT_EQ(stats.edge_queue_items, logical_arcs);
    EXPECT_GE(stats.culling_survivors, stats.vertices_claimed);
    EXPECT_EQ(stats.bottom_up_levels, 0);
    EXPECT_EQ(stats.bottom_up_arcs_examined, 0);
    for (const BfsLevelStats& level : actual.levels) {
      EXPECT_EQ(level.direction, BfsDirection::TopDown);
    }
  }
  if (strategy == BfsCudaStrategy::TwoPhase) EXPECT_EQ(stats.fused_levels, 0);
  // 6. Only the hybrid strategies run levels in a cluster of CTAs, and only when asked to.
  const bool hybrid =
      strategy == BfsCudaStrategy::Hybrid || strategy == BfsCudaStrategy::DirectionOptimizing;
  if (!hybrid || !cluster_levels) {
    EXPECT_EQ(stats.cluster_levels, 0);
    EXPECT_EQ(stats.cluster_level_launches, 0);
  }
  if (strategy == BfsCudaStrategy::ContractExpand) EXPECT_EQ(stats.two_phase_levels, 0);
  if (strategy == BfsCudaStrategy::BottomUp) {
    EXPECT_EQ(stats.edge_queue_items, 0);
    for (const BfsLevelStats& level : actual.levels) {
      EXPECT_EQ(level.direction, BfsDirection::BottomUp);
    }
  }
  return actual;
}

// Every strategy, with and without parents, from each source, on one resident runner.
void check_graph(const TestGraph& graph, const std::vector<VertexId>& sources) {
  Runner runner(graph);
  EXPECT_EQ(runner.num_vertices(), graph.num_vertices());
  EXPECT_EQ(runner.num_arcs(), graph.num_arcs());
  EXPECT_EQ(runner.directed(), graph.directed());
  EXPECT_GT(runner.device_bytes(), 0u);
  for (VertexId source : sources) {
    const BfsResult<VertexId> expected = reference_bfs(graph, source);
    for (BfsCudaStrategy strategy : kAllStrategies) {
      for (bool predecessors : {true, false}) {
        check_search(graph, runner, source, expected, strategy, predecessors);
      }
    }
    // The hybrids once more with every small level in the cooperative grid launch, and with
    // the cluster kernel listing arcs by 64-bit index, as it does on graphs of 2^32 arcs.
    for (BfsCudaStrategy strategy :
         {BfsCudaStrategy::Hybrid, BfsCudaStrategy::DirectionOptimizing}) {
      check_search(graph, runner, source, expected, strategy, true, false);
      check_search(graph, runner, source, expected, strategy, true, true, true);
    }
  }
}

struct GraphCase {
  std::string name;
  std::function<TestGraph()> make;
};

class BfsGpuGraphs : public ::testing::TestWithParam<GraphCase> {};

TEST_P(BfsGpuGraphs, EveryStrategyMatchesReference) {
  FRONTIER_REQUIRE_GPU();
  const TestGraph graph = GetParam().make();
  check_graph(graph, test::spread_sources(graph));
}

INSTANTIATE_TEST_SUITE_P(
    Graphs, BfsGpuGraphs,
    ::testing::Values(
        GraphCase{"kronecker_s10_ef16",
                  [] { return test::kronecker_graph(test::kronecker_params(10, 1)); }},
        GraphCase{"kronecker_s15_ef8",
                  [] { return test::kronecker_graph(test::kronecker_params(15, 7, 8)); }},
        GraphCase{"kronecker_directed_s12",
                  [] { return test::kronecker_graph(test::kronecker_params(12, 3), true); }},
        GraphCase{"uniform_sparse_disconnected",
                  [] { return test::uniform_graph(20000, 12000, 5); }},
        GraphCase{"uniform_dense", [] { return test::uniform_graph(3000, 60000, 9); }},
        GraphCase{"random_directed", [] { return test::random_directed_graph(5000, 15000, 11); }},
        GraphCase{"grid_2d_60x70",
                  [] { return test::undirected_graph(io::generate_grid_2d<VertexId>(60, 70)); }},
        GraphCase{"grid_2d_1x300",
                  [] { return test::undirected_graph(io::generate_grid_2d<VertexId>(1, 300)); }},
        GraphCase{
            "grid_3d_17x19x23",
            [] { return test::undirected_graph(io::generate_grid_3d<VertexId>(17, 19, 23)); }},
        GraphCase{"path_1500", [] { return test::path_graph(1500); }},
        GraphCase{"star_5000", [] { return test::star_graph(5000); }},
        GraphCase{"gather_boundaries", test::gather_boundaries},
        GraphCase{"hub_levels", [] { return hub_levels(); }},
        GraphCase{"star_100000", [] { return test::star_graph(100000); }},
        GraphCase{"disconnected", [] { return test::disconnected_kronecker(3, 9, 40, 5); }}),
    [](const ::testing::TestParamInfo<GraphCase>& info) { return info.param.name; });

// Large enough that the edge queue outgrows the resident thread count: the hybrid then runs both
// fused and two-phase levels, and Beamer's rule switches direction both ways.
TEST(BfsGpu, LargeKroneckerUsesEveryKindOfStep) {
  FRONTIER_REQUIRE_GPU();
  const TestGraph graph = test::kronecker_graph(test::kronecker_params(18, 21));
  Runner runner(graph);
  const VertexId source = test::highest_degree_vertex(graph);
  const BfsResult<VertexId> expected = reference_bfs(graph, source);
  for (BfsCudaStrategy strategy : kAllStrategies) {
    check_search(graph, runner, source, expected, strategy, true);
    const cuda::BfsCudaRunStats stats = runner.last_run_stats();
    if (strategy == BfsCudaStrategy::Hybrid) {
      EXPECT_GT(stats.fused_levels + stats.cluster_levels, 0);
      EXPECT_GT(stats.two_phase_levels, 0);
    }
    if (strategy == BfsCudaStrategy::DirectionOptimizing) {
      EXPECT_GT(stats.bottom_up_levels, 0);
      EXPECT_GT(stats.fused_levels + stats.cluster_levels + stats.two_phase_levels, 0);
    }
  }
  check_search(graph, runner, source, expected, BfsCudaStrategy::Hybrid, true, false);
  EXPECT_GT(runner.last_run_stats().fused_levels, 0);
  EXPECT_GT(runner.last_run_stats().two_phase_levels, 0);
}

// Hub lists at several levels go through the edge-balanced hub pass, inside multi-level launches
// (hybrid), after single fused launches (contract-expand) and after expand kernels (two-phase).
TEST(BfsGpu, HubListsGoThroughTheHubPass) {
  FRONTIER_REQUIRE_GPU();
  const TestGraph graph = hub_levels();
  Runner runner(graph);
  const BfsResult<VertexId> expected = reference_bfs(graph, VertexId{0});
  for (BfsCudaStrategy strategy :
       {BfsCudaStrategy::Hybrid, BfsCudaStrategy::TwoPhase, BfsCudaStrategy::ContractExpand}) {
    check_search(graph, runner, VertexId{0}, expected, strategy, true);
    // Hubs of degree >= threshold at depths 1 and 3, every one of them reached.
    EXPECT_GT(runner.last_run_stats().hub_arcs, 100003 + 10000) << cuda::to_string(strategy);
  }
}

// A few vertices with many lists of a CTA's length (source 0, then 1000 vertices of 1100 arcs
// each into a shared pool of leaves): their expansion sends those lists through the hub pass,
// spread over the GPU, where the expand kernel would have a block per 256 vertices. The cluster
// launch hands level 1 over with its arcs counted (hybrid; direction-optimizing with alpha 1,
// so that level 1 stays top-down); two-phase expands with no count in hand and keeps the CTA
// gather.
TEST(BfsGpu, FewVerticesWithManyArcsExpandThroughTheHubPass) {
  FRONTIER_REQUIRE_GPU();
  constexpr VertexId kMiddle = 1000;
  constexpr VertexId kArcsEach = 1100;
  constexpr VertexId kPool = 300000;
  std::vector<std::pair<VertexId, VertexId>> pairs;
  for (VertexId m = 0; m < kMiddle; ++m) {
    pairs.emplace_back(0, 1 + m);
    for (VertexId k = 0; k + 1 < kArcsEach; ++k) {
      pairs.emplace_back(1 + m, 1 + kMiddle + (m * 7919 + k * 131) % kPool);
    }
  }
  const TestGraph graph = test::graph_from_pairs(1 + kMiddle + kPool, pairs, false);
  Runner runner(graph);
  const BfsResult<VertexId> expected = reference_bfs(graph, VertexId{0});
  check_search(graph, runner, VertexId{0}, expected, BfsCudaStrategy::Hybrid, true);
  EXPECT_EQ(runner.last_run_stats().hub_levels, 1);
  EXPECT_GE(runner.last_run_stats().hub_arcs, std::int64_t{kMiddle} * kArcsEach);
  check_search(graph, runner, VertexId{0}, expected, BfsCudaStrategy::Hybrid, false);
  EXPECT_EQ(runner.last_run_stats().hub_levels, 1);

  BfsCudaOptions top_down;
  top_down.strategy = BfsCudaStrategy::DirectionOptimizing;
  top_down.predecessors = true;
  top_down.alpha = 1.0;
  const BfsResult<VertexId> actual = runner.run(VertexId{0}, top_down);
  test::expect_bfs_matches_reference(graph, actual, expected, true);
  EXPECT_EQ(runner.last_run_stats().hub_levels, 1);

  check_search(graph, runner, VertexId{0}, expected, BfsCudaStrategy::TwoPhase, true);
  EXPECT_EQ(runner.last_run_stats().hub_levels, 0);
}

// A level that Beamer's rule might turn bottom-up is claimed before it is expanded, so no level
// is expanded top-down and then run bottom-up: on a uniform random graph of 48000 arcs (less than
// any GPU's resident thread count, so every top-down level would fit one grid launch) the search
// turns bottom-up by level 3 at the latest (some 2000 vertices, 32000 arcs > 48000 / 15), decided
// by the host after a contraction, never inside a multi-level launch. With cluster levels the
// rule is applied where the cluster hands its last level over.
TEST(BfsGpu, DirectionOptimizingClaimsBeforeExpandingWhereItMayTurn) {
  FRONTIER_REQUIRE_GPU();
  const TestGraph graph = test::uniform_graph(3000, 24000, 23);
  Runner runner(graph);
  for (VertexId source : {VertexId{0}, VertexId{1500}}) {
    const BfsResult<VertexId> expected = reference_bfs(graph, source);
    check_search(graph, runner, source, expected, BfsCudaStrategy::DirectionOptimizing, true);
    EXPECT_GE(runner.last_run_stats().cluster_levels, 1);
    EXPECT_GE(runner.last_run_stats().bottom_up_levels, 1);
    EXPECT_EQ(runner.last_run_stats().in_launch_switches, 0);
    check_search(graph, runner, source, expected, BfsCudaStrategy::DirectionOptimizing, true,
                 false);
    const cuda::BfsCudaRunStats stats = runner.last_run_stats();
    EXPECT_EQ(stats.in_launch_switches, 0);
    EXPECT_GE(stats.bottom_up_levels, 1);
    check_search(graph, runner, source, expected, BfsCudaStrategy::Hybrid, true);
    EXPECT_EQ(runner.last_run_stats().in_launch_switches, 0);
    EXPECT_EQ(runner.last_run_stats().bottom_up_levels, 0);
  }
}

// Each bottom-up step is queued behind the one before it, before the host has that one's counts;
// the earlier step decides on the GPU (Beamer's rule back to top-down) whether it runs. Where the
// search stays bottom-up to its end (the bottom-up strategy; direction-optimizing with a beta
// that never turns back) every step but the first was queued; where it turns back, the step
// queued behind the turning one must change nothing (every vertex claimed once, the oracle's
// depths and parents). A depth limit, which the host applies, queues none.
TEST(BfsGpu, BottomUpStepsQueueTheNextBehindThem) {
  FRONTIER_REQUIRE_GPU();
  const TestGraph graph = test::kronecker_graph(test::kronecker_params(15, 41));
  Runner runner(graph);
  const VertexId source = test::highest_degree_vertex(graph);
  const BfsResult<VertexId> expected = reference_bfs(graph, source);
  int levels_to_the_end = 0;
  struct Case {
    const char* name;
    BfsCudaStrategy strategy;
    double beta;
    bool to_the_end;
  };
  for (const Case& c :
       {Case{"bottom-up", BfsCudaStrategy::BottomUp, 0.0, true},
        Case{"never back", BfsCudaStrategy::DirectionOptimizing, 1e12, true},
        Case{"back once shrinking", BfsCudaStrategy::DirectionOptimizing, 1.0, false}}) {
    for (const bool predecessors : {true, false}) {
      SCOPED_TRACE(std::string(c.name) + (predecessors ? ", parents" : ", depths"));
      BfsCudaOptions options;
      options.strategy = c.strategy;
      options.predecessors = predecessors;
      options.alpha = 1e12;  // bottom-up from the first level Beamer's rule sees
      options.beta = c.beta;
      const BfsResult<VertexId> actual = runner.run(source, options);
      test::expect_bfs_matches_reference(graph, actual, expected, predecessors);
      const cuda::BfsCudaRunStats stats = runner.last_run_stats();
      EXPECT_EQ(stats.vertices_claimed, expected.vertices_reached);
      EXPECT_GE(stats.bottom_up_levels, 2);
      if (c.to_the_end) {
        EXPECT_EQ(stats.bottom_up_levels_queued, stats.bottom_up_levels - 1);
        levels_to_the_end = stats.bottom_up_levels;
      } else {
        // It turned back (fewer bottom-up levels) after queuing at least the step after the
        // first, which found more vertices than the source.
        EXPECT_LT(stats.bottom_up_levels, levels_to_the_end);
        EXPECT_GE(stats.bottom_up_levels_queued, 1);
      }
    }
  }
  BfsCudaOptions limited;
  limited.strategy = BfsCudaStrategy::BottomUp;
  limited.depth_limit = 2;
  const BfsResult<VertexId> actual = runner.run(source, limited);
  for (VertexId v = 0; v < graph.num_vertices(); ++v) {
    ASSERT_EQ(actual.depth[v], expected.depth[v] <= 2 ? expected.depth[v] : -1) << "vertex " << v;
  }
  EXPECT_GE(runner.last_run_stats().bottom_up_levels, 2);
  EXPECT_EQ(runner.last_run_stats().bottom_up_levels_queued, 0);
}

// Expand-contract on a long path: one launch per level, vertex queues of one item.
TEST(BfsGpu, ExpandContractRunsOneLaunchPerLevel) {
  FRONTIER_REQUIRE_GPU();
  const TestGraph graph = test::path_graph(700);
  Runner runner(graph);
  const BfsResult<VertexId> expected = reference_bfs(graph, VertexId{350});
  check_search(graph, runner, VertexId{350}, expected, BfsCudaStrategy::ExpandContract, true);
  EXPECT_EQ(runner.last_run_stats().expand_contract_levels, 351);
  EXPECT_EQ(runner.last_run_stats().edge_queue_items, 2 * 699);
}

// Small frontiers run many levels per launch, in one cluster of CTAs or (without it) in a
// cooperative grid; a long path needs several launches, each handing its last level to the next:
// the cluster kernel leaves its last level's expansion to the wide expand kernel.
TEST(BfsGpu, LongPathRunsManyLevelsPerLaunch) {
  FRONTIER_REQUIRE_GPU();
  const VertexId n = 1500;
  const TestGraph graph = test::path_graph(n);
  Runner runner(graph);
  const BfsResult<VertexId> expected = reference_bfs(graph, VertexId{0});
  // n levels plus the last one, which finds nothing, in launches of at most K levels.
  const int per_launch = cuda::kSm90BfsPolicy.persistent_max_levels;
  const int launches = (n + 1 + per_launch - 1) / per_launch;
  check_search(graph, runner, VertexId{0}, expected, BfsCudaStrategy::Hybrid, true);
  cuda::BfsCudaRunStats stats = runner.last_run_stats();
  EXPECT_EQ(stats.cluster_levels, n);
  EXPECT_EQ(stats.cluster_level_launches, launches);
  EXPECT_EQ(stats.fused_levels, 0);
  EXPECT_EQ(stats.multi_level_launches, 0);
  EXPECT_EQ(stats.two_phase_levels, 0);
  check_search(graph, runner, VertexId{0}, expected, BfsCudaStrategy::Hybrid, true, false);
  stats = runner.last_run_stats();
  EXPECT_EQ(stats.fused_levels, n);
  EXPECT_EQ(stats.two_phase_levels, 0);
  EXPECT_EQ(stats.multi_level_launches, launches);
  EXPECT_EQ(stats.cluster_level_launches, 0);
  check_search(graph, runner, VertexId{0}, expected, BfsCudaStrategy::ContractExpand, true);
  EXPECT_EQ(runner.last_run_stats().multi_level_launches, 0);
}

// Levels whose frontiers straddle the cluster kernel's rounds of a block (kClusterLevelsThreads
// items, 512 or 1024) in both of its passes: the vertices it lists (1023, 1024, 1025, 2047, 2048)
// and the arcs it claims (1024, 2047, 2049, 3072, 4095: every level's arcs stay under the CTA's
// capacity of 4096, so the whole search runs in the cluster kernel). Vertex j of level i + 1 hangs
// off vertex j mod |level i| of level i.
TEST(BfsGpu, ClusterLevelsAcrossTheBlocksRounds) {
  FRONTIER_REQUIRE_GPU();
  const std::vector<VertexId> sizes = {1, 1023, 1024, 1025, 2047, 2048, 1025, 1024, 1023, 2, 1};
  std::vector<std::pair<VertexId, VertexId>> pairs;
  VertexId first = 0;
  for (std::size_t i = 0; i + 1 < sizes.size(); ++i) {
    const VertexId next = first + sizes[i];
    for (VertexId j = 0; j < sizes[i + 1]; ++j) pairs.emplace_back(first + j % sizes[i], next + j);
    first = next;
  }
  const VertexId n = first + sizes.back();
  const TestGraph graph = test::graph_from_pairs<VertexId>(n, pairs, false);
  Runner runner(graph);
  for (const VertexId source : {VertexId{0}, n - 1}) {
    const BfsResult<VertexId> expected = reference_bfs(graph, source);
    for (BfsCudaStrategy strategy : kAllStrategies) {
      for (bool predecessors : {true, false}) {
        check_search(graph, runner, source, expected, strategy, predecessors);
      }
    }
    check_search(graph, runner, source, expected, BfsCudaStrategy::Hybrid, true, true, true);
  }
  const BfsResult<VertexId> expected = reference_bfs(graph, VertexId{0});
  check_search(graph, runner, VertexId{0}, expected, BfsCudaStrategy::Hybrid, true);
  const cuda::BfsCudaRunStats stats = runner.last_run_stats();
  EXPECT_EQ(stats.cluster_levels, static_cast<int>(sizes.size()));
  EXPECT_EQ(stats.cluster_level_launches, 1);
  EXPECT_EQ(stats.fused_levels + stats.two_phase_levels + stats.bottom_up_levels, 0);
}

// A broom: a star of 100000 leaves whose last leaf starts a path of 700 vertices. From the centre
// the cluster kernel claims the centre and hands its 100000 arcs to the wide kernels; the leaves'
// level, longer than a cluster launch starts from (16 CTAs x 4096 items at most) and shorter than
// the resident thread count, runs in the cooperative grid, which hands the path (an edge queue of
// one item) back to the cluster. From the path's far end, the frontier outgrows the cluster at
// the centre.
TEST(BfsGpu, SmallLevelsMoveBetweenClusterAndGrid) {
  FRONTIER_REQUIRE_GPU();
  const VertexId leaves = 100000;
  const VertexId path = 700;
  std::vector<std::pair<VertexId, VertexId>> pairs;
  for (VertexId leaf = 1; leaf <= leaves; ++leaf) pairs.emplace_back(0, leaf);
  for (VertexId v = leaves; v < leaves + path; ++v) pairs.emplace_back(v, v + 1);
  const TestGraph graph = test::graph_from_pairs<VertexId>(leaves + path + 1, pairs, false);
  Runner runner(graph);
  for (const VertexId source : {VertexId{0}, VertexId{leaves + path}}) {
    const BfsResult<VertexId> expected = reference_bfs(graph, source);
    for (BfsCudaStrategy strategy :
         {BfsCudaStrategy::Hybrid, BfsCudaStrategy::DirectionOptimizing}) {
      for (bool predecessors : {true, false}) {
        check_search(graph, runner, source, expected, strategy, predecessors);
      }
    }
    check_search(graph, runner, source, expected, BfsCudaStrategy::Hybrid, true);
    const cuda::BfsCudaRunStats stats = runner.last_run_stats();
    EXPECT_GE(stats.cluster_level_launches, 2);
    EXPECT_GE(stats.cluster_levels, path);
    EXPECT_GE(stats.multi_level_launches, 1);
    EXPECT_GE(stats.fused_levels, 1);
  }
}

// A directed chain 0 -> 1 -> ... with a back arc: bottom-up steps must read in-arcs, not out-arcs.
TEST(BfsGpu, DirectedGraphUsesInArcsBottomUp) {
  FRONTIER_REQUIRE_GPU();
  std::vector<std::pair<VertexId, VertexId>> pairs;
  for (VertexId v = 0; v + 1 < 200; ++v) pairs.emplace_back(v, v + 1);
  pairs.emplace_back(150, 20);
  pairs.emplace_back(199, 0);
  const TestGraph graph = test::graph_from_pairs<VertexId>(200, pairs, true);
  check_graph(graph, {0, 100, 199});
}

// Bottom-up steps search only up to the last vertex with an in-arc: here a directed cycle with
// chords, then 3000 vertices without in-arcs, some with out-arcs into the cycle, over many
// bitmap words. Sources among the cycle, a tail with out-arcs and an isolated tail vertex.
TEST(BfsGpu, BottomUpStopsAtTheLastVertexWithInArcs) {
  FRONTIER_REQUIRE_GPU();
  constexpr VertexId kCycle = 200;
  constexpr VertexId kTail = 3000;
  std::vector<std::pair<VertexId, VertexId>> pairs;
  for (VertexId v = 0; v < kCycle; ++v) pairs.emplace_back(v, (v + 1) % kCycle);
  for (VertexId v = 0; v < kCycle; v += 9) pairs.emplace_back(v, (v * 31 + 7) % kCycle);
  for (VertexId t = 0; t < kTail; t += 50) pairs.emplace_back(kCycle + t, (t * 7) % kCycle);
  const TestGraph graph = test::graph_from_pairs<VertexId>(kCycle + kTail, pairs, true);
  check_graph(graph, {0, 150, kCycle, kCycle + 1000, kCycle + kTail - 1});
}

TEST(BfsGpu, IsolatedSourceReachesOnlyItself) {
  FRONTIER_REQUIRE_GPU();
  const TestGraph graph = test::graph_from_pairs<VertexId>(6, {{0, 1}, {1, 2}, {3, 4}}, false);
  Runner runner(graph);
  const BfsResult<VertexId> expected = reference_bfs(graph, VertexId{5});
  for (BfsCudaStrategy strategy : kAllStrategies) {
    const BfsResult<VertexId> result =
        check_search(graph, runner, VertexId{5}, expected, strategy, true);
    EXPECT_EQ(result.vertices_reached, 1);
    EXPECT_EQ(result.depth[5], 0);
    EXPECT_EQ(result.parent[5], 5);
    EXPECT_EQ(result.depth[0], kUnreachedDepth);
    EXPECT_EQ(result.parent[0], -1);
  }
}

TEST(BfsGpu, SingleVertexWithAndWithoutSelfLoop) {
  FRONTIER_REQUIRE_GPU();
  const TestGraph alone = test::graph_from_pairs<VertexId>(1, {}, false);
  check_graph(alone, {0});
  const TestGraph loop = test::graph_from_pairs<VertexId>(1, {{0, 0}, {0, 0}}, true);
  check_graph(loop, {0});
}

TEST(BfsGpu, SixtyFourBitVertexIds) {
  FRONTIER_REQUIRE_GPU();
  CsrBuildOptions options;
  options.symmetrize = true;
  const auto graph = build_csr<std::int64_t, EdgeId>(
      io::generate_kronecker<std::int64_t>(test::kronecker_params(11, 5)), options);
  cuda::BfsRunner<std::int64_t, EdgeId> runner(graph);
  for (std::int64_t source : {std::int64_t{0}, std::int64_t{2047}}) {
    const BfsResult<std::int64_t> expected = reference_bfs(graph, source);
    for (BfsCudaStrategy strategy : kAllStrategies) {
      check_search(graph, runner, source, expected, strategy, true);
    }
  }
}

TEST(BfsGpu, LabelsStayOnDeviceWhenNotCopied) {
  FRONTIER_REQUIRE_GPU();
  const TestGraph graph = test::kronecker_graph(test::kronecker_params(10, 2, 8));
  Runner runner(graph);
  BfsCudaOptions options;
  options.copy_labels = false;
  const BfsResult<VertexId> result = runner.run(0, options);
  EXPECT_TRUE(result.depth.empty());
  EXPECT_TRUE(result.parent.empty());
  EXPECT_EQ(result.vertices_reached, reference_bfs(graph, VertexId{0}).vertices_reached);
}

TEST(BfsGpu, SourceOutOfRangeIsInvalidArgument) {
  FRONTIER_REQUIRE_GPU();
  const TestGraph graph = test::path_graph(10);
  Runner runner(graph);
  EXPECT_THROW(runner.run(-1), InvalidArgument);
  EXPECT_THROW(runner.run(10), InvalidArgument);
  const TestGraph empty = test::graph_from_pairs<VertexId>(0, {}, false);
  Runner empty_runner(empty);
  EXPECT_THROW(empty_runner.run(0), InvalidArgument);
}

// The error is reported once: a runner built next on a good device does not see it again.
TEST(BfsGpu, BadDeviceIdIsCudaError) {
  FRONTIER_REQUIRE_GPU();
  const TestGraph graph = test::path_graph(4);
  EXPECT_THROW(Runner(graph, cuda_device_count()), CudaError);
  Runner runner(graph);
  EXPECT_EQ(runner.run(VertexId{0}).depth, reference_bfs(graph, VertexId{0}).depth);
}

TEST(BfsGpu, RealDatasetsMatchReference) {
  FRONTIER_REQUIRE_GPU();
  if (!test::real_datasets_available()) GTEST_SKIP() << "no real datasets folder";
  const auto folder = test::real_datasets_dir();
  const std::vector<std::string> names = test::manifest_datasets(folder);
  ASSERT_FALSE(names.empty()) << "MANIFEST.md lists no datasets";
  for (const std::string& name : names) {
    SCOPED_TRACE(name);
    const io::LoadedGraph loaded = io::read_graph(folder / name);
    const TestGraph& graph = loaded.graph;
    ASSERT_GT(graph.num_vertices(), 0);
    check_graph(graph, test::spread_sources(graph));
  }
}

}  // namespace
}  // namespace frontier
