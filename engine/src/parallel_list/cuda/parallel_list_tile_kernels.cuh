// The tile kernels of ParallelList's bulk insert and erase on the GPU (driven by
// parallel_list_cuda_storage.cuh), after Varga & Szénási, "Design and Implementation of Parallel
// List Data Structure using Graphics Accelerators" (IEEE INES 2016): selection first, linking
// second, both streaming over tiles of kListTileSlots slots; allocation by prefix sums over the
// tiles (the same slots every run, no per-item atomics). The list is singly linked on the GPU
// (next[] only), so every write of a link kernel goes to a link its thread owns.
//
// 1. list_select_kernel (one block per tile) reads the tile's slot states as 32-bit words of four
//    and its values as vectors of four (coalesced: a warp reads 128 bytes of states and 32 value
//    vectors per load), evaluates the predicate (and an insert's count functor) on the elements,
//    and writes the tile's selection bitmap (bit v % 32 of word v / 32 is slot v, in slot order)
//    and its tally (values to insert or elements to erase, and negative counts), and adds the
//    tally (an atomic per nonzero field) into the operation's whole sum and its group's sum
//    (ListTileSums: groups of group_tiles tiles, about sqrt(tiles) of them; two halves
//    alternate between operations, each select launch zeroing the other). An erase also writes
//    the link-owner bitmap (the sentinel and the survivors) and frees its selected slots here
//    (state kSlotFree): from then on the bitmap alone says which slots are going.
// 2. Every tile's exclusive offset places its nodes: the link kernel's warp 0 sums the groups
//    before the tile's group and the tallies before it in its group (tile_exclusive_offset:
//    independent loads, no tile waits for another, so no separate scan and no ordering of the
//    blocks).
// 3. Insert (list_insert_kernel): a tile with nothing selected returns at once; otherwise its
//    block loads the selected elements' links (16-byte vectors, only those holding a selected
//    slot), computes its offset (2.), stages the tile's selected elements in slot order in shared
//    memory (slot and first position of every rank), links every selected element to its first
//    node, and writes the tile's new nodes in position order, consecutive threads on consecutive
//    positions, the last of an element's nodes linking to the element's old successor. Positions
//    map to the free stack's top (freed slots, scattered) and then to the fresh slots from the
//    high-water mark upwards, computed rather than read: where a tile's positions are fresh, its
//    value, state and link stores are one ascending run per warp (coalesced). Every load of a
//    step is issued before its stores (a store may alias a later load, so the compiler would
//    otherwise wait a round trip per element). Insert before needs no predecessor: the
//    element's slot takes the first value and the element's own value moves to its last node,
//    so insert before costs what insert after does. The link kernel first reads the total: when
//    it exceeds the free stack, or a count was negative, it changes nothing; the host then grows
//    the storage (slot ids are kept, so the bitmap and tallies stay valid, and the sums are kept
//    apart; the new slots are fresh, contiguous with the old fresh ones) and launches it again,
//    or throws. The total is the whole sum, complete before the link kernel starts.
// 4. Erase (list_erase_link_kernel): the tile's selected slots go on the free stack at their
//    offsets (2.), and every survivor (or the sentinel) whose successor is selected walks the
//    selected run (bounded; a thread's walks advance together, one hop each per round) and
//    links itself to the survivor after it; a longer run is left to the host's pointer-jumping
//    rounds (parallel_list_kernels.cuh).
//
// Invariants: the per-slot arrays hold whole tiles (padding slots are kSlotFree); the scanned
// tiles cover every element (the storage scans up to its high-water mark); during a link kernel
// a block writes only the links and values of its tile's selected elements (or the links of its
// survivors) and the nodes popped at its tile's positions (free slots, never an element); every
// element has exactly one predecessor (the sentinel or an element).
#pragma once

#include <cuda_runtime.h>

#include <cstdint>
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>
#include <type_traits>

#include "parallel_list/cuda/parallel_list_kernels.cuh"
#include "parallel_list/cuda/parallel_list_tuning.hpp"

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

