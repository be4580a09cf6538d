/// @file bfs_cluster_levels.cuh
/// @brief Small top-down levels run back to back by one cluster of CTAs, the frontier kept in
/// their shared memory.
///
/// Roads and meshes spend hundreds to thousands of levels with a frontier of a few hundred to a
/// few thousand vertices. There a level's cost is its chain of dependent memory round trips, the
/// rate at which the SMs doing it can issue scattered loads and atomics, and whatever
/// synchronizes the level: a grid-wide barrier alone costs about as much as the level's work, a
/// host round trip several times more, and one CTA (one SM) spends most of a level issuing its
/// scattered accesses one after another. A thread block cluster (Hopper: up to 16 CTAs, one per
/// SM, synchronized by the cluster barrier in hardware) has a dozen SMs' worth of memory
/// requests and a barrier far cheaper than the grid's. Each CTA keeps its part of the frontier
/// (vertex and row range) and the list of its arcs in shared memory, so a level is, per CTA:
/// list each arc of its frontier (CSR index, frontier item) at a place one shared atomic per
/// warp reserves, publish its counts to the cluster and pass the cluster barrier (every claim of
/// the level before is then done), then per arc (spread evenly over the CTA's threads) read the
/// target, claim it with one atomicOr on the visited bitmask and read its row range meanwhile,
/// label it and append it to the CTA's next frontier with one shared-memory atomic per warp. No
/// edge queue reaches memory. A launch of one CTA on a graph whose visited mask fits its shared
/// memory beside the frontier (up to about 745 thousand vertices on Hopper) copies the mask in,
/// claims there and reads row ranges for its claims only: one SM issues a level's scattered
/// accesses one after another, and the atomics and the losers' row reads were over half of them.
///
/// The launch starts from the host loop's edge queue E(L) (at most cluster_levels_start_items()
/// items, spread over the CTAs) and stops, handing the search back, when:
///  - the search ends (a level claims nothing, or its frontier has no arcs);
///  - a CTA's part of level L's frontier has as many arcs as its capacity or more, or the
///    launch has used its level slots: V(L) is written to the vertex queue, and the host chooses
///    its direction (Beamer's rule) and expands it with the wide kernels (hub lists included).
/// A frontier this small is never expanded bottom-up: the cluster expands it top-down in a few
/// microseconds, a bottom-up level reads every unvisited vertex. Counters per level as the
/// multi-level grid launch leaves them (BfsMultiLevelArgs), so the host records both alike.
///
/// Each thread handles kItemsPerThread candidates of a level at once (their target loads, their
/// claims and the reads of their row ranges in flight together): a level is two dependent
/// round trips (target, then claim and row range), not several per candidate.
///
/// Invariants: as every top-down level, a vertex is claimed by exactly one atomicOr and labelled
/// by its claimer; the visited bitmask, depths and parents stay exactly what the wide kernels
/// expect, so the host can switch between the two at any level. The cluster barrier of a level
/// orders all of the level's claims before any of the next level's. A launch of one CTA (the host
/// starts one from a short queue) synchronizes with __syncthreads alone.
#pragma once

#include <cooperative_groups.h>

#include <cstdint>

#include "bfs/cuda/bfs_level_args.cuh"

