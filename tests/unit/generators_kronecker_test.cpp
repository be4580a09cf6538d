// Graph500 Kronecker generator: argument checks, determinism (seeds, slices, thread counts,
// vertex widths), the scramble as an exhaustive bijection, quadrant frequencies of the
// unscrambled generator against a, b, c, d, and degree statistics against their exact
// expectations under the model.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "frontier/errors.hpp"
#include "frontier/generators/kronecker.hpp"
#include "frontier/io/generate_kronecker.hpp"
#include "support/generator_checks.hpp"

namespace frontier {
namespace {

KroneckerParams small_params(int scale, std::uint64_t seed = 1, bool scramble = true) {
  KroneckerParams params;
  params.scale = scale;
  params.seed = seed;
  params.scramble = scramble;
  return params;
}

template <typename VertexT>
bool same_edges(const EdgeList<VertexT>& a, const EdgeList<VertexT>& b) {
  return a.num_vertices == b.num_vertices && a.sources == b.sources && a.targets == b.targets;
}

TEST(Kronecker, EdgeCountAndParameterChecks) {
  EXPECT_EQ(kronecker_edge_count(small_params(10)), 16u << 10);
  KroneckerParams params = small_params(10);
  params.edgefactor = 0;
  EXPECT_EQ(kronecker_edge_count(params), 0u);
  EXPECT_TRUE(io::generate_kronecker<std::int32_t>(params).sources.empty());

  for (int scale : {-1, 63, 100}) {
    EXPECT_THROW(kronecker_edge_count(small_params(scale)), InvalidArgument) << scale;
  }
  params = small_params(10);
  params.edgefactor = -1;
  EXPECT_THROW(kronecker_edge_count(params), InvalidArgument);
  params = small_params(10);
  params.a = 0.7;  // a + b + c = 1.08
  EXPECT_THROW(kronecker_edge_count(params), InvalidArgument);
  params = small_params(10);
  params.b = -0.01;
  EXPECT_THROW(kronecker_edge_count(params), InvalidArgument);
  params = small_params(10);
  params.c = std::numeric_limits<double>::quiet_NaN();
  EXPECT_THROW(kronecker_edge_count(params), InvalidArgument);
  params = small_params(62);
  params.edgefactor = 16;  // 2^66 edges
  EXPECT_THROW(kronecker_edge_count(params), InvalidArgument);
}

TEST(Kronecker, SliceLengthChecksTheSliceAndTheIdWidth) {
  const KroneckerParams params = small_params(10);  // 16384 tuples
  constexpr int kInt32Digits = std::numeric_limits<std::int32_t>::digits;
  EXPECT_EQ(kronecker_slice_length(params, 0, kAllEdges, kInt32Digits), 16384u);
  EXPECT_EQ(kronecker_slice_length(params, 1000, kAllEdges, kInt32Digits), 15384u);
  EXPECT_EQ(kronecker_slice_length(params, 1000, 384, kInt32Digits), 384u);
  EXPECT_EQ(kronecker_slice_length(params, 16384, 0, kInt32Digits), 0u);
  EXPECT_THROW(kronecker_slice_length(params, 16385, kAllEdges, kInt32Digits), InvalidArgument);
  EXPECT_THROW(kronecker_slice_length(params, 16000, 385, kInt32Digits), InvalidArgument);
  // 2^30 vertices fit 32-bit ids, 2^31 do not (the count itself must be an int32_t).
  KroneckerParams wide = small_params(30);
  wide.edgefactor = 0;
  EXPECT_EQ(kronecker_slice_length(wide, 0, kAllEdges, kInt32Digits), 0u);
  wide.scale = 31;
  EXPECT_THROW(kronecker_slice_length(wide, 0, kAllEdges, kInt32Digits), InvalidArgument);
  EXPECT_EQ(kronecker_slice_length(wide, 0, kAllEdges, std::numeric_limits<std::int64_t>::digits),
            0u);
}

// An independent, plainly written rendering of the recipe in kronecker.hpp's file comment: the
// exact bits a GPU implementation must reproduce.
EdgeEndpoints recipe_edge(const KroneckerParams& params, std::uint64_t i) {
  const std::uint64_t stream = substream_seed(params.seed, stream_tag::kKroneckerLevels);
  const double two32 = 4294967296.0;
  const auto t_a = static_cast<std::uint64_t>(std::llround(params.a * two32));
  const auto t_ab = static_cast<std::uint64_t>(std::llround((params.a + params.b) * two32));
  const auto t_abc =
      static_cast<std::uint64_t>(std::llround((params.a + params.b + params.c) * two32));
  std::uint64_t row = 0, col = 0;
  for (int level = 0; level < params.scale; ++level) {
    const std::uint64_t word = counter_random(stream, 32 * i + level / 2);
    const std::uint64_t u = level % 2 == 0 ? word % (1ULL << 32) : word / (1ULL << 32);
    int row_bit = 1, col_bit = 1;  // D
    if (u < t_a) {
      row_bit = 0, col_bit = 0;
    } else if (u < t_ab) {
      row_bit = 0, col_bit = 1;
    } else if (u < t_abc) {
      row_bit = 1, col_bit = 0;
    }
    row = 2 * row + row_bit;
    col = 2 * col + col_bit;
  }
  if (params.scramble) {
    const KroneckerScrambleKey key = make_kronecker_scramble_key(params.seed, params.scale);
    row = kronecker_scramble(key, row);
    col = kronecker_scramble(key, col);
  }
  return {static_cast<std::int64_t>(row), static_cast<std::int64_t>(col)};
}

TEST(Kronecker, EdgesFollowTheDocumentedRecipe) {
  for (const int scale : {1, 2, 7, 12}) {
    for (const bool scramble : {false, true}) {
      KroneckerParams params = small_params(scale, 77, scramble);
      params.a = 0.45;
      params.b = 0.25;
      params.c = 0.15;
      const auto edges = io::generate_kronecker<std::int64_t>(params);
      for (std::size_t i = 0; i < edges.size(); ++i) {
        const EdgeEndpoints expected = recipe_edge(params, i);
        ASSERT_EQ(edges.sources[i], expected.source) << "scale " << scale << " edge " << i;
        ASSERT_EQ(edges.targets[i], expected.target) << "scale " << scale << " edge " << i;
      }
    }
  }
}

TEST(Kronecker, SliceBoundsAreChecked) {
  const KroneckerParams params = small_params(8);  // 4096 edges
  EXPECT_EQ(io::generate_kronecker<std::int32_t>(params, 4096).size(), 0u);
  EXPECT_EQ(io::generate_kronecker<std::int32_t>(params, 4000).size(), 96u);
  EXPECT_THROW(io::generate_kronecker<std::int32_t>(params, 4097), InvalidArgument);
  EXPECT_THROW(io::generate_kronecker<std::int32_t>(params, 4000, 97), InvalidArgument);
}

TEST(Kronecker, ScaleLimitDependsOnVertexWidth) {
  // 2^31 vertex ids do not fit int32; a slice of a scale-31 graph does fit int64.
  EXPECT_THROW(io::generate_kronecker<std::int32_t>(small_params(31), 0, 10), InvalidArgument);
  const auto s30 = io::generate_kronecker<std::int32_t>(small_params(30), 123456789, 1000);
  EXPECT_EQ(s30.num_vertices, std::int32_t{1} << 30);
  const auto s40 = io::generate_kronecker<std::int64_t>(small_params(40), 987654321, 1000);
  EXPECT_EQ(s40.num_vertices, std::int64_t{1} << 40);
  std::int64_t largest = 0;
  for (std::size_t i = 0; i < s40.size(); ++i) {
    ASSERT_GE(s40.sources[i], 0);
    ASSERT_GE(s40.targets[i], 0);
    ASSERT_LT(s40.sources[i], s40.num_vertices);
    ASSERT_LT(s40.targets[i], s40.num_vertices);
    largest = std::max({largest, s40.sources[i], s40.targets[i]});
  }
  // Scrambled labels spread over the whole id range, far beyond 2^31.
  EXPECT_GT(largest, std::int64_t{1} << 36);
}

TEST(Kronecker, UndirectedRawTuplesInRange) {
  const auto edges = io::generate_kronecker<std::int32_t>(small_params(12, 3));
  EXPECT_FALSE(edges.directed);
  EXPECT_EQ(edges.num_vertices, 4096);
  ASSERT_EQ(edges.size(), 16u * 4096u);
  ASSERT_EQ(edges.targets.size(), edges.size());
  for (std::size_t i = 0; i < edges.size(); ++i) {
    ASSERT_GE(edges.sources[i], 0);
    ASSERT_LT(edges.sources[i], 4096);
    ASSERT_GE(edges.targets[i], 0);
    ASSERT_LT(edges.targets[i], 4096);
  }
}

TEST(Kronecker, DeterministicPerSeedAndDifferentAcrossSeeds) {
  const auto a = io::generate_kronecker<std::int32_t>(small_params(12, 7));
  const auto b = io::generate_kronecker<std::int32_t>(small_params(12, 7));
  const auto c = io::generate_kronecker<std::int32_t>(small_params(12, 8));
  EXPECT_TRUE(same_edges(a, b));
  std::size_t same = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    same += (a.sources[i] == c.sources[i] && a.targets[i] == c.targets[i]) ? 1 : 0;
  }
  EXPECT_LT(same, a.size() / 100);
}

TEST(Kronecker, SlicesEqualTheSameRangeOfTheFullList) {
  const KroneckerParams params = small_params(12, 11);
  const auto full = io::generate_kronecker<std::int32_t>(params);
  const std::uint64_t m = full.size();
  const std::uint64_t bounds[][2] = {{0, 0},     {0, 1},     {0, m}, {1, 2},
                                     {17, 4000}, {m - 5, m}, {m, m}, {30000, 50001}};
  for (const auto& range : bounds) {
    const auto slice = io::generate_kronecker<std::int32_t>(params, range[0], range[1] - range[0]);
    ASSERT_EQ(slice.size(), range[1] - range[0]);
    EXPECT_EQ(slice.num_vertices, full.num_vertices);
    for (std::uint64_t i = range[0]; i < range[1]; ++i) {
      ASSERT_EQ(slice.sources[i - range[0]], full.sources[i]) << "edge " << i;
      ASSERT_EQ(slice.targets[i - range[0]], full.targets[i]) << "edge " << i;
    }
  }
  // The default count runs to the end.
  const auto tail = io::generate_kronecker<std::int32_t>(params, m - 100);
  ASSERT_EQ(tail.size(), 100u);
  EXPECT_EQ(tail.sources.back(), full.sources.back());
}

TEST(Kronecker, SameEdgesWithOneOrTwoThreadsAndBothWidths) {
  const KroneckerParams params = small_params(14, 21);
  const auto one =
      test::with_threads(1, [&] { return io::generate_kronecker<std::int32_t>(params); });
  const auto two =
      test::with_threads(2, [&] { return io::generate_kronecker<std::int32_t>(params); });
  EXPECT_TRUE(same_edges(one, two));
  const auto wide = io::generate_kronecker<std::int64_t>(params);
  ASSERT_EQ(wide.size(), one.size());
  for (std::size_t i = 0; i < one.size(); ++i) {
    ASSERT_EQ(wide.sources[i], one.sources[i]);
    ASSERT_EQ(wide.targets[i], one.targets[i]);
  }
}

TEST(Kronecker, ScrambleIsABijectionForEverySmallScale) {
  for (int scale = 0; scale <= 20; ++scale) {
    for (std::uint64_t seed : {1ULL, 2ULL, 0xdeadbeefULL}) {
      const KroneckerScrambleKey key = make_kronecker_scramble_key(seed, scale);
      const std::uint64_t n = std::uint64_t{1} << scale;
      std::vector<char> hit(n, 0);
      std::uint64_t fixed = 0;
      for (std::uint64_t v = 0; v < n; ++v) {
        const std::uint64_t w = kronecker_scramble(key, v);
        ASSERT_LT(w, n) << "scale " << scale;
        ASSERT_EQ(hit[w], 0) << "scale " << scale << " seed " << seed << ": " << w << " twice";
        hit[w] = 1;
        fixed += w == v ? 1 : 0;
      }
      // Not the identity (a uniform permutation has one fixed point on average).
      if (scale >= 8) EXPECT_LT(fixed, 64u) << "scale " << scale << " seed " << seed;
    }
  }
}

TEST(Kronecker, ScrambledEdgesAreTheScrambledUnscrambledEdges) {
  const KroneckerParams plain = small_params(13, 5, false);
  KroneckerParams scrambled = plain;
  scrambled.scramble = true;
  const auto a = io::generate_kronecker<std::int32_t>(plain);
  const auto b = io::generate_kronecker<std::int32_t>(scrambled);
  const KroneckerScrambleKey key = make_kronecker_scramble_key(plain.seed, plain.scale);
  ASSERT_EQ(a.size(), b.size());
  std::size_t moved = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    ASSERT_EQ(static_cast<std::uint64_t>(b.sources[i]),
              kronecker_scramble(key, static_cast<std::uint64_t>(a.sources[i])));
    ASSERT_EQ(static_cast<std::uint64_t>(b.targets[i]),
              kronecker_scramble(key, static_cast<std::uint64_t>(a.targets[i])));
    moved += a.sources[i] != b.sources[i] ? 1 : 0;
  }
  EXPECT_GT(moved, a.size() / 2);
}

