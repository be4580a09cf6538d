// Multi-source, depth-limited and targeted searches on one GPU, for every CUDA strategy, through
// the runner (cuda::BfsRunner) and through frontier::bfs and Engine on a GPU, held against the
// sequential oracle (support/bfs_query_checks.hpp): the level-0 edge queue seeded with several
// sources, bottom-up and direction-optimizing steps from such a frontier, the loop stopped at
// the depth limit (multi-level launches included) and right after the target's level. Graphs:
// Kronecker (undirected, directed), a 2D grid (many small levels: multi-level launches), a
// path, disconnected Kronecker with isolated vertices (more sources than arcs among them), a
// random directed graph. Skipped without a GPU.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "bfs/cuda/bfs_cuda.hpp"
#include "frontier/bfs.hpp"
#include "frontier/device.hpp"
#include "frontier/engine.hpp"
#include "frontier/io/generate_grid.hpp"
#include "support/bfs_query_checks.hpp"
#include "support/require_gpu.hpp"
#include "support/test_graphs.hpp"

namespace frontier {
namespace {

using cuda::BfsCudaOptions;
using cuda::BfsCudaStrategy;
using test::expect_query_matches_oracle;
using test::nearest_source_depths;

// Every strategy: the enumerators run from 0 to ExpandContract, the last.
constexpr int kStrategyCount = static_cast<int>(BfsCudaStrategy::ExpandContract) + 1;

std::vector<test::NamedGraph> graph_cases() {
  return {
      {"kronecker", [] { return test::kronecker_graph(test::kronecker_params(12, 3)); }},
      {"kronecker_directed",
       [] { return test::kronecker_graph(test::kronecker_params(11, 5), true); }},
      {"grid_200x150",
       [] { return test::undirected_graph(io::generate_grid_2d<VertexId>(200, 150)); }},
      {"path_500", [] { return test::path_graph(500); }},
      {"disconnected", [] { return test::disconnected_kronecker(3, 9, 11, 300); }},
      {"random_directed", [] { return test::random_directed_graph(4000, 9000, 17); }},
  };
}

// Several sources: the spread ones, every isolated vertex at the end, and a dense run of ids.
std::vector<VertexId> many_sources(const Graph& graph) {
  std::vector<VertexId> sources = test::spread_sources(graph);
  for (VertexId v = 0; v < graph.num_vertices(); v += 97) sources.push_back(v);
  for (VertexId v = graph.num_vertices() - 1; v >= 0 && graph.degree(v) == 0; --v) {
    sources.push_back(v);
  }
  std::sort(sources.begin(), sources.end());
  sources.erase(std::unique(sources.begin(), sources.end()), sources.end());
  return sources;
}

// The options of frontier::bfs that the runner's options stand for (for the oracle check).
BfsOptions public_options(const BfsCudaOptions& options) {
  BfsOptions mirrored;
  mirrored.predecessors = options.predecessors;
  mirrored.depth_limit = options.depth_limit;
  mirrored.target = options.target;
  return mirrored;
}

class BfsQueriesGpuTest : public ::testing::TestWithParam<std::tuple<std::size_t, int>> {
 protected:
  void SetUp() override { FRONTIER_REQUIRE_GPU(); }
};

TEST_P(BfsQueriesGpuTest, MatchTheOracle) {
  const test::NamedGraph graph_case = graph_cases()[std::get<0>(GetParam())];
  const Graph graph = graph_case.make();
  cuda::BfsRunner<VertexId, EdgeId> runner(graph);
  const std::vector<std::vector<VertexId>> source_sets = {
      {test::spread_sources(graph).front()}, test::spread_sources(graph), many_sources(graph)};
  for (const std::vector<VertexId>& sources : source_sets) {
    const std::span<const VertexId> seeds(sources);
    const std::vector<std::int32_t> oracle = nearest_source_depths(graph, seeds);
    const auto farthest =
        static_cast<std::int64_t>(std::max_element(oracle.begin(), oracle.end()) - oracle.begin());
    std::vector<std::optional<std::int64_t>> targets = {std::nullopt, farthest,
                                                        std::int64_t{sources.back()}};
    const auto unreachable = std::find(oracle.begin(), oracle.end(), kUnreachedDepth);
    if (unreachable != oracle.end()) targets.push_back(unreachable - oracle.begin());
    for (const std::optional<std::int32_t> limit :
         {std::optional<std::int32_t>{}, std::optional<std::int32_t>{0},
          std::optional<std::int32_t>{1}, std::optional<std::int32_t>{4},
          std::optional<std::int32_t>{40}}) {
      for (const std::optional<std::int64_t>& target : targets) {
        for (const bool predecessors : {true, false}) {
          BfsCudaOptions options;
          options.strategy = static_cast<BfsCudaStrategy>(std::get<1>(GetParam()));
          options.predecessors = predecessors;
          options.depth_limit = limit;
          options.target = target;
          SCOPED_TRACE(graph_case.name + ": " + std::to_string(sources.size()) +
                       " source(s), limit " + (limit ? std::to_string(*limit) : "-") + ", target " +
                       (target ? std::to_string(*target) : "-") +
                       (predecessors ? ", parents" : ""));
          const BfsResult<VertexId> result = runner.run(seeds, options);
          EXPECT_EQ(result.sources, sources);
          expect_query_matches_oracle(graph, seeds, public_options(options), result);
        }
      }
    }
  }
  // The runner still answers a plain search exactly after the early stops.
  const BfsResult<VertexId> full = runner.run(VertexId{0});
  EXPECT_EQ(full.depth, reference_bfs(graph, VertexId{0}).depth);
  EXPECT_EQ(full.stop, BfsStop::FrontierEmpty);
}

INSTANTIATE_TEST_SUITE_P(GraphsAndStrategies, BfsQueriesGpuTest,
                         ::testing::Combine(::testing::Range<std::size_t>(0, graph_cases().size()),
                                            ::testing::Range(0, kStrategyCount)),
                         [](const ::testing::TestParamInfo<BfsQueriesGpuTest::ParamType>& info) {
                           std::string name =
                               graph_cases()[std::get<0>(info.param)].name + "_" +
                               std::string(cuda::to_string(
                                   static_cast<BfsCudaStrategy>(std::get<1>(info.param))));
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

TEST(BfsQueriesGpu, PublicApiAndEngineOnTheGpu) {
  FRONTIER_REQUIRE_GPU();
  const Graph graph = test::kronecker_graph(test::kronecker_params(11, 8));
  const std::vector<VertexId> sources = many_sources(graph);
  const std::span<const VertexId> seeds(sources);
  BfsOptions options;
  options.depth_limit = 3;
  options.target = sources.back();
  const BfsResult<VertexId> direct = bfs(graph, seeds, options, Device::cuda(0));
  expect_query_matches_oracle(graph, seeds, options, direct);
  const Engine engine{Graph(graph), Device::cuda(0)};
  const std::vector<VertexId> repeated = {sources[1], sources[0], sources[1]};
  options.target.reset();
  const BfsResult<VertexId> resident = engine.bfs(std::span<const VertexId>(repeated), options);
  EXPECT_EQ(resident.sources, (std::vector<VertexId>{sources[1], sources[0]}));
  expect_query_matches_oracle(graph, std::span<const VertexId>(resident.sources), options,
                              resident);
}

TEST(BfsQueriesGpu, BadArgumentsAreRefused) {
  FRONTIER_REQUIRE_GPU();
  const Graph graph = test::path_graph(6);
  cuda::BfsRunner<VertexId, EdgeId> runner(graph);
  EXPECT_THROW(runner.run(std::span<const VertexId>()), InvalidArgument);
  BfsCudaOptions options;
  options.target = 6;
  EXPECT_THROW(runner.run(VertexId{0}, options), InvalidArgument);
  options.target.reset();
  options.depth_limit = -1;
  EXPECT_THROW(runner.run(VertexId{0}, options), InvalidArgument);
}

}  // namespace
}  // namespace frontier
