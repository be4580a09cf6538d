// Kernels of the CUDA list ranking: Wei & JaJa, "Optimization of Linked List Prefix
// Computations on Multithreaded GPUs Using CUDA" (IPDPS 2010), after Helman & JaJa's sparse
// ruling set; and Wyllie's pointer jumping as the baseline. Orchestrated by list_ranking_cuda.cu.
//
// Encodings (one level of the recursion, n nodes):
//  - ListNode[v] = {value, link}. After check_and_pack: {values[v], successor[v]}. After
//    list_splitters, a splitter v of sublist k holds link = -2 - k (its own successor is saved in
//    sublist_next[k]); its value stays values[v]. After the walk, every other node v reached by
//    sublist k holds {local inclusive prefix of v within k, -2 - k} as well. So link <= -2 marks
//    a node that is walked (or a splitter: the start of a walk), link >= -1 one not yet walked.
//  - Bitmaps of 32-bit words: bit v of word v / 32.
// Invariants: successors in [-1, n) (checked before anything walks). A walk stops at a tail or
// at any marked node, so it never loops, whatever the input. With at most one predecessor per
// node (checked exactly before the walk, or verified after it on the single-list fast path:
// no walk may stop at a marked node that is not a splitter, no two sublists may end at the same
// splitter, and the walks must cover exactly n nodes) each node is walked exactly once.
#pragma once

#include <cub/block/block_reduce.cuh>

#include <cstdint>

#include "frontier/random.hpp"

