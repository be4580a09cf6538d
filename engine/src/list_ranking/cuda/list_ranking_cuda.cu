// CUDA list ranking / list prefix: Wei & JaJa, "Optimization of Linked List Prefix Computations
// on Multithreaded GPUs Using CUDA" (IPDPS 2010), the GPU form of Helman & JaJa's sparse ruling
// set; Wyllie's pointer jumping as the baseline. Kernels and encodings: list_ranking_kernels.cuh.
//
// One level over n nodes (recursive on the splitter list):
//   1. check successors (range; at most one predecessor: an atomic bitmap in L2, heads = tails)
//      and pack {value, successor} per node, so that a walk step is a single 8/16-byte load.
//      Single-list fast path (top level, one tail): no predecessor marks; the head is the sum of
//      all ids minus the sum of successors, and the walks verify the structure instead (no walk
//      may meet a walked node that is not a splitter, no two sublists may end at the same
//      splitter, the walks must cover n nodes); any doubt runs the exact check for its error;
//   2. splitters: n / nodes_per_sublist random nodes (counter_random; deeper levels take
//      shorter sublists) plus every head;
//   3. ids by a scan over per-word popcounts; each splitter's node is marked link = -2 - id;
//   4. walks: warp-balanced sequential walks write {local prefix, sublist} in place and leave
//      each sublist's total and next sublist; covered nodes are counted: fewer than n means a
//      cycle without a splitter (cycles through splitters surface at a deeper level);
//   5. the splitter list minus its heads, valued by each predecessor sublist's total, is ranked
//      the same way (one level deeper) or, below host_rank_below nodes, by the sequential walk
//      on the host; its inclusive prefix is each sublist's exclusive offset;
//   6. fix-up: prefix[v] = offset(sublist of v) op local prefix (heads' sublists take none).
// Ranks (level 0, unit values, sum, n >= staged_walk_min_nodes, record fields that fit: see
// staged_walk_plan.hpp) take the staged read-only walk of staged_walk_kernels.cuh for step 4
// and its split + window scatter for step 6; every check of step 4 holds for it too (each node
// walked once: records = n, no two sublists ending at one splitter, one tail sublist on the
// fast path) and any doubt, bound or flag discards its result and runs the level again with the
// in-place walk, which reports every structural error as before.
// Walks stop at any walked node, so invalid input can never make a walk loop. Every device
// allocation is sized first and refused with OutOfMemory (bytes needed vs free) and taken from
// the stream-ordered pool of device_pool.hpp (no cudaMalloc/cudaFree, no device-wide sync per
// array); the host entry copies through the pinned staging buffers of staged_copy.hpp.
#include <cuda_runtime.h>

#include <climits>
#include <cub/device/device_scan.cuh>
#include <string>
#include <type_traits>
#include <vector>

#include "cuda/cuda_check.cuh"
#include "cuda/device_memory.hpp"
#include "cuda/device_pool.hpp"
#include "cuda/device_scope.cuh"
#include "cuda/launch_sizing.hpp"
#include "cuda/log_bridge.hpp"
#include "cuda/stream.cuh"
#include "frontier/detail/timer.hpp"
#include "frontier/errors.hpp"
#include "frontier/list_prefix_generic.hpp"
#include "list_ranking/cuda/list_ranking_cuda.hpp"
#include "list_ranking/cuda/list_ranking_kernels.cuh"
#include "list_ranking/cuda/list_ranking_tuning.hpp"
#include "list_ranking/cuda/staged_copy.hpp"
#include "list_ranking/cuda/staged_walk_kernels.cuh"
#include "list_ranking/cuda/staged_walk_plan.hpp"
#include "list_ranking/list_ranking_backends.hpp"

namespace frontier::cuda {
namespace {

constexpr int kBlockThreads = 256;
constexpr unsigned long long kNone = ULLONG_MAX;

/// Refuses `bytes` of pool memory that do not fit (device_memory.hpp).
void require_free(std::uint64_t bytes, const std::string& what) {
  require_device_memory(what, bytes, pool_free_bytes());
}

/// Kernel times by CUDA events, recorded only while debug logging is on (the events cost
/// nothing to the timed path otherwise); read once, after the level's last synchronization.
class KernelTimes {
 public:
  KernelTimes(bool enabled, cudaStream_t stream) : enabled_(enabled), stream_(stream) {}
  KernelTimes(const KernelTimes&) = delete;
  KernelTimes& operator=(const KernelTimes&) = delete;
  /// Marks the stream; the time between consecutive marks is named by the later mark.
  void mark(const char* name) {
    if (!enabled_) return;
    marks_.emplace_back(name, Event());
    FRONTIER_CUDA_CHECK(cudaEventRecord(marks_.back().second.get(), stream_));
  }
  std::string report() const {
    std::string text;
    for (std::size_t i = 1; i < marks_.size(); ++i) {
      float ms = 0.0f;
      FRONTIER_CUDA_CHECK(
          cudaEventElapsedTime(&ms, marks_[i - 1].second.get(), marks_[i].second.get()));
      text += std::string(i == 1 ? "" : ", ") + marks_[i].first + " " + std::to_string(ms) + " ms";
    }
    return text;
  }
  bool enabled() const { return enabled_; }

 private:
  bool enabled_;
  cudaStream_t stream_;
  std::vector<std::pair<const char*, Event>> marks_;
};

struct Context {
  cudaStream_t stream = nullptr;
  ListRankingCudaPolicy policy;
  int multiprocessors = 1;
  std::uint64_t seed = 1;
  std::int64_t top_random_splitters = 0;
  ListRankingStats* stats = nullptr;
  /// Cleared after a staged walk was discarded: the level then runs the in-place walk.
  bool staged_allowed = true;

