// The CPU (OpenMP) storage of ParallelList<T>, after Varga & Szénási, "Design and Implementation
// of Parallel List Data Structure using Graphics Accelerators" (IEEE INES 2016); the same steps as
// the CUDA storage (parallel_list_cuda.cu), with OpenMP loops in place of kernels.
//
// Layout: value_/next_/prev_/live_ per slot; slot 0 is the sentinel of a circular doubly linked
// list; free_[0, free_count_) is the stack of free slots (top = free_count_ - 1).
//
// Insert (one parallel pass per step, no atomics):
//   1. counts_[v] = number of values to insert at slot v (0 unless v is live and selected);
//   2. exclusive prefix sum over the slots: counts_[v] = offset of v's first new value, total;
//   3. grow when the free stack holds fewer than `total` slots;
//   4. v takes the slots free_[base + offset .. base + offset + count) with base = free_count_ -
//      total, writes their values and splices them after v (the link v -> next[v] belongs to v) or
//      before v (the link prev[v] -> v belongs to v), so no two elements write the same link.
// Erase:
//   1. mark the selected elements (live_ = kErasing), prefix-sum the marks and push the marked
//      slots onto the free stack;
//   2. jump_[e] = next_[e] for every marked e, then pointer jumping over marked slots until every
//      jump_ names the first survivor (or the sentinel) after e's run of marked slots;
//   3. the first slot e of every run (its prev is a survivor p) links p <-> jump_[e].
// Index layer: live slots are numbered by a prefix sum, their successors renumbered into a
// compact list, list_rank gives every element its position, and order_[position] = slot.
#include <atomic>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "frontier/detail/parallel.hpp"
#include "frontier/errors.hpp"
#include "frontier/list_ranking.hpp"
#include "parallel_list/parallel_list_backend.hpp"

namespace frontier::detail {
namespace {

/// live_ values: a free slot or the sentinel, an element, an element being erased.
constexpr std::uint8_t kFree = 0;
constexpr std::uint8_t kLive = 1;
constexpr std::uint8_t kErasing = 2;

template <typename T>
class CpuListBackend final : public ParallelListBackend<T> {
 public:
  CpuListBackend(std::span<const T> values, const ParallelListOptions& options)
      : options_(options) {
    const auto n = static_cast<std::int64_t>(values.size());
    const std::int64_t slots = 1 + n + options.reserve;
    if (slots > kMaxListSlots) {
      throw InvalidArgument("parallel list: " + std::to_string(slots - 1) +
                            " element slots requested; at most " +
                            std::to_string(kMaxListSlots - 1) + " are supported (32-bit slots)");
    }
    resize_storage(slots);
    // Elements at slots 1..n in order, the free stack holds n+1..slots-1 (highest on top).
#pragma omp parallel for schedule(static)
    for (std::int64_t i = 0; i < n; ++i) {
      const auto slot = static_cast<ListSlot>(i + 1);
      value_[slot] = values[i];
      next_[slot] = i + 1 < n ? slot + 1 : kListSentinel;
      prev_[slot] = slot - 1;
      live_[slot] = kLive;
    }
    next_[kListSentinel] = n > 0 ? 1 : kListSentinel;
    prev_[kListSentinel] = static_cast<ListSlot>(n);
    free_count_ = slots - 1 - n;
#pragma omp parallel for schedule(static)
    for (std::int64_t k = 0; k < free_count_; ++k) free_[k] = static_cast<ListSlot>(n + 1 + k);
    size_ = n;
  }

  std::int64_t size() const override { return size_; }
  std::int64_t capacity() const override { return slots() - 1; }
  std::int64_t free_slots() const override { return free_count_; }
  ParallelListCounters counters() const override { return counters_; }
  const Device& device() const override { return options_.device; }

  std::int64_t insert_where(ListPosition position, const Predicate<T>& where,
                            std::span<const T> values) override {
    const auto k = static_cast<std::int64_t>(values.size());
    return insert_generic(
        position, where, [k](const T&) { return k; },
        [values](const T&, std::int64_t j) { return values[j]; });
  }

