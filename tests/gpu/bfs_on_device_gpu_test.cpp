// Engine::bfs_on_device: searches whose labels stay on the GPU, held against the sequential
// oracle (support/bfs_query_checks.hpp) and against the same engine's host-copied search, with
// several sources, depth limits and targets (a grid's many small levels run in multi-level
// launches that may label past the target, which bfs_on_device clears on the GPU); labels that
// later searches leave alone; vertices an earlier search reached left unreached by a later one;
// memory shared by copies of a DeviceArray and freed by the last. The GPU tests skip without a GPU;
// a CPU engine's refusal runs everywhere.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "frontier/device.hpp"
#include "frontier/device_bfs_result.hpp"
#include "frontier/engine.hpp"
#include "frontier/errors.hpp"
#include "frontier/io/generate_grid.hpp"
#include "frontier/reference_bfs.hpp"
#include "support/bfs_query_checks.hpp"
#include "support/require_gpu.hpp"
#include "support/test_graphs.hpp"

namespace frontier {
namespace {

using test::expect_query_matches_oracle;
using test::nearest_source_depths;

/// The queries asked from each source set (`oracle`: its depths): a full search, depth limits,
/// targets at the deepest and a middle level, a limit and a target together; each with parents
/// and without.
std::vector<BfsOptions> queries_for(const std::vector<std::int32_t>& oracle) {
  const auto deepest = std::max_element(oracle.begin(), oracle.end());
  const std::int64_t farthest = deepest - oracle.begin();
  const std::int64_t middle =
      std::find(oracle.begin(), oracle.end(), *deepest / 2) - oracle.begin();
  std::vector<BfsOptions> queries(6);
  queries[1].depth_limit = 1;
  queries[2].depth_limit = 4;
  queries[3].target = farthest;
  queries[4].target = middle;
  queries[5].depth_limit = 4;
  queries[5].target = farthest;
  const std::size_t with_parents = queries.size();
  for (std::size_t i = 0; i < with_parents; ++i) {
    queries.push_back(queries[i]);
    queries.back().predecessors = false;
  }
  return queries;
}

std::string describe(const BfsOptions& options) {
  return std::string("limit ") +
         (options.depth_limit ? std::to_string(*options.depth_limit) : "-") + ", target " +
         (options.target ? std::to_string(*options.target) : "-") +
         (options.predecessors ? ", parents" : "");
}

TEST(BfsOnDeviceTest, CpuEngineRefuses) {
  const Engine engine(test::path_graph(10), Device::cpu());
  EXPECT_THROW(engine.bfs_on_device(VertexId{0}), InvalidArgument);
}

class BfsOnDeviceGpuTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override { FRONTIER_REQUIRE_GPU(); }
};

TEST_P(BfsOnDeviceGpuTest, LabelsMatchTheOracleAndTheHostCopy) {
  const Graph graph = test::query_test_graph(GetParam());
  const Engine engine(graph, Device::cuda(0));
  const auto n = static_cast<std::size_t>(graph.num_vertices());
  const std::vector<std::vector<VertexId>> source_sets = {{test::spread_sources(graph).front()},
                                                          test::spread_sources(graph)};
  for (const std::vector<VertexId>& sources : source_sets) {
    const std::span<const VertexId> seeds(sources);
    for (const BfsOptions& options : queries_for(nearest_source_depths(graph, seeds))) {
      SCOPED_TRACE(std::to_string(sources.size()) + " source(s), " + describe(options));
      const DeviceBfsResult<VertexId> kept = engine.bfs_on_device(seeds, options);
      ASSERT_EQ(kept.depth.size(), n);
      EXPECT_EQ(kept.depth.device_id(), 0);
      EXPECT_TRUE(kept.summary.depth.empty() && kept.summary.parent.empty());
      EXPECT_EQ(kept.parent.size(), options.predecessors ? n : 0);
      const BfsResult<VertexId> result = kept.to_host();
      EXPECT_EQ(result.sources, sources);
      expect_query_matches_oracle(graph, seeds, options, result);
      const BfsResult<VertexId> copied = engine.bfs(seeds, options);
      EXPECT_EQ(result.depth, copied.depth);
      EXPECT_EQ(result.vertices_reached, copied.vertices_reached);
      EXPECT_EQ(result.stop, copied.stop);
      EXPECT_EQ(result.levels.size(), copied.levels.size());
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Graphs, BfsOnDeviceGpuTest,
                         ::testing::Values("kronecker", "kronecker_directed", "grid",
                                           "disconnected", "random_directed"),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           return info.param;
                         });

TEST(BfsOnDeviceTest, LaterSearchesLeaveEarlierLabelsAlone) {
  FRONTIER_REQUIRE_GPU();
  const Graph graph = test::undirected_graph(io::generate_grid_2d<VertexId>(120, 80));
  const Engine engine(graph, Device::cuda(0));
  const DeviceBfsResult<VertexId> first = engine.bfs_on_device(VertexId{0});
  const std::int32_t* d_depth = first.depth.data();
  const DeviceBfsResult<VertexId> second = engine.bfs_on_device(graph.num_vertices() - 1);
  const BfsResult<VertexId> copied = engine.bfs(VertexId{4321});
  EXPECT_NE(second.depth.data(), d_depth);
  EXPECT_EQ(first.depth.data(), d_depth);
  EXPECT_EQ(first.depth.to_host(), reference_bfs(graph, VertexId{0}).depth);
  const BfsResult<VertexId> first_on_host = first.to_host();
  const std::vector<VertexId> sources{0};
  expect_query_matches_oracle(graph, std::span<const VertexId>(sources), BfsOptions{},
                              first_on_host);
  EXPECT_EQ(second.depth.to_host(), reference_bfs(graph, graph.num_vertices() - 1).depth);
  EXPECT_EQ(copied.depth, reference_bfs(graph, VertexId{4321}).depth);
}

// A search clears the visited mask, not the labels: a vertex an earlier search reached must come
// out unreached (depth -1, parent -1) from a search that does not reach it, on the host and on
// the GPU, in the graph's order and in the degree order, with parents and without.
TEST(BfsOnDeviceTest, ASearchLeavesUnreachedWhatAnEarlierOneReached) {
  FRONTIER_REQUIRE_GPU();
  // Two paths, 0-1-2-3 and 4-5-6, and vertex 7 without arcs.
  const Graph graph =
      test::graph_from_pairs<VertexId>(8, {{0, 1}, {1, 2}, {2, 3}, {4, 5}, {5, 6}}, false);
  const std::vector<std::int32_t> from_five = {-1, -1, -1, -1, 1, 0, 1, -1};
  const std::vector<VertexId> parents_from_five = {-1, -1, -1, -1, 5, 5, 5, -1};
  for (const SearchOrder order : {SearchOrder::AsGiven, SearchOrder::DegreeClasses}) {
    EngineOptions engine_options;
    engine_options.search_order = order;
    const Engine engine(graph, Device::cuda(0), engine_options);
    for (const bool parents : {true, false}) {
      SCOPED_TRACE(std::string(order == SearchOrder::AsGiven ? "given" : "degree") + " order, " +
                   (parents ? "parents" : "depths only"));
      BfsOptions options;
      options.predecessors = parents;
      // Each check follows a search from 0 that labelled 0-3.
      engine.bfs(VertexId{0}, options);
      const BfsResult<VertexId> copied = engine.bfs(VertexId{5}, options);
      EXPECT_EQ(copied.depth, from_five);
      if (parents) EXPECT_EQ(copied.parent, parents_from_five);
      engine.bfs_on_device(VertexId{0}, options);
      const BfsResult<VertexId> kept = engine.bfs_on_device(VertexId{5}, options).to_host();
      EXPECT_EQ(kept.depth, from_five);
      if (parents) EXPECT_EQ(kept.parent, parents_from_five);
      EXPECT_EQ(kept.vertices_reached, 3);
    }
  }
}

// Ownership is checked through the shared handles, not the GPU's free memory, which other test
// programs running beside this one change at any time.
TEST(BfsOnDeviceTest, CopiesShareTheMemoryAndTheLastFreesIt) {
  FRONTIER_REQUIRE_GPU();
  constexpr VertexId kVertices = VertexId{1} << 16;
  const Engine engine(test::star_graph(kVertices - 1), Device::cuda(0));
  std::optional<DeviceBfsResult<VertexId>> result = engine.bfs_on_device(VertexId{0});
  const std::weak_ptr<std::int32_t> depth_memory = result->depth.memory();
  const std::weak_ptr<VertexId> parent_memory = result->parent.memory();
  EXPECT_EQ(depth_memory.use_count(), 1);
  EXPECT_EQ(parent_memory.use_count(), 1);

  std::optional<DeviceArray<std::int32_t>> depth = result->depth;  // a copy: shares the memory
  EXPECT_EQ(depth->data(), result->depth.data());
  EXPECT_EQ(depth_memory.use_count(), 2);
  result.reset();
  EXPECT_TRUE(parent_memory.expired());  // the parent had one holder
  EXPECT_EQ(depth_memory.use_count(), 1);
  const LabelVector<std::int32_t> labels = depth->to_host();
  EXPECT_EQ(labels[0], 0);
  EXPECT_TRUE(std::all_of(labels.begin() + 1, labels.end(), [](std::int32_t d) { return d == 1; }));
  depth.reset();
  EXPECT_TRUE(depth_memory.expired());
}

}  // namespace
}  // namespace frontier
