/// @file bfs_kernels.cuh
/// @brief The BFS kernels: thin shells that give an agent its shared memory and run it, shaped
/// by kSm90BfsPolicy. See the agents' files for the algorithms.
#pragma once

#include "bfs_bottom_up.cuh"
#include "bfs_contract.cuh"
#include "bfs_contract_expand.cuh"
#include "bfs_cuda_tuning.hpp"
#include "bfs_expand.cuh"
#include "bfs_frontier_convert.cuh"

namespace frontier::cuda {

inline constexpr BfsCudaPolicy kBfsKernelPolicy = kSm90BfsPolicy;
inline constexpr int kBfsBlockThreads = kBfsKernelPolicy.block_threads;

/// Runs `Agent` with its shared TempStorage (the common body of every kernel below).
template <typename Agent, typename VertexT, typename EdgeT>
__device__ __forceinline__ void run_agent(const BfsLevelArgs<VertexT, EdgeT>& args) {
  __shared__ typename Agent::TempStorage storage;
  Agent(storage, args).run();
}

/// Seeds a search: the first edge queue is the source (its own predecessor), every counter slot
/// is zero except the "previous level" slot, which says that queue holds one item.
template <typename VertexT>
__global__ void bfs_init_kernel(VertexT source, VertexT* edge_queue, VertexT* edge_preds,
                                BfsCounters* counters) {
  // 1. The level-0 edge queue.
  edge_queue[0] = source;
  edge_preds[0] = source;
  // 2. Counter slots.
  for (int slot = 0; slot < kCounterSlots; ++slot) counters[slot] = BfsCounters{};
  counters[kCounterSlots - 1].edge_queue_length = 1;
}

template <typename VertexT, typename EdgeT, bool kParents>
__global__ void __launch_bounds__(kBfsBlockThreads)
    bfs_contract_kernel(const BfsLevelArgs<VertexT, EdgeT> args) {
  run_agent<ContractAgent<kBfsBlockThreads, kBfsKernelPolicy.warp_hash_slots,
                          kBfsKernelPolicy.history_slots, VertexT, EdgeT, kParents>>(args);
}

template <typename VertexT, typename EdgeT, bool kParents>
__global__ void __launch_bounds__(kBfsBlockThreads)
    bfs_expand_kernel(const BfsLevelArgs<VertexT, EdgeT> args) {
  run_agent<ExpandAgent<kBfsBlockThreads, kBfsKernelPolicy.warp_gather_threshold,
                        kBfsKernelPolicy.cta_gather_threshold, VertexT, EdgeT, kParents>>(args);
}

template <typename VertexT, typename EdgeT, bool kParents>
__global__ void __launch_bounds__(kBfsBlockThreads)
    bfs_contract_expand_kernel(const BfsLevelArgs<VertexT, EdgeT> args) {
  run_agent<
      ContractExpandAgent<kBfsBlockThreads, kBfsKernelPolicy.warp_gather_threshold,
                          kBfsKernelPolicy.cta_gather_threshold, kBfsKernelPolicy.warp_hash_slots,
                          kBfsKernelPolicy.history_slots, VertexT, EdgeT, kParents>>(args);
}

template <typename VertexT, typename EdgeT, bool kParents>
__global__ void __launch_bounds__(kBfsBlockThreads)
    bfs_bottom_up_kernel(const BfsLevelArgs<VertexT, EdgeT> args) {
  run_agent<BottomUpAgent<kBfsBlockThreads, VertexT, EdgeT, kParents>>(args);
}

template <typename VertexT, typename EdgeT>
__global__ void __launch_bounds__(kBfsBlockThreads)
    bfs_queue_to_bitmap_kernel(const BfsLevelArgs<VertexT, EdgeT> args) {
  run_agent<QueueToBitmapAgent<kBfsBlockThreads, VertexT, EdgeT>>(args);
}

template <typename VertexT, typename EdgeT>
__global__ void __launch_bounds__(kBfsBlockThreads)
    bfs_bitmap_to_queue_kernel(const BfsLevelArgs<VertexT, EdgeT> args) {
  run_agent<BitmapToQueueAgent<kBfsBlockThreads, VertexT, EdgeT>>(args);
}

}  // namespace frontier::cuda
