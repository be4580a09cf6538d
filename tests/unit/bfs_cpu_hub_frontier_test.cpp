// A top-down step whose frontier is a few hubs (fewer vertices than threads * top_down_chunk, each
// with many arcs) cuts the hubs' lists into pieces of arcs shared by the threads (bfs_cpu.cpp).
// The pieces cross list boundaries, start inside lists, and pass over frontier vertices without
// out-arcs; depths must equal the oracle's and parents form a valid tree at every thread count.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "frontier/bfs.hpp"
#include "frontier/reference_bfs.hpp"
#include "support/bfs_checks.hpp"
#include "support/test_graphs.hpp"

namespace frontier {
namespace {

constexpr VertexId kLeaves = 30000;

// Root 0 -> vertices 1..5 (level 1); the odd ones are hubs over overlapping ranges of the leaves
// (so their claims race), the even ones have no out-arcs in the directed graph; the last leaves
// form a path, a few more levels. Large enough that the search uses its threads.
std::vector<std::pair<VertexId, VertexId>> hub_pairs() {
  const VertexId first_leaf = 6;
  std::vector<std::pair<VertexId, VertexId>> pairs;
  for (VertexId v = 1; v <= 5; ++v) pairs.emplace_back(0, v);
  const std::pair<VertexId, VertexId> ranges[] = {
      {0, kLeaves * 6 / 10}, {kLeaves * 3 / 10, kLeaves * 9 / 10}, {kLeaves / 2, kLeaves}};
  VertexId hub = 1;
  for (const auto& [begin, end] : ranges) {
    for (VertexId leaf = begin; leaf < end; ++leaf) pairs.emplace_back(hub, first_leaf + leaf);
    hub += 2;
  }
  for (VertexId leaf = kLeaves - 100; leaf + 1 < kLeaves; ++leaf) {
    pairs.emplace_back(first_leaf + leaf, first_leaf + leaf + 1);
  }
  return pairs;
}

void expect_top_down_matches_oracle(const Graph& graph) {
  for (const int threads : {1, 2, 4, 16}) {
    SCOPED_TRACE("threads " + std::to_string(threads));
    BfsOptions options;
    options.strategy = BfsStrategy::TopDown;
    options.threads = threads;
    const BfsResult<VertexId> result = bfs(graph, VertexId{0}, options);
    test::expect_bfs_matches_reference(graph, result, reference_bfs(graph, VertexId{0}), true);
    // Every vertex is reached, and a top-down search reads each reached list once.
    EXPECT_EQ(result.edges_examined, static_cast<std::int64_t>(graph.num_arcs()));
  }
}

TEST(BfsCpuHubFrontier, UndirectedHubListsSharedByTheThreads) {
  const Graph graph = test::graph_from_pairs<VertexId>(6 + kLeaves, hub_pairs(), false);
  expect_top_down_matches_oracle(graph);
}

TEST(BfsCpuHubFrontier, DirectedFrontierWithVerticesWithoutOutArcs) {
  const Graph graph = test::graph_from_pairs<VertexId>(6 + kLeaves, hub_pairs(), true);
  expect_top_down_matches_oracle(graph);
}

}  // namespace
}  // namespace frontier
