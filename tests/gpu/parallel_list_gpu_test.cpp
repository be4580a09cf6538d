// GPU-specific tests of ParallelList: sizes where the CUDA storage runs many blocks, several
// pointer-jumping rounds (erasing one run of 2^22 elements, and alternating long runs), growth of
// a large list on the device (an insert exceeding the free slots: linked after the growth, by
// the same selection), consecutive inserts selecting each other's new nodes, the index layer ranked
// on the GPU (Wei–JaJa levels), equality with the CPU storage after the same random operation
// sequence, and device functors (parallel_list_functor_probe.hpp): per-element counts across
// selection tiles and through growth, negative counts and too many values rejected with the list
// unchanged, per-element counts of neighbouring elements inserted before them (singly linked: the
// predecessor places them), chains longer than a tile block's threads and tiles placing more
// nodes than they have slots, insert runs straddling freed, fresh and grown slots, a negative
// count in the last tile only, and list sizes around the group sizes of the tile sums (the link
// kernels' tile offsets). Every case skips where no GPU is usable; tests/parity covers the small
// sizes on both backends.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "frontier/device.hpp"
#include "frontier/errors.hpp"
#include "frontier/parallel_list.hpp"
#include "frontier/random.hpp"
#include "parallel_list/cuda/parallel_list_tuning.hpp"
#include "support/cuda/parallel_list_functor_probe.hpp"
#include "support/parallel_list_model.hpp"
#include "support/require_gpu.hpp"

