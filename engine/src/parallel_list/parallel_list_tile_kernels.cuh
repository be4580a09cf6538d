// The tile kernels of ParallelList's bulk insert and erase on the GPU (driven by
// parallel_list_cuda_storage.cuh), after Varga & Szénási, "Design and Implementation of Parallel
// List Data Structure using Graphics Accelerators" (IEEE INES 2016): selection first, linking
// second, both streaming over tiles of kListTileSlots slots; allocation by prefix sums over the
// tiles (the same slots every run, no per-item atomics).
//
// 1. list_select_kernel (one block per tile) reads the tile's slot states as 32-bit words of four
//    and its values as vectors of four (coalesced: a warp reads 128 bytes of states and 32 value
//    vectors per load), evaluates the predicate (and an insert's count functor) on the elements,
//    and writes the tile's selection bitmap (bit v % 32 of word v / 32 is slot v, in slot order)
//    and its tally (values to insert or elements to erase, and negative counts). An erase also
//    marks its selected slots kSlotErasing here, so the marks are complete before any relinking.
// 2. An exclusive scan of the tallies (the storage runs cub::DeviceScan over tiles + 1 items; the
//    last item is zero, so offsets[tiles] is the operation's total) places every tile's nodes.
// 3. list_insert_link_kernel: a tile with nothing selected returns at once; otherwise its block
//    scans the counts of its threads' 16-slot pieces of the bitmap and every selected element
//    splices its new nodes, popped from the free stack at (tile offset + local offset). Nodes are
//    read from the bitmap only, so nodes written into free slots by other blocks are never
//    selected again and need no tag. The kernel first reads the total: when it exceeds the free
//    stack, or a count was negative, it changes nothing; the host then grows the storage (slot
//    ids are kept, so the bitmap and offsets stay valid) and launches it again, or throws.
// 4. Erase: list_erase_link_kernel pushes the tile's selected slots on the free stack at their
//    offsets and lets the first slot of every marked run walk the run (bounded) and link around
//    it; list_erase_release_kernel frees the marked slots unless some run was longer than the
//    walk (then the host relinks the long runs by pointer jumping first).
//
// Invariants: the per-slot arrays hold whole tiles (padding slots are kSlotFree); the scanned
// tiles cover every element (the storage scans up to its high-water mark); during a link
// kernel element v alone writes the link it owns (parallel_list_kernels.cuh) and the nodes
// popped at its offsets.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>
#include <type_traits>

#include "parallel_list/parallel_list_kernels.cuh"
#include "parallel_list/parallel_list_tuning.hpp"