/// Bits of the kListSlotsPerThread slots from `first_slot` in a per-slot bitmap.
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

/// The successor links of this thread's kListSlotsPerThread slots, as four 16-byte vectors.
struct ThreadLinks {
  ListSlot slot[kListSlotsPerThread];
};
__device__ inline ThreadLinks load_thread_links(const ListSlot* next, std::int64_t first_slot) {
  static_assert(kListSlotsPerThread == 16, "a thread's links are four 16-byte vectors");
  ThreadLinks links;
  const auto* const vectors = reinterpret_cast<const int4*>(next + first_slot);
#pragma unroll
  for (int i = 0; i < 4; ++i) {
    const int4 v = vectors[i];
    links.slot[4 * i] = v.x;
    links.slot[4 * i + 1] = v.y;
    links.slot[4 * i + 2] = v.z;
    links.slot[4 * i + 3] = v.w;
  }
  return links;
}

/// Copies the tile's entries src[tile_first + v] of the selected slots v into stage[v] (every
/// thread of the block calls it): quad i of thread t is quad i * threads + t of the tile, loaded
/// as one vector (coalesced: a warp's loads are 32 consecutive quads) when its bitmap nibble is
/// not zero, so a sparse selection reads only the sectors it needs; all of a thread's loads are
/// issued before its shared-memory stores. Entries of unselected slots are left as they were.
/// `stage` is aligned for a SlotQuad<U>.
template <typename U>
__device__ void stage_selected_quads(const U* src, const std::uint32_t* bitmap,
                                     std::int64_t tile_first, U* stage) {
  constexpr int kQuads = kListSlotsPerThread / kListQuadSlots;
  const auto* const quads = reinterpret_cast<const SlotQuad<U>*>(src + tile_first);
  const std::uint32_t* const words = bitmap + tile_first / 32;
  SlotQuad<U> loaded[kQuads];
  bool wanted[kQuads];
#pragma unroll
  for (int i = 0; i < kQuads; ++i) {
    const int quad = i * kListTileThreads + static_cast<int>(threadIdx.x);
    wanted[i] =
        ((words[quad / kListQuadsPerWord] >> (kListQuadSlots * (quad % kListQuadsPerWord))) &
         0xfu) != 0;
    if (wanted[i]) loaded[i] = quads[quad];
  }
#pragma unroll
  for (int i = 0; i < kQuads; ++i) {
    const int quad = i * kListTileThreads + static_cast<int>(threadIdx.x);
    if (wanted[i]) reinterpret_cast<SlotQuad<U>*>(stage)[quad] = loaded[i];
  }
}

/// Programmatic dependent launch (Hopper and later; no-ops before): a kernel launched with
/// programmatic stream serialization after one that calls allow_dependent_grid() may start its
/// blocks before that one has finished; wait_for_previous_grid() then waits until it has
/// finished and its writes are visible. The link kernels wait first thing, so nothing they read
/// or write is touched early; only the launch and the blocks' start overlap the previous kernel's
/// last wave. Launched without the attribute, the wait returns at once.
__device__ inline void allow_dependent_grid() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("griddepcontrol.launch_dependents;" ::: "memory");
#endif
}
__device__ inline void wait_for_previous_grid() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("griddepcontrol.wait;" ::: "memory");
#endif
}

/// Group sums of one operation's tile tallies (filled by the select kernel's atomics, one per
/// tile): sums[0] is the whole operation (its total and negative counts), sums[1 + g] the tiles
/// g * group_tiles .. (g + 1) * group_tiles - 1. A tile's exclusive offset is the sum of the
/// groups before its group and of the tallies before it in its group (tile_exclusive_offset).
struct ListTileSums {
  CountTally* sums;
  std::int64_t group_tiles;
};

