// Parity tests of ParallelList on every backend (CPU, CUDA) against a std::list model: random
// sequences of bulk inserts (one value, runs, per-element counts, appends) and erases with random
// predicates, checked after every operation through to_vector, at and iteration; erase-all,
// insert into an empty list, growth, slot reuse, predicates matching nothing or everything,
// out-of-range at, bad insert_counts arguments; inserts before the head, before consecutive
// elements and after erases, erased runs at both ends of the list (the GPU list is singly linked:
// predecessors do the work); int32, int64, float and double elements; sizes
// around the GPU storage's selection tiles (cuda::kListTileSlots), with and without reserved slots
// (the GPU scans only up to its high-water mark), an insert exceeding the free slots by one and
// inserts right after growth. GPU cases skip where no GPU is usable.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "frontier/device.hpp"
#include "frontier/errors.hpp"
#include "frontier/parallel_list.hpp"
#include "frontier/random.hpp"
#include "parallel_list/cuda/parallel_list_tuning.hpp"
#include "support/parallel_list_model.hpp"
#include "support/require_gpu.hpp"

namespace frontier {
namespace {

using test::ListModel;

class ParallelListParity : public ::testing::TestWithParam<DeviceKind> {
 protected:
  void SetUp() override {
    if (GetParam() == DeviceKind::Cuda) FRONTIER_REQUIRE_GPU();
  }

  ParallelListOptions options(std::int64_t reserve = 0) const {
    ParallelListOptions result;
    result.device = GetParam() == DeviceKind::Cuda ? Device::cuda(0) : Device::cpu();
    result.reserve = reserve;
    return result;
  }

  /// Every view of the list equals the model, and the slot accounting adds up.
  template <typename T>
  static void expect_equal(const ParallelList<T>& list, const ListModel<T>& model,
                           const std::string& context) {
    const std::vector<T> expected = model.to_vector();
    ASSERT_EQ(list.size(), model.size()) << context;
    ASSERT_EQ(list.to_vector(), expected) << context;
    EXPECT_TRUE(list.index_valid()) << context;
    const std::vector<T> iterated(list.begin(), list.end());
    ASSERT_EQ(iterated, expected) << context << " (iteration)";
    if (!expected.empty()) {
      const auto n = static_cast<std::int64_t>(expected.size());
      for (const std::int64_t i : {std::int64_t{0}, n / 3, n - 1}) {
        EXPECT_EQ(list.at(i), expected[i]) << context << " at(" << i << ")";
      }
    }
    EXPECT_EQ(list.capacity(), list.size() + list.free_slots()) << context;
  }

