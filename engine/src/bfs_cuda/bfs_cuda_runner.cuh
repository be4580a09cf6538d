/// @file bfs_cuda_runner.cuh
/// @brief BfsRunner's definition: the single-GPU BFS host loop (see bfs_cuda.hpp for the
/// algorithm and its sources). Included by bfs_cuda_i32.cu and bfs_cuda_i64.cu, which
/// instantiate it for 32- and 64-bit vertex ids in parallel compilations.
//
// State between levels, for the level L being claimed:
//  - top-down: edge queue E(L) of candidates of depth L (with predecessors) in edge buffer
//    `edge_buffer`, its length known on the host;
//  - bottom-up: bitmap frontier(L) of the vertices of depth L in frontier buffer `frontier_buffer`.
// Top-down step L contracts E(L) (claims and labels depth L) and expands the claimed vertices
// into E(L + 1): fused in one kernel, or contract into the vertex queue then expand (two-phase).
// A bottom-up step L + 1 reads frontier(L) and writes frontier(L + 1). Level L's kernels count
// into counter slot L % kCounterSlots, which the host reads once per level (twice when the
// direction-optimizing strategy chooses a direction after contraction): the only host syncs.
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <unordered_map>
#include <utility>

#include "bfs_cuda.hpp"
#include "bfs_cuda_log.hpp"
#include "bfs_cuda_tuning.hpp"
#include "bfs_kernels.cuh"
#include "device_buffer.cuh"
#include "device_graph.cuh"
#include "frontier/detail/cuda_check.cuh"
#include "frontier/detail/timer.hpp"
#include "frontier/errors.hpp"

namespace frontier::cuda {

namespace {

/// A CUDA stream owned by the runner.
class Stream {
 public:
  Stream() { FRONTIER_CUDA_CHECK(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking)); }
  ~Stream() {
    if (stream_ != nullptr) cudaStreamDestroy(stream_);
  }
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;
  cudaStream_t get() const noexcept { return stream_; }

 private:
  cudaStream_t stream_ = nullptr;
};

/// Page-locked host memory for the per-level counter read-back.
class PinnedCounters {
 public:
  PinnedCounters() {
    FRONTIER_CUDA_CHECK(cudaMallocHost(&data_, sizeof(BfsCounters) * kCounterSlots));
  }
  ~PinnedCounters() {
    if (data_ != nullptr) cudaFreeHost(data_);
  }
  PinnedCounters(const PinnedCounters&) = delete;
  PinnedCounters& operator=(const PinnedCounters&) = delete;
  BfsCounters* get() const noexcept { return data_; }

 private:
  BfsCounters* data_ = nullptr;
};

/// Blocks of `kernel` (with kBfsBlockThreads threads) that fit on the whole GPU at once.
int resident_blocks(const void* kernel, int multiprocessors) {
  int per_sm = 0;
  FRONTIER_CUDA_CHECK(
      cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, kBfsBlockThreads, 0));
  return std::max(1, per_sm) * multiprocessors;
}

std::string format_seconds_us(double seconds) {
  char text[32];
  std::snprintf(text, sizeof(text), "%.1f us", seconds * 1e6);
  return text;
}

}  // namespace

template <typename VertexT, typename EdgeT>
struct BfsRunner<VertexT, EdgeT>::Impl {
  using Args = BfsLevelArgs<VertexT, EdgeT>;

  int device_id = 0;
  VertexT num_vertices = 0;
  EdgeT num_edges = 0;
  int multiprocessors = 0;
  std::uint64_t resident_threads = 0;

  DeviceGraph<VertexT, EdgeT> graph;
  DeviceBuffer<std::int32_t> d_depth;
  DeviceBuffer<VertexT> d_parent;
  DeviceBuffer<BitmapWord> d_visited;
  DeviceBuffer<BitmapWord> d_frontier[2];
  DeviceBuffer<VertexT> d_vertex_queue;
  DeviceBuffer<VertexT> d_edge_queue[2];
  DeviceBuffer<VertexT> d_edge_preds[2];
  DeviceBuffer<BfsCounters> d_counters;
  PinnedCounters h_counters;
  Stream stream;
  BfsCudaRunStats stats;