namespace frontier::cuda {

/// Threads of each CTA of the cluster level kernel, and the frontier each CTA holds in shared
/// memory (vertices; a level where a CTA's part of the frontier has this many arcs or more goes
/// back to the wide kernels, so every hub list, of at least hub_threshold >= this many arcs,
/// still goes through the hub pass). 512 threads, eight candidates each: a road's level of a
/// few hundred vertices keeps fewer idle warps stepping through the listing and its barriers
/// than 1024 threads would, with as many candidates in flight.
inline constexpr int kClusterLevelsThreads = 512;
inline constexpr int kClusterLevelsCapacity = 4096;
/// CTAs per cluster: the largest the GPU schedules (16 on Hopper with non-portable sizes, else
/// the portable 8).
inline constexpr int kClusterLevelsMaxCtas = 16;
/// The host starts a cluster launch of `ctas` CTAs from an edge queue of at most this many items,
/// a CTA's capacity each, and a grid launch hands back once its queue is shorter. A mesh's
/// frontier of a few thousand vertices then stays in the cluster, a level a few microseconds
/// against the grid launch's two or three grid barriers; the cluster hands over only when a
/// CTA's part of a level's arcs reaches its capacity.
constexpr std::uint64_t cluster_levels_start_items(int ctas) {
  return static_cast<std::uint64_t>(ctas) * kClusterLevelsCapacity;
}

/// How a cluster launch ended (BfsMultiLevelArgs::switched).
enum ClusterLevelsEnd : int {
  /// The search is over, or the last level's frontier has no arcs.
  kClusterLevelsDone = 0,
  /// The last level's frontier is in the vertex queue, for the host to expand. (1 is the grid
  /// launch's "Beamer's rule stopped it".)
  kClusterLevelsVertexQueue = 2,
  /// (Grid launch) the last level's edge frontier did not fit the edge queue: the host rebuilds
  /// that level's vertex queue from the depths and expands it in passes.
  kGridLevelsQueueFull = 3,
};

/// `ArcT`: the type the kernel keeps CSR arc indices in (row ranges, listed arcs): 32-bit on
/// graphs of fewer than 2^32 arcs, whose listing then scans and stores half the bits, else
/// EdgeT.
template <int BLOCK_THREADS, int CAPACITY, typename VertexT, typename EdgeT, typename ArcT,
          bool kParents>
class ClusterLevelsAgent {
  static_assert(CAPACITY % BLOCK_THREADS == 0, "each thread scans whole items");
  static constexpr int kItemsPerThread = CAPACITY / BLOCK_THREADS;
  /// Arcs of a warp's items, summed in the width of ArcT: a frontier's arcs are at most the
  /// graph's.
  using ArcCount = std::conditional_t<sizeof(ArcT) <= 4, unsigned int, unsigned long long>;

 public:
  struct TempStorage {
    VertexT frontier[2][CAPACITY];
    /// Row range of each item of the frontier being built, read while its claim was in flight.
    ArcT row_begin[CAPACITY];
    ArcT row_end[CAPACITY];
    /// Arc i of a level the CTA expands (fewer than CAPACITY arcs): its index in the CSR, and
    /// the frontier item it leaves.
    ArcT arc[CAPACITY];
    unsigned short arc_owner[CAPACITY];
    unsigned int size[2];
    /// Arcs of the level listed so far (places reserved one warp at a time), by level parity: a
    /// level's count is zeroed while the next level runs, when nobody reads it any more.
    unsigned long long arc_count[2];
    /// This CTA's frontier size and arcs of the level, for the other CTAs to read (by level
    /// parity: a CTA may publish the next level's while another still reads this one's).
    unsigned int published_size[2];
    unsigned long long published_arcs[2];
    /// The cluster's totals of the level and this CTA's place in the vertex queue.
    unsigned int total_size;
    unsigned long long total_arcs;
    unsigned long long largest_arcs;
    unsigned int size_before;
  };
  static_assert(CAPACITY <= 65536, "arc owners are 16-bit frontier items");

  /// `shared_visited`: room for the whole visited mask in this CTA's shared memory, or null.
  /// A launch of one CTA given it claims there (a shared atomic, where a claim in memory is a
  /// round trip through the L2 that also holds the other loads' place in the SM's queue), reads
  /// a row range only for the candidates it claimed, and writes the mask back as it ends.
  __device__ __forceinline__ ClusterLevelsAgent(TempStorage& storage,
                                                const BfsLevelArgs<VertexT, EdgeT>& args,
                                                BitmapWord* shared_visited)
      : storage_(storage), args_(args), shared_visited_(shared_visited) {}

