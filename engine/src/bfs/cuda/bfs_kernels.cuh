/// @file bfs_kernels.cuh
/// @brief The BFS kernels: thin shells that give an agent its shared memory and run it, shaped
/// by kSm90BfsPolicy. See the agents' files for the algorithms.
#pragma once

#include <cooperative_groups.h>

#include "bfs/cuda/bfs_bottom_up.cuh"
#include "bfs/cuda/bfs_cluster_levels.cuh"
#include "bfs/cuda/bfs_contract.cuh"
#include "bfs/cuda/bfs_contract_expand.cuh"
#include "bfs/cuda/bfs_cuda_tuning.hpp"
#include "bfs/cuda/bfs_expand.cuh"
#include "bfs/cuda/bfs_expand_contract.cuh"
#include "bfs/cuda/bfs_frontier_convert.cuh"
#include "bfs/cuda/bfs_hub.cuh"
#include "bfs/cuda/bfs_pass.cuh"

namespace frontier::cuda {

inline constexpr BfsCudaPolicy kBfsKernelPolicy = kSm90BfsPolicy;
inline constexpr int kBfsBlockThreads = kBfsKernelPolicy.block_threads;

/// Runs `Agent` with its shared TempStorage (the common body of every kernel below), then posts
/// the level's counts if args.post asks for them, with `end_of(counts)` as the post's end
/// (post_when_last_block).
template <typename Agent, typename VertexT, typename EdgeT, typename TargetT, typename EndOf>
__device__ __forceinline__ void run_agent(const BfsLevelArgs<VertexT, EdgeT, TargetT>& args,
                                          const EndOf& end_of) {
  __shared__ typename Agent::TempStorage storage;
  Agent(storage, args).run();
  post_when_last_block(args.post, args.depth, end_of);
}

template <typename Agent, typename VertexT, typename EdgeT, typename TargetT>
__device__ __forceinline__ void run_agent(const BfsLevelArgs<VertexT, EdgeT, TargetT>& args) {
  run_agent<Agent>(args, [](const BfsCounters&) { return 0; });
}

/// Starts a search: the visited mask clear, the first edge queue seeded with the sources (each
/// its own predecessor), every counter slot zero except the "previous level" slot, which says how
/// many items that queue holds. One source is written here; several were copied into the queues
/// beforehand. The first frontier bitmap is cleared too, so that the first switch to bottom-up
/// sets its bits without a memset of its own on the host's path. The labels are not touched: a
/// vertex's depth and parent mean something only where its visited bit is set (every reader masks
/// them with it), so a search writes n/8 bytes here where clearing the labels would write 8 or 12
/// bytes a vertex. The target's depth, which the level loop reads unmasked, is the one label
/// cleared (`target` negative: none).
template <typename VertexT>
__global__ void __launch_bounds__(kBfsBlockThreads)
    bfs_reset_kernel(std::int32_t* depth, BitmapWord* visited, BitmapWord* frontier,
                     unsigned long long words, VertexT target, VertexT source,
                     unsigned long long source_count, VertexT* edge_queue, VertexT* edge_preds,
                     BfsCounters* counters) {
  // 1. The visited mask and the first frontier bitmap, grid-stride.
  const unsigned long long stride = static_cast<unsigned long long>(gridDim.x) * blockDim.x;
  const unsigned long long first =
      static_cast<unsigned long long>(blockIdx.x) * blockDim.x + threadIdx.x;
  for (unsigned long long w = first; w < words; w += stride) {
    visited[w] = 0;
    frontier[w] = 0;
  }
  if (first != 0) return;
  // 2. The level-0 edge queue and the target's depth.
  if (source_count == 1) {
    edge_queue[0] = source;
    edge_preds[0] = source;
  }
  if (target >= 0) depth[target] = kUnreachedDepth;
  // 3. Counter slots.
  for (int slot = 0; slot < kCounterSlots; ++slot) counters[slot] = BfsCounters{};
  counters[kCounterSlots - 1].edge_queue_length = source_count;
}

/// Labels of the last search made whole in place: depth unreached and parent invalid (where
/// `parent` is not null) wherever the visited bit is clear, for a copy of the arrays as they are.
template <typename VertexT>
__global__ void __launch_bounds__(kBfsBlockThreads)
    bfs_settle_unreached_kernel(std::int32_t* depth, VertexT* parent, const BitmapWord* visited,
                                unsigned long long n) {
  const unsigned long long stride = static_cast<unsigned long long>(gridDim.x) * blockDim.x;
  for (unsigned long long v =
           static_cast<unsigned long long>(blockIdx.x) * blockDim.x + threadIdx.x;
       v < n; v += stride) {
    if ((visited[bitmap_word_index(v)] & bitmap_bit(v)) != 0) continue;
    depth[v] = kUnreachedDepth;
    if (parent != nullptr) parent[v] = kInvalidVertex<VertexT>;
  }
}

/// Contraction: edge queue -> vertex queue (without kEnqueue: claims and labels only).
template <typename VertexT, typename EdgeT, bool kParents, bool kEnqueue = true>
__global__ void __launch_bounds__(kBfsBlockThreads)
    bfs_contract_kernel(const BfsLevelArgs<VertexT, EdgeT> args) {
  run_agent<ContractAgent<kBfsBlockThreads, kBfsKernelPolicy.warp_hash_slots,
                          kBfsKernelPolicy.history_slots, VertexT, EdgeT, kParents, kEnqueue>>(
      args);
}

template <typename VertexT, typename EdgeT, bool kParents>
__global__ void __launch_bounds__(kBfsBlockThreads)
    bfs_expand_kernel(const BfsLevelArgs<VertexT, EdgeT> args) {
  run_agent<ExpandAgent<kBfsBlockThreads, kBfsKernelPolicy.warp_gather_threshold,
                        kBfsKernelPolicy.cta_gather_threshold, kBfsKernelPolicy.hub_threshold,
                        kBfsKernelPolicy.hub_chunk_arcs, VertexT, EdgeT, kParents>>(args);
}

/// The edge-balanced hub pass after an expanding kernel (expand or contract-expand) of the same
/// level: copies the hub chunks counted in args.counters into args.out_queue.
template <typename VertexT, typename EdgeT, bool kParents>
__global__ void __launch_bounds__(kBfsBlockThreads)
    bfs_hub_expand_kernel(const BfsLevelArgs<VertexT, EdgeT> args) {
  run_agent<HubExpandAgent<kBfsBlockThreads, VertexT, EdgeT, kParents>>(args);
}

/// Fused expand-contract: vertex queue of depth `level - 1` -> vertex queue of depth `level`.
template <typename VertexT, typename EdgeT, bool kParents>
__global__ void __launch_bounds__(kBfsBlockThreads)
    bfs_expand_contract_kernel(const BfsLevelArgs<VertexT, EdgeT> args) {
  run_agent<
      ExpandContractAgent<kBfsBlockThreads, kBfsKernelPolicy.warp_gather_threshold,
                          kBfsKernelPolicy.cta_gather_threshold, kBfsKernelPolicy.warp_hash_slots,
                          kBfsKernelPolicy.history_slots, VertexT, EdgeT, kParents>>(args);
}

template <typename VertexT, typename EdgeT, bool kParents>
using BfsContractExpandAgent =
    ContractExpandAgent<kBfsBlockThreads, kBfsKernelPolicy.warp_gather_threshold,
                        kBfsKernelPolicy.cta_gather_threshold, kBfsKernelPolicy.hub_threshold,
                        kBfsKernelPolicy.hub_chunk_arcs, kBfsKernelPolicy.warp_hash_slots,
                        kBfsKernelPolicy.history_slots, VertexT, EdgeT, kParents>;

/// Capped at 64 registers (4 blocks, 32 warps per SM), as the kernel was before the hub branch
/// of the gather pushed the compiler's choice to 80 (3 blocks).
template <typename VertexT, typename EdgeT, bool kParents>
__global__ void __launch_bounds__(kBfsBlockThreads, 4)
    bfs_contract_expand_kernel(const BfsLevelArgs<VertexT, EdgeT> args) {
  using Agent = BfsContractExpandAgent<VertexT, EdgeT, kParents>;
  __shared__ typename Agent::TempStorage storage;
  Agent(storage).run(args);
  post_when_last_block(args.post, args.depth);
}

/// What a multi-level contract-expand launch needs beyond its first level's BfsLevelArgs.
template <typename VertexT>
struct BfsMultiLevelArgs {
  /// The two edge queues (and predecessor queues); level i of the launch reads
  /// queues[(first_buffer + i) % 2] and writes the other one.
  VertexT* queues[2] = {nullptr, nullptr};
  VertexT* preds[2] = {nullptr, nullptr};
  int first_buffer = 0;
  /// One counter slot per level of the launch (max_levels of them): zeroed by the host for the
  /// grid launch, written whole by the cluster launch.
  BfsCounters* level_counters = nullptr;
  int max_levels = 0;
  /// Stop once the next edge queue holds at least this many items (two-phase takes over), or
  /// fewer than queue_floor (the cluster kernel takes over; 0: never).
  unsigned long long queue_limit = 0;
  unsigned long long queue_floor = 0;
  /// Beamer's top-down -> bottom-up rule, checked after each level when alpha > 0: stop, before
  /// the level's hub pass, once the arcs out of the vertices it claimed exceed unexplored_arcs /
  /// alpha, unexplored_arcs being those not yet out of an expanded vertex (as the host loop keeps
  /// it). The host then runs that level's expansion bottom-up.
  double alpha = 0.0;
  unsigned long long unexplored_arcs = 0;
  /// The graph's largest out-degree: with alpha > 0 the launch also stops before a level whose
  /// claims might reach Beamer's bound (|E(L)| * max_degree > unexplored_arcs / alpha), since
  /// claiming and expanding in one pass would expand a level that then runs bottom-up; the host
  /// runs that level in two phases, deciding between them.
  unsigned long long max_degree = 0;
  /// The ring of per-level slots gets the last level's queue length in that level's slot and a
  /// zeroed slot for the level after it, as single-level kernels leave them. The launch posts
  /// (the first level's BfsLevelArgs::post) its levels' slots, the levels run and how it ended:
  /// 1 when Beamer's rule stopped it (its last level's edge queue is then incomplete: hub chunks
  /// not copied), 3 (kGridLevelsQueueFull) when its last level's edge frontier did not fit the
  /// queue, else 0; a cluster launch also says 2 (ClusterLevelsEnd).
  BfsCounters* ring = nullptr;
  /// (Cluster launch of one CTA) its dynamic shared memory holds the visited mask after the
  /// agent's TempStorage (ClusterLevelsAgent's `shared_visited`).
  bool shared_visited = false;
};

/// Contract-expand levels back to back in one cooperative launch, the grid synchronized between
/// levels, while the edge queue stays small: no host round trip per level, which is what bounds
/// the level rate of high-diameter graphs (grids, roads). A level with hub lists runs the
/// edge-balanced hub pass after the barrier (and one more barrier); with alpha > 0 the launch
/// stops where Beamer's rule turns to bottom-up. Must be launched with
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

