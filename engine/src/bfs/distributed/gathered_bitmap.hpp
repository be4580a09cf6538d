/// @file bfs/distributed/gathered_bitmap.hpp
/// @brief Where a vertex's bit sits in the all-gathered frontier bitmap of a bottom-up level
/// (internal; plain host/device C++): every rank writes its frontier as a bitmap of its local
/// ids into its part, parts follow in rank order, part_bits bits each, so global vertex w is bit
/// owner(w) * part_bits + local(w). Simulated ranks read the gathered parts where they arrived;
/// GPU ranks rewrite them in global vertex order first, reading each rank's part through a table
/// of part addresses (parts of the gathered buffer, or the peers' own parts read in place).
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

#include "frontier/distribution/vertex_distribution.hpp"
#include "frontier/types.hpp"

namespace frontier::distributed {

template <typename VertexT>
struct GatheredBitmapBits {
  VertexDistribution<VertexT> distribution;
  std::uint64_t part_bits = 0;
  /// log2(ranks) when the layout is striped over a power-of-two rank count (owner and local are
  /// then a mask and a shift, the fast path of a GPU's inner loop), else -1.
  int stripe_shift = -1;

  FRONTIER_HOST_DEVICE constexpr std::uint64_t bit(VertexT w) const noexcept {
    if (stripe_shift >= 0) {
      const auto v = static_cast<std::uint64_t>(w);
      return (v & ((std::uint64_t{1} << stripe_shift) - 1)) * part_bits + (v >> stripe_shift);
    }
    return static_cast<std::uint64_t>(distribution.owner(w)) * part_bits +
           static_cast<std::uint64_t>(distribution.local(w));
  }

  /// Whether w is set in `bitmap` (32-bit words).
  FRONTIER_HOST_DEVICE constexpr bool test(const std::uint32_t* bitmap, VertexT w) const noexcept {
    const std::uint64_t b = bit(w);
    return (bitmap[b / 32] >> (b % 32) & 1u) != 0;
  }

  /// Whether w is set in its owner's part, part_of(owner(w)) (32-bit words of local ids).
  template <typename PartOf>
  FRONTIER_HOST_DEVICE constexpr bool test_parts(const PartOf& part_of, VertexT w) const noexcept {
    const auto local = static_cast<std::uint64_t>(distribution.local(w));
    const std::uint32_t* part = part_of(distribution.owner(w));
    return (part[local / 32] >> (local % 32) & 1u) != 0;
  }
};

/// Where rank r's frontier part is: parts of one buffer, `stride` bytes apart (all-gathered,
/// NCCL), or a table of addresses in device memory (the ranks' own parts, read in place: peer
/// transport).
struct FrontierPartsAt {
  const void* const* table = nullptr;
  const unsigned char* base = nullptr;
  std::size_t stride = 0;
  FRONTIER_HOST_DEVICE const void* operator()(int rank) const {
    return table != nullptr ? table[rank] : base + static_cast<std::size_t>(rank) * stride;
  }
};

/// The low 32 >> SHIFT bits of x, bit i moved to bit i << SHIFT (Morton-style spreading; SHIFT
/// 1 and 2 by masks, the rest bit by bit).
template <int SHIFT>
FRONTIER_HOST_DEVICE constexpr std::uint32_t spread_bits(std::uint32_t x) noexcept {
  static_assert(SHIFT >= 0 && SHIFT <= 5, "at most 32 ranks");
  if constexpr (SHIFT == 0) {
    return x;
  } else if constexpr (SHIFT == 1) {
    x &= 0x0000ffffu;
    x = (x | x << 8) & 0x00ff00ffu;
    x = (x | x << 4) & 0x0f0f0f0fu;
    x = (x | x << 2) & 0x33333333u;
    return (x | x << 1) & 0x55555555u;
  } else if constexpr (SHIFT == 2) {
    x &= 0x000000ffu;
    x = (x | x << 12) & 0x000f000fu;
    x = (x | x << 6) & 0x03030303u;
    return (x | x << 3) & 0x11111111u;
  } else {
    std::uint32_t out = 0;
    for (int i = 0; i < (32 >> SHIFT); ++i) out |= (x >> i & 1u) << (i << SHIFT);
    return out;
  }
}

/// Word w of the frontier in global vertex order (vertices 32w .. 32w + 31) from the frontier
/// parts of a striped layout over 2^SHIFT ranks, part_word(r, i) being word i of rank r's part:
/// vertex 32w + j is rank j mod p's local id w * (32 / p) + j / p, so every rank gives 32 / p
/// consecutive bits of one of its words, spread p apart.
template <int SHIFT, typename PartWord>
FRONTIER_HOST_DEVICE constexpr std::uint32_t striped_global_word(const PartWord& part_word,
                                                                 std::uint64_t w) noexcept {
  constexpr int kRanks = 1 << SHIFT;
  constexpr int kBits = 32 >> SHIFT;
  const std::uint64_t first = w * kBits;
  std::uint32_t word = 0;
  for (int r = 0; r < kRanks; ++r) {
    const std::uint32_t chunk = part_word(r, first / 32) >> (first % 32);
    word |= spread_bits<SHIFT>(chunk) << r;
  }
  return word;
}

/// Calls f(std::integral_constant<int, SHIFT>{}) for a run-time stripe shift (host code picking
/// a striped_global_word instantiation, 0 <= shift <= 5); false, without calling f, otherwise.
template <typename F>
bool with_stripe_shift(int shift, F&& f) {
  return [&]<int... kShifts>(std::integer_sequence<int, kShifts...>) {
    return ((shift == kShifts ? (f(std::integral_constant<int, kShifts>{}), true) : false) || ...);
  }
  (std::make_integer_sequence<int, 6>{});
}

/// The bits of `distribution`'s gathered bitmap with parts of part_words 32-bit words.
template <typename VertexT>
constexpr GatheredBitmapBits<VertexT> gathered_bitmap_bits(
    const VertexDistribution<VertexT>& distribution, std::uint64_t part_words) {
  GatheredBitmapBits<VertexT> bits{distribution, part_words * 32, -1};
  const int p = distribution.ranks;
  if (distribution.layout == VertexLayout::Striped && p >= 1 && (p & (p - 1)) == 0) {
    bits.stripe_shift = 0;
    while ((1 << bits.stripe_shift) < p) ++bits.stripe_shift;
  }
  return bits;
}

}  // namespace frontier::distributed
