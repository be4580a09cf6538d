/// @file bfs_cta_levels.cuh
/// @brief Small top-down levels run back to back by one CTA, the frontier kept in shared memory.
///
/// Roads and meshes spend hundreds to thousands of levels with a frontier of a few hundred to a
/// few thousand vertices. There a level's cost is its chain of dependent memory round trips plus
/// whatever synchronizes the level; a grid-wide barrier alone costs about as much as the level's
/// work, and a host round trip several times more. One CTA of kCtaLevelsThreads threads
/// synchronizes with __syncthreads, and keeps the frontier and the list of its arcs in shared
/// memory, so a level is: read the frontier's row offsets, scan the degrees and list each arc
/// (CSR index, frontier item) at its place in the level, then per arc (spread evenly over the
/// threads) read the target, claim it with one atomicOr on the visited bitmask, label it and
/// append it to the next frontier with one shared-memory atomic per warp. No edge queue reaches
/// memory.
///
/// The launch starts from the host loop's edge queue E(L) (at most the capacity items) and
/// stops, handing the search back, when:
///  - the search ends (a level claims nothing, or its frontier has no arcs);
///  - level L's frontier has as many arcs as the capacity or more, or the launch has used its
///    level slots: V(L) is written to the vertex queue, and the host chooses its direction
///    (Beamer's rule) and expands it with the wide kernels (hub lists included).
/// A frontier this small is never expanded bottom-up: one CTA expands it top-down in a few
/// microseconds, a bottom-up level reads every unvisited vertex. Counters per level as the
/// multi-level grid launch leaves them (BfsMultiLevelArgs), so the host records both alike.
///
/// Each thread handles kItemsPerThread candidates of a level at once (their target loads and
/// their claims in flight together): a level is a few dependent round trips, not one per
/// candidate.
///
/// Invariants: as every top-down level, a vertex is claimed by exactly one atomicOr and labelled
/// by its claimer; the visited bitmask, depths and parents stay exactly what the wide kernels
/// expect, so the host can switch between the two at any level.
#pragma once

#include <cub/block/block_scan.cuh>

#include "bfs/cuda/bfs_level_args.cuh"

namespace frontier::cuda {

/// Threads of the one-CTA level kernel and the frontier it holds in shared memory (vertices; a
/// level whose frontier has this many arcs or more goes back to the wide kernels, so every hub
/// list, of at least hub_threshold >= this many arcs, still goes through the hub pass).
inline constexpr int kCtaLevelsThreads = 1024;
inline constexpr int kCtaLevelsCapacity = 4096;

/// How a one-CTA launch ended (BfsMultiLevelArgs::switched).
enum CtaLevelsEnd : int {
  /// The search is over, or the last level's frontier has no arcs.
  kCtaLevelsDone = 0,
  /// The last level's frontier is in the vertex queue, for the host to expand. (1 is the grid
  /// launch's "Beamer's rule stopped it".)
  kCtaLevelsVertexQueue = 2,
};

template <int BLOCK_THREADS, int CAPACITY, typename VertexT, typename EdgeT, bool kParents>
class CtaLevelsAgent {
  static_assert(CAPACITY % BLOCK_THREADS == 0, "each thread scans whole items");
  static constexpr int kItemsPerThread = CAPACITY / BLOCK_THREADS;
  using DegreeScan = cub::BlockScan<unsigned long long, BLOCK_THREADS>;

 public:
  struct TempStorage {
    typename DegreeScan::TempStorage scan;
    VertexT frontier[2][CAPACITY];
    /// Arc i of a level the CTA expands (fewer than CAPACITY arcs): its index in the CSR, and
    /// the frontier item it leaves.
    EdgeT arc[CAPACITY];
    unsigned short arc_owner[CAPACITY];
    unsigned int size[2];
  };
  static_assert(CAPACITY <= 65536, "arc owners are 16-bit frontier items");

