// The queries users bring to a BFS, on the CPU through frontier::bfs and Engine::bfs: several
// sources at depth 0, a depth limit, a target (with the path to it), and their combinations,
// held against the sequential oracle (support/bfs_query_checks.hpp) on directed and undirected
// graphs (Kronecker, grid, path, disconnected, random directed) with every CPU strategy; the
// generalized validator accepts those forests and still rejects broken ones; the distributed
// search and bad arguments are refused with InvalidArgument.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "frontier/bfs.hpp"
#include "frontier/bfs_validate.hpp"
#include "frontier/distributed_bfs.hpp"
#include "frontier/engine.hpp"
#include "frontier/errors.hpp"
#include "frontier/io/generate_grid.hpp"
#include "support/bfs_query_checks.hpp"
#include "support/test_graphs.hpp"

namespace frontier {
namespace {

using test::expect_query_matches_oracle;
using test::nearest_source_depths;

std::vector<test::NamedGraph> graph_cases() {
  return {
      {"kronecker", [] { return test::kronecker_graph(test::kronecker_params(10, 3)); }},
      {"kronecker_directed",
       [] { return test::kronecker_graph(test::kronecker_params(10, 5), true); }},
      {"grid_30x40", [] { return test::undirected_graph(io::generate_grid_2d<VertexId>(30, 40)); }},
      {"path_200", [] { return test::path_graph(200); }},
      {"path_200_directed", [] { return test::path_graph(200, true); }},
      {"disconnected", [] { return test::disconnected_kronecker(3, 8, 11, 20); }},
      {"random_directed", [] { return test::random_directed_graph(2000, 5000, 17); }},
  };
}

constexpr BfsStrategy kCpuStrategies[] = {BfsStrategy::DirectionOptimizing, BfsStrategy::TopDown,
                                          BfsStrategy::BottomUp};

// The queries one graph is asked: single and multiple sources, each alone, with depth limits,
// with targets (the farthest vertex, an unreachable one, a source) and with both.
struct Query {
  std::vector<VertexId> sources;
  BfsOptions options;
};

std::vector<Query> queries_for(const Graph& graph, BfsStrategy strategy) {
  const std::vector<VertexId> spread = test::spread_sources(graph);
  const std::vector<std::vector<VertexId>> source_sets = {
      {spread.front()}, spread, {spread.back(), spread.front()}};
  std::vector<Query> queries;
  for (const std::vector<VertexId>& sources : source_sets) {
    const std::vector<std::int32_t> oracle =
        nearest_source_depths(graph, std::span<const VertexId>(sources));
    const auto farthest =
        static_cast<VertexId>(std::max_element(oracle.begin(), oracle.end()) - oracle.begin());
    const auto unreachable = std::find(oracle.begin(), oracle.end(), kUnreachedDepth);
    std::vector<std::optional<std::int64_t>> targets = {std::nullopt, farthest, sources.back()};
    if (unreachable != oracle.end()) targets.push_back(unreachable - oracle.begin());
    for (const std::optional<std::int32_t> limit :
         {std::optional<std::int32_t>{}, std::optional<std::int32_t>{0},
          std::optional<std::int32_t>{1}, std::optional<std::int32_t>{3}}) {
      for (const std::optional<std::int64_t>& target : targets) {
        Query query;
        query.sources = sources;
        query.options.strategy = strategy;
        query.options.depth_limit = limit;
        query.options.target = target;
        queries.push_back(query);
      }
    }
  }
  return queries;
}

class BfsQueriesTest : public ::testing::TestWithParam<std::tuple<std::size_t, BfsStrategy>> {};

TEST_P(BfsQueriesTest, MatchTheOracle) {
  const test::NamedGraph graph_case = graph_cases()[std::get<0>(GetParam())];
  const Graph graph = graph_case.make();
  for (const Query& query : queries_for(graph, std::get<1>(GetParam()))) {
    SCOPED_TRACE(
        graph_case.name + ": " + std::to_string(query.sources.size()) + " source(s), limit " +
        (query.options.depth_limit ? std::to_string(*query.options.depth_limit) : "-") +
        ", target " + (query.options.target ? std::to_string(*query.options.target) : "-"));
    const std::span<const VertexId> sources(query.sources);
    const BfsResult<VertexId> result = bfs(graph, sources, query.options);
    EXPECT_EQ(result.sources, query.sources);
    EXPECT_EQ(result.source, query.sources.front());
    expect_query_matches_oracle(graph, sources, query.options, result);
  }
}

INSTANTIATE_TEST_SUITE_P(GraphsAndStrategies, BfsQueriesTest,
                         ::testing::Combine(::testing::Range<std::size_t>(0, graph_cases().size()),
                                            ::testing::ValuesIn(kCpuStrategies)),
                         [](const ::testing::TestParamInfo<BfsQueriesTest::ParamType>& info) {
                           std::string name = graph_cases()[std::get<0>(info.param)].name + "_" +
                                              std::string(to_string(std::get<1>(info.param)));
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

TEST(BfsQueries, DepthsWithoutParentsMatchToo) {
  const Graph graph = test::kronecker_graph(test::kronecker_params(9, 21));
  const std::vector<VertexId> sources = test::spread_sources(graph);
  BfsOptions options;
  options.predecessors = false;
  options.depth_limit = 2;
  const BfsResult<VertexId> result = bfs(graph, std::span<const VertexId>(sources), options);
  EXPECT_TRUE(result.parent.empty());
  expect_query_matches_oracle(graph, std::span<const VertexId>(sources), options, result);
}

TEST(BfsQueries, RepeatedSourcesCountOnce) {
  const Graph graph = test::path_graph(10);
  const std::vector<VertexId> sources = {7, 2, 7, 2};
  const BfsResult<VertexId> result = bfs(graph, std::span<const VertexId>(sources));
  EXPECT_EQ(result.sources, (std::vector<VertexId>{7, 2}));
  EXPECT_EQ(result.depth, (std::vector<std::int32_t>{2, 1, 0, 1, 2, 2, 1, 0, 1, 2}));
  EXPECT_EQ(result.parent[2], 2);
  EXPECT_EQ(result.parent[7], 7);
}

TEST(BfsQueries, StopReasonsAndPathOnAPath) {
  const Graph graph = test::path_graph(8, true);
  BfsOptions options;
  options.target = 5;
  const BfsResult<VertexId> to_target = bfs(graph, VertexId{1}, options);
  EXPECT_EQ(to_target.stop, BfsStop::TargetReached);
  EXPECT_TRUE(to_target.stopped_early());
  EXPECT_EQ(bfs_path(to_target, 5), (std::vector<VertexId>{1, 2, 3, 4, 5}));
  EXPECT_EQ(to_target.depth[6], kUnreachedDepth);
  // The target behind the source on a directed path is unreachable: the search runs out.
  options.target = 0;
  const BfsResult<VertexId> behind = bfs(graph, VertexId{1}, options);
  EXPECT_EQ(behind.stop, BfsStop::FrontierEmpty);
  EXPECT_TRUE(bfs_path(behind, 0).empty());
  EXPECT_EQ(behind.depth[7], 6);
  // The target beyond the depth limit: the limit ends the search first.
  options.target = 6;
  options.depth_limit = 2;
  const BfsResult<VertexId> limited = bfs(graph, VertexId{1}, options);
  EXPECT_EQ(limited.stop, BfsStop::DepthLimit);
  EXPECT_TRUE(bfs_path(limited, 6).empty());
  EXPECT_EQ(limited.vertices_reached, 3);
  // A sink is a source like any other: it reaches itself alone.
  const BfsResult<VertexId> sink = bfs(graph, VertexId{7});
  EXPECT_EQ(sink.vertices_reached, 1);
  EXPECT_EQ(sink.stop, BfsStop::FrontierEmpty);
  EXPECT_EQ(bfs_path(sink, 7), (std::vector<VertexId>{7}));
}

TEST(BfsQueries, EngineAnswersTheSameQueries) {
  const Graph graph = test::kronecker_graph(test::kronecker_params(9, 4));
  const std::vector<VertexId> sources = test::spread_sources(graph);
  BfsOptions options;
  options.depth_limit = 2;
  options.target = sources.back();
  const Engine engine{Graph(graph)};
  const BfsResult<VertexId> result = engine.bfs(std::span<const VertexId>(sources), options);
  expect_query_matches_oracle(graph, std::span<const VertexId>(sources), options, result);
}

TEST(BfsQueries, BadArgumentsAreRefused) {
  const Graph graph = test::path_graph(5);
  EXPECT_THROW(bfs(graph, std::span<const VertexId>()), InvalidArgument);
  const std::vector<VertexId> out_of_range = {1, 5};
  EXPECT_THROW(bfs(graph, std::span<const VertexId>(out_of_range)), InvalidArgument);
  BfsOptions options;
  options.depth_limit = -1;
  EXPECT_THROW(bfs(graph, VertexId{0}, options), InvalidArgument);
  options.depth_limit.reset();
  options.target = 5;
  EXPECT_THROW(bfs(graph, VertexId{0}, options), InvalidArgument);
  options.target = -2;
  EXPECT_THROW(check_bfs_options(options), InvalidArgument);
  BfsResult<VertexId> no_parents = bfs(graph, VertexId{0}, BfsOptions{.predecessors = false});
  EXPECT_THROW(bfs_path(no_parents, 3), InvalidArgument);
}

TEST(BfsQueries, TheDistributedSearchRefusesLimitAndTarget) {
  DistributedBfsOptions options;
  options.bfs.depth_limit = 2;
  EXPECT_THROW(check_distributed_bfs_options(options), InvalidArgument);
  options.bfs.depth_limit.reset();
  options.bfs.target = 1;
  EXPECT_THROW(check_distributed_bfs_options(options), InvalidArgument);
}

// The generalized validator on forests it must reject.
class BrokenForestTest : public ::testing::Test {
 protected:
  BrokenForestTest()
      : graph_(test::undirected_graph(io::generate_grid_2d<VertexId>(8, 8))), sources_{0, 63} {
    BfsOptions options;
    options.depth_limit = 3;
    result_ = bfs(graph_, std::span<const VertexId>(sources_), options);
  }

  BfsValidation validate(std::span<const VertexId> parent, bool stopped_early,
                         std::span<const std::int32_t> depth = {}) const {
    return validate_bfs_tree<VertexId, EdgeId>(graph_, std::span<const VertexId>(sources_), parent,
                                               depth, stopped_early);
  }

  Graph graph_;
  std::vector<VertexId> sources_;
  BfsResult<VertexId> result_;
};

TEST_F(BrokenForestTest, TheSearchItselfIsValid) {
  ASSERT_EQ(result_.stop, BfsStop::DepthLimit);
  const BfsValidation check = validate(result_.parent, true, result_.depth);
  EXPECT_TRUE(check.valid) << check.failure;
  EXPECT_EQ(check.vertices_in_tree, result_.vertices_reached);
}

TEST_F(BrokenForestTest, AStoppedSearchIsNotACompleteOne) {
  // Arcs out of level 3 lead to unlabelled vertices: fine only for a search that stopped there.
  const BfsValidation check = validate(result_.parent, false);
  EXPECT_FALSE(check.valid);
  EXPECT_NE(check.failure.find("rule 4"), std::string::npos) << check.failure;
  EXPECT_NE(check.failure.find("reachable from a source"), std::string::npos) << check.failure;
}

TEST_F(BrokenForestTest, AVertexDroppedBelowTheLastLevelBreaksRule4) {
  LabelVector<VertexId> parent = result_.parent;
  parent[2] = kInvalidVertex<VertexId>;  // (0, 2): depth 2, its children cut off with it
  for (VertexId v = 0; v < graph_.num_vertices(); ++v) {
    if (parent[v] == 2) parent[v] = kInvalidVertex<VertexId>;
  }
  const BfsValidation check = validate(parent, true);
  EXPECT_FALSE(check.valid);
  EXPECT_NE(check.failure.find("rule 4"), std::string::npos) << check.failure;
}

TEST_F(BrokenForestTest, ASourceWithAnotherParentBreaksRule1) {
  LabelVector<VertexId> parent = result_.parent;
  parent[63] = 62;
  const BfsValidation check = validate(parent, true);
  EXPECT_FALSE(check.valid);
  EXPECT_NE(check.failure.find("the source 63 has parent 62"), std::string::npos) << check.failure;
}

TEST_F(BrokenForestTest, AParentWithoutAnArcBreaksRule5) {
  LabelVector<VertexId> parent = result_.parent;
  ASSERT_EQ(result_.depth[9], 2);  // (1, 1)
  parent[9] = 0;                   // depth 0 but not adjacent, and levels now differ by one
  const BfsValidation check = validate(parent, true);
  EXPECT_FALSE(check.valid);
  EXPECT_NE(check.failure.find("rule 5"), std::string::npos) << check.failure;
}

TEST_F(BrokenForestTest, RepeatedOrMissingSourcesAreArgumentErrors) {
  const auto validate_from = [&](const std::vector<VertexId>& sources) {
    return validate_bfs_tree<VertexId, EdgeId>(graph_, std::span<const VertexId>(sources),
                                               std::span<const VertexId>(result_.parent), {}, true);
  };
  EXPECT_THROW(validate_from({}), InvalidArgument);
  EXPECT_THROW(validate_from({0, 0}), InvalidArgument);
}

}  // namespace
}  // namespace frontier
