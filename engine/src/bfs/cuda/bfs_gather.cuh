/// @file bfs_gather.cuh
/// @brief Block-wide neighbour gathering for BFS expansion: every thread holds at most one
/// vertex's adjacency range; the block copies all of those neighbours into an edge queue.
///
/// Source: Merrill, Garland, Grimshaw, "Scalable GPU Graph Traversal" (PPoPP 2012) sec. 4.1 and
/// Merrill's thesis sec. 6.4, "scan + warp + CTA" gathering:
///  - lists of at least hub_threshold arcs (when the caller passes a hub-chunk buffer) are not
///    copied here: the CTA cuts them into chunks of hub_chunk_arcs and records them for the
///    edge-balanced hub pass (bfs_hub.cuh), which spreads them over every warp of the GPU, so a
///    single hub of a million arcs no longer keeps one CTA busy while the others idle;
///  - lists of at least cta_gather_threshold arcs are streamed by the whole CTA, one at a time;
///  - lists of at least warp_gather_threshold arcs are streamed by their warp, one at a time;
///  - shorter lists are packed by a prefix scan into a shared buffer that all threads drain
///    together, so short lists never leave lanes idle.
/// Allocation: one block-wide scan of (long-list, short-list) lengths and one atomicAdd on the
/// queue length per tile reserve the tile's whole output range; long lists land in its first
/// part, short ones (in scan order, coalesced) in the rest. A tile whose range would pass the
/// queue's capacity writes nothing and records no hub chunk: the queue length, which still counts
/// it, then exceeds the capacity, and the host expands the level in passes instead.
///
/// Invariant: after gather() returns and the hub pass has run over the recorded chunks,
/// out_targets[base .. base + tile total) holds exactly the neighbours of the tile's vertices
/// (each list once); with kParents, out_preds holds, at the same positions, the vertex whose list
/// the neighbour came from. The chunks of one list tile its output range exactly.
#pragma once

#include <cub/block/block_scan.cuh>

#include "bfs/cuda/bfs_level_args.cuh"

namespace frontier::cuda {

/// Lengths of a thread's long and short lists (exactly one of them is non-zero).
struct GatherLengths {
  long long long_arcs;
  long long short_arcs;
};

struct GatherLengthsSum {
  __device__ __forceinline__ GatherLengths operator()(const GatherLengths& a,
                                                      const GatherLengths& b) const {
    return {a.long_arcs + b.long_arcs, a.short_arcs + b.short_arcs};
  }
};

template <int BLOCK_THREADS, int WARP_THRESHOLD, int CTA_THRESHOLD, int HUB_THRESHOLD,
          int HUB_CHUNK_ARCS, typename VertexT, typename EdgeT, bool kParents>
class NeighborGather {
  static_assert(BLOCK_THREADS % kWarpThreads == 0, "blocks are whole warps");
  static_assert(CTA_THRESHOLD <= HUB_THRESHOLD, "hub lists are CTA lists");
  static_assert(HUB_CHUNK_ARCS > 0, "chunks hold arcs");
  static_assert(WARP_THRESHOLD <= CTA_THRESHOLD, "warp lists are shorter than CTA lists");
  static_assert(WARP_THRESHOLD <= BLOCK_THREADS, "a short list fits one drain round");
  using LengthScan = cub::BlockScan<GatherLengths, BLOCK_THREADS>;

 public:
  struct TempStorage {
    typename LengthScan::TempStorage scan;
    EdgeT short_arcs[BLOCK_THREADS];
    VertexT short_preds[BLOCK_THREADS];
    unsigned long long tile_base;
    int cta_owner;
    EdgeT cta_begin;
    EdgeT cta_end;
    unsigned long long cta_out;
    VertexT cta_vertex;
    unsigned long long cta_chunk_base;
  };

  __device__ __forceinline__ explicit NeighborGather(TempStorage& storage) : storage_(storage) {}

