// The Graph500 check of a distributed search on the GPU ranks of one process, over the labels
// where the search left them (DistributedBfs::validate_last_search; rank_validate.cuh): on 1 GPU
// and on every count of GPUs present up to 4, both layouts and both transports, slices built on
// the GPUs, the verdict (reached vertices, arcs of the component) equals the host validator's over
// the host slices and gathered labels, with the labels never gathered; slices with a one-way arc
// give the CPU simulation's failure, word for word, whether the broken vertex's arcs are checked
// by its own thread or in chunks (a heavy vertex). Skipped without a GPU.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "frontier/bfs_validate.hpp"
#include "frontier/device.hpp"
#include "frontier/distributed_bfs.hpp"
#include "frontier/errors.hpp"
#include "frontier/partition/slices.hpp"
#include "support/gpu_devices.hpp"
#include "support/require_gpu.hpp"
#include "support/test_graphs.hpp"

namespace frontier {
namespace {

Device gpus(int count) { return Device::first_gpus(count); }

std::vector<int> gpu_counts() { return test::present_gpu_counts({1, 2, 4}); }

TEST(DistributedValidateOnGpus, VerdictOfLabelsLeftOnTheGpusEqualsTheHostValidator) {
  FRONTIER_REQUIRE_GPU();
  const KroneckerParams params = test::kronecker_params(14, 3);
  for (const int count : gpu_counts()) {
    for (const VertexLayout layout : {VertexLayout::Striped, VertexLayout::Block}) {
      for (const GpuTransport transport : {GpuTransport::Auto, GpuTransport::Nccl}) {
        SCOPED_TRACE(std::to_string(count) + " GPUs, " + std::string(to_string(layout)) + ", " +
                     std::string(to_string(transport)));
        const std::vector<RankGraph<VertexId, EdgeId>> host =
            partition::generate_kronecker_slices<VertexId, EdgeId>(params, layout, count);
        DistributedBfs<VertexId, EdgeId> search(params, layout, gpus(count), transport);
        for (const VertexId source : {VertexId{0}, VertexId{1}, VertexId{4097}}) {
          SCOPED_TRACE("source " + std::to_string(source));
          if (search.degree(source) == 0) continue;
          const DistributedBfsResult<VertexId> gathered = search.run(source);
          const BfsValidation expected = validate_distributed_bfs<VertexId, EdgeId>(
              host, source, gathered.bfs.parent, gathered.bfs.depth);
          ASSERT_TRUE(expected.valid) << expected.failure;
          DistributedBfsOptions options;
          options.gather_labels = false;
          const DistributedBfsResult<VertexId> left = search.run(source, options);
          EXPECT_TRUE(left.bfs.depth.empty());
          const BfsValidation actual = search.validate_last_search(source);
          EXPECT_TRUE(actual.valid) << actual.failure;
          EXPECT_EQ(actual.vertices_in_tree, expected.vertices_in_tree);
          EXPECT_EQ(actual.arcs_in_component, expected.arcs_in_component);
          EXPECT_THROW(search.validate_last_search(source + 1), InvalidArgument);
        }
      }
    }
  }
}

// `pairs` as slices that say undirected whatever arcs they hold, searched top-down from 0 on the
// CPU ranks and on the GPUs: both validations fail with the same words, naming `rule`.
void expect_same_failure(VertexId n, const std::vector<std::pair<VertexId, VertexId>>& pairs,
                         const std::string& rule) {
  const auto graph = test::graph_from_pairs<VertexId>(n, pairs, true);
  for (const int count : gpu_counts()) {
    for (const VertexLayout layout : {VertexLayout::Striped, VertexLayout::Block}) {
      SCOPED_TRACE(std::to_string(count) + " GPUs, " + std::string(to_string(layout)));
      auto slices = partition::slice_graph(graph, layout, count);
      for (auto& slice : slices) slice.directed = false;
      DistributedBfs<VertexId, EdgeId> cpu(slices, Device::cpu());
      DistributedBfs<VertexId, EdgeId> gpu(std::move(slices), gpus(count));
      DistributedBfsOptions options;
      options.bfs.strategy = BfsStrategy::TopDown;
      options.gather_labels = false;
      cpu.run(0, options);
      gpu.run(0, options);
      const BfsValidation expected = cpu.validate_last_search(0);
      const BfsValidation actual = gpu.validate_last_search(0);
      ASSERT_FALSE(expected.valid);
      EXPECT_NE(expected.failure.find(rule), std::string::npos) << expected.failure;
      EXPECT_FALSE(actual.valid);
      EXPECT_EQ(actual.failure, expected.failure);
    }
  }
}

// Both arcs of vertices 0 - first ... first + count - 1 (a vertex of `count` more arcs).
void add_leaves(std::vector<std::pair<VertexId, VertexId>>& pairs, VertexId hub, VertexId first,
                VertexId count) {
  for (VertexId leaf = first; leaf < first + count; ++leaf) {
    pairs.push_back({hub, leaf});
    pairs.push_back({leaf, hub});
  }
}

// The arc 0 -> 1 alone: 1 is reached from 0, but its own arcs (where rule 5 looks in an
// undirected graph) lack its parent; 1 light, then heavy (its arcs checked in chunks).
TEST(DistributedValidateOnGpus, ABrokenRuleIsWordedAsOnTheCpu) {
  FRONTIER_REQUIRE_GPU();
  std::vector<std::pair<VertexId, VertexId>> pairs = {{0, 1}, {0, 2}, {2, 0}, {2, 65}, {65, 2}};
  expect_same_failure(70, pairs, "rule 5");
  add_leaves(pairs, 1, 100, 700);
  expect_same_failure(800, pairs, "rule 5");
}

// A path 0 - 1 - 2 - 3 and the arc 3 -> 0 alone: vertex 3 at depth 3 holds an arc to depth 0
// (rule 3), with 3 light and then heavy.
TEST(DistributedValidateOnGpus, AnArcSpanningLevelsOfAHeavyVertexIsFound) {
  FRONTIER_REQUIRE_GPU();
  std::vector<std::pair<VertexId, VertexId>> pairs = {{0, 1}, {1, 0}, {1, 2}, {2, 1},
                                                      {2, 3}, {3, 2}, {3, 0}};
  expect_same_failure(10, pairs, "rule 3");
  add_leaves(pairs, 3, 10, 1000);
  expect_same_failure(1010, pairs, "rule 3");
}

}  // namespace
}  // namespace frontier
