/// @file bfs_expand_contract.cuh
/// @brief Fused expand-contract agent: vertex queue -> vertex queue in one kernel per level, the
/// edge queue never written to memory.
///
/// Source: Merrill, Garland, Grimshaw, "Scalable GPU Graph Traversal" (PPoPP 2012) sec. 5.1 and
/// Merrill's thesis sec. 6.5 ("expand-contract"), kept for comparison with the other strategies.
/// Each tile loads one frontier vertex (depth L) per thread and walks its neighbours with the same
/// CTA + warp + scan division as NeighborGather (bfs_gather.cuh); but instead of writing each
/// neighbour to an edge queue, every round hands one neighbour per thread straight to the
/// contraction steps: bitmask lookup, warp and history culling, the exact atomicOr claim, the
/// labels (depth L + 1, parent = the expanded vertex), and the enqueue of the claimed vertices that
/// have out-arcs into the next vertex queue. Enqueue offsets: a warp ballot and one atomicAdd per
/// warp and round (the warp rounds of the warp phase differ between warps, so a block-wide scan
/// cannot serve all three phases).
///
/// Invariants: as ContractAgent (bfs_contract.cuh): each vertex is claimed and labelled by exactly
/// one thread; the output queue holds each claimed vertex of non-zero out-degree exactly once;
/// counters->edge_queue_length counts every arc of the input vertices (each examined once).
#pragma once

#include <cub/block/block_scan.cuh>

#include "bfs/cuda/bfs_culling.cuh"
#include "bfs/cuda/bfs_level_args.cuh"

namespace frontier::cuda {

template <int BLOCK_THREADS, int WARP_THRESHOLD, int CTA_THRESHOLD, int WARP_HASH_SLOTS,
          int HISTORY_SLOTS, typename VertexT, typename EdgeT, bool kParents>
class ExpandContractAgent {
  static_assert(BLOCK_THREADS % kWarpThreads == 0, "blocks are whole warps");
  static_assert(WARP_THRESHOLD <= CTA_THRESHOLD, "warp lists are shorter than CTA lists");
  using Culler = VisitCuller<BLOCK_THREADS, WARP_HASH_SLOTS, HISTORY_SLOTS, VertexT>;
  using LengthScan = cub::BlockScan<long long, BLOCK_THREADS>;

 public:
  struct TempStorage {
    typename Culler::TempStorage culler;
    typename LengthScan::TempStorage scan;
    EdgeT short_arcs[BLOCK_THREADS];
    VertexT short_preds[BLOCK_THREADS];
    int cta_owner;
    EdgeT cta_begin;
    EdgeT cta_end;
    VertexT cta_vertex;
  };

  __device__ __forceinline__ ExpandContractAgent(TempStorage& storage,
                                                 const BfsLevelArgs<VertexT, EdgeT>& args)
      : storage_(storage), args_(args), culler_(storage.culler) {}