  int stream_grid(std::int64_t items) const {
    return capped_grid(static_cast<std::uint64_t>(items),
                       static_cast<std::uint64_t>(policy.block_threads),
                       static_cast<std::uint64_t>(multiprocessors) * policy.stream_blocks_per_sm);
  }
  /// The grid of a per-node kernel that takes kStreamItems items per thread and round.
  int per_node_grid(std::int64_t items) const {
    return stream_grid((items + kStreamItems - 1) / kStreamItems);
  }
};

template <typename T>
T read_scalar(const T* d_value, cudaStream_t stream) {
  T value{};
  FRONTIER_CUDA_CHECK(cudaMemcpyAsync(&value, d_value, sizeof(T), cudaMemcpyDeviceToHost, stream));
  FRONTIER_CUDA_CHECK(cudaStreamSynchronize(stream));
  return value;
}

void reset_counters(ListLevelCounters* d_counters, cudaStream_t stream) {
  const ListLevelCounters initial{kNone, kNone, 0, 0, 0, 0};
  FRONTIER_CUDA_CHECK(
      cudaMemcpyAsync(d_counters, &initial, sizeof(initial), cudaMemcpyHostToDevice, stream));
}

/// Turns the check's counters into the errors list_prefix promises: a successor out of range;
/// a node with two predecessors (more heads than tails; then found by a second pass over
/// `scratch_bitmap`, which is overwritten); no head at all (only cycles).
template <typename VertexT>
void throw_structure_errors(const ListLevelCounters& checked, const VertexT* d_successor,
                            std::int64_t n, unsigned* scratch_bitmap, ListLevelCounters* d_counters,
                            int level, const Context& ctx) {
  if (checked.first_out_of_range != kNone) {
    const auto v = static_cast<std::int64_t>(checked.first_out_of_range);
    const VertexT target = read_scalar(d_successor + v, ctx.stream);
    throw InvalidArgument("list prefix: successor[" + std::to_string(v) +
                          "] = " + std::to_string(static_cast<std::int64_t>(target)) +
                          " is outside [-1, " + std::to_string(n) + ")");
  }
  if (checked.heads != checked.tails) {
    const std::int64_t words = (n + 31) / 32;
    FRONTIER_CUDA_CHECK(cudaMemsetAsync(scratch_bitmap, 0, words * sizeof(unsigned), ctx.stream));
    find_shared_target_kernel<<<ctx.stream_grid(n), ctx.policy.block_threads, 0, ctx.stream>>>(
        d_successor, n, scratch_bitmap, d_counters);
    FRONTIER_CHECK_LAUNCH();
    const unsigned long long shared = read_scalar(&d_counters->first_shared_target, ctx.stream);
    throw InvalidArgument("list prefix: node " + std::to_string(shared) +
                          " has more than one predecessor (" + std::to_string(checked.heads) +
                          " heads but " + std::to_string(checked.tails) +
                          " tails); every node may follow at most one other");
  }
  if (checked.heads == 0) {
    // Every node has a predecessor: with at most one each, every component is a cycle.
    throw ValidationError("list prefix: the successors contain a cycle: no node is a head (" +
                          std::to_string(n) + " nodes, each with a predecessor)" +
                          (level == 0
                               ? std::string{}
                               : " in the splitter list at GPU level " + std::to_string(level)));
  }
}

/// The bottom of the recursion (and small inputs): the sequential oracle on the host. Returns
/// the number of lists it walked.
template <typename VertexT, typename ValueT, typename OpT>
std::int64_t rank_on_host(const VertexT* d_successor, const ValueT* d_values, ValueT* d_prefix,
                          std::int64_t n, OpT op, const Context& ctx) {
  std::vector<VertexT> successor(static_cast<std::size_t>(n));
  std::vector<ValueT> values(d_values != nullptr ? static_cast<std::size_t>(n) : 0);
  std::vector<ValueT> prefix(static_cast<std::size_t>(n));
  FRONTIER_CUDA_CHECK(cudaMemcpyAsync(successor.data(), d_successor, n * sizeof(VertexT),
                                      cudaMemcpyDeviceToHost, ctx.stream));
  if (d_values != nullptr) {
    FRONTIER_CUDA_CHECK(cudaMemcpyAsync(values.data(), d_values, n * sizeof(ValueT),
                                        cudaMemcpyDeviceToHost, ctx.stream));
  }
  FRONTIER_CUDA_CHECK(cudaStreamSynchronize(ctx.stream));
  const std::span<const VertexT> links(successor);
  const ListRankingStats walked =
      d_values != nullptr ? frontier::detail::list_prefix_sequential_core(
                                links, [&](std::int64_t v) { return values[v]; }, op, prefix.data())
                          : frontier::detail::list_prefix_sequential_core(
                                links, [](std::int64_t) { return ValueT{1}; }, op, prefix.data());
  FRONTIER_CUDA_CHECK(cudaMemcpyAsync(d_prefix, prefix.data(), n * sizeof(ValueT),
                                      cudaMemcpyHostToDevice, ctx.stream));
  FRONTIER_CUDA_CHECK(cudaStreamSynchronize(ctx.stream));
  return walked.lists;
}

/// The staged walk's plan for this level, or an unusable one: only ranks (unit values summed
/// in an integral type) at level 0 above the policy's size, whose record fields fit and whose
/// extra memory is free.
template <typename VertexT, typename ValueT, typename OpT>
StagedWalkPlan staged_walk_plan(const ValueT* d_values, std::int64_t n, std::int64_t sublists,
                                std::int64_t random_splitters, std::int64_t local_successors,
                                int level, const Context& ctx) {
  StagedWalkPlan plan;
  if (level != 0 || !ctx.staged_allowed || d_values != nullptr ||
      !std::is_same_v<OpT, ListSumOp<ValueT>> || !std::is_integral_v<ValueT> ||
      n < ctx.policy.staged_walk_min_nodes) {
    return plan;
  }
  if (static_cast<double>(local_successors) >
      ctx.policy.staged_walk_max_local_share * static_cast<double>(n)) {
    // Laid out mostly in order: the in-place walk's steps stay in cache, it is the faster one.
    plan.reason = std::to_string(local_successors) + " of " + std::to_string(n) +
                  " successors are local (an ordered layout: the in-place walk is faster)";
    log_debug("staged walk not taken: " + plan.reason);
    return plan;
  }
  using Node = ListNode<VertexT, ValueT>;
  const auto kernel = staged_walk_kernel<StagedWalk, Node, VertexT, ValueT>;
  FRONTIER_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                           static_cast<int>(StagedWalk::kSharedBytes)));
  int fitting_blocks = 0;
  FRONTIER_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
      &fitting_blocks, kernel, StagedWalk::kBlockThreads, StagedWalk::kSharedBytes));
  const StagedWalkLimits limits{StagedWalk::kBits, StagedWalk::kWalkers, kStagedSplitThreads};
  plan = plan_staged_walk(n, sublists, random_splitters, static_cast<int>(sizeof(ValueT)),
                          static_cast<std::int64_t>(fitting_blocks) * ctx.multiprocessors,
                          ctx.policy, limits);
  if (plan.usable && !fits_device_memory(plan.bytes, pool_free_bytes())) {
    plan.usable = false;
    plan.reason = "needs " + format_bytes(plan.bytes) + " more device memory";
  }
  if (!plan.usable) log_debug("staged walk not taken: " + plan.reason);
  return plan;
}

