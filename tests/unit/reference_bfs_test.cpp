// reference_bfs on hand-made graphs whose depths, parents and level statistics are worked out
// by hand: path, star, disconnected, directed, self loops, first-discoverer parents, 0/1 vertex.
#include "frontier/reference_bfs.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "frontier/errors.hpp"
#include "support/test_graphs.hpp"

namespace frontier {
namespace {

using test::graph_from_pairs;

std::vector<std::int64_t> frontier_sizes(const BfsResult<std::int32_t>& result) {
  std::vector<std::int64_t> sizes;
  for (const auto& level : result.levels) sizes.push_back(level.frontier_vertices);
  return sizes;
}

std::vector<std::int64_t> examined_per_level(const BfsResult<std::int32_t>& result) {
  std::vector<std::int64_t> examined;
  for (const auto& level : result.levels) examined.push_back(level.edges_examined);
  return examined;
}

TEST(ReferenceBfs, PathFromMiddle) {
  const auto graph = graph_from_pairs(5, {{0, 1}, {1, 2}, {2, 3}, {3, 4}}, false);
  const auto result = reference_bfs(graph, 2);
  EXPECT_EQ(result.source, 2);
  EXPECT_EQ(result.depth, (std::vector<std::int32_t>{2, 1, 0, 1, 2}));
  EXPECT_EQ(result.parent, (std::vector<std::int32_t>{1, 2, 2, 2, 3}));
  EXPECT_EQ(result.vertices_reached, 5);
  EXPECT_EQ(result.edges_examined, 8);
  EXPECT_EQ(frontier_sizes(result), (std::vector<std::int64_t>{1, 2, 2}));
  EXPECT_EQ(examined_per_level(result), (std::vector<std::int64_t>{2, 4, 2}));
  for (std::size_t i = 0; i < result.levels.size(); ++i) {
    EXPECT_EQ(result.levels[i].level, static_cast<std::int32_t>(i));
    EXPECT_EQ(result.levels[i].direction, BfsDirection::TopDown);
    EXPECT_GE(result.levels[i].seconds, 0.0);
  }
}

TEST(ReferenceBfs, PathFromEnd) {
  const auto graph = graph_from_pairs(5, {{0, 1}, {1, 2}, {2, 3}, {3, 4}}, false);
  const auto result = reference_bfs(graph, 0);
  EXPECT_EQ(result.depth, (std::vector<std::int32_t>{0, 1, 2, 3, 4}));
  EXPECT_EQ(result.parent, (std::vector<std::int32_t>{0, 0, 1, 2, 3}));
  EXPECT_EQ(frontier_sizes(result), (std::vector<std::int64_t>{1, 1, 1, 1, 1}));
}

TEST(ReferenceBfs, StarFromLeaf) {
  const auto graph = graph_from_pairs(6, {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {0, 5}}, false);
  const auto result = reference_bfs(graph, 3);
  EXPECT_EQ(result.depth, (std::vector<std::int32_t>{1, 2, 2, 0, 2, 2}));
  EXPECT_EQ(result.parent, (std::vector<std::int32_t>{3, 0, 0, 3, 0, 0}));
  EXPECT_EQ(frontier_sizes(result), (std::vector<std::int64_t>{1, 1, 4}));
  EXPECT_EQ(examined_per_level(result), (std::vector<std::int64_t>{1, 5, 4}));
  EXPECT_EQ(result.edges_examined, 10);
}

TEST(ReferenceBfs, DisconnectedLeavesOtherComponentsUnreached) {
  const auto graph = graph_from_pairs(7, {{0, 1}, {1, 2}, {2, 0}, {3, 4}, {4, 5}, {5, 3}}, false);
  const auto result = reference_bfs(graph, 4);
  EXPECT_EQ(result.depth, (std::vector<std::int32_t>{-1, -1, -1, 1, 0, 1, -1}));
  EXPECT_EQ(result.parent, (std::vector<std::int32_t>{-1, -1, -1, 4, 4, 4, -1}));
  EXPECT_EQ(result.vertices_reached, 3);
  EXPECT_EQ(result.edges_examined, 6);

  const auto isolated = reference_bfs(graph, 6);
  EXPECT_EQ(isolated.depth, (std::vector<std::int32_t>{-1, -1, -1, -1, -1, -1, 0}));
  EXPECT_EQ(isolated.parent, (std::vector<std::int32_t>{-1, -1, -1, -1, -1, -1, 6}));
  EXPECT_EQ(isolated.vertices_reached, 1);
  EXPECT_EQ(isolated.edges_examined, 0);
  EXPECT_EQ(frontier_sizes(isolated), (std::vector<std::int64_t>{1}));
}

TEST(ReferenceBfs, DirectedFollowsArcDirection) {
  const auto graph = graph_from_pairs(5, {{0, 1}, {1, 2}, {2, 0}, {3, 0}, {2, 4}}, true);
  ASSERT_TRUE(graph.directed());
  const auto from0 = reference_bfs(graph, 0);
  EXPECT_EQ(from0.depth, (std::vector<std::int32_t>{0, 1, 2, -1, 3}));
  EXPECT_EQ(from0.parent, (std::vector<std::int32_t>{0, 0, 1, -1, 2}));
  EXPECT_EQ(from0.vertices_reached, 4);

  const auto from3 = reference_bfs(graph, 3);
  EXPECT_EQ(from3.depth, (std::vector<std::int32_t>{1, 2, 3, 0, 4}));
  EXPECT_EQ(from3.parent, (std::vector<std::int32_t>{3, 0, 1, 3, 2}));

  const auto from4 = reference_bfs(graph, 4);
  EXPECT_EQ(from4.depth, (std::vector<std::int32_t>{-1, -1, -1, -1, 0}));
  EXPECT_EQ(from4.vertices_reached, 1);
}

TEST(ReferenceBfs, SelfLoopsDoNotChangeParents) {
  const auto graph = graph_from_pairs(3, {{0, 0}, {0, 1}, {1, 1}, {1, 2}, {2, 2}}, false);
  const auto result = reference_bfs(graph, 0);
  EXPECT_EQ(result.depth, (std::vector<std::int32_t>{0, 1, 2}));
  EXPECT_EQ(result.parent, (std::vector<std::int32_t>{0, 0, 1}));
  // Arcs: 0 {0, 1}, 1 {0, 1, 2}, 2 {1, 2}: every arc is examined once.
  EXPECT_EQ(result.edges_examined, 7);
}

TEST(ReferenceBfs, ParentIsFirstDiscovererInCsrOrder) {
  // 3 is reachable through 1 and through 2; 1 is dequeued first.
  const auto graph = graph_from_pairs(4, {{0, 2}, {0, 1}, {2, 3}, {1, 3}}, false);
  const auto result = reference_bfs(graph, 0);
  EXPECT_EQ(result.depth, (std::vector<std::int32_t>{0, 1, 1, 2}));
  EXPECT_EQ(result.parent, (std::vector<std::int32_t>{0, 0, 0, 1}));
}

TEST(ReferenceBfs, SingleVertex) {
  const auto graph = graph_from_pairs(1, {}, false);
  const auto result = reference_bfs(graph, 0);
  EXPECT_EQ(result.depth, (std::vector<std::int32_t>{0}));
  EXPECT_EQ(result.parent, (std::vector<std::int32_t>{0}));
  EXPECT_EQ(result.vertices_reached, 1);
  EXPECT_EQ(result.edges_examined, 0);
  EXPECT_EQ(result.levels.size(), 1u);
}

TEST(ReferenceBfs, SixtyFourBitVertices) {
  const auto graph = graph_from_pairs<std::int64_t>(4, {{0, 1}, {1, 2}, {2, 3}}, false);
  const auto result = reference_bfs(graph, std::int64_t{3});
  EXPECT_EQ(result.depth, (std::vector<std::int32_t>{3, 2, 1, 0}));
  EXPECT_EQ(result.parent, (std::vector<std::int64_t>{1, 2, 3, 3}));
}

TEST(ReferenceBfs, RejectsSourceOutOfRange) {
  const auto graph = graph_from_pairs(3, {{0, 1}}, false);
  EXPECT_THROW(reference_bfs(graph, -1), InvalidArgument);
  EXPECT_THROW(reference_bfs(graph, 3), InvalidArgument);
  const CsrGraph<std::int32_t, std::int64_t> empty;
  EXPECT_THROW(reference_bfs(empty, 0), InvalidArgument);
}

}  // namespace
}  // namespace frontier
