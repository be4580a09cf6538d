/// @file generators/kronecker.hpp
/// @brief Graph500 Kronecker (R-MAT) edges as a pure function of (parameters, edge index).
///
/// Model (Graph500 specification, section 3; Chakrabarti, Zhan, Faloutsos, "R-MAT", SDM 2004):
/// the adjacency matrix of 2^scale vertices is split into quadrants A (top left), B (top right),
/// C (bottom left), D (bottom right) chosen with probabilities a, b, c, d = 1 - a - b - c; the
/// chosen quadrant is split again, scale times, and the final cell is the edge (row, column).
/// There are edgefactor * 2^scale edges. Tuples are raw: self loops and duplicates stay, and
/// each tuple stands for one undirected edge (Graph500 semantics: the graph builder decides).
/// Unlike the Graph500 v3 reference code there is no "clip-and-flip" at the diagonal, so the
/// quadrant frequencies are exactly a, b, c, d at every level (as in the specification's
/// Octave generator).
///
/// Randomness: level l (0 = most significant bit) of edge i reads the low (l even) or high
/// (l odd) 32 bits of word 32 i + floor(l / 2) of the seed's KroneckerLevels sub-stream; the
/// half u picks A if u < round(2^32 a), else B if u < round(2^32 (a + b)), else C if
/// u < round(2^32 (a + b + c)), else D. So edge i depends on (seed, i) only, and any slice of
/// the edge list can be made independently, on any device.
///
/// Scramble: with `scramble` set, both endpoints go through kronecker_scramble(), a bijection of
/// [0, 2^scale) keyed by the seed, so that vertex id carries no degree information (the Graph500
/// reference does the same with multiply and bit-reverse steps). Three rounds of
///     v = (v + add_k) mod 2^scale;  v = (v * mul_k) mod 2^scale (mul_k odd);
///     v = v xor (v >> ceil(scale / 2))
/// Each step is a bijection on scale-bit words (adding mod 2^s; multiplying by an odd number
/// mod 2^s; an xorshift by h >= 1 is undone by xoring in further shifts), so the composition is
/// one. Multiplication carries low bits upward, the xorshift carries high bits downward.
#pragma once

#include <cstdint>

#include "frontier/generators/common.hpp"
#include "frontier/random.hpp"
#include "frontier/types.hpp"