/// One level. Returns false only at level 0 when the staged walk's result was discarded (the
/// caller then runs the level again with the in-place walk); deeper levels always finish.
template <typename VertexT, typename ValueT, typename OpT>
bool rank_level(const VertexT* d_successor, const ValueT* d_values, ValueT* d_prefix,
                std::int64_t n, OpT op, int level, Context& ctx) {
  if (n == 0) return true;
  if (n < ctx.policy.host_rank_below) {
    const std::int64_t lists = rank_on_host(d_successor, d_values, d_prefix, n, op, ctx);
    if (level == 0) ctx.stats->lists = lists;
    ctx.stats->levels = level + 1;
    return true;
  }
  using Node = ListNode<VertexT, ValueT>;
  const cudaStream_t stream = ctx.stream;
  const std::int64_t words = (n + 31) / 32;
  frontier::detail::Timer phase;
  KernelTimes times(debug_enabled(), stream);
  const std::string where = "list prefix on the GPU, level " + std::to_string(level) + " (" +
                            std::to_string(n) + " nodes)";

  // 1-3. Check, pack, splitters, splitter ids. Size everything first.
  std::size_t word_scan_bytes = 0;
  FRONTIER_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(
      nullptr, word_scan_bytes, static_cast<VertexT*>(nullptr), static_cast<VertexT*>(nullptr),
      static_cast<std::int64_t>(words + 1), stream));
  require_free(n * sizeof(Node) + 2 * words * sizeof(unsigned) + 2 * (words + 1) * sizeof(VertexT) +
                   word_scan_bytes + sizeof(ListLevelCounters),
               where);
  PoolArray<Node> nodes(n, stream);
  PoolArray<unsigned> has_predecessor(words, stream);
  PoolArray<unsigned> is_splitter(words, stream);
  PoolArray<VertexT> word_count(words + 1, stream);
  PoolArray<VertexT> word_offset(words + 1, stream);
  PoolArray<unsigned char> word_scan_temp(word_scan_bytes, stream);
  PoolArray<ListLevelCounters> counters(1, stream);
  reset_counters(counters.get(), stream);
  FRONTIER_CUDA_CHECK(cudaMemsetAsync(has_predecessor.get(), 0, words * sizeof(unsigned), stream));
  FRONTIER_CUDA_CHECK(cudaMemsetAsync(is_splitter.get(), 0, words * sizeof(unsigned), stream));
  FRONTIER_CUDA_CHECK(cudaMemsetAsync(word_count.get() + words, 0, sizeof(VertexT), stream));

  // The exact check marks every node's predecessor with an atomic (~2^28 of them at the top
  // level, as costly as a pointer chase). A single list (one tail) skips it: its head follows
  // from the sum of successors, and the walks verify the structure afterwards.
  const auto mark_predecessors = [&] {
    FRONTIER_CUDA_CHECK(
        cudaMemsetAsync(has_predecessor.get(), 0, words * sizeof(unsigned), stream));
    mark_predecessors_kernel<<<ctx.stream_grid(n), ctx.policy.block_threads, 0, stream>>>(
        d_successor, n, has_predecessor.get());
    FRONTIER_CHECK_LAUNCH();
  };
  const bool try_single_list = level == 0;
  times.mark("start");
  check_and_pack_kernel<<<ctx.per_node_grid(n), ctx.policy.block_threads, 0, stream>>>(
      d_successor, d_values, n, nodes.get(), try_single_list ? nullptr : has_predecessor.get(),
      counters.get());
  FRONTIER_CHECK_LAUNCH();
  times.mark("check_and_pack");
  const std::int64_t random_splitters =
      level == 0 && ctx.top_random_splitters > 0
          ? ctx.top_random_splitters
          : std::max<std::int64_t>(1, n / (level == 0 ? ctx.policy.nodes_per_sublist
                                                      : ctx.policy.deeper_nodes_per_sublist));
  const std::uint64_t level_seed = mix64(ctx.seed + static_cast<std::uint64_t>(level));
  mark_random_splitters_kernel<<<ctx.stream_grid(random_splitters), ctx.policy.block_threads, 0,
                                 stream>>>(n, random_splitters, level_seed, is_splitter.get());
  FRONTIER_CHECK_LAUNCH();
  times.mark("random_splitters");
  ListLevelCounters checked{};
  bool single_list = false;
  if (try_single_list) {
    checked = read_scalar(counters.get(), stream);
    if (checked.first_out_of_range == kNone && checked.tails == 1) {
      // Sum of all ids minus the sum of successors (mod 2^64) is the head, if one list.
      const auto count = static_cast<std::uint64_t>(n);
      const std::uint64_t all_ids =
          count % 2 == 0 ? (count / 2) * (count - 1) : count * ((count - 1) / 2);
      const std::uint64_t head = all_ids - checked.successor_sum;
      if (head < count) {
        single_list = true;
        mark_node_kernel<<<1, 1, 0, stream>>>(static_cast<std::int64_t>(head), is_splitter.get());
        FRONTIER_CHECK_LAUNCH();
      }
    }
    if (!single_list) mark_predecessors();
  }
  merge_heads_kernel<VertexT, kBlockThreads><<<ctx.stream_grid(words), kBlockThreads, 0, stream>>>(
      single_list ? nullptr : has_predecessor.get(), is_splitter.get(), n, words, word_count.get(),
      counters.get());
  FRONTIER_CHECK_LAUNCH();
  times.mark("merge_heads");
  FRONTIER_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(word_scan_temp.get(), word_scan_bytes,
                                                    word_count.get(), word_offset.get(),
                                                    static_cast<std::int64_t>(words + 1), stream));
  times.mark("word_scan");
  FRONTIER_CUDA_CHECK(
      cudaMemcpyAsync(&checked, counters.get(), sizeof(checked), cudaMemcpyDeviceToHost, stream));
  const auto sublists = static_cast<std::int64_t>(read_scalar(word_offset.get() + words, stream));
  if (single_list) {
    checked.heads = 1;
  } else {
    throw_structure_errors(checked, d_successor, n, is_splitter.get(), counters.get(), level, ctx);
  }
  if (level == 0) {
    ctx.stats->lists = static_cast<std::int64_t>(checked.heads);
    ctx.stats->sublists = sublists;
    ctx.stats->check_seconds = phase.seconds();
    phase.restart();
  }

  // 4. Walks. Sublist arrays sized now that the splitter count is known.
  std::size_t id_scan_bytes = 0;
  FRONTIER_CUDA_CHECK(
      cub::DeviceScan::ExclusiveSum(nullptr, id_scan_bytes, static_cast<VertexT*>(nullptr),
                                    static_cast<VertexT*>(nullptr), sublists + 1, stream));
  require_free((sublists + 1) * (4 * sizeof(VertexT) + sizeof(ValueT)) + id_scan_bytes, where);
  PoolArray<VertexT> splitter_node(sublists, stream);
  PoolArray<VertexT> sublist_next(sublists, stream);
  PoolArray<ValueT> sublist_total(sublists, stream);
  PoolArray<VertexT> joins_next_level(sublists + 1, stream);
  PoolArray<VertexT> next_id(sublists + 1, stream);
  PoolArray<unsigned char> id_scan_temp(id_scan_bytes, stream);
  FRONTIER_CUDA_CHECK(
      cudaMemsetAsync(joins_next_level.get(), 0, (sublists + 1) * sizeof(VertexT), stream));
  times.mark("host: checks, allocation");
  list_splitters_kernel<<<ctx.stream_grid(words), ctx.policy.block_threads, 0, stream>>>(
      is_splitter.get(), word_offset.get(), words, nodes.get(), splitter_node.get(),
      sublist_next.get());
  FRONTIER_CHECK_LAUNCH();
  times.mark("list_splitters");
  const StagedWalkPlan plan = staged_walk_plan<VertexT, ValueT, OpT>(
      d_values, n, sublists, random_splitters, static_cast<std::int64_t>(checked.local_successors),
      level, ctx);
  PoolArray<unsigned long long> staged_records;
  PoolArray<unsigned> staged_region_used;
  PoolArray<unsigned> staged_window_used;
  PoolArray<StagedWalkCounters> staged_counters;
  if (level == 0) ctx.stats->gpu_walk = plan.usable ? ListWalk::Staged : ListWalk::InPlace;
  if (plan.usable) {
    // 4'. The staged read-only walk: records by bucket, the same sublist totals and links.
    staged_records = PoolArray<unsigned long long>(plan.buckets * plan.region, stream);
    staged_region_used = PoolArray<unsigned>(StagedWalk::kBuckets, stream);
    staged_window_used = PoolArray<unsigned>(plan.windows, stream);
    staged_counters = PoolArray<StagedWalkCounters>(1, stream);
    FRONTIER_CUDA_CHECK(cudaMemsetAsync(staged_region_used.get(), 0,
                                        StagedWalk::kBuckets * sizeof(unsigned), stream));
    FRONTIER_CUDA_CHECK(
        cudaMemsetAsync(staged_window_used.get(), 0, plan.windows * sizeof(unsigned), stream));
    FRONTIER_CUDA_CHECK(
        cudaMemsetAsync(staged_counters.get(), 0, sizeof(StagedWalkCounters), stream));
    staged_walk_kernel<StagedWalk, Node, VertexT, ValueT>
        <<<static_cast<int>(plan.blocks), StagedWalk::kBlockThreads, StagedWalk::kSharedBytes,
           stream>>>(nodes.get(), splitter_node.get(), sublist_next.get(), sublist_total.get(),
                     static_cast<int>(sublists), static_cast<int>(plan.chunk), plan.low_bits,
                     plan.sublist_bits, static_cast<unsigned>(plan.max_steps), staged_records.get(),
                     static_cast<unsigned>(plan.region),
                     static_cast<unsigned>(ctx.policy.staged_walk_segment),
                     staged_region_used.get(), staged_counters.get());
    FRONTIER_CHECK_LAUNCH();
    times.mark("staged_walk");
  } else {
    // One wave: as many blocks per SM as the policy asks and the kernel's registers allow
    // (64-bit instantiations hold fewer than 2048 threads per SM).
    int fitting_blocks = 0;
    FRONTIER_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
        &fitting_blocks, walk_sublists_kernel<VertexT, ValueT, OpT>, ctx.policy.block_threads, 0));
    const std::int64_t blocks_per_sm =
        std::max(1, std::min(fitting_blocks, ctx.policy.walk_blocks_per_sm));
    const std::int64_t resident_warps = static_cast<std::int64_t>(ctx.multiprocessors) *
                                        blocks_per_sm * (ctx.policy.block_threads / 32);
    const std::int64_t warps = std::max<std::int64_t>(1, std::min(resident_warps, sublists));
    const std::int64_t chunk = (sublists + warps - 1) / warps;
    const std::int64_t used_warps = (sublists + chunk - 1) / chunk;
    const std::int64_t warps_per_block = ctx.policy.block_threads / 32;
    const auto blocks = static_cast<int>((used_warps + warps_per_block - 1) / warps_per_block);
    walk_sublists_kernel<<<blocks, ctx.policy.block_threads, 0, stream>>>(
        nodes.get(), splitter_node.get(), sublist_next.get(), sublist_total.get(), sublists, chunk,
        op, counters.get());
    FRONTIER_CHECK_LAUNCH();
    times.mark("walk");
  }
  mark_joins_kernel<<<ctx.stream_grid(sublists), ctx.policy.block_threads, 0, stream>>>(
      sublist_next.get(), sublists, joins_next_level.get(), counters.get());
  FRONTIER_CHECK_LAUNCH();
  FRONTIER_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(id_scan_temp.get(), id_scan_bytes,
                                                    joins_next_level.get(), next_id.get(),
                                                    sublists + 1, stream));
  times.mark("id_scan");
  FRONTIER_CUDA_CHECK(
      cudaMemcpyAsync(&checked, counters.get(), sizeof(checked), cudaMemcpyDeviceToHost, stream));
  const auto next_n = static_cast<std::int64_t>(read_scalar(next_id.get() + sublists, stream));
  const bool walks_consistent = checked.anomalies == 0 &&
                                checked.linked == static_cast<unsigned long long>(next_n) &&
                                static_cast<std::int64_t>(checked.covered) <= n;
  // One list has exactly one sublist that ends at its tail. Two walks that passed a node with
  // two predecessors in lockstep (neither saw the other's marks) end at the same place: at one
  // splitter (links outnumber joins) or at the tail (two sublists end there).
  const bool one_tail_sublist = sublists - static_cast<std::int64_t>(checked.linked) == 1;
  if (plan.usable) {
    // The staged walk cannot mark nodes: a node reached twice is walked twice, and both walks
    // end where the first ends (at one splitter: fewer joins than links; or at the tail, which
    // the fast path allows one sublist). So it is exact iff it recorded n nodes, no bound or
    // flag was hit and the links are consistent; anything else runs the level again in place.
    const StagedWalkCounters staged = read_scalar(staged_counters.get(), stream);
    if (staged.flags != 0 || staged.records != static_cast<unsigned long long>(n) ||
        !walks_consistent || (single_list && !one_tail_sublist)) {
      log_debug(where + ": staged walk discarded (flags " + std::to_string(staged.flags) +
                ", records " + std::to_string(staged.records) + "); in-place walk instead");
      return false;
    }
    checked.covered = staged.records;
  }
  if (single_list &&
      (!walks_consistent || !one_tail_sublist || static_cast<std::int64_t>(checked.covered) != n)) {
    // Not one valid list after all: the exact check names the fault (or it is a cycle).
    mark_predecessors();
    merge_heads_kernel<VertexT, kBlockThreads>
        <<<ctx.stream_grid(words), kBlockThreads, 0, stream>>>(has_predecessor.get(), nullptr, n,
                                                               words, nullptr, counters.get());
    FRONTIER_CHECK_LAUNCH();
    ListLevelCounters exact = read_scalar(counters.get(), stream);
    throw_structure_errors(exact, d_successor, n, is_splitter.get(), counters.get(), level, ctx);
  }
  if (!walks_consistent || static_cast<std::int64_t>(checked.covered) != n) {
    throw ValidationError("list prefix: the successors contain a cycle: the sublists cover only " +
                          std::to_string(checked.covered) + " of " + std::to_string(n) + " nodes" +
                          (level == 0
                               ? std::string{}
                               : " of the splitter list at GPU level " + std::to_string(level)));
  }
  if (level == 0) {
    ctx.stats->walk_seconds = phase.seconds();
    phase.restart();
  }
  times.mark("host: coverage");
  finish_next_ids_kernel<<<ctx.stream_grid(sublists), ctx.policy.block_threads, 0, stream>>>(
      joins_next_level.get(), next_id.get(), sublists);
  FRONTIER_CHECK_LAUNCH();
  log_debug(where + ": " + std::to_string(checked.heads) + " heads, " + std::to_string(sublists) +
            " sublists, " + std::to_string(next_n) + " join level " + std::to_string(level + 1));
  // The per-node scratch of this level is no longer needed; free it before going deeper.
  has_predecessor = {};
  is_splitter = {};
  word_count = {};
  word_offset = {};
  word_scan_temp = {};
  splitter_node = {};

  // 5. Rank the splitter list minus its heads.
  require_free(next_n * (sizeof(VertexT) + 2 * sizeof(ValueT)), where);
  PoolArray<VertexT> next_successor(next_n, stream);
  PoolArray<ValueT> next_values(next_n, stream);
  PoolArray<ValueT> next_prefix(next_n, stream);
  build_next_level_kernel<<<ctx.stream_grid(sublists), ctx.policy.block_threads, 0, stream>>>(
      sublist_next.get(), sublist_total.get(), next_id.get(), sublists, next_successor.get(),
      next_values.get());
  FRONTIER_CHECK_LAUNCH();
  times.mark("next_ids+build_next_level");
  sublist_next = {};
  sublist_total = {};
  joins_next_level = {};
  try {
    // Deeper levels never stage, so they always finish.
    static_cast<void>(rank_level(next_successor.get(),
                                 static_cast<const ValueT*>(next_values.get()), next_prefix.get(),
                                 next_n, op, level + 1, ctx));
  } catch (const ValidationError&) {
    throw ValidationError(
        "list prefix: the successors contain a cycle (through splitters; "
        "found while ranking the splitter list of GPU level " +
        std::to_string(level) + ")");
  }
  if (ctx.stats->levels == 0) ctx.stats->levels = level + 1;
  if (level == 0) {
    ctx.stats->splitter_seconds = phase.seconds();
    phase.restart();
  }

  times.mark("deeper levels");
  if (plan.usable) {
    // 6'. Split the records into windows (in the packed nodes, no longer read), then one block
    //     per window writes prefix = offset + local. Exact windows or the level runs again.
    require_free(sublists * sizeof(ValueT), where);
    PoolArray<ValueT> offsets(sublists, stream);
    staged_offsets_kernel<<<ctx.stream_grid(sublists), ctx.policy.block_threads, 0, stream>>>(
        next_id.get(), next_prefix.get(), sublists, offsets.get());
    FRONTIER_CHECK_LAUNCH();
    times.mark("offsets");
    auto* by_window = reinterpret_cast<unsigned long long*>(nodes.get());
    const std::size_t split_shared =
        std::size_t{kStagedTile} * sizeof(unsigned long long) +
        3 * (std::size_t{1} << (plan.low_bits - plan.window_bits)) * sizeof(unsigned);
    FRONTIER_CUDA_CHECK(cudaFuncSetAttribute(staged_split_kernel,
                                             cudaFuncAttributeMaxDynamicSharedMemorySize,
                                             static_cast<int>(split_shared)));
    const dim3 split_grid(static_cast<unsigned>((plan.region + kStagedTile - 1) / kStagedTile),
                          static_cast<unsigned>(plan.buckets));
    staged_split_kernel<<<split_grid, kStagedSplitThreads, split_shared, stream>>>(
        staged_records.get(), static_cast<unsigned>(plan.region), staged_region_used.get(),
        plan.low_bits, plan.window_bits, n, plan.windows, by_window, staged_window_used.get(),
        staged_counters.get());
    FRONTIER_CHECK_LAUNCH();
    times.mark("split");
    const std::size_t window_shared = (std::size_t{1} << plan.window_bits) * sizeof(ValueT);
    FRONTIER_CUDA_CHECK(cudaFuncSetAttribute(staged_window_kernel<ValueT>,
                                             cudaFuncAttributeMaxDynamicSharedMemorySize,
                                             static_cast<int>(window_shared)));
    staged_window_kernel<ValueT>
        <<<static_cast<unsigned>(plan.windows), kStagedWindowThreads, window_shared, stream>>>(
            by_window, staged_window_used.get(), n, plan.low_bits, plan.sublist_bits,
            plan.window_bits, offsets.get(), d_prefix, staged_counters.get());
    FRONTIER_CHECK_LAUNCH();
    times.mark("window_scatter");
    const StagedWalkCounters scattered = read_scalar(staged_counters.get(), stream);
    if (scattered.flags != 0 || scattered.bad_windows != 0 ||
        scattered.window_records != static_cast<unsigned long long>(n)) {
      log_debug(where + ": staged scatter discarded (flags " + std::to_string(scattered.flags) +
                ", bad windows " + std::to_string(scattered.bad_windows) +
                "); in-place walk instead");
      return false;
    }
    if (level == 0) ctx.stats->fixup_seconds = phase.seconds();
    if (times.enabled()) log_debug(where + " GPU timeline: " + times.report());
    return true;
  }
  // 6. Fix-up: one offset per sublist, then one gather per node.
  require_free(sublists * sizeof(SublistOffset<ValueT>), where);
  PoolArray<SublistOffset<ValueT>> offsets(sublists, stream);
  sublist_offsets_kernel<<<ctx.stream_grid(sublists), ctx.policy.block_threads, 0, stream>>>(
      next_id.get(), next_prefix.get(), sublists, offsets.get());
  FRONTIER_CHECK_LAUNCH();
  times.mark("offsets");
  fix_up_kernel<<<ctx.stream_grid(n), ctx.policy.block_threads, 0, stream>>>(
      nodes.get(), offsets.get(), n, op, d_prefix);
  FRONTIER_CHECK_LAUNCH();
  times.mark("fix_up");
  FRONTIER_CUDA_CHECK(cudaStreamSynchronize(stream));
  if (level == 0) ctx.stats->fixup_seconds = phase.seconds();
  if (times.enabled()) log_debug(where + " GPU timeline: " + times.report());
  return true;
}