/// Groups of the tile sums: group_tiles (a multiple of 32, at least sqrt(tiles)) is chosen so
/// that every list's tiles fit (parallel_list_cuda_storage.cuh).
inline constexpr std::int64_t kListMaxGroups = 1024;
/// Entries of one operation's tile sums: the whole and every group.
inline constexpr std::int64_t kListSumEntries = kListMaxGroups + 1;

/// Adds `tally` to *sum on the device (a 64-bit atomic per nonzero field; two's complement, so
/// signed sums).
__device__ inline void atomic_add_tally(CountTally* sum, const CountTally& tally) {
  if (tally.total != 0) {
    atomicAdd(reinterpret_cast<unsigned long long*>(&sum->total),
              static_cast<unsigned long long>(tally.total));
  }
  if (tally.negative != 0) {
    atomicAdd(reinterpret_cast<unsigned long long*>(&sum->negative),
              static_cast<unsigned long long>(tally.negative));
  }
}

/// Exclusive offset of `tile`, by the 32 lanes of one warp (all of them call it; every lane gets
/// it): the groups before the tile's group and the tallies before it in its group, as one run of
/// terms (groups first) strided over the lanes. All loads are independent (no tile waits for
/// another: the tallies and group sums are complete, written by the select kernel), and a lane
/// issues up to 8 of them together: up to about 2 sqrt(tiles) terms (190 at 9k tiles), so one
/// L2 round trip up to 256 terms (16k tiles, 33M slots).
__device__ inline std::int64_t tile_exclusive_offset(const CountTally* tallies,
                                                     const ListTileSums& sums, std::int64_t tile) {
  const auto lane = static_cast<std::int64_t>(threadIdx.x % 32);
  const std::int64_t group = tile / sums.group_tiles;
  const std::int64_t group_first = group * sums.group_tiles;
  const std::int64_t terms = group + (tile - group_first);
  // A lane loads kBatch terms at once (predicated), then adds them: one round of loads per 256
  // terms.
  constexpr int kBatch = 8;
  std::int64_t sum = 0;
  for (std::int64_t base = lane; base < terms; base += 32 * kBatch) {
    std::int64_t term[kBatch];
#pragma unroll
    for (int i = 0; i < kBatch; ++i) {
      const std::int64_t k = base + 32 * i;
      term[i] = k >= terms  ? 0
                : k < group ? sums.sums[1 + k].total
                            : tallies[group_first + k - group].total;
    }
#pragma unroll
    for (int i = 0; i < kBatch; ++i) sum += term[i];
  }
  for (int d = 16; d > 0; d /= 2) sum += __shfl_xor_sync(0xffffffffu, sum, d);
  return sum;
}

/// Where the selection of one operation goes: the selection bitmap, the link-owner bitmap (an
/// erase's survivors and the sentinel; unused by an insert), one tally per tile, the operation's
/// group sums (zeroed before the launch) and the next operation's (zeroed by this launch).
struct ListSelection {
  std::uint32_t* bitmap;
  std::uint32_t* owners;
  CountTally* tallies;
  ListTileSums sums;
  CountTally* next_sums;
};

/// Bit b set when byte b of a quad's state word is kSlotLive.
__device__ inline std::uint32_t live_nibble(std::uint32_t states) {
  constexpr std::uint32_t kLiveBytes = 0x01010101u * kSlotLive;
  const std::uint32_t equal = __vcmpeq4(states, kLiveBytes);  // 0xff per equal byte
  return ((equal >> 7) & 1u) | ((equal >> 14) & 2u) | ((equal >> 21) & 4u) | ((equal >> 28) & 8u);
}

