/// @file striping.hpp
/// @brief Vertex striping across p ranks (Merrill 6.6): vertex v belongs to rank v mod p and is
/// that rank's local vertex v / p. Striping spreads Kronecker hubs and grid rows evenly.
#pragma once

#include <cstdint>

#include "frontier/types.hpp"

namespace frontier {

template <typename VertexT>
FRONTIER_HOST_DEVICE constexpr int owner_of(VertexT global, int ranks) noexcept {
  return static_cast<int>(global % static_cast<VertexT>(ranks));
}

template <typename VertexT>
FRONTIER_HOST_DEVICE constexpr VertexT local_of(VertexT global, int ranks) noexcept {
  return global / static_cast<VertexT>(ranks);
}

template <typename VertexT>
FRONTIER_HOST_DEVICE constexpr VertexT global_of(int rank, VertexT local, int ranks) noexcept {
  return local * static_cast<VertexT>(ranks) + static_cast<VertexT>(rank);
}

/// Vertices owned by `rank` when n vertices are striped over `ranks`.
template <typename VertexT>
FRONTIER_HOST_DEVICE constexpr VertexT local_count(VertexT n, int rank, int ranks) noexcept {
  return n / static_cast<VertexT>(ranks) +
         (static_cast<VertexT>(rank) < n % static_cast<VertexT>(ranks) ? 1 : 0);
}

}  // namespace frontier
