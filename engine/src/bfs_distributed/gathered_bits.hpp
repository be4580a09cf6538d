/// @file bfs_distributed/gathered_bits.hpp
/// @brief Where a vertex's bit sits in the all-gathered frontier bitmap of a bottom-up level
/// (internal; host and device): the gather leaves the ranks' parts rank after rank, W words each
/// (W = (max_local_count + 31) / 32), so vertex v is bit owner(v) * 32W + local(v). A bottom-up
/// level tests its neighbours there directly rather than rewriting the bitmap in global order
/// first. For a striped layout over 2^s ranks owner and local are a mask and a shift; with one
/// rank, or a block layout whose parts start at whole words where the ranks' vertices start, the
/// parts already are in global order and v is bit v.
#pragma once

#include <cstddef>
#include <cstdint>

#include "frontier/partition/distribution.hpp"
#include "frontier/types.hpp"

namespace frontier::distributed {

template <typename VertexT>
struct GatheredBits {
  partition::VertexDistribution<VertexT> distribution;
  /// Bits of one rank's part (32 W).
  std::uint64_t bits_per_rank = 0;
  /// log2(ranks) for a striped layout over a power-of-two rank count, else -1.
  int stripe_shift = -1;
  /// The parts are in global vertex order: v is bit v.
  bool global_order = false;

  /// The bit of global vertex v (0 <= v < num_vertices).
  FRONTIER_HOST_DEVICE std::uint64_t bit(VertexT v) const noexcept {
    const auto u = static_cast<std::uint64_t>(v);
    if (global_order) return u;
    if (stripe_shift >= 0) {
      return (u & ((std::uint64_t{1} << stripe_shift) - 1)) * bits_per_rank + (u >> stripe_shift);
    }
    return static_cast<std::uint64_t>(distribution.owner(v)) * bits_per_rank +
           static_cast<std::uint64_t>(distribution.local(v));
  }
};

/// The map for parts of `words_per_rank` 32-bit words (at least (max_local_count + 31) / 32).
template <typename VertexT>
GatheredBits<VertexT> make_gathered_bits(const partition::VertexDistribution<VertexT>& distribution,
                                         std::size_t words_per_rank) {
  GatheredBits<VertexT> bits;
  bits.distribution = distribution;
  bits.bits_per_rank = static_cast<std::uint64_t>(words_per_rank) * 32;
  const int p = distribution.ranks;
  if (distribution.layout == partition::VertexLayout::Striped && p >= 1 && (p & (p - 1)) == 0) {
    bits.stripe_shift = 0;
    while ((1 << bits.stripe_shift) < p) ++bits.stripe_shift;
  }
  // Rank r's part starts at bit r * bits_per_rank; in a block layout it holds global ids from
  // rank_offset(r) on, so the parts are in global order when the two agree for every rank.
  bits.global_order = p == 1 || distribution.layout == partition::VertexLayout::Block;
  for (int r = 0; r < p && bits.global_order; ++r) {
    bits.global_order = static_cast<std::uint64_t>(distribution.rank_offset(r)) ==
                        static_cast<std::uint64_t>(r) * bits.bits_per_rank;
  }
  return bits;
}

}  // namespace frontier::distributed
