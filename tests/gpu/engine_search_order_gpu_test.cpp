// SearchOrder::DegreeClasses on a GPU engine: the renumbered graph searched on the GPU, labels
// returned in the caller's ids both ways (bfs(), bfs_on_device()) and held against the oracle
// and the engine on the graph as given, for full searches, depth limits and targets, one and
// several sources; validation (host labels and labels on the GPU) through the order accepts
// those trees and rejects broken ones.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "frontier/bfs_validate.hpp"
#include "frontier/device.hpp"
#include "frontier/device_bfs_result.hpp"
#include "frontier/engine.hpp"
#include "support/bfs_query_checks.hpp"
#include "support/cuda/device_writes.hpp"
#include "support/require_gpu.hpp"
#include "support/test_graphs.hpp"

namespace frontier {
namespace {

using test::expect_query_matches_oracle;
using test::nearest_source_depths;

Engine ordered_engine(const Graph& graph) {
  EngineOptions options;
  options.search_order = SearchOrder::DegreeClasses;
  return Engine(graph, Device::cuda(0), options);
}

std::vector<BfsOptions> queries_for(const std::vector<std::int32_t>& oracle) {
  const auto deepest = std::max_element(oracle.begin(), oracle.end());
  std::vector<BfsOptions> queries(4);
  queries[1].depth_limit = 2;
  queries[2].target = deepest - oracle.begin();
  queries[3].predecessors = false;
  return queries;
}

class SearchOrderGpuTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override { FRONTIER_REQUIRE_GPU(); }
};

TEST_P(SearchOrderGpuTest, LabelsInTheCallersIdsMatchTheOracleAndTheGraphAsGiven) {
  const Graph graph = test::query_test_graph(GetParam());
  const Engine given(graph, Device::cuda(0));
  const Engine ordered = ordered_engine(graph);
  EXPECT_EQ(ordered.search_order(), SearchOrder::DegreeClasses);
  const std::vector<std::vector<VertexId>> source_sets = {{test::spread_sources(graph).front()},
                                                          test::spread_sources(graph)};
  for (const std::vector<VertexId>& sources : source_sets) {
    const std::span<const VertexId> seeds(sources);
    for (const BfsOptions& options : queries_for(nearest_source_depths(graph, seeds))) {
      SCOPED_TRACE(std::to_string(sources.size()) + " source(s), limit " +
                   (options.depth_limit ? std::to_string(*options.depth_limit) : "-") +
                   ", target " + (options.target ? std::to_string(*options.target) : "-"));
      const DeviceBfsResult<VertexId> kept = ordered.bfs_on_device(seeds, options);
      const BfsResult<VertexId> on_device = kept.to_host();
      EXPECT_EQ(on_device.sources, sources);
      EXPECT_EQ(on_device.source, sources.front());
      expect_query_matches_oracle(graph, seeds, options, on_device);
      const BfsResult<VertexId> copied = ordered.bfs(seeds, options);
      EXPECT_EQ(copied.sources, sources);
      expect_query_matches_oracle(graph, seeds, options, copied);
      const BfsResult<VertexId> as_given = given.bfs(seeds, options);
      EXPECT_EQ(on_device.depth, as_given.depth);
      EXPECT_EQ(copied.depth, as_given.depth);
      EXPECT_EQ(on_device.vertices_reached, as_given.vertices_reached);
      EXPECT_EQ(on_device.stop, as_given.stop);
      if (options.predecessors) {
        const BfsValidation in_place = ordered.validate(kept);
        EXPECT_TRUE(in_place.valid) << in_place.failure;
        const BfsValidation from_host = ordered.validate(copied);
        EXPECT_TRUE(from_host.valid) << from_host.failure;
        EXPECT_EQ(in_place.arcs_in_component, given.validate(as_given).arcs_in_component);
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Graphs, SearchOrderGpuTest,
                         ::testing::Values("kronecker", "kronecker_directed", "grid",
                                           "disconnected", "random_directed"),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           return info.param;
                         });

// A parent that is no neighbour, and one out of range, are caught through the order, in the
// host labels and in labels on the GPU alike, with the host validator's message on the graph
// as given (the caller's ids).
TEST(SearchOrderGpu, ValidationThroughTheOrderRejectsBrokenTrees) {
  FRONTIER_REQUIRE_GPU();
  const Graph graph = test::query_test_graph("kronecker");
  const Engine ordered = ordered_engine(graph);
  const VertexId root = test::spread_sources(graph).front();
  const BfsResult<VertexId> tree = ordered.bfs(root);
  ASSERT_TRUE(ordered.validate(tree).valid);
  // A vertex two levels down whose parent becomes the root (no arc joins them), or a vertex
  // out of range.
  const auto two = std::find(tree.depth.begin(), tree.depth.end(), 2);
  ASSERT_NE(two, tree.depth.end());
  const auto moved = static_cast<std::size_t>(two - tree.depth.begin());
  for (const VertexId wrong : {root, graph.num_vertices() + 5}) {
    SCOPED_TRACE("parent " + std::to_string(wrong));
    BfsResult<VertexId> broken = tree;
    broken.parent[moved] = wrong;
    const BfsValidation host =
        validate_bfs_tree(graph, root, std::span<const VertexId>(broken.parent),
                          std::span<const std::int32_t>(broken.depth));
    ASSERT_FALSE(host.valid);
    const BfsValidation from_host = ordered.validate(broken);
    EXPECT_FALSE(from_host.valid);
    EXPECT_EQ(from_host.failure, host.failure);
    DeviceBfsResult<VertexId> kept = ordered.bfs_on_device(root);
    ASSERT_TRUE(ordered.validate(kept).valid);
    test::write_device_vertex(kept.parent.data(), moved, wrong);
    const BfsValidation in_place = ordered.validate(kept);
    EXPECT_FALSE(in_place.valid);
    EXPECT_EQ(in_place.failure, host.failure);
  }
}

}  // namespace
}  // namespace frontier
