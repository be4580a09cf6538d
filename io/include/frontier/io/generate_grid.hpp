/// @file generate_grid.hpp
/// @brief 2D 5-point and 3D 7-point lattices on the host (see frontier/generators/grid.hpp for
/// the vertex numbering and edge order): every edge listed once, undirected, no self loops.
#pragma once

#include <cstdint>

#include "frontier/edge_list.hpp"
#include "frontier/generators/grid.hpp"

namespace frontier::io {

/// The rows x cols grid: vertex (r, c) = r * cols + c, rows (cols - 1) + (rows - 1) cols edges.
/// A zero dimension gives the empty graph.
/// @throws InvalidArgument for a negative dimension or a vertex count beyond VertexT.
template <typename VertexT>
EdgeList<VertexT> generate_grid_2d(std::int64_t rows, std::int64_t cols);

/// The x * y * z grid: vertex (i, j, k) = (i * y + j) * z + k.
/// @throws InvalidArgument for a negative dimension or a vertex count beyond VertexT.
template <typename VertexT>
EdgeList<VertexT> generate_grid_3d(std::int64_t x, std::int64_t y, std::int64_t z);

extern template EdgeList<std::int32_t> generate_grid_2d(std::int64_t, std::int64_t);
extern template EdgeList<std::int64_t> generate_grid_2d(std::int64_t, std::int64_t);
extern template EdgeList<std::int32_t> generate_grid_3d(std::int64_t, std::int64_t, std::int64_t);
extern template EdgeList<std::int64_t> generate_grid_3d(std::int64_t, std::int64_t, std::int64_t);

}  // namespace frontier::io
