// Staged read-only walk of the CUDA list ranking's top level, for unit values (ranks): the
// sublist walks of Wei & JaJa (IPDPS 2010; Helman & JaJa's sparse ruling set) made read-only,
// with each step's record staged in shared memory by the node's top bits and written out in
// coalesced chunks, then brought into node order by a split into windows and a scatter through
// shared memory. Orchestrated by list_ranking_cuda.cu, which keeps the in-place walk of
// list_ranking_kernels.cuh as fallback.
//
// Record (8 bytes) of node v walked by sublist k at local prefix (step count) c:
//   bits [0, L): v's low bits; [L, L + KB): k; [L + KB, 64): c. The bucket of v is v >> L
//   (at most kBuckets of them), so (bucket, low bits) is v. 2^KB > sublists, so the k field is
//   never all ones and no record equals kStagedSentinel (the pad of unused region slots).
// Staging protocol (per block, per bucket b): head[b] counts reservations (shared atomicAdd),
// tail[b] counts records flushed (written only by the bucket's flusher), commit[b][c & 1] counts
// the records written into ring chunk c. A walker lane holding reservation pos writes its slot
// once pos < tail + kRing (chunk c - 2 flushed); it retries in a warp-uniform loop, so progress
// never depends on a lane of its own warp waiting at a reconvergence point. The flusher warps
// flush a bucket's oldest chunk once its commit count is complete into the block's current
// segment of the bucket's global region (one atomicAdd per `segment` records); when every walker
// is done the whole block flushes the rest and pads its segments with sentinels.
// Invariants and safety (the host discards the whole result and runs the in-place walk on any
// of these): the walk writes no node, so it cannot mark nodes; every walk stops after
// max_steps records (kStagedFlagSteps), which also bounds the local prefix field; a lane waiting
// too long for its ring slot raises kStagedFlagStall and the block drops its records (no hang);
// a region or window that would overflow raises kStagedFlagRegion / kStagedFlagWindow and is not
// written past its end; records, window counts and sublist links are counted for the host.
// Each node walked exactly once (checked by the host through these counts and the sublist
// links) makes every window receive exactly its nodes, so the scatter writes each prefix once.
#pragma once

#include <cub/block/block_scan.cuh>

#include <cstddef>
#include <cstdint>

