// 2D and 3D grid lattices: the edge set equals a brute-force reference (each edge once),
// counts, degrees and the diameter (rows + cols - 2, x + y + z - 3) by BFS from every vertex.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include "frontier/errors.hpp"
#include "frontier/io/generate_grid.hpp"
#include "support/generator_checks.hpp"

namespace frontier {
namespace {

using Pair = std::pair<std::int64_t, std::int64_t>;

template <typename VertexT>
std::vector<Pair> sorted_pairs(const EdgeList<VertexT>& edges) {
  std::vector<Pair> pairs;
  for (std::size_t i = 0; i < edges.size(); ++i)
    pairs.emplace_back(edges.sources[i], edges.targets[i]);
  std::sort(pairs.begin(), pairs.end());
  return pairs;
}

// Largest BFS eccentricity over all vertices (the graph must be connected).
template <typename VertexT>
std::int64_t diameter(const EdgeList<VertexT>& edges) {
  const auto adj = test::adjacency(edges);
  std::int64_t best = 0;
  for (std::int64_t s = 0; s < edges.num_vertices; ++s) {
    const auto dist = test::bfs_distances(adj, s);
    for (const std::int64_t d : dist) {
      EXPECT_GE(d, 0) << "grid not connected";
      best = std::max(best, d);
    }
  }
  return best;
}

std::vector<Pair> reference_2d(std::int64_t rows, std::int64_t cols) {
  std::vector<Pair> pairs;
  for (std::int64_t r = 0; r < rows; ++r) {
    for (std::int64_t c = 0; c < cols; ++c) {
      if (c + 1 < cols) pairs.emplace_back(r * cols + c, r * cols + c + 1);
      if (r + 1 < rows) pairs.emplace_back(r * cols + c, (r + 1) * cols + c);
    }
  }
  std::sort(pairs.begin(), pairs.end());
  return pairs;
}

std::vector<Pair> reference_3d(std::int64_t x, std::int64_t y, std::int64_t z) {
  std::vector<Pair> pairs;
  const auto id = [&](std::int64_t i, std::int64_t j, std::int64_t k) {
    return (i * y + j) * z + k;
  };
  for (std::int64_t i = 0; i < x; ++i) {
    for (std::int64_t j = 0; j < y; ++j) {
      for (std::int64_t k = 0; k < z; ++k) {
        if (k + 1 < z) pairs.emplace_back(id(i, j, k), id(i, j, k + 1));
        if (j + 1 < y) pairs.emplace_back(id(i, j, k), id(i, j + 1, k));
        if (i + 1 < x) pairs.emplace_back(id(i, j, k), id(i + 1, j, k));
      }
    }
  }
  std::sort(pairs.begin(), pairs.end());
  return pairs;
}

TEST(Grid2d, MatchesReferenceWithDiameter) {
  const std::array<std::array<std::int64_t, 2>, 10> shapes = {
      {{0, 0}, {0, 5}, {5, 0}, {1, 1}, {1, 7}, {7, 1}, {2, 2}, {3, 4}, {7, 5}, {16, 9}}};
  for (const auto& [rows, cols] : shapes) {
    const auto edges = io::generate_grid_2d<std::int32_t>(rows, cols);
    EXPECT_FALSE(edges.directed);
    EXPECT_EQ(edges.num_vertices, rows * cols);
    const std::int64_t expected_count =
        rows * cols == 0 ? 0 : rows * (cols - 1) + (rows - 1) * cols;
    ASSERT_EQ(static_cast<std::int64_t>(edges.size()), expected_count) << rows << "x" << cols;
    EXPECT_EQ(sorted_pairs(edges), reference_2d(rows, cols)) << rows << "x" << cols;
    if (rows * cols > 0) EXPECT_EQ(diameter(edges), rows + cols - 2) << rows << "x" << cols;
  }
}

TEST(Grid2d, DegreesOfALargeGrid) {
  const std::int64_t rows = 300, cols = 200;
  const auto edges = io::generate_grid_2d<std::int64_t>(rows, cols);
  EXPECT_EQ(sorted_pairs(edges), reference_2d(rows, cols));
  std::vector<int> degree(rows * cols, 0);
  for (std::size_t i = 0; i < edges.size(); ++i) {
    ++degree[edges.sources[i]];
    ++degree[edges.targets[i]];
  }
  std::array<std::int64_t, 5> histogram{};
  for (const int d : degree) ++histogram[d];
  EXPECT_EQ(histogram[2], 4);
  EXPECT_EQ(histogram[3], 2 * (rows - 2) + 2 * (cols - 2));
  EXPECT_EQ(histogram[4], (rows - 2) * (cols - 2));
}

TEST(Grid3d, MatchesReferenceWithDiameter) {
  const std::array<std::array<std::int64_t, 3>, 9> shapes = {{{0, 3, 3},
                                                              {3, 0, 3},
                                                              {1, 1, 1},
                                                              {1, 1, 6},
                                                              {2, 2, 2},
                                                              {2, 3, 4},
                                                              {5, 1, 3},
                                                              {4, 3, 1},
                                                              {6, 5, 7}}};
  for (const auto& [x, y, z] : shapes) {
    const auto edges = io::generate_grid_3d<std::int32_t>(x, y, z);
    EXPECT_EQ(edges.num_vertices, x * y * z);
    EXPECT_EQ(sorted_pairs(edges), reference_3d(x, y, z)) << x << "x" << y << "x" << z;
    if (x * y * z > 0) EXPECT_EQ(diameter(edges), x + y + z - 3) << x << "x" << y << "x" << z;
  }
}

TEST(Grid, ArgumentChecks) {
  EXPECT_THROW(io::generate_grid_2d<std::int32_t>(-1, 5), InvalidArgument);
  EXPECT_THROW(io::generate_grid_3d<std::int32_t>(2, -3, 5), InvalidArgument);
  EXPECT_THROW(io::generate_grid_2d<std::int32_t>(1 << 16, 1 << 16), InvalidArgument);
  EXPECT_THROW(io::generate_grid_3d<std::int32_t>(1 << 11, 1 << 11, 1 << 10), InvalidArgument);
  EXPECT_THROW(io::generate_grid_2d<std::int64_t>(std::int64_t{1} << 40, std::int64_t{1} << 40),
               InvalidArgument);
}

}  // namespace
}  // namespace frontier
