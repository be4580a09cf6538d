// BFS written once and run on every backend through the public API, frontier::bfs() and
// frontier::Engine::bfs(): one TEST_P per family of graphs, instantiated per device x strategy
// that device runs (the CPU: direction-optimizing, top-down, bottom-up; CUDA: those and its
// hybrid, two-phase, contract-expand and expand-contract), as list ranking's parity test is. The
// CUDA instances skip where no GPU is usable.
//
// Every search: depths equal reference_bfs exactly, parents pass the five Graph500 rules, one
// level record per depth with that depth's population; a top-down-only strategy examines each
// arc of the reached vertices once and runs every level top-down, bottom-up runs every level
// bottom-up. Each source is searched with parents on 2 threads and depths only on 1 thread, and
// direction-optimizing also with Beamer's rule pushed to either extreme.
//
// Graphs: empty (the documented InvalidArgument), 1 and 2 vertices, unique trees with exact
// answers; paths, stars and binary trees of sizes around the warp and the GPU's bitmap word (32),
// the CPU's bitmap word (64), 128, the block, the CTA gather and the multi-level launch (256),
// and stars around the hub threshold (4096), each +-1, directed and undirected; directed random,
// Kronecker and cyclic graphs; disconnected graphs; long paths; stars with hubs at the gather
// thresholds, loops and duplicates; Kronecker; 2-D and 3-D grids; dense uniform random; 64-bit
// vertex ids; repeated and concurrent queries on one Engine.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <span>
#include <string>
#include <thread>
#include <tuple>
#include <utility>
#include <vector>

#include "bfs/cuda/bfs_cuda_tuning.hpp"
#include "frontier/bfs.hpp"
#include "frontier/bfs_validate.hpp"
#include "frontier/csr_builder.hpp"
#include "frontier/device.hpp"
#include "frontier/engine.hpp"
#include "frontier/errors.hpp"
#include "frontier/io/generators.hpp"
#include "frontier/reference_bfs.hpp"
#include "support/bfs_checks.hpp"
#include "support/require_gpu.hpp"
#include "support/test_graphs.hpp"

namespace frontier {
namespace {

using Param = std::tuple<DeviceKind, BfsStrategy>;

/// The strategies each backend runs (on the GPU, top-down runs as hybrid).
constexpr BfsStrategy kCpuStrategies[] = {BfsStrategy::DirectionOptimizing, BfsStrategy::TopDown,
                                          BfsStrategy::BottomUp};
constexpr BfsStrategy kCudaStrategies[] = {BfsStrategy::DirectionOptimizing,
                                           BfsStrategy::TopDown,
                                           BfsStrategy::BottomUp,
                                           BfsStrategy::Hybrid,
                                           BfsStrategy::TwoPhase,
                                           BfsStrategy::ContractExpand,
                                           BfsStrategy::ExpandContract};

/// The boundaries the shapes straddle come from the CUDA tuning policy; the CPU's bitmap words
/// are 64 bits.
constexpr cuda::BfsCudaPolicy kPolicy = cuda::kSm90BfsPolicy;
constexpr VertexId kCpuBitmapWordBits = 64;

struct NamedGraph {
  std::string name;
  Graph graph;
};

/// Top-down at every level: TopDown and the GPU-only strategies.
bool top_down_only(BfsStrategy strategy) {
  return strategy == BfsStrategy::TopDown || is_gpu_only(strategy);
}

std::string describe(const BfsOptions& options) {
  return std::string(options.predecessors ? "parents" : "depths only") + ", " +
         std::to_string(options.threads) + " thread(s), alpha " +
         (options.alpha ? std::to_string(*options.alpha) : std::string("default")) + ", beta " +
         std::to_string(options.beta);
}

class BfsBackends : public ::testing::TestWithParam<Param> {
 protected:
  void SetUp() override {
    if (std::get<0>(GetParam()) == DeviceKind::Cuda) FRONTIER_REQUIRE_GPU();
  }