namespace frontier::cuda {

/// Slots of a quad: one 32-bit word of states, one vector of values.
inline constexpr int kListQuadSlots = 4;
/// Quads whose selection bits make one 32-bit bitmap word (neighbouring lanes of a warp).
inline constexpr int kListQuadsPerWord = 32 / kListQuadSlots;
/// Bitmap words of one tile.
inline constexpr std::int64_t kListTileWords = kListTileSlots / 32;
static_assert(kListSlotsPerThread % kListQuadSlots == 0 && 32 % kListSlotsPerThread == 0,
              "a thread's slots are whole quads inside one bitmap word");

/// Four consecutive values, loaded as one vector (two for 8-byte values).
template <typename T>
struct alignas(kListQuadSlots * sizeof(T)) SlotQuad {
  T v[kListQuadSlots];
};

enum class ListSelectMode { Insert, Erase };

/// Bits of the kListSlotsPerThread slots from `first_slot` in the selection bitmap.
__device__ inline std::uint32_t thread_selection(const std::uint32_t* bitmap,
                                                 std::int64_t first_slot) {
  constexpr std::uint32_t kMask = (std::uint32_t{1} << kListSlotsPerThread) - 1;
  return (bitmap[first_slot / 32] >> (first_slot % 32)) & kMask;
}

/// First slot of this thread's piece of tile blockIdx.x in the link kernels.
__device__ inline std::int64_t thread_first_slot() {
  return static_cast<std::int64_t>(blockIdx.x) * kListTileSlots +
         static_cast<std::int64_t>(threadIdx.x) * kListSlotsPerThread;
}

/// Selection over tile blockIdx.x: the tile's bitmap words and tallies[tile]. Insert: a live
/// element e with pred(e) is selected when count(e) > 0 (tally: sum of those counts, number of
/// negative counts). Erase: every live element e with pred(e) is selected and marked
/// kSlotErasing (tally: how many); block 0 clears *d_unfinished for the link kernel. Block 0
/// also zeroes tallies[tiles], the scan's last item.
template <ListSelectMode MODE, typename T, typename Pred, typename Count>
__global__ void __launch_bounds__(kListTileThreads)
    list_select_kernel(const T* value, std::uint8_t* state, Pred pred, Count count,
                       std::uint32_t* bitmap, CountTally* tallies, std::int64_t tiles,
                       int* d_unfinished) {
  constexpr int kQuads = kListSlotsPerThread / kListQuadSlots;
  using BlockReduce = cub::BlockReduce<CountTally, kListTileThreads>;
  __shared__ typename BlockReduce::TempStorage reduce_storage;
  const std::int64_t tile = blockIdx.x;
  const std::int64_t first_quad = tile * (kListTileSlots / kListQuadSlots);
  auto* const state_words = reinterpret_cast<std::uint32_t*>(state);
  const auto* const value_quads = reinterpret_cast<const SlotQuad<T>*>(value);
  // 1. Every load first (quad i of thread t is quad i * threads + t of the tile): all of them in
  //    flight together, each warp-wide load contiguous.
  std::uint32_t states[kQuads];
  SlotQuad<T> values[kQuads];
#pragma unroll
  for (int i = 0; i < kQuads; ++i) {
    const std::int64_t quad = first_quad + i * kListTileThreads + threadIdx.x;
    states[i] = state_words[quad];
    values[i] = value_quads[quad];
  }
  CountTally mine{0, 0};
  const int lane = static_cast<int>(threadIdx.x % 32);
#pragma unroll
  for (int i = 0; i < kQuads; ++i) {
    // 2. The quad's selection (a nibble) and, for an erase, its marked state word.
    std::uint32_t nibble = 0;
    std::uint32_t marked = states[i];
#pragma unroll
    for (int b = 0; b < kListQuadSlots; ++b) {
      const auto s = static_cast<std::uint8_t>(states[i] >> (8 * b));
      if (!is_element(s) || !pred(values[i].v[b])) continue;
      if constexpr (MODE == ListSelectMode::Erase) {
        nibble |= 1u << b;
        ++mine.total;
        marked = (marked & ~(0xffu << (8 * b))) | (std::uint32_t{kSlotErasing} << (8 * b));
      } else {
        const auto c = static_cast<std::int64_t>(count(values[i].v[b]));
        if (c > 0) {
          nibble |= 1u << b;
          mine.total += c;
        } else if (c < 0) {
          ++mine.negative;
        }
      }
    }
    const std::int64_t quad = first_quad + i * kListTileThreads + threadIdx.x;
    if constexpr (MODE == ListSelectMode::Erase) {
      if (nibble != 0) state_words[quad] = marked;
    }
    // 3. Eight neighbouring lanes (eight consecutive quads) make one bitmap word.
    std::uint32_t word = nibble << (kListQuadSlots * (lane % kListQuadsPerWord));
    for (int d = 1; d < kListQuadsPerWord; d *= 2) word |= __shfl_xor_sync(0xffffffffu, word, d);
    if (lane % kListQuadsPerWord == 0) bitmap[quad / kListQuadsPerWord] = word;
  }
  // 4. The tile's tally.
  const CountTally sum = BlockReduce(reduce_storage).Reduce(mine, CountTallySum{});
  if (threadIdx.x == 0) {
    tallies[tile] = sum;
    if (tile == 0) {
      tallies[tiles] = CountTally{0, 0};
      if (d_unfinished != nullptr) *d_unfinished = 0;
    }
  }
}

/// What list_insert_link_kernel needs: the storage, the free stack (popped from the top: position
/// p of the allocation order is free_stack[free_count - 1 - p]), the selection and its offsets.
template <typename T, typename Count, typename Value>
struct InsertLink {
  T* value;
  ListSlot* next;
  ListSlot* prev;
  std::uint8_t* state;
  const ListSlot* free_stack;
  std::int64_t free_count;
  const std::uint32_t* bitmap;
  /// Exclusive scan of the tile tallies; offsets[tiles] is the whole insert.
  const CountTally* offsets;
  std::int64_t tiles;
  Count count;
  Value value_of;
  ListPosition position;

