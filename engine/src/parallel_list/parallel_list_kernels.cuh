// CUDA kernels and scan functors of the ParallelList storage (parallel_list_cuda_storage.cuh
// drives them), after Varga & Szénási, "Design and Implementation of Parallel List Data Structure
// using Graphics Accelerators" (IEEE INES 2016). Allocation is by prefix sums, never one atomic
// per item.
//
// Bulk insert and erase are each ONE single-pass CUB inclusive scan (decoupled look-back, Merrill
// & Garland 2016) over the slots: the scan's input is a counting iterator transformed by the
// predicate (InsertCount / EraseSelect: a slot's count is computed on the fly, never stored) into
// a packed value (count in the high bits, the slot's flags in the low bits, PackedSum), and its
// output is a ScanSinkIterator whose element assignment runs the operation for that slot with its
// inclusive sum and flags (InsertSink links the new nodes, EraseSink marks and pushes the slot),
// without reloading the slot: a sink's loads come after the previous item's stores, which the
// compiler must keep in order. The last slot's assignment writes the total to device memory. Per
// operation the memory traffic is one read of the slot states (1 byte) and of the values of live
// slots, plus the links and nodes the operation writes; no per-slot scratch is written.
//
// Invariants the kernels rely on:
// - Slot 0 is the sentinel of a circular doubly linked list. state[v] is kSlotFree (free or the
//   sentinel), kSlotErasing (selected by the running erase), kSlotLive, or kSlotNew0/kSlotNew1
//   (an element inserted by the last insert); every state >= kSlotLive is an element.
// - Insert parity: an insert with tag N (kSlotNew0 or kSlotNew1, alternating per insert) selects
//   among kSlotLive and the other tag, turns the other tag into kSlotLive as it passes, and gives
//   its new nodes tag N. New nodes are written into free slots while other tiles of the same scan
//   may still be reading those slots; the tag keeps them out of the running insert. Before an
//   insert with tag N no slot has tag N (the previous insert cleared it).
// - During an insert, element v alone writes the link it owns (v -> next[v] for After,
//   prev[v] -> v for Before) and its own new nodes, so concurrent splices never touch the same
//   word; the same holds for the undo of an insert.
// - CUB loads a tile's inputs before it stores any of that tile's outputs, so a sink that
//   recomputes slot v's count (functor counts only) reads the state the input transform read
//   (only v's own sink changes state[v] among element slots).
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <type_traits>

#include "frontier/parallel_list.hpp"
#include "parallel_list/parallel_list_backend.hpp"

namespace frontier::cuda {

using detail::kListSentinel;
using detail::ListSlot;

inline constexpr std::uint8_t kSlotFree = 0;
inline constexpr std::uint8_t kSlotErasing = 1;
inline constexpr std::uint8_t kSlotLive = 2;
inline constexpr std::uint8_t kSlotNew0 = 3;
inline constexpr std::uint8_t kSlotNew1 = 4;

/// True for the states of an element (live, or inserted by the last insert).
__host__ __device__ constexpr bool is_element(std::uint8_t state) { return state >= kSlotLive; }

/// Count functor of a run of k values per selected element.
struct ConstantCount {
  std::int64_t k;
  template <typename T>
  __device__ std::int64_t operator()(const T&) const {
    return k;
  }
};

/// Value functor: the j-th value of a run; a run of one value travels in the launch itself.
template <typename T>
struct RunValue {
  T first;
  const T* d_run;
  std::int64_t k;
  __device__ T operator()(const T&, std::int64_t j) const { return k == 1 ? first : d_run[j]; }
};

__device__ inline std::int64_t grid_start() {
  return static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
}
__device__ inline std::int64_t grid_stride() {
  return static_cast<std::int64_t>(gridDim.x) * blockDim.x;
}

/// A random-access output iterator whose element assignment `it[i] = x` calls sink(i, x): lets a
/// CUB scan hand every item's exclusive prefix to the operation that consumes it, so prefixes
/// are never stored.
template <typename Sink>
class ScanSinkIterator {
 public:
  using value_type = std::int64_t;
  using difference_type = std::ptrdiff_t;
  using pointer = void;
  using iterator_category = std::random_access_iterator_tag;

  struct Proxy {
    Sink sink;
    std::int64_t index;
    __device__ void operator=(std::int64_t prefix) const { sink(index, prefix); }
  };
  using reference = Proxy;

