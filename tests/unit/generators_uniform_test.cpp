// Uniform random multigraph G(n, M): the exact edge formula, argument checks, determinism
// (seeds, slices, thread counts) and uniformity of endpoints and pairs by chi-square.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "frontier/errors.hpp"
#include "frontier/io/generate_uniform.hpp"
#include "frontier/random.hpp"
#include "support/generator_checks.hpp"

namespace frontier {
namespace {

TEST(UniformGraph, EdgesFollowTheCounterFormula) {
  const UniformParams params{1000, 5000, 17};
  const auto edges = io::generate_uniform<std::int32_t>(params);
  EXPECT_FALSE(edges.directed);
  EXPECT_EQ(edges.num_vertices, 1000);
  ASSERT_EQ(edges.size(), 5000u);
  for (std::uint64_t i = 0; i < 5000; ++i) {
    ASSERT_EQ(static_cast<std::uint64_t>(edges.sources[i]),
              uniform_below(counter_random(17, 2 * i), 1000));
    ASSERT_EQ(static_cast<std::uint64_t>(edges.targets[i]),
              uniform_below(counter_random(17, 2 * i + 1), 1000));
  }
}

TEST(UniformGraph, ArgumentChecks) {
  EXPECT_THROW(io::generate_uniform<std::int32_t>({-1, 0, 1}), InvalidArgument);
  EXPECT_THROW(io::generate_uniform<std::int32_t>({10, -1, 1}), InvalidArgument);
  EXPECT_THROW(io::generate_uniform<std::int32_t>({0, 1, 1}), InvalidArgument);
  EXPECT_THROW(io::generate_uniform<std::int32_t>({std::int64_t{1} << 31, 1, 1}), InvalidArgument);
  EXPECT_THROW(io::generate_uniform<std::int32_t>({10, 10, 1}, 11), InvalidArgument);
  EXPECT_THROW(io::generate_uniform<std::int32_t>({10, 10, 1}, 5, 6), InvalidArgument);
  EXPECT_EQ(io::generate_uniform<std::int32_t>({0, 0, 1}).size(), 0u);
  const auto big = io::generate_uniform<std::int64_t>({std::int64_t{1} << 40, 100, 1});
  for (std::size_t i = 0; i < big.size(); ++i) ASSERT_LT(big.sources[i], std::int64_t{1} << 40);
}

TEST(UniformGraph, SingleVertexGivesSelfLoops) {
  const auto edges = io::generate_uniform<std::int32_t>({1, 50, 3});
  ASSERT_EQ(edges.size(), 50u);
  for (std::size_t i = 0; i < 50; ++i) {
    EXPECT_EQ(edges.sources[i], 0);
    EXPECT_EQ(edges.targets[i], 0);
  }
}

TEST(UniformGraph, DeterministicSlicedAndThreadCountFree) {
  const UniformParams params{4096, 100000, 5};
  const auto full =
      test::with_threads(1, [&] { return io::generate_uniform<std::int32_t>(params); });
  const auto two =
      test::with_threads(2, [&] { return io::generate_uniform<std::int32_t>(params); });
  EXPECT_EQ(full.sources, two.sources);
  EXPECT_EQ(full.targets, two.targets);
  const auto slice = io::generate_uniform<std::int32_t>(params, 33333, 44444);
  ASSERT_EQ(slice.size(), 44444u);
  for (std::size_t i = 0; i < slice.size(); ++i) {
    ASSERT_EQ(slice.sources[i], full.sources[33333 + i]);
    ASSERT_EQ(slice.targets[i], full.targets[33333 + i]);
  }
  const auto other = io::generate_uniform<std::int32_t>({4096, 100000, 6});
  std::size_t same = 0;
  for (std::size_t i = 0; i < full.size(); ++i) {
    same += (full.sources[i] == other.sources[i] && full.targets[i] == other.targets[i]) ? 1 : 0;
  }
  EXPECT_LT(same, 10u);  // about M / n^2 = 0.006 expected
}

// Pearson's statistic for counts against a flat expectation, and its 6-sigma band.
void expect_flat(const std::vector<double>& counts, double expected, const char* what) {
  double chi2 = 0.0;
  for (const double c : counts) chi2 += (c - expected) * (c - expected) / expected;
  const double dof = static_cast<double>(counts.size() - 1);
  const double band = 6.0 * std::sqrt(2.0 * dof);
  EXPECT_GT(chi2, dof - band) << what;  // too flat would be suspicious too
  EXPECT_LT(chi2, dof + band) << what;
}

TEST(UniformGraph, EndpointsAndPairsAreUniform) {
  {
    const std::int64_t n = 1000;
    const auto edges = io::generate_uniform<std::int32_t>({n, 500000, 9});
    std::vector<double> counts(n, 0.0);
    for (std::size_t i = 0; i < edges.size(); ++i) {
      counts[edges.sources[i]] += 1.0;
      counts[edges.targets[i]] += 1.0;
    }
    expect_flat(counts, 2.0 * 500000 / n, "endpoint counts");
  }
  {
    const std::int64_t n = 32;
    const auto edges = io::generate_uniform<std::int32_t>({n, 1 << 20, 10});
    std::vector<double> pairs(n * n, 0.0);
    for (std::size_t i = 0; i < edges.size(); ++i) {
      pairs[edges.sources[i] * n + edges.targets[i]] += 1.0;
    }
    expect_flat(pairs, static_cast<double>(1 << 20) / (n * n), "(source, target) pairs");
  }
}

}  // namespace
}  // namespace frontier