  __device__ ListSlot taken(std::int64_t p) const { return free_stack[free_count - 1 - p]; }

  /// Links c new nodes (positions offset .. offset + c - 1) before or after element self.
  __device__ void splice(ListSlot self, const T& source, std::int64_t offset,
                         std::int64_t c) const {
    // a. Every load of a one-value run before its first store.
    const ListSlot first = taken(offset);
    const ListSlot neighbor = position == ListPosition::After ? next[self] : prev[self];
    // b. Values, states and the chain of the new nodes.
    value[first] = value_of(source, 0);
    state[first] = kSlotLive;
    ListSlot last = first;
    for (std::int64_t j = 1; j < c; ++j) {
      const ListSlot slot = taken(offset + j);
      value[slot] = value_of(source, j);
      state[slot] = kSlotLive;
      next[last] = slot;
      prev[slot] = last;
      last = slot;
    }
    // c. Hook the chain into the link self owns (neighbor = its old successor or predecessor).
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

/// Insert linking over tile blockIdx.x (see the file header, step 3).
template <typename T, typename Count, typename Value>
__global__ void __launch_bounds__(kListTileThreads)
    list_insert_link_kernel(InsertLink<T, Count, Value> link) {
  using BlockScan = cub::BlockScan<std::int64_t, kListTileThreads>;
  __shared__ typename BlockScan::TempStorage scan_storage;
  constexpr bool kConstant = std::is_same_v<Count, ConstantCount>;
  // 1. Nothing changes unless every value fits and no count was negative.
  const CountTally all = link.offsets[link.tiles];
  if (all.negative > 0 || all.total > link.free_count) return;
  const std::int64_t tile = blockIdx.x;
  const std::int64_t tile_offset = link.offsets[tile].total;
  if (link.offsets[tile + 1].total == tile_offset) return;
  // 2. This thread's selected slots and their counts; the block's exclusive sum places them.
  const std::int64_t first_slot = thread_first_slot();
  const std::uint32_t bits = thread_selection(link.bitmap, first_slot);
  std::int64_t mine = 0;
  if constexpr (kConstant) {
    mine = __popc(bits) * link.count.k;
  } else {
    for (std::uint32_t rest = bits; rest != 0; rest &= rest - 1) {
      mine += static_cast<std::int64_t>(link.count(link.value[first_slot + __ffs(rest) - 1]));
    }
  }
  std::int64_t offset = 0;
  BlockScan(scan_storage).ExclusiveSum(mine, offset);
  offset += tile_offset;
  // 3. Every selected element splices its nodes, in slot order.
  for (std::uint32_t rest = bits; rest != 0; rest &= rest - 1) {
    const auto self = static_cast<ListSlot>(first_slot + __ffs(rest) - 1);
    const T source = link.value[self];
    std::int64_t c = 0;
    if constexpr (kConstant) {
      c = link.count.k;
    } else {
      c = static_cast<std::int64_t>(link.count(source));
    }
    link.splice(self, source, offset, c);
    offset += c;
  }
}

/// Erase linking over tile blockIdx.x (step 4): the tile's marked slots go to
/// erased[offsets[tile] ..] in slot order; the first slot of every marked run (its predecessor
/// survives) walks the run through next[] for at most `max_hops` slots and links its surviving
/// predecessor to the survivor after it; a longer run sets *unfinished and is left to the
/// pointer-jumping fallback (parallel_list_kernels.cuh).
__global__ void list_erase_link_kernel(const std::uint32_t* bitmap, const CountTally* offsets,
                                       const std::uint8_t* state, ListSlot* next, ListSlot* prev,
                                       ListSlot* erased, int max_hops, int* unfinished);

/// Release over tile blockIdx.x: block 0 publishes the erase's total (offsets[tiles]) at
/// *d_total; unless *unfinished, the tile's marked slots become kSlotFree.
__global__ void list_erase_release_kernel(const std::uint32_t* bitmap, const CountTally* offsets,
                                          std::int64_t tiles, const int* unfinished,
                                          std::uint8_t* state, std::int64_t* d_total);

}  // namespace frontier::cuda