  __host__ __device__ explicit ScanSinkIterator(Sink sink, std::int64_t base = 0)
      : sink_(sink), base_(base) {}
  __device__ Proxy operator*() const { return {sink_, base_}; }
  __device__ Proxy operator[](difference_type i) const { return {sink_, base_ + i}; }
  __host__ __device__ ScanSinkIterator operator+(difference_type d) const {
    return ScanSinkIterator(sink_, base_ + d);
  }
  __host__ __device__ ScanSinkIterator& operator+=(difference_type d) {
    base_ += d;
    return *this;
  }

 private:
  Sink sink_;
  std::int64_t base_;
};

/// The scan operator of packed scan values: the high bits hold a sum, the low kFlagBits bits
/// describe one slot. Combining keeps the right operand's flags, so an inclusive scan hands
/// every slot its inclusive sum and its own flags (associative: sums add, the last flags win).
template <int kFlagBits>
struct PackedSum {
  __host__ __device__ std::int64_t operator()(std::int64_t a, std::int64_t b) const {
    return (((a >> kFlagBits) + (b >> kFlagBits)) << kFlagBits) |
           (b & ((std::int64_t{1} << kFlagBits) - 1));
  }
};

/// Values an insert places at slot v: count(value[v]) when v is an element the insert selects
/// (state kSlotLive or `counted_tag`, pred true), else 0; negative counts read as 0 (the storage
/// rejects them beforehand for functors that may return them).
template <typename T, typename Pred, typename Count>
struct InsertCount {
  const T* value;
  const std::uint8_t* state;
  Pred pred;
  Count count;
  std::uint8_t counted_tag;
  /// The functor's count, negative ones included.
  __device__ std::int64_t raw(std::int64_t v) const {
    const std::uint8_t s = state[v];
    if (s != kSlotLive && s != counted_tag) return 0;
    const T element = value[v];
    if (!pred(element)) return 0;
    return static_cast<std::int64_t>(count(element));
  }
  /// The insert scan's input (PackedSum<2>): count << 2 | (count > 0) << 1 | (slot has the
  /// tag this insert clears).
  __device__ std::int64_t operator()(std::int64_t v) const {
    const std::uint8_t s = state[v];
    const std::int64_t stale = s == counted_tag ? 1 : 0;
    if (s != kSlotLive && s != counted_tag) return stale;
    const T element = value[v];
    if (!pred(element)) return stale;
    const auto c = static_cast<std::int64_t>(count(element));
    return c > 0 ? (c << 2) | 2 | stale : stale;
  }
};

/// Sum of an insert's counts and number of negative counts (the counting pass).
struct CountTally {
  std::int64_t total;
  std::int64_t negative;
};
struct CountTallySum {
  __host__ __device__ CountTally operator()(const CountTally& a, const CountTally& b) const {
    return {a.total + b.total, a.negative + b.negative};
  }
};
template <typename Counter>
struct InsertTally {
  Counter counter;
  __device__ CountTally operator()(std::int64_t v) const {
    const std::int64_t c = counter.raw(v);
    return c < 0 ? CountTally{0, 1} : CountTally{c, 0};
  }
};

/// Which items an InsertSink acts on. The new nodes of an item with prefix o and count c take the
/// positions o .. o + c - 1 of the allocation order; position p < free_count is the free-stack
/// entry free_stack[free_count - 1 - p], and p >= free_count the grown slot
/// grown_first + p - free_count.
enum class InsertPass : std::uint8_t {
  /// Link the items that fit the free stack (o + c <= free_count).
  Fitting,
  /// Link the items that did not fit (after growth).
  Overflowing,
  /// Unlink the items Fitting linked (growth failed) and free their nodes.
  UndoFitting,
};

/// The per-slot action of an insert scan (see InsertPass).
template <typename T, typename Pred, typename Count, typename Value>
struct InsertSink {
  InsertCount<T, Pred, Count> counter;
  T* value;
  ListSlot* next;
  ListSlot* prev;
  std::uint8_t* state;
  const ListSlot* free_stack;
  std::int64_t free_count;
  std::int64_t grown_first;
  std::int64_t last_slot;
  std::int64_t* d_total;
  Value value_of;
  ListPosition position;
  InsertPass pass;
  std::uint8_t new_tag;

  __device__ ListSlot taken(std::int64_t p) const {
    return p < free_count ? free_stack[free_count - 1 - p]
                          : static_cast<ListSlot>(grown_first + p - free_count);
  }

