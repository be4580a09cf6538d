// Shared checks and allocation for the host generators (io/src/generate_*.cpp). Private to
// frontier_io.
#pragma once

#include <unistd.h>

#include <cstdint>
#include <limits>
#include <new>
#include <string>
#include <vector>

#include "frontier/edge_list.hpp"
#include "frontier/errors.hpp"

namespace frontier::detail {

/// Physical memory not in use, for OutOfMemory messages (0 when unknown).
inline std::uint64_t generator_free_host_bytes() {
  const long pages = sysconf(_SC_AVPHYS_PAGES);
  const long page_size = sysconf(_SC_PAGESIZE);
  if (pages <= 0 || page_size <= 0) return 0;
  return static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page_size);
}

/// Throws InvalidArgument unless 0 <= count <= max VertexT.
template <typename VertexT>
void check_generator_vertex_count(std::int64_t count, const std::string& what) {
  if (count < 0) {
    throw InvalidArgument(what + ": vertex count " + std::to_string(count) + " is negative");
  }
  if (static_cast<std::uint64_t>(count) >
      static_cast<std::uint64_t>(std::numeric_limits<VertexT>::max())) {
    throw InvalidArgument(what + ": " + std::to_string(count) + " vertices do not fit " +
                          std::to_string(8 * sizeof(VertexT)) + "-bit vertex ids");
  }
}

/// A vector of `count` elements, or OutOfMemory naming the bytes needed and free.
template <typename T>
std::vector<T> allocate_generator_array(std::uint64_t count, const std::string& what) {
  const std::uint64_t max_count = std::numeric_limits<std::size_t>::max() / sizeof(T);
  if (count > max_count) {
    throw OutOfMemory(what, std::numeric_limits<std::uint64_t>::max(), generator_free_host_bytes());
  }
  try {
    return std::vector<T>(static_cast<std::size_t>(count));
  } catch (const std::bad_alloc&) {
    throw OutOfMemory(what, count * sizeof(T), generator_free_host_bytes());
  } catch (const std::length_error&) {
    throw OutOfMemory(what, count * sizeof(T), generator_free_host_bytes());
  }
}

/// An undirected edge list of `count` tuples on `num_vertices` vertices, arrays sized.
template <typename VertexT>
EdgeList<VertexT> allocate_generated_edges(std::int64_t num_vertices, std::uint64_t count,
                                           const std::string& what) {
  EdgeList<VertexT> edges;
  edges.num_vertices = static_cast<VertexT>(num_vertices);
  edges.directed = false;
  edges.sources = allocate_generator_array<VertexT>(count, what + " sources");
  edges.targets = allocate_generator_array<VertexT>(count, what + " targets");
  return edges;
}

}  // namespace frontier::detail