// Without the scramble, bit k of (source, target) of every edge is one quadrant draw:
// (0,0) with probability a, (0,1) b, (1,0) c, (1,1) d. Each level's frequencies, and all
// levels pooled, lie within 5 binomial sigmas.
void expect_quadrant_frequencies(double a, double b, double c, std::uint64_t seed) {
  KroneckerParams params = small_params(16, seed, false);
  params.a = a;
  params.b = b;
  params.c = c;
  const auto edges = io::generate_kronecker<std::int32_t>(params);
  const double probabilities[4] = {a, b, c, 1.0 - a - b - c};
  std::vector<std::int64_t> counts(static_cast<std::size_t>(params.scale) * 4, 0);
  for (std::size_t i = 0; i < edges.size(); ++i) {
    for (int bit = 0; bit < params.scale; ++bit) {
      const int row = (edges.sources[i] >> bit) & 1;
      const int col = (edges.targets[i] >> bit) & 1;
      ++counts[static_cast<std::size_t>(bit) * 4 + 2 * row + col];
    }
  }
  const double m = static_cast<double>(edges.size());
  for (int q = 0; q < 4; ++q) {
    const double p = probabilities[q];
    const double level_sigma = std::sqrt(p * (1 - p) / m);
    double pooled = 0.0;
    for (int bit = 0; bit < params.scale; ++bit) {
      const double f = static_cast<double>(counts[static_cast<std::size_t>(bit) * 4 + q]) / m;
      EXPECT_NEAR(f, p, 5 * level_sigma + 1e-12) << "quadrant " << q << " bit " << bit;
      pooled += f;
    }
    pooled /= params.scale;
    EXPECT_NEAR(pooled, p, 5 * level_sigma / std::sqrt(params.scale) + 1e-12) << "quadrant " << q;
  }
}