namespace frontier {
namespace {

class ParallelListGpu : public ::testing::Test {
 protected:
  void SetUp() override { FRONTIER_REQUIRE_GPU(); }
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
  // The erase frees about half the slots; the insert then needs two values per element, more
  // than the free stack holds: nothing is linked until the storage has grown, then everything.
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

/// What test::insert_shifted_counts inserts into `model`: e - shift values e * 1000 + j after or
/// before every element e >= min_selected (the counts must not be negative). Returns the total.
std::int64_t model_shifted_counts(test::ListModel<std::int64_t>& model, ListPosition position,
                                  std::int64_t min_selected, std::int64_t shift) {
  const std::vector<std::int64_t> current = model.to_vector();
  std::vector<std::int64_t> counts(current.size(), 0);
  std::vector<std::int64_t> values;
  for (std::size_t i = 0; i < current.size(); ++i) {
    if (current[i] < min_selected) continue;
    counts[i] = current[i] - shift;
    for (std::int64_t j = 0; j < counts[i]; ++j) values.push_back(current[i] * 1000 + j);
  }
  model.insert_counts(position, counts, values);
  return static_cast<std::int64_t>(values.size());
}

TEST_F(ParallelListGpu, DeviceFunctorCountsVaryPerElementAcrossTilesAndGrowth) {
  // Several selection tiles and a few slots; no reserve, so the first insert grows the storage and
  // links after the growth.
  const std::int64_t n = 3 * 4096 + 7;
  const auto values = test::random_values<std::int64_t>(n, 21);
  ParallelList<std::int64_t> list(values, gpu());
  test::ListModel<std::int64_t> model(values);
  const std::int64_t first = model_shifted_counts(model, ListPosition::After, 40, 38);
  ASSERT_GT(first, 0);
  EXPECT_EQ(test::insert_shifted_counts(list, ListPosition::After, 40, 38), first);
  EXPECT_EQ(list.counters().grows, 1);
  EXPECT_EQ(list.to_vector(), model.to_vector());
  // A functor erase frees slots; the next functor insert (before, selecting only the new values
  // 63021..63024, with 1..4 values each) reuses them.
  const auto ends_in_one = [](std::int64_t e) { return e % 1000 == 1; };
  EXPECT_EQ(test::erase_remainder(list, 1000, 1), model.erase(ends_in_one));
  EXPECT_EQ(list.to_vector(), model.to_vector());
  const std::int64_t second = model_shifted_counts(model, ListPosition::Before, 63021, 63020);
  ASSERT_GT(second, 0);
  ASSERT_LE(second, list.free_slots());
  EXPECT_EQ(test::insert_shifted_counts(list, ListPosition::Before, 63021, 63020), second);
  EXPECT_EQ(list.counters().grows, 1);
  EXPECT_EQ(list.to_vector(), model.to_vector());
  const std::vector<std::int64_t> iterated(list.begin(), list.end());
  EXPECT_EQ(iterated, model.to_vector());
}

TEST_F(ParallelListGpu, DeviceFunctorCountsBeforeNeighboursInOneBitmapWord) {
  // Values 1, 2, 3, 0, 1, 2, ...: three of every four elements are selected with 1..3 values, so
  // the predecessor placing an element's values before it sums the counts of the selected
  // elements before it in its 32-slot bitmap word (the head's predecessor is the sentinel). No
  // reserve: the insert grows the storage and links after the growth.
  const std::int64_t n = 2 * 4096 + 3;
  std::vector<std::int64_t> values(static_cast<std::size_t>(n));
  for (std::int64_t i = 0; i < n; ++i) values[i] = (i + 1) % 4;
  ParallelList<std::int64_t> list(values, gpu());
  test::ListModel<std::int64_t> model(values);
  const std::int64_t inserted = model_shifted_counts(model, ListPosition::Before, 1, 0);
  EXPECT_EQ(test::insert_shifted_counts(list, ListPosition::Before, 1, 0), inserted);
  EXPECT_EQ(list.counters().grows, 1);
  EXPECT_EQ(list.to_vector(), model.to_vector());
  // Erase every e with e % 1000 == 1: the initial 1s and the second values 2001 and 3001 of the
  // runs placed before the 2s and 3s.
  const auto ends_in_one = [](std::int64_t e) { return e % 1000 == 1; };
  EXPECT_EQ(test::erase_remainder(list, 1000, 1), model.erase(ends_in_one));
  EXPECT_EQ(list.to_vector(), model.to_vector());
  const std::vector<std::int64_t> iterated(list.begin(), list.end());
  EXPECT_EQ(iterated, model.to_vector());
}

TEST_F(ParallelListGpu, DeviceFunctorNegativeCountsAndTooManyValuesLeaveTheListUnchanged) {
  const std::int64_t n = 2 * 4096 + 1;
  const auto values = test::random_values<std::int64_t>(n, 22);
  ParallelList<std::int64_t> list(values, gpu());
  EXPECT_EQ(list.erase(Predicate<std::int64_t>::equal(5)),
            test::ListModel<std::int64_t>(values).erase(Predicate<std::int64_t>::equal(5)));
  const std::vector<std::int64_t> before = list.to_vector();
  const std::int64_t capacity = list.capacity();
  const std::int64_t free_slots = list.free_slots();
  // Elements 0..9 would get negative counts (the others positive ones).
  EXPECT_THROW(test::insert_shifted_counts(list, ListPosition::After, 0, 10), InvalidArgument);
  // Every element would get more than 2^31 values: more than 32-bit slots can hold.
  EXPECT_THROW(test::insert_shifted_counts(list, ListPosition::Before, 0, -(std::int64_t{1} << 31)),
               InvalidArgument);
  EXPECT_EQ(list.to_vector(), before);
  EXPECT_EQ(list.size(), static_cast<std::int64_t>(before.size()));
  EXPECT_EQ(list.capacity(), capacity);
  EXPECT_EQ(list.free_slots(), free_slots);
  EXPECT_EQ(list.counters().grows, 0);
  // The list still works: counts of zero select nothing, small counts insert.
  EXPECT_EQ(test::insert_shifted_counts(list, ListPosition::After, 64, 0), 0);
  test::ListModel<std::int64_t> model(before);
  const std::int64_t expected = model_shifted_counts(model, ListPosition::After, 62, 61);
  EXPECT_EQ(test::insert_shifted_counts(list, ListPosition::After, 62, 61), expected);
  EXPECT_EQ(list.to_vector(), model.to_vector());
}

TEST_F(ParallelListGpu, InsertRunsStraddleFreedFreshAndGrownSlots) {
  // Ten tiles of elements and 30000 reserved (fresh) slots. The erase frees about 1/16 of the
  // slots, scattered; the first insert (two values after every element < 8, about 1/4 of them)
  // takes all of the freed slots and then fresh ones from the high-water mark, so the tile whose
  // positions cross that boundary writes both kinds; the second (one value before every element)
  // needs more than the free stack: it links after one growth, its positions running from the
  // old fresh slots into the grown ones.
  const std::int64_t n = 10 * 4096 + 123;
  const auto values = test::random_values<std::int32_t>(n, 31);
  ParallelListOptions options = gpu();
  options.reserve = 30000;
  ParallelList<std::int32_t> list(values, options);
  test::ListModel<std::int32_t> model(values);
  const std::int64_t erased = model.erase(Predicate<std::int32_t>::less(4));
  ASSERT_GT(erased, 0);
  EXPECT_EQ(list.erase(Predicate<std::int32_t>::less(4)), erased);
  EXPECT_EQ(list.free_slots(), 30000 + erased);
  const std::vector<std::int32_t> pair = {-1, -2};
  const std::int64_t first = model.insert(ListPosition::After, Predicate<std::int32_t>::less(20),
                                          std::span<const std::int32_t>(pair));
  ASSERT_GT(first, erased);
  ASSERT_LT(first, list.free_slots());
  EXPECT_EQ(list.insert(ListPosition::After, Predicate<std::int32_t>::less(20),
                        std::span<const std::int32_t>(pair)),
            first);
  EXPECT_EQ(list.counters().grows, 0);
  EXPECT_EQ(list.to_vector(), model.to_vector());
  const std::int64_t free_before = list.free_slots();
  const std::vector<std::int32_t> minus_three = {-3};
  const std::int64_t second = model.insert(ListPosition::Before, Predicate<std::int32_t>::all(),
                                           std::span<const std::int32_t>(minus_three));
  ASSERT_GT(second, free_before);
  EXPECT_EQ(list.insert(ListPosition::Before, Predicate<std::int32_t>::all(), -3), second);
  EXPECT_EQ(list.counters().grows, 1);
  EXPECT_EQ(list.capacity(), list.size() + list.free_slots());
  EXPECT_EQ(list.to_vector(), model.to_vector());
  // The new nodes are elements like any other: erase some of them, reuse their slots.
  EXPECT_EQ(list.erase(Predicate<std::int32_t>::equal(-1)),
            model.erase(Predicate<std::int32_t>::equal(-1)));
  EXPECT_EQ(list.insert(ListPosition::After, Predicate<std::int32_t>::equal(-2), 9),
            model.insert(ListPosition::After, Predicate<std::int32_t>::equal(-2),
                         std::span<const std::int32_t>(std::vector<std::int32_t>{9})));
  EXPECT_EQ(list.counters().grows, 1);
  EXPECT_EQ(list.to_vector(), model.to_vector());
  const std::vector<std::int32_t> iterated(list.begin(), list.end());
  EXPECT_EQ(iterated, model.to_vector());
}

TEST_F(ParallelListGpu, DeviceFunctorChainsLongerThanATileBlock) {
  // Values i % 50, except five elements 5000. After: counts e - 40 for e >= 41 give 1..9 values
  // to most selected elements and 4960 (5000000 ..) to each 5000, so one chain spans many rounds
  // of a block's threads and more than a tile of slots (no reserve: linked after a growth).
  // Before, after an erase: the 260 values 5004700 .. 5004959 of every long chain get 300 ..
  // 559 values each, so tiles place far more nodes than they have slots, into the freed slots
  // and then past one more growth.
  const std::int64_t n = 5 * 4096 + 17;
  std::vector<std::int64_t> values(static_cast<std::size_t>(n));
  for (std::int64_t i = 0; i < n; ++i) values[i] = i % 4000 == 3999 ? 5000 : i % 50;
  ParallelList<std::int64_t> list(values, gpu());
  test::ListModel<std::int64_t> model(values);
  const std::int64_t after = model_shifted_counts(model, ListPosition::After, 41, 40);
  EXPECT_EQ(test::insert_shifted_counts(list, ListPosition::After, 41, 40), after);
  EXPECT_EQ(list.counters().grows, 1);
  EXPECT_EQ(list.to_vector(), model.to_vector());
  const auto ends_in_one = [](std::int64_t e) { return e % 1000 == 1; };
  const std::int64_t erased = model.erase(ends_in_one);
  ASSERT_GT(erased, 0);
  EXPECT_EQ(test::erase_remainder(list, 1000, 1), erased);
  const std::int64_t before = model_shifted_counts(model, ListPosition::Before, 5004700, 5004400);
  ASSERT_GT(before, list.free_slots());
  EXPECT_EQ(test::insert_shifted_counts(list, ListPosition::Before, 5004700, 5004400), before);
  EXPECT_EQ(list.counters().grows, 2);
  EXPECT_EQ(list.capacity(), list.size() + list.free_slots());
  EXPECT_EQ(list.to_vector(), model.to_vector());
  const std::vector<std::int64_t> iterated(list.begin(), list.end());
  EXPECT_EQ(iterated, model.to_vector());
}

TEST_F(ParallelListGpu, DeviceFunctorNegativeCountInTheLastTileLeavesTheListUnchanged) {
  // 41 selection tiles, two groups of the tile sums (32 tiles each); the only negative count is
  // in the last tile. Every link block reads the whole operation's sum (complete before any link
  // kernel starts), so none links anything, whatever its own tile holds; the reserve makes the
  // positive counts fit, so only the negative count stops the insert.
  const std::int64_t n = 40 * cuda::kListTileSlots + 100;
  std::vector<std::int64_t> values(static_cast<std::size_t>(n), 100);
  values[n - 2] = 5;
  ParallelListOptions options = gpu();
  options.reserve = 2 * n;
  ParallelList<std::int64_t> list(values, options);
  const std::int64_t free_slots = list.free_slots();
  for (const ListPosition position : {ListPosition::After, ListPosition::Before}) {
    // Counts 100 - 99 = 1 for every element but the 5 (5 - 99 < 0).
    EXPECT_THROW(test::insert_shifted_counts(list, position, 0, 99), InvalidArgument);
    EXPECT_EQ(list.to_vector(), values);
    EXPECT_EQ(list.free_slots(), free_slots);
  }
  EXPECT_EQ(list.counters().grows, 0);
  // The same storage then inserts: two values after every 100 (they fit), then one or two before
  // every new value (more than the free slots: linked after a growth).
  test::ListModel<std::int64_t> model(values);
  const std::int64_t after = model_shifted_counts(model, ListPosition::After, 50, 98);
  EXPECT_EQ(test::insert_shifted_counts(list, ListPosition::After, 50, 98), after);
  EXPECT_EQ(list.counters().grows, 0);
  EXPECT_EQ(list.to_vector(), model.to_vector());
  const std::int64_t before = model_shifted_counts(model, ListPosition::Before, 100000, 99999);
  ASSERT_GT(before, list.free_slots());
  EXPECT_EQ(test::insert_shifted_counts(list, ListPosition::Before, 100000, 99999), before);
  EXPECT_EQ(list.counters().grows, 1);
  EXPECT_EQ(list.to_vector(), model.to_vector());
}

TEST_F(ParallelListGpu, InsertsAndErasesAroundTileSumGroupSizes) {
  // The link kernels place a tile's nodes at the sum of the group sums before its group and the
  // tallies before it in its group; 1024 tiles make 32 groups of 32, 1025 tiles 17 groups of
  // 64 (the last one short). Each sequence grows the storage on its first insert (no reserve:
  // the link after growth computes the offsets again), erases (offsets on the free stack),
  // inserts runs after and one value before, erases the inserted values, and compares with the
  // model after every operation.
  for (const std::int64_t tiles : {std::int64_t{1024}, std::int64_t{1025}}) {
    // Slot 0 is the sentinel: n elements fill tiles * kListTileSlots - 1 slots and one more.
    const std::int64_t n = (tiles - 1) * cuda::kListTileSlots + 1;
    const auto values = test::random_values<std::int32_t>(n, 60 + tiles);
    ParallelList<std::int32_t> list(values, gpu());
    test::ListModel<std::int32_t> model(values);
    const std::string context = "tiles=" + std::to_string(tiles);
    const std::vector<std::int32_t> pair = {-1, -2};
    EXPECT_EQ(list.insert(ListPosition::After, Predicate<std::int32_t>::less(8),
                          std::span<const std::int32_t>(pair)),
              model.insert(ListPosition::After, Predicate<std::int32_t>::less(8),
                           std::span<const std::int32_t>(pair)))
        << context;
    EXPECT_EQ(list.counters().grows, 1) << context;
    EXPECT_EQ(list.to_vector(), model.to_vector()) << context;
    EXPECT_EQ(list.erase(Predicate<std::int32_t>::odd()),
              model.erase(Predicate<std::int32_t>::odd()))
        << context;
    EXPECT_EQ(list.to_vector(), model.to_vector()) << context;
    const std::vector<std::int32_t> three = {-3, -4, -5};
    EXPECT_EQ(list.insert(ListPosition::After, Predicate<std::int32_t>::greater(40),
                          std::span<const std::int32_t>(three)),
              model.insert(ListPosition::After, Predicate<std::int32_t>::greater(40),
                           std::span<const std::int32_t>(three)))
        << context;
    EXPECT_EQ(list.to_vector(), model.to_vector()) << context;
    const std::vector<std::int32_t> nine = {9};
    EXPECT_EQ(list.insert(ListPosition::Before, Predicate<std::int32_t>::equal(-4), 9),
              model.insert(ListPosition::Before, Predicate<std::int32_t>::equal(-4),
                           std::span<const std::int32_t>(nine)))
        << context;
    EXPECT_EQ(list.to_vector(), model.to_vector()) << context;
    EXPECT_EQ(list.erase(Predicate<std::int32_t>::less(0)),
              model.erase(Predicate<std::int32_t>::less(0)))
        << context;
    EXPECT_EQ(list.to_vector(), model.to_vector()) << context;
    EXPECT_EQ(list.capacity(), list.size() + list.free_slots()) << context;
    if (HasFailure()) return;
  }
}

TEST_F(ParallelListGpu, DeviceFunctorsNeedAListOnTheGpu) {
  ParallelList<std::int64_t> on_cpu(std::vector<std::int64_t>{1, 2, 3});
  EXPECT_THROW(test::insert_shifted_counts(on_cpu, ListPosition::After, 0, 0), InvalidArgument);
  EXPECT_THROW(test::erase_remainder(on_cpu, 2, 0), InvalidArgument);
  EXPECT_EQ(on_cpu.size(), 3);
}

}  // namespace
}  // namespace frontier