namespace frontier::cuda {

constexpr unsigned kFullWarp = 0xffffffffu;

template <typename VertexT, typename ValueT>
struct alignas(sizeof(ValueT) + sizeof(VertexT) <= 8 ? 8 : 16) ListNode {
  ValueT value;
  VertexT link;
};

/// Device-side counters of one level (error reports use the smallest offending index).
struct ListLevelCounters {
  unsigned long long first_out_of_range;
  unsigned long long first_shared_target;
  unsigned long long heads;
  unsigned long long tails;
  unsigned long long successor_sum;
  unsigned long long covered;
  unsigned long long linked;
  unsigned long long anomalies;
  unsigned long long active;
  /// Successors within kLocalSuccessorSpan nodes of their node (check_and_pack): how ordered the
  /// list is laid out, which decides the level-0 walk (staged_walk_plan).
  unsigned long long local_successors;
};

/// |successor - node| at most this many nodes counts as a local successor: its packed node lies
/// within a few 32-byte sectors of the node's own.
inline constexpr std::int64_t kLocalSuccessorSpan = 32;

/// The exclusive prefix that a sublist's nodes take in the fix-up; valid = 0 for a head's
/// sublist, which takes none (so no identity element is needed, NaN stays exact).
template <typename ValueT>
struct alignas(sizeof(ValueT) <= 4 ? 8 : 16) SublistOffset {
  ValueT value;
  int valid;
};

/// Sums `count` over the warp and adds it to `*total` once (lane 0). All lanes must call.
__device__ __forceinline__ void warp_add(unsigned long long count, unsigned long long* total) {
  for (int offset = 16; offset > 0; offset >>= 1) {
    count += __shfl_down_sync(0xffffffffu, count, offset);
  }
  if ((threadIdx.x & 31) == 0 && count != 0) atomicAdd(total, count);
}

__device__ __forceinline__ std::int64_t global_thread() {
  return static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
}
__device__ __forceinline__ std::int64_t global_threads() {
  return static_cast<std::int64_t>(gridDim.x) * blockDim.x;
}

/// Bits of word w that stand for nodes 0..n-1.
__device__ __forceinline__ unsigned valid_bits(std::int64_t w, std::int64_t n) {
  const std::int64_t rest = n - w * 32;
  return rest >= 32 ? kFullWarp : (1u << rest) - 1u;
}

/// Items a thread of the per-node check-and-pack kernel handles per round, every load
/// issued before any use: with one 4-8 byte load per resident thread in flight, a grid of
/// resident threads keeps too few bytes on the way to reach the GPU's DRAM bandwidth.
inline constexpr int kStreamItems = 4;

/// The first item of this thread in the streaming rounds; item i of a round at `base` is
/// base + i * blockDim.x (coalesced per i), the next round starts kStreamItems · global_threads()
/// items later.
__device__ __forceinline__ std::int64_t stream_first_item() {
  return static_cast<std::int64_t>(blockIdx.x) * blockDim.x * kStreamItems + threadIdx.x;
}
__device__ __forceinline__ std::int64_t stream_round_items() {
  return global_threads() * kStreamItems;
}

/// Step 1: validate successors, mark nodes that have a predecessor, count tails, pack
/// {value, successor}. The marks are fire-and-forget atomics (no return value): a node with two
/// predecessors shows as more heads than tails (merge_heads_kernel counts heads), and only then
/// does find_shared_target_kernel look for it.
template <typename VertexT, typename ValueT>
__global__ void check_and_pack_kernel(const VertexT* __restrict__ successor,
                                      const ValueT* __restrict__ values, std::int64_t n,
                                      ListNode<VertexT, ValueT>* __restrict__ nodes,
                                      unsigned* __restrict__ has_predecessor,
                                      ListLevelCounters* counters) {
  unsigned long long tails = 0;
  unsigned long long successor_sum = 0;
  unsigned long long local_successors = 0;
  for (std::int64_t base = stream_first_item(); base < n; base += stream_round_items()) {
    VertexT links[kStreamItems];
    ValueT own[kStreamItems];
#pragma unroll
    for (int i = 0; i < kStreamItems; ++i) {
      const std::int64_t v = base + static_cast<std::int64_t>(i) * blockDim.x;
      if (v < n) {
        links[i] = successor[v];
        own[i] = values != nullptr ? values[v] : ValueT{1};
      }
    }
#pragma unroll
    for (int i = 0; i < kStreamItems; ++i) {
      const std::int64_t v = base + static_cast<std::int64_t>(i) * blockDim.x;
      if (v >= n) break;
      const std::int64_t target = static_cast<std::int64_t>(links[i]);
      // 1a. Range: [-1, n).
      if (target < -1 || target >= n) {
        atomicMin(&counters->first_out_of_range, static_cast<unsigned long long>(v));
      } else if (target >= 0) {
        // 1b. Mark the target as having a predecessor (skipped on the single-list fast path,
        //     which finds the head from the sum of successors instead).
        if (has_predecessor != nullptr) {
          atomicOr(&has_predecessor[target >> 5], 1u << (target & 31));
        }
        successor_sum += static_cast<unsigned long long>(target);
        if (target - v <= kLocalSuccessorSpan && v - target <= kLocalSuccessorSpan) {
          ++local_successors;
        }
      } else {
        ++tails;
      }
      // 1c. Pack (values == nullptr: unit values, for ranks; nodes == nullptr: check only).
      if (nodes != nullptr) nodes[v] = ListNode<VertexT, ValueT>{own[i], links[i]};
    }
  }
  warp_add(tails, &counters->tails);
  warp_add(successor_sum, &counters->successor_sum);
  warp_add(local_successors, &counters->local_successors);
}

/// Step 1 of the exact check, apart from the packing: mark every node that has a predecessor.
template <typename VertexT>
__global__ void mark_predecessors_kernel(const VertexT* __restrict__ successor, std::int64_t n,
                                         unsigned* __restrict__ has_predecessor) {
  for (std::int64_t v = global_thread(); v < n; v += global_threads()) {
    const std::int64_t target = static_cast<std::int64_t>(successor[v]);
    if (target >= 0 && target < n) atomicOr(&has_predecessor[target >> 5], 1u << (target & 31));
  }
}

/// Error path of step 1: the smallest node named by two successors (bitmap cleared first).
template <typename VertexT>
__global__ void find_shared_target_kernel(const VertexT* __restrict__ successor, std::int64_t n,
                                          unsigned* __restrict__ seen,
                                          ListLevelCounters* counters) {
  for (std::int64_t v = global_thread(); v < n; v += global_threads()) {
    const std::int64_t target = static_cast<std::int64_t>(successor[v]);
    if (target < 0 || target >= n) continue;
    const unsigned bit = 1u << (target & 31);
    if (atomicOr(&seen[target >> 5], bit) & bit) {
      atomicMin(&counters->first_shared_target, static_cast<unsigned long long>(target));
    }
  }
}

/// Step 2: random splitters, drawn with replacement (duplicates merge in the bitmap).
__global__ void mark_random_splitters_kernel(std::int64_t n, std::int64_t count, std::uint64_t seed,
                                             unsigned* is_splitter) {
  for (std::int64_t i = global_thread(); i < count; i += global_threads()) {
    const auto v = static_cast<std::int64_t>(uniform_below(
        counter_random(seed, static_cast<std::uint64_t>(i)), static_cast<std::uint64_t>(n)));
    atomicOr(&is_splitter[v >> 5], 1u << (v & 31));
  }
}

/// Step 2b (single-list fast path): the head, found from the sum of successors, is a splitter.
__global__ void mark_node_kernel(std::int64_t v, unsigned* is_splitter) {
  atomicOr(&is_splitter[v >> 5], 1u << (v & 31));
}

/// Step 3: every head is a splitter too; count splitters per word (for their ids) and heads.
/// With is_splitter == nullptr only the heads are counted (Wyllie's check); with
/// has_predecessor == nullptr only the splitters already marked are counted (fast path).
template <typename VertexT, int BLOCK_THREADS>
__global__ void __launch_bounds__(BLOCK_THREADS)
    merge_heads_kernel(const unsigned* __restrict__ has_predecessor, unsigned* is_splitter,
                       std::int64_t n, std::int64_t words, VertexT* __restrict__ word_count,
                       ListLevelCounters* counters) {
  using BlockReduce = cub::BlockReduce<unsigned long long, BLOCK_THREADS>;
  __shared__ typename BlockReduce::TempStorage reduce_storage;
  unsigned long long heads = 0;
  // Whole blocks iterate together so that every thread reaches the block reduction.
  for (std::int64_t base = static_cast<std::int64_t>(blockIdx.x) * BLOCK_THREADS; base < words;
       base += global_threads()) {
    const std::int64_t w = base + threadIdx.x;
    if (w < words) {
      const unsigned head_bits =
          has_predecessor != nullptr ? ~has_predecessor[w] & valid_bits(w, n) : 0u;
      if (is_splitter != nullptr) {
        const unsigned bits = is_splitter[w] | head_bits;
        is_splitter[w] = bits;
        word_count[w] = static_cast<VertexT>(__popc(bits));
      }
      heads += static_cast<unsigned long long>(__popc(head_bits));
    }
  }
  const unsigned long long block_heads = BlockReduce(reduce_storage).Sum(heads);
  if (threadIdx.x == 0 && block_heads != 0) atomicAdd(&counters->heads, block_heads);
}

/// Step 4: give splitter k (in node order) its id: record its node, save its successor, and
/// mark it in place with link = -2 - k.
template <typename VertexT, typename ValueT>
__global__ void list_splitters_kernel(const unsigned* __restrict__ is_splitter,
                                      const VertexT* __restrict__ word_offset, std::int64_t words,
                                      ListNode<VertexT, ValueT>* nodes,
                                      VertexT* __restrict__ splitter_node,
                                      VertexT* __restrict__ sublist_next) {
  for (std::int64_t w = global_thread(); w < words; w += global_threads()) {
    std::int64_t k = static_cast<std::int64_t>(word_offset[w]);
    for (unsigned bits = is_splitter[w]; bits != 0; bits &= bits - 1) {
      const std::int64_t v = w * 32 + (__ffs(bits) - 1);
      splitter_node[k] = static_cast<VertexT>(v);
      sublist_next[k] = nodes[v].link;
      nodes[v].link = static_cast<VertexT>(-2 - k);
      ++k;
    }
  }
}

/// Step 5: sequential walks, many at once. Warp w owns sublists [w·chunk, (w+1)·chunk); a lane
/// whose sublist ends takes the warp's next one (ballot, no atomics), so lanes stay busy while
/// sublist lengths vary. Per step a lane issues one 8- or 16-byte load of the next node and
/// overwrites that node with {local prefix, -2 - sublist}: the same mark a splitter carries, so
/// a walk also stops at any node already walked, and no input can make it loop. Reaching a
/// marked node that is not a splitter means two predecessors: counted in counters->anomalies.
/// At the end of sublist k: its total, the next sublist (or -1), and its length into
/// counters->covered.
template <typename VertexT, typename ValueT, typename OpT>
__global__ void walk_sublists_kernel(ListNode<VertexT, ValueT>* nodes,
                                     const VertexT* __restrict__ splitter_node,
                                     VertexT* __restrict__ sublist_next,
                                     ValueT* __restrict__ sublist_total, std::int64_t sublists,
                                     std::int64_t chunk, OpT op, ListLevelCounters* counters) {
  const int lane = static_cast<int>(threadIdx.x & 31);
  const unsigned lanes_below = (1u << lane) - 1u;
  const std::int64_t warp = global_thread() >> 5;
  std::int64_t next_k = warp * chunk;
  const std::int64_t end_k = next_k + chunk < sublists ? next_k + chunk : sublists;
  if (next_k >= end_k) return;  // uniform across the warp
  std::int64_t k = -1;          // this lane's sublist, -1 when idle
  bool first = false;           // the next step reads the splitter itself
  std::int64_t u = 0;           // the node the next step reads
  std::int64_t length = 0;
  ValueT running{};
  unsigned long long covered = 0;
  unsigned long long anomalies = 0;
  while (true) {
    // 5a. Idle lanes take the warp's next sublists, in lane order.
    const unsigned idle = __ballot_sync(kFullWarp, k < 0);
    if (k < 0) {
      const std::int64_t mine = next_k + __popc(idle & lanes_below);
      if (mine < end_k) {
        k = mine;
        u = static_cast<std::int64_t>(splitter_node[k]);
        first = true;
      }
    }
    next_k += __popc(idle);
    if (__ballot_sync(kFullWarp, k >= 0) == 0) break;
    if (k < 0) continue;
    // 5b. One step: read node u, extend the running prefix or stop at the next splitter.
    const ListNode<VertexT, ValueT> node = nodes[u];
    std::int64_t link;
    bool done = false;
    std::int64_t next_sublist = -1;
    if (first) {
      running = node.value;
      link = static_cast<std::int64_t>(sublist_next[k]);
      length = 1;
      first = false;
    } else if (node.link <= VertexT{-2}) {
      link = -1;
      done = true;
      next_sublist = -2 - static_cast<std::int64_t>(node.link);
      if (static_cast<std::int64_t>(splitter_node[next_sublist]) != u) ++anomalies;
    } else {
      running = op(running, node.value);
      nodes[u] = ListNode<VertexT, ValueT>{running, static_cast<VertexT>(-2 - k)};
      link = static_cast<std::int64_t>(node.link);
      ++length;
    }
    if (!done && link == -1) done = true;
    // 5c. Close the sublist, or move on.
    if (done) {
      sublist_total[k] = running;
      sublist_next[k] = static_cast<VertexT>(next_sublist);
      covered += static_cast<unsigned long long>(length);
      k = -1;
    } else {
      u = link;
    }
  }
  warp_add(covered, &counters->covered);
  warp_add(anomalies, &counters->anomalies);
}

/// Step 5b: which sublists follow another (joins_next_level[k] = 1), zeroed before; linked
/// counts the sublists that have a next one. Fewer joins than links means two sublists end at
/// the same splitter: two predecessors.
template <typename VertexT>
__global__ void mark_joins_kernel(const VertexT* __restrict__ sublist_next, std::int64_t sublists,
                                  VertexT* __restrict__ joins_next_level,
                                  ListLevelCounters* counters) {
  unsigned long long linked = 0;
  for (std::int64_t k = global_thread(); k < sublists; k += global_threads()) {
    const VertexT after = sublist_next[k];
    if (after >= 0) {
      joins_next_level[after] = VertexT{1};
      ++linked;
    }
  }
  warp_add(linked, &counters->linked);
}

/// Step 6a: next-level ids: exclusive scan of joins_next_level (in next_id) or -1 for heads.
template <typename VertexT>
__global__ void finish_next_ids_kernel(const VertexT* __restrict__ joins_next_level,
                                       VertexT* next_id, std::int64_t sublists) {
  for (std::int64_t k = global_thread(); k < sublists; k += global_threads()) {
    if (joins_next_level[k] == 0) next_id[k] = VertexT{-1};
  }
}

/// Step 6b: the splitter list minus its heads. Sublist j = next_id[k] follows next_id[k'] for
/// k' = sublist_next[k]; its value is the total of the sublist before it, so the next level's
/// inclusive prefix at j is the exclusive prefix of k's list of sublists.
template <typename VertexT, typename ValueT>
__global__ void build_next_level_kernel(const VertexT* __restrict__ sublist_next,
                                        const ValueT* __restrict__ sublist_total,
                                        const VertexT* __restrict__ next_id, std::int64_t sublists,
                                        VertexT* __restrict__ next_successor,
                                        ValueT* __restrict__ next_values) {
  for (std::int64_t k = global_thread(); k < sublists; k += global_threads()) {
    const VertexT after = sublist_next[k];
    const VertexT after_id = after >= 0 ? next_id[after] : VertexT{-1};
    const VertexT id = next_id[k];
    if (id >= 0) next_successor[id] = after_id;
    if (after >= 0) next_values[after_id] = sublist_total[k];
  }
}

/// Step 7a: each sublist's offset, gathered once per sublist so that the fix-up makes a single
/// (cache-resident) gather per node.
template <typename VertexT, typename ValueT>
__global__ void sublist_offsets_kernel(const VertexT* __restrict__ next_id,
                                       const ValueT* __restrict__ next_prefix,
                                       std::int64_t sublists,
                                       SublistOffset<ValueT>* __restrict__ offsets) {
  for (std::int64_t k = global_thread(); k < sublists; k += global_threads()) {
    const VertexT j = next_id[k];
    offsets[k] = j >= 0 ? SublistOffset<ValueT>{next_prefix[j], 1} : SublistOffset<ValueT>{{}, 0};
  }
}

/// Step 7b: fix-up. prefix[v] = (prefix of the sublists before v's sublist) op (local prefix).
/// One node per thread and round: with kStreamItems nodes (their offset gathers issued
/// together) it was slower, its time being the L2 gathers of the sublist offsets.
template <typename VertexT, typename ValueT, typename OpT>
__global__ void fix_up_kernel(const ListNode<VertexT, ValueT>* __restrict__ nodes,
                              const SublistOffset<ValueT>* __restrict__ offsets, std::int64_t n,
                              OpT op, ValueT* __restrict__ prefix) {
  for (std::int64_t v = global_thread(); v < n; v += global_threads()) {
    const ListNode<VertexT, ValueT> node = nodes[v];
    const std::int64_t k = -2 - static_cast<std::int64_t>(node.link);
    const SublistOffset<ValueT> offset = offsets[k];
    prefix[v] = offset.valid ? op(offset.value, node.value) : node.value;
  }
}

/// Wyllie step 1: {value, predecessor} of every node (predecessors unique after the check).
template <typename VertexT, typename ValueT>
__global__ void wyllie_init_kernel(const ValueT* __restrict__ values, std::int64_t n,
                                   ListNode<VertexT, ValueT>* __restrict__ nodes) {
  for (std::int64_t v = global_thread(); v < n; v += global_threads()) {
    nodes[v] = ListNode<VertexT, ValueT>{values != nullptr ? values[v] : ValueT{1}, VertexT{-1}};
  }
}

template <typename VertexT, typename ValueT>
__global__ void wyllie_link_kernel(const VertexT* __restrict__ successor, std::int64_t n,
                                   ListNode<VertexT, ValueT>* __restrict__ nodes) {
  for (std::int64_t v = global_thread(); v < n; v += global_threads()) {
    const VertexT s = successor[v];
    if (s >= 0) nodes[s].link = static_cast<VertexT>(v);
  }
}

/// Wyllie step 2, one round: node v absorbs the segment that ends at its predecessor p and
/// jumps to p's predecessor. Double-buffered, so every read sees the previous round.
template <typename VertexT, typename ValueT, typename OpT>
__global__ void wyllie_round_kernel(const ListNode<VertexT, ValueT>* __restrict__ in,
                                    ListNode<VertexT, ValueT>* __restrict__ out, std::int64_t n,
                                    OpT op, ListLevelCounters* counters) {
  bool active = false;
  for (std::int64_t v = global_thread(); v < n; v += global_threads()) {
    ListNode<VertexT, ValueT> node = in[v];
    if (node.link >= 0) {
      const ListNode<VertexT, ValueT> before = in[node.link];
      node = ListNode<VertexT, ValueT>{op(before.value, node.value), before.link};
      active = active || before.link >= 0;
    }
    out[v] = node;
  }
  if (__any_sync(kFullWarp, active) && (threadIdx.x & 31) == 0) {
    atomicOr(&counters->active, 1ull);
  }
}

/// prefix[v] -= 1: inclusive counts of unit values become 0-based ranks.
template <typename VertexT>
__global__ void counts_to_ranks_kernel(VertexT* rank, std::int64_t n) {
  for (std::int64_t v = global_thread(); v < n; v += global_threads()) rank[v] -= VertexT{1};
}

template <typename VertexT, typename ValueT>
__global__ void wyllie_output_kernel(const ListNode<VertexT, ValueT>* __restrict__ nodes,
                                     std::int64_t n, ValueT* __restrict__ prefix) {
  for (std::int64_t v = global_thread(); v < n; v += global_threads()) prefix[v] = nodes[v].value;
}

}  // namespace frontier::cuda
