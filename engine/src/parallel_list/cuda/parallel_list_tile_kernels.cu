// The non-template tile kernel of ParallelList's bulk erase: pushing the selected slots on the
// free stack and linking every survivor around the selected run after it. Contracts and
// invariants in parallel_list_tile_kernels.cuh.
#include "parallel_list/cuda/parallel_list_tile_kernels.cuh"

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
  if (all == 0) return;
  // 1. Every independent load first: the tile's tally, this thread's selected and surviving
  //    slots, and its links (the survivors' successors).
  const std::int64_t first_slot = thread_first_slot();
  const std::int64_t tile_selected = tallies[tile].total;
  const std::uint32_t bits = thread_selection(bitmap, first_slot);
  const std::uint32_t survivors = thread_selection(owners, first_slot);
  ThreadLinks links = load_thread_links(next, first_slot);
  // 2. The tile's selected slots go on the free stack at their offsets (warp 0 computes the
  //    tile's offset while the block scans its slots; tiles with nothing selected skip this).
  if (tile_selected != 0) {
    if (threadIdx.x < 32) {
      const std::int64_t offset = tile_exclusive_offset(tallies, sums, tile);
      if (threadIdx.x == 0) shared_offset = offset;
    }
    int local = 0;
    BlockScan(scan_storage).ExclusiveSum(__popc(bits), local);
    __syncthreads();
    std::int64_t at = shared_offset + local;
    for (std::uint32_t rest = bits; rest != 0; rest &= rest - 1) {
      erased[at++] = static_cast<ListSlot>(first_slot + __ffs(rest) - 1);
    }
  }
  if (survivors == 0) return;
  // 3. The survivors whose successor is selected (every probe issued before any use), and the
  //    slot after each run's first element.
  std::uint32_t walking = 0;
#pragma unroll
  for (int b = 0; b < kListSlotsPerThread; ++b) {
    if (((survivors >> b) & 1u) != 0 && bit_set(bitmap, links.slot[b])) walking |= 1u << b;
  }
  const std::uint32_t before_run = walking;
#pragma unroll
  for (int b = 0; b < kListSlotsPerThread; ++b) {
    if (((walking >> b) & 1u) != 0) links.slot[b] = next[links.slot[b]];
  }
  // 4. Walk the runs together, a bounded number of hops: links.slot[b] is the slot `hops` hops
  //    after survivor b. Each round probes its selection bit and loads its successor in the same
  //    round trip (the successor is wasted where the run ends), so a hop costs one memory
  //    latency, not two.
  for (int hops = 1; walking != 0; ++hops) {
    ListSlot successor[kListSlotsPerThread];
    std::uint32_t selected = 0;
#pragma unroll
    for (int b = 0; b < kListSlotsPerThread; ++b) {
      successor[b] = 0;
      if (((walking >> b) & 1u) == 0) continue;
      if (bit_set(bitmap, links.slot[b])) selected |= 1u << b;
      successor[b] = next[links.slot[b]];
    }
    walking &= selected;
    if (hops == max_hops) break;
#pragma unroll
    for (int b = 0; b < kListSlotsPerThread; ++b) {
      if (((walking >> b) & 1u) != 0) links.slot[b] = successor[b];
    }
  }
  // 5. Link around the runs; a run longer than the walk is left to the pointer-jumping rounds.
  if (walking != 0) *unfinished = 1;
  const std::uint32_t linked = before_run & ~walking;
#pragma unroll
  for (int b = 0; b < kListSlotsPerThread; ++b) {
    if (((linked >> b) & 1u) != 0) next[first_slot + b] = links.slot[b];
  }
}

}  // namespace frontier::cuda