  typename HubExpandAgent<kBfsBlockThreads, VertexT, EdgeT, kParents>::TempStorage hub_storage;
  BfsLevelArgs<VertexT, EdgeT> args = first;
  int buffer = multi.first_buffer;
  int levels = 0;
  int switched = 0;
  unsigned long long unexplored = multi.unexplored_arcs;
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
    const unsigned long long claimed_arcs = __ldcg(&args.counters->new_degree_sum);
    const unsigned long long hub_chunks = __ldcg(&args.counters->hub_chunks);
    next_length = __ldcg(&args.counters->edge_queue_length);
    ++levels;

    // 4. Beamer's rule on the level just claimed (the same decision in every thread: all read the
    //    same counts); if it says bottom-up, the level's hub lists are left uncopied.
    if (multi.alpha > 0.0 && claimed > 0 &&
        static_cast<double>(claimed_arcs) > static_cast<double>(unexplored) / multi.alpha) {
      switched = 1;
      break;
    }
    unexplored -= claimed_arcs < unexplored ? claimed_arcs : unexplored;

    // 5. The level's hub lists, spread over every warp of the grid, then a barrier before the
    //    next level reads the queue (skipped when the level had no hub).
    if (hub_chunks > 0) {
      HubExpandAgent<kBfsBlockThreads, VertexT, EdgeT, kParents>(hub_storage, args).run();
      grid.sync();
    }