  /// A random sequence of `steps` operations on a list of n elements, checked after each.
  template <typename T>
  void run_random_sequence(std::int64_t n, int steps, std::uint64_t seed,
                           std::int64_t reserve = 0) {
    const std::vector<T> initial = test::random_values<T>(n, seed);
    ParallelList<T> list(initial, options(reserve));
    ListModel<T> model(initial);
    expect_equal(list, model, "initial n=" + std::to_string(n));
    std::uint64_t counter = 0;
    const auto draw = [&] { return counter_random(seed ^ 0xabcdefULL, counter++); };
    for (int step = 0; step < steps; ++step) {
      const std::uint64_t op = uniform_below(draw(), 6);
      const auto position = (draw() & 1) != 0 ? ListPosition::After : ListPosition::Before;
      const Predicate<T> where = test::random_predicate<T>(draw());
      std::string context = "seed=" + std::to_string(seed) + " n=" + std::to_string(n) +
                            " reserve=" + std::to_string(reserve) +
                            " step=" + std::to_string(step) + " op=" + std::to_string(op) +
                            " where='" + to_string(where) + "' " +
                            (position == ListPosition::After ? "after" : "before");
      if (op == 0 || op == 1) {
        // One value, or a run of 1..3 values, at every selected element.
        const std::int64_t k =
            op == 0 ? 1 : 1 + static_cast<std::int64_t>(uniform_below(draw(), 3));
        const std::vector<T> run = test::random_values<T>(k, draw());
        const std::int64_t expected = model.insert(position, where, run);
        ASSERT_EQ(list.insert(position, where, std::span<const T>(run)), expected) << context;
      } else if (op == 2 || op == 3) {
        ASSERT_EQ(list.erase(where), model.erase(where)) << context;
      } else if (op == 4) {
        // Per-element variable counts in list order (0..2 each).
        std::vector<std::int64_t> counts(static_cast<std::size_t>(model.size()));
        std::int64_t total = 0;
        for (auto& c : counts) total += (c = static_cast<std::int64_t>(uniform_below(draw(), 3)));
        const std::vector<T> values = test::random_values<T>(total, draw());
        model.insert_counts(position, counts, values);
        ASSERT_EQ(list.insert_counts(position, counts, values), total) << context;
      } else {
        const std::vector<T> values =
            test::random_values<T>(static_cast<std::int64_t>(uniform_below(draw(), 5)), draw());
        model.append(values);
        ASSERT_EQ(list.append(values), static_cast<std::int64_t>(values.size())) << context;
      }
      expect_equal(list, model, context);
      if (HasFatalFailure()) return;
    }
  }
};

TEST_P(ParallelListParity, RandomSequencesInt32) {
  for (const std::int64_t n : {0, 1, 2, 31, 32, 33, 1000}) {
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      run_random_sequence<std::int32_t>(n, 12, seed * 131 + n);
      if (HasFatalFailure()) return;
    }
  }
}

TEST_P(ParallelListParity, RandomSequencesInt64FloatDouble) {
  for (const std::int64_t n : {0, 1, 33, 1000}) {
    run_random_sequence<std::int64_t>(n, 10, 7 + n);
    run_random_sequence<float>(n, 10, 8 + n);
    run_random_sequence<double>(n, 10, 9 + n);
    if (HasFatalFailure()) return;
  }
}

TEST_P(ParallelListParity, LargeRandomSequence) {
  // Above the CPU's parallel-scan and sequential-ranking cut-offs (2^16).
  run_random_sequence<std::int32_t>((std::int64_t{1} << 18) + 5, 8, 99);
}

TEST_P(ParallelListParity, RandomSequencesAroundSelectionTiles) {
  // The GPU selects in tiles of kTile slots; slot 0 is the sentinel, so n elements fill slots
  // 1..n and n = kTile - 1 ends exactly at a tile boundary. A reserve leaves free slots above the
  // high-water mark that later inserts reach across tile boundaries.
  constexpr std::int64_t kTile = cuda::kListTileSlots;
  for (const std::int64_t n :
       {std::int64_t{0}, std::int64_t{1}, kTile - 1, kTile, kTile + 1, 3 * kTile + 5}) {
    for (const std::int64_t reserve : {std::int64_t{0}, 2 * kTile + 3}) {
      run_random_sequence<std::int32_t>(n, 8, 1000 + n + reserve, reserve);
      if (HasFatalFailure()) return;
    }
  }
}

TEST_P(ParallelListParity, SelectionAtTileEdgesInsertsAndErasesExactly) {
  // Values equal their list position, so the predicates below select the elements at the tile
  // edges (slots kTile - 1, kTile, kTile + 1, ...) and every other element.
  constexpr auto kTile = static_cast<std::int32_t>(cuda::kListTileSlots);
  for (const std::int32_t n : {1, kTile - 1, kTile, kTile + 1, 3 * kTile + 5}) {
    std::vector<std::int32_t> initial(static_cast<std::size_t>(n));
    for (std::int32_t i = 0; i < n; ++i) initial[i] = i;
    // Room for everything the sequence inserts (at most 3n values), so it never grows.
    ParallelList<std::int32_t> list(initial, options(3 * std::int64_t{n} + kTile));
    ListModel<std::int32_t> model(initial);
    const std::string context = "n=" + std::to_string(n);
    const Predicate<std::int32_t> edge = Predicate<std::int32_t>::greater(kTile - 3);
    EXPECT_EQ(list.insert(ListPosition::After, edge, -1),
              model.insert(ListPosition::After, edge,
                           std::span<const std::int32_t>(std::vector<std::int32_t>{-1})))
        << context;
    expect_equal(list, model, context + " after the edge insert");
    EXPECT_EQ(list.insert(ListPosition::Before, Predicate<std::int32_t>::odd(), -2),
              model.insert(ListPosition::Before, Predicate<std::int32_t>::odd(),
                           std::span<const std::int32_t>(std::vector<std::int32_t>{-2})))
        << context;
    expect_equal(list, model, context + " after the odd insert");
    EXPECT_EQ(list.erase(Predicate<std::int32_t>::less(0)),
              model.erase(Predicate<std::int32_t>::less(0)))
        << context;
    expect_equal(list, model, context + " after erasing the inserted values");
    EXPECT_EQ(list.erase(Predicate<std::int32_t>::even()),
              model.erase(Predicate<std::int32_t>::even()))
        << context;
    expect_equal(list, model, context + " after erasing the even values");
    EXPECT_EQ(list.counters().grows, 0) << context;
    if (HasFatalFailure()) return;
  }
}

TEST_P(ParallelListParity, InsertExceedingTheFreeSlotsByOneGrowsOnce) {
  // 4097 elements 0..4096, no reserve; erasing the 2049 even ones frees 2049 slots.
  std::vector<std::int32_t> initial(4097);
  for (std::int32_t i = 0; i < 4097; ++i) initial[i] = i;
  ParallelList<std::int32_t> list(initial, options());
  ListModel<std::int32_t> model(initial);
  EXPECT_EQ(list.erase(Predicate<std::int32_t>::even()), 2049);
  model.erase(Predicate<std::int32_t>::even());
  ASSERT_EQ(list.free_slots(), 2049);
  // The 1025 odd values 2047..4095 each gain a run of two: 2050 values, one more than fits.
  const Predicate<std::int32_t> upper = Predicate<std::int32_t>::greater(2045);
  const std::vector<std::int32_t> run = {-1, -2};
  EXPECT_EQ(list.insert(ListPosition::After, upper, std::span<const std::int32_t>(run)), 2050);
  model.insert(ListPosition::After, upper, std::span<const std::int32_t>(run));
  EXPECT_EQ(list.counters().grows, 1);
  expect_equal(list, model, "one value beyond the free slots");
  // Right after the growth: an insert that fits (selecting the nodes just linked), then one that
  // grows again, then an erase.
  const std::int64_t free_now = list.free_slots();
  EXPECT_EQ(list.insert(ListPosition::Before, Predicate<std::int32_t>::equal(-2), -3), 1025);
  model.insert(ListPosition::Before, Predicate<std::int32_t>::equal(-2),
               std::span<const std::int32_t>(std::vector<std::int32_t>{-3}));
  EXPECT_EQ(list.counters().grows, 1);
  EXPECT_EQ(list.free_slots(), free_now - 1025);
  expect_equal(list, model, "insert after growth");
  const std::int64_t everyone =
      model.insert(ListPosition::After, Predicate<std::int32_t>::all(),
                   std::span<const std::int32_t>(std::vector<std::int32_t>{7}));
  EXPECT_EQ(list.insert(ListPosition::After, Predicate<std::int32_t>::all(), 7), everyone);
  EXPECT_EQ(list.counters().grows, 2);
  expect_equal(list, model, "second growth");
  EXPECT_EQ(list.erase(Predicate<std::int32_t>::less(0)),
            model.erase(Predicate<std::int32_t>::less(0)));
  expect_equal(list, model, "erase after growth");
}

TEST_P(ParallelListParity, EraseAllThenInsertIntoEmpty) {
  const auto initial = test::random_values<std::int32_t>(5000, 3);
  ParallelList<std::int32_t> list(initial, options());
  const std::int64_t capacity = list.capacity();
  EXPECT_EQ(list.erase(Predicate<std::int32_t>::all()), 5000);
  EXPECT_EQ(list.size(), 0);
  EXPECT_TRUE(list.to_vector().empty());
  EXPECT_TRUE(list.begin() == list.end());
  EXPECT_EQ(list.free_slots(), capacity);
  // Predicates select nothing in an empty list; append fills it from the freed slots.
  EXPECT_EQ(list.insert(ListPosition::After, Predicate<std::int32_t>::all(), 1), 0);
  EXPECT_EQ(list.erase(Predicate<std::int32_t>::all()), 0);
  const std::vector<std::int32_t> values = {5, 6, 7};
  EXPECT_EQ(list.append(values), 3);
  EXPECT_EQ(list.to_vector(), values);
  EXPECT_EQ(list.capacity(), capacity);
  EXPECT_EQ(list.insert(ListPosition::Before, Predicate<std::int32_t>::odd(), -1), 2);
  EXPECT_EQ(list.to_vector(), (std::vector<std::int32_t>{-1, 5, 6, -1, 7}));
}

TEST_P(ParallelListParity, InsertBeforeAndEraseAtTheEndsOfTheList) {
  // Values equal their list position. The GPU list is singly linked: an insert before is done by
  // the selected element's predecessor (the sentinel at the head) and an erase by the survivor
  // before each erased run (the sentinel for a run at the head; a run at the tail ends at the
  // sentinel). Runs of 200 are longer than the GPU's bounded walk, so they also take its
  // pointer-jumping rounds.
  using Pred = Predicate<std::int32_t>;
  constexpr auto kTile = static_cast<std::int32_t>(cuda::kListTileSlots);
  for (const std::int32_t n : {1, 3, 7, kTile + 1, 3 * kTile + 7}) {
    for (const std::int32_t edge_run : {1, 5, 200}) {
      if (edge_run > n) continue;
      std::vector<std::int32_t> initial(static_cast<std::size_t>(n));
      for (std::int32_t i = 0; i < n; ++i) initial[i] = i;
      ParallelList<std::int32_t> list(initial, options());
      ListModel<std::int32_t> model(initial);
      const std::string context = "n=" + std::to_string(n) + " run=" + std::to_string(edge_run);
      const auto insert = [&](ListPosition position, const Pred& where,
                              const std::vector<std::int32_t>& run, const std::string& what) {
        const std::span<const std::int32_t> values(run);
        EXPECT_EQ(list.insert(position, where, values), model.insert(position, where, values))
            << context << " " << what;
        expect_equal(list, model, context + " " + what);
      };
      const auto erase = [&](const Pred& where, const std::string& what) {
        EXPECT_EQ(list.erase(where), model.erase(where)) << context << " " << what;
        expect_equal(list, model, context + " " + what);
      };
      // 1. Before the head and its consecutive successors (one value, then runs of two).
      insert(ListPosition::Before, Pred::less(3), {-1}, "before the first three");
      insert(ListPosition::Before, Pred::less(3), {-2, -3}, "runs before the first three");
      // 2. Before the last elements, consecutive, up to the sentinel.
      insert(ListPosition::Before, Pred::greater(n - 4), {-4}, "before the last three");
      // 3. Erase the inserted values (runs right after the sentinel and in the middle), then a
      //    run right after the sentinel and one that ends at the sentinel.
      erase(Pred::less(0), "erase the inserted values");
      erase(Pred::less(edge_run), "erase a run at the head");
      erase(Pred::greater(n - 1 - edge_run), "erase a run at the tail");
      // 4. Before the new head after the erases, then before every odd value (the new head's
      //    predecessor is now a reused slot).
      insert(ListPosition::Before, Pred::equal(edge_run), {-5}, "before the new head");
      insert(ListPosition::Before, Pred::odd(), {-6, -7}, "before every odd value");
      insert(ListPosition::After, Pred::less(0), {-8}, "after every inserted value");
      // 5. Erase everything, insert into the empty list, refill it and insert before all.
      erase(Pred::all(), "erase all");
      insert(ListPosition::Before, Pred::all(), {-9}, "before all of an empty list");
      const std::vector<std::int32_t> refill = {1, 2, 3};
      EXPECT_EQ(list.append(refill), 3) << context;
      model.append(refill);
      expect_equal(list, model, context + " append after erase all");
      insert(ListPosition::Before, Pred::all(), {-10, -11}, "before all after the refill");
      const std::vector<std::int64_t> counts(static_cast<std::size_t>(list.size()), 1);
      std::vector<std::int32_t> values(counts.size());
      for (std::size_t i = 0; i < values.size(); ++i) values[i] = 100 + static_cast<int>(i);
      EXPECT_EQ(list.insert_counts(ListPosition::Before, counts, values),
                static_cast<std::int64_t>(values.size()))
          << context;
      model.insert_counts(ListPosition::Before, counts, values);
      expect_equal(list, model, context + " insert_counts before every element");
      const std::vector<std::int32_t> tail = {8, 9};
      EXPECT_EQ(list.append(tail), 2) << context;
      model.append(tail);
      expect_equal(list, model, context + " append after insert_counts");
      if (HasFatalFailure()) return;
    }
  }
}

TEST_P(ParallelListParity, EmptyListFromNothing) {
  ParallelList<double> list(options());
  EXPECT_EQ(list.size(), 0);
  EXPECT_EQ(list.capacity(), 0);
  EXPECT_TRUE(list.to_vector().empty());
  EXPECT_THROW(list.at(0), InvalidArgument);
  const std::vector<double> values = {1.5, 2.0};
  EXPECT_EQ(list.append(values), 2);
  EXPECT_EQ(list.counters().grows, 1);
  EXPECT_EQ(list.insert(ListPosition::After, Predicate<double>::even(), 9.0), 1);
  EXPECT_EQ(list.to_vector(), (std::vector<double>{1.5, 2.0, 9.0}));
}

TEST_P(ParallelListParity, GrowthKeepsOrderAndCountsGrows) {
  std::vector<std::int64_t> initial(100);
  for (std::int64_t i = 0; i < 100; ++i) initial[i] = i;
  ParallelList<std::int64_t> list(initial, options());
  ListModel<std::int64_t> model(initial);
  EXPECT_EQ(list.capacity(), 100);
  EXPECT_EQ(list.free_slots(), 0);
  // Every element gains 3 values: 300 new nodes, more than a doubling.
  const std::vector<std::int64_t> run = {-1, -2, -3};
  EXPECT_EQ(list.insert(ListPosition::After, Predicate<std::int64_t>::all(),
                        std::span<const std::int64_t>(run)),
            300);
  model.insert(ListPosition::After, Predicate<std::int64_t>::all(),
               std::span<const std::int64_t>(run));
  EXPECT_EQ(list.counters().grows, 1);
  EXPECT_GE(list.capacity(), 400);
  expect_equal(list, model, "after growth");
  // Doubling again: one more growth, by the growth factor.
  const std::int64_t before = list.capacity();
  EXPECT_EQ(list.insert(ListPosition::Before, Predicate<std::int64_t>::all(), 0), 400);
  model.insert(ListPosition::Before, Predicate<std::int64_t>::all(),
               std::span<const std::int64_t>(std::vector<std::int64_t>{0}));
  EXPECT_EQ(list.counters().grows, 2);
  EXPECT_GE(list.capacity(), 2 * before);
  expect_equal(list, model, "after second growth");
}

TEST_P(ParallelListParity, FreedSlotsAreReusedWithoutGrowth) {
  std::vector<std::int32_t> initial(1000);
  for (std::int32_t i = 0; i < 1000; ++i) initial[i] = i;
  ParallelList<std::int32_t> list(initial, options());
  ListModel<std::int32_t> model(initial);
  EXPECT_EQ(list.erase(Predicate<std::int32_t>::even()), 500);
  model.erase(Predicate<std::int32_t>::even());
  EXPECT_EQ(list.free_slots(), 500);
  EXPECT_EQ(list.capacity(), 1000);
  // 250 values fit in the freed slots: no growth, the free stack shrinks by 250.
  const Predicate<std::int32_t> where = Predicate<std::int32_t>::greater(499);
  EXPECT_EQ(list.insert(ListPosition::After, where, 1000), 250);
  model.insert(ListPosition::After, where, std::span<const std::int32_t>(std::vector{1000}));
  EXPECT_EQ(list.capacity(), 1000);
  EXPECT_EQ(list.free_slots(), 250);
  EXPECT_EQ(list.counters().grows, 0);
  expect_equal(list, model, "reuse");
  // Exactly the remaining 250: still no growth; one more value then grows.
  EXPECT_EQ(list.insert(ListPosition::Before, Predicate<std::int32_t>::less(500), 8), 250);
  model.insert(ListPosition::Before, Predicate<std::int32_t>::less(500),
               std::span<const std::int32_t>(std::vector{8}));
  EXPECT_EQ(list.free_slots(), 0);
  EXPECT_EQ(list.counters().grows, 0);
  EXPECT_EQ(list.insert(ListPosition::Before, Predicate<std::int32_t>::equal(999), 9), 1);
  model.insert(ListPosition::Before, Predicate<std::int32_t>::equal(999),
               std::span<const std::int32_t>(std::vector{9}));
  EXPECT_EQ(list.counters().grows, 1);
  expect_equal(list, model, "after filling the free slots");
}

TEST_P(ParallelListParity, PredicatesMatchingNothingOrEverything) {
  const auto initial = test::random_values<float>(777, 5);
  ParallelList<float> list(initial, options());
  ListModel<float> model(initial);
  EXPECT_EQ(list.insert(ListPosition::After, Predicate<float>::none(), 1.0f), 0);
  EXPECT_EQ(list.insert(ListPosition::After, Predicate<float>::greater(1e9f), 1.0f), 0);
  EXPECT_EQ(list.erase(Predicate<float>::none()), 0);
  EXPECT_EQ(list.erase(Predicate<float>::less(-1.0f)), 0);
  expect_equal(list, model, "nothing matched");
  EXPECT_EQ(list.insert(ListPosition::Before, Predicate<float>::all(), -2.0f), 777);
  model.insert(ListPosition::Before, Predicate<float>::all(),
               std::span<const float>(std::vector{-2.0f}));
  expect_equal(list, model, "insert before everything");
  EXPECT_EQ(list.erase(Predicate<float>::equal(-2.0f)), 777);
  model.erase(Predicate<float>::equal(-2.0f));
  expect_equal(list, model, "erase the inserted ones");
  EXPECT_EQ(list.erase(Predicate<float>::not_equal(-99.0f)), 777);
  EXPECT_EQ(list.size(), 0);
}

TEST_P(ParallelListParity, IndexIsRebuiltOnlyAfterChanges) {
  const auto initial = test::random_values<std::int32_t>(300, 9);
  ParallelList<std::int32_t> list(initial, options());
  EXPECT_FALSE(list.index_valid());
  EXPECT_EQ(list.at(5), initial[5]);
  EXPECT_EQ(list.at(299), initial[299]);
  EXPECT_EQ(list.to_vector(), initial);
  EXPECT_EQ(list.counters().index_rebuilds, 1);
  list.erase(Predicate<std::int32_t>::odd());
  EXPECT_FALSE(list.index_valid());
  list.rebuild_index();
  EXPECT_TRUE(list.index_valid());
  list.to_vector();
  EXPECT_EQ(list.counters().index_rebuilds, 2);
}

TEST_P(ParallelListParity, AtOutOfRangeThrows) {
  const std::vector<std::int32_t> values = {1, 2, 3};
  ParallelList<std::int32_t> list(values, options());
  EXPECT_THROW(list.at(-1), InvalidArgument);
  EXPECT_THROW(list.at(3), InvalidArgument);
  EXPECT_EQ(list.at(2), 3);
}

TEST_P(ParallelListParity, BadArgumentsThrow) {
  const std::vector<std::int32_t> values = {1, 2, 3};
  ParallelList<std::int32_t> list(values, options());
  const std::vector<std::int32_t> none;
  EXPECT_THROW(list.insert_counts(ListPosition::After, std::vector<std::int64_t>{1, 1}, none),
               InvalidArgument);
  EXPECT_THROW(list.insert_counts(ListPosition::After, std::vector<std::int64_t>{1, -1, 0}, none),
               InvalidArgument);
  EXPECT_THROW(list.insert_counts(ListPosition::After, std::vector<std::int64_t>{1, 1, 0}, values),
               InvalidArgument);
  ParallelListOptions bad = options();
  bad.growth_factor = 0.5;
  EXPECT_THROW({ ParallelList<std::int32_t> refused(values, bad); }, InvalidArgument);
  bad = options();
  bad.reserve = -1;
  EXPECT_THROW({ ParallelList<std::int32_t> refused(values, bad); }, InvalidArgument);
  EXPECT_EQ(list.to_vector(), values);
}

TEST_P(ParallelListParity, HostFunctorsRunOnTheCpuOnly) {
  std::vector<std::int32_t> initial = {3, 1, 4, 1, 5};
  ParallelList<std::int32_t> list(initial, options());
  const auto pred = [](std::int32_t e) { return e > 1; };
  const auto count = [](std::int32_t e) { return e - 2; };
  const auto value = [](std::int32_t e, std::int64_t j) {
    return static_cast<std::int32_t>(e * 10 + j);
  };
  if (GetParam() == DeviceKind::Cuda) {
    EXPECT_THROW(list.insert_if(ListPosition::After, pred, count, value), InvalidArgument);
    EXPECT_THROW(list.erase_if(pred), InvalidArgument);
    return;
  }
  // Per-element variable counts: 3 -> 1 value, 4 -> 2, 5 -> 3.
  EXPECT_EQ(list.insert_if(ListPosition::After, pred, count, value), 6);
  EXPECT_EQ(list.to_vector(), (std::vector<std::int32_t>{3, 30, 1, 4, 40, 41, 1, 5, 50, 51, 52}));
  EXPECT_EQ(list.erase_if([](std::int32_t e) { return e >= 40; }), 5);
  EXPECT_EQ(list.insert_if(
                ListPosition::Before, [](std::int32_t e) { return e == 1; }, 0),
            2);
  EXPECT_EQ(list.to_vector(), (std::vector<std::int32_t>{3, 30, 0, 1, 4, 0, 1, 5}));
  EXPECT_THROW(list.insert_if(
                   ListPosition::After, pred, [](std::int32_t) { return -1; }, value),
               InvalidArgument);
  EXPECT_EQ(list.size(), 8);
}

INSTANTIATE_TEST_SUITE_P(Backends, ParallelListParity,
                         ::testing::Values(DeviceKind::Cpu, DeviceKind::Cuda),
                         [](const ::testing::TestParamInfo<DeviceKind>& info) {
                           return std::string(info.param == DeviceKind::Cuda ? "Cuda" : "Cpu");
                         });

}  // namespace
}  // namespace frontier
