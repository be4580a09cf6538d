// What only the CPU backend promises (the searches themselves are checked against the oracle on
// every backend in bfs_backends_test.cpp): a top-down level examines each out-arc of its frontier
// exactly once; Beamer's rule runs every level bottom-up under extreme settings and switches on
// a Kronecker graph under the defaults, examining fewer arcs than top-down only; one debug log
// line per level; the GPU-only strategies are refused with their name.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "frontier/bfs.hpp"
#include "frontier/errors.hpp"
#include "frontier/io/generators.hpp"
#include "frontier/log.hpp"
#include "frontier/reference_bfs.hpp"
#include "support/test_graphs.hpp"

namespace frontier {
namespace {

TEST(BfsCpu, TopDownLevelsExamineEachOutArcOnce) {
  const std::vector<Graph> graphs = {
      test::kronecker_graph(test::kronecker_params(12, 1)),
      test::random_directed_graph(4000, 80000, 12),
      test::undirected_graph(io::generate_grid_2d<VertexId>(97, 61)),
  };
  for (const Graph& graph : graphs) {
    const VertexId hub = test::highest_degree_vertex(graph);
    for (const BfsStrategy strategy : {BfsStrategy::DirectionOptimizing, BfsStrategy::TopDown}) {
      for (const int threads : {1, 2}) {
        SCOPED_TRACE(std::string(to_string(strategy)) + ", " + std::to_string(threads) +
                     " thread(s), " + std::to_string(graph.num_vertices()) + " vertices");
        BfsOptions options;
        options.strategy = strategy;
        options.threads = threads;
        const BfsResult<VertexId> result = bfs(graph, hub, options);
        std::vector<std::int64_t> out_arcs(result.levels.size(), 0);
        for (VertexId v = 0; v < graph.num_vertices(); ++v) {
          if (result.depth[v] >= 0) out_arcs[result.depth[v]] += graph.degree(v);
        }
        for (std::size_t level = 0; level < result.levels.size(); ++level) {
          if (result.levels[level].direction != BfsDirection::TopDown) continue;
          EXPECT_EQ(result.levels[level].edges_examined, out_arcs[level]) << "level " << level;
        }
      }
    }
  }
}

TEST(BfsCpu, BottomUpHeavySettingsReallyRunBottomUp) {
  const Graph graph = test::kronecker_graph(test::kronecker_params(12, 1));
  BfsOptions options;
  options.alpha = 1000000;
  options.beta = 1000000;
  const VertexId hub = test::highest_degree_vertex(graph);
  const auto result = bfs(graph, hub, options);
  const auto bottom_up = std::count_if(result.levels.begin(), result.levels.end(), [](auto& l) {
    return l.direction == BfsDirection::BottomUp;
  });
  // alpha so large that the first frontier already counts as large, beta so large that no
  // frontier counts as small: every level runs bottom-up.
  EXPECT_EQ(bottom_up, static_cast<long>(result.levels.size()));
  EXPECT_EQ(result.depth, reference_bfs(graph, hub).depth);
}

TEST(BfsCpu, DefaultSettingsSwitchOnKronecker) {
  // A scale-14 Kronecker graph searched from its hub: Beamer's rule goes bottom-up for the
  // large middle levels and the search does fewer arc checks than top-down only.
  const Graph graph = test::kronecker_graph(test::kronecker_params(14, 1));
  const VertexId hub = test::highest_degree_vertex(graph);
  const auto adaptive = bfs(graph, hub, BfsOptions{});
  BfsOptions top_down;
  top_down.strategy = BfsStrategy::TopDown;
  const auto classic = bfs(graph, hub, top_down);
  EXPECT_TRUE(std::any_of(adaptive.levels.begin(), adaptive.levels.end(),
                          [](auto& l) { return l.direction == BfsDirection::BottomUp; }));
  EXPECT_EQ(adaptive.levels.front().direction, BfsDirection::TopDown);
  EXPECT_LT(adaptive.edges_examined, classic.edges_examined);
  EXPECT_EQ(adaptive.depth, classic.depth);
}

TEST(BfsCpu, DebugLogHasOneLinePerLevel) {
  const Graph graph = test::path_graph(4);
  const LogLevel saved = log_level();
  set_log_level(LogLevel::Debug);
  testing::internal::CaptureStderr();
  BfsOptions options;
  options.strategy = BfsStrategy::TopDown;
  bfs(graph, VertexId{0}, options);
  const std::string log = testing::internal::GetCapturedStderr();
  set_log_level(saved);
  for (int level = 0; level < 4; ++level) {
    const std::string expected = "bfs level   " + std::to_string(level) + " top-down  frontier";
    EXPECT_NE(log.find(expected), std::string::npos) << "missing '" << expected << "' in\n" << log;
  }
  EXPECT_EQ(log.find("bfs level   4"), std::string::npos) << log;
}

// The GPU-only strategies are refused by the CPU backend with a message naming the strategy.
TEST(BfsCpuErrors, GpuOnlyStrategiesAreRefusedOnTheCpu) {
  const Graph graph = test::graph_from_pairs<VertexId>(3, {{0, 1}}, false);
  for (BfsStrategy strategy : {BfsStrategy::Hybrid, BfsStrategy::TwoPhase,
                               BfsStrategy::ContractExpand, BfsStrategy::ExpandContract}) {
    BfsOptions options;
    options.strategy = strategy;
    try {
      bfs(graph, VertexId{0}, options);
      ADD_FAILURE() << to_string(strategy) << ": no exception";
    } catch (const InvalidArgument& error) {
      EXPECT_NE(std::string(error.what()).find(to_string(strategy)), std::string::npos)
          << error.what();
    }
  }
}

}  // namespace
}  // namespace frontier