    // 5a. A level whose edge frontier did not fit the queue (its tiles past the capacity wrote
    //     nothing) is handed back: the host rebuilds V(L) from the depths and expands the whole
    //     level in passes, dropping this partial queue.
    if (next_length > args.out_capacity) {
      switched = kGridLevelsQueueFull;
      break;
    }

    // 6. Stop when the search ends, the queue outgrows this kernel, or the slots run out.
    if (claimed == 0 || next_length == 0 || next_length >= multi.queue_limit ||
        next_length < multi.queue_floor || levels == multi.max_levels) {
      break;
    }
    if (multi.alpha > 0.0 &&
        static_cast<double>(next_length) * static_cast<double>(multi.max_degree) >
            static_cast<double>(unexplored) / multi.alpha) {
      break;
    }
    args.in_length = &args.counters->edge_queue_length;
    buffer = 1 - buffer;
  }

  // 7. Hand over to the host loop.
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    multi.ring[(first.level + levels - 1) % kCounterSlots].edge_queue_length = next_length;
    multi.ring[(first.level + levels) % kCounterSlots] = BfsCounters{};
  }
  if (blockIdx.x == 0) post_launch(first.post, first.depth, multi.level_counters, levels, switched);
}

static_assert(kClusterLevelsCapacity <= kBfsKernelPolicy.hub_threshold,
              "a hub list is never expanded inside the cluster level kernel");

