// The non-template kernels of the ParallelList CUDA storage: erase (collect, pointer jumping,
// relink, release), the index layer (live flags, compaction, order scatter) and growth. Contracts
// and invariants in parallel_list_kernels.cuh.
#include "parallel_list/parallel_list_kernels.cuh"

namespace frontier::cuda {

__global__ void erase_collect_kernel(const std::int64_t* offsets, std::int64_t slots,
                                     const ListSlot* next, ListSlot* erased, ListSlot* jump) {
  for (std::int64_t v = grid_start(); v < slots; v += grid_stride()) {
    // 1. A marked slot is one whose exclusive sum steps.
    if (offsets[v + 1] == offsets[v]) continue;
    // 2. Push it and start its jump at its successor.
    erased[offsets[v]] = static_cast<ListSlot>(v);
    jump[v] = next[v];
  }
}

__global__ void erase_jump_kernel(const ListSlot* erased, std::int64_t count,
                                  const std::uint8_t* live, ListSlot* jump, int max_hops,
                                  int* unfinished) {
  for (std::int64_t k = grid_start(); k < count; k += grid_stride()) {
    const ListSlot e = erased[k];
    // 1. Follow jumps while they name marked slots (bounded per round).
    ListSlot target = jump[e];
    int hops = 0;
    while (hops < max_hops && live[target] == kSlotErasing) {
      target = static_cast<volatile const ListSlot*>(jump)[target];
      ++hops;
    }
    // 2. Publish the shortcut; report when the run's end is still ahead.
    if (hops > 0) static_cast<volatile ListSlot*>(jump)[e] = target;
    if (live[target] == kSlotErasing) *unfinished = 1;
  }
}

__global__ void erase_relink_kernel(const ListSlot* erased, std::int64_t count,
                                    const std::uint8_t* live, const ListSlot* jump, ListSlot* next,
                                    ListSlot* prev) {
  for (std::int64_t k = grid_start(); k < count; k += grid_stride()) {
    const ListSlot e = erased[k];
    // 1. Only the first slot of a run has a surviving predecessor (or the sentinel).
    const ListSlot before = prev[e];
    if (live[before] == kSlotErasing) continue;
    // 2. Link it to the survivor after the run.
    const ListSlot after = jump[e];
    next[before] = after;
    prev[after] = before;
  }
}

__global__ void erase_release_kernel(const ListSlot* erased, std::int64_t count,
                                     std::uint8_t* live) {
  for (std::int64_t k = grid_start(); k < count; k += grid_stride()) live[erased[k]] = kSlotFree;
}

__global__ void live_flags_kernel(const std::uint8_t* live, std::int64_t slots,
                                  std::int64_t* flags) {
  for (std::int64_t v = grid_start(); v < slots; v += grid_stride()) {
    flags[v] = live[v] == kSlotLive ? 1 : 0;
  }
}

__global__ void compact_list_kernel(const std::uint8_t* live, const ListSlot* next,
                                    const std::int64_t* ids, std::int64_t slots,
                                    ListSlot* successor, ListSlot* slot_of) {
  for (std::int64_t v = grid_start(); v < slots; v += grid_stride()) {
    if (live[v] != kSlotLive) continue;
    // 1. This element's compact id and its successor's (-1 after the last element).
    const auto id = ids[v];
    const ListSlot after = next[v];
    slot_of[id] = static_cast<ListSlot>(v);
    successor[id] = after == kListSentinel ? ListSlot{-1} : static_cast<ListSlot>(ids[after]);
  }
}

__global__ void scatter_order_kernel(const ListSlot* rank, const ListSlot* slot_of, std::int64_t n,
                                     ListSlot* order) {
  for (std::int64_t i = grid_start(); i < n; i += grid_stride()) order[rank[i]] = slot_of[i];
}

__global__ void push_range_kernel(ListSlot* stack, std::int64_t count, std::int64_t first) {
  for (std::int64_t k = grid_start(); k < count; k += grid_stride()) {
    stack[k] = static_cast<ListSlot>(first + k);
  }
}

}  // namespace frontier::cuda
