// The non-template tile kernel of ParallelList's bulk erase: pushing the selected slots on the
// free stack and linking every survivor around the selected run after it. Contracts and
// invariants in parallel_list_tile_kernels.cuh.
#include "parallel_list/parallel_list_tile_kernels.cuh"

namespace frontier::cuda {

__global__ void __launch_bounds__(kListTileThreads)
    list_erase_link_kernel(const std::uint32_t* bitmap, const std::uint32_t* owners,
                           const CountTally* tallies, ListTileSums sums, ListSlot* next,
                           ListSlot* erased, int max_hops, int* unfinished, std::int64_t* h_total) {
  using BlockScan = cub::BlockScan<int, kListTileThreads>;
  __shared__ typename BlockScan::TempStorage scan_storage;
  __shared__ std::int64_t shared_offset;
  // 0. After the selection (programmatic dependent launch: parallel_list_tile_kernels.cuh).
  wait_for_previous_grid();
  const std::int64_t tile = blockIdx.x;
  const std::int64_t all = sums.sums[0].total;
  if (tile == 0 && threadIdx.x == 0) *h_total = all;
  const std::int64_t first_slot = thread_first_slot();
  // 1. The tile's selected slots go on the free stack at their offsets (warp 0 computes the
  //    tile's offset while the block scans its slots; tiles with nothing selected skip this).
  if (tallies[tile].total != 0) {
    if (threadIdx.x < 32) {
      const std::int64_t offset = tile_exclusive_offset(tallies, sums, tile);
      if (threadIdx.x == 0) shared_offset = offset;
    }
    const std::uint32_t bits = thread_selection(bitmap, first_slot);
    int local = 0;
    BlockScan(scan_storage).ExclusiveSum(__popc(bits), local);
    __syncthreads();
    std::int64_t at = shared_offset + local;
    for (std::uint32_t rest = bits; rest != 0; rest &= rest - 1) {
      erased[at++] = static_cast<ListSlot>(first_slot + __ffs(rest) - 1);
    }
  }
  // 2. This thread's survivors (and the sentinel) and their successors.
  const std::uint32_t survivors = thread_selection(owners, first_slot);
  if (survivors == 0 || all == 0) return;
  const ThreadLinks links = load_thread_links(next, first_slot);
  // 3. The survivors whose successor is selected: every probe issued before any store.
  std::uint32_t before_run = 0;
#pragma unroll
  for (int b = 0; b < kListSlotsPerThread; ++b) {
    if (((survivors >> b) & 1u) != 0 && bit_set(bitmap, links.slot[b])) before_run |= 1u << b;
  }
  // 4. Walk the selected runs after those survivors together, a bounded number of hops: each
  //    hop issues every pending run's link load, then every bitmap probe (no store between).
  ListSlot after[kListSlotsPerThread];
#pragma unroll
  for (int b = 0; b < kListSlotsPerThread; ++b) after[b] = links.slot[b];
  std::uint32_t walking = before_run;
  for (int hops = 0; walking != 0 && hops < max_hops; ++hops) {
#pragma unroll
    for (int b = 0; b < kListSlotsPerThread; ++b) {
      if (((walking >> b) & 1u) != 0) after[b] = next[after[b]];
    }
#pragma unroll
    for (int b = 0; b < kListSlotsPerThread; ++b) {
      if (((walking >> b) & 1u) != 0 && !bit_set(bitmap, after[b])) walking &= ~(1u << b);
    }
  }
  // 5. Link around the runs; a run longer than the walk is left to the pointer-jumping rounds.
  if (walking != 0) *unfinished = 1;
  const std::uint32_t linked = before_run & ~walking;
#pragma unroll
  for (int b = 0; b < kListSlotsPerThread; ++b) {
    if (((linked >> b) & 1u) != 0) next[first_slot + b] = after[b];
  }
}

}  // namespace frontier::cuda