  __device__ __forceinline__ void run() {
    // 1. Zero the counters after this kernel's (the host reads this kernel's slot); empty the
    //    history table.
    zero_next_counters(args_.next_counters);
    culler_.init();
    __syncthreads();

    const int lane = threadIdx.x % kWarpThreads;
    const unsigned long long length = *args_.in_length;
    for (unsigned long long tile = blockIdx.x * static_cast<unsigned long long>(BLOCK_THREADS);
         tile < length; tile += gridDim.x * static_cast<unsigned long long>(BLOCK_THREADS)) {
      // 2. One frontier vertex per thread and its adjacency range.
      const unsigned long long index = tile + threadIdx.x;
      VertexT v = 0;
      EdgeT row_begin = 0;
      EdgeT row_end = 0;
      if (index < length) {
        v = args_.in_queue[index];
        row_begin = args_.forward.offsets[v];
        row_end = args_.forward.offsets[v + 1];
      }
      const long long degree = static_cast<long long>(row_end - row_begin);
      arcs_ += static_cast<unsigned long long>(degree);

      // 3. CTA phase: lists of >= CTA_THRESHOLD arcs, the whole block on one list at a time.
      bool cta_pending = degree >= CTA_THRESHOLD;
      while (__syncthreads_or(cta_pending)) {
        if (cta_pending) storage_.cta_owner = threadIdx.x;
        __syncthreads();
        if (storage_.cta_owner == static_cast<int>(threadIdx.x)) {
          storage_.cta_begin = row_begin;
          storage_.cta_end = row_end;
          storage_.cta_vertex = v;
          cta_pending = false;
        }
        __syncthreads();
        const EdgeT begin = storage_.cta_begin;
        const EdgeT end = storage_.cta_end;
        const VertexT owner = storage_.cta_vertex;
        for (EdgeT round = begin; round < end; round += BLOCK_THREADS) {
          const EdgeT e = round + threadIdx.x;
          const bool valid = e < end;
          visit(valid, valid ? args_.forward.targets[e] : VertexT{0}, owner);
        }
      }

      // 4. Warp phase: lists of [WARP_THRESHOLD, CTA_THRESHOLD) arcs, the warp on one at a time.
      bool warp_pending = degree >= WARP_THRESHOLD && degree < CTA_THRESHOLD;
      for (unsigned pending = __ballot_sync(kFullWarpMask, warp_pending); pending != 0;
           pending = __ballot_sync(kFullWarpMask, warp_pending)) {
        const int leader = __ffs(pending) - 1;
        const EdgeT begin = __shfl_sync(kFullWarpMask, row_begin, leader);
        const EdgeT end = __shfl_sync(kFullWarpMask, row_end, leader);
        const VertexT owner = __shfl_sync(kFullWarpMask, v, leader);
        if (lane == leader) warp_pending = false;
        for (EdgeT round = begin; round < end; round += kWarpThreads) {
          const EdgeT e = round + lane;
          const bool valid = e < end;
          visit(valid, valid ? args_.forward.targets[e] : VertexT{0}, owner);
        }
      }

      // 5. Scan phase: the short lists packed by a block scan into windows of BLOCK_THREADS
      //    arcs, one arc per thread per window.
      const long long short_arcs = degree < WARP_THRESHOLD ? degree : 0;
      long long rank = 0;
      long long total = 0;
      __syncthreads();
      LengthScan(storage_.scan).ExclusiveSum(short_arcs, rank, total);
      const long long first_rank = rank;
      const long long rank_end = rank + short_arcs;
      for (long long window = 0; window < total; window += BLOCK_THREADS) {
        while (rank < rank_end && rank < window + BLOCK_THREADS) {
          storage_.short_arcs[rank - window] = row_begin + (rank - first_rank);
          storage_.short_preds[rank - window] = v;
          ++rank;
        }
        __syncthreads();
        const bool valid = window + threadIdx.x < total;
        const VertexT u =
            valid ? args_.forward.targets[storage_.short_arcs[threadIdx.x]] : VertexT{0};
        const VertexT owner = valid ? storage_.short_preds[threadIdx.x] : VertexT{0};
        visit(valid, u, owner);
        __syncthreads();
      }
    }

    // 6. Level counters: one atomic per warp.
    warp_atomic_add(&args_.counters->edge_queue_length, arcs_);
    warp_atomic_add(&args_.counters->new_vertices, claimed_);
    warp_atomic_add(&args_.counters->new_degree_sum, degree_sum_);
    warp_atomic_add(&args_.counters->culling_survivors, survivors_);
  }

 private:
  /// Contraction of one neighbour `u` of `owner` (considered only when `valid`). Every lane of
  /// the warp must call.
  __device__ __forceinline__ void visit(bool valid, VertexT u, VertexT owner) {
    // a. Bitmask lookup, warp culling, history culling.
    valid = culler_.survives(valid, u, args_.visited);
    // b. The exact claim, then the labels.
    if (valid) {
      ++survivors_;
      valid = Culler::claim(u, args_.visited);
    }
    if (valid) {
      args_.depth[u] = args_.level;
      if constexpr (kParents) args_.parent[u] = owner;
      const EdgeT degree = args_.forward.offsets[u + 1] - args_.forward.offsets[u];
      ++claimed_;
      degree_sum_ += static_cast<unsigned long long>(degree);
      valid = degree > 0;
    }
    // c. Enqueue the claimed vertices with out-arcs: one atomic per warp.
    const unsigned keep = __ballot_sync(kFullWarpMask, valid);
    if (keep == 0) return;
    const int lane = threadIdx.x % kWarpThreads;
    unsigned long long base = 0;
    if (lane == 0) {
      base = atomicAdd(&args_.counters->vertex_queue_length,
                       static_cast<unsigned long long>(__popc(keep)));
    }
    base = __shfl_sync(kFullWarpMask, base, 0);
    if (valid) args_.out_queue[base + __popc(keep & ((1u << lane) - 1u))] = u;
  }

  TempStorage& storage_;
  const BfsLevelArgs<VertexT, EdgeT>& args_;
  Culler culler_;
  unsigned long long arcs_ = 0;
  unsigned long long claimed_ = 0;
  unsigned long long degree_sum_ = 0;
  unsigned long long survivors_ = 0;
};

}  // namespace frontier::cuda