template <typename VertexT, typename EdgeT, typename ArcT, bool kParents>
using BfsClusterLevelsAgent = ClusterLevelsAgent<kClusterLevelsThreads, kClusterLevelsCapacity,
                                                 VertexT, EdgeT, ArcT, kParents>;

/// Small top-down levels back to back in one cluster of CTAs (bfs_cluster_levels.cuh): launched
/// with cudaLaunchKernelEx as one cluster of kClusterLevelsThreads-thread CTAs, each with
/// sizeof(BfsClusterLevelsAgent::TempStorage) bytes of dynamic shared memory (a launch of one
/// CTA with multi.shared_visited: those and the visited mask's bytes); `first` is level
/// L's arguments (E(L) in in_queue, at most cluster_levels_start_items(CTAs) items). ArcT:
/// unsigned int where every arc index of the graph fits 32 bits, else EdgeT.
template <typename VertexT, typename EdgeT, typename ArcT, bool kParents>
__global__ void __launch_bounds__(kClusterLevelsThreads, 1)
    bfs_cluster_levels_kernel(const BfsLevelArgs<VertexT, EdgeT> first,
                              const BfsMultiLevelArgs<VertexT> multi, VertexT* vertex_queue) {
  using Agent = BfsClusterLevelsAgent<VertexT, EdgeT, ArcT, kParents>;
  extern __shared__ __align__(16) unsigned char cluster_levels_storage[];
  BitmapWord* const shared_visited =
      multi.shared_visited ? reinterpret_cast<BitmapWord*>(cluster_levels_storage +
                                                           sizeof(typename Agent::TempStorage))
                           : nullptr;
  Agent(*reinterpret_cast<typename Agent::TempStorage*>(cluster_levels_storage), first,
        shared_visited)
      .run(multi.level_counters, multi.max_levels, multi.ring, vertex_queue);
}

/// A bottom-up step; `next` decides the level after it (bfs_bottom_up.cuh: BfsBottomUpNext).
template <typename VertexT, typename EdgeT, bool kParents, typename TargetT = VertexT>
__global__ void __launch_bounds__(kBfsBlockThreads)
    bfs_bottom_up_kernel(const BfsLevelArgs<VertexT, EdgeT, TargetT> args,
                         const BfsBottomUpNext next) {
  if (next.skipped()) return;
  run_agent<BottomUpAgent<kBfsBlockThreads, VertexT, EdgeT, kParents, BitmapFrontier, TargetT>>(
      args, [&](const BfsCounters& counts) { return next.decide(counts); });
}

