// euler_tour_ops() and euler_tour_arc_prefix() on every backend against the iterative-DFS oracle
// (euler_tour_reference.hpp): exact parent, depth, preorder, postorder, subtree size and roots on
// trees of every shape and size 0, 1, 2, 3, 1000 and 2^20, forests with isolated vertices, given
// roots, every ranking algorithm; and the typed error, with its message, for each kind of input
// that is not a forest or roots that do not fit it. The CUDA instances skip without a GPU.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <numeric>
#include <string>
#include <vector>

#include "frontier/device.hpp"
#include "frontier/errors.hpp"
#include "frontier/euler_tour.hpp"
#include "frontier/io/generate_tree.hpp"
#include "frontier/io/generate_uniform.hpp"
#include "frontier/reference_bfs.hpp"
#include "support/euler_tour_reference.hpp"
#include "support/require_gpu.hpp"

namespace frontier::test {
namespace {

template <typename T>
::testing::AssertionResult same_values(const char* field, const std::vector<T>& actual,
                                       const std::vector<T>& expected) {
  if (actual.size() != expected.size()) {
    return ::testing::AssertionFailure()
           << field << ": " << actual.size() << " entries, expected " << expected.size();
  }
  for (std::size_t i = 0; i < actual.size(); ++i) {
    if (actual[i] != expected[i]) {
      return ::testing::AssertionFailure()
             << field << "[" << i << "] = " << actual[i] << ", expected " << expected[i];
    }
  }
  return ::testing::AssertionSuccess();
}

template <typename VertexT>
void expect_same_ops(const RootedForest<VertexT>& actual, const RootedForest<VertexT>& expected) {
  EXPECT_TRUE(same_values("roots", actual.roots, expected.roots));
  EXPECT_TRUE(same_values("parent", actual.parent, expected.parent));
  EXPECT_TRUE(same_values("depth", actual.depth, expected.depth));
  EXPECT_TRUE(same_values("preorder", actual.preorder, expected.preorder));
  EXPECT_TRUE(same_values("postorder", actual.postorder, expected.postorder));
  EXPECT_TRUE(same_values("subtree_size", actual.subtree_size, expected.subtree_size));
}

/// A CSR graph given by its adjacency lists, exactly as written (no sorting, no checks).
CsrGraph<VertexId, EdgeId> raw_graph(const std::vector<std::vector<VertexId>>& adjacency) {
  std::vector<EdgeId> offsets{0};
  std::vector<VertexId> targets;
  for (const auto& list : adjacency) {
    targets.insert(targets.end(), list.begin(), list.end());
    offsets.push_back(static_cast<EdgeId>(targets.size()));
  }
  return CsrGraph<VertexId, EdgeId>(std::move(offsets), std::move(targets), {}, false);
}

class EulerTourParity : public ::testing::TestWithParam<DeviceKind> {
 protected:
  void SetUp() override {
    if (GetParam() == DeviceKind::Cuda) FRONTIER_REQUIRE_GPU();
  }

  EulerTourOptions options(ListRankingAlgorithm algorithm = ListRankingAlgorithm::Auto) const {
    EulerTourOptions o;
    o.device = GetParam() == DeviceKind::Cuda ? Device::cuda(0) : Device::cpu();
    o.ranking_algorithm = algorithm;
    return o;
  }

  template <typename VertexT>
  void check(const CsrGraph<VertexT, EdgeId>& forest, std::span<const VertexT> roots = {}) {
    const auto expected = reference_tree_ops(forest, roots);
    const auto actual = euler_tour_ops(forest, roots, options());
    expect_same_ops(actual, expected.ops);
    EXPECT_EQ(actual.stats.tour_elements, forest.targets().size() + expected.ops.roots.size());
  }