namespace frontier {

/// The largest scale any Kronecker graph may have (its tuple count must fit 63 bits).
inline constexpr int kMaxKroneckerScale = 62;

/// Parameters of a Graph500 Kronecker graph. Defaults: the Graph500 initiator and edge factor.
struct KroneckerParams {
  /// log2 of the vertex count.
  int scale = 16;
  /// Edges per vertex: the graph has edgefactor * 2^scale edge tuples.
  int edgefactor = 16;
  double a = 0.57;
  double b = 0.19;
  double c = 0.19;
  std::uint64_t seed = 1;
  /// Relabel vertices by kronecker_scramble().
  bool scramble = true;
};

/// Checks params and returns the number of edge tuples, edgefactor * 2^scale.
/// @throws InvalidArgument if scale is negative or above kMaxKroneckerScale, edgefactor is
/// negative, a, b or c is negative or not finite, a + b + c > 1, or the edge count overflows
/// 63 bits.
std::uint64_t kronecker_edge_count(const KroneckerParams& params);

/// Checks params and the slice [first_edge, first_edge + count) of the edge list (count =
/// kAllEdges: to the end) for signed vertex ids of `vertex_id_digits` value bits
/// (std::numeric_limits<VertexT>::digits: 31 for int32_t, so scale <= 30), as every generator
/// does before it makes a slice on a host or a device.
/// @return the slice length (count, or the tuples from first_edge to the end).
/// @throws InvalidArgument as kronecker_edge_count(), or if 2^scale vertices do not fit the ids
/// or the slice runs past the end of the edge list.
std::uint64_t kronecker_slice_length(const KroneckerParams& params, std::uint64_t first_edge,
                                     std::uint64_t count, int vertex_id_digits);

/// Random words reserved per edge in the level stream (two levels per word: scale <= 64).
inline constexpr std::uint64_t kKroneckerWordsPerEdge = 32;

/// Scramble rounds (see the file comment).
inline constexpr int kKroneckerScrambleRounds = 3;

/// Keys of the vertex-label scramble for one (seed, scale).
struct KroneckerScrambleKey {
  int scale = 0;
  std::uint64_t add[kKroneckerScrambleRounds] = {};
  /// Odd multipliers.
  std::uint64_t mul[kKroneckerScrambleRounds] = {};
};

FRONTIER_HOST_DEVICE constexpr KroneckerScrambleKey make_kronecker_scramble_key(
    std::uint64_t seed, int scale) noexcept {
  KroneckerScrambleKey key;
  key.scale = scale;
  const std::uint64_t stream = substream_seed(seed, stream_tag::kKroneckerScramble);
  for (int k = 0; k < kKroneckerScrambleRounds; ++k) {
    key.add[k] = counter_random(stream, 2 * k);
    key.mul[k] = counter_random(stream, 2 * k + 1) | 1;
  }
  return key;
}

/// The scrambled label of vertex v. A bijection of [0, 2^key.scale); precondition v < 2^scale.
FRONTIER_HOST_DEVICE constexpr std::uint64_t kronecker_scramble(const KroneckerScrambleKey& key,
                                                                std::uint64_t v) noexcept {
  const std::uint64_t mask = low_mask(key.scale);
  const int shift = (key.scale + 1) / 2;
  for (int k = 0; k < kKroneckerScrambleRounds; ++k) {
    v = (v + key.add[k]) & mask;
    v = (v * key.mul[k]) & mask;
    v ^= v >> shift;
  }
  return v;
}

/// Everything one edge needs, prepared once from KroneckerParams (cheap to pass to a kernel).
struct KroneckerSampler {
  int scale = 0;
  std::uint64_t level_seed = 0;
  /// Quadrant thresholds on a 32-bit uniform u: u < t_a -> A, < t_ab -> B, < t_abc -> C, else D.
  std::uint64_t t_a = 0;
  std::uint64_t t_ab = 0;
  std::uint64_t t_abc = 0;
  bool scramble = true;
  KroneckerScrambleKey scramble_key;
};

/// round(p * 2^32) clamped to [0, 2^32].
FRONTIER_HOST_DEVICE constexpr std::uint64_t kronecker_threshold(double p) noexcept {
  constexpr double kTwo32 = 4294967296.0;
  const double scaled = p * kTwo32 + 0.5;
  if (!(scaled > 0.0)) return 0;
  if (scaled >= kTwo32) return std::uint64_t{1} << 32;
  return static_cast<std::uint64_t>(scaled);
}

/// Precondition: params valid (0 <= scale <= 62, a, b, c >= 0, a + b + c <= 1), as
/// kronecker_edge_count() checks.
FRONTIER_HOST_DEVICE constexpr KroneckerSampler make_kronecker_sampler(
    const KroneckerParams& params) noexcept {
  KroneckerSampler sampler;
  sampler.scale = params.scale;
  sampler.level_seed = substream_seed(params.seed, stream_tag::kKroneckerLevels);
  sampler.t_a = kronecker_threshold(params.a);
  sampler.t_ab = kronecker_threshold(params.a + params.b);
  sampler.t_abc = kronecker_threshold(params.a + params.b + params.c);
  sampler.scramble = params.scramble;
  sampler.scramble_key = make_kronecker_scramble_key(params.seed, params.scale);
  return sampler;
}

/// One level of the recursion: descends into the quadrant that the 32-bit uniform `u` picks,
/// appending its row bit to `row` and its column bit to `col`.
FRONTIER_HOST_DEVICE constexpr void kronecker_level(const KroneckerSampler& sampler,
                                                    std::uint64_t u, std::uint64_t& row,
                                                    std::uint64_t& col) noexcept {
  // Quadrant A (0,0), B (0,1), C (1,0), D (1,1) as (row bit, column bit). The quadrant is
  // random, so compare without branches: for u, t <= 2^32, u >= t iff t - 1 - u wraps below
  // zero, i.e. has its top bit set.
  const std::uint64_t past_a = (sampler.t_a - 1 - u) >> 63;
  const std::uint64_t past_b = (sampler.t_ab - 1 - u) >> 63;
  const std::uint64_t past_c = (sampler.t_abc - 1 - u) >> 63;
  row = (row << 1) | past_b;
  col = (col << 1) | (past_a ^ past_b ^ past_c);
}

/// Edge `index` of the graph (any index below edgefactor * 2^scale).
FRONTIER_HOST_DEVICE constexpr EdgeEndpoints kronecker_edge(const KroneckerSampler& sampler,
                                                            std::uint64_t index) noexcept {
  std::uint64_t row = 0;
  std::uint64_t col = 0;
  const std::uint64_t first_word = index * kKroneckerWordsPerEdge;
  // 1. Two levels per 64-bit word: low half first, then high half.
  const int pairs = sampler.scale / 2;
  for (int w = 0; w < pairs; ++w) {
    const std::uint64_t word = counter_random(sampler.level_seed, first_word + w);
    kronecker_level(sampler, word & 0xffffffffULL, row, col);
    kronecker_level(sampler, word >> 32, row, col);
  }
  // 2. An odd last level uses the low half of one more word.
  if (sampler.scale % 2 != 0) {
    const std::uint64_t word = counter_random(sampler.level_seed, first_word + pairs);
    kronecker_level(sampler, word & 0xffffffffULL, row, col);
  }
  // 3. Relabel.
  if (sampler.scramble) {
    row = kronecker_scramble(sampler.scramble_key, row);
    col = kronecker_scramble(sampler.scramble_key, col);
  }
  return {static_cast<std::int64_t>(row), static_cast<std::int64_t>(col)};
}

}  // namespace frontier