  std::int64_t insert_counts(ListPosition position, std::span<const std::int64_t> counts,
                             std::span<const T> values, std::int64_t total) override {
    ensure_index();
    const std::int64_t n = size_;
    std::vector<std::int64_t> offsets(counts.begin(), counts.end());
    parallel_exclusive_scan(offsets.data(), offsets.size());
    ensure_free(total);
    const std::int64_t base = free_count_ - total;
#pragma omp parallel for schedule(static)
    for (std::int64_t i = 0; i < n; ++i) {
      const std::int64_t count = counts[i];
      if (count == 0) continue;
      const ListSlot* taken = free_.data() + base + offsets[i];
      for (std::int64_t j = 0; j < count; ++j) {
        value_[taken[j]] = values[offsets[i] + j];
        live_[taken[j]] = kLive;
      }
      splice(position, order_[i], taken, count);
    }
    finish_insert(total);
    return total;
  }

  std::int64_t append(std::span<const T> values) override {
    const auto total = static_cast<std::int64_t>(values.size());
    ensure_free(total);
    const ListSlot* taken = free_.data() + free_count_ - total;
#pragma omp parallel for schedule(static)
    for (std::int64_t j = 0; j < total; ++j) {
      value_[taken[j]] = values[j];
      live_[taken[j]] = kLive;
    }
    splice(ListPosition::After, prev_[kListSentinel], taken, total);
    finish_insert(total);
    return total;
  }

  std::int64_t erase_where(const Predicate<T>& where) override { return erase_generic(where); }

  std::int64_t insert_host(ListPosition position, FunctionRef<bool(const T&)> pred,
                           FunctionRef<std::int64_t(const T&)> count,
                           FunctionRef<T(const T&, std::int64_t)> value) override {
    return insert_generic(position, pred, count, value);
  }

  std::int64_t erase_host(FunctionRef<bool(const T&)> pred) override { return erase_generic(pred); }

  T at(std::int64_t i) override {
    ensure_index();
    return value_[order_[i]];
  }

  std::vector<T> to_vector() override {
    ensure_index();
    std::vector<T> result(static_cast<std::size_t>(size_));
#pragma omp parallel for schedule(static)
    for (std::int64_t i = 0; i < size_; ++i) result[i] = value_[order_[i]];
    return result;
  }

  void rebuild_index() override { ensure_index(); }
  bool index_valid() const override { return index_valid_; }

  ListHostView<T> host_view() override {
    return {value_.data(), next_.data(), next_[kListSentinel]};
  }

 private:
  std::int64_t slots() const { return static_cast<std::int64_t>(next_.size()); }

  void resize_storage(std::int64_t slots) {
    value_.resize(slots);
    next_.resize(slots, kListSentinel);
    prev_.resize(slots, kListSentinel);
    live_.resize(slots, kFree);
    free_.resize(slots);
    jump_.resize(slots);
    counts_.resize(slots + 1);
  }

  /// Grows the storage until the free stack holds at least `needed` slots; the new slots are
  /// pushed on top.
  void ensure_free(std::int64_t needed) {
    if (free_count_ >= needed) return;
    const std::int64_t old_slots = slots();
    const std::int64_t new_slots =
        grown_slot_count(old_slots, old_slots + needed - free_count_, options_.growth_factor);
    resize_storage(new_slots);
    const std::int64_t added = new_slots - old_slots;
#pragma omp parallel for schedule(static)
    for (std::int64_t k = 0; k < added; ++k) {
      free_[free_count_ + k] = static_cast<ListSlot>(old_slots + k);
    }
    free_count_ += added;
    ++counters_.grows;
  }