template <typename VertexT, typename ValueT, typename OpT>
void wyllie(const VertexT* d_successor, const ValueT* d_values, ValueT* d_prefix, std::int64_t n,
            OpT op, Context& ctx) {
  if (n == 0) return;
  using Node = ListNode<VertexT, ValueT>;
  const cudaStream_t stream = ctx.stream;
  const std::int64_t words = (n + 31) / 32;
  require_free(2 * n * sizeof(Node) + words * sizeof(unsigned) + sizeof(ListLevelCounters),
               "list prefix (Wyllie) on the GPU (" + std::to_string(n) + " nodes)");
  PoolArray<Node> current(n, stream);
  PoolArray<Node> next(n, stream);
  PoolArray<unsigned> has_predecessor(words, stream);
  PoolArray<ListLevelCounters> counters(1, stream);
  reset_counters(counters.get(), stream);
  FRONTIER_CUDA_CHECK(cudaMemsetAsync(has_predecessor.get(), 0, words * sizeof(unsigned), stream));
  // 1. Check (no packing), then {value, predecessor} per node.
  check_and_pack_kernel<VertexT, ValueT>
      <<<ctx.per_node_grid(n), ctx.policy.block_threads, 0, stream>>>(
          d_successor, d_values, n, nullptr, has_predecessor.get(), counters.get());
  FRONTIER_CHECK_LAUNCH();
  merge_heads_kernel<VertexT, kBlockThreads><<<ctx.stream_grid(words), kBlockThreads, 0, stream>>>(
      has_predecessor.get(), nullptr, n, words, nullptr, counters.get());
  FRONTIER_CHECK_LAUNCH();
  ListLevelCounters checked{};
  FRONTIER_CUDA_CHECK(
      cudaMemcpyAsync(&checked, counters.get(), sizeof(checked), cudaMemcpyDeviceToHost, stream));
  FRONTIER_CUDA_CHECK(cudaStreamSynchronize(stream));
  throw_structure_errors(checked, d_successor, n, has_predecessor.get(), counters.get(), 0, ctx);
  has_predecessor = {};
  std::int64_t heads = 0;
  wyllie_init_kernel<<<ctx.stream_grid(n), ctx.policy.block_threads, 0, stream>>>(d_values, n,
                                                                                  current.get());
  FRONTIER_CHECK_LAUNCH();
  wyllie_link_kernel<<<ctx.stream_grid(n), ctx.policy.block_threads, 0, stream>>>(d_successor, n,
                                                                                  current.get());
  FRONTIER_CHECK_LAUNCH();
  // 2. Rounds until no node has a predecessor left; a path of length L needs ceil(log2 L), so
  //    still being active after bit_width(n) + 1 rounds means a cycle.
  const std::int64_t max_rounds = std::bit_width(static_cast<std::uint64_t>(n)) + 1;
  bool active = true;
  std::int64_t rounds = 0;
  while (active && rounds < max_rounds) {
    FRONTIER_CUDA_CHECK(
        cudaMemsetAsync(&counters.get()->active, 0, sizeof(unsigned long long), stream));
    wyllie_round_kernel<<<ctx.stream_grid(n), ctx.policy.block_threads, 0, stream>>>(
        current.get(), next.get(), n, op, counters.get());
    FRONTIER_CHECK_LAUNCH();
    std::swap(current, next);
    active = read_scalar(&counters.get()->active, stream) != 0;
    ++rounds;
  }
  if (active) {
    throw ValidationError(
        "list prefix: the successors contain a cycle (pointer jumping still "
        "linked after " +
        std::to_string(rounds) + " rounds over " + std::to_string(n) + " nodes)");
  }
  heads = static_cast<std::int64_t>(checked.heads);
  wyllie_output_kernel<<<ctx.stream_grid(n), ctx.policy.block_threads, 0, stream>>>(current.get(),
                                                                                    n, d_prefix);
  FRONTIER_CHECK_LAUNCH();
  FRONTIER_CUDA_CHECK(cudaStreamSynchronize(stream));
  ctx.stats->lists = heads;
  ctx.stats->levels = rounds;
}

