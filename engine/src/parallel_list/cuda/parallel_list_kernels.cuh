// CUDA kernels and functors of the ParallelList storage that are not tile kernels (those, the
// selection and linking of bulk inserts and erases, are in parallel_list_tile_kernels.cuh): the
// slot states, run values, insert_counts and append (with the search for the last element), the
// pointer-jumping fallback of erase for long runs, the index layer (compaction, order scatter,
// gather) and free-stack filling. After Varga & Szénási, "Design and Implementation of Parallel
// List Data Structure using Graphics Accelerators" (IEEE INES 2016); allocation is by prefix sums,
// never one atomic per item.
//
// Invariants the kernels rely on:
// - Slot 0 is the sentinel of a circular singly linked list (next[] only on the GPU: the last
//   element links to the sentinel). state[v] is kSlotFree (free, the sentinel, allocation
//   padding, or selected by the running erase, which frees its slots at selection) or kSlotLive
//   (an element).
// - During an insert, a thread writes only the link (and, before, the value) of one selected
//   element v, or for insert_counts before v the link of v's predecessor, and its own new nodes,
//   so concurrent splices never touch the same word.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

#include "frontier/parallel_list.hpp"
#include "parallel_list/parallel_list_backend.hpp"

namespace frontier::cuda {

using detail::kListSentinel;
using detail::ListSlot;

inline constexpr std::uint8_t kSlotFree = 0;
inline constexpr std::uint8_t kSlotLive = 2;

/// True for the state of an element.
__host__ __device__ constexpr bool is_element(std::uint8_t state) { return state == kSlotLive; }

/// True when `slot`'s bit is set in a per-slot bitmap (bit v % 32 of word v / 32 is slot v).
__device__ inline bool bit_set(const std::uint32_t* bitmap, ListSlot slot) {
  return ((bitmap[slot / 32] >> (slot % 32)) & 1u) != 0;
}

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

/// Sum of an insert's counts and number of negative counts: one per tile of the selection
/// (parallel_list_tile_kernels.cuh), scanned into tile offsets.
struct CountTally {
  std::int64_t total;
  std::int64_t negative;
};
struct CountTallySum {
  __host__ __device__ CountTally operator()(const CountTally& a, const CountTally& b) const {
    return {a.total + b.total, a.negative + b.negative};
  }
};

/// Per element slot: 1 for elements, 0 otherwise (the index layer's compaction).
struct ElementFlag {
  const std::uint8_t* state;
  __device__ ListSlot operator()(std::int64_t v) const { return is_element(state[v]) ? 1 : 0; }
};

/// insert_counts: element i (slot order[i]) receives counts[i] values values[offsets[i] + j],
/// linked after it, or before it (after its predecessor order[i - 1], or the sentinel).
template <typename T>
__global__ void insert_counts_kernel(T* value, ListSlot* next, std::uint8_t* state,
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
      if (j > 0) next[mine[j - 1]] = mine[j];
    }
    // 3. Hook the chain into the link this element owns for the position.
    const ListSlot v = order[i];
    const ListSlot owner = position == ListPosition::After ? v
                           : i > 0                         ? order[i - 1]
                                                           : kListSentinel;
    next[mine[count - 1]] = position == ListPosition::After ? next[v] : v;
    next[owner] = mine[0];
  }
}

/// The last element (or the sentinel of an empty list): the owner v (the sentinel or an element,
/// below `slots`) with next[v] = the sentinel, written to *d_last.
__global__ void find_last_kernel(const std::uint8_t* state, const ListSlot* next,
                                 std::int64_t slots, ListSlot* d_last);

/// append: the k values run[j] go to the slots taken[j], chained in order after *d_last (the
/// current last element, or the sentinel of an empty list) and before the sentinel.
template <typename T>
__global__ void append_kernel(T* value, ListSlot* next, std::uint8_t* state, const T* run,
                              std::int64_t k, const ListSlot* taken, const ListSlot* d_last) {
  for (std::int64_t j = grid_start(); j < k; j += grid_stride()) {
    // 1. Value and state of the j-th new node.
    const ListSlot slot = taken[j];
    value[slot] = run[j];
    state[slot] = kSlotLive;
    // 2. Its link to the next node of the run (the sentinel after the last); the first closes
    //    onto the old last element.
    next[slot] = j + 1 < k ? taken[j + 1] : kListSentinel;
    if (j == 0) next[*d_last] = slot;
  }
}

/// Pointer-jumping fallback for long runs: jump[e] = next[e] for the count erased slots.
__global__ void erase_jump_init_kernel(const ListSlot* erased, std::int64_t count,
                                       const ListSlot* next, ListSlot* jump);

/// One round of pointer jumping: every erased slot follows jumps through erased slots (bits of
/// the selection bitmap), at most `max_hops` of them; *unfinished is set when some jump still
/// names an erased slot. In-place updates race benignly: a jump only moves forward inside its
/// run, so any value read is valid.
__global__ void erase_jump_kernel(const ListSlot* erased, std::int64_t count,
                                  const std::uint32_t* bitmap, ListSlot* jump, int max_hops,
                                  int* unfinished);

/// Every survivor v below `slots` (owners bitmap) whose successor is erased links to jump[] of
/// it (the run's survivor successor).
__global__ void erase_relink_kernel(const std::uint32_t* owners, const std::uint32_t* bitmap,
                                    std::int64_t slots, const ListSlot* jump, ListSlot* next);

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

/// stack[k] = highest - k for k < count: never used slots pushed at build time or after a growth,
/// in descending order so that the stack (popped from the top) hands them out lowest first.
__global__ void push_fresh_kernel(ListSlot* stack, std::int64_t count, std::int64_t highest);

}  // namespace frontier::cuda
