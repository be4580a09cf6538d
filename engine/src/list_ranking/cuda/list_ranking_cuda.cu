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
#include "cuda/staged_copy.hpp"
#include "cuda/stream.cuh"
#include "frontier/detail/timer.hpp"
#include "frontier/errors.hpp"
#include "list_ranking/cuda/list_ranking_cuda.hpp"
#include "list_ranking/cuda/list_ranking_kernels.cuh"
#include "list_ranking/cuda/list_ranking_tuning.hpp"
#include "list_ranking/cuda/staged_walk_kernels.cuh"
#include "list_ranking/cuda/staged_walk_plan.hpp"
#include "list_ranking/list_prefix_generic.hpp"
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

template <typename VertexT, typename ValueT, typename OpT>
bool rank_level(const VertexT* d_successor, const ValueT* d_values, ValueT* d_prefix,
                std::int64_t n, OpT op, int level, Context& ctx);

/// One level on the GPU (steps 1-6 of the file comment), the splitter list ranked by the next
/// level. Holds the level's device arrays, each taken from the pool once its size is known and
/// returned as soon as no later step reads it (before going deeper where possible), and what
/// one step hands the next.
template <typename VertexT, typename ValueT, typename OpT>
class LevelOnDevice {
 public:
  LevelOnDevice(const VertexT* d_successor, const ValueT* d_values, ValueT* d_prefix,
                std::int64_t n, OpT op, int level, Context& ctx)
      : d_successor_(d_successor),
        d_values_(d_values),
        d_prefix_(d_prefix),
        n_(n),
        op_(op),
        level_(level),
        ctx_(ctx),
        stream_(ctx.stream),
        words_((n + 31) / 32),
        times_(debug_enabled(), ctx.stream),
        where_("list prefix on the GPU, level " + std::to_string(level) + " (" + std::to_string(n) +
               " nodes)") {}

  /// Returns false only at level 0 when the staged walk's result was discarded (the caller then
  /// runs the level again with the in-place walk); deeper levels always finish.
  bool run() {
    // 1-3. Check, pack, splitters, splitter ids.
    allocate_node_arrays();
    pack_and_pick_random_splitters();
    mark_heads();
    count_sublists();
    // 4. Walks, staged or in place, and their checks.
    allocate_sublist_arrays();
    list_splitters();
    if (plan_.usable) {
      staged_walk();
    } else {
      in_place_walk();
    }
    if (!walks_cover_the_level()) return false;
    number_next_level();
    // 5. The splitter list minus its heads, ranked one level deeper.
    rank_splitter_list();
    // 6. Fix-up.
    times_.mark("deeper levels");
    return plan_.usable ? staged_fix_up() : fix_up();
  }

 private:
  using Node = ListNode<VertexT, ValueT>;