Context make_context(std::uint64_t seed, void* stream, std::int64_t random_splitters,
                     ListRankingStats* stats) {
  int device = 0;
  FRONTIER_CUDA_CHECK(cudaGetDevice(&device));
  int major = 0;
  int max_threads_per_sm = 0;
  Context ctx;
  FRONTIER_CUDA_CHECK(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device));
  FRONTIER_CUDA_CHECK(
      cudaDeviceGetAttribute(&max_threads_per_sm, cudaDevAttrMaxThreadsPerMultiProcessor, device));
  FRONTIER_CUDA_CHECK(
      cudaDeviceGetAttribute(&ctx.multiprocessors, cudaDevAttrMultiProcessorCount, device));
  ctx.policy = list_ranking_policy(major, max_threads_per_sm);
  ctx.stream = static_cast<cudaStream_t>(stream);
  ctx.seed = seed;
  ctx.top_random_splitters = random_splitters;
  ctx.stats = stats;
  log_debug("list ranking on GPU " + std::to_string(device) + ": " + ctx.policy.describe());
  return ctx;
}

template <typename VertexT, typename ValueT, typename OpT>
void run_algorithm(const VertexT* d_successor, const ValueT* d_values, ValueT* d_prefix,
                   std::int64_t n, OpT op, ListRankingAlgorithm algorithm, Context& ctx) {
  if (algorithm == ListRankingAlgorithm::Wyllie) {
    wyllie(d_successor, d_values, d_prefix, n, op, ctx);
    return;
  }
  if (rank_level(d_successor, d_values, d_prefix, n, op, 0, ctx)) return;
  // The staged walk's result was discarded (invalid input, or a bound reached): the whole
  // ranking again with the in-place walk, which reports every structural error.
  ListRankingStats fresh;
  fresh.algorithm = ctx.stats->algorithm;
  *ctx.stats = fresh;
  ctx.staged_allowed = false;
  static_cast<void>(rank_level(d_successor, d_values, d_prefix, n, op, 0, ctx));
}

}  // namespace

