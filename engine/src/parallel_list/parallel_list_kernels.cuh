// CUDA kernels of the ParallelList storage (parallel_list_cuda_storage.cuh drives them), after
// Varga & Szénási, "Design and Implementation of Parallel List Data Structure using Graphics
// Accelerators" (IEEE INES 2016). Every kernel is a grid-stride loop over slots, erased slots or
// list positions; none uses an atomic per item (allocation is by the prefix sums the host runs
// between kernels with CUB).
//
// Invariants the kernels rely on: slot 0 is the sentinel of a circular doubly linked list; live[v]
// is kSlotFree (free or sentinel), kSlotLive (an element) or kSlotErasing (selected by the current
// erase); during an insert, element v alone writes the link it owns (v -> next[v] for After,
// prev[v] -> v for Before), so concurrent splices never touch the same word.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

#include "frontier/parallel_list.hpp"
#include "parallel_list/parallel_list_backend.hpp"

namespace frontier::cuda {

using detail::kListSentinel;
using detail::ListSlot;

inline constexpr std::uint8_t kSlotFree = 0;
inline constexpr std::uint8_t kSlotLive = 1;
inline constexpr std::uint8_t kSlotErasing = 2;

/// Count functor of a run of k values per selected element.
struct ConstantCount {
  std::int64_t k;
  template <typename T>
  __device__ std::int64_t operator()(const T&) const {
    return k;
  }
};

/// Value functor: the j-th value of a run held in device memory.
template <typename T>
struct RunValue {
  const T* d_run;
  __device__ T operator()(const T&, std::int64_t j) const { return d_run[j]; }
};

__device__ inline std::int64_t grid_start() {
  return static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
}
__device__ inline std::int64_t grid_stride() {
  return static_cast<std::int64_t>(gridDim.x) * blockDim.x;
}

/// Links the `count` slots `taken` (in order) before or after element v.
__device__ inline void splice_run(ListSlot* next, ListSlot* prev, ListPosition position, ListSlot v,
                                  const ListSlot* taken, std::int64_t count) {
  // 1. Chain the new slots.
  for (std::int64_t j = 0; j + 1 < count; ++j) {
    next[taken[j]] = taken[j + 1];
    prev[taken[j + 1]] = taken[j];
  }
  // 2. Hook the chain into the link v owns.
  const ListSlot first = taken[0];
  const ListSlot last = taken[count - 1];
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

/// counts[v] = values to insert at slot v; *negative counts the slots whose count was < 0.
template <typename T, typename Pred, typename Count>
__global__ void insert_count_kernel(const T* value, const std::uint8_t* live, std::int64_t slots,
                                    Pred pred, Count count, std::int64_t* counts,
                                    unsigned long long* negative) {
  for (std::int64_t v = grid_start(); v < slots; v += grid_stride()) {
    // 1. Evaluate the predicate on live elements only.
    std::int64_t c = 0;
    if (live[v] == kSlotLive) {
      const T element = value[v];
      if (pred(element)) c = count(element);
    }
    // 2. A negative count is an error reported to the host (rare: an atomic per bad item only).
    if (c < 0) {
      atomicAdd(negative, 1ULL);
      c = 0;
    }
    counts[v] = c;
  }
}

/// Writes the new values and splices them at every slot with a non-zero count. offsets has
/// slots + 1 entries (exclusive sums, offsets[slots] = total); taken = the popped free slots.
template <typename T, typename Value>
__global__ void insert_link_kernel(T* value, ListSlot* next, ListSlot* prev, std::uint8_t* live,
                                   const std::int64_t* offsets, std::int64_t slots,
                                   const ListSlot* taken, ListPosition position, Value value_of) {
  for (std::int64_t v = grid_start(); v < slots; v += grid_stride()) {
    // 1. This slot's share of the popped slots.
    const std::int64_t begin = offsets[v];
    const std::int64_t count = offsets[v + 1] - begin;
    if (count == 0) continue;
    const ListSlot* mine = taken + begin;
    // 2. Values of the new nodes.
    const T source = value[v];
    for (std::int64_t j = 0; j < count; ++j) {
      value[mine[j]] = value_of(source, j);
      live[mine[j]] = kSlotLive;
    }
    // 3. Links.
    splice_run(next, prev, position, static_cast<ListSlot>(v), mine, count);
  }
}

/// insert_counts: element i (slot order[i]) receives counts[i] values values[offsets[i] + j].
template <typename T>
__global__ void insert_counts_kernel(T* value, ListSlot* next, ListSlot* prev, std::uint8_t* live,
                                     const ListSlot* order, const std::int64_t* counts,
                                     const std::int64_t* offsets, const T* values, std::int64_t n,
                                     const ListSlot* taken, ListPosition position) {
  for (std::int64_t i = grid_start(); i < n; i += grid_stride()) {
    // 1. This element's share of the popped slots and values.
    const std::int64_t count = counts[i];
    if (count == 0) continue;
    const ListSlot* mine = taken + offsets[i];
    // 2. Values, then links.
    for (std::int64_t j = 0; j < count; ++j) {
      value[mine[j]] = values[offsets[i] + j];
      live[mine[j]] = kSlotLive;
    }
    splice_run(next, prev, position, order[i], mine, count);
  }
}

/// append: the k values run[j] go to the slots taken[j], chained in order after `last` (the
/// current last element, or the sentinel of an empty list) and before the sentinel.
template <typename T>
__global__ void append_kernel(T* value, ListSlot* next, ListSlot* prev, std::uint8_t* live,
                              const T* run, std::int64_t k, const ListSlot* taken, ListSlot last) {
  for (std::int64_t j = grid_start(); j < k; j += grid_stride()) {
    // 1. Value and mark of the j-th new node.
    const ListSlot slot = taken[j];
    value[slot] = run[j];
    live[slot] = kSlotLive;
    // 2. Links to its neighbours in the run; the ends close onto `last` and the sentinel.
    next[slot] = j + 1 < k ? taken[j + 1] : kListSentinel;
    prev[slot] = j > 0 ? taken[j - 1] : last;
    if (j == 0) next[last] = slot;
    if (j + 1 == k) prev[kListSentinel] = slot;
  }
}

/// Marks the selected elements kSlotErasing; flags[v] = 1 for them, 0 otherwise.
template <typename T, typename Pred>
__global__ void erase_mark_kernel(const T* value, std::uint8_t* live, std::int64_t slots, Pred pred,
                                  std::int64_t* flags) {
  for (std::int64_t v = grid_start(); v < slots; v += grid_stride()) {
    const bool selected = live[v] == kSlotLive && pred(value[v]);
    if (selected) live[v] = kSlotErasing;
    flags[v] = selected ? 1 : 0;
  }
}

/// Pushes the marked slots (offsets = exclusive sums of the marks) onto the free stack at
/// `erased` and starts their jumps at their successors.
__global__ void erase_collect_kernel(const std::int64_t* offsets, std::int64_t slots,
                                     const ListSlot* next, ListSlot* erased, ListSlot* jump);

/// One round of pointer jumping: every marked slot follows jumps through marked slots, at most
/// `max_hops` of them; *unfinished is set when some jump still names a marked slot. In-place
/// updates race benignly: a jump only moves forward inside its run, so any value read is valid.
__global__ void erase_jump_kernel(const ListSlot* erased, std::int64_t count,
                                  const std::uint8_t* live, ListSlot* jump, int max_hops,
                                  int* unfinished);

/// The first marked slot of every run links its surviving predecessor to the run's survivor
/// successor.
__global__ void erase_relink_kernel(const ListSlot* erased, std::int64_t count,
                                    const std::uint8_t* live, const ListSlot* jump, ListSlot* next,
                                    ListSlot* prev);

/// live[erased[k]] = kSlotFree.
__global__ void erase_release_kernel(const ListSlot* erased, std::int64_t count,
                                     std::uint8_t* live);

/// flags[v] = 1 for live elements, 0 otherwise.
__global__ void live_flags_kernel(const std::uint8_t* live, std::int64_t slots,
                                  std::int64_t* flags);

/// Renumbers the live slots compactly (ids = exclusive sums of the live flags): slot_of[id] = v,
/// successor[id] = id of next[v], or -1 at the last element.
__global__ void compact_list_kernel(const std::uint8_t* live, const ListSlot* next,
                                    const std::int64_t* ids, std::int64_t slots,
                                    ListSlot* successor, ListSlot* slot_of);

/// order[rank[i]] = slot_of[i].
__global__ void scatter_order_kernel(const ListSlot* rank, const ListSlot* slot_of, std::int64_t n,
                                     ListSlot* order);

/// out[i] = value[order[i]].
template <typename T>
__global__ void gather_kernel(const T* value, const ListSlot* order, std::int64_t n, T* out) {
  for (std::int64_t i = grid_start(); i < n; i += grid_stride()) out[i] = value[order[i]];
}

/// stack[k] = first + k for k < count (new slots pushed after a growth).
__global__ void push_range_kernel(ListSlot* stack, std::int64_t count, std::int64_t first);

}  // namespace frontier::cuda