  /// 1-3: every per-node and per-word array, sized first.
  void allocate_node_arrays() {
    FRONTIER_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(
        nullptr, word_scan_bytes_, static_cast<VertexT*>(nullptr), static_cast<VertexT*>(nullptr),
        static_cast<std::int64_t>(words_ + 1), stream_));
    require_free(n_ * sizeof(Node) + 2 * words_ * sizeof(unsigned) +
                     2 * (words_ + 1) * sizeof(VertexT) + word_scan_bytes_ +
                     sizeof(ListLevelCounters),
                 where_);
    nodes_ = PoolArray<Node>(n_, stream_);
    has_predecessor_ = PoolArray<unsigned>(words_, stream_);
    is_splitter_ = PoolArray<unsigned>(words_, stream_);
    word_count_ = PoolArray<VertexT>(words_ + 1, stream_);
    word_offset_ = PoolArray<VertexT>(words_ + 1, stream_);
    word_scan_temp_ = PoolArray<unsigned char>(word_scan_bytes_, stream_);
    counters_ = PoolArray<ListLevelCounters>(1, stream_);
    reset_counters(counters_.get(), stream_);
    FRONTIER_CUDA_CHECK(
        cudaMemsetAsync(has_predecessor_.get(), 0, words_ * sizeof(unsigned), stream_));
    FRONTIER_CUDA_CHECK(cudaMemsetAsync(is_splitter_.get(), 0, words_ * sizeof(unsigned), stream_));
    FRONTIER_CUDA_CHECK(cudaMemsetAsync(word_count_.get() + words_, 0, sizeof(VertexT), stream_));
  }

  /// The exact check marks every node's predecessor with an atomic (~2^28 of them at the top
  /// level, as costly as a pointer chase). A single list (one tail) skips it: its head follows
  /// from the sum of successors, and the walks verify the structure afterwards.
  void mark_predecessors() {
    FRONTIER_CUDA_CHECK(
        cudaMemsetAsync(has_predecessor_.get(), 0, words_ * sizeof(unsigned), stream_));
    mark_predecessors_kernel<<<ctx_.stream_grid(n_), ctx_.policy.block_threads, 0, stream_>>>(
        d_successor_, n_, has_predecessor_.get());
    FRONTIER_CHECK_LAUNCH();
  }

  /// 1-2: check the successors and pack the nodes; mark the random splitters.
  void pack_and_pick_random_splitters() {
    times_.mark("start");
    check_and_pack_kernel<<<ctx_.per_node_grid(n_), ctx_.policy.block_threads, 0, stream_>>>(
        d_successor_, d_values_, n_, nodes_.get(),
        try_single_list() ? nullptr : has_predecessor_.get(), counters_.get());
    FRONTIER_CHECK_LAUNCH();
    times_.mark("check_and_pack");
    random_splitters_ =
        level_ == 0 && ctx_.top_random_splitters > 0
            ? ctx_.top_random_splitters
            : std::max<std::int64_t>(1, n_ / (level_ == 0 ? ctx_.policy.nodes_per_sublist
                                                          : ctx_.policy.deeper_nodes_per_sublist));
    const std::uint64_t level_seed = mix64(ctx_.seed + static_cast<std::uint64_t>(level_));
    mark_random_splitters_kernel<<<ctx_.stream_grid(random_splitters_), ctx_.policy.block_threads,
                                   0, stream_>>>(n_, random_splitters_, level_seed,
                                                 is_splitter_.get());
    FRONTIER_CHECK_LAUNCH();
    times_.mark("random_splitters");
  }

  bool try_single_list() const { return level_ == 0; }

  /// 2-3: every head becomes a splitter (the one head of a single list, found from the sum of
  /// successors; else the nodes without a predecessor); splitter ids by a scan of per-word counts.
  void mark_heads() {
    if (try_single_list()) {
      checked_ = read_scalar(counters_.get(), stream_);
      if (checked_.first_out_of_range == kNone && checked_.tails == 1) {
        // Sum of all ids minus the sum of successors (mod 2^64) is the head, if one list.
        const auto count = static_cast<std::uint64_t>(n_);
        const std::uint64_t all_ids =
            count % 2 == 0 ? (count / 2) * (count - 1) : count * ((count - 1) / 2);
        const std::uint64_t head = all_ids - checked_.successor_sum;
        if (head < count) {
          single_list_ = true;
          mark_node_kernel<<<1, 1, 0, stream_>>>(static_cast<std::int64_t>(head),
                                                 is_splitter_.get());
          FRONTIER_CHECK_LAUNCH();
        }
      }
      if (!single_list_) mark_predecessors();
    }
    merge_heads_kernel<VertexT, kBlockThreads>
        <<<ctx_.stream_grid(words_), kBlockThreads, 0, stream_>>>(
            single_list_ ? nullptr : has_predecessor_.get(), is_splitter_.get(), n_, words_,
            word_count_.get(), counters_.get());
    FRONTIER_CHECK_LAUNCH();
    times_.mark("merge_heads");
    FRONTIER_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(
        word_scan_temp_.get(), word_scan_bytes_, word_count_.get(), word_offset_.get(),
        static_cast<std::int64_t>(words_ + 1), stream_));
    times_.mark("word_scan");
  }

  /// 3: the splitter count, and the check's errors (none to find on a single list).
  void count_sublists() {
    FRONTIER_CUDA_CHECK(cudaMemcpyAsync(&checked_, counters_.get(), sizeof(checked_),
                                        cudaMemcpyDeviceToHost, stream_));
    sublists_ = static_cast<std::int64_t>(read_scalar(word_offset_.get() + words_, stream_));
    if (single_list_) {
      checked_.heads = 1;
    } else {
      throw_structure_errors(checked_, d_successor_, n_, is_splitter_.get(), counters_.get(),
                             level_, ctx_);
    }
    if (level_ == 0) {
      ctx_.stats->lists = static_cast<std::int64_t>(checked_.heads);
      ctx_.stats->sublists = sublists_;
      ctx_.stats->check_seconds = phase_.seconds();
      phase_.restart();
    }
  }

  /// 4: the sublist arrays, sized now that the splitter count is known.
  void allocate_sublist_arrays() {
    FRONTIER_CUDA_CHECK(
        cub::DeviceScan::ExclusiveSum(nullptr, id_scan_bytes_, static_cast<VertexT*>(nullptr),
                                      static_cast<VertexT*>(nullptr), sublists_ + 1, stream_));
    require_free((sublists_ + 1) * (4 * sizeof(VertexT) + sizeof(ValueT)) + id_scan_bytes_, where_);
    splitter_node_ = PoolArray<VertexT>(sublists_, stream_);
    sublist_next_ = PoolArray<VertexT>(sublists_, stream_);
    sublist_total_ = PoolArray<ValueT>(sublists_, stream_);
    joins_next_level_ = PoolArray<VertexT>(sublists_ + 1, stream_);
    next_id_ = PoolArray<VertexT>(sublists_ + 1, stream_);
    id_scan_temp_ = PoolArray<unsigned char>(id_scan_bytes_, stream_);
    FRONTIER_CUDA_CHECK(
        cudaMemsetAsync(joins_next_level_.get(), 0, (sublists_ + 1) * sizeof(VertexT), stream_));
    times_.mark("host: checks, allocation");
  }

  /// 4: each splitter's node and first link; then which walk this level takes.
  void list_splitters() {
    list_splitters_kernel<<<ctx_.stream_grid(words_), ctx_.policy.block_threads, 0, stream_>>>(
        is_splitter_.get(), word_offset_.get(), words_, nodes_.get(), splitter_node_.get(),
        sublist_next_.get());
    FRONTIER_CHECK_LAUNCH();
    times_.mark("list_splitters");
    plan_ = staged_walk_plan<VertexT, ValueT, OpT>(
        d_values_, n_, sublists_, random_splitters_,
        static_cast<std::int64_t>(checked_.local_successors), level_, ctx_);
    if (level_ == 0) ctx_.stats->gpu_walk = plan_.usable ? ListWalk::Staged : ListWalk::InPlace;
  }

  /// 4'. The staged read-only walk: records by bucket, the same sublist totals and links.
  void staged_walk() {
    staged_records_ = PoolArray<unsigned long long>(plan_.buckets * plan_.region, stream_);
    staged_region_used_ = PoolArray<unsigned>(StagedWalk::kBuckets, stream_);
    staged_window_used_ = PoolArray<unsigned>(plan_.windows, stream_);
    staged_counters_ = PoolArray<StagedWalkCounters>(1, stream_);
    FRONTIER_CUDA_CHECK(cudaMemsetAsync(staged_region_used_.get(), 0,
                                        StagedWalk::kBuckets * sizeof(unsigned), stream_));
    FRONTIER_CUDA_CHECK(
        cudaMemsetAsync(staged_window_used_.get(), 0, plan_.windows * sizeof(unsigned), stream_));
    FRONTIER_CUDA_CHECK(
        cudaMemsetAsync(staged_counters_.get(), 0, sizeof(StagedWalkCounters), stream_));
    staged_walk_kernel<StagedWalk, Node, VertexT, ValueT>
        <<<static_cast<int>(plan_.blocks), StagedWalk::kBlockThreads, StagedWalk::kSharedBytes,
           stream_>>>(nodes_.get(), splitter_node_.get(), sublist_next_.get(), sublist_total_.get(),
                      static_cast<int>(sublists_), static_cast<int>(plan_.chunk), plan_.low_bits,
                      plan_.sublist_bits, static_cast<unsigned>(plan_.max_steps),
                      staged_records_.get(), static_cast<unsigned>(plan_.region),
                      static_cast<unsigned>(ctx_.policy.staged_walk_segment),
                      staged_region_used_.get(), staged_counters_.get());
    FRONTIER_CHECK_LAUNCH();
    times_.mark("staged_walk");
  }

  /// 4. Warp-balanced sequential walks in place.
  void in_place_walk() {
    // One wave: as many blocks per SM as the policy asks and the kernel's registers allow
    // (64-bit instantiations hold fewer than 2048 threads per SM).
    int fitting_blocks = 0;
    FRONTIER_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
        &fitting_blocks, walk_sublists_kernel<VertexT, ValueT, OpT>, ctx_.policy.block_threads, 0));
    const std::int64_t blocks_per_sm =
        std::max(1, std::min(fitting_blocks, ctx_.policy.walk_blocks_per_sm));
    const std::int64_t resident_warps = static_cast<std::int64_t>(ctx_.multiprocessors) *
                                        blocks_per_sm * (ctx_.policy.block_threads / 32);
    const std::int64_t warps = std::max<std::int64_t>(1, std::min(resident_warps, sublists_));
    const std::int64_t chunk = (sublists_ + warps - 1) / warps;
    const std::int64_t used_warps = (sublists_ + chunk - 1) / chunk;
    const std::int64_t warps_per_block = ctx_.policy.block_threads / 32;
    const auto blocks = static_cast<int>((used_warps + warps_per_block - 1) / warps_per_block);
    walk_sublists_kernel<<<blocks, ctx_.policy.block_threads, 0, stream_>>>(
        nodes_.get(), splitter_node_.get(), sublist_next_.get(), sublist_total_.get(), sublists_,
        chunk, op_, counters_.get());
    FRONTIER_CHECK_LAUNCH();
    times_.mark("walk");
  }

  /// 4: the sublists that join the next level and their ids; whether the walks covered every
  /// node exactly once. Returns false when a staged walk must run again in place; throws the
  /// structural error (or the cycle) the walks found.
  bool walks_cover_the_level() {
    mark_joins_kernel<<<ctx_.stream_grid(sublists_), ctx_.policy.block_threads, 0, stream_>>>(
        sublist_next_.get(), sublists_, joins_next_level_.get(), counters_.get());
    FRONTIER_CHECK_LAUNCH();
    FRONTIER_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(id_scan_temp_.get(), id_scan_bytes_,
                                                      joins_next_level_.get(), next_id_.get(),
                                                      sublists_ + 1, stream_));
    times_.mark("id_scan");
    FRONTIER_CUDA_CHECK(cudaMemcpyAsync(&checked_, counters_.get(), sizeof(checked_),
                                        cudaMemcpyDeviceToHost, stream_));
    next_n_ = static_cast<std::int64_t>(read_scalar(next_id_.get() + sublists_, stream_));
    const bool walks_consistent = checked_.anomalies == 0 &&
                                  checked_.linked == static_cast<unsigned long long>(next_n_) &&
                                  static_cast<std::int64_t>(checked_.covered) <= n_;
    // One list has exactly one sublist that ends at its tail. Two walks that passed a node with
    // two predecessors in lockstep (neither saw the other's marks) end at the same place: at one
    // splitter (links outnumber joins) or at the tail (two sublists end there).
    const bool one_tail_sublist = sublists_ - static_cast<std::int64_t>(checked_.linked) == 1;
    if (plan_.usable) {
      // The staged walk cannot mark nodes: a node reached twice is walked twice, and both walks
      // end where the first ends (at one splitter: fewer joins than links; or at the tail, which
      // the fast path allows one sublist). So it is exact iff it recorded n nodes, no bound or
      // flag was hit and the links are consistent; anything else runs the level again in place.
      const StagedWalkCounters staged = read_scalar(staged_counters_.get(), stream_);
      if (staged.flags != 0 || staged.records != static_cast<unsigned long long>(n_) ||
          !walks_consistent || (single_list_ && !one_tail_sublist)) {
        log_debug(where_ + ": staged walk discarded (flags " + std::to_string(staged.flags) +
                  ", records " + std::to_string(staged.records) + "); in-place walk instead");
        return false;
      }
      checked_.covered = staged.records;
    }
    if (single_list_ && (!walks_consistent || !one_tail_sublist ||
                         static_cast<std::int64_t>(checked_.covered) != n_)) {
      // Not one valid list after all: the exact check names the fault (or it is a cycle).
      mark_predecessors();
      merge_heads_kernel<VertexT, kBlockThreads>
          <<<ctx_.stream_grid(words_), kBlockThreads, 0, stream_>>>(
              has_predecessor_.get(), nullptr, n_, words_, nullptr, counters_.get());
      FRONTIER_CHECK_LAUNCH();
      ListLevelCounters exact = read_scalar(counters_.get(), stream_);
      throw_structure_errors(exact, d_successor_, n_, is_splitter_.get(), counters_.get(), level_,
                             ctx_);
    }
    if (!walks_consistent || static_cast<std::int64_t>(checked_.covered) != n_) {
      throw ValidationError(
          "list prefix: the successors contain a cycle: the sublists cover only " +
          std::to_string(checked_.covered) + " of " + std::to_string(n_) + " nodes" +
          (level_ == 0 ? std::string{}
                       : " of the splitter list at GPU level " + std::to_string(level_)));
    }
    if (level_ == 0) {
      ctx_.stats->walk_seconds = phase_.seconds();
      phase_.restart();
    }
    times_.mark("host: coverage");
    return true;
  }

  /// 4: the next level's ids; the per-node scratch of this level, no longer needed, goes back
  /// to the pool before going deeper.
  void number_next_level() {
    finish_next_ids_kernel<<<ctx_.stream_grid(sublists_), ctx_.policy.block_threads, 0, stream_>>>(
        joins_next_level_.get(), next_id_.get(), sublists_);
    FRONTIER_CHECK_LAUNCH();
    log_debug(where_ + ": " + std::to_string(checked_.heads) + " heads, " +
              std::to_string(sublists_) + " sublists, " + std::to_string(next_n_) + " join level " +
              std::to_string(level_ + 1));
    has_predecessor_ = {};
    is_splitter_ = {};
    word_count_ = {};
    word_offset_ = {};
    word_scan_temp_ = {};
    splitter_node_ = {};
  }

  /// 5. Rank the splitter list minus its heads, valued by each predecessor sublist's total.
  void rank_splitter_list() {
    require_free(next_n_ * (sizeof(VertexT) + 2 * sizeof(ValueT)), where_);
    next_successor_ = PoolArray<VertexT>(next_n_, stream_);
    next_values_ = PoolArray<ValueT>(next_n_, stream_);
    next_prefix_ = PoolArray<ValueT>(next_n_, stream_);
    build_next_level_kernel<<<ctx_.stream_grid(sublists_), ctx_.policy.block_threads, 0, stream_>>>(
        sublist_next_.get(), sublist_total_.get(), next_id_.get(), sublists_, next_successor_.get(),
        next_values_.get());
    FRONTIER_CHECK_LAUNCH();
    times_.mark("next_ids+build_next_level");
    sublist_next_ = {};
    sublist_total_ = {};
    joins_next_level_ = {};
    try {
      // Deeper levels never stage, so they always finish.
      static_cast<void>(rank_level(next_successor_.get(),
                                   static_cast<const ValueT*>(next_values_.get()),
                                   next_prefix_.get(), next_n_, op_, level_ + 1, ctx_));
    } catch (const ValidationError&) {
      throw ValidationError(
          "list prefix: the successors contain a cycle (through splitters; "
          "found while ranking the splitter list of GPU level " +
          std::to_string(level_) + ")");
    }
    if (ctx_.stats->levels == 0) ctx_.stats->levels = level_ + 1;
    if (level_ == 0) {
      ctx_.stats->splitter_seconds = phase_.seconds();
      phase_.restart();
    }
  }

  /// 6'. Split the records into windows (in the packed nodes, no longer read), then one block
  ///     per window writes prefix = offset + local. Exact windows or the level runs again.
  bool staged_fix_up() {
    require_free(sublists_ * sizeof(ValueT), where_);
    PoolArray<ValueT> offsets(sublists_, stream_);
    staged_offsets_kernel<<<ctx_.stream_grid(sublists_), ctx_.policy.block_threads, 0, stream_>>>(
        next_id_.get(), next_prefix_.get(), sublists_, offsets.get());
    FRONTIER_CHECK_LAUNCH();
    times_.mark("offsets");
    auto* by_window = reinterpret_cast<unsigned long long*>(nodes_.get());
    const std::size_t split_shared =
        std::size_t{kStagedTile} * sizeof(unsigned long long) +
        3 * (std::size_t{1} << (plan_.low_bits - plan_.window_bits)) * sizeof(unsigned);
    FRONTIER_CUDA_CHECK(cudaFuncSetAttribute(staged_split_kernel,
                                             cudaFuncAttributeMaxDynamicSharedMemorySize,
                                             static_cast<int>(split_shared)));
    const dim3 split_grid(static_cast<unsigned>((plan_.region + kStagedTile - 1) / kStagedTile),
                          static_cast<unsigned>(plan_.buckets));
    staged_split_kernel<<<split_grid, kStagedSplitThreads, split_shared, stream_>>>(
        staged_records_.get(), static_cast<unsigned>(plan_.region), staged_region_used_.get(),
        plan_.low_bits, plan_.window_bits, n_, plan_.windows, by_window, staged_window_used_.get(),
        staged_counters_.get());
    FRONTIER_CHECK_LAUNCH();
    times_.mark("split");
    const std::size_t window_shared = (std::size_t{1} << plan_.window_bits) * sizeof(ValueT);
    FRONTIER_CUDA_CHECK(cudaFuncSetAttribute(staged_window_kernel<ValueT>,
                                             cudaFuncAttributeMaxDynamicSharedMemorySize,
                                             static_cast<int>(window_shared)));
    staged_window_kernel<ValueT>
        <<<static_cast<unsigned>(plan_.windows), kStagedWindowThreads, window_shared, stream_>>>(
            by_window, staged_window_used_.get(), n_, plan_.low_bits, plan_.sublist_bits,
            plan_.window_bits, offsets.get(), d_prefix_, staged_counters_.get());
    FRONTIER_CHECK_LAUNCH();
    times_.mark("window_scatter");
    const StagedWalkCounters scattered = read_scalar(staged_counters_.get(), stream_);
    if (scattered.flags != 0 || scattered.bad_windows != 0 ||
        scattered.window_records != static_cast<unsigned long long>(n_)) {
      log_debug(where_ + ": staged scatter discarded (flags " + std::to_string(scattered.flags) +
                ", bad windows " + std::to_string(scattered.bad_windows) +
                "); in-place walk instead");
      return false;
    }
    if (level_ == 0) ctx_.stats->fixup_seconds = phase_.seconds();
    if (times_.enabled()) log_debug(where_ + " GPU timeline: " + times_.report());
    return true;
  }

  /// 6. Fix-up: one offset per sublist, then one gather per node.
  bool fix_up() {
    require_free(sublists_ * sizeof(SublistOffset<ValueT>), where_);
    PoolArray<SublistOffset<ValueT>> offsets(sublists_, stream_);
    sublist_offsets_kernel<<<ctx_.stream_grid(sublists_), ctx_.policy.block_threads, 0, stream_>>>(
        next_id_.get(), next_prefix_.get(), sublists_, offsets.get());
    FRONTIER_CHECK_LAUNCH();
    times_.mark("offsets");
    fix_up_kernel<<<ctx_.stream_grid(n_), ctx_.policy.block_threads, 0, stream_>>>(
        nodes_.get(), offsets.get(), n_, op_, d_prefix_);
    FRONTIER_CHECK_LAUNCH();
    times_.mark("fix_up");
    FRONTIER_CUDA_CHECK(cudaStreamSynchronize(stream_));
    if (level_ == 0) ctx_.stats->fixup_seconds = phase_.seconds();
    if (times_.enabled()) log_debug(where_ + " GPU timeline: " + times_.report());
    return true;
  }

  const VertexT* d_successor_;
  const ValueT* d_values_;
  ValueT* d_prefix_;
  std::int64_t n_;
  OpT op_;
  int level_;
  Context& ctx_;
  cudaStream_t stream_;
  std::int64_t words_;
  /// Host time of the level-0 phases (ListRankingStats), restarted at each phase's end.
  frontier::detail::Timer phase_;
  KernelTimes times_;
  std::string where_;

  // Handed from step to step.
  std::size_t word_scan_bytes_ = 0;
  std::size_t id_scan_bytes_ = 0;
  std::int64_t random_splitters_ = 0;
  ListLevelCounters checked_{};
  bool single_list_ = false;
  std::int64_t sublists_ = 0;
  StagedWalkPlan plan_;
  /// Nodes of the next level (sublists that join it).
  std::int64_t next_n_ = 0;

  // 1-3: per node and per word.
  PoolArray<Node> nodes_;
  PoolArray<unsigned> has_predecessor_;
  PoolArray<unsigned> is_splitter_;
  PoolArray<VertexT> word_count_;
  PoolArray<VertexT> word_offset_;
  PoolArray<unsigned char> word_scan_temp_;
  PoolArray<ListLevelCounters> counters_;
  // 4: per sublist.
  PoolArray<VertexT> splitter_node_;
  PoolArray<VertexT> sublist_next_;
  PoolArray<ValueT> sublist_total_;
  PoolArray<VertexT> joins_next_level_;
  PoolArray<VertexT> next_id_;
  PoolArray<unsigned char> id_scan_temp_;
  // 4': the staged walk's.
  PoolArray<unsigned long long> staged_records_;
  PoolArray<unsigned> staged_region_used_;
  PoolArray<unsigned> staged_window_used_;
  PoolArray<StagedWalkCounters> staged_counters_;
  // 5: the next level.
  PoolArray<VertexT> next_successor_;
  PoolArray<ValueT> next_values_;
  PoolArray<ValueT> next_prefix_;
};

/// One level: the host's sequential walk below host_rank_below nodes, else on the GPU
/// (LevelOnDevice). Returns false only at level 0 when the staged walk's result was discarded
/// (the caller then runs the level again with the in-place walk); deeper levels always finish.
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
  LevelOnDevice<VertexT, ValueT, OpT> on_device(d_successor, d_values, d_prefix, n, op, level, ctx);
  return on_device.run();
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