  /// Links the `count` slots `taken` (in order) before or after element v. Touches only the
  /// link that v owns for this position, so all selected elements may splice at once.
  void splice(ListPosition position, ListSlot v, const ListSlot* taken, std::int64_t count) {
    for (std::int64_t j = 0; j + 1 < count; ++j) {
      next_[taken[j]] = taken[j + 1];
      prev_[taken[j + 1]] = taken[j];
    }
    const ListSlot first = taken[0];
    const ListSlot last = taken[count - 1];
    if (position == ListPosition::After) {
      const ListSlot after = next_[v];
      next_[v] = first;
      prev_[first] = v;
      next_[last] = after;
      prev_[after] = last;
    } else {
      const ListSlot before = prev_[v];
      next_[before] = first;
      prev_[first] = before;
      next_[last] = v;
      prev_[v] = last;
    }
  }

  void finish_insert(std::int64_t total) {
    free_count_ -= total;
    size_ += total;
    index_valid_ = false;
  }

  template <typename Pred, typename Count, typename Value>
  std::int64_t insert_generic(ListPosition position, const Pred& pred, const Count& count,
                              const Value& value) {
    const std::int64_t n_slots = slots();
    // 1. Per-slot counts (negative counts are refused after the pass).
    std::int64_t negative = 0;
#pragma omp parallel for schedule(static) reduction(+ : negative)
    for (std::int64_t v = 0; v < n_slots; ++v) {
      std::int64_t c = 0;
      if (live_[v] == kLive && pred(value_[v])) {
        c = count(value_[v]);
        if (c < 0) {
          ++negative;
          c = 0;
        }
      }
      counts_[v] = c;
    }
    if (negative > 0) {
      throw InvalidArgument(
          "parallel list insert: the count functor returned a negative count for " +
          std::to_string(negative) + " element(s)");
    }
    // 2. Offsets and total.
    counts_[n_slots] = 0;
    const std::int64_t total = parallel_exclusive_scan(counts_.data(), n_slots + 1);
    if (total == 0) return 0;
    // 3. Room for `total` new nodes.
    ensure_free(total);
    const std::int64_t base = free_count_ - total;
    // 4. Values and links of the new nodes.
#pragma omp parallel for schedule(dynamic, 4096)
    for (std::int64_t v = 0; v < n_slots; ++v) {
      const std::int64_t c = counts_[v + 1] - counts_[v];
      if (c == 0) continue;
      const ListSlot* taken = free_.data() + base + counts_[v];
      const T source = value_[v];
      for (std::int64_t j = 0; j < c; ++j) {
        value_[taken[j]] = value(source, j);
        live_[taken[j]] = kLive;
      }
      splice(position, static_cast<ListSlot>(v), taken, c);
    }
    finish_insert(total);
    return total;
  }

  template <typename Pred>
  std::int64_t erase_generic(const Pred& pred) {
    const std::int64_t n_slots = slots();
    // 1. Mark, count, push the marked slots on the free stack.
#pragma omp parallel for schedule(static)
    for (std::int64_t v = 0; v < n_slots; ++v) {
      const bool selected = live_[v] == kLive && pred(value_[v]);
      if (selected) live_[v] = kErasing;
      counts_[v] = selected ? 1 : 0;
    }
    counts_[n_slots] = 0;
    const std::int64_t total = parallel_exclusive_scan(counts_.data(), n_slots + 1);
    if (total == 0) return 0;
    ListSlot* const erased = free_.data() + free_count_;
#pragma omp parallel for schedule(static)
    for (std::int64_t v = 0; v < n_slots; ++v) {
      if (counts_[v + 1] != counts_[v]) erased[counts_[v]] = static_cast<ListSlot>(v);
    }
    // 2. Pointer jumping over the marked slots. Updates in place are benign: a jump only ever
    //    moves forward inside its run, so any value read is a valid target.
#pragma omp parallel for schedule(static)
    for (std::int64_t k = 0; k < total; ++k) jump_[erased[k]] = next_[erased[k]];
    bool changed = true;
    while (changed) {
      changed = false;
#pragma omp parallel for schedule(static) reduction(|| : changed)
      for (std::int64_t k = 0; k < total; ++k) {
        std::atomic_ref<ListSlot> jump(jump_[erased[k]]);
        const ListSlot target = jump.load(std::memory_order_relaxed);
        if (live_[target] == kErasing) {
          jump.store(std::atomic_ref<ListSlot>(jump_[target]).load(std::memory_order_relaxed),
                     std::memory_order_relaxed);
          changed = true;
        }
      }
    }
    // 3. Relink around every run; free the marked slots.
#pragma omp parallel for schedule(static)
    for (std::int64_t k = 0; k < total; ++k) {
      const ListSlot e = erased[k];
      const ListSlot before = prev_[e];
      if (live_[before] != kErasing) {
        const ListSlot after = jump_[e];
        next_[before] = after;
        prev_[after] = before;
      }
    }
#pragma omp parallel for schedule(static)
    for (std::int64_t k = 0; k < total; ++k) live_[erased[k]] = kFree;
    free_count_ += total;
    size_ -= total;
    index_valid_ = false;
    return total;
  }

