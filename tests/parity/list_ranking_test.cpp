// Parity tests of list ranking / list prefix: every (backend × algorithm) against prefixes
// folded along each test list's explicit node order, over sizes around a warp (0, 1, 2, 31, 32,
// 33), 1000 and 2^20 + 7; ordered, reversed, stride-1001, random lists and forests; sum, min
// and max; 32- and 64-bit vertices and values; and invalid inputs, which must be rejected with
// the right error type (never a hang). GPU cases skip where no GPU is usable.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <string>
#include <tuple>
#include <vector>

#include "frontier/device.hpp"
#include "frontier/errors.hpp"
#include "frontier/list_ranking.hpp"
#include "list_ranking/list_prefix_generic.hpp"
#include "support/list_ranking_lists.hpp"
#include "support/require_gpu.hpp"

namespace frontier {
namespace {

using test::ListShape;

constexpr std::int64_t kSizes[] = {0, 1, 2, 31, 32, 33, 1000, (std::int64_t{1} << 20) + 7};
constexpr ListShape kShapes[] = {ListShape::Ordered, ListShape::Reversed, ListShape::Stride,
                                 ListShape::Random, ListShape::Forest};
constexpr ListOp kOps[] = {ListOp::Sum, ListOp::Min, ListOp::Max};

using Param = std::tuple<DeviceKind, ListRankingAlgorithm>;

class ListRankingParity : public ::testing::TestWithParam<Param> {
 protected:
  void SetUp() override {
    if (std::get<0>(GetParam()) == DeviceKind::Cuda) FRONTIER_REQUIRE_GPU();
  }

  ListRankingOptions options(std::uint64_t seed = 1, std::int64_t sublists = 0) const {
    ListRankingOptions result;
    result.device = std::get<0>(GetParam()) == DeviceKind::Cuda ? Device::cuda(0) : Device::cpu();
    result.algorithm = std::get<1>(GetParam());
    result.seed = seed;
    result.sublists = sublists;
    // On the GPU, rank every level there (none on the host), so that the kernels meet the
    // small sizes too; tests/gpu covers the tuned host cut-off.
    result.host_rank_below = 0;
    return result;
  }

  template <typename VertexT, typename ValueT>
  void check_prefix(const test::TestForest<VertexT>& forest, const std::vector<ValueT>& values,
                    ListOp op, const ListRankingOptions& opts, const std::string& context) {
    const auto expected =
        test::with_op<ValueT>(op, [&](auto f) { return test::expected_prefix(forest, values, f); });
    std::vector<ValueT> prefix(values.size(), ValueT{-77});
    const ListRankingStats stats =
        list_prefix<VertexT, ValueT>(forest.successor, values, op, prefix, opts);
    ASSERT_EQ(prefix, expected) << context << " op=" << to_string(op);
    EXPECT_EQ(stats.lists, static_cast<std::int64_t>(forest.lists.size())) << context;
    EXPECT_NE(stats.algorithm, ListRankingAlgorithm::Auto) << context;
  }