  /// Device bytes of everything but the graph.
  static std::uint64_t workspace_bytes(std::uint64_t n, std::uint64_t m) {
    const std::uint64_t words = bitmap_words(n);
    return device_bytes_for<std::int32_t>(n) + device_bytes_for<VertexT>(n) +
           3 * device_bytes_for<BitmapWord>(words) + device_bytes_for<VertexT>(n) +
           4 * device_bytes_for<VertexT>(m) + device_bytes_for<BfsCounters>(kCounterSlots);
  }

  Impl(const CsrGraph<VertexT, EdgeT>& host_graph, int device)
      : device_id(device),
        num_vertices(host_graph.num_vertices()),
        num_edges(host_graph.num_edges()) {
    FRONTIER_CUDA_CHECK(cudaSetDevice(device_id));
    // 1. Size everything against free memory before the first allocation.
    const std::uint64_t n = static_cast<std::uint64_t>(num_vertices);
    const std::uint64_t m = static_cast<std::uint64_t>(num_edges);
    require_device_memory(
        "BFS on a graph of " + std::to_string(n) + " vertices and " + std::to_string(m) +
            " arcs (graph, labels, bitmaps, queues)",
        DeviceGraph<VertexT, EdgeT>::bytes_needed(host_graph) + workspace_bytes(n, m));
    // 2. Allocate. An edge queue holds at most m items: each vertex is claimed, hence expanded,
    //    once. Two edge queues, since the fused kernel reads one and writes the other.
    graph = DeviceGraph<VertexT, EdgeT>(host_graph);
    const std::uint64_t words = bitmap_words(n);
    d_depth = DeviceBuffer<std::int32_t>(n);
    d_parent = DeviceBuffer<VertexT>(n);
    d_visited = DeviceBuffer<BitmapWord>(words);
    for (auto& frontier : d_frontier) frontier = DeviceBuffer<BitmapWord>(words);
    d_vertex_queue = DeviceBuffer<VertexT>(n);
    for (auto& queue : d_edge_queue) queue = DeviceBuffer<VertexT>(m);
    for (auto& preds : d_edge_preds) preds = DeviceBuffer<VertexT>(m);
    d_counters = DeviceBuffer<BfsCounters>(kCounterSlots);
    // 3. Occupancy facts for grid sizes and the hybrid switch.
    cudaDeviceProp properties{};
    FRONTIER_CUDA_CHECK(cudaGetDeviceProperties(&properties, device_id));
    multiprocessors = properties.multiProcessorCount;
    resident_threads = static_cast<std::uint64_t>(multiprocessors) *
                       static_cast<std::uint64_t>(properties.maxThreadsPerMultiProcessor);
  }

  std::uint64_t device_bytes() const {
    std::uint64_t total = graph.bytes() + d_depth.bytes() + d_parent.bytes() + d_visited.bytes() +
                          d_vertex_queue.bytes() + d_counters.bytes();
    for (int i = 0; i < 2; ++i) {
      total += d_frontier[i].bytes() + d_edge_queue[i].bytes() + d_edge_preds[i].bytes();
    }
    return total;
  }

  /// Resident blocks per kernel, measured on first use.
  std::unordered_map<const void*, int> resident_cache;

  /// Grid for `kernel` over `items` work items (one per thread), capped at one resident wave.
  template <typename Kernel>
  int grid_for(Kernel* kernel, std::uint64_t items) {
    const void* key = reinterpret_cast<const void*>(kernel);
    auto found = resident_cache.find(key);
    if (found == resident_cache.end()) {
      found = resident_cache.emplace(key, resident_blocks(key, multiprocessors)).first;
    }
    const int resident = found->second;
    const std::uint64_t tiles = (items + kBfsBlockThreads - 1) / kBfsBlockThreads;
    return static_cast<int>(std::max<std::uint64_t>(1, std::min<std::uint64_t>(tiles, resident)));
  }

  /// Copies counter slot `slot` to the host and waits for it (the one sync of a level).
  BfsCounters read_counters(int slot) {
    FRONTIER_CUDA_CHECK(cudaMemcpyAsync(h_counters.get(), d_counters.data() + slot,
                                        sizeof(BfsCounters), cudaMemcpyDeviceToHost, stream.get()));
    FRONTIER_CUDA_CHECK(cudaStreamSynchronize(stream.get()));
    return *h_counters.get();
  }