  void ensure_index() {
    if (index_valid_) return;
    const std::int64_t n_slots = slots();
    // Compact numbering of the live slots.
#pragma omp parallel for schedule(static)
    for (std::int64_t v = 0; v < n_slots; ++v) counts_[v] = live_[v] == kLive ? 1 : 0;
    counts_[n_slots] = 0;
    const std::int64_t n = parallel_exclusive_scan(counts_.data(), n_slots + 1);
    std::vector<ListSlot> successor(static_cast<std::size_t>(n));
    std::vector<ListSlot> slot_of(static_cast<std::size_t>(n));
#pragma omp parallel for schedule(static)
    for (std::int64_t v = 1; v < n_slots; ++v) {
      if (live_[v] != kLive) continue;
      const auto id = counts_[v];
      slot_of[id] = static_cast<ListSlot>(v);
      const ListSlot after = next_[v];
      successor[id] = after == kListSentinel ? -1 : static_cast<ListSlot>(counts_[after]);
    }
    ListRankingOptions ranking;
    ranking.seed = options_.seed;
    const std::vector<ListSlot> rank = list_rank<ListSlot>(successor, ranking);
    order_.resize(static_cast<std::size_t>(n));
#pragma omp parallel for schedule(static)
    for (std::int64_t i = 0; i < n; ++i) order_[rank[i]] = slot_of[i];
    index_valid_ = true;
    ++counters_.index_rebuilds;
  }

  ParallelListOptions options_;
  std::vector<T> value_;
  std::vector<ListSlot> next_;
  std::vector<ListSlot> prev_;
  std::vector<std::uint8_t> live_;
  /// Free-slot stack: free_[0, free_count_).
  std::vector<ListSlot> free_;
  std::int64_t free_count_ = 0;
  std::int64_t size_ = 0;
  /// Scratch: pointer-jumping targets of erased slots.
  std::vector<ListSlot> jump_;
  /// Scratch: per-slot counts, then offsets (slots + 1 entries).
  std::vector<std::int64_t> counts_;
  /// Index layer: order_[i] = slot of the i-th element (valid when index_valid_).
  std::vector<ListSlot> order_;
  bool index_valid_ = false;
  ParallelListCounters counters_;
};

}  // namespace

template <typename T>
std::unique_ptr<ParallelListBackend<T>> make_cpu_list_backend(std::span<const T> values,
                                                              const ParallelListOptions& options) {
  return std::make_unique<CpuListBackend<T>>(values, options);
}

#define FRONTIER_INSTANTIATE_CPU_LIST(T)                                     \
  template std::unique_ptr<ParallelListBackend<T>> make_cpu_list_backend<T>( \
      std::span<const T> values, const ParallelListOptions& options);
FRONTIER_INSTANTIATE_CPU_LIST(std::int32_t)
FRONTIER_INSTANTIATE_CPU_LIST(std::int64_t)
FRONTIER_INSTANTIATE_CPU_LIST(float)
FRONTIER_INSTANTIATE_CPU_LIST(double)
#undef FRONTIER_INSTANTIATE_CPU_LIST

}  // namespace frontier::detail
