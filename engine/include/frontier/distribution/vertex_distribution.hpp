/// @file vertex_distribution.hpp
/// @brief Which rank owns which vertex: striped (owner = v mod p, Merrill 6.6; the default) or
/// block (contiguous runs), as one small value usable in host and device code.
///
/// Invariants for either layout: every global vertex v in [0, n) has exactly one owner in
/// [0, ranks) and a local index in [0, local_count(owner)); global(owner(v), local(v)) == v; the
/// local indices of one rank are 0, 1, ..., local_count(rank) - 1, in increasing global order.
#pragma once

#include <cstdint>
#include <string_view>

#include "frontier/distribution/block.hpp"
#include "frontier/distribution/striping.hpp"
#include "frontier/types.hpp"

namespace frontier {

enum class VertexLayout { Striped, Block };

/// "striped" or "block": what parse_vertex_layout() reads back.
std::string_view to_string(VertexLayout layout);

/// @throws InvalidArgument for a name to_string() does not give.
VertexLayout parse_vertex_layout(std::string_view name);

template <typename VertexT = VertexId>
struct VertexDistribution {
  VertexLayout layout = VertexLayout::Striped;
  VertexT num_vertices = 0;
  int ranks = 1;

  FRONTIER_HOST_DEVICE constexpr int owner(VertexT v) const noexcept {
    return layout == VertexLayout::Striped ? owner_of(v, ranks)
                                           : block_owner(v, num_vertices, ranks);
  }
  FRONTIER_HOST_DEVICE constexpr VertexT local(VertexT v) const noexcept {
    return layout == VertexLayout::Striped ? local_of(v, ranks)
                                           : block_local(v, num_vertices, ranks);
  }
  FRONTIER_HOST_DEVICE constexpr VertexT global(int rank, VertexT local_index) const noexcept {
    return layout == VertexLayout::Striped ? global_of(rank, local_index, ranks)
                                           : block_begin(num_vertices, rank, ranks) + local_index;
  }
  /// Vertices owned by `rank` (the same for both layouts).
  FRONTIER_HOST_DEVICE constexpr VertexT local_count(int rank) const noexcept {
    return block_count(num_vertices, rank, ranks);
  }
  /// The largest local_count (rank 0's).
  FRONTIER_HOST_DEVICE constexpr VertexT max_local_count() const noexcept { return local_count(0); }
  /// Vertices owned by ranks below `rank`: where `rank`'s slots start in an array laid out
  /// rank after rank with local_count(r) slots each.
  FRONTIER_HOST_DEVICE constexpr VertexT rank_offset(int rank) const noexcept {
    return block_begin(num_vertices, rank, ranks);
  }
};

}  // namespace frontier