  /// Copies the arcs [row_begin, row_end) of every thread's vertex `v` (empty range = nothing)
  /// into the queue of `capacity` items, reserving room with one atomicAdd on
  /// counters->edge_queue_length (a tile whose room would pass the capacity copies nothing).
  /// Lists of at least `hub_threshold` arcs (HUB_THRESHOLD where 0; never below CTA_THRESHOLD)
  /// are recorded in `hub_chunks` (counted in counters->hub_chunks and hub_arcs) for the hub pass
  /// instead, when hub_chunks is not null.
  /// Every thread of the block must call; returns the tile's item count (the same in every
  /// thread).
  __device__ __forceinline__ long long gather(VertexT v, EdgeT row_begin, EdgeT row_end,
                                              const VertexT* __restrict__ targets,
                                              VertexT* __restrict__ out_targets,
                                              VertexT* __restrict__ out_preds,
                                              unsigned long long capacity, BfsCounters* counters,
                                              HubChunk<VertexT, EdgeT>* hub_chunks,
                                              unsigned long long hub_threshold = 0) {
    const int lane = threadIdx.x % kWarpThreads;
    const long long hub_from = hub_threshold == 0 ? HUB_THRESHOLD
                               : hub_threshold < static_cast<unsigned long long>(CTA_THRESHOLD)
                                   ? CTA_THRESHOLD
                                   : static_cast<long long>(hub_threshold);
    const long long length = static_cast<long long>(row_end - row_begin);
    const bool is_long = length >= WARP_THRESHOLD;

    // 1. Scan the (long, short) lengths: each thread's place in the tile's output range. The
    //    barrier first keeps the previous tile's readers of the shared storage ahead of it.
    __syncthreads();
    GatherLengths mine{is_long ? length : 0, is_long ? 0 : length};
    GatherLengths offset;
    GatherLengths total;
    LengthScan(storage_.scan)
        .ExclusiveScan(mine, offset, GatherLengths{0, 0}, GatherLengthsSum{}, total);
    const long long tile_items = total.long_arcs + total.short_arcs;
    if (tile_items == 0) return 0;

    // 2. Reserve the tile's range in the queue: one atomic per tile.
    if (threadIdx.x == 0) {
      storage_.tile_base =
          atomicAdd(&counters->edge_queue_length, static_cast<unsigned long long>(tile_items));
    }
    __syncthreads();
    const unsigned long long base = storage_.tile_base;
    if (base + static_cast<unsigned long long>(tile_items) > capacity) return tile_items;
    const unsigned long long long_out = base + static_cast<unsigned long long>(offset.long_arcs);

    // 3. CTA gathering: threads with a list of >= CTA_THRESHOLD arcs take the block in turn. A
    //    hub list (>= hub_from) is cut into chunks that the block records together; the
    //    owner reserves the chunk slots with one atomic per hub.
    bool cta_pending = length >= CTA_THRESHOLD;
    while (__syncthreads_or(cta_pending)) {
      if (cta_pending) storage_.cta_owner = threadIdx.x;
      __syncthreads();
      if (storage_.cta_owner == static_cast<int>(threadIdx.x)) {
        storage_.cta_begin = row_begin;
        storage_.cta_end = row_end;
        storage_.cta_out = long_out;
        storage_.cta_vertex = v;
        cta_pending = false;
        if (hub_chunks != nullptr && length >= hub_from) {
          const unsigned long long chunks = (length + HUB_CHUNK_ARCS - 1) / HUB_CHUNK_ARCS;
          storage_.cta_chunk_base = atomicAdd(&counters->hub_chunks, chunks);
          atomicAdd(&counters->hub_arcs, static_cast<unsigned long long>(length));
        }
      }
      __syncthreads();
      const EdgeT begin = storage_.cta_begin;
      const EdgeT end = storage_.cta_end;
      const unsigned long long out = storage_.cta_out;
      if (hub_chunks != nullptr && static_cast<long long>(end - begin) >= hub_from) {
        const unsigned long long chunks =
            (static_cast<unsigned long long>(end - begin) + HUB_CHUNK_ARCS - 1) / HUB_CHUNK_ARCS;
        for (unsigned long long c = threadIdx.x; c < chunks; c += BLOCK_THREADS) {
          HubChunk<VertexT, EdgeT> chunk;
          chunk.begin = begin + static_cast<EdgeT>(c * HUB_CHUNK_ARCS);
          const EdgeT chunk_end = chunk.begin + static_cast<EdgeT>(HUB_CHUNK_ARCS);
          chunk.end = chunk_end < end ? chunk_end : end;
          chunk.out = out + c * HUB_CHUNK_ARCS;
          chunk.owner = storage_.cta_vertex;
          hub_chunks[storage_.cta_chunk_base + c] = chunk;
        }
        continue;
      }
      for (EdgeT e = begin + threadIdx.x; e < end; e += BLOCK_THREADS) {
        const unsigned long long slot = out + static_cast<unsigned long long>(e - begin);
        out_targets[slot] = targets[e];
        if constexpr (kParents) out_preds[slot] = storage_.cta_vertex;
      }
    }

    // 4. Warp gathering: lanes with a list of [WARP_THRESHOLD, CTA_THRESHOLD) arcs take their
    //    warp in turn, the leader's range broadcast by shuffles.
    bool warp_pending = is_long && length < CTA_THRESHOLD;
    for (unsigned pending = __ballot_sync(kFullWarpMask, warp_pending); pending != 0;
         pending = __ballot_sync(kFullWarpMask, warp_pending)) {
      const int leader = __ffs(pending) - 1;
      const EdgeT begin = __shfl_sync(kFullWarpMask, row_begin, leader);
      const EdgeT end = __shfl_sync(kFullWarpMask, row_end, leader);
      const unsigned long long out = __shfl_sync(kFullWarpMask, long_out, leader);
      const VertexT owner = __shfl_sync(kFullWarpMask, v, leader);
      if (lane == leader) warp_pending = false;
      for (EdgeT e = begin + lane; e < end; e += kWarpThreads) {
        const unsigned long long slot = out + static_cast<unsigned long long>(e - begin);
        out_targets[slot] = targets[e];
        if constexpr (kParents) out_preds[slot] = owner;
      }
    }

    // 5. Scan-based fine-grained gathering of the short lists: each round, threads write the arc
    //    indices of their list that fall in the round's window of BLOCK_THREADS scan ranks into
    //    shared memory; then every thread copies one of them, writes coalesced.
    const unsigned long long short_base = base + static_cast<unsigned long long>(total.long_arcs);
    long long rank = offset.short_arcs;
    const long long rank_end = rank + mine.short_arcs;
    for (long long window = 0; window < total.short_arcs; window += BLOCK_THREADS) {
      while (rank < rank_end && rank < window + BLOCK_THREADS) {
        storage_.short_arcs[rank - window] = row_begin + (rank - offset.short_arcs);
        if constexpr (kParents) storage_.short_preds[rank - window] = v;
        ++rank;
      }
      __syncthreads();
      const long long item = window + threadIdx.x;
      if (item < total.short_arcs) {
        const unsigned long long slot = short_base + static_cast<unsigned long long>(item);
        out_targets[slot] = targets[storage_.short_arcs[threadIdx.x]];
        if constexpr (kParents) out_preds[slot] = storage_.short_preds[threadIdx.x];
      }
      __syncthreads();
    }
    return tile_items;
  }

 private:
  TempStorage& storage_;
};

}  // namespace frontier::cuda
