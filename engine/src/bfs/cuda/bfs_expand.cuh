/// @file bfs_expand.cuh
/// @brief Expansion agent (two-phase BFS, first kernel): vertex queue -> edge queue.
///
/// Source: Merrill, Garland, Grimshaw, "Scalable GPU Graph Traversal" (PPoPP 2012) sec. 5.1,
/// Merrill's thesis sec. 6.5. Each tile loads one frontier vertex per thread (per each of the
/// first args.tile_vertices threads where set, so that a few vertices of long lists spread over
/// many blocks), looks up its adjacency range and hands the tile to the scan + warp + CTA gather
/// (bfs_gather.cuh), which copies every neighbour (visited or not) into the edge queue;
/// contraction filters them.
///
/// Invariant: the edge queue receives exactly the out-arcs of the vertex queue's vertices, each
/// once (with the expanded vertex as predecessor when kParents), once the hub pass (bfs_hub.cuh)
/// has copied the hub lists this kernel recorded as chunks.
#pragma once

#include "bfs/cuda/bfs_gather.cuh"
#include "bfs/cuda/bfs_level_args.cuh"

namespace frontier::cuda {

template <int BLOCK_THREADS, int WARP_THRESHOLD, int CTA_THRESHOLD, int HUB_THRESHOLD,
          int HUB_CHUNK_ARCS, typename VertexT, typename EdgeT, bool kParents>
class ExpandAgent {
  using Gather = NeighborGather<BLOCK_THREADS, WARP_THRESHOLD, CTA_THRESHOLD, HUB_THRESHOLD,
                                HUB_CHUNK_ARCS, VertexT, EdgeT, kParents>;

 public:
  using TempStorage = typename Gather::TempStorage;

  __device__ __forceinline__ ExpandAgent(TempStorage& storage,
                                         const BfsLevelArgs<VertexT, EdgeT>& args)
      : storage_(storage), args_(args) {}

  __device__ __forceinline__ void run() {
    // 1. Zero the next level's counters.
    zero_next_counters(args_.next_counters);

    const unsigned long long length = *args_.in_length;
    const unsigned long long tile_vertices =
        args_.tile_vertices == 0 || args_.tile_vertices > static_cast<unsigned>(BLOCK_THREADS)
            ? BLOCK_THREADS
            : args_.tile_vertices;
    for (unsigned long long tile = blockIdx.x * tile_vertices; tile < length;
         tile += gridDim.x * tile_vertices) {
      // 2. One frontier vertex per thread (of the first tile_vertices) and its adjacency range.
      const unsigned long long index = tile + threadIdx.x;
      VertexT v = 0;
      EdgeT row_begin = 0;
      EdgeT row_end = 0;
      if (threadIdx.x < tile_vertices && index < length) {
        v = args_.in_queue[index];
        row_begin = args_.forward.offsets[v];
        row_end = args_.forward.offsets[v + 1];
      }
      // 3. Gather the tile's neighbours into the edge queue.
      Gather(storage_).gather(v, row_begin, row_end, args_.forward.targets, args_.out_queue,
                              args_.out_preds, args_.out_capacity, args_.counters, args_.hub_chunks,
                              args_.hub_threshold);
    }
  }

 private:
  TempStorage& storage_;
  const BfsLevelArgs<VertexT, EdgeT>& args_;
};

}  // namespace frontier::cuda