  /// The message of the InvalidArgument that euler_tour_ops() throws (fails if none is thrown).
  std::string error_of(const CsrGraph<VertexId, EdgeId>& graph, std::vector<VertexId> roots = {}) {
    try {
      euler_tour_ops<VertexId, EdgeId>(graph, roots, options());
    } catch (const InvalidArgument& e) {
      return e.what();
    }
    ADD_FAILURE() << "no InvalidArgument thrown";
    return {};
  }
};

const TreeKind kAllKinds[] = {TreeKind::RandomRecursive, TreeKind::Path, TreeKind::Star,
                              TreeKind::Binary, TreeKind::Caterpillar};

TEST_P(EulerTourParity, EmptyGraph) {
  const CsrGraph<VertexId, EdgeId> empty;
  const auto result = euler_tour_ops<VertexId, EdgeId>(empty, {}, options());
  EXPECT_TRUE(result.parent.empty());
  EXPECT_TRUE(result.roots.empty());
  EXPECT_EQ(result.stats.tour_elements, 0u);
}

TEST_P(EulerTourParity, SmallTreesOfEveryShape) {
  for (const TreeKind kind : kAllKinds) {
    for (const std::int64_t n : {1, 2, 3, 4, 5, 7, 8, 1000}) {
      for (const bool shuffle : {false, true}) {
        SCOPED_TRACE(std::string(tree_kind_name(kind)) + " n=" + std::to_string(n) +
                     (shuffle ? " shuffled" : ""));
        check(make_tree(kind, n, 17 + n, shuffle));
      }
    }
  }
}

TEST_P(EulerTourParity, HandWrittenTree) {
  // 0 - 1, 0 - 2, 1 - 3, 1 - 4: root 0 visits 1 (then 3, 4) before 2.
  const auto tree = raw_graph({{1, 2}, {0, 3, 4}, {0}, {1}, {1}});
  const auto result = euler_tour_ops<VertexId, EdgeId>(tree, {}, options());
  EXPECT_EQ(result.parent, (std::vector<VertexId>{0, 0, 0, 1, 1}));
  EXPECT_EQ(result.depth, (std::vector<std::int32_t>{0, 1, 1, 2, 2}));
  EXPECT_EQ(result.preorder, (std::vector<VertexId>{0, 1, 4, 2, 3}));
  EXPECT_EQ(result.postorder, (std::vector<VertexId>{4, 2, 3, 0, 1}));
  EXPECT_EQ(result.subtree_size, (std::vector<VertexId>{5, 3, 1, 1, 1}));
  EXPECT_EQ(result.roots, (std::vector<VertexId>{0}));
  // Rooted at 3: 3 -> 1, whose neighbours after 3 are 4 then 0 (cyclically), 0 -> 2.
  const std::vector<VertexId> roots{3};
  const auto rerooted = euler_tour_ops<VertexId, EdgeId>(tree, roots, options());
  EXPECT_EQ(rerooted.parent, (std::vector<VertexId>{1, 3, 0, 3, 1}));
  EXPECT_EQ(rerooted.depth, (std::vector<std::int32_t>{2, 1, 3, 0, 2}));
  EXPECT_EQ(rerooted.preorder, (std::vector<VertexId>{3, 1, 4, 0, 2}));
  EXPECT_EQ(rerooted.postorder, (std::vector<VertexId>{2, 3, 1, 4, 0}));
  EXPECT_EQ(rerooted.subtree_size, (std::vector<VertexId>{2, 4, 1, 5, 1}));
}

TEST_P(EulerTourParity, LargeTrees) {
  for (const TreeKind kind : kAllKinds) {
    SCOPED_TRACE(tree_kind_name(kind));
    check(make_tree(kind, std::int64_t{1} << 20, 99));
  }
}

TEST_P(EulerTourParity, ForestsWithIsolatedVertices) {
  const std::vector<TreeSpec> trees{{TreeKind::RandomRecursive, 500},
                                    {TreeKind::Path, 1},
                                    {TreeKind::Star, 300},
                                    {TreeKind::Binary, 2},
                                    {TreeKind::Path, 1},
                                    {TreeKind::Caterpillar, 77},
                                    {TreeKind::Path, 400},
                                    {TreeKind::Star, 3}};
  for (const bool shuffle : {false, true}) {
    SCOPED_TRACE(shuffle ? "shuffled" : "in order");
    check(make_forest(trees, 5, shuffle));
  }
  std::vector<TreeSpec> many;
  for (int i = 0; i < 3000; ++i) many.push_back({kAllKinds[i % 5], 1 + i % 37});
  check(make_forest(many, 6, true));
  // No edges at all: every vertex is its own tree.
  check(make_forest(std::vector<TreeSpec>(1000, {TreeKind::Path, 1}), 7, true));
}

TEST_P(EulerTourParity, GivenRootsInAnyOrder) {
  std::vector<TreeSpec> trees;
  for (int i = 0; i < 200; ++i) trees.push_back({kAllKinds[i % 5], 1 + (i * 7) % 50});
  const auto forest = make_forest(trees, 8, true);
  // One random vertex per component, the trees then numbered in a random order.
  const auto components = reference_tree_ops(forest).ops;
  std::vector<std::vector<VertexId>> members(components.roots.size());
  std::vector<std::int64_t> tree_of(forest.num_vertices());
  for (std::size_t t = 0; t < components.roots.size(); ++t) {
    tree_of[components.roots[t]] = static_cast<std::int64_t>(t);
  }
  for (VertexId v = 0; v < forest.num_vertices(); ++v) {
    VertexId r = v;
    while (components.parent[r] != r) r = components.parent[r];
    members[tree_of[r]].push_back(v);
  }
  std::vector<VertexId> roots;
  for (const std::int64_t t : random_permutation(static_cast<std::int64_t>(members.size()), 9)) {
    const auto& list = members[t];
    roots.push_back(list[uniform_below(counter_random(10, t), list.size())]);
  }
  check<VertexId>(forest, roots);
}

TEST_P(EulerTourParity, EveryRankingAlgorithmAgrees) {
  const auto forest = make_forest({{TreeKind::RandomRecursive, 20000},
                                   {TreeKind::Path, 3000},
                                   {TreeKind::Path, 1},
                                   {TreeKind::Star, 500}},
                                  11, true);
  const auto expected = reference_tree_ops(forest).ops;
  for (const auto algorithm : {ListRankingAlgorithm::Auto, ListRankingAlgorithm::Sequential,
                               ListRankingAlgorithm::HelmanJaja, ListRankingAlgorithm::Wyllie}) {
    if (GetParam() == DeviceKind::Cuda && algorithm == ListRankingAlgorithm::Sequential) continue;
    SCOPED_TRACE(std::string(to_string(algorithm)));
    expect_same_ops(euler_tour_ops<VertexId, EdgeId>(forest, {}, options(algorithm)), expected);
  }
}

TEST_P(EulerTourParity, SixtyFourBitVertices) {
  const auto forest = make_forest<std::int64_t>(
      {{TreeKind::RandomRecursive, 5000}, {TreeKind::Binary, 1000}, {TreeKind::Path, 1}}, 12, true);
  check(forest);
}

TEST_P(EulerTourParity, ArcPrefixFollowsTheTour) {
  const auto forest = make_forest({{TreeKind::RandomRecursive, 3000},
                                   {TreeKind::Path, 1},
                                   {TreeKind::Caterpillar, 800},
                                   {TreeKind::Star, 2}},
                                  13, true);
  const auto ref = reference_tree_ops(forest);
  const std::size_t m = forest.targets().size();
  std::vector<std::int64_t> values(m);
  std::vector<double> real_values(m);
  for (std::size_t e = 0; e < m; ++e) {
    values[e] = static_cast<std::int64_t>(counter_random(14, e) % 2001) - 1000;
    real_values[e] = static_cast<double>(values[e]) * 0.5;  // exact in any order of summation
  }
  for (const ListOp op : {ListOp::Sum, ListOp::Min, ListOp::Max}) {
    SCOPED_TRACE(std::string(to_string(op)));
    std::vector<std::int64_t> expected(m);
    std::vector<double> expected_real(m);
    for (std::size_t t = 0; t + 1 < ref.tour_begin.size(); ++t) {
      std::int64_t acc = 0;
      for (std::int64_t i = ref.tour_begin[t]; i < ref.tour_begin[t + 1]; ++i) {
        const std::int64_t value = values[ref.tour[i]];
        if (i == ref.tour_begin[t]) {
          acc = value;
        } else if (op == ListOp::Sum) {
          acc += value;
        } else if (op == ListOp::Min) {
          acc = std::min(acc, value);
        } else {
          acc = std::max(acc, value);
        }
        expected[ref.tour[i]] = acc;
        expected_real[ref.tour[i]] = static_cast<double>(acc) * 0.5;
      }
    }
    EXPECT_TRUE(same_values(
        "prefix",
        euler_tour_arc_prefix<VertexId, EdgeId, std::int64_t>(forest, values, op, {}, options()),
        expected));
    EXPECT_TRUE(same_values(
        "real prefix",
        euler_tour_arc_prefix<VertexId, EdgeId, double>(forest, real_values, op, {}, options()),
        expected_real));
  }
  // Re-rooted: the tours start at the given roots.
  const std::vector<VertexId> roots(ref.ops.roots.rbegin(), ref.ops.roots.rend());
  const auto rerooted = reference_tree_ops<VertexId>(forest, roots);
  const std::vector<std::int64_t> ones(m, 1);
  const auto position = euler_tour_arc_prefix<VertexId, EdgeId, std::int64_t>(
      forest, ones, ListOp::Sum, roots, options());
  for (std::size_t t = 0; t + 1 < rerooted.tour_begin.size(); ++t) {
    for (std::int64_t i = rerooted.tour_begin[t]; i < rerooted.tour_begin[t + 1]; ++i) {
      ASSERT_EQ(position[rerooted.tour[i]], i - rerooted.tour_begin[t] + 1) << "tour step " << i;
    }
  }
  EXPECT_THROW(
      (euler_tour_arc_prefix<VertexId, EdgeId, std::int64_t>(
          forest, std::span<const std::int64_t>(values).first(m - 1), ListOp::Sum, {}, options())),
      InvalidArgument);
}

TEST_P(EulerTourParity, GeneratedTreesRootedWhereTheGeneratorSays) {
  for (const TreeShape shape :
       {TreeShape::RandomRecursive, TreeShape::Path, TreeShape::Star, TreeShape::Binary}) {
    SCOPED_TRACE(std::string(to_string(shape)));
    CsrBuildOptions build;
    build.symmetrize = true;
    const auto tree =
        build_csr<VertexId, EdgeId>(io::generate_tree<VertexId>(shape, 30000, 31), build);
    const std::vector<VertexId> root{static_cast<VertexId>(io::tree_root(30000, 31))};
    check<VertexId>(tree, root);
    const auto forest =
        build_csr<VertexId, EdgeId>(io::generate_forest<VertexId>(shape, 30000, 40, 32), build);
    std::vector<VertexId> roots;
    for (const std::int64_t r : io::forest_roots(30000, 40, 32)) {
      roots.push_back(static_cast<VertexId>(r));
    }
    check<VertexId>(forest, roots);
  }
}

// Pipeline: BFS parents of a random graph -> the BFS tree as a forest (unreached vertices alone)
// -> euler_tour_ops rooted at the source: parents and depths equal the BFS's, and subtree sizes
// equal the counts accumulated up the BFS tree from the deepest level.
TEST_P(EulerTourParity, SubtreeSizesOfABfsTree) {
  const std::int64_t n = 50000;
  CsrBuildOptions simple;
  simple.symmetrize = true;
  simple.remove_self_loops = true;
  simple.remove_duplicates = true;
  const auto graph =
      build_csr<VertexId, EdgeId>(io::generate_uniform<VertexId>({n, 60000, 33}), simple);
  const VertexId source = 17;
  const auto bfs = reference_bfs(graph, source);

  EdgeList<VertexId> tree_edges;
  tree_edges.num_vertices = static_cast<VertexId>(n);
  tree_edges.directed = false;
  std::vector<VertexId> roots{source};
  for (VertexId v = 0; v < n; ++v) {
    if (bfs.depth[v] < 0) {
      roots.push_back(v);
    } else if (v != source) {
      tree_edges.sources.push_back(v);
      tree_edges.targets.push_back(bfs.parent[v]);
    }
  }
  ASSERT_GT(roots.size(), 1u);
  ASSERT_GT(n - static_cast<std::int64_t>(roots.size()), n / 2);
  CsrBuildOptions build;
  build.symmetrize = true;
  const auto tree = build_csr<VertexId, EdgeId>(tree_edges, build);
  const auto result = euler_tour_ops<VertexId, EdgeId>(tree, roots, options());

  std::vector<VertexId> by_depth(static_cast<std::size_t>(n));
  std::iota(by_depth.begin(), by_depth.end(), 0);
  std::sort(by_depth.begin(), by_depth.end(),
            [&](VertexId a, VertexId b) { return bfs.depth[a] > bfs.depth[b]; });
  std::vector<VertexId> size(static_cast<std::size_t>(n), 1);
  for (const VertexId v : by_depth) {
    if (bfs.depth[v] > 0) size[bfs.parent[v]] += size[v];
  }
  for (VertexId v = 0; v < n; ++v) {
    const bool reached = bfs.depth[v] >= 0;
    ASSERT_EQ(result.parent[v], reached ? bfs.parent[v] : v) << "vertex " << v;
    ASSERT_EQ(result.depth[v], reached ? bfs.depth[v] : 0) << "vertex " << v;
    ASSERT_EQ(result.subtree_size[v], size[v]) << "vertex " << v;
  }
  EXPECT_EQ(result.subtree_size[source], bfs.vertices_reached);
}

TEST_P(EulerTourParity, CyclesAreRejected) {
  EXPECT_EQ(error_of(raw_graph({{1, 2}, {0, 2}, {0, 1}})),
            "euler_tour_ops: not a forest: 3 edges on 3 vertices in 1 component, a cycle exists "
            "(edge {1, 2} closes one)");
  // A 5-cycle beside a path of 3 and an isolated vertex.
  EXPECT_EQ(error_of(raw_graph({{1, 4}, {0, 2}, {1, 3}, {2, 4}, {0, 3}, {6}, {5, 7}, {6}, {}})),
            "euler_tour_ops: not a forest: 7 edges on 9 vertices in 3 components, a cycle exists "
            "(edge {3, 4} closes one)");
}

TEST_P(EulerTourParity, MalformedGraphsAreRejected) {
  EXPECT_EQ(error_of(raw_graph({{1, 1}, {0, 0}})), "euler_tour_ops: duplicate edge {0, 1}");
  EXPECT_EQ(error_of(raw_graph({{1}, {0, 1}})), "euler_tour_ops: self loop at vertex 1");
  EXPECT_EQ(error_of(raw_graph({{1, 2}, {0}, {}})),
            "euler_tour_ops: arc 0->2 has no reverse arc 2->0 (an undirected graph stores both "
            "arcs of every edge)");
  EXPECT_EQ(error_of(raw_graph({{2, 1}, {0}, {0}})),
            "euler_tour_ops: adjacency list of vertex 0 is not sorted (build the CSR with sorted "
            "neighbours)");
  EXPECT_EQ(error_of(raw_graph({{1}, {0, 5}})),
            "euler_tour_ops: arc 2 points to vertex 5, outside [0, 2)");
  EXPECT_EQ(error_of(raw_graph({{-1}, {}})),
            "euler_tour_ops: arc 0 points to vertex -1, outside [0, 2)");
  // A defect deep inside a large tree is found too.
  auto tree = make_tree(TreeKind::RandomRecursive, 100000, 15);
  auto offsets = tree.offsets();
  auto targets = tree.targets();
  targets.push_back(targets.back());
  offsets.back() += 1;
  EXPECT_EQ(error_of(CsrGraph<VertexId, EdgeId>(offsets, targets, {}, false)),
            "euler_tour_ops: duplicate edge {" +
                std::to_string(std::min<VertexId>(targets.back(), 99999)) + ", " +
                std::to_string(std::max<VertexId>(targets.back(), 99999)) + "}");
}

TEST_P(EulerTourParity, BadRootsAreRejected) {
  const auto two_trees = raw_graph({{1}, {0, 2}, {1}, {4}, {3}});
  EXPECT_EQ(error_of(two_trees, {0, 7}), "euler_tour_ops: root 7 is out of range [0, 5)");
  EXPECT_EQ(error_of(two_trees, {-1, 3}), "euler_tour_ops: root -1 is out of range [0, 5)");
  EXPECT_EQ(error_of(two_trees, {0, 2}), "euler_tour_ops: roots 0 and 2 lie in the same tree");
  EXPECT_EQ(error_of(two_trees, {4, 1, 3}), "euler_tour_ops: roots 4 and 3 lie in the same tree");
  EXPECT_EQ(error_of(two_trees, {4}),
            "euler_tour_ops: the tree of vertex 0 has no root (1 roots given for 2 trees)");
  EXPECT_EQ(error_of(CsrGraph<VertexId, EdgeId>(), {0}),
            "euler_tour_ops: root 0 is out of range [0, 0)");
}

TEST_P(EulerTourParity, OneTreeRootedAnywhere) {
  // One tree (edges == n - 1): rooted at each vertex of a small tree, at spread vertices of a
  // large one, and the trees of one and two vertices.
  const auto small = make_tree(TreeKind::RandomRecursive, 40, 30);
  for (VertexId r = 0; r < small.num_vertices(); ++r) {
    SCOPED_TRACE("root " + std::to_string(r));
    check<VertexId>(small, std::vector<VertexId>{r});
  }
  const auto large = make_tree(TreeKind::Caterpillar, 300000, 31);
  for (const VertexId r : {0, 12345, 299999}) {
    SCOPED_TRACE("root " + std::to_string(r));
    check<VertexId>(large, std::vector<VertexId>{r});
  }
  check<VertexId>(make_tree(TreeKind::Path, 1, 32), std::vector<VertexId>{0});
  check<VertexId>(make_tree(TreeKind::Path, 2, 33), std::vector<VertexId>{1});
}

TEST_P(EulerTourParity, TreeEdgeCountWithACycleIsRejected) {
  // n - 1 edges, but a cycle (so also a second component): a triangle beside an edge, rooted in
  // either part.
  const auto triangle_and_edge = raw_graph({{1, 2}, {0, 2}, {0, 1}, {4}, {3}});
  const std::string triangle_error =
      "euler_tour_ops: not a forest: 4 edges on 5 vertices in 2 components, a cycle exists "
      "(edge {1, 2} closes one)";
  EXPECT_EQ(error_of(triangle_and_edge), triangle_error);
  EXPECT_EQ(error_of(triangle_and_edge, {0}), triangle_error);
  EXPECT_EQ(error_of(triangle_and_edge, {3}), triangle_error);
  // Triangles {0, 1, 3} and {0, 2, 4} interleaved around vertex 0, beside two isolated vertices:
  // the tour from 0 reaches all 12 arcs, so only the isolated vertices betray the cycles.
  const auto figure_eight = raw_graph({{1, 2, 3, 4}, {0, 3}, {0, 4}, {0, 1}, {0, 2}, {}, {}});
  const std::string figure_eight_error =
      "euler_tour_ops: not a forest: 6 edges on 7 vertices in 3 components, a cycle exists "
      "(edge {1, 3} closes one)";
  EXPECT_EQ(error_of(figure_eight), figure_eight_error);
  EXPECT_EQ(error_of(figure_eight, {0}), figure_eight_error);
  EXPECT_EQ(error_of(figure_eight, {5}), figure_eight_error);
  // Bad roots of one tree.
  const auto path = raw_graph({{1}, {0, 2}, {1}});
  EXPECT_EQ(error_of(path, {3}), "euler_tour_ops: root 3 is out of range [0, 3)");
  EXPECT_EQ(error_of(path, {-1}), "euler_tour_ops: root -1 is out of range [0, 3)");
  EXPECT_EQ(error_of(path, {0, 2}), "euler_tour_ops: roots 0 and 2 lie in the same tree");
  EXPECT_EQ(error_of(raw_graph(std::vector<std::vector<VertexId>>(1)), {1}),
            "euler_tour_ops: root 1 is out of range [0, 1)");
}

INSTANTIATE_TEST_SUITE_P(Backends, EulerTourParity,
                         ::testing::Values(DeviceKind::Cpu, DeviceKind::Cuda),
                         [](const ::testing::TestParamInfo<DeviceKind>& info) {
                           return info.param == DeviceKind::Cuda ? "CUDA" : "CPU";
                         });

}  // namespace
}  // namespace frontier::test
