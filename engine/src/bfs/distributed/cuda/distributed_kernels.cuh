/// @file bfs/distributed/cuda/distributed_kernels.cuh
/// @brief The kernels of one rank's level in the distributed BFS on a GPU (Merrill, thesis
/// ch. 6.6), small and self-contained:
///  - frontier_degrees_kernel + a CUB exclusive scan (frontier_scan_block_kernel, one block, for
///    a small frontier): the frontier's arc offsets, so that the expansion is balanced by arcs,
///    not by vertices (Kronecker hubs do not stall a thread);
///  - expand_bin_kernel: one thread per frontier arc finds its vertex by binary search over the
///    scan, filters the neighbour (own labelled vertices; the sent bitmask, claimed by atomicOr
///    so each vertex leaves the rank at most once per search) and appends it to its owner's bin
///    with one atomicAdd per (warp, owner) (__match_any_sync); expand_small_kernel does the same
///    for a frontier of at most kSmallExpandFrontier vertices, each block scanning its degrees
///    into shared memory first (no scan launch);
///  - contract_kernel: one thread per received item claims the vertex by atomicOr on its bit in
///    the rank's visited bitmap, writes its depth and parent and queues it with one atomicAdd per
///    warp (contract_in_place_kernel: the same over the bins that stayed at their senders, read
///    through the peers' addresses, peer transport); one thread of either sets the level's other
///    counters (finish_level_counters); under the peer transport, the level's barriers run in
///    the last block of the expansion and of the contraction (BarrierAtEnd);
///  - globalize_bitmap_kernel: the frontier's bitmap parts (one per rank, gathered_bitmap.hpp;
///    parts of the all-gathered buffer, or the peers' own parts read in place) rewritten in
///    global vertex order, so that a bottom-up level tests a neighbour w by bit w, exactly as
///    the single-GPU engine does (globalize_striped_kernel: the same for a striped layout over a
///    power-of-two rank count, one word at a time); the bottom-up level itself is the engine's
///    BottomUpAgent (bfs/cuda/bfs_bottom_up.cuh) run over the rank's local vertices. Reading the
///    parts where they arrived through the layout's owner and local arithmetic cost the agent
///    registers and much of its speed; the peer transport's gathered_bottom_up.cuh reads a
///    gathered bitmap in place with a mask, a multiply and a shift (no more registers, and no
///    globalize pass: about as fast as the pass and the agent together);
///  - start_kernel (a search's bitmaps cleared, the source labelled) and bottom_up_end_kernel
///    (a bottom-up level's counters; peer transport: the next-but-one gathered bitmap's other
///    parts cleared).
/// Invariants: a bin for rank d never holds more than local_count(d) items (the bitmask), so bin
/// d starts at rank_offset(d) in a send buffer of num_vertices items; a vertex is labelled by
/// exactly one successful atomicOr of its visited bit (top-down) or by the one warp that owns its
/// bitmap word (bottom-up); the visited bitmap has a vertex's bit set exactly when the vertex was
/// labelled in this search, and only those vertices' depths and parents are of this search (the
/// arrays are not reset between searches; gather() masks the rest).
#pragma once

#include <cuda_runtime.h>

#include <cstdint>
#include <cub/block/block_scan.cuh>

#include "bfs/distributed/gathered_bitmap.hpp"
#include "bfs/distributed/rank_search.hpp"
#include "bfs/distributed/transport/peer_barrier.cuh"
#include "bfs/distributed/transport/peer_view.hpp"
#include "cuda/word_range.cuh"
#include "frontier/distribution/vertex_distribution.hpp"