/// chosen[i] bit b = pred(values[i].v[b]): any functor, called per value.
template <typename Pred, typename T, int N>
__device__ void chosen_nibbles(const Pred& pred, const SlotQuad<T> (&values)[N],
                               std::uint32_t (&chosen)[N]) {
#pragma unroll
  for (int i = 0; i < N; ++i) {
    chosen[i] = 0;
#pragma unroll
    for (int b = 0; b < kListQuadSlots; ++b) chosen[i] |= pred(values[i].v[b]) ? 1u << b : 0u;
  }
}
/// The same for a Predicate expression: one branch on its kind for all the thread's values.
template <typename T, int N>
__device__ void chosen_nibbles(const Predicate<T>& pred, const SlotQuad<T> (&values)[N],
                               std::uint32_t (&chosen)[N]) {
  pred.with_test([&](auto test) {
#pragma unroll
    for (int i = 0; i < N; ++i) {
      chosen[i] = 0;
#pragma unroll
      for (int b = 0; b < kListQuadSlots; ++b) chosen[i] |= test(values[i].v[b]) ? 1u << b : 0u;
    }
    return 0;
  });
}

/// Selection over tile blockIdx.x: the tile's bitmap words and tallies[tile], added into the
/// operation's whole sum and its group's sum (out.sums). Insert: a live element e with pred(e)
/// is selected when count(e) > 0 (tally: sum of those counts, number of negative counts). Erase:
/// every live element e with pred(e) is selected and freed (its state becomes kSlotFree: the
/// link kernel reads links and bitmaps only; tally: how many); block 0 clears *unfinished for
/// the link kernel. The grid zeroes out.next_sums for the next operation.
template <ListSelectMode MODE, typename T, typename Pred, typename Count>
__global__ void __launch_bounds__(kListTileThreads)
    list_select_kernel(const T* value, std::uint8_t* state, Pred pred, Count count,
                       ListSelection out, std::int64_t tiles, int* unfinished) {
  constexpr int kQuads = kListSlotsPerThread / kListQuadSlots;
  constexpr bool kErase = MODE == ListSelectMode::Erase;
  using BlockReduce = cub::BlockReduce<CountTally, kListTileThreads>;
  __shared__ typename BlockReduce::TempStorage reduce_storage;
  // 0. The link kernel may start its launch (it waits for this grid before reading anything).
  allow_dependent_grid();
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
  // 2. Which slots hold elements (branch-free) and which elements the predicate chooses.
  std::uint32_t chosen[kQuads];
  chosen_nibbles(pred, values, chosen);
  CountTally mine{0, 0};
  const int lane = static_cast<int>(threadIdx.x % 32);
#pragma unroll
  for (int i = 0; i < kQuads; ++i) {
    // 3. The quad's selection and link owners (nibbles) and, for an erase, its freed states.
    const std::int64_t quad = first_quad + i * kListTileThreads + threadIdx.x;
    const std::uint32_t live = live_nibble(states[i]);
    const std::uint32_t candidates = live & chosen[i];
    std::uint32_t nibble = 0;
    std::uint32_t owner = quad == 0 ? 1u : 0u;  // the sentinel
    CountTally quad_tally{0, 0};
    if constexpr (kErase) {
      static_assert(kSlotFree == 0, "freeing a slot clears its state byte");
      nibble = candidates;
      owner |= live & ~chosen[i];
      quad_tally.total = __popc(nibble);
      if (nibble != 0) {
        std::uint32_t freed = states[i];
#pragma unroll
        for (int b = 0; b < kListQuadSlots; ++b) {
          if (((nibble >> b) & 1u) != 0) freed &= ~(0xffu << (8 * b));
        }
        state_words[quad] = freed;
      }
    } else if constexpr (std::is_same_v<Count, ConstantCount>) {
      if (count.k > 0) {
        nibble = candidates;
        quad_tally.total = __popc(nibble) * count.k;
      } else if (count.k < 0) {
        quad_tally.negative = __popc(candidates);
      }
    } else {
      for (std::uint32_t rest = candidates; rest != 0; rest &= rest - 1) {
        const int b = __ffs(rest) - 1;
        const auto c = static_cast<std::int64_t>(count(values[i].v[b]));
        if (c > 0) {
          nibble |= 1u << b;
          quad_tally.total += c;
        } else if (c < 0) {
          ++quad_tally.negative;
        }
      }
    }
    mine = CountTallySum{}(mine, quad_tally);
    // 4. Eight neighbouring lanes (eight consecutive quads) make one bitmap word.
    const int shift = kListQuadSlots * (lane % kListQuadsPerWord);
    std::uint32_t word = nibble << shift;
    std::uint32_t owner_word = owner << shift;
    for (int d = 1; d < kListQuadsPerWord; d *= 2) {
      word |= __shfl_xor_sync(0xffffffffu, word, d);
      if constexpr (kErase) owner_word |= __shfl_xor_sync(0xffffffffu, owner_word, d);
    }
    if (lane % kListQuadsPerWord == 0) {
      out.bitmap[quad / kListQuadsPerWord] = word;
      if constexpr (kErase) out.owners[quad / kListQuadsPerWord] = owner_word;
    }
  }
  // 5. The tile's tally.
  const CountTally sum = BlockReduce(reduce_storage).Reduce(mine, CountTallySum{});
  // 6. The tally, into the operation's sums (per tile and sum, one atomic per nonzero field:
  //    usually one); the next operation's sums start at zero.
  if (threadIdx.x == 0) {
    out.tallies[tile] = sum;
    atomic_add_tally(&out.sums.sums[0], sum);
    atomic_add_tally(&out.sums.sums[1 + tile / out.sums.group_tiles], sum);
    if (tile == 0 && unfinished != nullptr) *unfinished = 0;
  }
  for (std::int64_t i = tile * kListTileThreads + threadIdx.x; i < kListSumEntries;
       i += tiles * kListTileThreads) {
    out.next_sums[i] = CountTally{0, 0};
  }
}

