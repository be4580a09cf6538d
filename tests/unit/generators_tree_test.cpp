// Trees and forests for Euler-tour operations: n - k edges, acyclic and with exactly k
// components (union-find), edges oriented parent -> child from the documented roots, shape
// properties (path, star, complete binary, random recursive depth), determinism.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "frontier/errors.hpp"
#include "frontier/io/generate_tree.hpp"
#include "support/generator_checks.hpp"

namespace frontier {
namespace {

constexpr TreeShape kShapes[] = {TreeShape::RandomRecursive, TreeShape::Path, TreeShape::Star,
                                 TreeShape::Binary};

// Checks a forest of `trees` trees with the given roots: n - trees edges in range, each joining
// two different components, each non-root vertex the child (target) of exactly one edge.
template <typename VertexT>
void check_forest(const EdgeList<VertexT>& edges, std::int64_t n, std::int64_t trees,
                  const std::vector<std::int64_t>& roots) {
  EXPECT_FALSE(edges.directed);
  ASSERT_EQ(static_cast<std::int64_t>(edges.num_vertices), n);
  ASSERT_EQ(static_cast<std::int64_t>(edges.size()), n - trees);
  test::UnionFind components(n);
  std::vector<int> parents(static_cast<std::size_t>(n), 0);
  for (std::size_t e = 0; e < edges.size(); ++e) {
    const std::int64_t u = edges.sources[e];
    const std::int64_t v = edges.targets[e];
    ASSERT_GE(u, 0);
    ASSERT_LT(u, n);
    ASSERT_GE(v, 0);
    ASSERT_LT(v, n);
    ASSERT_TRUE(components.unite(u, v)) << "edge " << e << " closes a cycle";
    ++parents[v];
  }
  // n - trees merging edges leave exactly `trees` components; roots sit in distinct ones.
  ASSERT_EQ(static_cast<std::int64_t>(roots.size()), trees);
  std::vector<std::int64_t> root_sets;
  for (const std::int64_t root : roots) {
    ASSERT_GE(root, 0);
    ASSERT_LT(root, n);
    EXPECT_EQ(parents[root], 0) << "root " << root << " has a parent";
    root_sets.push_back(components.find(root));
  }
  std::sort(root_sets.begin(), root_sets.end());
  EXPECT_EQ(std::unique(root_sets.begin(), root_sets.end()), root_sets.end());
  for (std::int64_t v = 0; v < n; ++v) {
    if (std::find(roots.begin(), roots.end(), v) == roots.end()) EXPECT_EQ(parents[v], 1) << v;
  }
}

std::vector<std::int64_t> degrees(const EdgeList<std::int32_t>& edges) {
  std::vector<std::int64_t> degree(static_cast<std::size_t>(edges.num_vertices), 0);
  for (std::size_t e = 0; e < edges.size(); ++e) {
    ++degree[edges.sources[e]];
    ++degree[edges.targets[e]];
  }
  return degree;
}

const std::vector<std::int64_t> kSizes = {0, 1, 2, 3, 7, 8, 100, 1000, 1 << 16};

TEST(GenerateTree, ConnectedAcyclicWithTheDocumentedRoot) {
  for (const TreeShape shape : kShapes) {
    for (const std::int64_t n : kSizes) {
      for (const std::uint64_t seed : {1ULL, 5ULL}) {
        const auto edges = io::generate_tree<std::int32_t>(shape, n, seed);
        const std::int64_t root = io::tree_root(n, seed);
        if (n == 0) {
          EXPECT_EQ(root, -1);
          EXPECT_EQ(edges.size(), 0u);
          continue;
        }
        check_forest(edges, n, 1, {root});
      }
    }
  }
}

TEST(GenerateTree, ShapeProperties) {
  for (const std::int64_t n : kSizes) {
    if (n < 1) continue;
    const std::int64_t root = io::tree_root(n, 3);
    {
      const auto degree = degrees(io::generate_tree<std::int32_t>(TreeShape::Path, n, 3));
      EXPECT_LE(*std::max_element(degree.begin(), degree.end()), 2);
      if (n >= 2) {
        EXPECT_EQ(std::count(degree.begin(), degree.end(), 1), 2) << n;
        EXPECT_EQ(degree[root], 1);  // the root is one end of the path
      }
    }
    {
      const auto degree = degrees(io::generate_tree<std::int32_t>(TreeShape::Star, n, 3));
      EXPECT_EQ(degree[root], n - 1);
      if (n >= 3) EXPECT_EQ(std::count(degree.begin(), degree.end(), n - 1), 1);
      EXPECT_EQ(std::count(degree.begin(), degree.end(), 1), n == 2 ? 2 : n - 1);
    }
    {
      const auto edges = io::generate_tree<std::int32_t>(TreeShape::Binary, n, 3);
      const auto degree = degrees(edges);
      EXPECT_LE(*std::max_element(degree.begin(), degree.end()), 3);
      EXPECT_LE(degree[root], 2);
      // A complete binary tree of n vertices has height floor(log2 n).
      const auto dist = test::bfs_distances(test::adjacency(edges), root);
      const std::int64_t height = *std::max_element(dist.begin(), dist.end());
      EXPECT_EQ(height, static_cast<std::int64_t>(std::floor(std::log2(static_cast<double>(n)))));
      // Leaves: ceil(n / 2); for n >= 3 the root has two children, so they are the degree-1
      // vertices.
      if (n >= 3) EXPECT_EQ(std::count(degree.begin(), degree.end(), 1), (n + 1) / 2);
    }
  }
}

// In a random recursive tree, the vertex at position i has expected depth H_i (harmonic
// number), so the mean depth over all vertices is (1/n) sum_{i<n} H_i, about ln n.
TEST(GenerateTree, RandomRecursiveDepthMatchesTheModel) {
  const std::int64_t n = 1 << 16;
  double expected_mean = 0.0;
  double harmonic = 0.0;
  for (std::int64_t i = 1; i < n; ++i) {
    harmonic += 1.0 / static_cast<double>(i);
    expected_mean += harmonic;
  }
  expected_mean /= static_cast<double>(n);
  for (const std::uint64_t seed : {1ULL, 2ULL, 3ULL}) {
    const auto edges = io::generate_tree<std::int32_t>(TreeShape::RandomRecursive, n, seed);
    const auto dist = test::bfs_distances(test::adjacency(edges), io::tree_root(n, seed));
    double mean = 0.0;
    for (const std::int64_t d : dist) mean += static_cast<double>(d);
    mean /= static_cast<double>(n);
    EXPECT_NEAR(mean, expected_mean, 0.1 * expected_mean) << "seed " << seed;
    const std::int64_t height = *std::max_element(dist.begin(), dist.end());
    EXPECT_GT(height, std::log(static_cast<double>(n)));  // e ln n ~ 30 expected
    EXPECT_LT(height, 3 * std::exp(1.0) * std::log(static_cast<double>(n)));
  }
}

TEST(GenerateTree, RootsAndLabelsDependOnTheSeed) {
  std::vector<std::int64_t> roots;
  for (std::uint64_t seed = 0; seed < 20; ++seed) roots.push_back(io::tree_root(100, seed));
  std::sort(roots.begin(), roots.end());
  EXPECT_GT(std::unique(roots.begin(), roots.end()) - roots.begin(), 10);
  const auto a = io::generate_tree<std::int32_t>(TreeShape::Path, 1000, 1);
  const auto b = io::generate_tree<std::int32_t>(TreeShape::Path, 1000, 2);
  EXPECT_NE(a.sources, b.sources);
  // Labels are permuted: a path is not 0 - 1 - 2 - ...
  std::int64_t consecutive = 0;
  for (std::size_t e = 0; e < a.size(); ++e)
    consecutive += a.targets[e] == a.sources[e] + 1 ? 1 : 0;
  EXPECT_LT(consecutive, 20);
}

TEST(GenerateTree, DeterministicAndThreadCountFree) {
  for (const TreeShape shape : kShapes) {
    const auto one =
        test::with_threads(1, [&] { return io::generate_tree<std::int32_t>(shape, 200000, 9); });
    const auto two =
        test::with_threads(2, [&] { return io::generate_tree<std::int32_t>(shape, 200000, 9); });
    EXPECT_EQ(one.sources, two.sources);
    EXPECT_EQ(one.targets, two.targets);
    const auto wide = io::generate_tree<std::int64_t>(shape, 200000, 9);
    EXPECT_TRUE(std::equal(one.sources.begin(), one.sources.end(), wide.sources.begin(),
                           wide.sources.end()));
    EXPECT_TRUE(std::equal(one.targets.begin(), one.targets.end(), wide.targets.begin(),
                           wide.targets.end()));
  }
}

TEST(GenerateForest, KTreesOfEqualSize) {
  for (const TreeShape shape : kShapes) {
    for (const std::int64_t n : std::vector<std::int64_t>{1, 2, 10, 1000, 65537}) {
      for (const std::int64_t k : std::vector<std::int64_t>{1, 2, 3, 7, 100, n}) {
        if (k > n) continue;
        const auto edges = io::generate_forest<std::int32_t>(shape, n, k, 13);
        const auto roots = io::forest_roots(n, k, 13);
        check_forest(edges, n, k, roots);
        // Tree sizes differ by at most one.
        test::UnionFind components(n);
        for (std::size_t e = 0; e < edges.size(); ++e)
          components.unite(edges.sources[e], edges.targets[e]);
        std::int64_t smallest = n, largest = 0;
        for (const std::int64_t root : roots) {
          smallest = std::min(smallest, components.set_size(root));
          largest = std::max(largest, components.set_size(root));
        }
        EXPECT_LE(largest - smallest, 1) << "n=" << n << " k=" << k;
        EXPECT_EQ(largest, (n + k - 1) / k);
      }
    }
  }
  EXPECT_TRUE(io::generate_forest<std::int32_t>(TreeShape::Path, 0, 0, 1).sources.empty());
  EXPECT_TRUE(io::forest_roots(0, 0, 1).empty());
}

TEST(GenerateTree, ArgumentChecks) {
  EXPECT_THROW(io::generate_tree<std::int32_t>(TreeShape::Path, -1, 1), InvalidArgument);
  EXPECT_THROW(io::generate_tree<std::int32_t>(TreeShape::Path, std::int64_t{1} << 31, 1),
               InvalidArgument);
  EXPECT_THROW(io::generate_forest<std::int32_t>(TreeShape::Star, 10, 0, 1), InvalidArgument);
  EXPECT_THROW(io::generate_forest<std::int32_t>(TreeShape::Star, 10, 11, 1), InvalidArgument);
  EXPECT_THROW(io::forest_roots(5, 6, 1), InvalidArgument);
  EXPECT_EQ(parse_tree_shape("binary"), TreeShape::Binary);
  EXPECT_THROW(parse_tree_shape("bushy"), InvalidArgument);
}

}  // namespace
}  // namespace frontier