namespace frontier::distributed {

/// Threads per block of every kernel here (a multiple of the warp size; 256 keeps eight warps
/// per block, enough to hide the latency of the random reads at full occupancy).
inline constexpr int kDistributedThreadsPerBlock = 256;
/// Resident blocks per SM the grid-stride kernels are launched with.
inline constexpr int kDistributedBlocksPerSm = 8;
inline constexpr int kWarpSize = 32;

/// Threads of frontier_scan_block_kernel's one block, the items each thread scans per tile, and
/// the largest frontier it scans: a few tiles take one launch, where frontier_degrees_kernel and
/// a device-wide scan take three and the scan's host dispatch.
inline constexpr int kBlockScanThreads = 1024;
inline constexpr int kBlockScanItems = 4;
inline constexpr std::int64_t kBlockScanFrontier = 2 * kBlockScanThreads * kBlockScanItems;

/// The words a level's counting starts from (the send counts and level counters), zeroed by the
/// kernel that computes the arc offsets: the expansion that counts into them runs after it, and
/// a separate memset would be one more launch a level.
using LevelWordsToZero = cuda::WordRange<std::int64_t>;

/// The frontier's arc offsets by the kThreads threads of one block: each thread sums the degrees
/// of kBlockScanItems consecutive vertices, the block scans the sums, tile after tile with a
/// running total; scan[count] becomes the arc total. `scan` may lie in shared memory.
template <int kThreads, typename VertexT, typename EdgeT>
__device__ void scan_frontier_degrees(const VertexT* frontier, std::int64_t count,
                                      const EdgeT* offsets, EdgeT* scan,
                                      typename cub::BlockScan<EdgeT, kThreads>::TempStorage& temp) {
  constexpr std::int64_t kTile = std::int64_t{kThreads} * kBlockScanItems;
  EdgeT running = 0;
  // Up to and including index count, whose degree is 0 and whose offset is the total.
  for (std::int64_t tile = 0; tile <= count; tile += kTile) {
    const std::int64_t first = tile + static_cast<std::int64_t>(threadIdx.x) * kBlockScanItems;
    EdgeT degree[kBlockScanItems];
    EdgeT sum = 0;
#pragma unroll
    for (int k = 0; k < kBlockScanItems; ++k) {
      degree[k] = 0;
      if (first + k < count) {
        const VertexT local = frontier[first + k];
        degree[k] = offsets[local + 1] - offsets[local];
      }
      sum += degree[k];
    }
    EdgeT before = 0;
    EdgeT tile_total = 0;
    cub::BlockScan<EdgeT, kThreads>(temp).ExclusiveSum(sum, before, tile_total);
    before += running;
#pragma unroll
    for (int k = 0; k < kBlockScanItems; ++k) {
      if (first + k <= count) scan[first + k] = before;
      before += degree[k];
    }
    running += tile_total;
    __syncthreads();  // temp is reused by the next tile, scan read by every thread after
  }
}

/// The frontier's arc offsets by one block (scan_frontier_degrees), the level words zeroed first.
template <typename VertexT, typename EdgeT>
__global__ void __launch_bounds__(kBlockScanThreads)
    frontier_scan_block_kernel(const VertexT* frontier, std::int64_t count, const EdgeT* offsets,
                               EdgeT* scan, LevelWordsToZero zero) {
  __shared__ typename cub::BlockScan<EdgeT, kBlockScanThreads>::TempStorage temp;
  cuda::zero_words(zero, threadIdx.x, kBlockScanThreads);
  scan_frontier_degrees<kBlockScanThreads>(frontier, count, offsets, scan, temp);
}

template <typename VertexT, typename EdgeT>
__global__ void frontier_degrees_kernel(const VertexT* frontier, std::int64_t count,
                                        const EdgeT* offsets, EdgeT* degrees,
                                        LevelWordsToZero zero) {
  const std::int64_t i = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  cuda::zero_words(zero, static_cast<std::uint64_t>(i),
                   static_cast<std::uint64_t>(gridDim.x) * blockDim.x);
  if (i < count) {
    const VertexT local = frontier[i];
    degrees[i] = offsets[local + 1] - offsets[local];
  } else if (i == count) {
    degrees[i] = 0;  // the scan's last entry becomes the total
  }
}

template <typename VertexT, typename EdgeT, typename TargetT>
struct ExpandArgs {
  const VertexT* frontier;
  std::int64_t count;
  /// Exclusive scan of the frontier's degrees; scan[count] is the arc total.
  const EdgeT* scan;
  const EdgeT* offsets;
  /// Global ids in the slice's words (GpuRankTarget).
  const TargetT* targets;
  VertexDistribution<VertexT> distribution;
  int rank;
  /// The rank's visited bitmap (local ids): the authority on which own vertices are labelled.
  const std::uint32_t* visited;
  std::uint32_t* sent;
  VertexT* send;
  unsigned long long* send_counts;
  int words;
};

/// Every arc of the frontier, one per thread (grid-stride, warp-uniform bounds): `scan` holds
/// the frontier's arc offsets (global or shared memory), `total` the arcs.
template <typename VertexT, typename EdgeT, typename TargetT>
__device__ void expand_and_bin(const ExpandArgs<VertexT, EdgeT, TargetT>& a, const EdgeT* scan,
                               EdgeT total) {
  const int lane = static_cast<int>(threadIdx.x) % kWarpSize;
  const EdgeT stride = static_cast<EdgeT>(gridDim.x) * blockDim.x;
  // Warp-uniform loop bounds, so every lane reaches the warp-wide intrinsics below.
  for (EdgeT warp_first = static_cast<EdgeT>(blockIdx.x) * blockDim.x + threadIdx.x - lane;
       warp_first < total; warp_first += stride) {
    const EdgeT e = warp_first + lane;
    bool keep = false;
    VertexT w = 0;
    VertexT u = 0;
    int owner = -1;
    if (e < total) {
      // 1. The frontier vertex owning arc e: the last i with scan[i] <= e.
      std::int64_t lo = 0;
      std::int64_t hi = a.count - 1;
      while (lo < hi) {
        const std::int64_t mid = (lo + hi + 1) / 2;
        if (scan[mid] <= e) {
          lo = mid;
        } else {
          hi = mid - 1;
        }
      }
      const VertexT local = a.frontier[lo];
      w = static_cast<VertexT>(a.targets[a.offsets[local] + (e - scan[lo])]);
      u = a.distribution.global(a.rank, local);
      owner = a.distribution.owner(w);
      // 2. Filter: an own vertex already labelled stays; otherwise the first claim of w's bit
      // in the sent bitmask lets it through (a plain read first spares most atomics).
      if (owner == a.rank) {
        const auto own = static_cast<std::uint64_t>(a.distribution.local(w));
        keep = (a.visited[own / 32] >> (own % 32) & 1u) == 0;
      } else {
        keep = true;
      }
      if (keep) {
        const auto index = static_cast<std::uint64_t>(w);
        std::uint32_t* word = a.sent + index / 32;
        const std::uint32_t bit = 1u << (index % 32);
        keep = (*word & bit) == 0 && (atomicOr(word, bit) & bit) == 0;
      }
    }
    // 3. Bin by owner: lanes with the same owner share one atomicAdd.
    const unsigned peers = __match_any_sync(0xffffffffu, keep ? owner : -1);
    if (keep) {
      const int leader = __ffs(peers) - 1;
      unsigned long long base = 0;
      if (lane == leader) {
        base = atomicAdd(a.send_counts + owner, static_cast<unsigned long long>(__popc(peers)));
      }
      base = __shfl_sync(peers, base, leader);
      const auto at = static_cast<std::int64_t>(a.distribution.rank_offset(owner)) +
                      static_cast<std::int64_t>(base) + __popc(peers & ((1u << lane) - 1));
      a.send[at * a.words] = w;
      if (a.words == 2) a.send[at * 2 + 1] = u;
    }
  }
}

template <typename VertexT, typename EdgeT, typename TargetT>
__global__ void expand_bin_kernel(ExpandArgs<VertexT, EdgeT, TargetT> a, BarrierAtEnd end) {
  expand_and_bin(a, a.scan, a.scan[a.count]);
  run_barrier_at_end(end);
}

/// The largest frontier expand_small_kernel takes: its offsets fit one tile of its block.
inline constexpr std::int64_t kSmallExpandFrontier =
    std::int64_t{kDistributedThreadsPerBlock} * kBlockScanItems - 1;

/// A small frontier's level in one launch: every block scans the frontier's degrees into its
/// shared memory (block 0 also stores the total at scan_total, which the contraction reads),
/// then expands its share of the arcs as expand_bin_kernel does. For frontiers of at most
/// kSmallExpandFrontier vertices, whose level words are already zero.
template <typename VertexT, typename EdgeT, typename TargetT>
__global__ void expand_small_kernel(ExpandArgs<VertexT, EdgeT, TargetT> a, EdgeT* scan_total,
                                    BarrierAtEnd end) {
  __shared__ typename cub::BlockScan<EdgeT, kDistributedThreadsPerBlock>::TempStorage temp;
  __shared__ EdgeT scan[kSmallExpandFrontier + 1];
  scan_frontier_degrees<kDistributedThreadsPerBlock>(a.frontier, a.count, a.offsets, scan, temp);
  if (blockIdx.x == 0 && threadIdx.x == 0) *scan_total = scan[a.count];
  expand_and_bin(a, static_cast<const EdgeT*>(scan), scan[a.count]);
  run_barrier_at_end(end);
}

/// Where received vertices are labelled and queued (the rank's own arrays).
template <typename VertexT, typename EdgeT>
struct ContractTarget {
  const EdgeT* offsets;
  int words;
  VertexDistribution<VertexT> distribution;
  std::int32_t* depth;
  VertexT* parent;
  /// The rank's visited bitmap (local ids): a vertex is labelled in this search exactly when its
  /// bit is set (depth and parent are not reset between searches).
  std::uint32_t* visited;
  VertexT* next;
  /// The rank's level counters (kNextFrontier and kFrontierArcs accumulate here; the others are
  /// set by finish_level_counters).
  std::int64_t* counters;
  std::int32_t level;
  /// What the level's other counters come from: the expansion's arc total (null: the rank's
  /// frontier was empty) and the rank's send counts (ranks entries); this rank's id.
  const EdgeT* scan_total;
  const std::int64_t* send_counts;
  int rank;
};

/// The counters contract_item does not accumulate: arcs examined and items binned, from what the
/// expansion left (final before the contraction starts), by one thread of the contraction.
template <typename VertexT, typename EdgeT>
__device__ void finish_level_counters(const ContractTarget<VertexT, EdgeT>& t) {
  if (blockIdx.x != 0 || threadIdx.x != 0) return;
  std::int64_t binned = 0;
  for (int d = 0; d < t.distribution.ranks; ++d) binned += t.send_counts[d];
  t.counters[kEdgesExamined] =
      t.scan_total == nullptr ? 0 : static_cast<std::int64_t>(*t.scan_total);
  t.counters[kItemsBinned] = binned;
  t.counters[kItemsSentAway] = binned - t.send_counts[t.rank];
}

template <typename VertexT, typename EdgeT>
struct ContractArgs {
  const VertexT* recv;
  /// Item slots to look at: the items received (packed), or ranks * stride (fixed-size blocks).
  std::int64_t count;
  /// 0: packed; else sender s's items fill the first recv_counts[s] of slots [s * stride, ...).
  std::int64_t stride;
  const std::int64_t* recv_counts;
  ContractTarget<VertexT, EdgeT> target;
};

/// Sum of `value` over the warp, in every lane.
__device__ inline long long warp_sum(long long value) {
  for (int offset = kWarpSize / 2; offset > 0; offset /= 2) {
    value += __shfl_xor_sync(0xffffffffu, value, offset);
  }
  return value;
}

/// Appends `local` for every lane with `take` set, one atomicAdd per warp on counters[kNext-
/// Frontier], and adds the lanes' `arcs` into counters[kFrontierArcs]. Call from every lane.
template <typename VertexT>
__device__ void enqueue_warp(bool take, VertexT local, long long arcs, VertexT* next,
                             std::int64_t* counters) {
  const int lane = static_cast<int>(threadIdx.x) % kWarpSize;
  const unsigned ballot = __ballot_sync(0xffffffffu, take);
  if (ballot == 0) return;
  const long long total_arcs = warp_sum(take ? arcs : 0);
  const int leader = __ffs(ballot) - 1;
  unsigned long long base = 0;
  if (lane == leader) {
    auto* slots = reinterpret_cast<unsigned long long*>(counters);
    base = atomicAdd(slots + kNextFrontier, static_cast<unsigned long long>(__popc(ballot)));
    atomicAdd(slots + kFrontierArcs, static_cast<unsigned long long>(total_arcs));
  }
  base = __shfl_sync(0xffffffffu, base, leader);
  if (take) next[base + __popc(ballot & ((1u << lane) - 1))] = local;
}

/// One received item per lane (`item`: its vertex, then its parent; not read unless `present`):
/// 1. claim by the visited bit: exactly one thread wins an unvisited vertex, whoever sent it (a
///    plain read first spares most atomics), and the winner writes its labels; 2. queue the
///    winners, one atomicAdd per warp. Call from every lane.
template <typename VertexT, typename EdgeT>
__device__ void contract_item(const ContractTarget<VertexT, EdgeT>& t, bool present,
                              const VertexT* item) {
  bool claimed = false;
  VertexT local = 0;
  if (present) {
    local = t.distribution.local(item[0]);
    const auto index = static_cast<std::uint64_t>(local);
    std::uint32_t* word = t.visited + index / 32;
    const std::uint32_t bit = 1u << (index % 32);
    claimed = (*word & bit) == 0 && (atomicOr(word, bit) & bit) == 0;
    if (claimed) {
      t.depth[local] = t.level + 1;
      if (t.words == 2) t.parent[local] = item[1];
    }
  }
  const long long arcs =
      claimed ? static_cast<long long>(t.offsets[local + 1] - t.offsets[local]) : 0;
  enqueue_warp(claimed, local, arcs, t.next, t.counters);
}

template <typename VertexT, typename EdgeT>
__global__ void contract_kernel(ContractArgs<VertexT, EdgeT> a, BarrierAtEnd end) {
  finish_level_counters(a.target);
  const int lane = static_cast<int>(threadIdx.x) % kWarpSize;
  const std::int64_t stride = static_cast<std::int64_t>(gridDim.x) * blockDim.x;
  for (std::int64_t warp_first =
           static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x - lane;
       warp_first < a.count; warp_first += stride) {
    const std::int64_t i = warp_first + lane;
    bool item = i < a.count;
    if (item && a.stride > 0) {
      const std::int64_t sender = i / a.stride;
      item = i - sender * a.stride < a.recv_counts[sender];
    }
    contract_item(a.target, item, a.recv + (item ? i * a.target.words : 0));
  }
  run_barrier_at_end(end);
}

/// The rank whose items start at or before item i: the last r with first[r] <= i (first: running
/// sums of the ranks' counts, first[0] = 0 <= i < first[ranks]).
__device__ inline int rank_of_item(const std::int64_t* first, int ranks, std::int64_t i) {
  int lo = 0;
  int hi = ranks - 1;
  while (lo < hi) {
    const int mid = (lo + hi + 1) / 2;
    if (first[mid] <= i) {
      lo = mid;
    } else {
      hi = mid - 1;
    }
  }
  return lo;
}

/// Every item of the ranks' bins for `rank`, read in place at the senders: block by block, the
/// senders' counts into shared memory (as running sums), then one item per lane.
template <typename VertexT, typename EdgeT>
__global__ void contract_in_place_kernel(const PeerView<VertexT>* peers, int rank,
                                         ContractTarget<VertexT, EdgeT> target, BarrierAtEnd end) {
  __shared__ std::int64_t first[kMaxPeerRanks + 1];
  __shared__ const VertexT* bin[kMaxPeerRanks];
  finish_level_counters(target);
  const int ranks = target.distribution.ranks;
  // 1. Each sender's count for this rank (read by one thread a sender, so that the reads of
  //    peer memory overlap) and where its bin starts; then each sender's first item among all.
  const int t = static_cast<int>(threadIdx.x);
  if (t < ranks) {
    const auto offset = static_cast<std::int64_t>(target.distribution.rank_offset(rank));
    first[t + 1] = peers[t].send_counts[rank];
    bin[t] = peers[t].send + offset * target.words;
  }
  __syncthreads();
  if (t == 0) {
    first[0] = 0;
    for (int s = 0; s < ranks; ++s) first[s + 1] += first[s];
  }
  __syncthreads();
  // 2. The items, one per lane (warp-uniform bounds, for the warp-wide queueing).
  const std::int64_t total = first[ranks];
  const int lane = static_cast<int>(threadIdx.x) % kWarpSize;
  const std::int64_t stride = static_cast<std::int64_t>(gridDim.x) * blockDim.x;
  for (std::int64_t warp_first =
           static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x - lane;
       warp_first < total; warp_first += stride) {
    const std::int64_t i = warp_first + lane;
    const bool item = i < total;
    const int s = item ? rank_of_item(first, ranks, i) : 0;
    contract_item(target, item, bin[s] + (item ? (i - first[s]) * target.words : 0));
  }
  run_barrier_at_end(end);
}

/// One load of every `stride` bytes of each region (peer memory), folded into *sink so that none
/// is left out.
template <typename Region>
__global__ void touch_regions_kernel(const Region* regions, int count, std::size_t stride,
                                     unsigned long long* sink) {
  unsigned long long folded = 0;
  for (int r = 0; r < count; ++r) {
    const std::size_t loads = (regions[r].bytes + stride - 1) / stride;
    for (std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < loads;
         i += static_cast<std::size_t>(gridDim.x) * blockDim.x) {
      folded += *reinterpret_cast<const volatile unsigned char*>(regions[r].data + i * stride);
    }
  }
  if (folded == ~0ULL) *sink = folded;
}

/// Sets the bits of the frontier's local ids in the rank's own part of the gathered bitmap.
template <typename VertexT>
__global__ void frontier_bitmap_kernel(const VertexT* frontier, std::int64_t count,
                                       std::uint32_t* own_part) {
  const std::int64_t i = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < count) {
    const auto local = static_cast<std::uint64_t>(frontier[i]);
    atomicOr(own_part + local / 32, 1u << (local % 32));
  }
}

