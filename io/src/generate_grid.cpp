// 2D 5-point and 3D 7-point lattices on the host: checks the dimensions, then fills the edges
// in parallel with one grid_2d_edge()/grid_3d_edge() call each (generators/grid.hpp).
#include "frontier/io/generate_grid.hpp"

#include <initializer_list>
#include <limits>
#include <string>

#include "frontier/errors.hpp"
#include "generate_common.hpp"

namespace frontier::io {
namespace {

// The product of the dimensions. @throws InvalidArgument for a negative one or an overflow.
template <typename VertexT>
std::int64_t checked_vertex_count(std::initializer_list<std::int64_t> dims, const char* what) {
  std::int64_t product = 1;
  for (const std::int64_t d : dims) {
    if (d < 0) {
      throw InvalidArgument(std::string(what) + ": dimension " + std::to_string(d) +
                            " is negative");
    }
  }
  for (const std::int64_t d : dims) {
    if (d == 0) return 0;
    if (product > std::numeric_limits<std::int64_t>::max() / d) {
      throw InvalidArgument(std::string(what) + ": vertex count overflows 64 bits");
    }
    product *= d;
  }
  detail::check_generator_vertex_count<VertexT>(product, what);
  return product;
}

template <typename VertexT, typename EdgeFunction>
EdgeList<VertexT> fill_grid(std::int64_t vertices, std::int64_t count, const char* what,
                            EdgeFunction edge_at) {
  EdgeList<VertexT> edges =
      detail::allocate_generated_edges<VertexT>(vertices, static_cast<std::uint64_t>(count), what);
  VertexT* sources = edges.sources.data();
  VertexT* targets = edges.targets.data();
#pragma omp parallel for schedule(static)
  for (std::int64_t i = 0; i < count; ++i) {
    const EdgeEndpoints edge = edge_at(i);
    sources[i] = static_cast<VertexT>(edge.source);
    targets[i] = static_cast<VertexT>(edge.target);
  }
  return edges;
}

}  // namespace

template <typename VertexT>
EdgeList<VertexT> generate_grid_2d(std::int64_t rows, std::int64_t cols) {
  const std::int64_t vertices = checked_vertex_count<VertexT>({rows, cols}, "2D grid");
  return fill_grid<VertexT>(vertices, grid_2d_edge_count(rows, cols), "2D grid",
                            [=](std::int64_t i) { return grid_2d_edge(rows, cols, i); });
}

template <typename VertexT>
EdgeList<VertexT> generate_grid_3d(std::int64_t x, std::int64_t y, std::int64_t z) {
  const std::int64_t vertices = checked_vertex_count<VertexT>({x, y, z}, "3D grid");
  return fill_grid<VertexT>(vertices, grid_3d_edge_count(x, y, z), "3D grid",
                            [=](std::int64_t i) { return grid_3d_edge(x, y, z, i); });
}

template EdgeList<std::int32_t> generate_grid_2d(std::int64_t, std::int64_t);
template EdgeList<std::int64_t> generate_grid_2d(std::int64_t, std::int64_t);
template EdgeList<std::int32_t> generate_grid_3d(std::int64_t, std::int64_t, std::int64_t);
template EdgeList<std::int64_t> generate_grid_3d(std::int64_t, std::int64_t, std::int64_t);

}  // namespace frontier::io
