// euler_tour_ops() on the GPU beyond the parity suite: trees of 2^22 vertices of every shape
// against the DFS oracle, GPU == CPU on large forests with given roots and on 64-bit ids, both
// GPU ranking algorithms, the same error message as the CPU for every malformed input, and the
// GPU-specific argument errors. Skips without a GPU.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "frontier/device.hpp"
#include "frontier/errors.hpp"
#include "frontier/euler_tour.hpp"
#include "parity/euler_tour_reference.hpp"

namespace frontier::test {
namespace {

class EulerTourGpu : public ::testing::Test {
 protected:
  void SetUp() override {
    if (cuda_device_count() == 0) GTEST_SKIP() << "no CUDA GPU";
  }

  static EulerTourOptions gpu(ListRankingAlgorithm algorithm = ListRankingAlgorithm::Auto) {
    EulerTourOptions options;
    options.device = Device::cuda(0);
    options.ranking_algorithm = algorithm;
    return options;
  }
};

template <typename VertexT>
void expect_equal(const TreeOpsResult<VertexT>& actual, const TreeOpsResult<VertexT>& expected) {
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