/// A kQueue frontier part (rank_search.hpp): the frontier's size, then its local ids.
template <typename VertexT>
__global__ void frontier_queue_part_kernel(const VertexT* frontier, std::int64_t count,
                                           unsigned char* part) {
  const std::int64_t i = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i == 0) *reinterpret_cast<std::int64_t*>(part) = count;
  if (i < count) reinterpret_cast<VertexT*>(part + sizeof(std::int64_t))[i] = frontier[i];
}

/// Sets the global id of every vertex of every rank's kQueue part (parts[r]: rank r's frontier
/// size, then its local ids) in `global` (zeroed before): block by block, the sizes into shared
/// memory as running sums (ranks + 1 of them: the launch's dynamic shared memory), then one id
/// per thread.
template <typename VertexT>
__global__ void queue_parts_to_global_kernel(FrontierPartsAt parts,
                                             VertexDistribution<VertexT> distribution,
                                             std::uint32_t* global) {
  extern __shared__ std::int64_t first_of_rank[];
  const int ranks = distribution.ranks;
  // The sizes read by one thread a rank (the reads of peer memory overlap), then summed.
  for (int r = static_cast<int>(threadIdx.x); r < ranks; r += static_cast<int>(blockDim.x)) {
    first_of_rank[r + 1] = *static_cast<const std::int64_t*>(parts(r));
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    first_of_rank[0] = 0;
    for (int r = 0; r < ranks; ++r) first_of_rank[r + 1] += first_of_rank[r];
  }
  __syncthreads();
  const std::int64_t total = first_of_rank[ranks];
  const std::int64_t stride = static_cast<std::int64_t>(gridDim.x) * blockDim.x;
  for (std::int64_t i = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < total;
       i += stride) {
    const int rank = rank_of_item(first_of_rank, ranks, i);
    const auto* ids = reinterpret_cast<const VertexT*>(
        static_cast<const unsigned char*>(parts(rank)) + sizeof(std::int64_t));
    const auto w =
        static_cast<std::uint64_t>(distribution.global(rank, ids[i - first_of_rank[rank]]));
    atomicOr(global + w / 32, 1u << (w % 32));
  }
}