/// What the insert link kernel needs: the storage, the free stack (popped from the top: position
/// p of the allocation order is free_stack[free_count - 1 - p]; its bottom fresh_count entries
/// are the never used slots slots - 1, slots - 2, ..., so a position among them is computed, not
/// read), the selection and its sums.
template <typename T, typename Count, typename Value>
struct InsertLink {
  T* value;
  ListSlot* next;
  std::uint8_t* state;
  const ListSlot* free_stack;
  std::int64_t free_count;
  std::int64_t fresh_count;
  /// Slots of the storage (sentinel included, padding excluded).
  std::int64_t slots;
  const std::uint32_t* bitmap;
  /// The selection's tile tallies and their sums (sums.sums[0] is the whole insert).
  const CountTally* tallies;
  ListTileSums sums;
  std::int64_t tiles;
  Count count;
  Value value_of;
  /// Where the link kernel writes the whole tally for the host (mapped pinned memory).
  CountTally* h_tally;

  /// The slot at allocation position p: freed slots (scattered) first, then the fresh slots in
  /// ascending order from the high-water mark, so the fresh part of a run of positions is one
  /// run of consecutive slots.
  __device__ ListSlot taken(std::int64_t p) const {
    const std::int64_t index = free_count - 1 - p;
    return index < fresh_count ? static_cast<ListSlot>(slots - 1 - index) : free_stack[index];
  }

  /// True when every value fits and no count was negative (otherwise nothing changes).
  __device__ bool fits() const {
    const CountTally all = sums.sums[0];
    return all.negative == 0 && all.total > 0 && all.total <= free_count;
  }
};

/// The selected elements of one tile in slot order, staged in shared memory by the insert link
/// kernels: rank r's slot inside the tile and (per-element counts only) its first position
/// relative to the tile's offset, start[selected] being the tile's total. With a constant count
/// k rank r starts at r * k. Local positions fit 32 bits: a link kernel runs only when the whole
/// insert fits the free stack (fewer than 2^31 slots).
template <bool kConstant>
struct TileSelected {
  static_assert(kListTileSlots <= 65536, "a slot inside a tile fits 16 bits");
  std::uint16_t slot[kListTileSlots];
  std::uint32_t start[kConstant ? 1 : kListTileSlots + 1];
};

/// Packs a thread's node count (high bits) and selected count (low 16 bits, at most a tile's
/// slots) so that one block scan yields both.
inline constexpr int kSelectedBits = 16;