  __device__ __forceinline__ CtaLevelsAgent(TempStorage& storage,
                                            const BfsLevelArgs<VertexT, EdgeT>& args)
      : storage_(storage), args_(args) {}

  /// Runs levels args.level, args.level + 1, ... as the file comment says; `level_counters` gets
  /// one slot per level run (zeroed by the host), the outcome goes to *levels_run and *end.
  __device__ __forceinline__ void run(BfsCounters* level_counters, int max_levels,
                                      BfsCounters* ring, VertexT* vertex_queue, int* levels_run,
                                      int* end) {
    // 1. Contract E(L) into the first frontier.
    if (threadIdx.x < 2) storage_.size[threadIdx.x] = 0;
    __syncthreads();
    const unsigned long long in_length = __ldcg(args_.in_length);
    claim_all(in_length, args_.level, 0, [&](unsigned long long i, VertexT& v, VertexT& parent) {
      v = args_.in_queue[i];
      parent = args_.in_preds[i];
    });
    __syncthreads();

    int current = 0;
    int levels = 0;
    unsigned long long survivors = in_length;
    for (;;) {
      // 2. The frontier's row ranges and the scan of its degrees.
      const std::int32_t level = args_.level + levels;
      const unsigned int size = storage_.size[current];
      const unsigned long long arcs = scan_degrees(current, size);
      BfsCounters* counters = level_counters + levels;
      ++levels;

      // 3. Where the launch stops (the same decision in every thread: all read the same counts).
      const int outcome = size > 0 && arcs > 0 && (arcs >= CAPACITY || levels == max_levels)
                              ? kCtaLevelsVertexQueue
                              : kCtaLevelsDone;
      if (threadIdx.x == 0) {
        counters->new_vertices = size;
        counters->new_degree_sum = arcs;
        counters->culling_survivors = survivors;
        counters->edge_queue_length = outcome == kCtaLevelsDone ? arcs : 0;
      }
      if (outcome == kCtaLevelsVertexQueue) {
        for (unsigned int i = threadIdx.x; i < size; i += BLOCK_THREADS) {
          vertex_queue[i] = storage_.frontier[current][i];
        }
      }
      if (outcome != kCtaLevelsDone || size == 0 || arcs == 0) {
        finish(level, size, arcs, survivors, outcome, levels, ring, levels_run, end);
        return;
      }

      // 4. Level L + 1: every arc of the frontier, spread evenly over the threads.
      const int next = 1 - current;
      claim_all(arcs, level + 1, next, [&](unsigned long long i, VertexT& v, VertexT& parent) {
        v = args_.forward.targets[storage_.arc[i]];
        parent = storage_.frontier[current][storage_.arc_owner[i]];
      });
      survivors = arcs;
      if (threadIdx.x == 0) storage_.size[current] = 0;
      current = next;
      __syncthreads();
    }
  }

 private:
  /// Claims candidates 0 .. count - 1 for `level`, kItemsPerThread per thread at once: `fetch(i,
  /// v, parent)` gives candidate i; its claimer labels it and appends it to frontier `which`
  /// (one shared atomic per warp). Every thread of the block must call.
  template <typename Fetch>
  __device__ __forceinline__ void claim_all(unsigned long long count, std::int32_t level, int which,
                                            const Fetch& fetch) {
    const unsigned int lane = threadIdx.x % kWarpThreads;
    for (unsigned long long base = 0; base < count; base += CAPACITY) {
      VertexT v[kItemsPerThread];
      VertexT parent[kItemsPerThread];
      BitmapWord old[kItemsPerThread];
#pragma unroll
      for (int k = 0; k < kItemsPerThread; ++k) {
        const unsigned long long i = base + k * BLOCK_THREADS + threadIdx.x;
        v[k] = VertexT{0};
        parent[k] = VertexT{0};
        if (i < count) fetch(i, v[k], parent[k]);
      }
#pragma unroll
      for (int k = 0; k < kItemsPerThread; ++k) {
        const unsigned long long i = base + k * BLOCK_THREADS + threadIdx.x;
        old[k] = i < count ? atomicOr(&args_.visited[bitmap_word_index(v[k])], bitmap_bit(v[k]))
                           : bitmap_bit(v[k]);
      }
#pragma unroll
      for (int k = 0; k < kItemsPerThread; ++k) {
        const bool claimed = (old[k] & bitmap_bit(v[k])) == 0;
        if (claimed) {
          args_.depth[v[k]] = level;
          if constexpr (kParents) args_.parent[v[k]] = parent[k];
        }
        const unsigned int claimers = __ballot_sync(0xffffffffu, claimed);
        if (claimers == 0) continue;
        const int leader = __ffs(claimers) - 1;
        unsigned int slot = 0;
        if (static_cast<int>(lane) == leader) {
          slot = atomicAdd(&storage_.size[which], static_cast<unsigned int>(__popc(claimers)));
        }
        slot = __shfl_sync(0xffffffffu, slot, leader) + __popc(claimers & ((1u << lane) - 1));
        if (claimed) storage_.frontier[which][slot] = v[k];
      }
    }
  }

