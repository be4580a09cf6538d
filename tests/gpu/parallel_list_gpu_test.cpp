// GPU-specific tests of ParallelList: sizes where the CUDA storage runs many blocks, several
// pointer-jumping rounds (erasing one run of 2^22 elements, and alternating long runs), growth of
// a large list on the device (an insert only partly fitting the free slots: linked by two scans
// around the growth), consecutive inserts selecting each other's new nodes, the index layer ranked
// on the GPU (Wei–JaJa levels), and equality with the CPU storage after the same random operation
// sequence. Every case skips where no GPU is usable; tests/parity covers the small sizes on both
// backends.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "frontier/device.hpp"
#include "frontier/parallel_list.hpp"
#include "frontier/random.hpp"
#include "parity/parallel_list_model.hpp"

namespace frontier {
namespace {

class ParallelListGpu : public ::testing::Test {
 protected:
  void SetUp() override {
    if (cuda_device_count() == 0) GTEST_SKIP() << "no usable CUDA GPU";
  }
  static ParallelListOptions gpu() {
    ParallelListOptions options;
    options.device = Device::cuda(0);
    return options;
  }
};

TEST_F(ParallelListGpu, EraseOneLongRunNeedsSeveralJumpRounds) {
  const std::int64_t n = (std::int64_t{1} << 22) + 3;
  std::vector<std::int32_t> values(n);
  for (std::int64_t i = 0; i < n; ++i) values[i] = i == 0 || i == n - 1 ? -1 : 1;
  ParallelList<std::int32_t> list(values, gpu());
  // Everything but the two ends: one run of n - 2 erased slots.
  EXPECT_EQ(list.erase(Predicate<std::int32_t>::equal(1)), n - 2);
  EXPECT_EQ(list.to_vector(), (std::vector<std::int32_t>{-1, -1}));
  EXPECT_EQ(list.free_slots(), n - 2);
  EXPECT_EQ(list.erase(Predicate<std::int32_t>::all()), 2);
  EXPECT_EQ(list.size(), 0);
}

TEST_F(ParallelListGpu, AlternatingRunsReuseErasedSlots) {
  const std::int64_t n = (std::int64_t{1} << 21) + 17;
  std::vector<std::int64_t> values(n);
  // Runs of 1000 odd values between single even values.
  for (std::int64_t i = 0; i < n; ++i) values[i] = i % 1001 == 0 ? 2 * i : 2 * i + 1;
  ParallelList<std::int64_t> list(values, gpu());
  test::ListModel<std::int64_t> model(values);
  EXPECT_EQ(list.erase(Predicate<std::int64_t>::odd()),
            model.erase(Predicate<std::int64_t>::odd()));
  EXPECT_EQ(list.to_vector(), model.to_vector());
  // Three values after every element, then one before every element: the ~2M erased slots hold
  // them all, so the storage never grows.
  const std::vector<std::int64_t> run = {-1, -2, -3};
  EXPECT_EQ(list.insert(ListPosition::After, Predicate<std::int64_t>::all(),
                        std::span<const std::int64_t>(run)),
            model.insert(ListPosition::After, Predicate<std::int64_t>::all(),
                         std::span<const std::int64_t>(run)));
  const std::vector<std::int64_t> one = {7};
  EXPECT_EQ(list.insert(ListPosition::Before, Predicate<std::int64_t>::all(), 7),
            model.insert(ListPosition::Before, Predicate<std::int64_t>::all(),
                         std::span<const std::int64_t>(one)));
  EXPECT_EQ(list.to_vector(), model.to_vector());
  EXPECT_EQ(list.counters().grows, 0);
  EXPECT_EQ(list.capacity(), n);
  EXPECT_EQ(list.free_slots(), n - list.size());
}

TEST_F(ParallelListGpu, InsertPartlyFittingTheFreeSlotsGrowsOnceAndKeepsOrder) {
  // The erase frees about half the slots; the insert then needs two values per element, so the
  // elements whose runs fit the free stack are linked by the first scan and the rest after the
  // growth, by a second one.
  const std::int64_t n = (std::int64_t{1} << 20) + 11;
  const auto values = test::random_values<std::int32_t>(n, 5);
  ParallelList<std::int32_t> list(values, gpu());
  test::ListModel<std::int32_t> model(values);
  EXPECT_EQ(list.erase(Predicate<std::int32_t>::even()),
            model.erase(Predicate<std::int32_t>::even()));
  const std::int64_t free_before = list.free_slots();
  ASSERT_GT(free_before, 0);
  const std::vector<std::int32_t> run = {-5, -6};
  const std::int64_t expected = model.insert(ListPosition::Before, Predicate<std::int32_t>::all(),
                                             std::span<const std::int32_t>(run));
  ASSERT_GT(expected, free_before);
  EXPECT_EQ(list.insert(ListPosition::Before, Predicate<std::int32_t>::all(),
                        std::span<const std::int32_t>(run)),
            expected);
  EXPECT_EQ(list.counters().grows, 1);
  EXPECT_EQ(list.capacity(), list.size() + list.free_slots());
  EXPECT_EQ(list.to_vector(), model.to_vector());
  // Consecutive inserts see each other's nodes: one value after every -5, then after every -7.
  const std::vector<std::int32_t> seven = {-7};
  const std::vector<std::int32_t> eight = {-8};
  EXPECT_EQ(list.insert(ListPosition::After, Predicate<std::int32_t>::equal(-5), -7),
            model.insert(ListPosition::After, Predicate<std::int32_t>::equal(-5),
                         std::span<const std::int32_t>(seven)));
  EXPECT_EQ(list.insert(ListPosition::After, Predicate<std::int32_t>::equal(-7), -8),
            model.insert(ListPosition::After, Predicate<std::int32_t>::equal(-7),
                         std::span<const std::int32_t>(eight)));
  EXPECT_EQ(list.insert(ListPosition::Before, Predicate<std::int32_t>::less(-6), 3),
            model.insert(ListPosition::Before, Predicate<std::int32_t>::less(-6),
                         std::span<const std::int32_t>(std::vector<std::int32_t>{3})));
  EXPECT_EQ(list.to_vector(), model.to_vector());
  const std::vector<std::int32_t> iterated(list.begin(), list.end());
  EXPECT_EQ(iterated, model.to_vector());
}

TEST_F(ParallelListGpu, SameResultsAsTheCpuOnALargeRandomSequence) {
  const std::int64_t n = (std::int64_t{1} << 21) + 5;
  const auto values = test::random_values<std::int32_t>(n, 77);
  ParallelList<std::int32_t> on_gpu(values, gpu());
  ParallelList<std::int32_t> on_cpu(values);
  for (std::uint64_t step = 0; step < 12; ++step) {
    const std::uint64_t word = counter_random(4242, step);
    const Predicate<std::int32_t> where = test::random_predicate<std::int32_t>(word >> 3);
    const auto position = (word & 1) != 0 ? ListPosition::After : ListPosition::Before;
    if ((word & 2) != 0) {
      ASSERT_EQ(on_gpu.erase(where), on_cpu.erase(where)) << step;
    } else {
      const auto value = static_cast<std::int32_t>(step);
      ASSERT_EQ(on_gpu.insert(position, where, value), on_cpu.insert(position, where, value))
          << step;
    }
    ASSERT_EQ(on_gpu.size(), on_cpu.size()) << step;
  }
  const std::vector<std::int32_t> expected = on_cpu.to_vector();
  EXPECT_EQ(on_gpu.to_vector(), expected);
  if (!expected.empty()) {
    EXPECT_EQ(on_gpu.at(static_cast<std::int64_t>(expected.size()) / 2),
              expected[expected.size() / 2]);
  }
  const std::vector<std::int32_t> iterated(on_gpu.begin(), on_gpu.end());
  EXPECT_EQ(iterated, expected);
}

}  // namespace
}  // namespace frontier