/// Fills `sel` with tile blockIdx.x's selected elements (every thread of the block calls it;
/// it ends with a barrier) and returns how many there are.
template <bool kConstant, typename T, typename Count, typename Value, typename ScanStorage>
__device__ int stage_tile_selection(const InsertLink<T, Count, Value>& link,
                                    TileSelected<kConstant>& sel, ScanStorage& scan_storage) {
  using BlockScan = cub::BlockScan<std::uint64_t, kListTileThreads>;
  // 1. This thread's selected slots, their counts, and the block's exclusive sums of both.
  const std::int64_t first_slot = thread_first_slot();
  const std::uint32_t bits = thread_selection(link.bitmap, first_slot);
  std::uint64_t nodes = 0;
  if constexpr (!kConstant) {
    for (std::uint32_t rest = bits; rest != 0; rest &= rest - 1) {
      nodes += static_cast<std::uint64_t>(link.count(link.value[first_slot + __ffs(rest) - 1]));
    }
  }
  const std::uint64_t packed = (nodes << kSelectedBits) | static_cast<std::uint64_t>(__popc(bits));
  std::uint64_t prefix = 0;
  std::uint64_t all = 0;
  BlockScan(scan_storage).ExclusiveSum(packed, prefix, all);
  // 2. Rank r of the tile's selection in slot order: its slot (and start).
  auto rank = static_cast<int>(prefix & ((std::uint64_t{1} << kSelectedBits) - 1));
  auto start = static_cast<std::uint32_t>(prefix >> kSelectedBits);
  const auto local = static_cast<int>(threadIdx.x) * kListSlotsPerThread;
  for (std::uint32_t rest = bits; rest != 0; rest &= rest - 1) {
    const int b = __ffs(rest) - 1;
    sel.slot[rank] = static_cast<std::uint16_t>(local + b);
    if constexpr (!kConstant) {
      sel.start[rank] = start;
      start += static_cast<std::uint32_t>(link.count(link.value[first_slot + b]));
    }
    ++rank;
  }
  const auto selected = static_cast<int>(all & ((std::uint64_t{1} << kSelectedBits) - 1));
  if constexpr (!kConstant) {
    if (threadIdx.x == 0) sel.start[selected] = static_cast<std::uint32_t>(all >> kSelectedBits);
  }
  __syncthreads();
  return selected;
}

/// Writes tile blockIdx.x's `tile_total` new nodes at the positions tile_offset .. in position
/// order: consecutive threads take consecutive positions, so where those are fresh slots (one
/// ascending run) every value, state and link store of a warp is one contiguous run. The node at
/// local position q belongs to the rank r (element e) with start(r) <= q < start(r + 1) and is
/// its j-th of c nodes: its value is node_value(r, e, j, c); it links to the next position, or,
/// as the rank's last node, to last_next(r). A thread handles kNodeBatch positions at a time, every
/// load of the batch (popped free slots, values) before any store: the compiler cannot move a
/// load above a store that may alias it, so one node at a time would wait a memory round trip
/// per node.
template <bool kConstant, typename T, typename Count, typename Value, typename NodeValue,
          typename LastNext>
