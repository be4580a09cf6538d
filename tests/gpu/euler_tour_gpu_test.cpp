// euler_tour_ops() on the GPU beyond the parity suite: trees of 2^22 vertices of every shape
// against the DFS oracle, GPU == CPU on large forests with given roots and on 64-bit ids, both
// GPU ranking algorithms, the same error message as the CPU for every malformed input, the
// one-tree path (edges == n - 1: default and given roots; n - 1 edges with a cycle beside a
// second component, or on one face beside isolated vertices, named as on the CPU), and the
// GPU-specific argument errors. Skips without a GPU.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "frontier/device.hpp"
#include "frontier/errors.hpp"
#include "frontier/euler_tour.hpp"
#include "support/euler_tour_reference.hpp"
#include "support/require_gpu.hpp"

namespace frontier::test {
namespace {

class EulerTourGpu : public ::testing::Test {
 protected:
  void SetUp() override { FRONTIER_REQUIRE_GPU(); }

  static EulerTourOptions gpu(ListRankingAlgorithm algorithm = ListRankingAlgorithm::Auto) {
    EulerTourOptions options;
    options.device = Device::cuda(0);
    options.ranking_algorithm = algorithm;
    return options;
  }
};

template <typename VertexT>
void expect_equal(const RootedForest<VertexT>& actual, const RootedForest<VertexT>& expected) {
  EXPECT_TRUE(actual.roots == expected.roots) << "roots differ";
  EXPECT_TRUE(actual.parent == expected.parent) << "parents differ";
  EXPECT_TRUE(actual.depth == expected.depth) << "depths differ";
  EXPECT_TRUE(actual.preorder == expected.preorder) << "preorders differ";
  EXPECT_TRUE(actual.postorder == expected.postorder) << "postorders differ";
  EXPECT_TRUE(actual.subtree_size == expected.subtree_size) << "subtree sizes differ";
}

TEST_F(EulerTourGpu, LargeTreesMatchTheOracle) {
  for (const TreeKind kind : {TreeKind::RandomRecursive, TreeKind::Path, TreeKind::Star,
                              TreeKind::Binary, TreeKind::Caterpillar}) {
    SCOPED_TRACE(tree_kind_name(kind));
    const auto tree = make_tree(kind, std::int64_t{1} << 22, 21);
    const auto result = euler_tour_ops<VertexId, EdgeId>(tree, {}, gpu());
    expect_equal(result, reference_tree_ops(tree).ops);
    EXPECT_EQ(result.stats.tour_elements, tree.targets().size() + 1);
    EXPECT_GT(result.stats.ranking_seconds, 0.0);
  }
}

TEST_F(EulerTourGpu, LargeForestWithGivenRootsMatchesTheCpu) {
  std::vector<TreeSpec> trees;
  for (int i = 0; i < 20000; ++i) {
    trees.push_back({i % 3 == 0 ? TreeKind::RandomRecursive : TreeKind::Path, 1 + (i * 131) % 400});
  }
  const auto forest = make_forest(trees, 22, true);
  const auto by_cpu = euler_tour_ops<VertexId, EdgeId>(forest);
  // Re-root every tree at its highest preorder vertex, trees numbered in reverse.
  std::vector<VertexId> last_in_tree(by_cpu.roots.size());
  std::vector<std::int64_t> tree_of_pre(forest.num_vertices());
  for (std::size_t t = 0; t < by_cpu.roots.size(); ++t) {
    const VertexId r = by_cpu.roots[t];
    for (VertexId p = by_cpu.preorder[r]; p < by_cpu.preorder[r] + by_cpu.subtree_size[r]; ++p) {
      tree_of_pre[p] = static_cast<std::int64_t>(t);
    }
  }
  for (VertexId v = 0; v < forest.num_vertices(); ++v) {
    const std::int64_t t = tree_of_pre[by_cpu.preorder[v]];
    if (by_cpu.preorder[v] ==
        by_cpu.preorder[by_cpu.roots[t]] + by_cpu.subtree_size[by_cpu.roots[t]] - 1) {
      last_in_tree[t] = v;
    }
  }
  const std::vector<VertexId> roots(last_in_tree.rbegin(), last_in_tree.rend());
  const auto on_gpu = euler_tour_ops<VertexId, EdgeId>(forest, roots, gpu());
  expect_equal(on_gpu, euler_tour_ops<VertexId, EdgeId>(forest, roots));
  expect_equal(on_gpu, reference_tree_ops<VertexId>(forest, roots).ops);
}

TEST_F(EulerTourGpu, BothRankingAlgorithmsAgree) {
  const auto forest = make_forest(
      {{TreeKind::RandomRecursive, 1 << 20}, {TreeKind::Path, 1}, {TreeKind::Path, 5000}}, 23,
      true);
  const auto expected = euler_tour_ops<VertexId, EdgeId>(forest);
  expect_equal(euler_tour_ops<VertexId, EdgeId>(forest, {}, gpu(ListRankingAlgorithm::HelmanJaja)),
               expected);
  expect_equal(euler_tour_ops<VertexId, EdgeId>(forest, {}, gpu(ListRankingAlgorithm::Wyllie)),
               expected);
}

TEST_F(EulerTourGpu, SixtyFourBitVerticesMatchTheCpu) {
  const auto forest = make_forest<std::int64_t>(
      {{TreeKind::RandomRecursive, 1 << 20}, {TreeKind::Binary, 1 << 16}, {TreeKind::Star, 3}}, 24,
      true);
  expect_equal(euler_tour_ops<std::int64_t, EdgeId>(forest, {}, gpu()),
               euler_tour_ops<std::int64_t, EdgeId>(forest));
}

/// The InvalidArgument message euler_tour_ops throws with these options ("" if none).
std::string message(const CsrGraph<VertexId, EdgeId>& graph, const std::vector<VertexId>& roots,
                    const EulerTourOptions& options) {
  try {
    euler_tour_ops<VertexId, EdgeId>(graph, roots, options);
  } catch (const InvalidArgument& e) {
    return e.what();
  }
  return {};
}

TEST_F(EulerTourGpu, DefectsAreNamedAsOnTheCpu) {
  using Graph32 = CsrGraph<VertexId, EdgeId>;
  const auto base =
      make_forest({{TreeKind::RandomRecursive, 200000}, {TreeKind::Path, 50}}, 25, true);
  const VertexId n = base.num_vertices();
  // A copy of base with its arrays edited; arcs added or dropped at the last vertex keep the
  // offsets consistent.
  const auto edited = [&](auto edit) {
    auto offsets = base.offsets();
    auto targets = base.targets();
    edit(offsets, targets);
    return Graph32(std::move(offsets), std::move(targets), {}, false);
  };
  // base plus the edge {0, w} for the highest w not adjacent to 0: closes a cycle or joins trees.
  const auto with_extra_edge = [&](bool same_tree) {
    const auto ops = euler_tour_ops<VertexId, EdgeId>(base);
    EdgeList<VertexId> edges;
    edges.num_vertices = n;
    edges.directed = false;
    for (VertexId u = 0; u < n; ++u) {
      for (const VertexId v : base.neighbors(u)) {
        if (u < v) {
          edges.sources.push_back(u);
          edges.targets.push_back(v);
        }
      }
    }
    const auto root_of = [&](VertexId v) {
      while (ops.parent[v] != v) v = ops.parent[v];
      return v;
    };
    VertexId w = n - 1;
    const auto adjacent = base.neighbors(0);
    while (std::find(adjacent.begin(), adjacent.end(), w) != adjacent.end() ||
           (root_of(w) == root_of(0)) != same_tree) {
      --w;
    }
    edges.sources.push_back(0);
    edges.targets.push_back(w);
    CsrBuildOptions build;
    build.symmetrize = true;
    return build_csr<VertexId, EdgeId>(edges, build);
  };
  struct Case {
    std::string name;
    Graph32 graph;
    std::vector<VertexId> roots;
  };
  const std::vector<Case> cases{
      {"duplicate edge",
       edited([](auto& offsets, auto& targets) {
         targets.push_back(targets.back());
         offsets.back() += 1;
       }),
       {}},
      {"self loop",
       edited([n](auto& offsets, auto& targets) {
         targets.push_back(n - 1);
         offsets.back() += 1;
       }),
       {}},
      {"target out of range",
       edited([n](auto&, auto& targets) { targets[targets.size() / 2] = n + 3; }),
       {}},
      {"missing reverse arc",
       edited([](auto& offsets, auto& targets) {
         targets.pop_back();
         offsets.back() -= 1;
       }),
       {}},
      {"unsorted adjacency",
       edited([](auto& offsets, auto& targets) {
         for (std::size_t v = 0; v + 1 < offsets.size(); ++v) {
           if (offsets[v + 1] - offsets[v] >= 2) {
             std::swap(targets[offsets[v]], targets[offsets[v] + 1]);
             return;
           }
         }
       }),
       {}},
      {"cycle", with_extra_edge(true), {}},
      {"root out of range", base, {0, n}},
      {"two roots in one tree", base, {0, 0}},
      {"a tree without root", base, {0}},
      {"too many roots", base, {0, 1, 2}},
  };
  // Joining the two trees is no defect: the check must not flag it.
  EXPECT_NO_THROW((euler_tour_ops<VertexId, EdgeId>(with_extra_edge(false), {}, gpu())));

  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    const std::string on_cpu = message(c.graph, c.roots, EulerTourOptions{});
    const std::string on_gpu = message(c.graph, c.roots, gpu());
    EXPECT_FALSE(on_cpu.empty());
    EXPECT_EQ(on_gpu, on_cpu);
  }
}

TEST_F(EulerTourGpu, OneTreeWithDefaultOrGivenRootMatchesTheCpu) {
  // edges == n - 1: the path that skips the component labelling.
  const auto tree = make_tree(TreeKind::RandomRecursive, (std::int64_t{1} << 21) + 7, 40);
  const VertexId n = tree.num_vertices();
  for (const auto algorithm : {ListRankingAlgorithm::HelmanJaja, ListRankingAlgorithm::Wyllie}) {
    SCOPED_TRACE(std::string(to_string(algorithm)));
    const auto by_default = euler_tour_ops<VertexId, EdgeId>(tree, {}, gpu(algorithm));
    expect_equal(by_default, euler_tour_ops<VertexId, EdgeId>(tree));
    EXPECT_EQ(by_default.roots, std::vector<VertexId>{0});
    EXPECT_EQ(by_default.stats.tour_elements, tree.targets().size() + 1);
    for (const VertexId r : {VertexId{0}, n / 3, n - 1}) {
      SCOPED_TRACE("root " + std::to_string(r));
      const std::vector<VertexId> roots{r};
      const auto on_gpu = euler_tour_ops<VertexId, EdgeId>(tree, roots, gpu(algorithm));
      expect_equal(on_gpu, euler_tour_ops<VertexId, EdgeId>(tree, roots));
      expect_equal(on_gpu, reference_tree_ops<VertexId>(tree, roots).ops);
    }
  }
  const auto path = make_tree<std::int64_t>(TreeKind::Path, std::int64_t{1} << 20, 41);
  const std::vector<std::int64_t> middle{std::int64_t{1} << 19};
  expect_equal(euler_tour_ops<std::int64_t, EdgeId>(path, {}, gpu()),
               euler_tour_ops<std::int64_t, EdgeId>(path));
  expect_equal(euler_tour_ops<std::int64_t, EdgeId>(path, middle, gpu()),
               euler_tour_ops<std::int64_t, EdgeId>(path, middle));
  for (const std::int64_t size : {1, 2, 3}) {
    const auto tiny = make_tree(TreeKind::Path, size, 42);
    const std::vector<VertexId> last{static_cast<VertexId>(size - 1)};
    expect_equal(euler_tour_ops<VertexId, EdgeId>(tiny, {}, gpu()),
                 euler_tour_ops<VertexId, EdgeId>(tiny));
    expect_equal(euler_tour_ops<VertexId, EdgeId>(tiny, last, gpu()),
                 euler_tour_ops<VertexId, EdgeId>(tiny, last));
  }
}

CsrGraph<VertexId, EdgeId> symmetric_csr(EdgeList<VertexId> edges) {
  CsrBuildOptions build;
  build.symmetrize = true;
  build.sort_neighbors = true;
  return build_csr<VertexId, EdgeId>(edges, build);
}

/// n - 1 edges on n vertices, yet no tree: a random tree on [0, a) plus an edge {0, w} that
/// closes a cycle, beside a random tree on [a, n); ids relabelled at random (label[0] and
/// label[a] lie in different parts).
CsrGraph<VertexId, EdgeId> cycle_beside_tree(std::int64_t a, std::int64_t n, std::uint64_t seed,
                                             std::vector<std::int64_t>& label) {
  const auto first = tree_parents(TreeKind::RandomRecursive, a, seed);
  const auto second = tree_parents(TreeKind::RandomRecursive, n - a, seed + 1);
  label = random_permutation(n, seed + 2);
  EdgeList<VertexId> edges;
  edges.num_vertices = static_cast<VertexId>(n);
  edges.directed = false;
  const auto add = [&](std::int64_t u, std::int64_t v) {
    edges.sources.push_back(static_cast<VertexId>(label[u]));
    edges.targets.push_back(static_cast<VertexId>(label[v]));
  };
  for (std::int64_t v = 1; v < a; ++v) add(v, first[v]);
  for (std::int64_t v = 1; v < n - a; ++v) add(a + v, a + second[v]);
  std::int64_t w = a - 1;
  while (first[w] == 0) --w;  // a random recursive tree of many vertices is no star
  add(0, w);
  return symmetric_csr(std::move(edges));
}

/// Triangles {0, 1, 3} and {0, 2, 4} interleaved around vertex 0, vertices 5 and 6 isolated,
/// and a path 0 - 7 - 8 - ... - (n - 1): n - 1 edges. The tour from 0 reaches every arc (one
/// face), so only the isolated vertices show that this is no tree.
CsrGraph<VertexId, EdgeId> figure_eight_with_tail(std::int64_t n) {
  EdgeList<VertexId> edges;
  edges.num_vertices = static_cast<VertexId>(n);
  edges.directed = false;
  const auto add = [&](std::int64_t u, std::int64_t v) {
    edges.sources.push_back(static_cast<VertexId>(u));
    edges.targets.push_back(static_cast<VertexId>(v));
  };
  const std::vector<std::pair<int, int>> triangles{{0, 1}, {1, 3}, {3, 0}, {0, 2}, {2, 4}, {4, 0}};
  for (const auto& [u, v] : triangles) add(u, v);
  add(0, 7);
  for (std::int64_t v = 8; v < n; ++v) add(v - 1, v);
  return symmetric_csr(std::move(edges));
}

TEST_F(EulerTourGpu, TreeEdgeCountWithCyclesIsNamedAsOnTheCpu) {
  // Large (ranked on the GPU) and small (ranked on the host) splits, and one face.
  const std::int64_t n = std::int64_t{1} << 21;
  const std::int64_t a = n / 2 + 11;
  std::vector<std::int64_t> large_label;
  const auto split = cycle_beside_tree(a, n, 43, large_label);
  std::vector<std::int64_t> small_label;
  const auto small_split = cycle_beside_tree(40, 100, 44, small_label);
  const auto eight = figure_eight_with_tail(std::int64_t{1} << 20);
  ASSERT_EQ(static_cast<std::int64_t>(split.targets().size()), 2 * (n - 1));
  ASSERT_EQ(static_cast<std::int64_t>(small_split.targets().size()), 2 * 99);
  ASSERT_EQ(static_cast<std::int64_t>(eight.targets().size()),
            2 * (std::int64_t{eight.num_vertices()} - 1));
  struct Case {
    std::string name;
    const CsrGraph<VertexId, EdgeId>* graph;
    std::vector<VertexId> roots;
  };
  const auto id = [](std::int64_t v) { return static_cast<VertexId>(v); };
  const std::vector<Case> cases{
      {"cycle beside a tree, default root", &split, {}},
      {"cycle beside a tree, root in the cycle's part", &split, {id(large_label[0])}},
      {"cycle beside a tree, root in the tree", &split, {id(large_label[a])}},
      {"small cycle beside a tree, default root", &small_split, {}},
      {"small cycle beside a tree, root in the cycle's part", &small_split, {id(small_label[0])}},
      {"small cycle beside a tree, root in the tree", &small_split, {id(small_label[40])}},
      {"one face and isolated vertices, default root", &eight, {}},
      {"one face and isolated vertices, root 0", &eight, {0}},
      {"one face and isolated vertices, isolated root", &eight, {5}},
  };
  for (const auto algorithm : {ListRankingAlgorithm::HelmanJaja, ListRankingAlgorithm::Wyllie}) {
    for (const Case& c : cases) {
      SCOPED_TRACE(c.name + " " + std::string(to_string(algorithm)));
      const std::string on_cpu = message(*c.graph, c.roots, EulerTourOptions{});
      EXPECT_NE(on_cpu.find("not a forest"), std::string::npos) << on_cpu;
      EXPECT_EQ(message(*c.graph, c.roots, gpu(algorithm)), on_cpu);
    }
  }
}

TEST_F(EulerTourGpu, GpuArgumentErrors) {
  const auto tree = make_tree(TreeKind::Path, 10, 26);
  EXPECT_THROW((euler_tour_ops<VertexId, EdgeId>(tree, {}, gpu(ListRankingAlgorithm::Sequential))),
               InvalidArgument);
  EulerTourOptions missing = gpu();
  missing.device = Device::cuda(cuda_device_count());
  EXPECT_THROW((euler_tour_ops<VertexId, EdgeId>(tree, {}, missing)), CudaError);
}

TEST_F(EulerTourGpu, ArcPrefixOnTheGpuMatchesTheCpu) {
  const auto forest =
      make_forest({{TreeKind::RandomRecursive, 1 << 18}, {TreeKind::Star, 1000}}, 27, true);
  std::vector<std::int64_t> values(forest.targets().size());
  for (std::size_t e = 0; e < values.size(); ++e) {
    values[e] = static_cast<std::int64_t>(counter_random(28, e) % 1000);
  }
  for (const ListOp op : {ListOp::Sum, ListOp::Min, ListOp::Max}) {
    EXPECT_EQ(
        (euler_tour_arc_prefix<VertexId, EdgeId, std::int64_t>(forest, values, op, {}, gpu())),
        (euler_tour_arc_prefix<VertexId, EdgeId, std::int64_t>(forest, values, op)));
  }
}

}  // namespace
}  // namespace frontier::test
