// The non-template tile kernels of ParallelList's bulk erase: pushing the marked slots with
// linking around every marked run, and the release of the marked slots. Contracts and invariants
// in parallel_list_tile_kernels.cuh.
#include "parallel_list/parallel_list_tile_kernels.cuh"

namespace frontier::cuda {

__global__ void __launch_bounds__(kListTileThreads)
    list_erase_link_kernel(const std::uint32_t* bitmap, const CountTally* offsets,
                           const std::uint8_t* state, ListSlot* next, ListSlot* prev,
                           ListSlot* erased, int max_hops, int* unfinished) {
  using BlockScan = cub::BlockScan<int, kListTileThreads>;
  __shared__ typename BlockScan::TempStorage scan_storage;
  // 1. Tiles with nothing marked return at once.
  const std::int64_t tile = blockIdx.x;
  const std::int64_t tile_offset = offsets[tile].total;
  if (offsets[tile + 1].total == tile_offset) return;
  // 2. This thread's marked slots and their place on the free stack.
  const std::int64_t first_slot = thread_first_slot();
  const std::uint32_t bits = thread_selection(bitmap, first_slot);
  int local = 0;
  BlockScan(scan_storage).ExclusiveSum(__popc(bits), local);
  std::int64_t at = tile_offset + local;
  for (std::uint32_t rest = bits; rest != 0; rest &= rest - 1) {
    const auto e = static_cast<ListSlot>(first_slot + __ffs(rest) - 1);
    erased[at++] = e;
    // 3. Only the first slot of a run has a surviving predecessor (or the sentinel).
    const ListSlot before = prev[e];
    if (state[before] == kSlotErasing) continue;
    // 4. Walk the run to its survivor successor, a bounded number of hops.
    ListSlot after = next[e];
    int hops = 0;
    while (state[after] == kSlotErasing && hops < max_hops) {
      after = next[after];
      ++hops;
    }
    // 5. Link around the run, or leave a long run to the pointer-jumping rounds.
    if (state[after] == kSlotErasing) {
      *unfinished = 1;
      continue;
    }
    next[before] = after;
    prev[after] = before;
  }
}

__global__ void __launch_bounds__(kListTileThreads)
    list_erase_release_kernel(const std::uint32_t* bitmap, const CountTally* offsets,
                              std::int64_t tiles, const int* unfinished, std::uint8_t* state,
                              std::int64_t* d_total) {
  // 1. The total for the host; nothing is freed while long runs still wait for relinking.
  const std::int64_t tile = blockIdx.x;
  if (tile == 0 && threadIdx.x == 0) *d_total = offsets[tiles].total;
  if (*unfinished != 0) return;
  if (offsets[tile + 1].total == offsets[tile].total) return;
  // 2. Free this thread's marked slots: its 16 states as one vector, rewritten where marked.
  static_assert(kListSlotsPerThread == 16, "a thread's states are one 16-byte vector");
  const std::int64_t first_slot = thread_first_slot();
  const std::uint32_t bits = thread_selection(bitmap, first_slot);
  if (bits == 0) return;
  auto* const states = reinterpret_cast<uint4*>(state + first_slot);
  const uint4 before = *states;
  std::uint32_t words[4] = {before.x, before.y, before.z, before.w};
#pragma unroll
  for (int i = 0; i < 4; ++i) {
    std::uint32_t mask = 0;
#pragma unroll
    for (int b = 0; b < 4; ++b) {
      if (((bits >> (4 * i + b)) & 1u) != 0) mask |= 0xffu << (8 * b);
    }
    words[i] = (words[i] & ~mask) | (kSlotFree * 0x01010101u & mask);
  }
  *states = make_uint4(words[0], words[1], words[2], words[3]);
}

}  // namespace frontier::cuda