  Args base_args() const {
    Args args;
    args.forward = graph.forward();
    args.reverse = graph.reverse();
    args.num_vertices = num_vertices;
    args.depth = d_depth.data();
    args.parent = d_parent.data();
    args.visited = d_visited.data();
    return args;
  }

  BfsCounters* slot_ptr(std::int64_t level) const {
    return d_counters.data() + static_cast<int>(level % kCounterSlots);
  }

  template <bool kParents>
  BfsResult<VertexT> search(VertexT source, const BfsCudaOptions& options,
                            const BfsCudaPolicy& policy);
};

template <typename VertexT, typename EdgeT>
template <bool kParents>
BfsResult<VertexT> BfsRunner<VertexT, EdgeT>::Impl::search(VertexT source,
                                                           const BfsCudaOptions& options,
                                                           const BfsCudaPolicy& policy) {
  const cudaStream_t s = stream.get();
  const std::uint64_t n = static_cast<std::uint64_t>(num_vertices);
  const std::uint64_t words = bitmap_words(n);
  const BfsCudaStrategy strategy = options.strategy;
  const bool may_go_bottom_up =
      strategy == BfsCudaStrategy::DirectionOptimizing || strategy == BfsCudaStrategy::BottomUp;
  const double fused_limit = policy.fused_queue_factor * static_cast<double>(resident_threads);
  const bool debug = bfs_debug_enabled();
  const auto contract_kernel = bfs_contract_kernel<VertexT, EdgeT, kParents>;
  const auto expand_kernel = bfs_expand_kernel<VertexT, EdgeT, kParents>;
  const auto fused_kernel = bfs_contract_expand_kernel<VertexT, EdgeT, kParents>;
  const auto bottom_up_kernel = bfs_bottom_up_kernel<VertexT, EdgeT, kParents>;
  const auto to_bitmap_kernel = bfs_queue_to_bitmap_kernel<VertexT, EdgeT>;
  const auto to_queue_kernel = bfs_bitmap_to_queue_kernel<VertexT, EdgeT>;

  BfsResult<VertexT> result;
  result.source = source;
  stats = BfsCudaRunStats{};
  detail::Timer search_timer;

  // 1. Reset labels and seed the level-0 edge queue with the source.
  FRONTIER_CUDA_CHECK(cudaMemsetAsync(d_depth.data(), 0xff, n * sizeof(std::int32_t), s));
  if constexpr (kParents) {
    FRONTIER_CUDA_CHECK(cudaMemsetAsync(d_parent.data(), 0xff, n * sizeof(VertexT), s));
  }
  FRONTIER_CUDA_CHECK(cudaMemsetAsync(d_visited.data(), 0, words * sizeof(BitmapWord), s));
  bfs_init_kernel<VertexT>
      <<<1, 1, 0, s>>>(source, d_edge_queue[0].data(), d_edge_preds[0].data(), d_counters.data());
  FRONTIER_CHECK_LAUNCH();

  // 2. Level loop.
  bool in_bitmap = false;   // frontier(L) is a bitmap (bottom-up), else E(L) is an edge queue
  int edge_buffer = 0;      // which edge queue holds E(L)
  int frontier_buffer = 0;  // which bitmap holds frontier(L)
  std::uint64_t edge_length = 1;
  std::uint64_t frontier_size = 0;      // n(L) when in_bitmap
  std::uint64_t previous_frontier = 0;  // n(L - 1)
  std::uint64_t unexplored_arcs = static_cast<std::uint64_t>(num_edges);
  for (std::int32_t level = 0;; ++level) {
    detail::Timer level_timer;
    Args args = base_args();
    args.counters = slot_ptr(level);
    args.next_counters = slot_ptr(level + 1);
    BfsLevelStats record;
    record.level = level;

    if (!in_bitmap) {
      if (edge_length == 0) break;
      args.level = level;
      args.in_queue = d_edge_queue[edge_buffer].data();
      args.in_preds = d_edge_preds[edge_buffer].data();
      args.in_length = &slot_ptr(level + kCounterSlots - 1)->edge_queue_length;
      const bool fused = strategy == BfsCudaStrategy::ContractExpand ||
                         ((strategy == BfsCudaStrategy::Hybrid ||
                           strategy == BfsCudaStrategy::DirectionOptimizing) &&
                          static_cast<double>(edge_length) < fused_limit);
      if (fused) {
        // 2a. Fused contract-expand: E(L) -> E(L + 1) in the other edge buffer.
        args.out_queue = d_edge_queue[1 - edge_buffer].data();
        args.out_preds = d_edge_preds[1 - edge_buffer].data();
        fused_kernel<<<grid_for(fused_kernel, edge_length), kBfsBlockThreads, 0, s>>>(args);
        FRONTIER_CHECK_LAUNCH();
        const BfsCounters c = read_counters(level % kCounterSlots);
        if (c.new_vertices == 0) break;
        edge_buffer = 1 - edge_buffer;
        edge_length = c.edge_queue_length;
        unexplored_arcs -= std::min<std::uint64_t>(unexplored_arcs, c.new_degree_sum);
        record.direction = BfsDirection::TopDown;
        record.frontier_vertices = static_cast<std::int64_t>(c.new_vertices);
        record.edges_examined = static_cast<std::int64_t>(c.edge_queue_length);
        stats.edge_queue_items += static_cast<std::int64_t>(c.edge_queue_length);
        stats.culling_survivors += static_cast<std::int64_t>(c.culling_survivors);
        stats.vertices_claimed += static_cast<std::int64_t>(c.new_vertices);
        stats.vertices_claimed_top_down += static_cast<std::int64_t>(c.new_vertices);
        stats.logical_arcs += static_cast<std::int64_t>(c.new_degree_sum);
        ++stats.fused_levels;
        previous_frontier = c.new_vertices;
      } else {
        // 2b. Two-phase, contraction: E(L) -> vertex queue V(L).
        args.out_queue = d_vertex_queue.data();
        contract_kernel<<<grid_for(contract_kernel, edge_length), kBfsBlockThreads, 0, s>>>(args);
        FRONTIER_CHECK_LAUNCH();
        std::uint64_t vertex_length = n;  // an upper bound until counted
        if (may_go_bottom_up) {
          // 2c. Direction choice (Beamer): needs n(L), m(L) now, so this level syncs twice.
          const BfsCounters c = read_counters(level % kCounterSlots);
          if (c.new_vertices == 0) break;
          vertex_length = c.vertex_queue_length;
          const bool bottom_up = strategy == BfsCudaStrategy::BottomUp ||
                                 static_cast<double>(c.new_degree_sum) >
                                     static_cast<double>(unexplored_arcs) / policy.alpha;
          if (bottom_up) {
            // 2d. V(L) -> bitmap frontier(L), then bottom-up step L + 1 as level L's expansion.
            FRONTIER_CUDA_CHECK(cudaMemsetAsync(d_frontier[frontier_buffer].data(), 0,
                                                words * sizeof(BitmapWord), s));
            Args convert = args;
            convert.in_queue = d_vertex_queue.data();
            convert.in_length = &slot_ptr(level)->vertex_queue_length;
            convert.frontier_out = d_frontier[frontier_buffer].data();
            to_bitmap_kernel<<<grid_for(to_bitmap_kernel, vertex_length), kBfsBlockThreads, 0, s>>>(
                convert);
            FRONTIER_CHECK_LAUNCH();
            unexplored_arcs -= std::min<std::uint64_t>(unexplored_arcs, c.new_degree_sum);
            stats.culling_survivors += static_cast<std::int64_t>(c.culling_survivors);
            stats.vertices_claimed += static_cast<std::int64_t>(c.new_vertices);
            stats.vertices_claimed_top_down += static_cast<std::int64_t>(c.new_vertices);
            stats.logical_arcs += static_cast<std::int64_t>(c.new_degree_sum);
            in_bitmap = true;
            frontier_size = c.new_vertices;
            previous_frontier = 0;
            // Fall through to the bottom-up step below.
          }
        }
        if (!in_bitmap) {
          // 2e. Two-phase, expansion: V(L) -> E(L + 1), reusing E(L)'s buffer.
          Args expand = args;
          expand.in_queue = d_vertex_queue.data();
          expand.in_length = &slot_ptr(level)->vertex_queue_length;
          expand.out_queue = d_edge_queue[edge_buffer].data();
          expand.out_preds = d_edge_preds[edge_buffer].data();
          expand_kernel<<<grid_for(expand_kernel, vertex_length), kBfsBlockThreads, 0, s>>>(expand);
          FRONTIER_CHECK_LAUNCH();
          const BfsCounters c = read_counters(level % kCounterSlots);
          if (c.new_vertices == 0) break;
          edge_length = c.edge_queue_length;
          unexplored_arcs -= std::min<std::uint64_t>(unexplored_arcs, c.new_degree_sum);
          record.direction = BfsDirection::TopDown;
          record.frontier_vertices = static_cast<std::int64_t>(c.new_vertices);
          record.edges_examined = static_cast<std::int64_t>(c.edge_queue_length);
          stats.edge_queue_items += static_cast<std::int64_t>(c.edge_queue_length);
          stats.culling_survivors += static_cast<std::int64_t>(c.culling_survivors);
          stats.vertices_claimed += static_cast<std::int64_t>(c.new_vertices);
          stats.vertices_claimed_top_down += static_cast<std::int64_t>(c.new_vertices);
          stats.logical_arcs += static_cast<std::int64_t>(c.new_degree_sum);
          ++stats.two_phase_levels;
          previous_frontier = c.new_vertices;
        }
      }
    } else {
      // 3. Bitmap frontier(L): go back to top-down when it is small and shrinking (Beamer's beta).
      const bool back_to_top_down =
          strategy != BfsCudaStrategy::BottomUp && frontier_size < previous_frontier &&
          static_cast<double>(frontier_size) < static_cast<double>(n) / policy.beta;
      if (back_to_top_down) {
        // 3a. frontier(L) -> V(L) -> E(L + 1).
        Args convert = args;
        convert.frontier_in = d_frontier[frontier_buffer].data();
        convert.out_queue = d_vertex_queue.data();
        to_queue_kernel<<<grid_for(to_queue_kernel, words), kBfsBlockThreads, 0, s>>>(convert);
        FRONTIER_CHECK_LAUNCH();
        Args expand = args;
        expand.in_queue = d_vertex_queue.data();
        expand.in_length = &slot_ptr(level)->vertex_queue_length;
        expand.out_queue = d_edge_queue[edge_buffer].data();
        expand.out_preds = d_edge_preds[edge_buffer].data();
        expand_kernel<<<grid_for(expand_kernel, frontier_size), kBfsBlockThreads, 0, s>>>(expand);
        FRONTIER_CHECK_LAUNCH();
        const BfsCounters c = read_counters(level % kCounterSlots);
        in_bitmap = false;
        edge_length = c.edge_queue_length;
        record.direction = BfsDirection::TopDown;
        record.frontier_vertices = static_cast<std::int64_t>(frontier_size);
        record.edges_examined = static_cast<std::int64_t>(c.edge_queue_length);
        stats.edge_queue_items += static_cast<std::int64_t>(c.edge_queue_length);
        ++stats.two_phase_levels;
        previous_frontier = frontier_size;
      }
    }

    if (in_bitmap) {
      // 4. Bottom-up step L + 1: frontier(L) -> frontier(L + 1), counted in slot L + 1.
      Args step = base_args();
      step.level = level + 1;
      step.frontier_in = d_frontier[frontier_buffer].data();
      step.frontier_out = d_frontier[1 - frontier_buffer].data();
      step.counters = slot_ptr(level + 1);
      step.next_counters = slot_ptr(level + 2);
      bottom_up_kernel<<<grid_for(bottom_up_kernel, words * kWarpThreads), kBfsBlockThreads, 0,
                         s>>>(step);
      FRONTIER_CHECK_LAUNCH();
      const BfsCounters c = read_counters((level + 1) % kCounterSlots);
      record.direction = BfsDirection::BottomUp;
      record.frontier_vertices = static_cast<std::int64_t>(frontier_size);
      record.edges_examined = static_cast<std::int64_t>(c.arcs_examined);
      stats.bottom_up_arcs_examined += static_cast<std::int64_t>(c.arcs_examined);
      stats.vertices_claimed += static_cast<std::int64_t>(c.new_vertices);
      stats.logical_arcs += static_cast<std::int64_t>(c.new_degree_sum);
      ++stats.bottom_up_levels;
      unexplored_arcs -= std::min<std::uint64_t>(unexplored_arcs, c.new_degree_sum);
      frontier_buffer = 1 - frontier_buffer;
      previous_frontier = frontier_size;
      frontier_size = c.new_vertices;
    }

    // 5. Record level L.
    record.seconds = level_timer.seconds();
    result.levels.push_back(record);
    result.edges_examined += record.edges_examined;
    if (debug) {
      bfs_log_debug("cuda bfs level " + std::to_string(level) + ": " +
                    (record.direction == BfsDirection::TopDown ? "top-down" : "bottom-up") +
                    ", frontier " + std::to_string(record.frontier_vertices) + ", arcs " +
                    std::to_string(record.edges_examined) + ", " +
                    format_seconds_us(record.seconds));
    }
    if (in_bitmap && frontier_size == 0) break;
  }
  result.seconds = search_timer.seconds();
  result.vertices_reached = stats.vertices_claimed;

  // 6. Copy the labels back.
  if (options.copy_labels) {
    result.depth.resize(n);
    FRONTIER_CUDA_CHECK(cudaMemcpyAsync(result.depth.data(), d_depth.data(),
                                        n * sizeof(std::int32_t), cudaMemcpyDeviceToHost, s));
    if constexpr (kParents) {
      result.parent.resize(n);
      FRONTIER_CUDA_CHECK(cudaMemcpyAsync(result.parent.data(), d_parent.data(),
                                          n * sizeof(VertexT), cudaMemcpyDeviceToHost, s));
    }
    FRONTIER_CUDA_CHECK(cudaStreamSynchronize(s));
  }
  return result;
}