  template <typename VertexT, typename ValueT>
  void check_all_ops(ListShape shape, std::int64_t n) {
    const auto& forest = test::cached_forest<VertexT>(shape, n);
    const auto values = test::make_values<ValueT>(n);
    const std::string context = test::to_string(shape) + " n=" + std::to_string(n);
    for (const ListOp op : kOps) check_prefix(forest, values, op, options(), context);
  }
};

TEST_P(ListRankingParity, Int32PrefixEveryShapeSizeAndOp) {
  for (const std::int64_t n : kSizes) {
    for (const ListShape shape : kShapes) check_all_ops<std::int32_t, std::int32_t>(shape, n);
  }
}

TEST_P(ListRankingParity, Int64VerticesAndValues) {
  for (const std::int64_t n : {std::int64_t{0}, std::int64_t{1}, std::int64_t{33},
                               std::int64_t{1000}, (std::int64_t{1} << 20) + 7}) {
    for (const ListShape shape : {ListShape::Random, ListShape::Forest}) {
      check_all_ops<std::int64_t, std::int64_t>(shape, n);
      check_all_ops<std::int64_t, std::int32_t>(shape, n);
    }
  }
}

TEST_P(ListRankingParity, MixedWidthsAndDoubles) {
  for (const std::int64_t n : {std::int64_t{32}, std::int64_t{1000}, std::int64_t{100003}}) {
    check_all_ops<std::int32_t, std::int64_t>(ListShape::Random, n);
    check_all_ops<std::int32_t, double>(ListShape::Forest, n);
    check_all_ops<std::int64_t, double>(ListShape::Random, n);
  }
}

TEST_P(ListRankingParity, IntegerSumsWrapAround) {
  const std::int64_t n = 5000;
  const auto forest = test::make_forest<std::int32_t>(ListShape::Random, n);
  std::vector<std::int32_t> values32(n, std::numeric_limits<std::int32_t>::max() - 5);
  std::vector<std::int64_t> values64(n, std::numeric_limits<std::int64_t>::min() + 3);
  check_prefix(forest, values32, ListOp::Sum, options(), "int32 wrap");
  check_prefix(forest, values64, ListOp::Sum, options(), "int64 wrap");
}

TEST_P(ListRankingParity, RanksMatchPositions) {
  for (const std::int64_t n : kSizes) {
    for (const ListShape shape : {ListShape::Random, ListShape::Forest, ListShape::Ordered}) {
      const auto& forest32 = test::cached_forest<std::int32_t>(shape, n);
      ListRankingStats stats;
      EXPECT_EQ(list_rank<std::int32_t>(forest32.successor, options(), &stats),
                test::expected_rank(forest32))
          << test::to_string(shape) << " n=" << n;
      EXPECT_EQ(stats.lists, static_cast<std::int64_t>(forest32.lists.size()));
      const auto& forest64 = test::cached_forest<std::int64_t>(shape, n);
      EXPECT_EQ(list_rank<std::int64_t>(forest64.successor, options()),
                test::expected_rank(forest64))
          << test::to_string(shape) << " n=" << n;
    }
  }
}

TEST_P(ListRankingParity, ResultDoesNotDependOnSplitters) {
  const std::int64_t n = 70001;
  const auto forest = test::make_forest<std::int32_t>(ListShape::Forest, n, 3);
  const auto values = test::make_values<std::int64_t>(n, 5);
  for (const std::int64_t sublists : {std::int64_t{1}, std::int64_t{7}, std::int64_t{4096}, n}) {
    for (const std::uint64_t seed : {std::uint64_t{1}, std::uint64_t{99}}) {
      check_prefix(forest, values, ListOp::Sum, options(seed, sublists),
                   "sublists=" + std::to_string(sublists) + " seed=" + std::to_string(seed));
    }
  }
}

TEST_P(ListRankingParity, OutOfRangeSuccessorIsInvalidArgument) {
  std::vector<std::int32_t> values(5, 1);
  std::vector<std::int32_t> prefix(5);
  const std::vector<std::int32_t> too_big = {1, 2, 5, 4, -1};
  const std::vector<std::int32_t> too_small = {1, 2, -2, 4, -1};
  EXPECT_THROW(
      (list_prefix<std::int32_t, std::int32_t>(too_big, values, ListOp::Sum, prefix, options())),
      InvalidArgument);
  EXPECT_THROW(
      (list_prefix<std::int32_t, std::int32_t>(too_small, values, ListOp::Sum, prefix, options())),
      InvalidArgument);
  const std::vector<std::int64_t> too_big64 = {std::int64_t{1} << 40, -1};
  EXPECT_THROW(list_rank<std::int64_t>(too_big64, options()), InvalidArgument);
}

TEST_P(ListRankingParity, TwoPredecessorsIsInvalidArgument) {
  // 0 -> 2 and 1 -> 2: node 2 follows two nodes.
  const std::vector<std::int32_t> merge = {2, 2, 3, -1};
  EXPECT_THROW(list_rank<std::int32_t>(merge, options()), InvalidArgument);
  // A tail feeding back into the middle of its own list (a "rho"): 3 -> 1 while 0 -> 1.
  const std::vector<std::int32_t> rho = {1, 2, 3, 1};
  EXPECT_THROW(list_rank<std::int32_t>(rho, options()), InvalidArgument);
  // One tail, so the GPU tries its single-list path: the sum of successors names node 3 as the
  // head, but 0 and 4 are heads too and node 1 follows both 0 and 3.
  const std::vector<std::int32_t> one_tail = {1, 2, -1, 1, 3};
  EXPECT_THROW(list_rank<std::int32_t>(one_tail, options()), InvalidArgument);
  // Large, one tail: a random list cut after position 99989, its last ten nodes turned into a
  // branch that merges into its middle (order[50000] then follows two nodes).
  auto merged = test::make_forest<std::int32_t>(ListShape::Random, 100000, 4);
  const auto& order = merged.lists[0];
  merged.successor[order[99989]] = kInvalidVertex<std::int32_t>;
  merged.successor[order[99999]] = order[50000];
  EXPECT_THROW(list_rank<std::int32_t>(merged.successor, options()), InvalidArgument);
  // Large: a random list whose last node points at a middle node.
  auto forest = test::make_forest<std::int32_t>(ListShape::Random, 100000);
  forest.successor[forest.lists[0].back()] = forest.lists[0][500];
  EXPECT_THROW(list_rank<std::int32_t>(forest.successor, options()), InvalidArgument);
}

TEST_P(ListRankingParity, CyclesAreValidationErrors) {
  const std::vector<std::int32_t> self_loop = {0};
  EXPECT_THROW(list_rank<std::int32_t>(self_loop, options()), ValidationError);
  const std::vector<std::int32_t> pure_cycle = {1, 2, 0};
  EXPECT_THROW(list_rank<std::int32_t>(pure_cycle, options()), ValidationError);
  // A valid list 0 -> 1 -> 2 beside the cycle 3 -> 4 -> 3.
  const std::vector<std::int32_t> list_and_cycle = {1, 2, -1, 4, 3};
  EXPECT_THROW(list_rank<std::int32_t>(list_and_cycle, options()), ValidationError);
  // Large: a random list closed into one cycle (no head at all) must fail fast, not loop.
  auto forest = test::make_forest<std::int32_t>(ListShape::Random, (1 << 20) + 7);
  forest.successor[forest.lists[0].back()] = forest.lists[0].front();
  EXPECT_THROW(list_rank<std::int32_t>(forest.successor, options()), ValidationError);
  // Large forest with one small cycle among thousands of valid lists.
  auto many = test::make_forest<std::int64_t>(ListShape::Forest, 300000);
  ASSERT_GT(many.lists.size(), 10u);
  const auto& victim = many.lists[many.lists.size() / 2];
  many.successor[victim.back()] = victim.front();
  std::vector<std::int64_t> values(many.successor.size(), 2);
  std::vector<std::int64_t> prefix(many.successor.size());
  EXPECT_THROW((list_prefix<std::int64_t, std::int64_t>(many.successor, values, ListOp::Max, prefix,
                                                        options())),
               ValidationError);
}

TEST_P(ListRankingParity, MismatchedSizesAreInvalidArgument) {
  const std::vector<std::int32_t> successor = {1, 2, -1};
  std::vector<std::int32_t> short_values(2, 1);
  std::vector<std::int32_t> prefix(3);
  EXPECT_THROW((list_prefix<std::int32_t, std::int32_t>(successor, short_values, ListOp::Sum,
                                                        prefix, options())),
               InvalidArgument);
}

std::string param_name(const ::testing::TestParamInfo<Param>& info) {
  std::string name = std::get<0>(info.param) == DeviceKind::Cuda ? "Cuda_" : "Cpu_";
  switch (std::get<1>(info.param)) {
    case ListRankingAlgorithm::Auto:
      return name + "Auto";
    case ListRankingAlgorithm::Sequential:
      return name + "Sequential";
    case ListRankingAlgorithm::HelmanJaja:
      return name + "HelmanJaja";
    case ListRankingAlgorithm::Wyllie:
      return name + "Wyllie";
  }
  return name;
}

INSTANTIATE_TEST_SUITE_P(Cpu, ListRankingParity,
                         ::testing::Combine(::testing::Values(DeviceKind::Cpu),
                                            ::testing::Values(ListRankingAlgorithm::Auto,
                                                              ListRankingAlgorithm::Sequential,
                                                              ListRankingAlgorithm::HelmanJaja,
                                                              ListRankingAlgorithm::Wyllie)),
                         param_name);

INSTANTIATE_TEST_SUITE_P(Cuda, ListRankingParity,
                         ::testing::Combine(::testing::Values(DeviceKind::Cuda),
                                            ::testing::Values(ListRankingAlgorithm::Auto,
                                                              ListRankingAlgorithm::HelmanJaja,
                                                              ListRankingAlgorithm::Wyllie)),
                         param_name);

TEST(ListRankingDevice, GpuWithoutUsableGpuIsCudaError) {
  if (cuda_device_count() > 0) GTEST_SKIP() << "a GPU is usable here";
  const std::vector<std::int32_t> successor = {1, -1};
  ListRankingOptions options;
  options.device = Device::cuda(0);
  EXPECT_THROW(list_rank<std::int32_t>(successor, options), CudaError);
}

TEST(ListRankingDevice, SequentialOnGpuIsInvalidArgument) {
  FRONTIER_REQUIRE_GPU();
  const std::vector<std::int32_t> successor = {1, -1};
  ListRankingOptions options;
  options.device = Device::cuda(0);
  options.algorithm = ListRankingAlgorithm::Sequential;
  EXPECT_THROW(list_rank<std::int32_t>(successor, options), InvalidArgument);
}

TEST(ListRankingNames, ParseAndPrintRoundTrip) {
  for (const auto algorithm : {ListRankingAlgorithm::Auto, ListRankingAlgorithm::Sequential,
                               ListRankingAlgorithm::HelmanJaja, ListRankingAlgorithm::Wyllie}) {
    EXPECT_EQ(parse_list_ranking_algorithm(to_string(algorithm)), algorithm);
  }
  for (const auto op : kOps) EXPECT_EQ(parse_list_op(to_string(op)), op);
  EXPECT_EQ(parse_list_ranking_algorithm("wei-jaja"), ListRankingAlgorithm::HelmanJaja);
  EXPECT_THROW(parse_list_ranking_algorithm("quick"), InvalidArgument);
  EXPECT_THROW(parse_list_op("product"), InvalidArgument);
  EXPECT_EQ(to_string(ListWalk::None), "none");
  EXPECT_EQ(to_string(ListWalk::InPlace), "in-place");
  EXPECT_EQ(to_string(ListWalk::Staged), "staged");
}

// Affine maps x -> a*x + b under composition (mod 2^64): associative, not commutative, so any
// regrouping or reordering mistake in the generic templates changes the result.
struct Affine {
  std::uint64_t a = 1;
  std::uint64_t b = 0;
  bool operator==(const Affine&) const = default;
};
struct ComposeAffine {
  // Apply `first`, then `second`.
  Affine operator()(const Affine& first, const Affine& second) const {
    return {second.a * first.a, second.a * first.b + second.b};
  }
};

TEST(ListPrefixGeneric, NonCommutativeOperatorEveryAlgorithm) {
  for (const std::int64_t n :
       {std::int64_t{0}, std::int64_t{1}, std::int64_t{33}, std::int64_t{200003}}) {
    const auto forest = test::make_forest<std::int64_t>(ListShape::Forest, n, 17);
    std::vector<Affine> values(static_cast<std::size_t>(n));
    for (std::int64_t i = 0; i < n; ++i) {
      values[i] = {counter_random(3, i) | 1, counter_random(4, i)};
    }
    const auto expected = test::expected_prefix(forest, values, ComposeAffine{});
    std::vector<Affine> prefix(static_cast<std::size_t>(n));
    std::span<const std::int64_t> successor(forest.successor);
    std::span<const Affine> in(values);
    list_prefix_sequential(successor, in, ComposeAffine{}, std::span<Affine>(prefix));
    EXPECT_EQ(prefix, expected) << "sequential n=" << n;
    std::fill(prefix.begin(), prefix.end(), Affine{7, 7});
    list_prefix_helman_jaja(successor, in, ComposeAffine{}, std::span<Affine>(prefix), 100, 5);
    EXPECT_EQ(prefix, expected) << "helman-jaja n=" << n;
    std::fill(prefix.begin(), prefix.end(), Affine{7, 7});
    list_prefix_wyllie(successor, in, ComposeAffine{}, std::span<Affine>(prefix));
    EXPECT_EQ(prefix, expected) << "wyllie n=" << n;
    std::fill(prefix.begin(), prefix.end(), Affine{7, 7});
    ListRankingOptions options;
    list_prefix_generic(successor, in, ComposeAffine{}, std::span<Affine>(prefix), options);
    EXPECT_EQ(prefix, expected) << "generic auto n=" << n;
  }
}

TEST(ListPrefixGeneric, GenericRejectsGpuDevice) {
  const std::vector<std::int32_t> successor = {-1};
  const std::vector<std::int32_t> values = {4};
  std::vector<std::int32_t> prefix(1);
  ListRankingOptions options;
  options.device = Device::cuda(0);
  EXPECT_THROW(list_prefix_generic(std::span<const std::int32_t>(successor),
                                   std::span<const std::int32_t>(values), ListSumOp<std::int32_t>{},
                                   std::span<std::int32_t>(prefix), options),
               InvalidArgument);
}

}  // namespace
}  // namespace frontier
