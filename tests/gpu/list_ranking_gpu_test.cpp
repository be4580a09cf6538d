// GPU-specific tests of list ranking (Wei–JaJa and Wyllie on CUDA): lists large enough for
// several GPU levels, degenerate forests, invalid inputs at scale (cycles through splitters,
// cycles missed by every splitter, shared successors), splitter counts at both extremes, the
// device-pointer entry's memory check, copies through several pinned staging chunks, and agreement
// with the CPU on the same inputs; the staged read-only walk of ranks (which inputs take it, exact
// ranks at sizes that are not powers of two, and invalid inputs that must fall back to the
// in-place walk and fail as before). Every case skips where no GPU is usable. The parity suite
// (tests/parity) covers the small sizes.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "frontier/device.hpp"
#include "frontier/errors.hpp"
#include "frontier/list_ranking.hpp"
#include "list_ranking/cuda/list_ranking_cuda.hpp"
#include "support/list_ranking_lists.hpp"
#include "support/require_gpu.hpp"

namespace frontier {
namespace {

using test::ListShape;

class ListRankingGpu : public ::testing::Test {
 protected:
  void SetUp() override { FRONTIER_REQUIRE_GPU(); }
  static ListRankingOptions gpu(ListRankingAlgorithm algorithm = ListRankingAlgorithm::HelmanJaja,
                                std::int64_t sublists = 0, std::uint64_t seed = 1) {
    ListRankingOptions options;
    options.device = Device::cuda(0);
    options.algorithm = algorithm;
    options.sublists = sublists;
    options.seed = seed;
    return options;
  }
};

TEST_F(ListRankingGpu, LargeRandomListUsesSeveralGpuLevels) {
  const std::int64_t n = (std::int64_t{1} << 22) + 3;
  const auto forest = test::make_forest<std::int32_t>(ListShape::Random, n, 21);
  const auto values = test::make_values<std::int32_t>(n, 4);
  for (const ListOp op : {ListOp::Sum, ListOp::Min, ListOp::Max}) {
    const auto expected = test::with_op<std::int32_t>(
        op, [&](auto f) { return test::expected_prefix(forest, values, f); });
    std::vector<std::int32_t> prefix(n, -9);
    const auto stats =
        list_prefix<std::int32_t, std::int32_t>(forest.successor, values, op, prefix, gpu());
    EXPECT_EQ(prefix, expected) << to_string(op);
    EXPECT_EQ(stats.lists, 1);
    EXPECT_GE(stats.levels, 2) << "2^22 nodes should recurse at least once on the GPU";
    // n / 128 random splitters by default; draws that collide merge, so a few less remain.
    EXPECT_GT(stats.sublists, n / 256);
  }
  ListRankingStats stats;
  EXPECT_EQ(list_rank<std::int32_t>(forest.successor, gpu(), &stats), test::expected_rank(forest));
}

TEST_F(ListRankingGpu, Int64ForestsAndDoubles) {
  const std::int64_t n = (std::int64_t{1} << 21) + 11;
  const auto forest = test::make_forest<std::int64_t>(ListShape::Forest, n, 8);
  const auto values = test::make_values<double>(n, 6);
  const auto expected = test::expected_prefix(forest, values, ListSumOp<double>{});
  std::vector<double> prefix(n);
  const auto stats =
      list_prefix<std::int64_t, double>(forest.successor, values, ListOp::Sum, prefix, gpu());
  EXPECT_EQ(prefix, expected);
  EXPECT_EQ(stats.lists, static_cast<std::int64_t>(forest.lists.size()));
  std::vector<double> wyllie(n);
  list_prefix<std::int64_t, double>(forest.successor, values, ListOp::Sum, wyllie,
                                    gpu(ListRankingAlgorithm::Wyllie));
  EXPECT_EQ(wyllie, expected);
}

TEST_F(ListRankingGpu, AllSingletonsAndPairs) {
  const std::int64_t n = 100000;
  std::vector<std::int32_t> singletons(n, -1);
  std::vector<std::int32_t> pairs(n, -1);
  for (std::int64_t v = 0; v + 1 < n; v += 2) pairs[v] = static_cast<std::int32_t>(v + 1);
  for (const auto algorithm : {ListRankingAlgorithm::HelmanJaja, ListRankingAlgorithm::Wyllie}) {
    ListRankingStats stats;
    EXPECT_EQ(list_rank<std::int32_t>(singletons, gpu(algorithm), &stats),
              std::vector<std::int32_t>(n, 0));
    EXPECT_EQ(stats.lists, n);
    const auto rank = list_rank<std::int32_t>(pairs, gpu(algorithm), &stats);
    EXPECT_EQ(stats.lists, n / 2);
    for (std::int64_t v = 0; v < n; ++v) ASSERT_EQ(rank[v], v % 2) << v;
  }
}

TEST_F(ListRankingGpu, SplitterCountExtremesAgree) {
  const std::int64_t n = 300007;
  const auto forest = test::make_forest<std::int32_t>(ListShape::Random, n, 2);
  const auto values = test::make_values<std::int64_t>(n, 3);
  const auto expected = test::expected_prefix(forest, values, ListMaxOp<std::int64_t>{});
  for (const std::int64_t sublists : {std::int64_t{1}, std::int64_t{1000}, n, 4 * n}) {
    for (const std::uint64_t seed : {std::uint64_t{5}, std::uint64_t{6}}) {
      std::vector<std::int64_t> prefix(n);
      list_prefix<std::int32_t, std::int64_t>(
          forest.successor, values, ListOp::Max, prefix,
          gpu(ListRankingAlgorithm::HelmanJaja, sublists, seed));
      EXPECT_EQ(prefix, expected) << "sublists=" << sublists << " seed=" << seed;
    }
  }
}

TEST_F(ListRankingGpu, LargePureCycleIsRejected) {
  // No head at all; the random splitters all lie on the cycle, so the GPU finds it one level
  // down (the splitter list is a cycle again).
  auto forest = test::make_forest<std::int32_t>(ListShape::Random, (1 << 22) + 1, 9);
  forest.successor[forest.lists[0].back()] = forest.lists[0].front();
  for (const auto algorithm : {ListRankingAlgorithm::HelmanJaja, ListRankingAlgorithm::Wyllie}) {
    EXPECT_THROW(list_rank<std::int32_t>(forest.successor, gpu(algorithm)), ValidationError);
  }
}

TEST_F(ListRankingGpu, SmallCycleMissedBySplittersIsRejected) {
  // A valid random list of 2^21 nodes plus a 3-cycle that (almost surely) holds no splitter: the
  // walks then cover fewer than n nodes.
  const std::int64_t n = (std::int64_t{1} << 21) + 3;
  auto forest = test::make_forest<std::int32_t>(ListShape::Random, n - 3, 10);
  forest.successor.push_back(static_cast<std::int32_t>(n - 2));
  forest.successor.push_back(static_cast<std::int32_t>(n - 1));
  forest.successor.push_back(static_cast<std::int32_t>(n - 3));
  std::vector<std::int32_t> values(n, 1);
  std::vector<std::int32_t> prefix(n);
  EXPECT_THROW((list_prefix<std::int32_t, std::int32_t>(forest.successor, values, ListOp::Sum,
                                                        prefix, gpu())),
               ValidationError);
  EXPECT_THROW(list_rank<std::int32_t>(forest.successor, gpu(ListRankingAlgorithm::Wyllie)),
               ValidationError);
}

TEST_F(ListRankingGpu, SharedSuccessorAndRangeAtScale) {
  const std::int64_t n = (std::int64_t{1} << 21) + 5;
  auto forest = test::make_forest<std::int64_t>(ListShape::Random, n, 12);
  // Still one tail each, so the single-list fast path runs and must find the fault: a node
  // with two predecessors early in the list, and one five nodes before the tail (walks that
  // share the end of the list).
  auto merged = forest.successor;
  merged[forest.lists[0][n / 2]] = forest.lists[0][7];
  auto merged_near_tail = forest.successor;
  merged_near_tail[forest.lists[0][n / 2]] = forest.lists[0][n - 5];
  auto out_of_range = forest.successor;
  out_of_range[forest.lists[0][n / 3]] = n + 40;
  for (const auto algorithm : {ListRankingAlgorithm::HelmanJaja, ListRankingAlgorithm::Wyllie}) {
    EXPECT_THROW(list_rank<std::int64_t>(merged, gpu(algorithm)), InvalidArgument);
    EXPECT_THROW(list_rank<std::int64_t>(merged_near_tail, gpu(algorithm)), InvalidArgument);
    EXPECT_THROW(list_rank<std::int64_t>(out_of_range, gpu(algorithm)), InvalidArgument);
  }
}

TEST_F(ListRankingGpu, CopiesLargerThanOneStagingChunk) {
  // 2^24 + 5 nodes of 8 bytes: the successors, values and prefix each cross several pinned
  // staging chunks (32 MiB) and end in a partial one.
  const std::int64_t n = (std::int64_t{1} << 24) + 5;
  const auto forest = test::make_forest<std::int64_t>(ListShape::Random, n, 31);
  const auto values = test::make_values<std::int64_t>(n, 32);
  std::vector<std::int64_t> prefix(n, -1);
  const auto stats =
      list_prefix<std::int64_t, std::int64_t>(forest.successor, values, ListOp::Sum, prefix, gpu());
  EXPECT_EQ(prefix, test::expected_prefix(forest, values, ListSumOp<std::int64_t>{}));
  EXPECT_EQ(stats.lists, 1);
}

TEST_F(ListRankingGpu, DeviceEntryRefusesWhatCannotFit) {
  // 2^40 nodes of 16 bytes cannot fit any GPU: the memory check must refuse before a single
  // allocation or access (the pointers are never dereferenced).
  const auto* fake_successor = reinterpret_cast<const std::int64_t*>(std::uintptr_t{256});
  auto* fake_prefix = reinterpret_cast<std::int64_t*>(std::uintptr_t{512});
  try {
    cuda::list_prefix_device<std::int64_t, std::int64_t>(fake_successor, nullptr, fake_prefix,
                                                         std::int64_t{1} << 40, ListOp::Sum);
    FAIL() << "expected OutOfMemory";
  } catch (const OutOfMemory& error) {
    EXPECT_GT(error.bytes_needed(), error.bytes_free());
    EXPECT_GE(error.bytes_needed(), (std::uint64_t{1} << 40) * 16);
  }
  EXPECT_THROW((cuda::list_prefix_device<std::int32_t, std::int32_t>(nullptr, nullptr, nullptr, 5,
                                                                     ListOp::Sum)),
               InvalidArgument);
}

TEST_F(ListRankingGpu, MatchesCpuHelmanJajaOnStrideList) {
  const std::int64_t n = (std::int64_t{1} << 20) + 7;
  const auto forest = test::make_forest<std::int32_t>(ListShape::Stride, n);
  const auto values = test::make_values<std::int32_t>(n, 13);
  std::vector<std::int32_t> on_gpu(n);
  std::vector<std::int32_t> on_cpu(n);
  list_prefix<std::int32_t, std::int32_t>(forest.successor, values, ListOp::Min, on_gpu, gpu());
  ListRankingOptions cpu;
  cpu.algorithm = ListRankingAlgorithm::HelmanJaja;
  list_prefix<std::int32_t, std::int32_t>(forest.successor, values, ListOp::Min, on_cpu, cpu);
  EXPECT_EQ(on_gpu, on_cpu);
  EXPECT_EQ(on_gpu, test::expected_prefix(forest, values, ListMinOp<std::int32_t>{}));
}

TEST_F(ListRankingGpu, StagedWalkRanksEveryShapeExactly) {
  // Sizes above the staged walk's threshold (2^16), none a power of two: the last bucket and
  // the last window are partial. Lists laid out in order (most successors next to their node)
  // keep the in-place walk, the faster one there.
  for (const std::int64_t n :
       {std::int64_t{65537}, (std::int64_t{1} << 20) + 7, std::int64_t{3000017}}) {
    for (const ListShape shape : {ListShape::Random, ListShape::Ordered, ListShape::Reversed,
                                  ListShape::Stride, ListShape::Forest}) {
      const std::string context = test::to_string(shape) + " n=" + std::to_string(n);
      const bool in_order = shape == ListShape::Ordered || shape == ListShape::Reversed;
      const ListWalk expected_walk = in_order ? ListWalk::InPlace : ListWalk::Staged;
      const auto forest32 = test::make_forest<std::int32_t>(shape, n, 41);
      ListRankingStats stats;
      EXPECT_EQ(list_rank<std::int32_t>(forest32.successor, gpu(), &stats),
                test::expected_rank(forest32))
          << context;
      EXPECT_EQ(stats.gpu_walk, expected_walk) << context;
      EXPECT_EQ(stats.lists, static_cast<std::int64_t>(forest32.lists.size())) << context;
      const auto forest64 = test::make_forest<std::int64_t>(shape, n, 42);
      EXPECT_EQ(list_rank<std::int64_t>(forest64.successor, gpu(), &stats),
                test::expected_rank(forest64))
          << context << " int64";
      EXPECT_EQ(stats.gpu_walk, expected_walk) << context << " int64";
    }
  }
}

TEST_F(ListRankingGpu, StagedWalkAtSplitterExtremes) {
  // One random splitter (a sublist as long as the list: the step cap is n), n/16 and 4n draws
  // (nearly every node a splitter: the widest sublist field), over two seeds.
  const std::int64_t n = (std::int64_t{1} << 20) + 7;
  const auto forest = test::make_forest<std::int32_t>(ListShape::Random, n, 43);
  const auto expected = test::expected_rank(forest);
  for (const std::int64_t sublists : {std::int64_t{1}, n / 16, 4 * n}) {
    for (const std::uint64_t seed : {std::uint64_t{3}, std::uint64_t{4}}) {
      ListRankingStats stats;
      EXPECT_EQ(
          list_rank<std::int32_t>(forest.successor,
                                  gpu(ListRankingAlgorithm::HelmanJaja, sublists, seed), &stats),
          expected)
          << "sublists=" << sublists << " seed=" << seed;
      EXPECT_EQ(stats.gpu_walk, ListWalk::Staged) << "sublists=" << sublists;
    }
  }
}

TEST_F(ListRankingGpu, WhichWalkRan) {
  const std::int64_t n = (std::int64_t{1} << 20) + 7;
  const auto forest = test::make_forest<std::int32_t>(ListShape::Random, n, 44);
  // Values given (even all ones): the in-place walk, same prefix as the ranks + 1.
  const std::vector<std::int32_t> ones(n, 1);
  std::vector<std::int32_t> prefix(n);
  ListRankingStats stats =
      list_prefix<std::int32_t, std::int32_t>(forest.successor, ones, ListOp::Sum, prefix, gpu());
  EXPECT_EQ(stats.gpu_walk, ListWalk::InPlace);
  const auto rank = test::expected_rank(forest);
  for (std::int64_t v = 0; v < n; ++v) ASSERT_EQ(prefix[v], rank[v] + 1) << v;
  // Ranks below the threshold (2^16) but above the host cut-off (2^14): in place.
  const auto small = test::make_forest<std::int32_t>(ListShape::Random, 40000, 45);
  EXPECT_EQ(list_rank<std::int32_t>(small.successor, gpu(), &stats), test::expected_rank(small));
  EXPECT_EQ(stats.gpu_walk, ListWalk::InPlace);
  // Below the host cut-off, Wyllie, the CPU: no GPU walk.
  const auto tiny = test::make_forest<std::int32_t>(ListShape::Random, 1000, 46);
  EXPECT_EQ(list_rank<std::int32_t>(tiny.successor, gpu(), &stats), test::expected_rank(tiny));
  EXPECT_EQ(stats.gpu_walk, ListWalk::None);
  EXPECT_EQ(list_rank<std::int32_t>(forest.successor, gpu(ListRankingAlgorithm::Wyllie), &stats),
            rank);
  EXPECT_EQ(stats.gpu_walk, ListWalk::None);
  ListRankingOptions cpu;
  cpu.algorithm = ListRankingAlgorithm::HelmanJaja;
  EXPECT_EQ(list_rank<std::int32_t>(forest.successor, cpu, &stats), rank);
  EXPECT_EQ(stats.gpu_walk, ListWalk::None);
}

TEST_F(ListRankingGpu, StagedWalkInvalidInputsFailAsBefore) {
  const std::int64_t n = (std::int64_t{1} << 20) + 7;
  const auto forest = test::make_forest<std::int32_t>(ListShape::Random, n, 47);
  const auto& order = forest.lists[0];
  // Rho: the tail feeds back into the middle (no tail, two predecessors): the exact check.
  auto rho = forest.successor;
  rho[order.back()] = order[n / 2];
  EXPECT_THROW(list_rank<std::int32_t>(rho, gpu()), InvalidArgument);
  // Pure cycle: no head at all.
  auto cycle = forest.successor;
  cycle[order.back()] = order.front();
  EXPECT_THROW(list_rank<std::int32_t>(cycle, gpu()), ValidationError);
  // Out of range.
  auto out_of_range = forest.successor;
  out_of_range[order[n / 3]] = static_cast<std::int32_t>(n + 3);
  EXPECT_THROW(list_rank<std::int32_t>(out_of_range, gpu()), InvalidArgument);
  // One tail (the single-list fast path, which the staged walk takes): a merge into the middle
  // (a rho whose loop holds splitters: two sublists end at one splitter) and one near the tail
  // (two sublists end at the tail).
  auto merged = forest.successor;
  merged[order[n / 2]] = order[7];
  EXPECT_THROW(list_rank<std::int32_t>(merged, gpu()), InvalidArgument);
  auto merged_near_tail = forest.successor;
  merged_near_tail[order[n / 2]] = order[n - 5];
  EXPECT_THROW(list_rank<std::int32_t>(merged_near_tail, gpu()), InvalidArgument);
  // A valid list plus a cycle no splitter (almost surely) lands on: records < n.
  auto with_cycle = test::make_forest<std::int32_t>(ListShape::Random, n - 3, 48).successor;
  with_cycle.push_back(static_cast<std::int32_t>(n - 2));
  with_cycle.push_back(static_cast<std::int32_t>(n - 1));
  with_cycle.push_back(static_cast<std::int32_t>(n - 3));
  EXPECT_THROW(list_rank<std::int32_t>(with_cycle, gpu()), ValidationError);
}

TEST_F(ListRankingGpu, StagedWalkStopsAtItsStepCapOnASelfLoop) {
  // A random list over [0, m) beside a branch n-1 -> n-2 -> ... -> m that ends in a self-loop at
  // m (m has two predecessors). One tail, and the sum of successors names a node in range, so
  // the single-list fast path runs; a walk that enters the branch reaches m and, the walk being
  // read-only, would loop there forever: the step cap must stop it, the staged result must be
  // discarded and the in-place walk must report the two predecessors.
  const std::int64_t n = (std::int64_t{1} << 20) + 7;
  const std::int64_t branch = 200000;
  const std::int64_t m = n - branch;
  auto successor = test::make_forest<std::int32_t>(ListShape::Random, m, 49).successor;
  for (std::int64_t v = m; v < n; ++v) {
    successor.push_back(static_cast<std::int32_t>(v == m ? m : v - 1));
  }
  EXPECT_THROW(list_rank<std::int32_t>(successor, gpu()), InvalidArgument);
  std::vector<std::int64_t> successor64(successor.begin(), successor.end());
  EXPECT_THROW(list_rank<std::int64_t>(successor64, gpu()), InvalidArgument);
}

}  // namespace
}  // namespace frontier