template <typename VertexT, typename ValueT>
ListRankingStats list_prefix_device(const VertexT* d_successor, const ValueT* d_values,
                                    ValueT* d_prefix, std::int64_t n, ListOp op, std::uint64_t seed,
                                    void* stream, ListRankingAlgorithm algorithm,
                                    std::int64_t random_splitters, std::int64_t host_rank_below) {
  const frontier::detail::Timer timer;
  if (n < 0 || n > static_cast<std::int64_t>(std::numeric_limits<VertexT>::max())) {
    throw InvalidArgument("list prefix: " + std::to_string(n) +
                          " nodes is negative or does not fit the vertex type");
  }
  if (n > 0 && (d_successor == nullptr || d_prefix == nullptr)) {
    throw InvalidArgument("list prefix: null device pointer for " + std::to_string(n) + " nodes");
  }
  if (algorithm == ListRankingAlgorithm::Sequential) {
    throw InvalidArgument("list prefix: the Sequential algorithm runs on the CPU only");
  }
  ListRankingStats stats;
  stats.algorithm =
      algorithm == ListRankingAlgorithm::Wyllie ? algorithm : ListRankingAlgorithm::HelmanJaja;
  Context ctx = make_context(seed, stream, random_splitters, &stats);
  if (host_rank_below >= 0) ctx.policy.host_rank_below = host_rank_below;
  switch (op) {
    case ListOp::Sum:
      run_algorithm(d_successor, d_values, d_prefix, n, ListSumOp<ValueT>{}, algorithm, ctx);
      break;
    case ListOp::Min:
      run_algorithm(d_successor, d_values, d_prefix, n, ListMinOp<ValueT>{}, algorithm, ctx);
      break;
    case ListOp::Max:
      run_algorithm(d_successor, d_values, d_prefix, n, ListMaxOp<ValueT>{}, algorithm, ctx);
      break;
  }
  stats.seconds = timer.seconds();
  return stats;
}

