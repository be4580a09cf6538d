// Block ownership (frontier/distribution/block.hpp) and the VertexDistribution value that picks
// striped or block ownership (frontier/distribution/vertex_distribution.hpp), checked exhaustively
// for p = 1..8 and every n up to 1500, at compile time and at run time, against a plain enumeration
// of the runs.
#include "frontier/distribution/vertex_distribution.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace frontier::partition {
namespace {

static_assert(block_begin<std::int32_t>(10, 0, 4) == 0);
static_assert(block_begin<std::int32_t>(10, 1, 4) == 3);
static_assert(block_begin<std::int32_t>(10, 2, 4) == 6);
static_assert(block_begin<std::int32_t>(10, 3, 4) == 8);
static_assert(block_begin<std::int32_t>(10, 4, 4) == 10);
static_assert(block_owner<std::int32_t>(5, 10, 4) == 1);
static_assert(block_owner<std::int32_t>(9, 10, 4) == 3);
static_assert(block_local<std::int32_t>(7, 10, 4) == 1);
// Fewer vertices than ranks: the first n ranks own one each, the rest none.
static_assert(block_owner<std::int32_t>(2, 3, 5) == 2 && block_count<std::int32_t>(3, 4, 5) == 0);
static_assert(VertexDistribution<std::int32_t>{VertexLayout::Striped, 10, 4}.owner(7) == 3);
static_assert(VertexDistribution<std::int32_t>{VertexLayout::Block, 10, 4}.owner(7) == 2);
static_assert(VertexDistribution<std::int64_t>{VertexLayout::Block, 10, 4}.global(2, 1) == 7);

// The expected block owner from an explicit walk over the runs.
template <typename VertexT>
std::vector<int> block_owners_by_walk(VertexT n, int ranks) {
  std::vector<int> owners;
  for (int r = 0; r < ranks; ++r) {
    const VertexT size = n / ranks + (r < n % ranks ? 1 : 0);
    for (VertexT i = 0; i < size; ++i) owners.push_back(r);
  }
  return owners;
}

template <typename VertexT>
void check_distribution(VertexLayout layout, VertexT max_n) {
  for (int ranks = 1; ranks <= 8; ++ranks) {
    for (VertexT n = 0; n <= max_n; ++n) {
      const VertexDistribution<VertexT> dist{layout, n, ranks};
      const std::vector<int> walk = block_owners_by_walk(n, ranks);
      ASSERT_EQ(walk.size(), static_cast<std::size_t>(n));
      std::vector<VertexT> next_local(static_cast<std::size_t>(ranks), 0);
      for (VertexT v = 0; v < n; ++v) {
        const int owner = dist.owner(v);
        const int expected = layout == VertexLayout::Block ? walk[v] : static_cast<int>(v % ranks);
        ASSERT_EQ(owner, expected) << "v " << v << " n " << n << " ranks " << ranks;
        // Locals of one rank are 0, 1, 2, ... in increasing global order.
        ASSERT_EQ(dist.local(v), next_local[owner]) << "v " << v;
        ++next_local[owner];
        ASSERT_EQ(dist.global(owner, dist.local(v)), v);
      }
      VertexT offset = 0;
      for (int r = 0; r < ranks; ++r) {
        ASSERT_EQ(dist.local_count(r), next_local[r]);
        ASSERT_EQ(dist.rank_offset(r), offset);
        ASSERT_LE(dist.local_count(r), dist.max_local_count());
        offset += dist.local_count(r);
      }
      ASSERT_EQ(offset, n);
    }
  }
}

TEST(PartitionDistribution, StripedExhaustive) {
  check_distribution<std::int32_t>(VertexLayout::Striped, 1500);
}

TEST(PartitionDistribution, BlockExhaustive) {
  check_distribution<std::int32_t>(VertexLayout::Block, 1500);
  check_distribution<std::int64_t>(VertexLayout::Block, 600);
}

TEST(PartitionDistribution, BlockLargeIds) {
  constexpr std::int64_t kBig = (std::int64_t{1} << 40) + 7;
  for (int ranks = 1; ranks <= 8; ++ranks) {
    const VertexDistribution<std::int64_t> dist{VertexLayout::Block, kBig, ranks};
    for (int r = 0; r < ranks; ++r) {
      const std::int64_t first = dist.global(r, 0);
      const std::int64_t last = dist.global(r, dist.local_count(r) - 1);
      EXPECT_EQ(dist.owner(first), r);
      EXPECT_EQ(dist.owner(last), r);
      EXPECT_EQ(dist.local(last), dist.local_count(r) - 1);
      if (r + 1 < ranks) {
        EXPECT_EQ(dist.owner(last + 1), r + 1);
      }
    }
  }
}

TEST(PartitionDistribution, LayoutNames) {
  EXPECT_EQ(to_string(VertexLayout::Striped), "striped");
  EXPECT_EQ(to_string(VertexLayout::Block), "block");
}

}  // namespace
}  // namespace frontier::partition