  /// Reads the row ranges of frontier `which` (its first `size` items), scans their degrees and,
  /// when the level has fewer than CAPACITY arcs, lists them (arc, arc_owner) in level order;
  /// returns the total. Ends with the block synchronized.
  __device__ __forceinline__ unsigned long long scan_degrees(int which, unsigned int size) {
    EdgeT begins[kItemsPerThread];
    unsigned long long degrees[kItemsPerThread];
    unsigned long long sum = 0;
#pragma unroll
    for (int k = 0; k < kItemsPerThread; ++k) {
      const unsigned int item = threadIdx.x * kItemsPerThread + k;
      begins[k] = 0;
      degrees[k] = 0;
      if (item < size) {
        const VertexT v = storage_.frontier[which][item];
        begins[k] = args_.forward.offsets[v];
        degrees[k] = static_cast<unsigned long long>(args_.forward.offsets[v + 1] - begins[k]);
      }
      sum += degrees[k];
    }
    unsigned long long prefix = 0;
    unsigned long long total = 0;
    DegreeScan(storage_.scan).ExclusiveSum(sum, prefix, total);
    if (total < CAPACITY) {
#pragma unroll
      for (int k = 0; k < kItemsPerThread; ++k) {
        const unsigned int item = threadIdx.x * kItemsPerThread + k;
        for (unsigned long long d = 0; d < degrees[k]; ++d) {
          storage_.arc[prefix + d] = begins[k] + static_cast<EdgeT>(d);
          storage_.arc_owner[prefix + d] = static_cast<unsigned short>(item);
        }
        prefix += degrees[k];
      }
    }
    __syncthreads();
    return total;
  }

  /// Hands the search back (thread 0): levels run and how the launch ended, and the counter ring
  /// as the host loop reads it next. A frontier left in the vertex queue is counted in the last
  /// level's slot as a contraction kernel counts it (the wide expansion adds its edge queue
  /// there); otherwise that slot is empty. The slot after it is zeroed for the next kernel.
  __device__ __forceinline__ void finish(std::int32_t last_level, unsigned int size,
                                         unsigned long long arcs, unsigned long long survivors,
                                         int outcome, int levels, BfsCounters* ring,
                                         int* levels_run, int* end) {
    if (threadIdx.x != 0) return;
    *levels_run = levels;
    *end = outcome;
    BfsCounters last{};
    if (outcome == kCtaLevelsVertexQueue) {
      last.vertex_queue_length = size;
      last.new_vertices = size;
      last.new_degree_sum = arcs;
      last.culling_survivors = survivors;
    }
    ring[last_level % kCounterSlots] = last;
    ring[(last_level + 1) % kCounterSlots] = BfsCounters{};
  }

  TempStorage& storage_;
  const BfsLevelArgs<VertexT, EdgeT>& args_;
};

}  // namespace frontier::cuda