template <typename VertexT, typename EdgeT>
__global__ void __launch_bounds__(kBfsBlockThreads)
    bfs_queue_to_bitmap_kernel(const BfsLevelArgs<VertexT, EdgeT> args) {
  run_agent<QueueToBitmapAgent<kBfsBlockThreads, VertexT, EdgeT>>(args);
}

/// first_in_neighbour[v] = the tail of v's first in-arc, for the n vertices of `reverse` (0 for
/// a vertex without in-arcs).
template <typename VertexT, typename EdgeT>
__global__ void __launch_bounds__(kBfsBlockThreads)
    bfs_first_in_neighbour_kernel(const DeviceCsr<VertexT, EdgeT> reverse, unsigned long long n,
                                  VertexT* first_in_neighbour) {
  for (unsigned long long v =
           blockIdx.x * static_cast<unsigned long long>(blockDim.x) + threadIdx.x;
       v < n; v += gridDim.x * static_cast<unsigned long long>(blockDim.x)) {
    const EdgeT begin = reverse.offsets[v];
    first_in_neighbour[v] =
        begin < reverse.offsets[v + 1] ? static_cast<VertexT>(reverse.targets[begin]) : VertexT{0};
  }
}

/// Two facts of a graph of n vertices the level loop sizes its steps by, into facts[0] and
/// facts[1] (zeroed by the caller): the largest out-degree, and one past the highest vertex with
/// an in-arc (no bottom-up step can find a vertex beyond it).
template <typename EdgeT>
__global__ void __launch_bounds__(kBfsBlockThreads)
    bfs_degree_facts_kernel(const EdgeT* offsets, const EdgeT* reverse_offsets,
                            unsigned long long n, unsigned long long* facts) {
  unsigned long long largest = 0;
  unsigned long long in_arcs_end = 0;
  for (unsigned long long v =
           blockIdx.x * static_cast<unsigned long long>(blockDim.x) + threadIdx.x;
       v < n; v += gridDim.x * static_cast<unsigned long long>(blockDim.x)) {
    largest = max(largest, static_cast<unsigned long long>(offsets[v + 1] - offsets[v]));
    if (reverse_offsets[v + 1] != reverse_offsets[v]) in_arcs_end = v + 1;
  }
  for (int offset = kWarpThreads / 2; offset > 0; offset /= 2) {
    largest = max(largest, __shfl_xor_sync(kFullWarpMask, largest, offset));
    in_arcs_end = max(in_arcs_end, __shfl_xor_sync(kFullWarpMask, in_arcs_end, offset));
  }
  if (threadIdx.x % kWarpThreads == 0) {
    if (largest != 0) atomicMax(&facts[0], largest);
    if (in_arcs_end != 0) atomicMax(&facts[1], in_arcs_end);
  }
}

/// The out-degree of each of `count` vertices (in range) of a CSR: degrees[i] of vertices[i].
template <typename VertexT, typename EdgeT>
__global__ void __launch_bounds__(kBfsBlockThreads)
    bfs_out_degrees_kernel(const EdgeT* offsets, const VertexT* vertices, unsigned long long count,
                           EdgeT* degrees) {
  for (unsigned long long i =
           blockIdx.x * static_cast<unsigned long long>(blockDim.x) + threadIdx.x;
       i < count; i += gridDim.x * static_cast<unsigned long long>(blockDim.x)) {
    const VertexT v = vertices[i];
    degrees[i] = offsets[v + 1] - offsets[v];
  }
}

template <typename VertexT, typename EdgeT>
__global__ void __launch_bounds__(kBfsBlockThreads)
    bfs_depth_to_bitmap_kernel(const BfsLevelArgs<VertexT, EdgeT> args) {
  run_agent<DepthToBitmapAgent<kBfsBlockThreads, VertexT, EdgeT>>(args);
}

template <typename VertexT, typename EdgeT>
__global__ void __launch_bounds__(kBfsBlockThreads)
    bfs_bitmap_to_queue_kernel(const BfsLevelArgs<VertexT, EdgeT> args) {
  run_agent<BitmapToQueueAgent<kBfsBlockThreads, VertexT, EdgeT>>(args);
}

}  // namespace frontier::cuda
