// Host-side pieces of the GPU ranks of the distributed BFS, checked on the CPU against direct
// definitions: scatter_rank_labels (a rank's labels into the global arrays, the visited bitmap
// deciding which entries belong to the search: the GPU ranks do not reset depth and parent
// between searches), GatheredBitmapBits (where a vertex's bit sits in the all-gathered frontier,
// the mask-and-shift path included) and RankThreads::barrier (every job leaves it after every
// job has reached it; a failed job releases the others with an error instead of a hang).
#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "bfs/distributed/gathered_bitmap.hpp"
#include "bfs/distributed/rank_labels.hpp"
#include "bfs/distributed/rank_threads.hpp"
#include "frontier/distribution/vertex_distribution.hpp"
#include "frontier/errors.hpp"
#include "frontier/random.hpp"
#include "frontier/types.hpp"

namespace frontier {
namespace {

template <typename VertexT>
void check_scatter(VertexLayout layout, VertexT n, int ranks, std::uint64_t seed) {
  const VertexDistribution<VertexT> distribution{layout, n, ranks};
  // Labels of an earlier search everywhere, this search's where the visited bit is set.
  std::vector<std::int32_t> depth(static_cast<std::size_t>(n), 12345);
  std::vector<VertexT> parent(static_cast<std::size_t>(n), static_cast<VertexT>(777));
  std::vector<std::vector<std::uint32_t>> visited(static_cast<std::size_t>(ranks));
  for (int r = 0; r < ranks; ++r) {
    const VertexT count = distribution.local_count(r);
    auto& bits = visited[static_cast<std::size_t>(r)];
    // Bits past the last local vertex set too: they must be ignored.
    bits.assign(static_cast<std::size_t>((count + 31) / 32), 0);
    for (std::size_t w = 0; w < bits.size(); ++w) {
      bits[w] = static_cast<std::uint32_t>(counter_random(seed + r, w));
    }
    std::vector<std::int32_t> local_depth(static_cast<std::size_t>(count));
    std::vector<VertexT> local_parent(static_cast<std::size_t>(count));
    for (VertexT l = 0; l < count; ++l) {
      local_depth[static_cast<std::size_t>(l)] = static_cast<std::int32_t>(l % 9) - 1;
      local_parent[static_cast<std::size_t>(l)] = static_cast<VertexT>(n - 1 - l);
    }
    distributed::scatter_rank_labels<VertexT>(distribution, r, bits, local_depth, local_parent,
                                              true, depth, parent);
  }
  for (VertexT v = 0; v < n; ++v) {
    const int r = distribution.owner(v);
    const VertexT l = distribution.local(v);
    const auto& bits = visited[static_cast<std::size_t>(r)];
    const bool reached = (bits[static_cast<std::size_t>(l / 32)] >> (l % 32) & 1u) != 0;
    const auto i = static_cast<std::size_t>(v);
    ASSERT_EQ(depth[i], reached ? static_cast<std::int32_t>(l % 9) - 1 : kUnreachedDepth) << v;
    ASSERT_EQ(parent[i], reached ? static_cast<VertexT>(n - 1 - l) : kInvalidVertex<VertexT>) << v;
  }
}

TEST(DistributedRankParts, ScatterRankLabelsKeepsOnlyVisitedLabels) {
  for (const VertexLayout layout : {VertexLayout::Striped, VertexLayout::Block}) {
    for (const int ranks : {1, 2, 3, 4, 8}) {
      for (const std::int64_t n : {1, 2, 31, 32, 33, 100, 1000, 4099}) {
        check_scatter<std::int32_t>(layout, static_cast<std::int32_t>(n), ranks,
                                    static_cast<std::uint64_t>(n * 16 + ranks));
        check_scatter<std::int64_t>(layout, n, ranks, static_cast<std::uint64_t>(n * 16 + ranks));
      }
    }
  }
}

TEST(DistributedRankParts, ScatterRankLabelsWithoutParents) {
  const VertexDistribution<std::int32_t> distribution{VertexLayout::Striped, 70, 2};
  const std::vector<std::uint32_t> visited = {0x0000000fu, 0x00000001u};  // locals 0-3 and 32
  const std::vector<std::int32_t> local_depth(35, 4);
  const std::vector<std::int32_t> local_parent(35, 9);
  std::vector<std::int32_t> depth(70, 100);
  std::vector<std::int32_t> parent(70, 100);
  // Depths only: parents of reached and unreached vertices alike are invalid.
  distributed::scatter_rank_labels<std::int32_t>(distribution, 1, visited, local_depth,
                                                 local_parent, false, depth, parent);
  for (std::int32_t l = 0; l < 35; ++l) {
    const bool reached = l < 4 || l == 32;
    EXPECT_EQ(depth[static_cast<std::size_t>(2 * l + 1)], reached ? 4 : kUnreachedDepth);
    EXPECT_EQ(parent[static_cast<std::size_t>(2 * l + 1)], kInvalidVertex<std::int32_t>);
    EXPECT_EQ(depth[static_cast<std::size_t>(2 * l)], 100);  // rank 0's: not written
  }
  // No parent array: only depths written.
  std::vector<std::int32_t> depth_only(70, 100);
  distributed::scatter_rank_labels<std::int32_t>(distribution, 0, visited, local_depth, {}, true,
                                                 depth_only, {});
  EXPECT_EQ(depth_only[0], 4);
  EXPECT_EQ(depth_only[2 * 4], kUnreachedDepth);
  EXPECT_EQ(depth_only[1], 100);
  // A rank with no vertices writes nothing; short inputs are errors.
  const VertexDistribution<std::int32_t> tiny{VertexLayout::Striped, 2, 3};
  std::vector<std::int32_t> tiny_depth(2, 100);
  distributed::scatter_rank_labels<std::int32_t>(tiny, 2, {}, {}, {}, true, tiny_depth, {});
  EXPECT_EQ(tiny_depth, std::vector<std::int32_t>(2, 100));
  EXPECT_THROW(distributed::scatter_rank_labels<std::int32_t>(
                   distribution, 0, std::vector<std::uint32_t>{0u}, local_depth, local_parent, true,
                   depth, parent),
               InvalidArgument);
  EXPECT_THROW(distributed::scatter_rank_labels<std::int32_t>(distribution, 0, visited,
                                                              std::vector<std::int32_t>(34, 0),
                                                              local_parent, true, depth, parent),
               InvalidArgument);
  EXPECT_THROW(distributed::scatter_rank_labels<std::int32_t>(distribution, 0, visited, local_depth,
                                                              {}, true, depth, parent),
               InvalidArgument);
}

// Every vertex of every layout: its bit is owner * part bits + local (the path taken, mask and
// shift or the distribution's divisions, as expected), and test() finds exactly the vertices
// whose owner wrote them into its part, local ids as build_frontier_bitmap writes them.
template <typename VertexT>
void check_gathered_bits(VertexLayout layout, VertexT n, int ranks) {
  SCOPED_TRACE(std::string(to_string(layout)) + ", n " + std::to_string(n) + ", " +
               std::to_string(ranks) + " ranks");
  const VertexDistribution<VertexT> distribution{layout, n, ranks};
  const std::uint64_t part_words =
      (static_cast<std::uint64_t>(distribution.max_local_count()) + 31) / 32;
  const distributed::GatheredBitmapBits<VertexT> bits =
      distributed::gathered_bitmap_bits(distribution, part_words);
  const bool power_of_two_stripes = layout == VertexLayout::Striped && (ranks & (ranks - 1)) == 0;
  EXPECT_EQ(bits.stripe_shift >= 0, power_of_two_stripes);
  // Frontier: every third vertex, each written by its owner as a local id into its part.
  std::vector<std::uint32_t> gathered(static_cast<std::size_t>(part_words * ranks), 0u);
  for (VertexT v = 0; v < n; v += 3) {
    const std::uint64_t bit = static_cast<std::uint64_t>(distribution.owner(v)) * part_words * 32 +
                              static_cast<std::uint64_t>(distribution.local(v));
    gathered[bit / 32] |= 1u << (bit % 32);
  }
  // The same parts through a table of part addresses (as GPU ranks read them).
  std::vector<const std::uint32_t*> parts;
  for (int r = 0; r < ranks; ++r) parts.push_back(gathered.data() + r * part_words);
  for (VertexT v = 0; v < n; ++v) {
    EXPECT_EQ(bits.bit(v), static_cast<std::uint64_t>(distribution.owner(v)) * part_words * 32 +
                               static_cast<std::uint64_t>(distribution.local(v)))
        << "vertex " << v;
    EXPECT_EQ(bits.test(gathered.data(), v), v % 3 == 0) << "vertex " << v;
    EXPECT_EQ(bits.test_parts([&](int r) { return parts[static_cast<std::size_t>(r)]; }, v),
              v % 3 == 0)
        << "vertex " << v;
  }
  // A striped layout over a power-of-two rank count: the globalize kernel's words, bit by bit.
  if (power_of_two_stripes && ranks <= 32) {
    const auto words = (static_cast<std::uint64_t>(n) + 31) / 32;
    for (std::uint64_t w = 0; w < words; ++w) {
      std::uint32_t word = 0;
      ASSERT_TRUE(distributed::with_stripe_shift(bits.stripe_shift, [&](auto shift) {
        word = distributed::striped_global_word<decltype(shift)::value>(
            [&](int r, std::uint64_t i) { return parts[static_cast<std::size_t>(r)][i]; }, w);
      }));
      for (std::uint64_t j = 0; j < 32; ++j) {
        const std::uint64_t v = 32 * w + j;
        const bool expected = v < static_cast<std::uint64_t>(n) && v % 3 == 0;
        EXPECT_EQ((word >> j & 1u) != 0, expected) << "word " << w << " bit " << j;
      }
    }
  }
}

// spread_bits<S> moves bit i of the low 32 >> S bits to bit i << S and drops the rest.
template <int SHIFT>
void check_spread_bits() {
  for (const std::uint32_t x : {0x00000000u, 0xffffffffu, 0x12345678u, 0x9abcdef0u, 0x0000a5a5u}) {
    std::uint32_t expected = 0;
    for (int i = 0; i < (32 >> SHIFT); ++i) expected |= (x >> i & 1u) << (i << SHIFT);
    EXPECT_EQ(distributed::spread_bits<SHIFT>(x), expected) << "shift " << SHIFT << ", x " << x;
  }
}

// The run-time shift reaches the instantiation of its own value, and only shifts 0-5 do.
TEST(DistributedRankParts, WithStripeShift) {
  for (int shift = -1; shift <= 6; ++shift) {
    int called_with = -2;
    const bool called =
        distributed::with_stripe_shift(shift, [&](auto s) { called_with = decltype(s)::value; });
    EXPECT_EQ(called, shift >= 0 && shift <= 5) << shift;
    EXPECT_EQ(called_with, called ? shift : -2) << shift;
  }
}

TEST(DistributedRankParts, SpreadBits) {
  check_spread_bits<0>();
  check_spread_bits<1>();
  check_spread_bits<2>();
  check_spread_bits<3>();
  check_spread_bits<4>();
  check_spread_bits<5>();
}

TEST(DistributedRankParts, GatheredBitmapBitsOfEveryLayout) {
  for (const int ranks : {1, 2, 3, 4, 5, 8, 16, 32, 64}) {
    for (const std::int64_t n : {1, 31, 97, 1000, 4099}) {
      if (n < ranks) continue;
      check_gathered_bits<std::int32_t>(VertexLayout::Striped, static_cast<std::int32_t>(n), ranks);
      check_gathered_bits<std::int64_t>(VertexLayout::Striped, n, ranks);
      check_gathered_bits<std::int64_t>(VertexLayout::Block, n, ranks);
    }
  }
}

TEST(DistributedRankParts, BarrierReleasesEveryJobTogether) {
  for (const int count : {1, 2, 4}) {
    distributed::RankThreads threads(count);
    for (int run = 0; run < 3; ++run) {
      std::atomic<int> arrived{0};
      std::atomic<int> early{0};
      threads.run([&](int) {
        for (int round = 1; round <= 3; ++round) {
          ++arrived;
          threads.barrier();
          // Every job has arrived for this round before any leaves it.
          if (arrived.load() < round * count) ++early;
          threads.barrier();
        }
      });
      EXPECT_EQ(arrived.load(), 3 * count);
      EXPECT_EQ(early.load(), 0);
    }
  }
}

TEST(DistributedRankParts, BarrierGivesUpWhenAJobFailed) {
  distributed::RankThreads threads(3);
  try {
    threads.run([&](int i) {
      if (i == 1) throw InvalidArgument("rank 1 failed");
      threads.barrier();
    });
    ADD_FAILURE() << "run() did not rethrow";
  } catch (const Error& error) {
    // Job 0 gave up at the barrier (the lowest failing job's error is rethrown).
    EXPECT_NE(std::string(error.what()).find("barrier"), std::string::npos) << error.what();
  }
  std::atomic<int> passed{0};
  threads.run([&](int) {
    threads.barrier();
    ++passed;
  });
  EXPECT_EQ(passed.load(), 3);
}

}  // namespace
}  // namespace frontier