template <typename VertexT>
struct GlobalizeArgs {
  /// The layout (the owner and local id of each vertex).
  GatheredBitmapBits<VertexT> bits;
  /// Every rank's bitmap part (local ids).
  FrontierPartsAt parts;
  /// (num_vertices + 31) / 32 words, bit w set exactly when w is in the gathered frontier.
  std::uint32_t* global;
};

/// One vertex per lane, one word of `global` per warp (the ballot), every word written.
template <typename VertexT>
__global__ void globalize_bitmap_kernel(GlobalizeArgs<VertexT> a) {
  const auto n = static_cast<std::uint64_t>(a.bits.distribution.num_vertices);
  const std::uint64_t bits = (n + 31) / 32 * 32;
  const std::uint64_t stride = static_cast<std::uint64_t>(gridDim.x) * blockDim.x;
  // Warp-uniform bounds (bits and stride are multiples of 32), so every lane reaches the ballot.
  for (std::uint64_t v = static_cast<std::uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
       v < bits; v += stride) {
    // 1. Vertex v's bit in the gathered bitmap.
    const bool set =
        v < n &&
        a.bits.test_parts([&](int r) { return static_cast<const std::uint32_t*>(a.parts(r)); },
                          static_cast<VertexT>(v));
    // 2. The warp's 32 bits are one word of the global bitmap.
    const unsigned word = __ballot_sync(0xffffffffu, set);
    if (threadIdx.x % kWarpSize == 0) a.global[v / 32] = word;
  }
}