  BfsStrategy strategy() const { return std::get<1>(GetParam()); }
  Device device() const {
    return std::get<0>(GetParam()) == DeviceKind::Cuda ? Device::cuda(0) : Device::cpu();
  }

  /// This instance's strategy, every other option at its default.
  BfsOptions options() const {
    BfsOptions result;
    result.strategy = strategy();
    return result;
  }

  /// The settings every source is searched with: parents on 2 threads, depths only on 1 thread,
  /// and for direction-optimizing also a rule that goes bottom-up at once and stays there
  /// (alpha, beta huge) and one that hardly leaves top-down (alpha, beta 1), with parents on one
  /// thread: racing threads meet both directions in the first setting already, and every level
  /// of a parallel search pays for thread barriers, which the long paths would pay hundreds of
  /// times more.
  std::vector<BfsOptions> settings() const {
    BfsOptions with_parents = options();
    with_parents.threads = 2;
    BfsOptions depths_only = options();
    depths_only.predecessors = false;
    depths_only.threads = 1;
    std::vector<BfsOptions> all = {with_parents, depths_only};
    if (strategy() == BfsStrategy::DirectionOptimizing) {
      BfsOptions eager = with_parents;
      eager.threads = 1;
      eager.alpha = 1000000;
      eager.beta = 1000000;
      BfsOptions reluctant = eager;
      reluctant.alpha = 1;
      reluctant.beta = 1;
      all.push_back(eager);
      all.push_back(reluctant);
    }
    return all;
  }

  /// One search against the oracle, and what the strategy promises about directions and arcs.
  template <typename VertexT, typename EdgeT>
  void expect_search(const CsrGraph<VertexT, EdgeT>& graph, const BfsResult<VertexT>& actual,
                     const BfsResult<VertexT>& expected, const BfsOptions& settings) const {
    test::expect_bfs_matches_reference(graph, actual, expected, settings.predecessors);
    if (top_down_only(strategy())) {
      EXPECT_EQ(actual.edges_examined,
                reached_arcs(graph, std::span<const std::int32_t>(expected.depth)));
    }
    for (const BfsLevelStats& level : actual.levels) {
      if (top_down_only(strategy())) EXPECT_EQ(level.direction, BfsDirection::TopDown);
      if (strategy() == BfsStrategy::BottomUp) EXPECT_EQ(level.direction, BfsDirection::BottomUp);
    }
  }

  /// Every source under every setting, through bfs() and through an Engine holding the graph.
  void expect_matches_reference(const Graph& graph, const std::vector<VertexId>& sources) const {
    const Engine engine(graph, device());
    for (const VertexId source : sources) {
      SCOPED_TRACE("source " + std::to_string(source));
      const BfsResult<VertexId> expected = reference_bfs(graph, source);
      for (const BfsOptions& setting : settings()) {
        SCOPED_TRACE(describe(setting));
        {
          SCOPED_TRACE("frontier::bfs");
          expect_search(graph, bfs(graph, source, setting, device()), expected, setting);
        }
        {
          SCOPED_TRACE("Engine::bfs");
          expect_search(graph, engine.bfs(source, setting), expected, setting);
        }
      }
    }
  }

  void expect_all_match_reference(const std::vector<NamedGraph>& graphs) const {
    for (const NamedGraph& named : graphs) {
      SCOPED_TRACE(named.name);
      expect_matches_reference(named.graph, test::spread_sources(named.graph));
    }
  }