template <typename VertexT>
ListRankingStats list_rank_device(const VertexT* d_successor, VertexT* d_rank, std::int64_t n,
                                  std::uint64_t seed, void* stream,
                                  ListRankingAlgorithm algorithm) {
  const frontier::detail::Timer timer;
  ListRankingStats stats = list_prefix_device<VertexT, VertexT>(
      d_successor, nullptr, d_rank, n, ListOp::Sum, seed, stream, algorithm, 0, -1);
  if (n > 0) {
    const auto cuda_stream = static_cast<cudaStream_t>(stream);
    const int blocks = capped_grid(static_cast<std::uint64_t>(n), 256, 4096);
    counts_to_ranks_kernel<<<blocks, 256, 0, cuda_stream>>>(d_rank, n);
    FRONTIER_CHECK_LAUNCH();
    FRONTIER_CUDA_CHECK(cudaStreamSynchronize(cuda_stream));
  }
  stats.seconds = timer.seconds();
  return stats;
}

template <typename VertexT, typename ValueT>
ListRankingStats list_prefix_host(std::span<const VertexT> successor, const ValueT* values,
                                  ListOp op, ValueT* prefix, ListRankingAlgorithm algorithm,
                                  const ListRankingOptions& options) {
  const int id = options.device.cuda_ids.empty() ? 0 : options.device.cuda_ids.front();
  const DeviceScope scope(id);
  const auto n = static_cast<std::int64_t>(successor.size());
  if (n == 0) {
    ListRankingStats stats;
    stats.algorithm = algorithm;
    return stats;
  }
  // The inputs, the output and the first level's per-node array (the largest piece).
  const std::uint64_t io_bytes =
      n * (sizeof(VertexT) + (values != nullptr ? sizeof(ValueT) : 0) + sizeof(ValueT));
  const std::uint64_t level_bytes =
      n * sizeof(ListNode<VertexT, ValueT>) * (algorithm == ListRankingAlgorithm::Wyllie ? 2 : 1);
  require_free(io_bytes + level_bytes,
               "list prefix on GPU " + std::to_string(id) + " (" + std::to_string(n) + " nodes)");
  PoolArray<VertexT> d_successor(n, nullptr);
  PoolArray<ValueT> d_values(values != nullptr ? n : 0, nullptr);
  PoolArray<ValueT> d_prefix(n, nullptr);
  copy_to_device(d_successor.get(), successor.data(), n * sizeof(VertexT));
  if (values != nullptr) copy_to_device(d_values.get(), values, n * sizeof(ValueT));
  ListRankingStats stats = list_prefix_device<VertexT, ValueT>(
      d_successor.get(), d_values.get(), d_prefix.get(), n, op, options.seed, nullptr, algorithm,
      options.sublists, options.host_rank_below);
  copy_to_host(prefix, d_prefix.get(), n * sizeof(ValueT));
  return stats;
}