/// The striped layout over 2^SHIFT <= 32 ranks: one thread per global word
/// (striped_global_word), every word written (bits past the last vertex are never read).
template <int SHIFT>
__global__ void globalize_striped_kernel(FrontierPartsAt parts, std::uint64_t global_words,
                                         std::uint32_t* global) {
  __shared__ const std::uint32_t* part[1 << SHIFT];
  if (threadIdx.x < (1u << SHIFT)) {
    part[threadIdx.x] = static_cast<const std::uint32_t*>(parts(static_cast<int>(threadIdx.x)));
  }
  __syncthreads();
  const auto part_word = [&](int r, std::uint64_t i) { return part[r][i]; };
  const std::uint64_t stride = static_cast<std::uint64_t>(gridDim.x) * blockDim.x;
  for (std::uint64_t w = static_cast<std::uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
       w < global_words; w += stride) {
    global[w] = striped_global_word<SHIFT>(part_word, w);
  }
}

/// The end of a bottom-up level: the level counters from the engine agent's counter slot
/// (cuda::BfsCounters; null: zeros) by one thread, `before` and `after` (the other ranks' parts
/// of a gathered bitmap, before and after the rank's own) zeroed by the grid, and the barrier
/// `end` in the last block: one launch, not a memset of each range and a counter kernel.
template <typename CounterSlot>
__global__ void bottom_up_end_kernel(const CounterSlot* slot, std::int64_t* counters,
                                     cuda::WordRange<std::uint32_t> before,
                                     cuda::WordRange<std::uint32_t> after, BarrierAtEnd end) {
  const std::uint64_t first = static_cast<std::uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  const std::uint64_t stride = static_cast<std::uint64_t>(gridDim.x) * blockDim.x;
  cuda::zero_words(before, first, stride);
  cuda::zero_words(after, first, stride);
  if (first == 0) {
    counters[kNextFrontier] = slot == nullptr ? 0 : static_cast<std::int64_t>(slot->new_vertices);
    counters[kEdgesExamined] = slot == nullptr ? 0 : static_cast<std::int64_t>(slot->arcs_examined);
    counters[kItemsBinned] = 0;
    counters[kItemsSentAway] = 0;
    counters[kFrontierArcs] = slot == nullptr ? 0 : static_cast<std::int64_t>(slot->new_degree_sum);
  }
  run_barrier_at_end(end);
}

