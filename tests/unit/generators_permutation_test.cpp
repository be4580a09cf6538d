// RandomPermutation (generators/permutation.hpp): a bijection of [0, n) for every n, with an
// exact inverse, deterministic per seed, different across seeds, and close to uniform.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "frontier/generators/permutation.hpp"
#include "frontier/random.hpp"

namespace frontier {
namespace {

// Usable in constant expressions, as device code needs (no hidden state, no allocation).
constexpr RandomPermutation kConstantPermutation(10, 7);
static_assert(kConstantPermutation(3) < 10);
static_assert(kConstantPermutation.inverse(kConstantPermutation(3)) == 3);

// Every value in [0, n) is hit exactly once and inverse() undoes the permutation.
void expect_bijection(std::uint64_t n, std::uint64_t seed) {
  const RandomPermutation perm(n, seed);
  ASSERT_EQ(perm.size(), n);
  std::vector<char> hit(n, 0);
  for (std::uint64_t i = 0; i < n; ++i) {
    const std::uint64_t j = perm(i);
    ASSERT_LT(j, n) << "n=" << n << " seed=" << seed << " i=" << i;
    ASSERT_EQ(hit[j], 0) << "n=" << n << " seed=" << seed << " value " << j << " hit twice";
    hit[j] = 1;
    ASSERT_EQ(perm.inverse(j), i) << "n=" << n << " seed=" << seed;
  }
}

TEST(RandomPermutation, BijectionForEverySmallSize) {
  for (std::uint64_t n = 0; n <= 300; ++n) {
    for (std::uint64_t seed : {0ULL, 1ULL, 12345ULL}) expect_bijection(n, seed);
  }
}

TEST(RandomPermutation, BijectionAroundPowersOfTwo) {
  for (std::uint64_t n :
       {511ULL, 512ULL, 513ULL, 4095ULL, 4096ULL, 4097ULL, 65537ULL, (1ULL << 20) + 3}) {
    expect_bijection(n, 42);
  }
}

TEST(RandomPermutation, HugeDomainRoundTrips) {
  const std::uint64_t n = (1ULL << 40) + 12345;
  const RandomPermutation perm(n, 9);
  for (std::uint64_t k = 0; k < 10000; ++k) {
    const std::uint64_t i = uniform_below(counter_random(77, k), n);
    const std::uint64_t j = perm(i);
    ASSERT_LT(j, n);
    ASSERT_EQ(perm.inverse(j), i);
  }
}

TEST(RandomPermutation, DeterministicAndSeedDependent) {
  const std::uint64_t n = 1000;
  const RandomPermutation a(n, 5);
  const RandomPermutation again(n, 5);
  const RandomPermutation other(n, 6);
  int agree = 0;
  for (std::uint64_t i = 0; i < n; ++i) {
    ASSERT_EQ(a(i), again(i));
    agree += a(i) == other(i) ? 1 : 0;
  }
  // Two independent random permutations agree in 1 place on average.
  EXPECT_LT(agree, 12);
}

TEST(RandomPermutation, FewFixedPoints) {
  const std::uint64_t n = 1 << 16;
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    const RandomPermutation perm(n, seed);
    int fixed = 0;
    for (std::uint64_t i = 0; i < n; ++i) fixed += perm(i) == i ? 1 : 0;
    EXPECT_LT(fixed, 12) << "seed " << seed;  // Poisson(1) for a uniform permutation
  }
}

// Over many seeds, perm(i) is close to uniform on [0, n) for every i: a chi-square over the
// n x n table of (i, perm(i)) counts, with (n - 1)^2 degrees of freedom, stays within 6 sigma.
TEST(RandomPermutation, ImagesCloseToUniformAcrossSeeds) {
  for (std::uint64_t n : {2ULL, 3ULL, 5ULL, 6ULL, 8ULL, 13ULL, 100ULL, 300ULL}) {
    const int seeds = 20000;
    std::vector<double> counts(n * n, 0.0);
    for (int s = 0; s < seeds; ++s) {
      const RandomPermutation perm(n, static_cast<std::uint64_t>(s));
      for (std::uint64_t i = 0; i < n; ++i) counts[i * n + perm(i)] += 1.0;
    }
    const double expected = static_cast<double>(seeds) / static_cast<double>(n);
    double chi2 = 0.0;
    for (const double c : counts) chi2 += (c - expected) * (c - expected) / expected;
    const double dof = static_cast<double>((n - 1) * (n - 1));
    EXPECT_LT(chi2, dof + 6.0 * std::sqrt(2.0 * dof)) << "n=" << n;
  }
}

// Second order: (perm(0), perm(1)) is close to uniform over the n (n - 1) ordered pairs.
TEST(RandomPermutation, PairsCloseToUniformAcrossSeeds) {
  for (std::uint64_t n : {4ULL, 6ULL, 11ULL}) {
    const int seeds = 40000;
    std::vector<double> counts(n * n, 0.0);
    for (int s = 0; s < seeds; ++s) {
      const RandomPermutation perm(n, static_cast<std::uint64_t>(s) + 1000000);
      counts[perm(0) * n + perm(1)] += 1.0;
    }
    const double expected = static_cast<double>(seeds) / static_cast<double>(n * (n - 1));
    double chi2 = 0.0;
    for (std::uint64_t a = 0; a < n; ++a) {
      ASSERT_EQ(counts[a * n + a], 0.0);
      for (std::uint64_t b = 0; b < n; ++b) {
        if (a != b)
          chi2 += (counts[a * n + b] - expected) * (counts[a * n + b] - expected) / expected;
      }
    }
    const double dof = static_cast<double>(n * (n - 1) - 1);
    EXPECT_LT(chi2, dof + 6.0 * std::sqrt(2.0 * dof)) << "n=" << n;
  }
}

}  // namespace
}  // namespace frontier
