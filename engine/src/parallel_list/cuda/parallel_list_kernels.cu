// The non-template kernels of parallel_list_kernels.cuh: the pointer-jumping fallback of erase
// for long runs, the search for the last element (append), the index layer (compaction, order
// scatter) and free-stack filling. Contracts and invariants in parallel_list_kernels.cuh.
#include "parallel_list/cuda/parallel_list_kernels.cuh"

namespace frontier::cuda {

__global__ void erase_jump_init_kernel(const ListSlot* erased, std::int64_t count,
                                       const ListSlot* next, ListSlot* jump) {
  for (std::int64_t k = grid_start(); k < count; k += grid_stride()) {
    jump[erased[k]] = next[erased[k]];
  }
}

__global__ void erase_jump_kernel(const ListSlot* erased, std::int64_t count,
                                  const std::uint32_t* bitmap, ListSlot* jump, int max_hops,
                                  int* unfinished) {
  for (std::int64_t k = grid_start(); k < count; k += grid_stride()) {
    const ListSlot e = erased[k];
    // 1. Follow jumps while they name erased slots (bounded per round).
    ListSlot target = jump[e];
    int hops = 0;
    while (hops < max_hops && bit_set(bitmap, target)) {
      target = static_cast<volatile const ListSlot*>(jump)[target];
      ++hops;
    }
    // 2. Publish the shortcut; report when the run's end is still ahead.
    if (hops > 0) static_cast<volatile ListSlot*>(jump)[e] = target;
    if (bit_set(bitmap, target)) *unfinished = 1;
  }
}

__global__ void erase_relink_kernel(const std::uint32_t* owners, const std::uint32_t* bitmap,
                                    std::int64_t slots, const ListSlot* jump, ListSlot* next) {
  for (std::int64_t v = grid_start(); v < slots; v += grid_stride()) {
    // 1. Survivors (and the sentinel) whose successor is erased: the survivor after the run.
    if (!bit_set(owners, static_cast<ListSlot>(v))) continue;
    const ListSlot after = next[v];
    if (bit_set(bitmap, after)) next[v] = jump[after];
  }
}

__global__ void find_last_kernel(const std::uint8_t* state, const ListSlot* next,
                                 std::int64_t slots, ListSlot* d_last) {
  for (std::int64_t v = grid_start(); v < slots; v += grid_stride()) {
    if ((v == kListSentinel || is_element(state[v])) && next[v] == kListSentinel) {
      *d_last = static_cast<ListSlot>(v);
    }
  }
}

__global__ void compact_list_kernel(const std::uint8_t* state, const ListSlot* next,
                                    const ListSlot* ids, std::int64_t slots, ListSlot* successor,
                                    ListSlot* slot_of) {
  for (std::int64_t v = grid_start(); v < slots; v += grid_stride()) {
    if (!is_element(state[v])) continue;
    // 1. This element's compact id and its successor's (-1 after the last element).
    const ListSlot id = ids[v];
    const ListSlot after = next[v];
    slot_of[id] = static_cast<ListSlot>(v);
    successor[id] = after == kListSentinel ? ListSlot{-1} : ids[after];
  }
}

__global__ void scatter_order_kernel(const ListSlot* rank, const ListSlot* slot_of, std::int64_t n,
                                     ListSlot* order) {
  for (std::int64_t i = grid_start(); i < n; i += grid_stride()) order[rank[i]] = slot_of[i];
}

__global__ void push_fresh_kernel(ListSlot* stack, std::int64_t count, std::int64_t highest) {
  for (std::int64_t k = grid_start(); k < count; k += grid_stride()) {
    stack[k] = static_cast<ListSlot>(highest - k);
  }
}

}  // namespace frontier::cuda