template <typename VertexT, typename EdgeT>
BfsRunner<VertexT, EdgeT>::BfsRunner(const CsrGraph<VertexT, EdgeT>& graph, int device_id)
    : impl_(std::make_unique<Impl>(graph, device_id)) {
  if (bfs_debug_enabled()) {
    bfs_log_debug("cuda bfs runner on GPU " + std::to_string(device_id) + ": " +
                  std::to_string(graph.num_vertices()) + " vertices, " +
                  std::to_string(graph.num_edges()) + " arcs, " +
                  format_bytes(impl_->device_bytes()) + " of device memory");
  }
}

template <typename VertexT, typename EdgeT>
BfsRunner<VertexT, EdgeT>::~BfsRunner() = default;
template <typename VertexT, typename EdgeT>
BfsRunner<VertexT, EdgeT>::BfsRunner(BfsRunner&&) noexcept = default;
template <typename VertexT, typename EdgeT>
BfsRunner<VertexT, EdgeT>& BfsRunner<VertexT, EdgeT>::operator=(BfsRunner&&) noexcept = default;

template <typename VertexT, typename EdgeT>
BfsResult<VertexT> BfsRunner<VertexT, EdgeT>::run(VertexT source, const BfsCudaOptions& options) {
  if (source < 0 || source >= impl_->num_vertices) {
    throw InvalidArgument("BFS source " + std::to_string(source) + " is outside [0, " +
                          std::to_string(impl_->num_vertices) + ")");
  }
  BfsCudaPolicy policy = kSm90BfsPolicy;
  if (options.alpha > 0.0) policy.alpha = options.alpha;
  if (options.beta > 0.0) policy.beta = options.beta;
  FRONTIER_CUDA_CHECK(cudaSetDevice(impl_->device_id));
  if (bfs_debug_enabled()) {
    bfs_log_debug(std::string("cuda bfs from ") + std::to_string(source) + ", strategy " +
                  strategy_name(options.strategy) + ", policy: " + policy.describe());
  }
  return options.predecessors ? impl_->template search<true>(source, options, policy)
                              : impl_->template search<false>(source, options, policy);
}

template <typename VertexT, typename EdgeT>
const BfsCudaRunStats& BfsRunner<VertexT, EdgeT>::last_run_stats() const {
  return impl_->stats;
}

template <typename VertexT, typename EdgeT>
VertexT BfsRunner<VertexT, EdgeT>::num_vertices() const {
  return impl_->num_vertices;
}

template <typename VertexT, typename EdgeT>
EdgeT BfsRunner<VertexT, EdgeT>::num_edges() const {
  return impl_->num_edges;
}

template <typename VertexT, typename EdgeT>
bool BfsRunner<VertexT, EdgeT>::directed() const {
  return impl_->graph.directed();
}

template <typename VertexT, typename EdgeT>
std::uint64_t BfsRunner<VertexT, EdgeT>::device_bytes() const {
  return impl_->device_bytes();
}

}  // namespace frontier::cuda
