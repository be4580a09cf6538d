// Vertex striping (frontier/distribution/striping.hpp) checked exhaustively for p = 1..8 and n up
// to 3000, at compile time (static_assert) and at run time, for 32- and 64-bit vertex ids.
#include "frontier/distribution/striping.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace frontier::partition {
namespace {

// Compile-time use: every function is constexpr and gives the striped answers.
static_assert(owner_of<std::int32_t>(0, 4) == 0);
static_assert(owner_of<std::int32_t>(7, 4) == 3);
static_assert(owner_of<std::int64_t>(9, 4) == 1);
static_assert(local_of<std::int32_t>(7, 4) == 1);
static_assert(local_of<std::int64_t>(8, 4) == 2);
static_assert(global_of<std::int32_t>(3, 1, 4) == 7);
static_assert(global_of<std::int64_t>(0, 2, 4) == 8);
static_assert(local_count<std::int32_t>(10, 0, 4) == 3);
static_assert(local_count<std::int32_t>(10, 1, 4) == 3);
static_assert(local_count<std::int32_t>(10, 2, 4) == 2);
static_assert(local_count<std::int32_t>(10, 3, 4) == 2);
static_assert(local_count<std::int64_t>(0, 0, 3) == 0);
static_assert(owner_of<std::int32_t>(5, 1) == 0 && local_of<std::int32_t>(5, 1) == 5);

// A constexpr round trip over a whole range, evaluated by the compiler.
template <typename VertexT>
constexpr bool round_trips(VertexT n, int ranks) {
  VertexT total = 0;
  for (int rank = 0; rank < ranks; ++rank) total += local_count(n, rank, ranks);
  if (total != n) return false;
  for (VertexT v = 0; v < n; ++v) {
    if (global_of(owner_of(v, ranks), local_of(v, ranks), ranks) != v) return false;
  }
  return true;
}
static_assert(round_trips<std::int32_t>(100, 3));
static_assert(round_trips<std::int64_t>(97, 8));

template <typename VertexT>
void check_exhaustively(VertexT max_n) {
  for (int ranks = 1; ranks <= 8; ++ranks) {
    for (VertexT n = 0; n <= max_n; ++n) {
      // Every global vertex: owner in range, local index within that owner's count, round trip.
      std::vector<VertexT> seen(static_cast<std::size_t>(ranks), 0);
      for (VertexT v = 0; v < n; ++v) {
        const int owner = owner_of(v, ranks);
        ASSERT_GE(owner, 0);
        ASSERT_LT(owner, ranks);
        const VertexT local = local_of(v, ranks);
        ASSERT_EQ(local, seen[owner]) << "locals of one rank are numbered 0, 1, 2, ...";
        ++seen[owner];
        ASSERT_EQ(global_of(owner, local, ranks), v);
      }
      // Every (rank, local) pair: the global vertex is owned by that rank and maps back.
      VertexT total = 0;
      for (int rank = 0; rank < ranks; ++rank) {
        const VertexT count = local_count(n, rank, ranks);
        ASSERT_EQ(count, seen[rank]) << "n " << n << " ranks " << ranks << " rank " << rank;
        // Balanced: counts differ by at most one and the larger ones come first.
        ASSERT_LE(count, local_count(n, 0, ranks));
        ASSERT_GE(count + 1, local_count(n, 0, ranks));
        for (VertexT local = 0; local < count; ++local) {
          const VertexT global = global_of(rank, local, ranks);
          ASSERT_LT(global, n);
          ASSERT_EQ(owner_of(global, ranks), rank);
          ASSERT_EQ(local_of(global, ranks), local);
        }
        total += count;
      }
      ASSERT_EQ(total, n);
    }
  }
}

TEST(PartitionStriping, Exhaustive32Bit) { check_exhaustively<std::int32_t>(3000); }

TEST(PartitionStriping, Exhaustive64Bit) { check_exhaustively<std::int64_t>(1200); }

TEST(PartitionStriping, LargeIdsDoNotOverflow) {
  constexpr std::int64_t kBig = (std::int64_t{1} << 40) + 5;
  for (int ranks = 1; ranks <= 8; ++ranks) {
    for (std::int64_t v = kBig - 20; v < kBig; ++v) {
      EXPECT_EQ(global_of(owner_of(v, ranks), local_of(v, ranks), ranks), v);
    }
    std::int64_t total = 0;
    for (int rank = 0; rank < ranks; ++rank) total += local_count(kBig, rank, ranks);
    EXPECT_EQ(total, kBig);
  }
  constexpr std::int32_t kMax32 = 2147483647;
  for (int ranks = 1; ranks <= 8; ++ranks) {
    const std::int32_t owner = owner_of(kMax32, ranks);
    EXPECT_EQ(global_of(owner, local_of(kMax32, ranks), ranks), kMax32);
  }
}

}  // namespace
}  // namespace frontier::partition
