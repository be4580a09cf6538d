/// @file bfs_hub.cuh
/// @brief Edge-balanced expansion of hub adjacency lists: the second half of a top-down level
/// whose frontier holds vertices of huge degree (the hub levels of Kronecker / power-law graphs).
///
/// Source: the load-balancing idea of Merrill, Garland, Grimshaw, "Scalable GPU Graph Traversal"
/// (PPoPP 2012) sec. 4.1 (gathering must be balanced by arcs, not by vertices), carried from the
/// CTA to the whole grid as in Gunrock's load-balanced partitioning (Wang et al., PPoPP 2016):
/// NeighborGather reserves a hub's whole output range in its tile as usual, but instead of
/// letting one CTA stream a list of, say, a million arcs while the rest of the GPU idles, it cuts
/// the list into fixed-size chunks (HubChunk); this pass gives one chunk to each warp of the grid
/// in turn, so the level's hub arcs are spread evenly over every SM.
///
/// Invariants: the chunks of one list tile its output range exactly, so after this pass the edge
/// queue holds every arc of every hub list once, at the position the gather reserved for it.
#pragma once

#include "bfs/cuda/bfs_level_args.cuh"

namespace frontier::cuda {

template <int BLOCK_THREADS, typename VertexT, typename EdgeT, bool kParents>
class HubExpandAgent {
  static_assert(BLOCK_THREADS % kWarpThreads == 0, "blocks are whole warps");

 public:
  struct TempStorage {};

  __device__ __forceinline__ HubExpandAgent(TempStorage&, const BfsLevelArgs<VertexT, EdgeT>& args)
      : args_(args) {}

  /// Copies every chunk recorded in counters->hub_chunks into the edge queue. Every thread of the
  /// grid must call; the chunk count is read once (it is final: the gather has finished).
  __device__ __forceinline__ void run() {
    // 1. How many chunks, and which warp of the grid this is.
    const unsigned long long chunks = __ldcg(&args_.counters->hub_chunks);
    const int lane = threadIdx.x % kWarpThreads;
    const unsigned long long warps_in_grid =
        gridDim.x * static_cast<unsigned long long>(BLOCK_THREADS / kWarpThreads);
    const VertexT* __restrict__ targets = args_.forward.targets;
    VertexT* __restrict__ out_targets = args_.out_queue;
    VertexT* __restrict__ out_preds = args_.out_preds;

    // 2. One chunk per warp at a time: coalesced reads of the list, coalesced writes.
    for (unsigned long long c =
             (blockIdx.x * static_cast<unsigned long long>(BLOCK_THREADS) + threadIdx.x) /
             kWarpThreads;
         c < chunks; c += warps_in_grid) {
      const HubChunk<VertexT, EdgeT> chunk = args_.hub_chunks[c];
#pragma unroll 4
      for (EdgeT e = chunk.begin + lane; e < chunk.end; e += kWarpThreads) {
        const unsigned long long slot =
            chunk.out + static_cast<unsigned long long>(e - chunk.begin);
        out_targets[slot] = targets[e];
        if constexpr (kParents) out_preds[slot] = chunk.owner;
      }
    }
  }

 private:
  const BfsLevelArgs<VertexT, EdgeT>& args_;
};

}  // namespace frontier::cuda
