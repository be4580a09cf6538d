/// @file generators/grid.hpp
/// @brief 2D 5-point and 3D 7-point lattices, edge i a pure function of the dimensions and i.
///
/// Vertex ids are row-major: in a rows x cols grid, (r, c) is r * cols + c; in an x * y * z grid,
/// (i, j, k) is (i * y + j) * z + k. Every edge is listed once, from the smaller id to the larger.
/// Edge order: all edges along the last (fastest) dimension first, then the next, e.g. in 2D the
/// rows * (cols - 1) horizontal edges (r, c)-(r, c+1) in row-major order of (r, c), then the
/// (rows - 1) * cols vertical edges (r, c)-(r+1, c) in row-major order of (r, c).
/// Counts: 2D rows (cols - 1) + (rows - 1) cols; 3D (z-1) x y + (y-1) x z + (x-1) y z.
#pragma once

#include <cstdint>

#include "frontier/generators/common.hpp"
#include "frontier/types.hpp"

namespace frontier {

/// Edges of a rows x cols grid (0 when either is 0).
FRONTIER_HOST_DEVICE constexpr std::int64_t grid_2d_edge_count(std::int64_t rows,
                                                               std::int64_t cols) noexcept {
  if (rows <= 0 || cols <= 0) return 0;
  return rows * (cols - 1) + (rows - 1) * cols;
}

/// Edge `index` (< grid_2d_edge_count) of a rows x cols grid.
FRONTIER_HOST_DEVICE constexpr EdgeEndpoints grid_2d_edge(std::int64_t rows, std::int64_t cols,
                                                          std::int64_t index) noexcept {
  const std::int64_t horizontal = rows * (cols - 1);
  if (index < horizontal) {
    // 1. Horizontal edge number `index`: row index / (cols - 1), column index % (cols - 1).
    const std::int64_t r = index / (cols - 1);
    const std::int64_t c = index % (cols - 1);
    const std::int64_t u = r * cols + c;
    return {u, u + 1};
  }
  // 2. Vertical edges enumerate the vertices of rows 0 .. rows - 2 in order.
  const std::int64_t u = index - horizontal;
  return {u, u + cols};
}

/// Edges of an x * y * z grid (0 when any dimension is 0).
FRONTIER_HOST_DEVICE constexpr std::int64_t grid_3d_edge_count(std::int64_t x, std::int64_t y,
                                                               std::int64_t z) noexcept {
  if (x <= 0 || y <= 0 || z <= 0) return 0;
  return (z - 1) * x * y + (y - 1) * x * z + (x - 1) * y * z;
}

/// Edge `index` (< grid_3d_edge_count) of an x * y * z grid.
FRONTIER_HOST_DEVICE constexpr EdgeEndpoints grid_3d_edge(std::int64_t x, std::int64_t y,
                                                          std::int64_t z,
                                                          std::int64_t index) noexcept {
  // 1. Along k: (i, j, k)-(i, j, k+1) for each line (i, j) of z - 1 edges.
  const std::int64_t along_k = (z - 1) * x * y;
  if (index < along_k) {
    const std::int64_t line = index / (z - 1);
    const std::int64_t k = index % (z - 1);
    const std::int64_t u = line * z + k;
    return {u, u + 1};
  }
  index -= along_k;
  // 2. Along j: (i, j, k)-(i, j+1, k); each plane i holds (y - 1) * z of them, in the order of
  //    the plane's vertices with j < y - 1.
  const std::int64_t along_j = (y - 1) * x * z;
  if (index < along_j) {
    const std::int64_t per_plane = (y - 1) * z;
    const std::int64_t i = index / per_plane;
    const std::int64_t u = i * y * z + index % per_plane;
    return {u, u + z};
  }
  // 3. Along i: (i, j, k)-(i+1, j, k) enumerates the vertices with i < x - 1 in order.
  const std::int64_t u = index - along_j;
  return {u, u + y * z};
}

}  // namespace frontier
