/// @file bfs_contract_expand.cuh
/// @brief Fused contract-expand agent: edge queue -> edge queue in one kernel per level.
///
/// Source: Merrill, Garland, Grimshaw, "Scalable GPU Graph Traversal" (PPoPP 2012) sec. 5.1,
/// Merrill's thesis sec. 6.5 ("contract-expand"). Each tile contracts its candidates exactly as
/// the contraction agent does (cull, claim, label) and then gathers the neighbours of the vertices
/// it claimed straight into the next edge queue; the vertex queue never touches memory. One launch
/// per level makes this the better choice while the queue is too short to fill the GPU.
///
/// Invariants: as ContractAgent for the claim and labels; the output edge queue holds exactly the
/// out-arcs of the vertices claimed here.
#pragma once

#include "bfs_culling.cuh"
#include "bfs_gather.cuh"
#include "bfs_level_args.cuh"

namespace frontier::cuda {

template <int BLOCK_THREADS, int WARP_THRESHOLD, int CTA_THRESHOLD, int WARP_HASH_SLOTS,
          int HISTORY_SLOTS, typename VertexT, typename EdgeT, bool kParents>
class ContractExpandAgent {
  using Culler = VisitCuller<BLOCK_THREADS, WARP_HASH_SLOTS, HISTORY_SLOTS, VertexT>;
  using Gather =
      NeighborGather<BLOCK_THREADS, WARP_THRESHOLD, CTA_THRESHOLD, VertexT, EdgeT, kParents>;

 public:
  struct TempStorage {
    typename Culler::TempStorage culler;
    typename Gather::TempStorage gather;
  };

  __device__ __forceinline__ ContractExpandAgent(TempStorage& storage,
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

      // 4. Claim and label; a claimed vertex's adjacency range is what this thread expands.
      if (keep) {
        ++survivors;
        keep = Culler::claim(v, args_.visited);
      }
      EdgeT row_begin = 0;
      EdgeT row_end = 0;
      if (keep) {
        args_.depth[v] = args_.level;
        if constexpr (kParents) args_.parent[v] = args_.in_preds[index];
        row_begin = args_.forward.offsets[v];
        row_end = args_.forward.offsets[v + 1];
        ++claimed;
        degree_sum += static_cast<unsigned long long>(row_end - row_begin);
      }

      // 5. Gather the claimed vertices' neighbours into the next edge queue.
      Gather(storage_.gather)
          .gather(v, row_begin, row_end, args_.forward.targets, args_.out_queue, args_.out_preds,
                  &args_.counters->edge_queue_length);
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