__device__ void write_tile_nodes(const InsertLink<T, Count, Value>& link,
                                 const TileSelected<kConstant>& sel, int selected,
                                 std::int64_t tile_offset, std::uint32_t tile_total,
                                 NodeValue node_value, LastNext last_next) {
  constexpr int kNodeBatch = 4;
  const std::int64_t tile_first = static_cast<std::int64_t>(blockIdx.x) * kListTileSlots;
  int r = 0;
  for (std::uint32_t q0 = threadIdx.x; q0 < tile_total; q0 += kNodeBatch * kListTileThreads) {
    ListSlot slot[kNodeBatch];
    ListSlot link_to[kNodeBatch];
    T value[kNodeBatch];
#pragma unroll
    for (int u = 0; u < kNodeBatch; ++u) {
      const std::uint32_t q = q0 + u * kListTileThreads;
      if (q >= tile_total) break;
      // 1. The owning rank: a division for a constant count, else a search from the last rank
      //    (a thread's positions only grow).
      std::uint32_t j = 0;
      std::uint32_t c = 0;
      if constexpr (kConstant) {
        c = static_cast<std::uint32_t>(link.count.k);
        r = static_cast<int>(c == 1 ? q : q / c);
        j = q - static_cast<std::uint32_t>(r) * c;
      } else {
        int hi = selected - 1;
        while (r < hi) {
          const int mid = (r + hi + 1) / 2;
          if (sel.start[mid] <= q) {
            r = mid;
          } else {
            hi = mid - 1;
          }
        }
        j = q - sel.start[r];
        c = sel.start[r + 1] - sel.start[r];
      }
      // 2. The node's slot, value and link (loads only).
      const auto e = static_cast<ListSlot>(tile_first + sel.slot[r]);
      const std::int64_t p = tile_offset + q;
      slot[u] = link.taken(p);
      value[u] = node_value(r, e, j, c);
      link_to[u] = j + 1 < c ? link.taken(p + 1) : last_next(r);
    }
    // 3. The stores.
#pragma unroll
    for (int u = 0; u < kNodeBatch; ++u) {
      if (q0 + u * kListTileThreads >= tile_total) break;
      link.value[slot[u]] = value[u];
      link.state[slot[u]] = kSlotLive;
      link.next[slot[u]] = link_to[u];
    }
  }
}

/// Shared-memory copies of a tile's selected elements' values (insert before; empty otherwise),
/// aligned for whole quads (stage_selected_quads).
template <typename T, bool kBefore>
struct alignas(kListQuadSlots * sizeof(T)) TileValues {
  T value[kListTileSlots];
};
template <typename T>
struct TileValues<T, false> {};