  /// Runs levels args.level, args.level + 1, ... as the file comment says; `level_counters` gets
  /// one slot per level run (written whole); the cluster's first CTA posts them with the
  /// levels run and how the launch ended (ClusterLevelsEnd) as args.post asks. Every thread of
  /// the cluster must call.
  __device__ __forceinline__ void run(BfsCounters* level_counters, int max_levels,
                                      BfsCounters* ring, VertexT* vertex_queue) {
    cooperative_groups::cluster_group cluster = cooperative_groups::this_cluster();
    const unsigned int ctas = cluster.num_blocks();
    const unsigned int rank = cluster.block_rank();
    const bool leader = rank == 0 && threadIdx.x == 0;

    // 1. Contract E(L) into the first frontiers, a contiguous share of the queue per CTA.
    if (threadIdx.x < 2) storage_.size[threadIdx.x] = 0;
    if (threadIdx.x < 2) storage_.arc_count[threadIdx.x] = 0;
    if (shared_visited_ != nullptr) copy_words(shared_visited_, args_.visited);
    __syncthreads();
    const unsigned long long in_length = __ldcg(args_.in_length);
    const unsigned long long share = (in_length + ctas - 1) / ctas;
    const unsigned long long first = share * rank;
    const unsigned long long mine =
        first < in_length ? (in_length - first < share ? in_length - first : share) : 0;
    claim_all(mine, args_.level, 0, [&](unsigned long long i, VertexT& v, VertexT& parent) {
      v = args_.in_queue[first + i];
      parent = args_.in_preds[first + i];
    });
    __syncthreads();

    int current = 0;
    int levels = 0;
    unsigned long long survivors = in_length;
    for (;;) {
      // 2. This CTA's arcs listed, its counts published to the cluster; the cluster barrier also
      //    ends every CTA's claims of this level. A cluster of one CTA needs neither.
      const std::int32_t level = args_.level + levels;
      const unsigned int size = storage_.size[current];
      const unsigned long long arcs = list_arcs(size, levels & 1);
      unsigned int total_size = size;
      unsigned long long total_arcs = arcs;
      unsigned long long largest_arcs = arcs;
      unsigned int size_before = 0;
      if (ctas > 1) {
        const int parity = levels & 1;
        if (threadIdx.x == 0) {
          storage_.published_size[parity] = size;
          storage_.published_arcs[parity] = arcs;
        }
        cluster.sync();
        gather_totals(cluster, ctas, rank, parity);
        total_size = storage_.total_size;
        total_arcs = storage_.total_arcs;
        largest_arcs = storage_.largest_arcs;
        size_before = storage_.size_before;
      }
      BfsCounters* counters = level_counters + levels;
      ++levels;

      // 3. Where the launch stops (the same decision in every thread of every CTA: all read the
      //    same counts).
      const int outcome =
          total_size > 0 && total_arcs > 0 && (largest_arcs >= CAPACITY || levels == max_levels)
              ? kClusterLevelsVertexQueue
              : kClusterLevelsDone;
      if (leader) {
        BfsCounters counted{};
        counted.new_vertices = total_size;
        counted.new_degree_sum = total_arcs;
        counted.culling_survivors = survivors;
        counted.edge_queue_length = outcome == kClusterLevelsDone ? total_arcs : 0;
        *counters = counted;
      }
      if (outcome == kClusterLevelsVertexQueue) {
        for (unsigned int i = threadIdx.x; i < size; i += BLOCK_THREADS) {
          vertex_queue[size_before + i] = storage_.frontier[current][i];
        }
      }
      if (outcome != kClusterLevelsDone || total_size == 0 || total_arcs == 0) {
        if (leader) finish(level, total_size, total_arcs, survivors, outcome, ring);
        if (shared_visited_ != nullptr) copy_words(args_.visited, shared_visited_);
        // No CTA leaves while another may still read its published counts; the barrier also
        // orders every CTA's labels before the post reads the target's depth.
        if (ctas > 1) cluster.sync();
        if (rank == 0) {
          __syncthreads();
          post_launch(args_.post, args_.depth, level_counters, levels, outcome);
        }
        return;
      }

      // 4. Level L + 1: every arc of this CTA's frontier, spread evenly over its threads.
      const int next = 1 - current;
      claim_all(arcs, level + 1, next, [&](unsigned long long i, VertexT& v, VertexT& parent) {
        v = args_.forward.targets[storage_.arc[i]];
        parent = storage_.frontier[current][storage_.arc_owner[i]];
      });
      survivors = total_arcs;
      if (threadIdx.x == 0) {
        storage_.size[current] = 0;
        storage_.arc_count[levels & 1] = 0;
      }
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
    // Candidates (a launch's first queue, or a level's listed arcs, fewer than CAPACITY) are
    // counted in 32 bits here.
    static_assert(cluster_levels_start_items(kClusterLevelsMaxCtas) < (1ull << 32),
                  "a launch's first queue fits 32-bit indices");
    const unsigned int lane = threadIdx.x % kWarpThreads;
    for (unsigned int base = 0; base < count; base += CAPACITY) {
      // Rounds of BLOCK_THREADS candidates this pass holds (the same in every thread): the
      // rounds past them are skipped whole.
      const unsigned int filled =
          (static_cast<unsigned int>(count) - base + BLOCK_THREADS - 1) / BLOCK_THREADS;
      const int rounds = filled < kItemsPerThread ? static_cast<int>(filled) : kItemsPerThread;
      VertexT v[kItemsPerThread];
      VertexT parent[kItemsPerThread];
      BitmapWord old[kItemsPerThread];
      ArcT begin[kItemsPerThread];
      ArcT end[kItemsPerThread];
#pragma unroll
      for (int k = 0; k < kItemsPerThread; ++k) {
        if (k >= rounds) break;
        const unsigned int i = base + k * BLOCK_THREADS + threadIdx.x;
        v[k] = VertexT{0};
        parent[k] = VertexT{0};
        if (i < count) fetch(i, v[k], parent[k]);
      }
      // The row range is read beside a claim in memory, not after it: one round trip less per
      // level (a candidate that loses its claim wasted two loads). A claim in shared memory
      // returns at once: only its winners read theirs.
      const bool rows_beside_claims = shared_visited_ == nullptr;
#pragma unroll
      for (int k = 0; k < kItemsPerThread; ++k) {
        if (k >= rounds) break;
        const unsigned int i = base + k * BLOCK_THREADS + threadIdx.x;
        const bool valid = i < count;
        old[k] = valid ? claim(v[k]) : bitmap_bit(v[k]);
        const bool read = rows_beside_claims && valid;
        begin[k] = read ? static_cast<ArcT>(args_.forward.offsets[v[k]]) : ArcT{0};
        end[k] = read ? static_cast<ArcT>(args_.forward.offsets[v[k] + 1]) : ArcT{0};
      }
      if (!rows_beside_claims) {
#pragma unroll
        for (int k = 0; k < kItemsPerThread; ++k) {
          if (k >= rounds) break;
          if ((old[k] & bitmap_bit(v[k])) == 0) {
            begin[k] = static_cast<ArcT>(args_.forward.offsets[v[k]]);
            end[k] = static_cast<ArcT>(args_.forward.offsets[v[k] + 1]);
          }
        }
      }
#pragma unroll
      for (int k = 0; k < kItemsPerThread; ++k) {
        if (k >= rounds) break;
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
        if (claimed) {
          storage_.frontier[which][slot] = v[k];
          storage_.row_begin[slot] = begin[k];
          storage_.row_end[slot] = end[k];
        }
      }
    }
  }

  /// Sets v's bit in the visited mask (shared or in memory); returns the word as it was.
  __device__ __forceinline__ BitmapWord claim(VertexT v) const {
    if (shared_visited_ != nullptr) {
      return atomicOr(&shared_visited_[bitmap_word_index(v)], bitmap_bit(v));
    }
    return atomicOr(&args_.visited[bitmap_word_index(v)], bitmap_bit(v));
  }

  /// Copies the visited mask's words (bitmap_words(num_vertices)) from `from` to `to`, one
  /// memory and one shared, by the whole block, kItemsPerThread words a thread in flight at
  /// once; synchronizes the block first.
  __device__ __forceinline__ void copy_words(BitmapWord* to, const BitmapWord* from) const {
    __syncthreads();
    const unsigned long long words = bitmap_words(args_.num_vertices);
    for (unsigned long long base = threadIdx.x; base < words; base += CAPACITY) {
      BitmapWord word[kItemsPerThread];
#pragma unroll
      for (int k = 0; k < kItemsPerThread; ++k) {
        const unsigned long long w = base + k * BLOCK_THREADS;
        word[k] = w < words ? from[w] : BitmapWord{0};
      }
#pragma unroll
      for (int k = 0; k < kItemsPerThread; ++k) {
        const unsigned long long w = base + k * BLOCK_THREADS;
        if (w < words) to[w] = word[k];
      }
    }
  }

  /// Lists the arcs of the frontier's first `size` items (arc, arc_owner), each item's at a place
  /// reserved with one shared atomic per warp, and returns their number. A CTA with CAPACITY arcs
  /// or more lists none: its level is handed over, never expanded here. A list longer than a
  /// warp is copied by the whole warp, 32 arcs a step, so a hub's thousands of arcs are not one
  /// thread's chain of shared-memory round trips. Ends with the block synchronized.
  __device__ __forceinline__ unsigned long long list_arcs(unsigned int size, int parity) {
    const unsigned int lane = threadIdx.x % kWarpThreads;
    // Rounds of BLOCK_THREADS items the frontier fills (the same in every thread).
    const int rounds = static_cast<int>((size + BLOCK_THREADS - 1) / BLOCK_THREADS);
    ArcT begin[kItemsPerThread];
    ArcT end[kItemsPerThread];
    ArcCount mine = 0;
#pragma unroll
    for (int k = 0; k < kItemsPerThread; ++k) {
      begin[k] = ArcT{0};
      end[k] = ArcT{0};
      if (k >= rounds) break;
      const unsigned int item = threadIdx.x + k * BLOCK_THREADS;
      begin[k] = item < size ? storage_.row_begin[item] : ArcT{0};
      end[k] = item < size ? storage_.row_end[item] : ArcT{0};
      mine += static_cast<ArcCount>(end[k] - begin[k]);
    }
    // Inclusive scan of the warp's counts, then one reservation for the warp.
    ArcCount inclusive = mine;
    for (int offset = 1; offset < kWarpThreads; offset *= 2) {
      const ArcCount below = __shfl_up_sync(0xffffffffu, inclusive, offset);
      if (static_cast<int>(lane) >= offset) inclusive += below;
    }
    unsigned long long base = 0;
    if (lane == kWarpThreads - 1 && inclusive > 0)
      base = atomicAdd(&storage_.arc_count[parity], static_cast<unsigned long long>(inclusive));
    base = __shfl_sync(0xffffffffu, base, kWarpThreads - 1);
    ArcCount place = static_cast<ArcCount>(base) + inclusive - mine;
    __syncthreads();
    const unsigned long long total = storage_.arc_count[parity];
    if (total < CAPACITY) {
#pragma unroll
      for (int k = 0; k < kItemsPerThread; ++k) {
        if (k >= rounds) break;
        const unsigned int item = threadIdx.x + k * BLOCK_THREADS;
        const bool wide = end[k] - begin[k] > ArcT{kWarpThreads};
        if (!wide) {
          for (ArcT arc = begin[k]; arc < end[k]; ++arc, ++place) {
            storage_.arc[place] = arc;
            storage_.arc_owner[place] = static_cast<unsigned short>(item);
          }
        }
        for (unsigned int lanes = __ballot_sync(0xffffffffu, wide); lanes != 0;
             lanes &= lanes - 1) {
          const int source = __ffs(lanes) - 1;
          const ArcT first = __shfl_sync(0xffffffffu, begin[k], source);
          const ArcT last = __shfl_sync(0xffffffffu, end[k], source);
          const ArcCount at = __shfl_sync(0xffffffffu, place, source);
          const unsigned int owner = __shfl_sync(0xffffffffu, item, source);
          for (ArcT arc = first + static_cast<ArcT>(lane); arc < last; arc += kWarpThreads) {
            storage_.arc[at + static_cast<ArcCount>(arc - first)] = arc;
            storage_.arc_owner[at + static_cast<ArcCount>(arc - first)] =
                static_cast<unsigned short>(owner);
          }
        }
        if (wide) place += static_cast<ArcCount>(end[k] - begin[k]);
      }
    }
    __syncthreads();
    return total;
  }

  /// The first warp reads every CTA's published counts of the level (lane r from CTA r) and
  /// leaves the cluster's totals, the largest CTA share of arcs and this CTA's place in the
  /// vertex queue in shared memory. Ends with the block synchronized.
  __device__ __forceinline__ void gather_totals(cooperative_groups::cluster_group& cluster,
                                                unsigned int ctas, unsigned int rank, int parity) {
    if (threadIdx.x < kWarpThreads) {
      const unsigned int lane = threadIdx.x;
      unsigned int size = 0;
      unsigned long long arcs = 0;
      if (lane < ctas) {
        size = *cluster.map_shared_rank(&storage_.published_size[parity], lane);
        arcs = *cluster.map_shared_rank(&storage_.published_arcs[parity], lane);
      }
      unsigned int total_size = size;
      unsigned long long total_arcs = arcs;
      unsigned long long largest = arcs;
      unsigned int before = lane < rank ? size : 0;
      for (int offset = kWarpThreads / 2; offset > 0; offset /= 2) {
        total_size += __shfl_xor_sync(0xffffffffu, total_size, offset);
        total_arcs += __shfl_xor_sync(0xffffffffu, total_arcs, offset);
        const unsigned long long other = __shfl_xor_sync(0xffffffffu, largest, offset);
        largest = other > largest ? other : largest;
        before += __shfl_xor_sync(0xffffffffu, before, offset);
      }
      if (lane == 0) {
        storage_.total_size = total_size;
        storage_.total_arcs = total_arcs;
        storage_.largest_arcs = largest;
        storage_.size_before = before;
      }
    }
    __syncthreads();
  }

  /// Hands the search back (the cluster's first thread): the counter ring as the host loop reads
  /// it next. A frontier left in the vertex queue is
  /// counted in the last level's slot as a contraction kernel counts it (the wide expansion adds
  /// its edge queue there); otherwise that slot is empty. The slot after it is zeroed for the next
  /// kernel.
  __device__ __forceinline__ void finish(std::int32_t last_level, unsigned int size,
                                         unsigned long long arcs, unsigned long long survivors,
                                         int outcome, BfsCounters* ring) {
    BfsCounters last{};
    if (outcome == kClusterLevelsVertexQueue) {
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
  BitmapWord* const shared_visited_;
};

}  // namespace frontier::cuda
