/// @file bfs_contract.cuh
/// @brief Contraction agent (two-phase BFS, second kernel): edge queue -> vertex queue.
///
/// Source: Merrill, Garland, Grimshaw, "Scalable GPU Graph Traversal" (PPoPP 2012) sec. 5.1,
/// Merrill's thesis sec. 6.5 ("expand-contract" split into two kernels).
/// Each item of the edge queue is a candidate vertex of depth `level` (with its predecessor); the
/// agent culls visited and duplicate candidates (bfs_culling.cuh), claims the rest, labels the
/// winners (depth, parent) and enqueues those with out-arcs. Enqueue offsets: one block scan of
/// the keep flags and one atomicAdd per tile.
///
/// Invariants: each vertex is claimed and labelled by exactly one thread; the vertex queue holds
/// each claimed vertex of non-zero out-degree exactly once; counters->new_vertices counts every
/// claimed vertex and new_degree_sum their out-degrees. Without kEnqueue (the contraction of a
/// level expanded in passes, bfs_pass.cuh) nothing is enqueued: the claims are the labels.
#pragma once

#include <cub/block/block_scan.cuh>

#include "bfs/cuda/bfs_culling.cuh"
#include "bfs/cuda/bfs_level_args.cuh"

namespace frontier::cuda {

template <int BLOCK_THREADS, int WARP_HASH_SLOTS, int HISTORY_SLOTS, typename VertexT,
          typename EdgeT, bool kParents, bool kEnqueue = true>
class ContractAgent {
  using Culler = VisitCuller<BLOCK_THREADS, WARP_HASH_SLOTS, HISTORY_SLOTS, VertexT>;
  using RankScan = cub::BlockScan<int, BLOCK_THREADS>;

 public:
  struct TempStorage {
    typename Culler::TempStorage culler;
    typename RankScan::TempStorage scan;
    unsigned long long tile_base;
  };

  __device__ __forceinline__ ContractAgent(TempStorage& storage,
                                           const BfsLevelArgs<VertexT, EdgeT>& args)
      : storage_(storage), args_(args) {}

  __device__ __forceinline__ void run() {
    // 1. Zero the next level's counters; empty the history table.
    zero_next_counters(args_.next_counters);
    Culler culler(storage_.culler);
    culler.init();
    __syncthreads();

    unsigned long long claimed = 0;
    unsigned long long degree_sum = 0;
    unsigned long long survivors = 0;
    const unsigned long long length = *args_.in_length;
    for (unsigned long long tile = blockIdx.x * static_cast<unsigned long long>(BLOCK_THREADS);
         tile < length; tile += gridDim.x * static_cast<unsigned long long>(BLOCK_THREADS)) {
      // 2. Load one candidate per thread.
      const unsigned long long index = tile + threadIdx.x;
      bool keep = index < length;
      const VertexT v = keep ? args_.in_queue[index] : VertexT{0};

      // 3. Bitmask lookup, warp culling, history culling.
      keep = culler.survives(keep, v, args_.visited);

      // 4. Claim, label, and keep vertices that have out-arcs.
      if (keep) {
        ++survivors;
        keep = Culler::claim(v, args_.visited);
      }
      if (keep) {
        args_.depth[v] = args_.level;
        if constexpr (kParents) args_.parent[v] = args_.in_preds[index];
        const EdgeT degree = args_.forward.offsets[v + 1] - args_.forward.offsets[v];
        ++claimed;
        degree_sum += static_cast<unsigned long long>(degree);
        keep = degree > 0;
      }

      // 5. Ranks by block scan, one atomicAdd per tile for the tile's place in the vertex queue.
      if constexpr (!kEnqueue) continue;
      int rank = 0;
      int tile_count = 0;
      RankScan(storage_.scan).ExclusiveSum(keep ? 1 : 0, rank, tile_count);
      if (threadIdx.x == 0 && tile_count > 0) {
        storage_.tile_base = atomicAdd(&args_.counters->vertex_queue_length,
                                       static_cast<unsigned long long>(tile_count));
      }
      __syncthreads();
      if (keep) args_.out_queue[storage_.tile_base + rank] = v;
      __syncthreads();
    }

    // 6. Level counters: one atomic per warp.
    warp_atomic_add(&args_.counters->new_vertices, claimed);
    warp_atomic_add(&args_.counters->new_degree_sum, degree_sum);
    warp_atomic_add(&args_.counters->culling_survivors, survivors);
  }

 private:
  TempStorage& storage_;
  const BfsLevelArgs<VertexT, EdgeT>& args_;
};

}  // namespace frontier::cuda
