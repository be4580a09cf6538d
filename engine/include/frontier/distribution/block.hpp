/// @file block.hpp
/// @brief Block (contiguous) vertex ownership across p ranks, the alternative to striping kept
/// for comparison: rank r owns the run [block_begin(r), block_begin(r + 1)). Runs are balanced
/// like striping's counts: the first n mod p ranks own n / p + 1 vertices, the others n / p.
/// Block ownership keeps each rank's vertices together (good locality for meshes and roads,
/// bad balance for Kronecker graphs whose hubs crowd the low ids when unscrambled).
#pragma once

#include "frontier/types.hpp"

namespace frontier {

/// First global vertex of `rank`'s run (rank == ranks gives n).
template <typename VertexT>
FRONTIER_HOST_DEVICE constexpr VertexT block_begin(VertexT n, int rank, int ranks) noexcept {
  const auto p = static_cast<VertexT>(ranks);
  const auto r = static_cast<VertexT>(rank);
  const VertexT base = n / p;
  const VertexT extra = n % p;
  return r * base + (r < extra ? r : extra);
}

/// Vertices owned by `rank`.
template <typename VertexT>
FRONTIER_HOST_DEVICE constexpr VertexT block_count(VertexT n, int rank, int ranks) noexcept {
  return n / static_cast<VertexT>(ranks) +
         (static_cast<VertexT>(rank) < n % static_cast<VertexT>(ranks) ? 1 : 0);
}

/// The rank owning `global` (precondition: 0 <= global < n).
template <typename VertexT>
FRONTIER_HOST_DEVICE constexpr int block_owner(VertexT global, VertexT n, int ranks) noexcept {
  const auto p = static_cast<VertexT>(ranks);
  const VertexT base = n / p;
  const VertexT extra = n % p;
  // The first `extra` runs hold base + 1 vertices each, the rest base each.
  const VertexT long_part = extra * (base + 1);
  if (global < long_part) return static_cast<int>(global / (base + 1));
  return static_cast<int>(extra + (global - long_part) / base);
}

/// `global`'s index within its owner's run.
template <typename VertexT>
FRONTIER_HOST_DEVICE constexpr VertexT block_local(VertexT global, VertexT n, int ranks) noexcept {
  return global - block_begin(n, block_owner(global, n, ranks), ranks);
}

}  // namespace frontier