TEST(Kronecker, QuadrantFrequenciesMatchTheInitiator) {
  expect_quadrant_frequencies(0.57, 0.19, 0.19, 1);
  expect_quadrant_frequencies(0.45, 0.15, 0.35, 2);
  expect_quadrant_frequencies(0.25, 0.25, 0.25, 3);
  expect_quadrant_frequencies(1.0, 0.0, 0.0, 4);  // every edge (0, 0)
}

// Degree statistics of a scale-16 Graph500 graph (2^20 edges) against the model. An unscrambled
// vertex with k one-bits is an edge's source with probability (a+b)^(s-k) (c+d)^k and its target
// with probability (a+c)^(s-k) (b+d)^k, both with probability a^(s-k) d^k.
TEST(Kronecker, DegreeStatisticsMatchTheModel) {
  const KroneckerParams params = small_params(16, 1);
  const auto edges = io::generate_kronecker<std::int32_t>(params);
  const std::int64_t n = edges.num_vertices;
  const double m = static_cast<double>(edges.size());
  std::vector<std::int64_t> degree(static_cast<std::size_t>(n), 0);
  for (std::size_t i = 0; i < edges.size(); ++i) {
    ++degree[edges.sources[i]];
    ++degree[edges.targets[i]];
  }
  const double a = params.a, b = params.b, c = params.c, d = 1 - a - b - c;
  const int s = params.scale;

  // 1. The busiest vertex is scramble(0), with degree near M ((a+b)^s + (a+c)^s).
  const auto busiest = std::max_element(degree.begin(), degree.end()) - degree.begin();
  const KroneckerScrambleKey key = make_kronecker_scramble_key(params.seed, s);
  EXPECT_EQ(static_cast<std::uint64_t>(busiest), kronecker_scramble(key, 0));
  const double p_source = std::pow(a + b, s), p_target = std::pow(a + c, s),
               p_loop = std::pow(a, s);
  const double mean0 = m * (p_source + p_target);
  const double second_moment = p_source + p_target + 2 * p_loop;
  const double sigma0 =
      std::sqrt(m * (second_moment - (p_source + p_target) * (p_source + p_target)));
  EXPECT_NEAR(static_cast<double>(degree[busiest]), mean0, 6 * sigma0);
  const double average = 2 * m / static_cast<double>(n);
  EXPECT_GT(static_cast<double>(degree[busiest]), 100 * average);  // heavy tail

  // 2. Isolated vertices: expected sum over v of (1 - P(an edge touches v))^M.
  double expected_isolated = 0.0;
  double variance_bound = 0.0;
  for (int k = 0; k <= s; ++k) {
    const double touch = std::pow(a + b, s - k) * std::pow(c + d, k) +
                         std::pow(a + c, s - k) * std::pow(b + d, k) -
                         std::pow(a, s - k) * std::pow(d, k);
    const double q = std::pow(1 - touch, m);
    const double vertices =
        std::round(std::tgamma(s + 1) / (std::tgamma(k + 1) * std::tgamma(s - k + 1)));
    expected_isolated += vertices * q;
    variance_bound += vertices * q * (1 - q);
  }
  const auto isolated = std::count(degree.begin(), degree.end(), 0);
  // Isolation events are not independent; allow 1% of the mean beside 6 independent sigmas.
  EXPECT_NEAR(static_cast<double>(isolated), expected_isolated,
              6 * std::sqrt(variance_bound) + 0.01 * expected_isolated)
      << "isolated fraction " << static_cast<double>(isolated) / static_cast<double>(n);
  const double fraction = static_cast<double>(isolated) / static_cast<double>(n);
  EXPECT_GT(fraction, 0.05);
  EXPECT_LT(fraction, 0.5);
}

}  // namespace
}  // namespace frontier
