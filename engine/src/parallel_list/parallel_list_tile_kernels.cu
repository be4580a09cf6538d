// The non-template tile kernel of ParallelList's bulk erase: pushing the selected slots on the
// free stack and linking every survivor around the selected run after it. Contracts and
// invariants in parallel_list_tile_kernels.cuh.
#include "parallel_list/parallel_list_tile_kernels.cuh"

namespace frontier::cuda {

__global__ void __launch_bounds__(kListTileThreads)
    list_erase_link_kernel(const std::uint32_t* bitmap, const std::uint32_t* owners,
                           const CountTally* offsets, std::int64_t tiles, ListSlot* next,
                           ListSlot* erased, int max_hops, int* unfinished, std::int64_t* d_total) {
  using BlockScan = cub::BlockScan<int, kListTileThreads>;
  __shared__ typename BlockScan::TempStorage scan_storage;
  const std::int64_t tile = blockIdx.x;
  if (tile == 0 && threadIdx.x == 0) *d_total = offsets[tiles].total;
  const std::int64_t first_slot = thread_first_slot();
  // 1. The tile's selected slots go on the free stack at their offsets (tiles with nothing
  //    selected skip this).
  const std::int64_t tile_offset = offsets[tile].total;
  if (offsets[tile + 1].total != tile_offset) {
    const std::uint32_t bits = thread_selection(bitmap, first_slot);
    int local = 0;
    BlockScan(scan_storage).ExclusiveSum(__popc(bits), local);
    std::int64_t at = tile_offset + local;
    for (std::uint32_t rest = bits; rest != 0; rest &= rest - 1) {
      erased[at++] = static_cast<ListSlot>(first_slot + __ffs(rest) - 1);
    }
  }
  // 2. This thread's survivors (and the sentinel) and their successors.
  const std::uint32_t survivors = thread_selection(owners, first_slot);
  if (survivors == 0 || offsets[tiles].total == 0) return;
  const ThreadLinks links = load_thread_links(next, first_slot);
  // 3. The survivors whose successor is selected: every probe issued before any store.
  std::uint32_t before_run = 0;
#pragma unroll
  for (int b = 0; b < kListSlotsPerThread; ++b) {
    if (((survivors >> b) & 1u) != 0 && bit_set(bitmap, links.slot[b])) before_run |= 1u << b;
  }
#pragma unroll
  for (int b = 0; b < kListSlotsPerThread; ++b) {
    if (((before_run >> b) & 1u) == 0) continue;
    ListSlot after = links.slot[b];
    // 4. Walk the selected run after this survivor, a bounded number of hops.
    int hops = 0;
    do {
      after = next[after];
      ++hops;
    } while (bit_set(bitmap, after) && hops < max_hops);
    // 5. Link around the run, or leave a long run to the pointer-jumping rounds.
    if (bit_set(bitmap, after)) {
      *unfinished = 1;
      continue;
    }
    next[first_slot + b] = after;
  }
}

}  // namespace frontier::cuda