/// A search's start on a rank: the sent and visited bitmaps cleared and, on the source's owner,
/// the source labelled (its visited bit set in the same store that clears its word) and queued.
/// One launch, not two memsets and a kernel.
template <typename VertexT>
struct StartArgs {
  std::uint32_t* sent;
  std::uint64_t sent_words;
  std::uint32_t* visited;
  std::uint64_t visited_words;
  std::int32_t* depth;
  VertexT* parent;
  VertexT* frontier;
  /// The source's local id and global id; local is -1 where another rank owns it.
  VertexT local;
  VertexT source;
};

template <typename VertexT>
__global__ void start_kernel(StartArgs<VertexT> a) {
  const std::uint64_t first = static_cast<std::uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  const std::uint64_t stride = static_cast<std::uint64_t>(gridDim.x) * blockDim.x;
  for (std::uint64_t i = first; i < a.sent_words; i += stride) a.sent[i] = 0;
  const bool owner = a.local >= 0;
  const auto local = static_cast<std::uint64_t>(owner ? a.local : 0);
  for (std::uint64_t i = first; i < a.visited_words; i += stride) {
    a.visited[i] = owner && i == local / 32 ? 1u << (local % 32) : 0u;
  }
  if (owner && first == 0) {
    a.depth[local] = 0;
    a.parent[local] = a.source;
    a.frontier[0] = a.local;
  }
}

}  // namespace frontier::distributed
