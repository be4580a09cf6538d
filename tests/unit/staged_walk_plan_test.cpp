// The staged walk's host plan (engine/src/list_ranking/staged_walk_plan.hpp): record bit
// budgets, step cap, windows, launch shape and region sizes for power-of-two and other sizes,
// and the refusals that send a ranking to the in-place walk.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>

#include "list_ranking/cuda/staged_walk_plan.hpp"

namespace frontier::cuda {
namespace {

// The engine's shape: 64 buckets, 15 walker warps per block, 512 split threads.
constexpr StagedWalkLimits kLimits{6, 15, 512};

TEST(StagedWalkPlan, RandomListOf2To28) {
  const std::int64_t n = std::int64_t{1} << 28;
  const ListRankingCudaPolicy policy;
  const StagedWalkPlan plan = plan_staged_walk(n, n / 128 + 1, n / 128, 4, 528, policy, kLimits);
  ASSERT_TRUE(plan.usable) << plan.reason;
  EXPECT_EQ(plan.low_bits, 22);
  EXPECT_EQ(plan.buckets, 64);
  EXPECT_EQ(plan.sublist_bits, 22);  // 2^21 + 1 sublists
  EXPECT_EQ(plan.local_bits, 20);
  EXPECT_EQ(plan.window_bits, 15);
  EXPECT_EQ(plan.windows, n >> 15);
  EXPECT_EQ(plan.max_steps, std::uint64_t{1} << 16);  // max(2^16, 64 · 128)
  EXPECT_EQ(plan.blocks, 528);
  EXPECT_EQ(plan.chunk, (n / 128 + 1 + 528 * 15 - 1) / (528 * 15));
  EXPECT_EQ(plan.region % 512, 0u);
  EXPECT_GE(plan.region, (std::uint64_t{1} << 22) + 528 * 512);
  EXPECT_LT(plan.region, (std::uint64_t{1} << 22) + 529 * 512);
  // Regions ~8 bytes per node plus the segment padding of 528 blocks.
  EXPECT_GT(plan.bytes, static_cast<std::uint64_t>(n) * 8);
  EXPECT_LT(plan.bytes, static_cast<std::uint64_t>(n) * 10);
}

TEST(StagedWalkPlan, NonPowerOfTwoSizesCoverEveryNode) {
  const ListRankingCudaPolicy policy;
  for (const std::int64_t n : {std::int64_t{65536}, std::int64_t{(1 << 20) + 7},
                               std::int64_t{3000017}, (std::int64_t{1} << 29) - 3}) {
    const std::int64_t sublists = n / 128 + 3;
    for (const int value_bytes : {4, 8}) {
      const StagedWalkPlan plan =
          plan_staged_walk(n, sublists, n / 128, value_bytes, 528, policy, kLimits);
      ASSERT_TRUE(plan.usable) << n << ": " << plan.reason;
      EXPECT_LE(plan.buckets, 64) << n;
      EXPECT_GE(plan.buckets << plan.low_bits, n) << n;
      EXPECT_LT((plan.buckets - 1) << plan.low_bits, n) << n;
      EXPECT_GT(std::int64_t{1} << plan.sublist_bits, sublists) << n;
      EXPECT_EQ(plan.low_bits + plan.sublist_bits + plan.local_bits, 64) << n;
      EXPECT_LT(plan.max_steps, std::uint64_t{1} << plan.local_bits) << n;
      EXPECT_LE(plan.max_steps, static_cast<std::uint64_t>(n)) << n;
      EXPECT_EQ(plan.window_bits, std::min(value_bytes == 4 ? 15 : 14, plan.low_bits)) << n;
      EXPECT_LE(std::int64_t{1} << (plan.low_bits - plan.window_bits), 512) << n;
      EXPECT_GE(plan.windows << plan.window_bits, n) << n;
      EXPECT_LT((plan.windows - 1) << plan.window_bits, n) << n;
      // One sublist per walker lane at least; every sublist in some walker's chunk.
      EXPECT_GE(plan.blocks, 1);
      EXPECT_LE(plan.blocks, 528);
      EXPECT_GE(plan.blocks * 15 * plan.chunk, sublists) << n;
      EXPECT_GE(plan.region, std::min<std::uint64_t>(std::uint64_t{1} << plan.low_bits, n) +
                                 static_cast<std::uint64_t>(plan.blocks) * 512)
          << n;
    }
  }
}

TEST(StagedWalkPlan, FewSplittersRaiseTheStepCapUpToN) {
  const ListRankingCudaPolicy policy;
  const std::int64_t n = 1000003;
  // One random splitter: a valid sublist may hold the whole list.
  const StagedWalkPlan one = plan_staged_walk(n, 2, 1, 4, 528, policy, kLimits);
  ASSERT_TRUE(one.usable) << one.reason;
  EXPECT_EQ(one.max_steps, static_cast<std::uint64_t>(n));
  // 100 random splitters: 64 times the mean sublist length of 10001 nodes.
  const StagedWalkPlan hundred = plan_staged_walk(n, 100, 100, 4, 528, policy, kLimits);
  ASSERT_TRUE(hundred.usable);
  EXPECT_EQ(hundred.max_steps, std::uint64_t{64} * 10001);
  EXPECT_EQ(hundred.blocks, 1);  // 100 sublists: one block's 480 lanes suffice
  EXPECT_EQ(hundred.chunk, 7);
}

TEST(StagedWalkPlan, RefusesWhatTheRecordOrKernelsCannotHold) {
  const ListRankingCudaPolicy policy;
  // Node ids beyond 32 bits.
  EXPECT_FALSE(plan_staged_walk(std::int64_t{1} << 31, 1000, 1000, 8, 528, policy, kLimits).usable);
  // 2^30 + 1 nodes in 2^30 sublists leave 64 - 25 - 31 = 8 local bits (< 12).
  const std::int64_t n = (std::int64_t{1} << 30) + 1;
  const StagedWalkPlan narrow = plan_staged_walk(n, n - 1, n - 1, 4, 528, policy, kLimits);
  EXPECT_FALSE(narrow.usable);
  EXPECT_NE(narrow.reason.find("local"), std::string::npos) << narrow.reason;
  // 2^31 - 1 nodes with 8-byte values: 2^(25 - 14) windows per bucket > 512 split threads.
  EXPECT_FALSE(
      plan_staged_walk((std::int64_t{1} << 31) - 1, 1 << 20, 1 << 20, 8, 528, policy, kLimits)
          .usable);
  // No resident walk block; a segment that is not a multiple of 32.
  EXPECT_FALSE(plan_staged_walk(1 << 20, 1 << 13, 1 << 13, 4, 0, policy, kLimits).usable);
  ListRankingCudaPolicy odd = policy;
  odd.staged_walk_segment = 500;
  EXPECT_FALSE(plan_staged_walk(1 << 20, 1 << 13, 1 << 13, 4, 528, odd, kLimits).usable);
  EXPECT_FALSE(plan_staged_walk(1, 1, 1, 4, 528, policy, kLimits).usable);
}

}  // namespace
}  // namespace frontier::cuda