#define FRONTIER_INSTANTIATE_CUDA_LIST_PREFIX(VertexT, ValueT)                            \
  template ListRankingStats list_prefix_device<VertexT, ValueT>(                          \
      const VertexT*, const ValueT*, ValueT*, std::int64_t, ListOp, std::uint64_t, void*, \
      ListRankingAlgorithm, std::int64_t, std::int64_t);                                  \
  template ListRankingStats list_prefix_host<VertexT, ValueT>(                            \
      std::span<const VertexT>, const ValueT*, ListOp, ValueT*, ListRankingAlgorithm,     \
      const ListRankingOptions&);
FRONTIER_INSTANTIATE_CUDA_LIST_PREFIX(std::int32_t, std::int32_t)
FRONTIER_INSTANTIATE_CUDA_LIST_PREFIX(std::int32_t, std::int64_t)
FRONTIER_INSTANTIATE_CUDA_LIST_PREFIX(std::int32_t, double)
FRONTIER_INSTANTIATE_CUDA_LIST_PREFIX(std::int64_t, std::int32_t)
FRONTIER_INSTANTIATE_CUDA_LIST_PREFIX(std::int64_t, std::int64_t)
FRONTIER_INSTANTIATE_CUDA_LIST_PREFIX(std::int64_t, double)
#undef FRONTIER_INSTANTIATE_CUDA_LIST_PREFIX

template ListRankingStats list_rank_device<std::int32_t>(const std::int32_t*, std::int32_t*,
                                                         std::int64_t, std::uint64_t, void*,
                                                         ListRankingAlgorithm);
template ListRankingStats list_rank_device<std::int64_t>(const std::int64_t*, std::int64_t*,
                                                         std::int64_t, std::uint64_t, void*,
                                                         ListRankingAlgorithm);

}  // namespace frontier::cuda