namespace frontier::cuda {

inline constexpr unsigned long long kStagedSentinel = ~0ull;
inline constexpr unsigned kStagedDeadSegment = 0xffffffffu;
/// Retries (each followed by a 64 ns sleep or more) before a waiting lane aborts its block.
inline constexpr unsigned kStagedMaxTries = 1u << 20;
inline constexpr unsigned kStagedFlagSteps = 1u;
inline constexpr unsigned kStagedFlagRegion = 2u;
inline constexpr unsigned kStagedFlagWindow = 4u;
inline constexpr unsigned kStagedFlagStall = 8u;

/// Device-side counts of one staged walk; zeroed before the walk.
struct StagedWalkCounters {
  unsigned long long records;         // records staged by the walk (one per walked node)
  unsigned long long window_records;  // records the split placed into windows
  unsigned long long bad_windows;     // windows that did not receive exactly their node count
  unsigned flags;                     // kStagedFlag* bits
  unsigned unused;
};

/// The compile-time shape of the staged walk: 2^kBucketBits buckets, ring chunks of kChunk
/// records, kThreads threads per block of which kFlushers warps flush and the rest walk.
template <int kBucketBits, int kChunk, int kThreads, int kFlushers>
struct StagedWalkShape {
  static constexpr int kBits = kBucketBits;
  static constexpr int kBuckets = 1 << kBucketBits;
  static constexpr int kChunkRecords = kChunk;
  static constexpr int kRing = 2 * kChunk;
  static constexpr int kBlockThreads = kThreads;
  static constexpr int kFlusherWarps = kFlushers;
  static constexpr int kWarps = kThreads / 32;
  static constexpr int kWalkers = kWarps - kFlushers;
  static constexpr int kPerLane = kBuckets / (32 * kFlushers);
  static constexpr std::size_t kSharedBytes =
      std::size_t{kBuckets} * kRing * 8 + std::size_t{6 * kBuckets + 2} * 4;
  static_assert(kBuckets % (32 * kFlushers) == 0, "each flusher lane owns whole buckets");
  static_assert(kChunk <= 32 && (kChunk & (kChunk - 1)) == 0, "a chunk is one warp at most");
  static_assert(kWalkers >= 1, "at least one walker warp");
};

/// The shape the engine runs: b6c32 (64 buckets, chunks of 32, 512 threads = 15 walker warps +
/// 1 flusher, 4 blocks per SM); more buckets were no faster on random lists, slower on ordered.
using StagedWalk = StagedWalkShape<6, 32, 512, 1>;

/// Split and window scatter launch shapes: a split block takes kStagedSplitPer records per
/// thread; a bucket holds at most kStagedSplitThreads windows.
inline constexpr int kStagedSplitThreads = 512;
inline constexpr int kStagedSplitPer = 16;
inline constexpr int kStagedTile = kStagedSplitThreads * kStagedSplitPer;
inline constexpr int kStagedWindowThreads = 1024;

__device__ __forceinline__ unsigned staged_volatile_load(const unsigned* p) {
  return *reinterpret_cast<const volatile unsigned*>(p);
}
__device__ __forceinline__ void staged_volatile_store(unsigned* p, unsigned value) {
  *reinterpret_cast<volatile unsigned*>(p) = value;
}

/// Reserves the next segment of bucket b's region for the calling warp (lane 0 takes it, every
/// lane learns it). False, with the region flag raised, when the region is full.
__device__ __forceinline__ bool staged_take_segment(unsigned* region_used, int b, unsigned region,
                                                    unsigned segment, unsigned& start,
                                                    StagedWalkCounters* counters) {
  const int lane = static_cast<int>(threadIdx.x & 31);
  unsigned taken = 0;
  if (lane == 0) taken = atomicAdd(&region_used[b], segment);
  taken = __shfl_sync(0xffffffffu, taken, 0);
  if (taken > region || region - taken < segment) {
    if (lane == 0) atomicOr(&counters->flags, kStagedFlagRegion);
    return false;
  }
  start = taken;
  return true;
}

/// Step 1: the read-only walks. Walker warp w owns sublists [w·chunk, (w+1)·chunk) and refills
/// idle lanes by ballot as walk_sublists_kernel does; nodes carry the splitter marks
/// (link = -2 - k) and are only read. Leaves sublist_total[k] (its node count) and
/// sublist_next[k] (the sublist it runs into, or -1) exactly as walk_sublists_kernel does, and
/// one record per walked node in the regions: bucket b's region is
/// records[b·region, (b+1)·region), region_used[b] (zeroed before) its segments taken.
template <typename Shape, typename NodeT, typename VertexT, typename ValueT>
__global__ void __launch_bounds__(Shape::kBlockThreads, 2048 / Shape::kBlockThreads)
    staged_walk_kernel(const NodeT* __restrict__ nodes, const VertexT* __restrict__ splitter_node,
                       VertexT* __restrict__ sublist_next, ValueT* __restrict__ sublist_total,
                       int sublists, int chunk, int low_bits, int sublist_bits, unsigned max_steps,
                       unsigned long long* __restrict__ records, unsigned region, unsigned segment,
                       unsigned* __restrict__ region_used, StagedWalkCounters* counters) {
  constexpr int kBuckets = Shape::kBuckets;
  constexpr int kRing = Shape::kRing;
  constexpr int kChunk = Shape::kChunkRecords;
  constexpr int kWalkers = Shape::kWalkers;
  constexpr int kFlushers = Shape::kFlusherWarps;
  extern __shared__ unsigned long long staged_shared[];
  unsigned long long* stage = staged_shared;
  unsigned* head = reinterpret_cast<unsigned*>(stage + kBuckets * kRing);
  unsigned* tail = head + kBuckets;
  unsigned* commit = tail + kBuckets;  // two per bucket
  unsigned* seg_pos = commit + 2 * kBuckets;
  unsigned* seg_end = seg_pos + kBuckets;
  unsigned* control = seg_end + kBuckets;  // [0] walker warps still walking, [1] abort
  // 1a. Zero the staging counters.
  for (int i = static_cast<int>(threadIdx.x); i < 6 * kBuckets; i += Shape::kBlockThreads) {
    head[i] = 0;
  }
  if (threadIdx.x == 0) {
    control[0] = kWalkers;
    control[1] = 0;
  }
  __syncthreads();
  const int warp = static_cast<int>(threadIdx.x >> 5);
  const int lane = static_cast<int>(threadIdx.x & 31);
  const unsigned low_mask = (1u << low_bits) - 1u;
  const int local_shift = low_bits + sublist_bits;
  if (warp < kWalkers) {
    // 1b. Walker warp: one read per step, the step's record staged by bucket.
    const unsigned lanes_below = (1u << lane) - 1u;
    const long long global_warp = static_cast<long long>(blockIdx.x) * kWalkers + warp;
    int next_k = static_cast<int>(min(global_warp * chunk, static_cast<long long>(sublists)));
    const int end_k = static_cast<int>(
        min(static_cast<long long>(next_k) + chunk, static_cast<long long>(sublists)));
    int k = -1;
    unsigned u = 0;
    unsigned run = 0;
    bool first = false;
    unsigned walked = 0;
    bool capped = false;
    while (true) {
      const unsigned idle = __ballot_sync(0xffffffffu, k < 0);
      if (k < 0) {
        const int mine = next_k + __popc(idle & lanes_below);
        if (mine < end_k) {
          k = mine;
          u = static_cast<unsigned>(splitter_node[k]);
          first = true;
        }
      }
      next_k = min(next_k + __popc(idle), end_k);
      if (__ballot_sync(0xffffffffu, k >= 0) == 0) break;
      bool record = false;
      bool done = false;
      long long link = -1;
      long long next_sublist = -1;
      if (k >= 0) {
        const NodeT node = nodes[u];
        const auto own_link = static_cast<long long>(node.link);
        if (first) {
          run = 1;
          link = static_cast<long long>(sublist_next[k]);
          first = false;
          record = true;
        } else if (own_link <= -2) {
          done = true;
          next_sublist = -2 - own_link;
        } else if (run >= max_steps) {
          done = true;
          capped = true;
        } else {
          ++run;
          link = own_link;
          record = true;
        }
        if (!done && link == -1) done = true;
      }
      unsigned b = 0;
      unsigned pos = 0;
      unsigned long long packed = 0;
      if (record) {
        ++walked;
        packed = static_cast<unsigned long long>(u & low_mask) |
                 (static_cast<unsigned long long>(static_cast<unsigned>(k)) << low_bits) |
                 (static_cast<unsigned long long>(run) << local_shift);
        b = u >> low_bits;
        pos = atomicAdd(&head[b], 1u);
      }
      // 1c. Warp-uniform retry loop: a lane writes as soon as its ring slot is free.
      bool pending = record;
      unsigned tries = 0;
      while (__any_sync(0xffffffffu, pending)) {
        if (pending) {
          const unsigned flushed = staged_volatile_load(&tail[b]);
          if (pos - flushed < static_cast<unsigned>(kRing)) {
            __threadfence_block();
            stage[b * kRing + (pos & (kRing - 1))] = packed;
            __threadfence_block();
            atomicAdd(&commit[2 * b + ((pos / kChunk) & 1)], 1u);
            pending = false;
          } else if (staged_volatile_load(&control[1]) != 0) {
            pending = false;
          } else if (++tries > kStagedMaxTries) {
            staged_volatile_store(&control[1], 1u);
            atomicOr(&counters->flags, kStagedFlagStall);
            pending = false;
          }
        }
        if (__any_sync(0xffffffffu, pending)) __nanosleep(64);
      }
      // 1d. Close the sublist, or move on.
      if (k >= 0) {
        if (done) {
          sublist_total[k] = static_cast<ValueT>(run);
          sublist_next[k] = static_cast<VertexT>(next_sublist);
          k = -1;
        } else {
          u = static_cast<unsigned>(link);
        }
      }
    }
    if (capped) atomicOr(&counters->flags, kStagedFlagSteps);
    for (int offset = 16; offset > 0; offset >>= 1) {
      walked += __shfl_down_sync(0xffffffffu, walked, offset);
    }
    if (lane == 0) {
      atomicAdd(&counters->records, static_cast<unsigned long long>(walked));
      __threadfence_block();
      atomicSub(&control[0], 1u);
    }
  } else {
    // 1e. Flusher warp: owns buckets fw + kFlushers·i; flushes every complete oldest chunk. The
    //     exit test is broadcast from lane 0 so that the whole warp leaves together.
    const int fw = warp - kWalkers;
    while (__shfl_sync(0xffffffffu, staged_volatile_load(&control[0]), 0) != 0) {
      bool any = false;
#pragma unroll
      for (int j = 0; j < Shape::kPerLane; ++j) {
        const int mine = fw + kFlushers * (lane + 32 * j);
        const unsigned mine_tail = staged_volatile_load(&tail[mine]);
        const bool ready = staged_volatile_load(&commit[2 * mine + ((mine_tail / kChunk) & 1)]) ==
                           static_cast<unsigned>(kChunk);
        unsigned ready_mask = __ballot_sync(0xffffffffu, ready);
        any = any || ready_mask != 0;
        while (ready_mask != 0) {
          const int source = __ffs(ready_mask) - 1;
          ready_mask &= ready_mask - 1;
          const int b = fw + kFlushers * (source + 32 * j);
          __syncwarp();
          __threadfence_block();
          const unsigned t = staged_volatile_load(&tail[b]);
          unsigned sp = staged_volatile_load(&seg_pos[b]);
          unsigned se = staged_volatile_load(&seg_end[b]);
          if (sp == se && se != kStagedDeadSegment) {
            unsigned start = 0;
            if (staged_take_segment(region_used, b, region, segment, start, counters)) {
              sp = start;
              se = start + segment;
            } else {
              se = kStagedDeadSegment;
            }
          }
          if (se != kStagedDeadSegment) {
            if (lane < kChunk) {
              __stcs(records + static_cast<std::size_t>(b) * region + sp + lane,
                     stage[b * kRing + (t & (kRing - 1)) + lane]);
            }
            sp += kChunk;
          }
          __syncwarp();
          if (lane == 0) {
            staged_volatile_store(&seg_pos[b], sp);
            staged_volatile_store(&seg_end[b], se);
            staged_volatile_store(&commit[2 * b + ((t / kChunk) & 1)], 0u);
            __threadfence_block();
            staged_volatile_store(&tail[b], t + kChunk);
          }
          __syncwarp();
        }
      }
      if (!any) __nanosleep(128);
    }
  }
  __syncthreads();
  // 1f. Every walker is done: flush what is left of each bucket and pad the block's segment.
  for (int b = warp; b < kBuckets; b += Shape::kWarps) {
    unsigned t = tail[b];
    unsigned h = head[b];
    unsigned sp = seg_pos[b];
    unsigned se = seg_end[b];
    if (h - t > static_cast<unsigned>(kRing)) h = t + kRing;  // only after an abort (flagged)
    while (t < h && se != kStagedDeadSegment) {
      if (sp == se) {
        unsigned start = 0;
        if (!staged_take_segment(region_used, b, region, segment, start, counters)) {
          se = kStagedDeadSegment;
          break;
        }
        sp = start;
        se = start + segment;
      }
      const unsigned take = min(min(h - t, se - sp), 32u);
      if (static_cast<unsigned>(lane) < take) {
        __stcs(records + static_cast<std::size_t>(b) * region + sp + lane,
               stage[b * kRing + ((t + lane) & (kRing - 1))]);
      }
      sp += take;
      t += take;
    }
    if (se != kStagedDeadSegment) {
      for (unsigned p = sp + lane; p < se; p += 32) {
        __stcs(records + static_cast<std::size_t>(b) * region + p, kStagedSentinel);
      }
    }
  }
}

/// Step 2: split. One block per tile of one bucket's region (blockIdx.y = bucket): partitions
/// the tile's records by window (bits [window_bits, low_bits) of the node's low bits) in shared
/// memory and appends each window's run at the window's cursor, window w occupying
/// [w·2^window_bits, w·2^window_bits + its node count) of `by_window`. window_used (zeroed
/// before) counts each window's records; any run past a window's end is flagged, not written.
__global__ void __launch_bounds__(kStagedSplitThreads, 2)
    staged_split_kernel(const unsigned long long* __restrict__ records, unsigned region,
                        const unsigned* __restrict__ region_used, int low_bits, int window_bits,
                        std::int64_t n, std::int64_t windows,
                        unsigned long long* __restrict__ by_window,
                        unsigned* __restrict__ window_used, StagedWalkCounters* counters) {
  using Scan = cub::BlockScan<unsigned, kStagedSplitThreads>;
  __shared__ typename Scan::TempStorage scan_storage;
  extern __shared__ unsigned long long split_shared[];
  const int per_bucket = 1 << (low_bits - window_bits);
  unsigned long long* sorted = split_shared;
  unsigned* histogram = reinterpret_cast<unsigned*>(sorted + kStagedTile);
  unsigned* fill = histogram + per_bucket;
  unsigned* base = fill + per_bucket;
  const int b = static_cast<int>(blockIdx.y);
  const std::int64_t first = static_cast<std::int64_t>(blockIdx.x) * kStagedTile;
  const std::int64_t used =
      min(static_cast<std::int64_t>(region_used[b]), static_cast<std::int64_t>(region));
  if (first >= used) return;  // block-uniform, before any barrier
  const unsigned low_mask = (1u << low_bits) - 1u;
  // 2a. Histogram of the tile's records by window.
  for (int f = static_cast<int>(threadIdx.x); f < per_bucket; f += kStagedSplitThreads) {
    histogram[f] = 0;
  }
  __syncthreads();
  unsigned long long mine[kStagedSplitPer];
  const unsigned long long* source = records + static_cast<std::size_t>(b) * region;
#pragma unroll
  for (int j = 0; j < kStagedSplitPer; ++j) {
    const std::int64_t i = first + j * kStagedSplitThreads + threadIdx.x;
    mine[j] = i < used ? __ldcs(source + i) : kStagedSentinel;
  }
#pragma unroll
  for (int j = 0; j < kStagedSplitPer; ++j) {
    if (mine[j] != kStagedSentinel) {
      atomicAdd(&histogram[(static_cast<unsigned>(mine[j]) & low_mask) >> window_bits], 1u);
    }
  }
  __syncthreads();
  // 2b. Exclusive scan (per_bucket <= kStagedSplitThreads), one cursor reservation per window.
  const unsigned count = static_cast<int>(threadIdx.x) < per_bucket ? histogram[threadIdx.x] : 0u;
  unsigned exclusive = 0;
  unsigned tile_total = 0;
  Scan(scan_storage).ExclusiveSum(count, exclusive, tile_total);
  if (static_cast<int>(threadIdx.x) < per_bucket) {
    fill[threadIdx.x] = exclusive;
    unsigned start = 0;
    if (count != 0) {
      const std::int64_t w =
          (static_cast<std::int64_t>(b) << (low_bits - window_bits)) + threadIdx.x;
      if (w < windows) {
        start = atomicAdd(&window_used[w], count);
        const std::int64_t size = min(std::int64_t{1} << window_bits, n - (w << window_bits));
        if (static_cast<std::int64_t>(start) + count > size) {
          atomicOr(&counters->flags, kStagedFlagWindow);
        }
      } else {
        atomicOr(&counters->flags, kStagedFlagWindow);
      }
    }
    base[threadIdx.x] = start - exclusive;
  }
  if (threadIdx.x == 0)
    atomicAdd(&counters->window_records, static_cast<unsigned long long>(tile_total));
  __syncthreads();
  // 2c. Records into shared memory grouped by window.
#pragma unroll
  for (int j = 0; j < kStagedSplitPer; ++j) {
    if (mine[j] != kStagedSentinel) {
      const unsigned p =
          atomicAdd(&fill[(static_cast<unsigned>(mine[j]) & low_mask) >> window_bits], 1u);
      sorted[p] = mine[j];
    }
  }
  __syncthreads();
  // 2d. Coalesced runs out, one per window (nothing past a window's end).
  for (unsigned i = threadIdx.x; i < tile_total; i += kStagedSplitThreads) {
    const unsigned long long value = sorted[i];
    const unsigned f = (static_cast<unsigned>(value) & low_mask) >> window_bits;
    const std::int64_t w = (static_cast<std::int64_t>(b) << (low_bits - window_bits)) + f;
    if (w >= windows) continue;
    const unsigned offset = base[f] + i;
    if (static_cast<std::int64_t>(offset) <
        min(std::int64_t{1} << window_bits, n - (w << window_bits))) {
      by_window[(w << window_bits) + offset] = value;
    }
  }
}

/// Step 3: window scatter, one block per window of 2^window_bits nodes: prefix[v] =
/// offset[k] + local for each record of the window, assembled in shared memory and stored
/// coalesced. A window that did not receive exactly its node count is counted (the host then
/// discards the result, so its unset entries never reach the caller).
template <typename ValueT>
__global__ void __launch_bounds__(kStagedWindowThreads)
    staged_window_kernel(const unsigned long long* __restrict__ by_window,
                         const unsigned* __restrict__ window_used, std::int64_t n, int low_bits,
                         int sublist_bits, int window_bits, const ValueT* __restrict__ offset,
                         ValueT* __restrict__ prefix, StagedWalkCounters* counters) {
  extern __shared__ __align__(16) unsigned char window_shared[];
  ValueT* window = reinterpret_cast<ValueT*>(window_shared);
  const std::int64_t base = static_cast<std::int64_t>(blockIdx.x) << window_bits;
  const std::int64_t size = min(std::int64_t{1} << window_bits, n - base);
  const unsigned received = window_used[blockIdx.x];
  const std::int64_t count = min(static_cast<std::int64_t>(received), size);
  if (threadIdx.x == 0 && static_cast<std::int64_t>(received) != size) {
    atomicAdd(&counters->bad_windows, 1ull);
  }
  const unsigned index_mask = (1u << window_bits) - 1u;
  const unsigned long long sublist_mask = (1ull << sublist_bits) - 1ull;
  const int local_shift = low_bits + sublist_bits;
  const unsigned long long* source = by_window + base;
  constexpr int kUnroll = 8;
  // 3a. Records into the shared window, kUnroll loads in flight per thread.
  for (std::int64_t first = threadIdx.x; first < count;
       first += static_cast<std::int64_t>(blockDim.x) * kUnroll) {
    unsigned long long value[kUnroll];
    ValueT add[kUnroll];
#pragma unroll
    for (int q = 0; q < kUnroll; ++q) {
      const std::int64_t i = first + static_cast<std::int64_t>(q) * blockDim.x;
      value[q] = i < count ? __ldcs(source + i) : kStagedSentinel;
    }
#pragma unroll
    for (int q = 0; q < kUnroll; ++q) {
      add[q] = value[q] != kStagedSentinel ? __ldg(offset + ((value[q] >> low_bits) & sublist_mask))
                                           : ValueT{};
    }
#pragma unroll
    for (int q = 0; q < kUnroll; ++q) {
      if (value[q] != kStagedSentinel) {
        window[static_cast<unsigned>(value[q]) & index_mask] =
            static_cast<ValueT>(add[q] + static_cast<ValueT>(value[q] >> local_shift));
      }
    }
  }
  __syncthreads();
  // 3b. The window out, coalesced (16-byte stores where size and address allow).
  ValueT* out = prefix + base;
  constexpr int kPerVector = 16 / static_cast<int>(sizeof(ValueT));
  if (size % kPerVector == 0 && reinterpret_cast<std::uintptr_t>(out) % 16 == 0) {
    const std::int64_t vectors = size / kPerVector;
    for (std::int64_t j = threadIdx.x; j < vectors; j += blockDim.x) {
      reinterpret_cast<uint4*>(out)[j] = reinterpret_cast<const uint4*>(window)[j];
    }
  } else {
    for (std::int64_t j = threadIdx.x; j < size; j += blockDim.x) out[j] = window[j];
  }
}

/// Step 3a (before the scatter): each sublist's exclusive offset as a plain sum (0 for a head's
/// sublist: unit values sum in an integral type, whose identity is 0).
template <typename VertexT, typename ValueT>
__global__ void staged_offsets_kernel(const VertexT* __restrict__ next_id,
                                      const ValueT* __restrict__ next_prefix, std::int64_t sublists,
                                      ValueT* __restrict__ offsets) {
  for (std::int64_t k = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
       k < sublists; k += static_cast<std::int64_t>(gridDim.x) * blockDim.x) {
    const VertexT j = next_id[k];
    offsets[k] = j >= 0 ? next_prefix[j] : ValueT{0};
  }
}

}  // namespace frontier::cuda
