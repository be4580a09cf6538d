/// @file bfs_kernels.cuh
/// @brief The BFS kernels: thin shells that give an agent its shared memory and run it, shaped
/// by kSm90BfsPolicy. See the agents' files for the algorithms.
#pragma once

#include <cooperative_groups.h>

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
using BfsContractExpandAgent =
    ContractExpandAgent<kBfsBlockThreads, kBfsKernelPolicy.warp_gather_threshold,
                        kBfsKernelPolicy.cta_gather_threshold, kBfsKernelPolicy.warp_hash_slots,
                        kBfsKernelPolicy.history_slots, VertexT, EdgeT, kParents>;

template <typename VertexT, typename EdgeT, bool kParents>
__global__ void __launch_bounds__(kBfsBlockThreads)
    bfs_contract_expand_kernel(const BfsLevelArgs<VertexT, EdgeT> args) {
  using Agent = BfsContractExpandAgent<VertexT, EdgeT, kParents>;
  __shared__ typename Agent::TempStorage storage;
  Agent(storage).run(args);
}

/// What a multi-level contract-expand launch needs beyond its first level's BfsLevelArgs.
template <typename VertexT>
struct BfsMultiLevelArgs {
  /// The two edge queues (and predecessor queues); level i of the launch reads
  /// queues[(first_buffer + i) % 2] and writes the other one.
  VertexT* queues[2] = {nullptr, nullptr};
  VertexT* preds[2] = {nullptr, nullptr};
  int first_buffer = 0;
  /// One zeroed counter slot per level of the launch (max_levels of them).
  BfsCounters* level_counters = nullptr;
  int max_levels = 0;
  /// Stop once the next edge queue holds at least this many items (two-phase takes over).
  unsigned long long queue_limit = 0;
  /// Out: levels run. The ring of per-level slots gets the last level's queue length in that
  /// level's slot and a zeroed slot for the level after it, as single-level kernels leave them.
  int* levels_run = nullptr;
  BfsCounters* ring = nullptr;
};

/// Contract-expand levels back to back in one cooperative launch, the grid synchronized between
/// levels, while the edge queue stays small: no host round trip per level, which is what bounds
/// the level rate of high-diameter graphs (grids, roads). Must be launched with
/// cudaLaunchCooperativeKernel on at most the resident number of blocks.
template <typename VertexT, typename EdgeT, bool kParents>
__global__ void __launch_bounds__(kBfsBlockThreads)
    bfs_contract_expand_levels_kernel(const BfsLevelArgs<VertexT, EdgeT> first,
                                      const BfsMultiLevelArgs<VertexT> multi) {
  using Agent = BfsContractExpandAgent<VertexT, EdgeT, kParents>;
  __shared__ typename Agent::TempStorage storage;
  Agent agent(storage);
  cooperative_groups::grid_group grid = cooperative_groups::this_grid();

  // 1. The history table, once for the whole launch.
  agent.init();
  __syncthreads();

  BfsLevelArgs<VertexT, EdgeT> args = first;
  int buffer = multi.first_buffer;
  int levels = 0;
  unsigned long long next_length = 0;
  for (;;) {
    // 2. One level: queue `buffer` -> the other queue, counted in this level's slot.
    args.level = first.level + levels;
    args.in_queue = multi.queues[buffer];
    args.in_preds = multi.preds[buffer];
    args.out_queue = multi.queues[1 - buffer];
    args.out_preds = multi.preds[1 - buffer];
    args.counters = multi.level_counters + levels;
    agent.process_level(args);

    // 3. Every block's claims, labels and counts are visible before anyone reads them.
    grid.sync();
    const unsigned long long claimed = __ldcg(&args.counters->new_vertices);
    next_length = __ldcg(&args.counters->edge_queue_length);
    ++levels;

    // 4. Stop when the search ends, the queue outgrows this kernel, or the slots run out (the
    //    same decision in every thread: all read the same counts).
    if (claimed == 0 || next_length == 0 || next_length >= multi.queue_limit ||
        levels == multi.max_levels) {
      break;
    }
    args.in_length = &args.counters->edge_queue_length;
    buffer = 1 - buffer;
  }

  // 5. Hand over to the host loop.
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    *multi.levels_run = levels;
    multi.ring[(first.level + levels - 1) % kCounterSlots].edge_queue_length = next_length;
    multi.ring[(first.level + levels) % kCounterSlots] = BfsCounters{};
  }
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
