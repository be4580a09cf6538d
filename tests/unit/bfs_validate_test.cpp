// validate_bfs_tree: valid trees (from reference_bfs and hand-made alternatives) pass with the
// right counts; every deliberately broken parent or depth array fails naming the rule it breaks.
#include "frontier/bfs_validate.hpp"

#include <gtest/gtest.h>
#include <omp.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "frontier/errors.hpp"
#include "frontier/random.hpp"
#include "frontier/reference_bfs.hpp"
#include "support/test_graphs.hpp"

namespace frontier {
namespace {

using test::graph_from_pairs;

template <typename VertexT>
BfsValidation validate(const CsrGraph<VertexT, EdgeId>& graph, VertexT source,
                       const std::vector<VertexT>& parent,
                       const std::vector<std::int32_t>& depth = {}) {
  return validate_bfs_tree(graph, source, std::span<const VertexT>(parent),
                           std::span<const std::int32_t>(depth));
}

// The search's own tree and depths.
template <typename VertexT>
BfsValidation validate(const CsrGraph<VertexT, EdgeId>& graph, VertexT source,
                       const BfsResult<VertexT>& bfs) {
  return validate_bfs_tree(graph, source, std::span<const VertexT>(bfs.parent),
                           std::span<const std::int32_t>(bfs.depth));
}

// Asserts that the result failed exactly the rule named by `rule` ("rule 3", "depth", ...).
void expect_fails(const BfsValidation& result, const std::string& rule) {
  EXPECT_FALSE(result.valid);
  EXPECT_EQ(result.failure.rfind(rule, 0), 0u) << "failure: " << result.failure;
  EXPECT_EQ(result.failure.find(';'), std::string::npos)
      << "more than one rule failed: " << result.failure;
}

// Asserts that the result failed and that `rule` is the first failure reported (damage to a
// large tree usually breaks several rules at once).
void expect_fails_first(const BfsValidation& result, const std::string& rule) {
  EXPECT_FALSE(result.valid);
  EXPECT_EQ(result.failure.rfind(rule, 0), 0u) << "failure: " << result.failure;
}

// 0 - 1 - 2 - 3 - 4
CsrGraph<std::int32_t, EdgeId> path5() {
  return graph_from_pairs(5, {{0, 1}, {1, 2}, {2, 3}, {3, 4}}, false);
}

// 0 - 1 - 2 - 3 - 0
CsrGraph<std::int32_t, EdgeId> square() {
  return graph_from_pairs(4, {{0, 1}, {1, 2}, {2, 3}, {3, 0}}, false);
}

TEST(BfsValidate, ReferenceTreesPass) {
  const auto graph = path5();
  for (std::int32_t source = 0; source < 5; ++source) {
    const auto bfs = reference_bfs(graph, source);
    const auto result = validate(graph, source, bfs);
    EXPECT_TRUE(result.valid) << result.failure;
    EXPECT_TRUE(result.failure.empty());
    EXPECT_EQ(result.vertices_in_tree, 5);
    EXPECT_EQ(result.arcs_in_component, 8);
  }
}

TEST(BfsValidate, AnyShortestPathTreePasses) {
  // From 0 vertex 2 may hang below 1 or below 3.
  const auto graph = square();
  EXPECT_TRUE(validate(graph, 0, {0, 0, 1, 0}, {0, 1, 2, 1}).valid);
  EXPECT_TRUE(validate(graph, 0, {0, 0, 3, 0}, {0, 1, 2, 1}).valid);
  EXPECT_TRUE(validate(graph, 0, {0, 0, 3, 0}).valid);
}

TEST(BfsValidate, DisconnectedComponentCounts) {
  const auto graph = graph_from_pairs(7, {{0, 1}, {1, 2}, {3, 4}, {4, 5}, {5, 3}}, false);
  const auto result = validate(graph, 4, {-1, -1, -1, 4, 4, 4, -1}, {-1, -1, -1, 1, 0, 1, -1});
  EXPECT_TRUE(result.valid) << result.failure;
  EXPECT_EQ(result.vertices_in_tree, 3);
  EXPECT_EQ(result.arcs_in_component, 6);
  const auto single = validate(graph, 6, {-1, -1, -1, -1, -1, -1, 6});
  EXPECT_TRUE(single.valid) << single.failure;
  EXPECT_EQ(single.vertices_in_tree, 1);
  EXPECT_EQ(single.arcs_in_component, 0);
}

TEST(BfsValidate, ReachedArcsCountsArcsOutOfReachedVertices) {
  const auto undirected = graph_from_pairs(7, {{0, 1}, {1, 2}, {3, 4}, {4, 5}, {5, 3}}, false);
  const std::vector<std::int32_t> component = {-1, -1, -1, 1, 0, 1, -1};
  EXPECT_EQ((reached_arcs<std::int32_t, EdgeId>(undirected, component)), 6);
  const std::vector<std::int32_t> none(7, -1);
  EXPECT_EQ((reached_arcs<std::int32_t, EdgeId>(undirected, none)), 0);
  // Directed: 3 -> 0 leaves an unreached vertex, so it does not count.
  const auto directed = graph_from_pairs(4, {{0, 1}, {1, 2}, {2, 0}, {3, 0}}, true);
  const std::vector<std::int32_t> depth = {0, 1, 2, -1};
  EXPECT_EQ((reached_arcs<std::int32_t, EdgeId>(directed, depth)), 3);
  const std::vector<std::int32_t> short_depth = {0, 1};
  EXPECT_THROW((reached_arcs<std::int32_t, EdgeId>(directed, short_depth)), InvalidArgument);
}

TEST(BfsValidate, ReachedEdgesCountASelfLoopAsOneEdge) {
  // Two components: 0-0, 0-1, 1-1, 1-2 (4 edges, 6 arcs) and 3-4, 4-4 (2 edges, 3 arcs).
  const auto undirected =
      graph_from_pairs(5, {{0, 0}, {0, 1}, {1, 1}, {1, 2}, {3, 4}, {4, 4}}, false);
  const std::vector<std::int32_t> first = {0, 1, 2, -1, -1};
  const std::vector<std::int32_t> second = {-1, -1, -1, 0, 1};
  const std::vector<std::int32_t> none(5, -1);
  const ReachedEdgeCounter<std::int32_t, EdgeId> count(undirected);
  for (const auto& [depth, edges] :
       {std::pair{first, 4}, std::pair{second, 2}, std::pair{none, 0}}) {
    EXPECT_EQ((reached_edges<std::int32_t, EdgeId>(undirected, depth)), edges);
    EXPECT_EQ(count(depth), edges);
  }
  // Directed: every arc out of a reached vertex into a reached one, a self loop included.
  const auto directed = graph_from_pairs(3, {{0, 0}, {0, 1}, {1, 2}, {2, 1}}, true);
  const std::vector<std::int32_t> depth = {0, 1, 2};
  EXPECT_EQ((reached_edges<std::int32_t, EdgeId>(directed, depth)), 4);
  EXPECT_EQ((ReachedEdgeCounter<std::int32_t, EdgeId>(directed)(depth)), 4);
  const std::vector<std::int32_t> short_depth = {0, 1};
  EXPECT_THROW(count(short_depth), InvalidArgument);
}

TEST(BfsValidate, SingleVertexAndSelfLoops) {
  const auto one = graph_from_pairs(1, {{0, 0}}, false);
  EXPECT_TRUE(validate(one, 0, {0}, {0}).valid);
  const auto loops = graph_from_pairs(3, {{0, 0}, {0, 1}, {1, 1}, {1, 2}}, false);
  const auto result = validate(loops, 0, {0, 0, 1}, {0, 1, 2});
  EXPECT_TRUE(result.valid) << result.failure;
  EXPECT_EQ(result.arcs_in_component, 6);
}

TEST(BfsValidate, DirectedTreePassesWithArcsIntoTheTreeFromOutside) {
  // 3 -> 0 enters the tree from an unreachable vertex; 2 -> 0 goes back up two levels.
  const auto graph = graph_from_pairs(4, {{0, 1}, {1, 2}, {2, 0}, {3, 0}}, true);
  const auto result = validate(graph, 0, {0, 0, 1, -1}, {0, 1, 2, -1});
  EXPECT_TRUE(result.valid) << result.failure;
  EXPECT_EQ(result.vertices_in_tree, 3);
  EXPECT_EQ(result.arcs_in_component, 3);
}

TEST(BfsValidate, Rule1WrongRoot) {
  const auto graph = path5();
  const auto result = validate(graph, 0, {1, 0, 1, 2, 3});
  expect_fails(result, "rule 1");
  EXPECT_NE(result.failure.find("source 0"), std::string::npos) << result.failure;
  expect_fails(validate(graph, 0, {-1, 0, 1, 2, 3}), "rule 1");
}

TEST(BfsValidate, Rule1ParentOutOfRange) {
  const auto graph = path5();
  expect_fails(validate(graph, 0, {0, 0, 1, 2, 5}), "rule 1");
  expect_fails(validate(graph, 0, {0, 0, -2, 2, 3}), "rule 1");
  const auto result = validate(graph, 0, {0, 0, 1, 2, 1000});
  EXPECT_NE(result.failure.find("parent[4] = 1000"), std::string::npos) << result.failure;
}

TEST(BfsValidate, Rule1CycleIsFoundWithoutLooping) {
  const auto graph = square();
  // 1 and 2 point at each other; neither reaches the source.
  const auto result = validate(graph, 0, {0, 2, 1, 0});
  expect_fails(result, "rule 1");
  EXPECT_NE(result.failure.find("cycle"), std::string::npos) << result.failure;
  EXPECT_EQ(validate(graph, 0, {0, 2, 1, 0}, {0, 2, 1, 1}).failure, result.failure);
  // A vertex that is its own parent.
  expect_fails(validate(graph, 0, {0, 0, 2, 0}), "rule 1");
}

TEST(BfsValidate, Rule1LongCycleTerminates) {
  // A 20000-vertex ring; every vertex but the source points to its successor, so the chain of
  // every vertex is a cycle through 19999 vertices that never meets the source.
  constexpr std::int32_t kN = 20000;
  std::vector<std::pair<std::int32_t, std::int32_t>> pairs;
  for (std::int32_t v = 0; v < kN; ++v) pairs.emplace_back(v, (v + 1) % kN);
  const auto graph = graph_from_pairs(kN, pairs, false);
  std::vector<std::int32_t> parent(kN);
  for (std::int32_t v = 0; v < kN; ++v) parent[v] = v + 1 < kN ? v + 1 : 1;
  parent[0] = 0;
  const auto result = validate(graph, 0, parent);
  expect_fails(result, "rule 1");
  EXPECT_NE(result.failure.find("cycle"), std::string::npos) << result.failure;
}

TEST(BfsValidate, Rule1ChainEndingAwayFromTheSource) {
  const auto graph = path5();
  // 4 -> 3 -> 2, but 2 has no parent.
  const auto result = validate(graph, 0, {0, 0, -1, 2, 3});
  expect_fails(result, "rule 1");
  EXPECT_NE(result.failure.find("ends at vertex 2"), std::string::npos) << result.failure;
  // With depths that agree with the parents wherever they can, the same failure.
  const auto with_depths = validate(graph, 0, {0, 0, -1, 2, 3}, {0, 1, -1, 1, 2});
  EXPECT_EQ(with_depths.failure, result.failure);
}

TEST(BfsValidate, Rule2TreeEdgeLevelsDifferByMoreThanOne) {
  const auto graph = path5();
  const auto result = validate(graph, 0, {0, 0, 1, 2, 3}, {0, 1, 2, 3, 5});
  expect_fails(result, "rule 2");
  EXPECT_NE(result.failure.find("3 -> 4"), std::string::npos) << result.failure;
  expect_fails(validate(graph, 0, {0, 0, 1, 2, 3}, {0, 1, 1, 2, 3}), "rule 2");
}

TEST(BfsValidate, DepthInconsistentWithParents) {
  const auto graph = path5();
  // A reached vertex with depth -1.
  expect_fails(validate(graph, 0, {0, 0, 1, 2, 3}, {0, 1, -1, 3, 4}), "depth");
  // The source at depth 1.
  expect_fails(validate(graph, 0, {0, 0, 1, 2, 3}, {1, 2, 3, 4, 5}), "depth");
  // An unreached vertex with a depth.
  const auto split = graph_from_pairs(4, {{0, 1}, {2, 3}}, false);
  expect_fails(validate(split, 0, {0, 0, -1, -1}, {0, 1, 2, -1}), "depth");
  // A depth below -1.
  expect_fails(validate(split, 0, {0, 0, -1, -1}, {0, 1, -1, -7}), "depth");
}

TEST(BfsValidate, Rule3ArcJoinsLevelsTwoApart) {
  // Triangle: the tree 0 -> 1 -> 2 is a tree but not a BFS tree (2 is a neighbour of 0).
  const auto graph = graph_from_pairs(3, {{0, 1}, {1, 2}, {0, 2}}, false);
  const auto result = validate(graph, 0, {0, 0, 1});
  expect_fails(result, "rule 3");
  EXPECT_NE(result.failure.find("levels 0 and 2"), std::string::npos) << result.failure;
}

TEST(BfsValidate, Rule4ReachableVertexLeftUnreached) {
  const auto graph = path5();
  const auto result = validate(graph, 0, {0, 0, 1, 2, -1});
  expect_fails(result, "rule 4");
  EXPECT_NE(result.failure.find("vertex 4 is reachable"), std::string::npos) << result.failure;
}

// Trees deeper than 254 levels: the arc checks read the levels as they are, not as bytes.
TEST(BfsValidate, DeepTreesBreakingRules3And4) {
  constexpr std::int32_t kN = 600;
  std::vector<std::pair<std::int32_t, std::int32_t>> pairs;
  for (std::int32_t v = 0; v + 1 < kN; ++v) pairs.emplace_back(v, v + 1);
  std::vector<std::int32_t> parent(kN);
  for (std::int32_t v = 0; v < kN; ++v) parent[v] = v == 0 ? 0 : v - 1;
  const auto path = graph_from_pairs(kN, pairs, false);
  const auto whole = validate(path, 0, parent);
  EXPECT_TRUE(whole.valid) << whole.failure;
  EXPECT_EQ(whole.arcs_in_component, 2 * (kN - 1));
  std::vector<std::int32_t> cut = parent;
  cut[kN - 1] = -1;
  const auto unreached = validate(path, 0, cut);
  expect_fails(unreached, "rule 4");
  EXPECT_NE(unreached.failure.find("arc 598 -> 599"), std::string::npos) << unreached.failure;
  // A chord from the source to vertex 300 makes the path tree no BFS tree.
  pairs.emplace_back(0, 300);
  const auto chord = validate(graph_from_pairs(kN, pairs, false), 0, parent);
  expect_fails(chord, "rule 3");
  EXPECT_NE(chord.failure.find("levels 0 and 300"), std::string::npos) << chord.failure;
}

TEST(BfsValidate, Rule5ParentNotAdjacent) {
  // 0 and 2 are not adjacent in the square, and level 1 for 2 breaks no level rule.
  const auto result = validate(square(), 0, {0, 0, 0, 0});
  expect_fails(result, "rule 5");
  EXPECT_NE(result.failure.find("no arc 0 -> 2"), std::string::npos) << result.failure;
}

TEST(BfsValidate, Rule5UnreachableVertexGivenAParent) {
  // {0, 1} and {2, 3} are separate components; 2 is claimed through 1.
  const auto graph = graph_from_pairs(4, {{0, 1}, {2, 3}}, false);
  expect_fails(validate(graph, 0, {0, 0, 1, 2}), "rule 5");
  // Claimed through a self-parented vertex instead: no chain to the source.
  expect_fails(validate(graph, 0, {0, 0, 2, 2}), "rule 1");
}

TEST(BfsValidate, DirectedRules) {
  // 0 -> 1 -> 2, 0 -> 2 and 2 -> 1.
  const auto graph = graph_from_pairs(3, {{0, 1}, {1, 2}, {0, 2}, {2, 1}}, true);
  EXPECT_TRUE(validate(graph, 0, {0, 0, 0}).valid);
  // Rule 3: 0 -> 2 is an arc, so 2 cannot sit at level 2.
  expect_fails(validate(graph, 0, {0, 0, 1}), "rule 3");
  // Rule 4: 2 is reachable.
  expect_fails(validate(graph, 0, {0, 0, -1}), "rule 4");
  // Rule 5: parent[2] = 1 needs the arc 1 -> 2; only 2 -> 1 exists. The levels (2 sits at
  // level 2 through 0 -> 3 -> 2 too) break no other rule.
  const auto reversed = graph_from_pairs(4, {{0, 1}, {2, 1}, {3, 2}, {0, 3}}, true);
  EXPECT_TRUE(validate(reversed, 0, {0, 0, 3, 0}).valid);
  expect_fails(validate(reversed, 0, {0, 0, 1, 0}), "rule 5");
}

TEST(BfsValidate, RejectsMismatchedArguments) {
  const auto graph = path5();
  EXPECT_THROW(validate(graph, 0, {0, 0, 1, 2}), InvalidArgument);
  EXPECT_THROW(validate(graph, 0, {0, 0, 1, 2, 3}, {0, 1, 2}), InvalidArgument);
  EXPECT_THROW(validate(graph, 5, {0, 0, 1, 2, 3}), InvalidArgument);
  EXPECT_THROW(validate(graph, -1, {0, 0, 1, 2, 3}), InvalidArgument);
}

TEST(BfsValidate, SixtyFourBitVertices) {
  const auto graph = graph_from_pairs<std::int64_t>(4, {{0, 1}, {1, 2}, {2, 3}, {3, 0}}, false);
  const auto bfs = reference_bfs(graph, std::int64_t{2});
  EXPECT_TRUE(validate(graph, std::int64_t{2}, bfs).valid);
  expect_fails(validate<std::int64_t>(graph, 2, {2, 2, 2, 2}), "rule 5");
}

// A large random graph: the reference tree passes; every kind of single-entry damage fails,
// with the same message for 1 and 2 threads.
TEST(BfsValidate, LargeRandomGraphDamageIsCaught) {
  constexpr std::int32_t kN = 200000;
  const auto edges = test::random_edge_list<std::int32_t>(kN, 600000, 7, false);
  CsrBuildOptions options;
  options.symmetrize = true;
  const auto graph = build_csr<std::int32_t, EdgeId>(edges, options);
  const auto bfs = reference_bfs(graph, 0);
  ASSERT_GT(bfs.vertices_reached, kN / 2);
  const auto good = validate(graph, 0, bfs);
  ASSERT_TRUE(good.valid) << good.failure;
  EXPECT_EQ(good.vertices_in_tree, bfs.vertices_reached);

  // Pick a deep reached vertex, a tree leaf and an unreached vertex by counter-based draws.
  std::vector<std::uint8_t> has_child(kN, 0);
  for (std::int32_t v = 1; v < kN; ++v) {
    if (bfs.parent[v] >= 0) has_child[bfs.parent[v]] = 1;
  }
  std::int32_t deep = -1;
  std::int32_t leaf = -1;
  std::int32_t unreached = -1;
  std::int32_t sibling = -1;  // a neighbour of `leaf` at the same depth
  for (std::uint64_t i = 0; deep < 0 || leaf < 0 || unreached < 0; ++i) {
    const auto v = static_cast<std::int32_t>(uniform_below(counter_random(11, i), kN));
    if (deep < 0 && bfs.depth[v] >= 3 && has_child[v] != 0) deep = v;
    if (leaf < 0 && bfs.depth[v] >= 1 && has_child[v] == 0) {
      for (const std::int32_t w : graph.neighbors(v)) {
        if (bfs.depth[w] == bfs.depth[v]) sibling = w;
      }
      if (sibling >= 0) leaf = v;
    }
    if (unreached < 0 && bfs.depth[v] == kUnreachedDepth) unreached = v;
  }
  auto damaged = [&](auto change) {
    std::vector<std::int32_t> parent(bfs.parent.begin(), bfs.parent.end());
    change(parent);
    return parent;
  };
  const auto run_both = [&](const std::vector<std::int32_t>& parent) {
    const int threads = omp_get_max_threads();
    omp_set_num_threads(1);
    const auto one = validate(graph, 0, parent);
    omp_set_num_threads(2);
    const auto two = validate(graph, 0, parent);
    omp_set_num_threads(threads);
    EXPECT_EQ(one.failure, two.failure);
    return one;
  };
  // A deep vertex hung directly below the source, which is not its neighbour.
  ASSERT_EQ(std::count(graph.neighbors(0).begin(), graph.neighbors(0).end(), deep), 0);
  expect_fails_first(run_both(damaged([&](auto& p) { p[deep] = 0; })), "rule 5");
  // A leaf of the tree left unreached: only rule 4 breaks.
  expect_fails(run_both(damaged([&](auto& p) { p[leaf] = -1; })), "rule 4");
  // A vertex and its parent made each other's parents.
  const std::int32_t up = bfs.parent[deep];
  expect_fails(run_both(damaged([&](auto& p) { p[up] = deep; })), "rule 1");
  // An unreachable vertex claimed by the tree.
  expect_fails_first(run_both(damaged([&](auto& p) { p[unreached] = deep; })), "rule 5");
  // A tree that is not a BFS tree: the leaf re-hung below a neighbour at its own depth, one
  // level too deep for the arc to its old parent.
  expect_fails(run_both(damaged([&](auto& p) { p[leaf] = sibling; })), "rule 3");
}

}  // namespace
}  // namespace frontier