  /// The search from `source` through bfs() and through an Engine, for exact expectations.
  std::vector<BfsResult<VertexId>> both_entry_points(const Graph& graph, VertexId source) const {
    const Engine engine(graph, device());
    return {bfs(graph, source, options(), device()), engine.bfs(source, options())};
  }
};

TEST_P(BfsBackends, EmptyGraphIsInvalidArgument) {
  const Graph empty = test::graph_from_pairs<VertexId>(0, {}, false);
  EXPECT_THROW(bfs(empty, VertexId{0}, options(), device()), InvalidArgument);
  const Engine engine(empty, device());
  EXPECT_THROW(engine.bfs(0, options()), InvalidArgument);
  try {
    bfs(empty, VertexId{0}, options(), device());
    FAIL() << "no exception";
  } catch (const InvalidArgument& error) {
    EXPECT_NE(std::string(error.what()).find("empty"), std::string::npos) << error.what();
  }
}

TEST_P(BfsBackends, BadSourceOrOptionsAreInvalidArgument) {
  const Graph graph = test::graph_from_pairs<VertexId>(3, {{0, 1}}, false);
  const Engine engine(graph, device());
  for (const VertexId source : {VertexId{-1}, VertexId{3}}) {
    EXPECT_THROW(bfs(graph, source, options(), device()), InvalidArgument) << source;
    EXPECT_THROW(engine.bfs(source, options()), InvalidArgument) << source;
  }
  BfsOptions negative_threads = options();
  negative_threads.threads = -2;
  BfsOptions zero_alpha = options();
  zero_alpha.alpha = 0;
  BfsOptions zero_beta = options();
  zero_beta.beta = 0;
  for (const BfsOptions& bad : {negative_threads, zero_alpha, zero_beta}) {
    EXPECT_THROW(bfs(graph, VertexId{0}, bad, device()), InvalidArgument) << describe(bad);
    EXPECT_THROW(engine.bfs(0, bad), InvalidArgument) << describe(bad);
  }
  try {
    bfs(graph, VertexId{7}, options(), device());
    FAIL() << "no exception";
  } catch (const InvalidArgument& error) {
    EXPECT_NE(std::string(error.what()).find("source 7 is out of range [0, 3)"), std::string::npos)
        << error.what();
  }
}

TEST_P(BfsBackends, OneAndTwoVertices) {
  using test::graph_from_pairs;
  expect_all_match_reference({
      {"one_vertex", graph_from_pairs<VertexId>(1, {}, false)},
      {"one_vertex_with_loops", graph_from_pairs<VertexId>(1, {{0, 0}, {0, 0}}, true)},
      {"two_isolated_vertices", graph_from_pairs<VertexId>(2, {}, false)},
      {"one_edge", graph_from_pairs<VertexId>(2, {{0, 1}}, false)},
      {"one_arc", graph_from_pairs<VertexId>(2, {{0, 1}}, true)},
  });
}

// Where the BFS tree is unique the answer is known exactly, parents included.
TEST_P(BfsBackends, UniqueTreesAreExact) {
  // 0 -> 1 -> 2 and 3 -> 0: from 0 the search follows arcs forward and never reaches 3.
  const Graph chain = test::graph_from_pairs<VertexId>(4, {{0, 1}, {1, 2}, {3, 0}}, true);
  for (const BfsResult<VertexId>& result : both_entry_points(chain, 0)) {
    EXPECT_EQ(result.depth, (std::vector<std::int32_t>{0, 1, 2, -1}));
    EXPECT_EQ(result.parent, (std::vector<VertexId>{0, 0, 1, -1}));
    EXPECT_EQ(result.vertices_reached, 3);
  }
  // An isolated source reaches only itself, in one level.
  const Graph isolated = test::graph_from_pairs<VertexId>(5, {{1, 2}, {2, 3}}, false);
  for (const BfsResult<VertexId>& result : both_entry_points(isolated, 4)) {
    EXPECT_EQ(result.depth, (std::vector<std::int32_t>{-1, -1, -1, -1, 0}));
    EXPECT_EQ(result.parent, (std::vector<VertexId>{-1, -1, -1, -1, 4}));
    EXPECT_EQ(result.vertices_reached, 1);
    ASSERT_EQ(result.levels.size(), 1u);
    EXPECT_EQ(result.levels[0].frontier_vertices, 1);
  }
}

// Paths (one vertex per level), stars (one list of that many arcs) and binary trees (levels that
// double) of each size around a boundary, undirected and directed; stars around the hub
// threshold, where lists go through the GPU's edge-balanced hub pass.
TEST_P(BfsBackends, WarpAndTileBoundaries) {
  const VertexId boundaries[] = {
      kPolicy.warp_gather_threshold, kCpuBitmapWordBits,           128,
      kPolicy.block_threads,         kPolicy.cta_gather_threshold, kPolicy.persistent_max_levels};
  std::vector<VertexId> sizes;
  for (const VertexId boundary : boundaries) {
    for (const VertexId size : {boundary - 1, boundary, boundary + 1}) sizes.push_back(size);
  }
  std::sort(sizes.begin(), sizes.end());
  sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
  std::vector<NamedGraph> graphs;
  for (const bool directed : {false, true}) {
    const std::string kind = directed ? "_directed" : "";
    for (const VertexId n : sizes) {
      std::vector<std::pair<VertexId, VertexId>> tree;
      for (VertexId v = 1; v < n; ++v) tree.emplace_back(v / 2, v);
      graphs.push_back({"path_" + std::to_string(n) + kind, test::path_graph(n, directed)});
      graphs.push_back({"star_" + std::to_string(n) + kind, test::star_graph(n, directed)});
      graphs.push_back(
          {"binary_tree_" + std::to_string(n) + kind, test::graph_from_pairs(n, tree, directed)});
    }
    for (const VertexId leaves :
         {kPolicy.hub_threshold - 1, kPolicy.hub_threshold, kPolicy.hub_threshold + 1}) {
      graphs.push_back(
          {"star_" + std::to_string(leaves) + kind, test::star_graph(leaves, directed)});
    }
  }
  expect_all_match_reference(graphs);
}

TEST_P(BfsBackends, DirectedGraphs) {
  std::vector<std::pair<VertexId, VertexId>> cycle;
  for (VertexId v = 0; v < 500; ++v) cycle.emplace_back(v, (v + 1) % 500);
  // A chain with back arcs: bottom-up steps must read in-arcs, not out-arcs.
  std::vector<std::pair<VertexId, VertexId>> chain;
  for (VertexId v = 0; v + 1 < 200; ++v) chain.emplace_back(v, v + 1);
  chain.emplace_back(150, 20);
  chain.emplace_back(199, 0);
  expect_all_match_reference({
      {"kronecker_s12", test::kronecker_graph(test::kronecker_params(12, 3), true)},
      {"random_sparse", test::random_directed_graph(5000, 6000, 11)},
      {"random_dense", test::random_directed_graph(4000, 80000, 12)},
      {"cycle_500", test::graph_from_pairs<VertexId>(500, cycle, true)},
      {"chain_with_back_arcs", test::graph_from_pairs<VertexId>(200, chain, true)},
  });
}

TEST_P(BfsBackends, DisconnectedGraphs) {
  expect_all_match_reference({
      {"three_kronecker_components_and_isolated_vertices",
       test::disconnected_kronecker(3, 9, 100, 7)},
      {"uniform_sparse", test::uniform_graph(20000, 12000, 5)},
  });
}

// Longer than several of the GPU's multi-level launches.
TEST_P(BfsBackends, LongPaths) {
  const VertexId n = 4 * kPolicy.persistent_max_levels + 1;
  expect_all_match_reference({
      {"path_" + std::to_string(n), test::path_graph(n)},
      {"path_" + std::to_string(n) + "_directed", test::path_graph(n, true)},
  });
}

TEST_P(BfsBackends, Stars) {
  std::vector<std::pair<VertexId, VertexId>> loops_and_duplicates;
  for (VertexId v = 1; v < 300; ++v) loops_and_duplicates.emplace_back(0, v);
  for (VertexId v = 1; v < 300; v += 3) loops_and_duplicates.emplace_back(v, v);
  for (VertexId v = 1; v < 300; v += 5) loops_and_duplicates.emplace_back(0, v);
  expect_all_match_reference({
      {"star_5000", test::star_graph(5000)},
      {"star_with_loops_and_duplicates",
       test::graph_from_pairs<VertexId>(300, loops_and_duplicates, false)},
      {"hubs_at_the_gather_thresholds", test::gather_boundaries()},
  });
}

TEST_P(BfsBackends, Kronecker) {
  expect_all_match_reference({
      {"scale_10", test::kronecker_graph(test::kronecker_params(10, 1))},
      {"scale_14_edgefactor_8", test::kronecker_graph(test::kronecker_params(14, 7, 8))},
  });
}

TEST_P(BfsBackends, Grids) {
  expect_all_match_reference({
      {"grid_2d_97x61", test::undirected_graph(io::generate_grid_2d<VertexId>(97, 61))},
      {"grid_2d_1x300", test::undirected_graph(io::generate_grid_2d<VertexId>(1, 300))},
      {"grid_3d_20x17x13", test::undirected_graph(io::generate_grid_3d<VertexId>(20, 17, 13))},
  });
}

TEST_P(BfsBackends, DenseUniformRandom) {
  expect_all_match_reference({{"uniform_3000_60000", test::uniform_graph(3000, 60000, 9)}});
}

// bfs() on 64-bit vertex ids (an Engine holds 32-bit ones).
TEST_P(BfsBackends, SixtyFourBitVertexIds) {
  using Graph64 = CsrGraph<std::int64_t, std::int64_t>;
  EdgeList<std::int64_t> scattered;
  scattered.num_vertices = 300;
  for (std::int64_t v = 0; v + 1 < 300; ++v) {
    scattered.sources.push_back(v);
    scattered.targets.push_back((v * 7 + 3) % 300);
  }
  CsrBuildOptions symmetrize;
  symmetrize.symmetrize = true;
  const std::vector<std::pair<std::string, Graph64>> graphs = {
      {"scattered_300", build_csr<std::int64_t, std::int64_t>(scattered, symmetrize)},
      {"kronecker_s11",
       build_csr<std::int64_t, std::int64_t>(
           io::generate_kronecker<std::int64_t>(test::kronecker_params(11, 5)), symmetrize)},
  };
  for (const auto& [name, graph] : graphs) {
    SCOPED_TRACE(name);
    for (const std::int64_t source : test::spread_sources(graph)) {
      SCOPED_TRACE("source " + std::to_string(source));
      const BfsResult<std::int64_t> expected = reference_bfs(graph, source);
      for (const BfsOptions& setting : settings()) {
        SCOPED_TRACE(describe(setting));
        expect_search(graph, bfs(graph, source, setting, device()), expected, setting);
      }
    }
  }
}

// One Engine answers search after search; none sees what an earlier one left behind.
TEST_P(BfsBackends, RepeatedSearchesOnOneEngineStayIndependent) {
  const Graph components = test::uniform_graph(4000, 3000, 13);
  const Engine many(components, device());
  for (const VertexId source : {VertexId{0}, VertexId{3999}, VertexId{0}, VertexId{1234}}) {
    EXPECT_EQ(many.bfs(source, options()).depth, reference_bfs(components, source).depth)
        << "source " << source;
  }
  const Engine one(test::kronecker_graph(test::kronecker_params(11, 1)), device());
  const LabelVector<std::int32_t> first = one.bfs(1, options()).depth;
  EXPECT_EQ(first, reference_bfs(one.graph(), VertexId{1}).depth);
  for (int i = 0; i < 5; ++i) EXPECT_EQ(one.bfs(1, options()).depth, first);
}

// Queries are const and may come from several threads at once (on a GPU they take turns).
TEST_P(BfsBackends, ConcurrentCallersOnOneEngine) {
  const Engine engine(test::kronecker_graph(test::kronecker_params(10, 1), true), device());
  ASSERT_TRUE(engine.graph().directed());
  std::vector<LabelVector<std::int32_t>> depths(4);
  std::vector<std::thread> callers;
  for (int t = 0; t < 4; ++t) {
    callers.emplace_back([&, t] {
      BfsOptions single_thread = options();
      single_thread.threads = 1;
      depths[t] = engine.bfs(static_cast<VertexId>(t * 5), single_thread).depth;
    });
  }
  for (std::thread& caller : callers) caller.join();
  for (int t = 0; t < 4; ++t) {
    EXPECT_EQ(depths[t], reference_bfs(engine.graph(), static_cast<VertexId>(t * 5)).depth)
        << "source " << t * 5;
  }
}

std::string param_name(const ::testing::TestParamInfo<Param>& info) {
  std::string name(to_string(std::get<1>(info.param)));
  for (char& c : name) {
    if (c == '-') c = '_';
  }
  return name;
}

INSTANTIATE_TEST_SUITE_P(Cpu, BfsBackends,
                         ::testing::Combine(::testing::Values(DeviceKind::Cpu),
                                            ::testing::ValuesIn(kCpuStrategies)),
                         param_name);

INSTANTIATE_TEST_SUITE_P(Cuda, BfsBackends,
                         ::testing::Combine(::testing::Values(DeviceKind::Cuda),
                                            ::testing::ValuesIn(kCudaStrategies)),
                         param_name);

// More than one GPU id is refused before any GPU is touched, so this holds on every machine.
TEST(BfsDispatch, MoreThanOneGpuIdIsInvalidArgument) {
  const Graph graph = test::path_graph(4);
  Device two_gpus = Device::cuda(0);
  two_gpus.cuda_ids.push_back(1);
  EXPECT_THROW(bfs(graph, VertexId{0}, BfsOptions{}, two_gpus), InvalidArgument);
  EXPECT_THROW((Engine{graph, two_gpus}), InvalidArgument);
}

TEST(BfsDispatch, CudaDeviceRunsOnTheGpuOrThrowsCudaError) {
  const Graph graph = test::graph_from_pairs<VertexId>(3, {{0, 1}}, false);
  const Device gpu = Device::cuda(0);
  if (cuda_device_count() == 0) {
    EXPECT_THROW(bfs(graph, VertexId{0}, BfsOptions{}, gpu), CudaError);
  } else {
    EXPECT_EQ(bfs(graph, VertexId{0}, BfsOptions{}, gpu).depth,
              reference_bfs(graph, VertexId{0}).depth);
  }
}

TEST(BfsStrategyNames, RoundTrip) {
  for (BfsStrategy strategy :
       {BfsStrategy::DirectionOptimizing, BfsStrategy::TopDown, BfsStrategy::BottomUp}) {
    EXPECT_EQ(parse_bfs_strategy(to_string(strategy)), strategy);
  }
  for (BfsStrategy strategy : {BfsStrategy::Hybrid, BfsStrategy::TwoPhase,
                               BfsStrategy::ContractExpand, BfsStrategy::ExpandContract}) {
    EXPECT_EQ(parse_bfs_strategy(to_string(strategy)), strategy);
    EXPECT_TRUE(is_gpu_only(strategy)) << to_string(strategy);
  }
  EXPECT_EQ(to_string(BfsStrategy::ExpandContract), "expand-contract");
  EXPECT_FALSE(is_gpu_only(BfsStrategy::DirectionOptimizing));
  EXPECT_FALSE(is_gpu_only(BfsStrategy::TopDown));
  EXPECT_FALSE(is_gpu_only(BfsStrategy::BottomUp));
  EXPECT_EQ(parse_bfs_strategy("td"), BfsStrategy::TopDown);
  EXPECT_EQ(parse_bfs_strategy("bu"), BfsStrategy::BottomUp);
  EXPECT_EQ(parse_bfs_strategy("do"), BfsStrategy::DirectionOptimizing);
  EXPECT_THROW(parse_bfs_strategy("sideways"), InvalidArgument);
}

}  // namespace
}  // namespace frontier
