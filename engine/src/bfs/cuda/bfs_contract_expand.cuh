/// @file bfs_contract_expand.cuh
/// @brief Fused contract-expand agent: edge queue -> edge queue in one kernel per level.
///
/// Source: Merrill, Garland, Grimshaw, "Scalable GPU Graph Traversal" (PPoPP 2012) sec. 5.1,
/// Merrill's thesis sec. 6.5 ("contract-expand"). Each tile contracts its candidates exactly as
/// the contraction agent does (cull, claim, label) and then gathers the neighbours of the vertices
/// it claimed straight into the next edge queue; the vertex queue never touches memory. One pass
/// per level makes this the better choice while the queue is too short to fill the GPU; run()
/// does one level per launch, init() + process_level() let a cooperative kernel run many.
///
/// Invariants: as ContractAgent for the claim and labels; the output edge queue holds exactly the
/// out-arcs of the vertices claimed here once the hub pass (bfs_hub.cuh) has run.
#pragma once

#include "bfs/cuda/bfs_culling.cuh"
#include "bfs/cuda/bfs_gather.cuh"
#include "bfs/cuda/bfs_level_args.cuh"

namespace frontier::cuda {

template <int BLOCK_THREADS, int WARP_THRESHOLD, int CTA_THRESHOLD, int HUB_THRESHOLD,
          int HUB_CHUNK_ARCS, int WARP_HASH_SLOTS, int HISTORY_SLOTS, typename VertexT,
          typename EdgeT, bool kParents>
class ContractExpandAgent {
  using Culler = VisitCuller<BLOCK_THREADS, WARP_HASH_SLOTS, HISTORY_SLOTS, VertexT>;
  using Gather = NeighborGather<BLOCK_THREADS, WARP_THRESHOLD, CTA_THRESHOLD, HUB_THRESHOLD,
                                HUB_CHUNK_ARCS, VertexT, EdgeT, kParents>;

 public:
  struct TempStorage {
    typename Culler::TempStorage culler;
    typename Gather::TempStorage gather;
  };

  __device__ __forceinline__ explicit ContractExpandAgent(TempStorage& storage)
      : storage_(storage) {}

  /// One level: zero the next level's counters, then contract and expand.
  __device__ __forceinline__ void run(const BfsLevelArgs<VertexT, EdgeT>& args) {
    zero_next_counters(args.next_counters);
    init();
    __syncthreads();
    process_level(args);
  }

  /// Empties the history table (once per launch; it stays valid across the levels of a launch,
  /// since a vertex it remembers was claimed at this level or an earlier one).
  __device__ __forceinline__ void init() { Culler(storage_.culler).init(); }

  /// Contracts the level's edge queue and expands what it claims into the next edge queue.
  __device__ __forceinline__ void process_level(const BfsLevelArgs<VertexT, EdgeT>& args) {
    Culler culler(storage_.culler);
    unsigned long long claimed = 0;
    unsigned long long degree_sum = 0;
    unsigned long long survivors = 0;
    const unsigned long long length = __ldcg(args.in_length);
    for (unsigned long long tile = blockIdx.x * static_cast<unsigned long long>(BLOCK_THREADS);
         tile < length; tile += gridDim.x * static_cast<unsigned long long>(BLOCK_THREADS)) {
      // 1. Load one candidate per thread.
      const unsigned long long index = tile + threadIdx.x;
      bool keep = index < length;
      const VertexT v = keep ? args.in_queue[index] : VertexT{0};

      // 2. Bitmask lookup, warp culling, history culling.
      keep = culler.survives(keep, v, args.visited);

      // 3. Claim and label; a claimed vertex's adjacency range is what this thread expands.
      if (keep) {
        ++survivors;
        keep = Culler::claim(v, args.visited);
      }
      EdgeT row_begin = 0;
      EdgeT row_end = 0;
      if (keep) {
        args.depth[v] = args.level;
        if constexpr (kParents) args.parent[v] = args.in_preds[index];
        row_begin = args.forward.offsets[v];
        row_end = args.forward.offsets[v + 1];
        ++claimed;
        degree_sum += static_cast<unsigned long long>(row_end - row_begin);
      }

      // 4. Gather the claimed vertices' neighbours into the next edge queue.
      Gather(storage_.gather)
          .gather(v, row_begin, row_end, args.forward.targets, args.out_queue, args.out_preds,
                  args.out_capacity, args.counters, args.hub_chunks);
    }

    // 5. Level counters: one atomic per warp.
    warp_atomic_add(&args.counters->new_vertices, claimed);
    warp_atomic_add(&args.counters->new_degree_sum, degree_sum);
    warp_atomic_add(&args.counters->culling_survivors, survivors);
  }

 private:
  TempStorage& storage_;
};

}  // namespace frontier::cuda