  __device__ void operator()(std::int64_t v, std::int64_t packed) const {
    // 1. Inclusive sum and flags from the scan (no reload of the slot): the last slot publishes
    //    the total; the previous insert's tag ends.
    const std::int64_t inclusive = packed >> 2;
    if (v == last_slot) *d_total = inclusive;
    if (pass == InsertPass::Fitting && (packed & 1) != 0) state[v] = kSlotLive;
    if ((packed & 2) == 0) return;
    std::int64_t c = 0;
    if constexpr (std::is_same_v<Count, ConstantCount>) {
      c = counter.count.k;
    } else {
      c = counter.raw(v);
    }
    const std::int64_t offset = inclusive - c;
    const bool fits = offset + c <= free_count;
    if (fits != (pass != InsertPass::Overflowing)) return;
    const auto self = static_cast<ListSlot>(v);
    // 2. Every load of a one-value run before its first store (stores would order later loads).
    const ListSlot first = taken(offset);
    const ListSlot neighbor = position == ListPosition::After ? next[self] : prev[self];
    if (pass == InsertPass::UndoFitting) {
      // 2u. Close the link v owns over the run and free the run's nodes.
      if (position == ListPosition::After) {
        const ListSlot after = next[taken(offset + c - 1)];
        next[self] = after;
        prev[after] = self;
      } else {
        const ListSlot before = prev[first];
        next[before] = self;
        prev[self] = before;
      }
      for (std::int64_t j = 0; j < c; ++j) state[taken(offset + j)] = kSlotFree;
      return;
    }
    // 3. Values, tags and the chain of the new nodes.
    const T source = value[v];
    value[first] = value_of(source, 0);
    state[first] = new_tag;
    ListSlot last = first;
    for (std::int64_t j = 1; j < c; ++j) {
      const ListSlot slot = taken(offset + j);
      value[slot] = value_of(source, j);
      state[slot] = new_tag;
      next[last] = slot;
      prev[slot] = last;
      last = slot;
    }
    // 4. Hook the chain into the link v owns (neighbor = its old successor or predecessor).
    if (position == ListPosition::After) {
      next[self] = first;
      prev[first] = self;
      next[last] = neighbor;
      prev[neighbor] = last;
    } else {
      next[neighbor] = first;
      prev[first] = neighbor;
      next[last] = self;
      prev[self] = last;
    }
  }
};

/// The erase scan's input (PackedSum<1>): 3 (count 1, flag 1) when an erase selects slot v (an
/// element with pred true), else 0.
template <typename T, typename Pred>
struct EraseSelect {
  const T* value;
  const std::uint8_t* state;
  Pred pred;
  __device__ std::int64_t operator()(std::int64_t v) const {
    return is_element(state[v]) && pred(value[v]) ? 3 : 0;
  }
};

/// The per-slot action of an erase scan: a selected slot is marked kSlotErasing and pushed at
/// erased[inclusive - 1]; the last slot publishes the total and clears the unfinished flag of
/// the relink kernel that follows.
struct EraseSink {
  std::uint8_t* state;
  ListSlot* erased;
  std::int64_t last_slot;
  std::int64_t* d_total;
  int* d_unfinished;
  __device__ void operator()(std::int64_t v, std::int64_t packed) const {
    const std::int64_t inclusive = packed >> 1;
    if (v == last_slot) {
      *d_total = inclusive;
      *d_unfinished = 0;
    }
    if ((packed & 1) == 0) return;
    state[v] = kSlotErasing;
    erased[inclusive - 1] = static_cast<ListSlot>(v);
  }
};

/// Per element slot: 1 for elements, 0 otherwise (the index layer's compaction).
struct ElementFlag {
  const std::uint8_t* state;
  __device__ ListSlot operator()(std::int64_t v) const { return is_element(state[v]) ? 1 : 0; }
};

/// insert_counts: element i (slot order[i]) receives counts[i] values values[offsets[i] + j].
template <typename T>
__global__ void insert_counts_kernel(T* value, ListSlot* next, ListSlot* prev, std::uint8_t* state,
                                     const ListSlot* order, const std::int64_t* counts,
                                     const std::int64_t* offsets, const T* values, std::int64_t n,
                                     const ListSlot* taken, ListPosition position) {
  for (std::int64_t i = grid_start(); i < n; i += grid_stride()) {
    // 1. This element's share of the popped slots and values.
    const std::int64_t count = counts[i];
    if (count == 0) continue;
    const ListSlot* mine = taken + offsets[i];
    // 2. Values and the chain of the new nodes.
    for (std::int64_t j = 0; j < count; ++j) {
      value[mine[j]] = values[offsets[i] + j];
      state[mine[j]] = kSlotLive;
      if (j > 0) {
        next[mine[j - 1]] = mine[j];
        prev[mine[j]] = mine[j - 1];
      }
    }
    // 3. Hook the chain into the link element order[i] owns.
    const ListSlot v = order[i];
    const ListSlot first = mine[0];
    const ListSlot last = mine[count - 1];
    if (position == ListPosition::After) {
      const ListSlot after = next[v];
      next[v] = first;
      prev[first] = v;
      next[last] = after;
      prev[after] = last;
    } else {
      const ListSlot before = prev[v];
      next[before] = first;
      prev[first] = before;
      next[last] = v;
      prev[v] = last;
    }
  }
}

/// append: the k values run[j] go to the slots taken[j], chained in order after `last` (the
/// current last element, or the sentinel of an empty list) and before the sentinel.
template <typename T>
__global__ void append_kernel(T* value, ListSlot* next, ListSlot* prev, std::uint8_t* state,
                              const T* run, std::int64_t k, const ListSlot* taken, ListSlot last) {
  for (std::int64_t j = grid_start(); j < k; j += grid_stride()) {
    // 1. Value and state of the j-th new node.
    const ListSlot slot = taken[j];
    value[slot] = run[j];
    state[slot] = kSlotLive;
    // 2. Links to its neighbours in the run; the ends close onto `last` and the sentinel.
    next[slot] = j + 1 < k ? taken[j + 1] : kListSentinel;
    prev[slot] = j > 0 ? taken[j - 1] : last;
    if (j == 0) next[last] = slot;
    if (j + 1 == k) prev[kListSentinel] = slot;
  }
}

/// Erase, after the marking scan (*d_count slots at erased): the first slot of every run of
/// marked slots walks its run through next[] for at most `max_hops` slots and links its
/// surviving predecessor to the survivor after the run. A run longer than that is left to the
/// pointer-jumping kernels below and sets *unfinished.
__global__ void erase_relink_walk_kernel(const ListSlot* erased, const std::int64_t* d_count,
                                         const std::uint8_t* state, ListSlot* next, ListSlot* prev,
                                         int max_hops, int* unfinished);

/// Pointer-jumping fallback for long runs: jump[e] = next[e] for the count erased slots.
__global__ void erase_jump_init_kernel(const ListSlot* erased, std::int64_t count,
                                       const ListSlot* next, ListSlot* jump);

/// One round of pointer jumping: every marked slot follows jumps through marked slots, at most
/// `max_hops` of them; *unfinished is set when some jump still names a marked slot. In-place
/// updates race benignly: a jump only moves forward inside its run, so any value read is valid.
__global__ void erase_jump_kernel(const ListSlot* erased, std::int64_t count,
                                  const std::uint8_t* state, ListSlot* jump, int max_hops,
                                  int* unfinished);

/// The first marked slot of every run links its surviving predecessor to jump[] (the run's
/// survivor successor).
__global__ void erase_relink_kernel(const ListSlot* erased, std::int64_t count,
                                    const std::uint8_t* state, const ListSlot* jump, ListSlot* next,
                                    ListSlot* prev);

/// state[erased[k]] = kSlotFree for k < count.
__global__ void erase_release_kernel(const ListSlot* erased, std::int64_t count,
                                     std::uint8_t* state);

/// Renumbers the element slots compactly (ids = exclusive sums of ElementFlag): slot_of[id] = v,
/// successor[id] = id of next[v], or -1 at the last element.
__global__ void compact_list_kernel(const std::uint8_t* state, const ListSlot* next,
                                    const ListSlot* ids, std::int64_t slots, ListSlot* successor,
                                    ListSlot* slot_of);

/// order[rank[i]] = slot_of[i].
__global__ void scatter_order_kernel(const ListSlot* rank, const ListSlot* slot_of, std::int64_t n,
                                     ListSlot* order);

/// out[i] = value[order[i]].
template <typename T>
__global__ void gather_kernel(const T* value, const ListSlot* order, std::int64_t n, T* out) {
  for (std::int64_t i = grid_start(); i < n; i += grid_stride()) out[i] = value[order[i]];
}

/// stack[k] = first + k for k < count (free slots pushed at build time or after a growth).
__global__ void push_range_kernel(ListSlot* stack, std::int64_t count, std::int64_t first);

}  // namespace frontier::cuda