/// Insert, over tile blockIdx.x: a tile with nothing selected returns at once; otherwise its
/// block copies its selected elements' old successors (and, before, their values) into shared
/// memory by slot (stage_selected_quads: coalesced vectors), computes the tile's offset
/// (tile_exclusive_offset: no separate scan, no waiting on other tiles), stages the selection in
/// slot order (stage_tile_selection), links every selected element to its first node rank by
/// rank (consecutive threads, consecutive ranks: nearby slots) and writes the tile's nodes in
/// position order (write_tile_nodes), the last of e's nodes linking to e's old successor. Only
/// the selected elements' links (and, before, values) and the popped nodes are written; selected
/// elements come from the bitmap only, so nodes written into free slots by other blocks are
/// never selected again.
/// After: e's c nodes hold value_of(e, 0 .. c - 1). Before: the list is singly linked, so
/// instead of relinking e's predecessor (some other tile's element) e's slot takes the first
/// value, value_of(e, 0), and its nodes hold value_of(e, 1 .. c - 1) and then e's own value:
/// the same list, in one kernel that touches only the selected elements (slot identities of
/// elements are internal; iterators are invalidated by every insert).
template <ListPosition kPosition, typename T, typename Count, typename Value>
__global__ void __launch_bounds__(kListTileThreads)
    list_insert_kernel(InsertLink<T, Count, Value> link) {
  constexpr bool kConstant = std::is_same_v<Count, ConstantCount>;
  constexpr bool kBefore = kPosition == ListPosition::Before;
  constexpr int kLinkBatch = 4;
  using BlockScan = cub::BlockScan<std::uint64_t, kListTileThreads>;
  __shared__ typename BlockScan::TempStorage scan_storage;
  __shared__ TileSelected<kConstant> sel;
  /// Old successor (and, before, value) of the selected element at each slot of the tile,
  /// aligned for whole quads (stage_selected_quads).
  __shared__ alignas(kListQuadSlots * sizeof(ListSlot)) ListSlot successor[kListTileSlots];
  __shared__ TileValues<T, kBefore> own;
  __shared__ std::int64_t shared_offset;
  // 1. After the selection: block 0 hands the whole tally to the host; nothing changes unless
  //    every value fits and no count was negative.
  wait_for_previous_grid();
  if (blockIdx.x == 0 && threadIdx.x == 0) *link.h_tally = link.sums.sums[0];
  if (!link.fits()) return;
  const std::int64_t tile = blockIdx.x;
  const auto tile_total = static_cast<std::uint32_t>(link.tallies[tile].total);
  if (tile_total == 0) return;
  // 2. The selected elements' old successors (and values), the tile's offset (warp 0: group
  //    sums and the tallies before it in its group) and the selection in slot order (the
  //    staging ends with a barrier, after which the copies are visible to the block).
  const std::int64_t tile_first = tile * kListTileSlots;
  stage_selected_quads(link.next, link.bitmap, tile_first, successor);
  if constexpr (kBefore) stage_selected_quads(link.value, link.bitmap, tile_first, own.value);
  if (threadIdx.x < 32) {
    const std::int64_t offset = tile_exclusive_offset(link.tallies, link.sums, tile);
    if (threadIdx.x == 0) shared_offset = offset;
  }
  const int selected = stage_tile_selection(link, sel, scan_storage);
  const std::int64_t tile_offset = shared_offset;
  // 3. Rank by rank, kLinkBatch ranks at a time (the first nodes' slots first: popped free
  //    slots are loads), every selected element links to its first node; before, its slot takes
  //    its first value.
  for (int r0 = static_cast<int>(threadIdx.x); r0 < selected; r0 += kLinkBatch * kListTileThreads) {
    ListSlot first_node[kLinkBatch];
#pragma unroll
    for (int u = 0; u < kLinkBatch; ++u) {
      const int r = r0 + u * kListTileThreads;
      if (r >= selected) break;
      std::int64_t start = 0;
      if constexpr (kConstant) {
        start = r * link.count.k;
      } else {
        start = sel.start[r];
      }
      first_node[u] = link.taken(tile_offset + start);
    }
#pragma unroll
    for (int u = 0; u < kLinkBatch; ++u) {
      const int r = r0 + u * kListTileThreads;
      if (r >= selected) break;
      const std::int64_t e = tile_first + sel.slot[r];
      link.next[e] = first_node[u];
      if constexpr (kBefore) link.value[e] = link.value_of(own.value[sel.slot[r]], 0);
    }
  }
  // 4. The nodes, in position order.
  const auto last_next = [&](int r) { return successor[sel.slot[r]]; };
  if constexpr (kBefore) {
    write_tile_nodes(
        link, sel, selected, tile_offset, tile_total,
        [&](int r, ListSlot, std::uint32_t j, std::uint32_t c) {
          const T element = own.value[sel.slot[r]];
          return j + 1 < c ? link.value_of(element, j + 1) : element;
        },
        last_next);
  } else {
    write_tile_nodes(
        link, sel, selected, tile_offset, tile_total,
        [&](int, ListSlot e, std::uint32_t j, std::uint32_t) {
          return link.value_of(link.value[e], j);
        },
        last_next);
  }
}

/// Erase linking over tile blockIdx.x: block 0 hands the erase's total (sums.sums[0]) to the host
/// at *h_total (mapped pinned memory, as `unfinished`); the tile's selected slots go to erased[its
/// offset ..] in slot order (the offset by tile_exclusive_offset); every survivor p of the tile
/// (owners bitmap) whose successor is selected walks the selected run through next[] for at most
/// `max_hops` slots and links itself to the survivor after it; a longer run sets *unfinished and is
/// left to the pointer-jumping fallback (parallel_list_kernels.cuh).
__global__ void list_erase_link_kernel(const std::uint32_t* bitmap, const std::uint32_t* owners,
                                       const CountTally* tallies, ListTileSums sums, ListSlot* next,
                                       ListSlot* erased, int max_hops, int* unfinished,
                                       std::int64_t* h_total);

}  // namespace frontier::cuda
