/// @file generators/common.hpp
/// @brief Small pieces shared by the per-element generator functions: the endpoint pair they
/// return, independent sub-streams of one user seed, and bit-width arithmetic.
///
/// Everything here is a pure function usable in host and device code (FRONTIER_HOST_DEVICE, no
/// exceptions, no allocation), so a GPU kernel can reproduce the host generators bit for bit.
#pragma once

#include <cstdint>

#include "frontier/random.hpp"
#include "frontier/types.hpp"

namespace frontier {

/// "Up to the end of the edge list" as the length of a slice of generated edges.
inline constexpr std::uint64_t kAllEdges = ~std::uint64_t{0};

/// One generated edge: vertex ids as 64-bit integers (the host API narrows them to VertexT).
struct EdgeEndpoints {
  std::int64_t source = 0;
  std::int64_t target = 0;
};

/// Tags naming the sub-streams the generators draw from one user seed (the ASCII of a short
/// name). Distinct tags give unrelated streams, so e.g. the Kronecker level draws and its
/// scramble keys never share words.
namespace stream_tag {
inline constexpr std::uint64_t kKroneckerLevels = 0x4b524f4e4c45564cULL;    // "KRONLEVL"
inline constexpr std::uint64_t kKroneckerScramble = 0x4b524f4e5343524dULL;  // "KRONSCRM"
inline constexpr std::uint64_t kPermutationKeys = 0x5045524d4b455953ULL;    // "PERMKEYS"
inline constexpr std::uint64_t kListOffset = 0x4c4953544f464653ULL;         // "LISTOFFS"
inline constexpr std::uint64_t kListCuts = 0x4c49535443555453ULL;           // "LISTCUTS"
inline constexpr std::uint64_t kTreeParents = 0x5452454550415245ULL;        // "TREEPARE"
inline constexpr std::uint64_t kTreeLabels = 0x545245454c41424cULL;         // "TREELABL"
}  // namespace stream_tag

/// The seed of sub-stream `tag` of `seed`: a value of the counter-based stream at an index no
/// per-element draw reaches, mixed once more so that it is unrelated to every stream value.
FRONTIER_HOST_DEVICE constexpr std::uint64_t substream_seed(std::uint64_t seed,
                                                            std::uint64_t tag) noexcept {
  return mix64(counter_random(seed, tag) ^ 0xd1b54a32d192ed03ULL);
}

/// Smallest b with 2^b >= n (0 for n <= 1).
FRONTIER_HOST_DEVICE constexpr int ceil_log2(std::uint64_t n) noexcept {
  int bits = 0;
  while (bits < 64 && (std::uint64_t{1} << bits) < n) ++bits;
  return bits;
}

/// The low `bits` bits set (bits in [0, 63]).
FRONTIER_HOST_DEVICE constexpr std::uint64_t low_mask(int bits) noexcept {
  return (std::uint64_t{1} << bits) - 1;
}

/// Greatest common divisor of two non-negative integers (gcd(0, 0) = 0).
FRONTIER_HOST_DEVICE constexpr std::int64_t gcd64(std::int64_t a, std::int64_t b) noexcept {
  while (b != 0) {
    const std::int64_t r = a % b;
    a = b;
    b = r;
  }
  return a;
}

}  // namespace frontier
