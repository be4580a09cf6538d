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
// into counter slot L % kCounterSlots, which the level's last kernel posts into mapped host
// memory (bfs_post.cuh) once per level (twice when the direction-optimizing strategy chooses a
// direction after contraction): the host waits for nothing else. Small top-down levels of the
// hybrid strategies run many per cooperative or cluster launch, which counts into its own slots,
// posts them once per launch, and leaves the ring as single levels would.
// A top-down level whose expansion recorded hub chunks (counters.hub_chunks > 0) gets the
// edge-balanced hub pass before the next level's kernels: inside a multi-level launch after a
// grid barrier, otherwise as one more launch queued right after the host read the count (so its
// time is counted in the next level's record).
// Expand-contract searches keep vertex queues only: level 0 is the contraction of the sources'
// edge queue, then expand-contract step L turns V(L) into V(L + 1), counted in slot L + 1.
// Several sources seed E(0) together (each its own predecessor), so level 0 claims them all. A
// depth limit or a target ends the loop after the level that labels that depth or vertex; the
// target's depth travels back with the counts of each level, in the same post. A
// multi-level launch stops at the depth limit but may run past the target's level; the labels
// past it are dropped on the host, so every backend returns the same labels for a target search.
// An edge queue holds at most the search's capacity (bfs_cuda_sizing.hpp): an expanding kernel's
// tiles past it write nothing, the host sees the queue length past the capacity, and expands
// that level in passes (bfs_pass.cuh) over V(L) in the vertex queue (rebuilt from the depths
// after a fused level), each pass contracted at once; level L + 1 is then claimed, V(L + 1)
// rebuilt in the vertex queue from the depths, and the next step expands it (a third state beside
// E(L) and frontier(L)). More sources than a queue holds are contracted from the second vertex
// queue into V(0) the same way.
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdio>
#include <span>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "bfs/bfs_dispatch.hpp"
#include "bfs/bfs_validate_messages.hpp"
#include "bfs/cuda/bfs_cuda.hpp"
#include "bfs/cuda/bfs_cuda_sizing.hpp"
#include "bfs/cuda/bfs_cuda_tuning.hpp"
#include "bfs/cuda/bfs_kernels.cuh"
#include "bfs/cuda/bfs_validate_cuda.cuh"
#include "bfs/cuda/renumbered_labels.cuh"
#include "cuda/cuda_check.cuh"
#include "cuda/device_buffer.cuh"
#include "cuda/device_memory.hpp"
#include "cuda/kernel_loading.cuh"
#include "cuda/launch_sizing.hpp"
#include "cuda/log_bridge.hpp"
#include "cuda/pinned_buffer.cuh"
#include "cuda/stream.cuh"
#include "frontier/detail/timer.hpp"
#include "frontier/errors.hpp"
#include "frontier/memory_sizing.hpp"
#include "graph/cuda/device_graph.cuh"

namespace frontier::cuda {

namespace {

/// Blocks of `kernel` (with kBfsBlockThreads threads) that fit on one SM at once.
int blocks_per_sm(const void* kernel) {
  int per_sm = 0;
  FRONTIER_CUDA_CHECK(
      cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, kBfsBlockThreads, 0));
  return per_sm;
}

/// What BfsRunner::warm_up() runs once each, with and without parents.
constexpr BfsCudaStrategy kWarmUpStrategies[] = {
    BfsCudaStrategy::Hybrid,         BfsCudaStrategy::TwoPhase,
    BfsCudaStrategy::ContractExpand, BfsCudaStrategy::DirectionOptimizing,
    BfsCudaStrategy::BottomUp,       BfsCudaStrategy::ExpandContract};

/// Labels the warm-up copies into pageable host memory: enough for the driver to set up its
/// staging of such copies, little next to one search's labels.
constexpr std::uint64_t kWarmUpCopiedLabels = std::uint64_t{1} << 18;

std::string format_seconds_us(double seconds) {
  char text[32];
  std::snprintf(text, sizeof(text), "%.1f us", seconds * 1e6);
  return text;
}

}  // namespace

template <typename VertexT, typename EdgeT>
struct BfsRunner<VertexT, EdgeT>::Impl {
  using Args = BfsLevelArgs<VertexT, EdgeT>;

  /// The runner's GPU. Declared first: its initializer makes the GPU current, so every member
  /// below (the stream above all) is created on it.
  int device_id = 0;
  VertexT num_vertices = 0;
  EdgeT num_arcs = 0;
  int multiprocessors = 0;
  std::uint64_t resident_threads = 0;
  bool cooperative_launch = false;
  /// CTAs per cluster of the cluster level kernel (bfs_cluster_levels.cuh); 0 where the GPU
  /// cannot run it (no clusters, or too little shared memory per block).
  int cluster_levels_ctas = 0;
  /// The visited mask's bytes where a CTA of the cluster level kernel can hold it in shared
  /// memory beside its TempStorage (a launch of one CTA then claims there), else 0.
  std::uint64_t cluster_shared_visited_bytes = 0;
  /// The graph's largest out-degree: bounds the arcs a level's claims can bring (Beamer's rule).
  std::uint64_t max_degree = 0;
  /// Bitmap words up to the last vertex with an in-arc: a bottom-up step searches no further (the
  /// vertices without arcs that a degree order puts last are 40% of a Graph500 graph).
  std::uint64_t bottom_up_words = 0;

  DeviceGraph<VertexT, EdgeT> graph;
  DeviceBuffer<std::int32_t> d_depth;
  DeviceBuffer<VertexT> d_parent;
  DeviceBuffer<BitmapWord> d_visited;
  DeviceBuffer<BitmapWord> d_frontier[2];
  /// Each vertex's first in-neighbour, the tail of its first in-arc (with hubs first, its
  /// highest-degree one): the bottom-up step tries it before the vertex's list, one coalesced
  /// load where the list's first arc is a random one into the arcs.
  DeviceBuffer<VertexT> d_first_in_neighbour;
  DeviceBuffer<VertexT> d_vertex_queue;
  /// The expand-contract strategy's other vertex queue; the window offsets of a level expanded
  /// in passes; the sources when more than an edge queue holds.
  DeviceBuffer<VertexT> d_second_queue;
  DeviceBuffer<VertexT> d_edge_queue[2];
  DeviceBuffer<VertexT> d_edge_preds[2];
  /// Hub chunks of the level being expanded (see bfs_hub.cuh).
  DeviceBuffer<HubChunk<VertexT, EdgeT>> d_hub_chunks;
  /// Arc counts of the vertex-queue tiles of a level expanded in passes, and the pass state.
  DeviceBuffer<unsigned long long> d_pass_tiles;
  DeviceBuffer<BfsPassState> d_pass_state;
  /// Items each edge queue holds, and what the search being run may use of them.
  std::uint64_t queue_capacity = 0;
  std::uint64_t search_capacity = 0;
  /// The search's sources wait in the second vertex queue (more than an edge queue holds).
  bool seeds_in_second_queue = false;
  /// Ring of per-level counter slots (see bfs_device_common.cuh).
  DeviceBuffer<BfsCounters> d_counters;
  /// Per-level slots of one multi-level launch.
  DeviceBuffer<BfsCounters> d_launch_counters;
  /// Blocks of a posting kernel done so far (bfs_post.cuh).
  DeviceBuffer<unsigned int> d_blocks_done;
  /// A bottom-up step's decision for the step queued behind it (bfs_bottom_up.cuh).
  DeviceBuffer<BfsBottomUpGate> d_bottom_up_gate;
  /// Mapped host memory the kernels post a level's counts into (two slots, by the ticket's
  /// parity; a multi-level launch's slots into h_launch_counters), the ticket of the last post
  /// asked for, and the device addresses.
  PinnedBuffer<BfsPosted> h_posted{2, cudaHostAllocMapped};
  PinnedBuffer<BfsCounters> h_launch_counters;
  unsigned long long post_ticket = 0;
  BfsPosted* d_posted = nullptr;
  BfsCounters* d_posted_launch_counters = nullptr;
  /// Depth of the search's target, posted with every level's counts.
  PinnedBuffer<std::int32_t> h_target_depth{1};
  Stream stream;
  BfsCudaRunStats stats;
  /// Resident blocks per kernel, measured on first use.
  std::unordered_map<const void*, int> resident_cache;
  /// Of the search being run: where it may stop early, and why it stopped.
  std::optional<std::int32_t> depth_limit;
  std::optional<std::int64_t> target;
  BfsStop stop = BfsStop::FrontierEmpty;
  /// The validator's work arrays, kept from one validation to the next.
  BfsValidateWorkspace<VertexT> validate_workspace;

  static_assert(sizeof(BfsCounters) == kBfsCounterBytes && kCounterSlots == kBfsCounterRingSlots &&
                    kBitmapWordBits == kBfsBitmapWordBits &&
                    sizeof(BitmapWord) == kBfsBitmapWordBytes,
                "bfs_device_bytes() sizes the counters and bitmaps the runner allocates");
  static_assert(sizeof(BfsBottomUpGate) == kBfsBottomUpGateBytes,
                "bfs_device_bytes() sizes the bottom-up gate the runner allocates");
  static_assert(sizeof(HubChunk<VertexT, EdgeT>) ==
                    bfs_hub_chunk_bytes(IdBytes{sizeof(VertexT), sizeof(EdgeT)}),
                "bfs_device_bytes() sizes the hub chunks the runner allocates");

  static int launch_slots() { return static_cast<int>(bfs_launch_slots()); }

  /// Device bytes of everything but the graph (bfs_device_bytes, which follows allocate_workspace).
  static std::uint64_t workspace_bytes(std::uint64_t n, std::uint64_t m) {
    return bfs_device_bytes(n, m, false, IdBytes{sizeof(VertexT), sizeof(EdgeT)}).buffers();
  }

  Impl(const CsrGraph<VertexT, EdgeT>& host_graph, int device)
      : Impl(device, host_graph.num_vertices(), host_graph.num_arcs()) {
    // 1. Size everything against free memory before the first allocation.
    const std::uint64_t n = static_cast<std::uint64_t>(num_vertices);
    const std::uint64_t m = static_cast<std::uint64_t>(num_arcs);
    require_device_memory(
        "BFS on a graph of " + std::to_string(n) + " vertices and " + std::to_string(m) +
            " arcs (graph, labels, bitmaps, queues)",
        DeviceGraph<VertexT, EdgeT>::bytes_needed(host_graph) + workspace_bytes(n, m));
    graph = DeviceGraph<VertexT, EdgeT>(host_graph);
    allocate_workspace();
  }

  /// Adopts a graph built on the device: only the search buffers are sized and allocated.
  Impl(DeviceGraph<VertexT, EdgeT>&& resident, int device)
      : Impl(device, resident.num_vertices(), resident.num_arcs()) {
    const std::uint64_t n = static_cast<std::uint64_t>(num_vertices);
    const std::uint64_t m = static_cast<std::uint64_t>(num_arcs);
    require_device_memory("BFS buffers for a resident graph of " + std::to_string(n) +
                              " vertices and " + std::to_string(m) +
                              " arcs (labels, bitmaps, queues)",
                          workspace_bytes(n, m));
    graph = std::move(resident);
    allocate_workspace();
  }

  Impl(int device, VertexT n, EdgeT m)
      : device_id(made_current(device)),
        num_vertices(n),
        num_arcs(m),
        h_launch_counters(launch_slots(), cudaHostAllocMapped) {}

  static int made_current(int device) {
    FRONTIER_CUDA_CHECK(cudaSetDevice(device));
    return device;
  }

  void allocate_workspace() {
    // 2. Allocate. An edge queue holds at most m items (each vertex is claimed, hence expanded,
    //    once) or the sources, and at most what bfs_edge_queue_slots allows (longer edge
    //    frontiers are expanded in passes). Two edge queues, since the fused kernel reads one and
    //    writes the other.
    const std::uint64_t n = static_cast<std::uint64_t>(num_vertices);
    const std::uint64_t m = static_cast<std::uint64_t>(num_arcs);
    const std::uint64_t words = bitmap_words(n);
    queue_capacity = bfs_edge_queue_slots(n, m, sizeof(VertexT));
    d_depth = DeviceBuffer<std::int32_t>(n);
    d_parent = DeviceBuffer<VertexT>(n);
    d_visited = DeviceBuffer<BitmapWord>(words);
    for (auto& frontier : d_frontier) frontier = DeviceBuffer<BitmapWord>(words);
    d_first_in_neighbour = DeviceBuffer<VertexT>(n);
    d_vertex_queue = DeviceBuffer<VertexT>(n);
    d_second_queue = DeviceBuffer<VertexT>(n);
    for (auto& queue : d_edge_queue) queue = DeviceBuffer<VertexT>(queue_capacity);
    for (auto& preds : d_edge_preds) preds = DeviceBuffer<VertexT>(queue_capacity);
    d_hub_chunks = DeviceBuffer<HubChunk<VertexT, EdgeT>>(bfs_hub_chunk_slots(queue_capacity));
    d_pass_tiles = DeviceBuffer<unsigned long long>(bfs_pass_tile_slots(n));
    d_pass_state = DeviceBuffer<BfsPassState>(1);
    d_counters = DeviceBuffer<BfsCounters>(kCounterSlots);
    d_launch_counters = DeviceBuffer<BfsCounters>(launch_slots());
    d_blocks_done = DeviceBuffer<unsigned int>(1);
    d_bottom_up_gate = DeviceBuffer<BfsBottomUpGate>(1);
    FRONTIER_CUDA_CHECK(
        cudaMemsetAsync(d_blocks_done.data(), 0, sizeof(unsigned int), stream.get()));
    for (int slot = 0; slot < 2; ++slot) h_posted.data()[slot].ticket = post_ticket;
    d_posted = h_posted.device_pointer();
    d_posted_launch_counters = h_launch_counters.device_pointer();
    // 3. Occupancy facts for grid sizes and the hybrid switch.
    cudaDeviceProp properties{};
    FRONTIER_CUDA_CHECK(cudaGetDeviceProperties(&properties, device_id));
    multiprocessors = properties.multiProcessorCount;
    resident_threads = static_cast<std::uint64_t>(multiprocessors) *
                       static_cast<std::uint64_t>(properties.maxThreadsPerMultiProcessor);
    int cooperative = 0;
    FRONTIER_CUDA_CHECK(
        cudaDeviceGetAttribute(&cooperative, cudaDevAttrCooperativeLaunch, device_id));
    cooperative_launch = cooperative != 0 && kSm90BfsPolicy.persistent_max_levels > 0;
    if (properties.sharedMemPerBlockOptin >= cluster_levels_shared_bytes() &&
        properties.major >= 9) {
      const std::uint64_t mask_bytes = d_visited.bytes();
      if (cluster_levels_shared_bytes() + mask_bytes <= properties.sharedMemPerBlockOptin) {
        cluster_shared_visited_bytes = mask_bytes;
      }
      allow_cluster_levels<true>();
      allow_cluster_levels<false>();
      cluster_levels_ctas = largest_schedulable_cluster();
    }
    measure_degree_facts();
    fill_first_in_neighbours();
  }

  /// d_first_in_neighbour from the reverse CSR (an isolated vertex's entry is never read).
  void fill_first_in_neighbours() {
    const std::uint64_t n = static_cast<std::uint64_t>(num_vertices);
    if (n == 0) return;
    const auto kernel = bfs_first_in_neighbour_kernel<VertexT, EdgeT>;
    kernel<<<grid_for(kernel, n), kBfsBlockThreads, 0, stream.get()>>>(graph.reverse(), n,
                                                                       d_first_in_neighbour.data());
    FRONTIER_CHECK_LAUNCH();
    FRONTIER_CUDA_CHECK(cudaStreamSynchronize(stream.get()));
  }

  /// The graph's largest out-degree and one past its highest vertex with an in-arc, measured
  /// on the GPU.
  void measure_degree_facts() {
    const cudaStream_t s = stream.get();
    const auto kernel = bfs_degree_facts_kernel<EdgeT>;
    const std::uint64_t n = static_cast<std::uint64_t>(num_vertices);
    DeviceBuffer<unsigned long long> d_facts(2);
    FRONTIER_CUDA_CHECK(cudaMemsetAsync(d_facts.data(), 0, 2 * sizeof(unsigned long long), s));
    kernel<<<grid_for(kernel, n), kBfsBlockThreads, 0, s>>>(
        graph.forward().offsets, graph.reverse().offsets, n, d_facts.data());
    FRONTIER_CHECK_LAUNCH();
    unsigned long long facts[2] = {0, 0};
    FRONTIER_CUDA_CHECK(
        cudaMemcpyAsync(facts, d_facts.data(), sizeof(facts), cudaMemcpyDeviceToHost, s));
    FRONTIER_CUDA_CHECK(cudaStreamSynchronize(s));
    max_degree = facts[0];
    // Whole chunks of the bottom-up step's words (BfsLevelArgs::bottom_up_words).
    constexpr std::uint64_t kChunk = BitmapFrontier::kChunkWords;
    bottom_up_words = (bitmap_words(facts[1]) + kChunk - 1) / kChunk * kChunk;
  }

  using ClusterLevelsKernel = void (*)(BfsLevelArgs<VertexT, EdgeT>, BfsMultiLevelArgs<VertexT>,
                                       VertexT*);

  /// The cluster level kernel that lists arcs by 32-bit index, where every arc index fits, unless
  /// `wide` (BfsCudaOptions::cluster_wide_arc_indices).
  template <bool kParents>
  ClusterLevelsKernel cluster_levels_kernel(bool wide) const {
    if (!wide && static_cast<std::uint64_t>(num_arcs) <= std::uint64_t{0xffffffffu}) {
      return bfs_cluster_levels_kernel<VertexT, EdgeT, unsigned int, kParents>;
    }
    return bfs_cluster_levels_kernel<VertexT, EdgeT, EdgeT, kParents>;
  }

  /// Dynamic shared memory the cluster level kernel is launched with: that of the wide listing,
  /// the larger, whichever runs.
  static std::size_t cluster_levels_shared_bytes() {
    return sizeof(typename BfsClusterLevelsAgent<VertexT, EdgeT, EdgeT, true>::TempStorage);
  }

  /// Lets the cluster level kernels have more than the default 48 KB of shared memory and more
  /// than the portable 8 CTAs per cluster.
  template <bool kParents>
  void allow_cluster_levels() {
    for (const bool wide : {false, true}) {
      const void* kernel = reinterpret_cast<const void*>(cluster_levels_kernel<kParents>(wide));
      FRONTIER_CUDA_CHECK(cudaFuncSetAttribute(
          kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
          static_cast<int>(cluster_levels_shared_bytes() + cluster_shared_visited_bytes)));
      FRONTIER_CUDA_CHECK(
          cudaFuncSetAttribute(kernel, cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
    }
  }

  /// The launch configuration of the cluster level kernel: one cluster of `ctas` CTAs.
  cudaLaunchConfig_t cluster_levels_config(int ctas, cudaLaunchAttribute* attribute) const {
    cudaLaunchConfig_t config{};
    config.gridDim = dim3(static_cast<unsigned int>(ctas));
    config.blockDim = dim3(kClusterLevelsThreads);
    config.dynamicSmemBytes = cluster_levels_shared_bytes();
    config.stream = stream.get();
    attribute->id = cudaLaunchAttributeClusterDimension;
    attribute->val.clusterDim.x = static_cast<unsigned int>(ctas);
    attribute->val.clusterDim.y = 1;
    attribute->val.clusterDim.z = 1;
    config.attrs = attribute;
    config.numAttrs = 1;
    return config;
  }

  /// The most CTAs (16, else 8) of which the GPU can schedule one cluster of the level kernel;
  /// 0 if neither.
  int largest_schedulable_cluster() const {
    for (const int ctas : {kClusterLevelsMaxCtas, 8}) {
      cudaLaunchAttribute attribute{};
      const cudaLaunchConfig_t config = cluster_levels_config(ctas, &attribute);
      int clusters = 0;
      const cudaError_t error =
          cudaOccupancyMaxActiveClusters(&clusters, cluster_levels_kernel<true>(true), &config);
      if (error == cudaSuccess && clusters > 0) return ctas;
      static_cast<void>(cudaGetLastError());
    }
    return 0;
  }

  std::uint64_t device_bytes() const {
    std::uint64_t total = graph.bytes() + d_depth.bytes() + d_parent.bytes() + d_visited.bytes() +
                          d_first_in_neighbour.bytes() + d_vertex_queue.bytes() +
                          d_second_queue.bytes() + d_hub_chunks.bytes() + d_counters.bytes() +
                          d_launch_counters.bytes() + d_blocks_done.bytes() +
                          d_bottom_up_gate.bytes() + d_pass_tiles.bytes() + d_pass_state.bytes();
    for (int i = 0; i < 2; ++i) {
      total += d_frontier[i].bytes() + d_edge_queue[i].bytes() + d_edge_preds[i].bytes();
    }
    return total;
  }

  /// Blocks of `kernel` resident on the whole GPU at once.
  template <typename Kernel>
  int resident_blocks(Kernel* kernel) {
    const void* key = reinterpret_cast<const void*>(kernel);
    auto found = resident_cache.find(key);
    if (found == resident_cache.end()) {
      found = resident_cache.emplace(key, std::max(1, blocks_per_sm(key)) * multiprocessors).first;
    }
    return found->second;
  }

  /// Grid for `kernel` over `items` work items (one per thread), capped at one resident wave.
  template <typename Kernel>
  int grid_for(Kernel* kernel, std::uint64_t items) {
    return capped_grid(items, kBfsBlockThreads,
                       static_cast<std::uint64_t>(resident_blocks(kernel)));
  }

  /// Loads `kernel` now (lazy module loading would load it at its first launch) and records its
  /// resident blocks.
  template <typename Kernel>
  void load_kernel(Kernel* kernel) {
    cuda::load_kernel(kernel);
    resident_blocks(kernel);
  }

  /// Every kernel a search can launch.
  template <bool kParents>
  void load_kernels() {
    load_kernel(bfs_contract_kernel<VertexT, EdgeT, kParents>);
    load_kernel(bfs_expand_kernel<VertexT, EdgeT, kParents>);
    load_kernel(bfs_hub_expand_kernel<VertexT, EdgeT, kParents>);
    load_kernel(bfs_expand_contract_kernel<VertexT, EdgeT, kParents>);
    load_kernel(bfs_contract_expand_kernel<VertexT, EdgeT, kParents>);
    load_kernel(bfs_contract_expand_levels_kernel<VertexT, EdgeT, kParents>);
    load_kernel(cluster_levels_kernel<kParents>(false));
    load_kernel(cluster_levels_kernel<kParents>(true));
    load_kernel(bfs_bottom_up_kernel<VertexT, EdgeT, kParents>);
    load_kernel(bfs_contract_kernel<VertexT, EdgeT, kParents, false>);
    load_kernel(bfs_pass_expand_kernel<kBfsBlockThreads, VertexT, EdgeT, kParents>);
    if constexpr (kParents) {
      load_kernel(bfs_pass_tile_arcs_kernel<kBfsBlockThreads, VertexT, EdgeT>);
      load_kernel(bfs_pass_tile_prefix_kernel<kBfsBlockThreads, VertexT, EdgeT>);
      load_kernel(bfs_pass_window_kernel<kBfsBlockThreads, VertexT, EdgeT>);
      load_kernel(bfs_reset_kernel<VertexT>);
      load_kernel(bfs_queue_to_bitmap_kernel<VertexT, EdgeT>);
      load_kernel(bfs_depth_to_bitmap_kernel<VertexT, EdgeT>);
      load_kernel(bfs_bitmap_to_queue_kernel<VertexT, EdgeT>);
      load_kernel(bfs_settle_unreached_kernel<VertexT>);
      // The labels reach the caller's arrays on the device through it.
      cuda::load_kernel(labels_to_caller_ids_kernel<VertexT>);
    }
  }

  /// The last search's labels made whole in place (parents too where `parents`): unreached
  /// wherever the visited mask is clear, as a plain copy of the arrays needs them.
  void settle_unreached_labels(bool parents) {
    const auto kernel = bfs_settle_unreached_kernel<VertexT>;
    const auto n = static_cast<std::uint64_t>(num_vertices);
    kernel<<<grid_for(kernel, n), kBfsBlockThreads, 0, stream.get()>>>(
        d_depth.data(), parents ? d_parent.data() : nullptr, d_visited.data(), n);
    FRONTIER_CHECK_LAUNCH();
  }

  /// A device-to-pageable copy of some labels, as a search's label copy does.
  void copy_labels_to_pageable_memory() {
    std::vector<std::int32_t> labels(
        std::min<std::uint64_t>(static_cast<std::uint64_t>(num_vertices), kWarmUpCopiedLabels));
    FRONTIER_CUDA_CHECK(cudaMemcpyAsync(labels.data(), d_depth.data(),
                                        labels.size() * sizeof(std::int32_t),
                                        cudaMemcpyDeviceToHost, stream.get()));
    FRONTIER_CUDA_CHECK(cudaStreamSynchronize(stream.get()));
  }

  /// `args` asking the kernel launched with them to post counter slot `slot` (and the target's
  /// depth, if the search has one): the level's last kernel before the host reads its counts.
  Args posting(const Args& args, int slot) {
    Args with_post = args;
    with_post.post = next_post(slot);
    return with_post;
  }

  /// A post of counter slot `slot` (with the target's depth, if any) under a fresh ticket.
  BfsPost next_post(int slot) {
    BfsPost post;
    post.ticket = ++post_ticket;
    post.posted = d_posted + post.ticket % 2;
    post.launch_counters = d_posted_launch_counters;
    post.blocks_done = d_blocks_done.data();
    post.slot = d_counters.data() + slot;
    post.target = target ? *target : -1;
    return post;
  }

  /// Waits for the post under `ticket` (the one wait of a level); the target's depth goes to
  /// h_target_depth. A kernel that failed never posts: the stream, asked now and then, then
  /// reports its error.
  const BfsPosted& wait_for_post(unsigned long long ticket) {
    constexpr unsigned int kSpinsPerQuery = 4096;
    const volatile BfsPosted* const posted = h_posted.data() + ticket % 2;
    for (unsigned int spins = 1; posted->ticket != ticket; ++spins) {
      if (spins % kSpinsPerQuery != 0) continue;
      const cudaError_t state = cudaStreamQuery(stream.get());
      if (state == cudaErrorNotReady) continue;
      FRONTIER_CUDA_CHECK(state);
      if (posted->ticket != ticket) {
        throw CudaError("internal error: a BFS kernel finished without posting its level's counts");
      }
    }
    std::atomic_thread_fence(std::memory_order_acquire);
    if (target) *h_target_depth.data() = posted->target_depth;
    return h_posted.data()[ticket % 2];
  }

  /// Waits for the post asked for last.
  const BfsPosted& wait_for_post() { return wait_for_post(post_ticket); }

  /// The counts of the slot the last post was asked for.
  BfsCounters posted_counters() { return wait_for_post().counters; }

  /// Queues the copy of the target's depth behind the level's kernels (nothing without target).
  void queue_target_depth_read() {
    if (!target) return;
    FRONTIER_CUDA_CHECK(cudaMemcpyAsync(h_target_depth.data(), d_depth.data() + *target,
                                        sizeof(std::int32_t), cudaMemcpyDeviceToHost,
                                        stream.get()));
  }

  /// Whether the search ends now that every vertex up to depth `deepest` is labelled (the target
  /// among them, or the depth limit reached); records why in `stop`. (Passes that expanded level
  /// L have labelled L + 1 too: a target found there stops the search after level L + 1.)
  bool stops_after(std::int32_t deepest) {
    if (target && *h_target_depth.data() != kUnreachedDepth && *h_target_depth.data() <= deepest) {
      stop = BfsStop::TargetReached;
    } else if (depth_limit && deepest >= *depth_limit) {
      stop = BfsStop::DepthLimit;
    }
    return stop != BfsStop::FrontierEmpty;
  }

  Args base_args() const {
    Args args;
    args.forward = graph.forward();
    args.reverse = graph.reverse();
    args.num_vertices = num_vertices;
    args.depth = d_depth.data();
    args.parent = d_parent.data();
    args.visited = d_visited.data();
    args.hub_chunks = d_hub_chunks.data();
    args.out_capacity = search_capacity;
    args.first_in_neighbour = d_first_in_neighbour.data();
    args.bottom_up_words = bottom_up_words;
    return args;
  }

  BfsCounters* slot_ptr(std::int64_t level) const {
    return d_counters.data() + static_cast<int>(level % kCounterSlots);
  }

  /// The hub pass for an expanding kernel launched with `args` whose counts `c` the host has
  /// read: queued behind it on the stream when it recorded hub chunks.
  template <bool kParents>
  void launch_hub_pass(const Args& args, const BfsCounters& c) {
    if (c.hub_chunks == 0) return;
    const auto hub_kernel = bfs_hub_expand_kernel<VertexT, EdgeT, kParents>;
    const std::uint64_t warps_needed = c.hub_chunks;
    hub_kernel<<<grid_for(hub_kernel, warps_needed * kWarpThreads), kBfsBlockThreads, 0,
                 stream.get()>>>(args);
    FRONTIER_CHECK_LAUNCH();
    stats.hub_arcs += static_cast<std::int64_t>(c.hub_arcs);
  }

  /// Top-down counts of one level into the run statistics.
  void count_top_down(const BfsCounters& c) {
    stats.culling_survivors += static_cast<std::int64_t>(c.culling_survivors);
    stats.vertices_claimed += static_cast<std::int64_t>(c.new_vertices);
    stats.vertices_claimed_top_down += static_cast<std::int64_t>(c.new_vertices);
    stats.logical_arcs += static_cast<std::int64_t>(c.new_degree_sum);
  }

  template <bool kParents>
  BfsResult<VertexT> search(std::span<const VertexT> sources, const BfsCudaOptions& options,
                            const BfsCudaPolicy& policy);

  /// The level loop of every strategy but expand-contract: top-down levels over edge queues
  /// (fused, multi-level or two-phase) and bottom-up levels over bitmaps. Labels reset and the
  /// level-0 edge queue seeded; `finish_level` takes each level's record.
  template <bool kParents, typename FinishLevel>
  void queue_and_bitmap_levels(const BfsCudaOptions& options, const BfsCudaPolicy& policy,
                               std::uint64_t source_count, const FinishLevel& finish_level);

  /// What queue_and_bitmap_levels fixed for the search, what one level hands the next (E(L) or
  /// frontier(L), see the file comment) and the level L being run.
  struct QueueLevels {
    QueueLevels(BfsCudaStrategy strategy_in, const BfsCudaPolicy& policy_in, std::uint64_t n_in,
                std::uint64_t resident_threads, std::uint64_t num_arcs, std::uint64_t sources,
                std::uint64_t cluster_start_items_in, bool cluster_wide_arc_indices_in,
                std::uint64_t max_degree_in)
        : strategy(strategy_in),
          policy(policy_in),
          n(n_in),
          words(bitmap_words(n_in)),
          may_go_bottom_up(strategy_in == BfsCudaStrategy::DirectionOptimizing ||
                           strategy_in == BfsCudaStrategy::BottomUp),
          hybrid(strategy_in == BfsCudaStrategy::Hybrid ||
                 strategy_in == BfsCudaStrategy::DirectionOptimizing),
          fused_limit(policy_in.fused_queue_factor * static_cast<double>(resident_threads)),
          cluster_levels(hybrid && cluster_start_items_in > 0),
          cluster_start_items(cluster_levels ? cluster_start_items_in : 0),
          cluster_wide_arc_indices(cluster_wide_arc_indices_in),
          max_degree(max_degree_in),
          edge_length(sources),
          unexplored_arcs(num_arcs) {}

    /// Whether Beamer's rule might turn level L's expansion bottom-up: the vertices E(L) can
    /// claim have at most |E(L)| * max_degree arcs. Such a level claims before it expands (two
    /// phases), so that a level that turns bottom-up is never expanded top-down first.
    bool may_turn_bottom_up() const {
      return strategy == BfsCudaStrategy::DirectionOptimizing &&
             static_cast<double>(edge_length) * static_cast<double>(max_degree) >
                 static_cast<double>(unexplored_arcs) / policy.alpha;
    }

    // Fixed for the search.
    BfsCudaStrategy strategy;
    const BfsCudaPolicy& policy;
    std::uint64_t n;
    std::uint64_t words;
    bool may_go_bottom_up;
    bool hybrid;
    /// Edge queues shorter than this are small (hybrid strategies: contract-expand levels).
    double fused_limit;
    /// Whether edge queues of at most cluster_start_items items go to the cluster level kernel.
    bool cluster_levels;
    std::uint64_t cluster_start_items;
    /// BfsCudaOptions::cluster_wide_arc_indices.
    bool cluster_wide_arc_indices;
    /// The graph's largest out-degree.
    std::uint64_t max_degree;

    // Handed from level to level.
    bool in_bitmap = false;                // frontier(L) is a bitmap (bottom-up), else E(L) a queue
    bool claimed_queue = false;            // or V(L), claimed, waits in the vertex queue
    BfsCounters claims{};                  // level L's counts when claimed_queue
    int edge_buffer = 0;                   // which edge queue holds E(L)
    int frontier_buffer = 0;               // which bitmap holds frontier(L)
    bool frontier_zeroed = true;           // bitmap 0 still all clear, as the reset left it
    std::uint64_t edge_length;             // |E(L)|
    std::uint64_t frontier_size = 0;       // n(L) when in_bitmap
    std::uint64_t frontier_arcs = 0;       // and the arcs out of it (|E(L + 1)| top-down)
    bool stays_bottom_up = false;          // frontier(L)'s step chose bottom-up for step L + 1
    unsigned long long queued_ticket = 0;  // bottom-up step L + 1, queued by step L (0: none)
    std::uint64_t unexplored_arcs;

    // Of the level L being run.
    std::int32_t level = 0;
    detail::Timer level_timer;
    double earlier_seconds = 0.0;  // of a level begun in a multi-level launch, finished bottom-up
    Args args;
    BfsLevelStats record;
  };

  /// How a top-down step of queue_and_bitmap_levels ended: level L goes on to its bottom-up
  /// step (if it switched) and its record; a multi-level launch recorded its levels itself; or
  /// the frontier is empty.
  enum class StepEnd { kGoOn, kLevelsRecorded, kSearchDone };

  /// 2. Top-down from the edge queue E(L): one of the three steps below.
  template <bool kParents, typename FinishLevel>
  StepEnd top_down_step(QueueLevels& loop, const FinishLevel& finish_level);
  /// 2a. Small queue: levels back to back in one launch (one cluster of CTAs while the frontier is
  /// tiny, else contract-expand levels in a cooperative grid), recorded as they ran; where Beamer's
  /// rule stopped it, level L switched to a bitmap frontier; where the cluster launch left
  /// V(L) in the vertex queue, level L expanded by the wide kernels.
  template <bool kParents, typename FinishLevel>
  StepEnd multi_level_step(QueueLevels& loop, const FinishLevel& finish_level);
  /// 2b. Fused contract-expand, one launch: E(L) -> E(L + 1).
  template <bool kParents>
  StepEnd fused_step(QueueLevels& loop);
  /// 2c-2f. Two-phase: E(L) -> V(L), then V(L) -> E(L + 1) or, bottom-up, V(L) -> frontier(L).
  template <bool kParents>
  StepEnd two_phase_step(QueueLevels& loop);
  /// 2d-2e. Beamer's rule on level L's claims `c` (V(L) in the vertex queue, counted in level
  /// L's slot): true when it turns level L bottom-up, V(L) then converted to frontier(L).
  bool turns_bottom_up(QueueLevels& loop, const BfsCounters& c);
  /// 2f. V(L) in the vertex queue -> E(L + 1) in E(L)'s buffer, with its hub pass, counted in
  /// level L's slot (which holds V(L)'s length and claims); in passes (2g) when its arcs do not
  /// fit an edge queue: known beforehand from `claims` (level L's counts, where the host has
  /// read them), else seen in the expansion's count.
  template <bool kParents>
  StepEnd expand_vertex_queue(QueueLevels& loop, std::uint64_t vertex_length,
                              const BfsCounters* claims = nullptr);
  /// After 2b or 2f expanded level L (launched with `expanded`, counted `c`): its hub pass, its
  /// counts, |E(L + 1)| and level L's record.
  template <bool kParents>
  void finish_expansion(QueueLevels& loop, const Args& expanded, const BfsCounters& c);
  /// Level L's claims `c` into the statistics, Beamer's unexplored arcs and level L's record.
  void count_expanded_level(QueueLevels& loop, const BfsCounters& c);
  /// 2g. V(L) (`vertex_count` vertices with `arcs` arcs, more than an edge queue holds) in the
  /// vertex queue: expanded in passes that claim level L + 1 (unless the search stops at level
  /// L), which then waits in the vertex queue as a claimed V(L + 1) for the next step.
  template <bool kParents>
  StepEnd expand_in_passes(QueueLevels& loop, std::uint64_t vertex_count, std::uint64_t arcs);
  /// The passes of 2g: returns level L + 1's counts (slot L + 1), V(L + 1) in the vertex queue.
  template <bool kParents>
  BfsCounters claim_next_level_in_passes(QueueLevels& loop, std::uint64_t vertex_count,
                                         std::uint64_t arcs);
  /// The vertices of depth `level` into the vertex queue (through frontier bitmap
  /// loop.frontier_buffer), counted in slot `level`; zeroes slot `level + 1`. Its last kernel
  /// posts as `post` asks.
  void vertex_queue_from_depths(QueueLevels& loop, std::int32_t level, const BfsPost& post = {});
  /// 2h. V(L) claimed in the vertex queue (after 2g, or the sources): bottom-up by Beamer's rule,
  /// else expanded as 2f.
  template <bool kParents>
  StepEnd claimed_queue_step(QueueLevels& loop);
  /// 1b. More sources than an edge queue holds: contracted from the second vertex queue into a
  /// claimed V(0).
  template <bool kParents>
  void claim_sources(QueueLevels& loop, std::uint64_t source_count);
  /// 3. Bitmap frontier(L): back to top-down (frontier(L) -> V(L) -> E(L + 1)) when it is small
  /// and shrinking (Beamer's beta).
  template <bool kParents>
  void back_to_top_down_step(QueueLevels& loop);
  /// 4. Bottom-up step L + 1: frontier(L) -> frontier(L + 1).
  template <bool kParents>
  void bottom_up_step(QueueLevels& loop);
  /// Launches bottom-up step `level` (step L + 1, or L + 2 `queued` behind it), asking for its
  /// post; returns the post's ticket.
  template <bool kParents>
  unsigned long long queue_bottom_up(const QueueLevels& loop, std::int32_t level, bool queued);

  /// The level loop of the expand-contract strategy, over vertex queues only (same contract).
  template <bool kParents, typename FinishLevel>
  void expand_contract_levels(std::uint64_t source_count, const FinishLevel& finish_level);

  /// Clears the labels and level records deeper than `last_level` (the target's depth), which a
  /// multi-level launch may have labelled past the target.
  void drop_levels_past(std::int32_t last_level, BfsResult<VertexT>& result);
};

template <typename VertexT, typename EdgeT>
template <bool kParents>
BfsResult<VertexT> BfsRunner<VertexT, EdgeT>::Impl::search(std::span<const VertexT> sources,
                                                           const BfsCudaOptions& options,
                                                           const BfsCudaPolicy& policy) {
  const cudaStream_t s = stream.get();
  const std::uint64_t n = static_cast<std::uint64_t>(num_vertices);
  const std::uint64_t words = bitmap_words(n);
  const std::uint64_t source_count = sources.size();
  const bool debug = debug_enabled();

  BfsResult<VertexT> result;
  result.source = sources.front();
  result.sources.assign(sources.begin(), sources.end());
  stats = BfsCudaRunStats{};
  depth_limit = options.depth_limit;
  target = options.target;
  stop = BfsStop::FrontierEmpty;
  *h_target_depth.data() = kUnreachedDepth;
  search_capacity = options.edge_queue_capacity > 0
                        ? std::min<std::uint64_t>(options.edge_queue_capacity, queue_capacity)
                        : queue_capacity;
  seeds_in_second_queue = source_count > search_capacity;
  const auto finish_level = [&](const BfsLevelStats& record) {
    result.levels.push_back(record);
    result.edges_examined += record.edges_examined;
    if (debug) {
      log_debug("cuda bfs level " + std::to_string(record.level) + ": " +
                (record.direction == BfsDirection::TopDown ? "top-down" : "bottom-up") +
                ", frontier " + std::to_string(record.frontier_vertices) + ", arcs " +
                std::to_string(record.edges_examined) + ", " + format_seconds_us(record.seconds));
    }
  };

  // 1. Reset labels and seed the level-0 edge queue with the sources (one source travels as a
  //    kernel argument, several are copied in; more than an edge queue holds go to the second
  //    vertex queue, each its own predecessor there). A failure that an earlier call already
  //    reported (say, a bad device id) must not be pinned on this search's launches.
  static_cast<void>(cudaGetLastError());
  detail::Timer search_timer;
  VertexT* const seed_queue =
      seeds_in_second_queue ? d_second_queue.data() : d_edge_queue[0].data();
  VertexT* const seed_preds =
      seeds_in_second_queue ? d_second_queue.data() : d_edge_preds[0].data();
  if (source_count > 1) {
    for (VertexT* queue : {seed_queue, seed_preds}) {
      FRONTIER_CUDA_CHECK(cudaMemcpyAsync(queue, sources.data(), source_count * sizeof(VertexT),
                                          cudaMemcpyHostToDevice, s));
    }
  }
  const auto reset_kernel = bfs_reset_kernel<VertexT>;
  reset_kernel<<<grid_for(reset_kernel, words), kBfsBlockThreads, 0, s>>>(
      d_depth.data(), d_visited.data(), d_frontier[0].data(), words,
      target ? static_cast<VertexT>(*target) : VertexT{-1}, sources.front(), source_count,
      seed_queue, seed_preds, d_counters.data());
  FRONTIER_CHECK_LAUNCH();

  // 2. The levels.
  if (options.strategy == BfsCudaStrategy::ExpandContract) {
    expand_contract_levels<kParents>(source_count, finish_level);
  } else {
    queue_and_bitmap_levels<kParents>(options, policy, source_count, finish_level);
  }
  result.seconds = search_timer.seconds();
  result.vertices_reached = stats.vertices_claimed;
  // A launch that ran the search to its end may have labelled the target on the way without
  // the loop stopping for it (a target among the sources, say): the target decides all the same.
  if (target) {
    queue_target_depth_read();
    FRONTIER_CUDA_CHECK(cudaStreamSynchronize(s));
    if (*h_target_depth.data() != kUnreachedDepth) stop = BfsStop::TargetReached;
  }
  result.stop = stop;

  // 6. Copy the labels back, made whole first (the search wrote only the reached ones).
  if (options.copy_labels) {
    settle_unreached_labels(kParents);
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
  if (stop == BfsStop::TargetReached) drop_levels_past(*h_target_depth.data(), result);
  return result;
}

template <typename VertexT, typename EdgeT>
void BfsRunner<VertexT, EdgeT>::Impl::drop_levels_past(std::int32_t last_level,
                                                       BfsResult<VertexT>& result) {
  std::erase_if(result.levels,
                [last_level](const BfsLevelStats& record) { return record.level > last_level; });
  if (result.depth.empty()) return;
  std::int64_t reached = 0;
  for (std::size_t v = 0; v < result.depth.size(); ++v) {
    if (result.depth[v] > last_level) {
      result.depth[v] = kUnreachedDepth;
      if (!result.parent.empty()) result.parent[v] = kInvalidVertex<VertexT>;
    }
    reached += result.depth[v] != kUnreachedDepth ? 1 : 0;
  }
  result.vertices_reached = reached;
}

template <typename VertexT, typename EdgeT>
template <bool kParents, typename FinishLevel>
void BfsRunner<VertexT, EdgeT>::Impl::queue_and_bitmap_levels(const BfsCudaOptions& options,
                                                              const BfsCudaPolicy& policy,
                                                              std::uint64_t source_count,
                                                              const FinishLevel& finish_level) {
  QueueLevels loop(options.strategy, policy, static_cast<std::uint64_t>(num_vertices),
                   resident_threads, static_cast<std::uint64_t>(num_arcs), source_count,
                   options.cluster_levels ? cluster_levels_start_items(cluster_levels_ctas) : 0,
                   options.cluster_wide_arc_indices, max_degree);
  if (seeds_in_second_queue) claim_sources<kParents>(loop, source_count);
  for (loop.level = 0;; ++loop.level) {
    loop.level_timer.restart();
    loop.earlier_seconds = 0.0;
    loop.args = base_args();
    loop.args.counters = slot_ptr(loop.level);
    loop.args.next_counters = slot_ptr(loop.level + 1);
    loop.record = BfsLevelStats{};
    loop.record.level = loop.level;
    loop.record.direction = BfsDirection::TopDown;

    if (!loop.in_bitmap) {
      // 2. Edge queue E(L): top-down, or switched to bottom-up.
      const StepEnd end = top_down_step<kParents>(loop, finish_level);
      if (end == StepEnd::kSearchDone) break;
      if (end == StepEnd::kLevelsRecorded) {
        if (stops_after(loop.level)) break;
        continue;
      }
    } else {
      // 3. Bitmap frontier(L): bottom-up, or back to top-down.
      back_to_top_down_step<kParents>(loop);
    }
    // 4. Bottom-up step L + 1 (level L's expansion), unless the search ends at level L (a step
    //    that just switched to bottom-up has labelled level L only).
    const bool ends_here = loop.in_bitmap && stops_after(loop.level);
    if (ends_here) {
      loop.record.direction = BfsDirection::BottomUp;
      loop.record.frontier_vertices = static_cast<std::int64_t>(loop.frontier_size);
    } else if (loop.in_bitmap) {
      bottom_up_step<kParents>(loop);
    }

    // 5. Record level L.
    loop.record.seconds = loop.earlier_seconds + loop.level_timer.seconds();
    finish_level(loop.record);
    if (ends_here || (loop.in_bitmap && loop.frontier_size == 0)) break;
    // 6. A depth limit or target ends the search once its level is labelled.
    if ((depth_limit || target) && stops_after(loop.in_bitmap ? loop.level + 1 : loop.level)) {
      break;
    }
  }
}

template <typename VertexT, typename EdgeT>
template <bool kParents, typename FinishLevel>
auto BfsRunner<VertexT, EdgeT>::Impl::top_down_step(QueueLevels& loop,
                                                    const FinishLevel& finish_level) -> StepEnd {
  if (loop.claimed_queue) return claimed_queue_step<kParents>(loop);
  if (loop.edge_length == 0) return StepEnd::kSearchDone;
  Args& args = loop.args;
  args.level = loop.level;
  args.in_queue = d_edge_queue[loop.edge_buffer].data();
  args.in_preds = d_edge_preds[loop.edge_buffer].data();
  args.in_length = &slot_ptr(loop.level + kCounterSlots - 1)->edge_queue_length;
  // The cluster kernel hands a large level back unexpanded; the grid launch and the fused kernel
  // claim and expand in one pass, so they take no level that might turn bottom-up.
  const bool small =
      static_cast<double>(loop.edge_length) < loop.fused_limit && !loop.may_turn_bottom_up();
  const bool tiny = loop.cluster_levels && loop.edge_length <= loop.cluster_start_items;
  if (loop.hybrid && (tiny || (small && cooperative_launch))) {
    const StepEnd end = multi_level_step<kParents>(loop, finish_level);
    if (end != StepEnd::kGoOn) return end;
  }
  const bool fused = loop.strategy == BfsCudaStrategy::ContractExpand || (loop.hybrid && small);
  if (loop.in_bitmap) {
    // The launch above switched to bottom-up: step 4 expands level L.
    return StepEnd::kGoOn;
  }
  return fused ? fused_step<kParents>(loop) : two_phase_step<kParents>(loop);
}

template <typename VertexT, typename EdgeT>
template <bool kParents, typename FinishLevel>
auto BfsRunner<VertexT, EdgeT>::Impl::multi_level_step(QueueLevels& loop,
                                                       const FinishLevel& finish_level) -> StepEnd {
  const cudaStream_t s = stream.get();
  const auto fused_levels_kernel = bfs_contract_expand_levels_kernel<VertexT, EdgeT, kParents>;
  const ClusterLevelsKernel cluster_levels =
      cluster_levels_kernel<kParents>(loop.cluster_wide_arc_indices);
  const auto depth_to_bitmap_kernel = bfs_depth_to_bitmap_kernel<VertexT, EdgeT>;
  BfsLevelStats& record = loop.record;
  // 2a. Small queue: levels back to back in one launch, one cluster of CTAs while E(L) is tiny.
  const bool cluster = loop.cluster_levels && loop.edge_length <= loop.cluster_start_items;
  BfsMultiLevelArgs<VertexT> multi;
  for (int b = 0; b < 2; ++b) {
    multi.queues[b] = d_edge_queue[b].data();
    multi.preds[b] = d_edge_preds[b].data();
  }
  multi.first_buffer = loop.edge_buffer;
  multi.level_counters = d_launch_counters.data();
  multi.max_levels = launch_slots();
  if (depth_limit) {
    // Level L + i labels depth L + i: no launch goes past the depth limit.
    const std::int64_t levels_left = std::int64_t{*depth_limit} - loop.level + 1;
    multi.max_levels = static_cast<int>(std::min<std::int64_t>(multi.max_levels, levels_left));
  }
  multi.queue_limit = static_cast<unsigned long long>(loop.fused_limit);
  multi.queue_floor = loop.cluster_start_items;
  multi.alpha = loop.strategy == BfsCudaStrategy::DirectionOptimizing ? loop.policy.alpha : 0.0;
  multi.unexplored_arcs = loop.unexplored_arcs;
  multi.max_degree = max_degree;
  multi.ring = d_counters.data();
  // The launch posts its own levels' slots (BfsPost::launch_counters), not a ring slot.
  Args first = posting(loop.args, 0);
  if (cluster) {
    cudaLaunchAttribute attribute{};
    // A queue one CTA holds runs in one CTA: there a level is bound by its chain of round
    // trips, which the cluster barrier and the exchange of counts only lengthen.
    const int ctas = loop.edge_length <= kClusterLevelsCapacity / 2 ? 1 : cluster_levels_ctas;
    cudaLaunchConfig_t config = cluster_levels_config(ctas, &attribute);
    if (ctas == 1 && cluster_shared_visited_bytes > 0) {
      config.dynamicSmemBytes += cluster_shared_visited_bytes;
      multi.shared_visited = true;
    }
    FRONTIER_CUDA_CHECK(
        cudaLaunchKernelEx(&config, cluster_levels, first, multi, d_vertex_queue.data()));
  } else {
    // The grid launch's blocks add into its slots; the cluster's leader writes each one whole.
    FRONTIER_CUDA_CHECK(
        cudaMemsetAsync(d_launch_counters.data(), 0, launch_slots() * sizeof(BfsCounters), s));
    void* kernel_args[] = {&first, &multi};
    FRONTIER_CUDA_CHECK(cudaLaunchCooperativeKernel(
        reinterpret_cast<const void*>(fused_levels_kernel),
        dim3(resident_blocks(fused_levels_kernel)), dim3(kBfsBlockThreads), kernel_args, 0, s));
  }
  FRONTIER_CHECK_LAUNCH();
  const BfsPosted& posted = wait_for_post();
  const int levels_run = std::max(1, posted.levels_run);
  const int end = posted.end;
  ++(cluster ? stats.cluster_level_launches : stats.multi_level_launches);
  // The launch's time is shared evenly by its levels.
  const double seconds = loop.level_timer.seconds() / levels_run;
  bool finished = false;
  for (int i = 0; i < levels_run - (end != kClusterLevelsDone ? 1 : 0); ++i) {
    const BfsCounters& c = h_launch_counters.data()[i];
    if (c.new_vertices == 0) {
      finished = true;
      break;
    }
    count_top_down(c);
    stats.edge_queue_items += static_cast<std::int64_t>(c.edge_queue_length);
    stats.hub_arcs += static_cast<std::int64_t>(c.hub_arcs);
    ++(cluster ? stats.cluster_levels : stats.fused_levels);
    loop.unexplored_arcs -= std::min<std::uint64_t>(loop.unexplored_arcs, c.new_degree_sum);
    record.level = loop.level + i;
    record.frontier_vertices = static_cast<std::int64_t>(c.new_vertices);
    record.edges_examined = static_cast<std::int64_t>(c.edge_queue_length);
    record.seconds = seconds;
    finish_level(record);
    loop.edge_length = c.edge_queue_length;
  }
  if (finished) return StepEnd::kSearchDone;
  if (end == kClusterLevelsDone) {
    loop.edge_buffer = (loop.edge_buffer + levels_run) % 2;
    loop.level += levels_run - 1;
    return StepEnd::kLevelsRecorded;
  }
  if (end == kClusterLevelsVertexQueue) {
    // 2c. The cluster launch claimed level L (its last) but left its expansion, too large for
    //     the cluster, to the wide kernels: V(L) -> E(L + 1) as two-phase expands it.
    loop.level += levels_run - 1;
    loop.args = base_args();
    loop.args.level = loop.level;
    loop.args.counters = slot_ptr(loop.level);
    loop.args.next_counters = slot_ptr(loop.level + 1);
    const BfsCounters& claims = h_launch_counters.data()[levels_run - 1];
    ++stats.cluster_levels;
    if (loop.may_go_bottom_up && turns_bottom_up(loop, claims)) {
      record.level = loop.level;
      loop.earlier_seconds = loop.level_timer.seconds() - seconds * (levels_run - 1);
      loop.level_timer.restart();
      return StepEnd::kGoOn;
    }
    // The launch counted V(L)'s arcs: a level too large for an edge queue goes straight to the
    // passes instead of being expanded first.
    if (expand_vertex_queue<kParents>(loop, claims.new_vertices, &claims) == StepEnd::kSearchDone) {
      return StepEnd::kSearchDone;
    }
    record.level = loop.level;
    record.seconds = loop.level_timer.seconds() - seconds * (levels_run - 1);
    finish_level(record);
    return StepEnd::kLevelsRecorded;
  }
  if (end == kGridLevelsQueueFull) {
    // 2g. The launch claimed level L (its last), but its edge frontier did not fit the queue:
    //     V(L) rebuilt from the depths and expanded in passes.
    const BfsCounters& c = h_launch_counters.data()[levels_run - 1];
    loop.level += levels_run - 1;
    loop.args = base_args();
    loop.args.level = loop.level;
    loop.args.counters = slot_ptr(loop.level);
    loop.args.next_counters = slot_ptr(loop.level + 1);
    ++stats.fused_levels;
    count_expanded_level(loop, c);
    vertex_queue_from_depths(loop, loop.level);
    expand_in_passes<kParents>(loop, c.new_vertices, c.edge_queue_length);
    record.level = loop.level;
    record.seconds = loop.level_timer.seconds() - seconds * (levels_run - 1);
    finish_level(record);
    return StepEnd::kLevelsRecorded;
  }
  // 2b. Beamer's rule stopped the launch after claiming level L (its last): L's expansion
  //     runs bottom-up from a bitmap of depth == L; the edge queue the launch began for
  //     L + 1 (hub lists left out) is dropped, its items still counted as work done.
  const BfsCounters& c = h_launch_counters.data()[levels_run - 1];
  loop.level += levels_run - 1;
  count_top_down(c);
  stats.edge_queue_items += static_cast<std::int64_t>(c.edge_queue_length - c.hub_arcs);
  ++(cluster ? stats.cluster_levels : stats.fused_levels);
  ++stats.in_launch_switches;
  loop.unexplored_arcs -= std::min<std::uint64_t>(loop.unexplored_arcs, c.new_degree_sum);
  Args convert = base_args();
  convert.level = loop.level;
  convert.frontier_out = d_frontier[loop.frontier_buffer].data();
  depth_to_bitmap_kernel<<<grid_for(depth_to_bitmap_kernel, loop.words * kBitmapWordBits),
                           kBfsBlockThreads, 0, s>>>(convert);
  FRONTIER_CHECK_LAUNCH();
  loop.frontier_zeroed = false;
  loop.in_bitmap = true;
  loop.frontier_size = c.new_vertices;
  loop.frontier_arcs = c.new_degree_sum;
  record.level = loop.level;
  loop.earlier_seconds = seconds;
  loop.level_timer.restart();
  return StepEnd::kGoOn;
}

template <typename VertexT, typename EdgeT>
template <bool kParents>
auto BfsRunner<VertexT, EdgeT>::Impl::fused_step(QueueLevels& loop) -> StepEnd {
  // 2b. Fused contract-expand, one launch: E(L) -> E(L + 1) in the other edge buffer.
  const auto fused_kernel = bfs_contract_expand_kernel<VertexT, EdgeT, kParents>;
  Args& args = loop.args;
  args.out_queue = d_edge_queue[1 - loop.edge_buffer].data();
  args.out_preds = d_edge_preds[1 - loop.edge_buffer].data();
  fused_kernel<<<grid_for(fused_kernel, loop.edge_length), kBfsBlockThreads, 0, stream.get()>>>(
      posting(args, loop.level % kCounterSlots));
  FRONTIER_CHECK_LAUNCH();
  const BfsCounters c = posted_counters();
  if (c.new_vertices == 0) return StepEnd::kSearchDone;
  ++stats.fused_levels;
  if (c.edge_queue_length > search_capacity) {
    // 2g. E(L + 1) did not fit: V(L) rebuilt from the depths and expanded in passes.
    count_expanded_level(loop, c);
    vertex_queue_from_depths(loop, loop.level);
    return expand_in_passes<kParents>(loop, c.new_vertices, c.edge_queue_length);
  }
  finish_expansion<kParents>(loop, args, c);
  loop.edge_buffer = 1 - loop.edge_buffer;
  return StepEnd::kGoOn;
}

template <typename VertexT, typename EdgeT>
template <bool kParents>
auto BfsRunner<VertexT, EdgeT>::Impl::two_phase_step(QueueLevels& loop) -> StepEnd {
  const cudaStream_t s = stream.get();
  const auto contract_kernel = bfs_contract_kernel<VertexT, EdgeT, kParents>;
  Args& args = loop.args;
  // 2c. Two-phase, contraction: E(L) -> vertex queue V(L).
  args.out_queue = d_vertex_queue.data();
  // 2d. Direction choice (Beamer) needs n(L), m(L) now, so this level waits twice.
  contract_kernel<<<grid_for(contract_kernel, loop.edge_length), kBfsBlockThreads, 0, s>>>(
      loop.may_go_bottom_up ? posting(args, loop.level % kCounterSlots) : args);
  FRONTIER_CHECK_LAUNCH();
  StepEnd end = StepEnd::kGoOn;
  if (loop.may_go_bottom_up) {
    const BfsCounters c = posted_counters();
    if (c.new_vertices == 0) return StepEnd::kSearchDone;
    if (turns_bottom_up(loop, c)) return StepEnd::kGoOn;
    end = expand_vertex_queue<kParents>(loop, c.vertex_queue_length, &c);
  } else {
    end = expand_vertex_queue<kParents>(loop, loop.n);  // n: an upper bound until counted
  }
  if (end == StepEnd::kGoOn) ++stats.two_phase_levels;
  return end;
}

template <typename VertexT, typename EdgeT>
bool BfsRunner<VertexT, EdgeT>::Impl::turns_bottom_up(QueueLevels& loop, const BfsCounters& c) {
  const bool bottom_up = loop.strategy == BfsCudaStrategy::BottomUp ||
                         static_cast<double>(c.new_degree_sum) >
                             static_cast<double>(loop.unexplored_arcs) / loop.policy.alpha;
  if (!bottom_up) return false;
  // 2e. V(L) -> bitmap frontier(L); bottom-up step L + 1 is level L's expansion.
  const cudaStream_t s = stream.get();
  const auto to_bitmap_kernel = bfs_queue_to_bitmap_kernel<VertexT, EdgeT>;
  if (!loop.frontier_zeroed) {
    FRONTIER_CUDA_CHECK(cudaMemsetAsync(d_frontier[loop.frontier_buffer].data(), 0,
                                        loop.words * sizeof(BitmapWord), s));
  }
  loop.frontier_zeroed = false;
  Args convert = loop.args;
  convert.in_queue = d_vertex_queue.data();
  convert.in_length = &slot_ptr(loop.level)->vertex_queue_length;
  convert.frontier_out = d_frontier[loop.frontier_buffer].data();
  // Sized by the level's claims: V(L) holds them all, and a cluster launch that handed V(L)
  // back counted them but left the queue's length in the ring only.
  to_bitmap_kernel<<<grid_for(to_bitmap_kernel, c.new_vertices), kBfsBlockThreads, 0, s>>>(convert);
  FRONTIER_CHECK_LAUNCH();
  count_top_down(c);
  loop.unexplored_arcs -= std::min<std::uint64_t>(loop.unexplored_arcs, c.new_degree_sum);
  loop.in_bitmap = true;
  loop.frontier_size = c.new_vertices;
  loop.frontier_arcs = c.new_degree_sum;
  return true;
}

template <typename VertexT, typename EdgeT>
template <bool kParents>
auto BfsRunner<VertexT, EdgeT>::Impl::expand_vertex_queue(QueueLevels& loop,
                                                          std::uint64_t vertex_length,
                                                          const BfsCounters* claims) -> StepEnd {
  if (claims != nullptr && claims->new_degree_sum > search_capacity) {
    count_expanded_level(loop, *claims);
    return expand_in_passes<kParents>(loop, vertex_length, claims->new_degree_sum);
  }
  // 2f. Expansion: V(L) -> E(L + 1), reusing E(L)'s buffer.
  const auto expand_kernel = bfs_expand_kernel<VertexT, EdgeT, kParents>;
  Args expand = loop.args;
  expand.in_queue = d_vertex_queue.data();
  expand.in_length = &slot_ptr(loop.level)->vertex_queue_length;
  expand.out_queue = d_edge_queue[loop.edge_buffer].data();
  expand.out_preds = d_edge_preds[loop.edge_buffer].data();
  // A few vertices with many arcs (a hub level): every list a CTA would stream goes to the hub
  // pass, spread over the whole GPU, and the vertices spread over a wave of blocks, a few each,
  // where a block per 256 vertices would leave most SMs idle.
  std::uint64_t expand_threads = vertex_length;
  const std::uint64_t plain_blocks = (vertex_length + kBfsBlockThreads - 1) / kBfsBlockThreads;
  if (claims != nullptr && vertex_length > 0 &&
      vertex_length <= static_cast<std::uint64_t>(kBfsKernelPolicy.hub_level_max_vertices) &&
      claims->new_degree_sum >=
          plain_blocks * static_cast<std::uint64_t>(kBfsKernelPolicy.hub_level_block_arcs)) {
    expand.hub_threshold = static_cast<unsigned long long>(kBfsKernelPolicy.cta_gather_threshold);
    const auto blocks = static_cast<std::uint64_t>(resident_blocks(expand_kernel));
    expand.tile_vertices =
        static_cast<unsigned int>(std::bit_ceil((vertex_length + blocks - 1) / blocks));
    expand_threads = (vertex_length + expand.tile_vertices - 1) / expand.tile_vertices *
                     static_cast<std::uint64_t>(kBfsBlockThreads);
    ++stats.hub_levels;
  }
  expand_kernel<<<grid_for(expand_kernel, expand_threads), kBfsBlockThreads, 0, stream.get()>>>(
      posting(expand, loop.level % kCounterSlots));
  FRONTIER_CHECK_LAUNCH();
  const BfsCounters c = posted_counters();
  if (c.new_vertices == 0) return StepEnd::kSearchDone;
  if (c.edge_queue_length > search_capacity) {
    count_expanded_level(loop, c);
    return expand_in_passes<kParents>(loop, c.vertex_queue_length, c.edge_queue_length);
  }
  finish_expansion<kParents>(loop, expand, c);
  return StepEnd::kGoOn;
}

template <typename VertexT, typename EdgeT>
template <bool kParents>
void BfsRunner<VertexT, EdgeT>::Impl::finish_expansion(QueueLevels& loop, const Args& expanded,
                                                       const BfsCounters& c) {
  launch_hub_pass<kParents>(expanded, c);
  count_expanded_level(loop, c);
  stats.edge_queue_items += static_cast<std::int64_t>(c.edge_queue_length);
  loop.edge_length = c.edge_queue_length;
  loop.record.edges_examined = static_cast<std::int64_t>(c.edge_queue_length);
}

template <typename VertexT, typename EdgeT>
void BfsRunner<VertexT, EdgeT>::Impl::count_expanded_level(QueueLevels& loop,
                                                           const BfsCounters& c) {
  count_top_down(c);
  loop.unexplored_arcs -= std::min<std::uint64_t>(loop.unexplored_arcs, c.new_degree_sum);
  loop.record.frontier_vertices = static_cast<std::int64_t>(c.new_vertices);
}

template <typename VertexT, typename EdgeT>
template <bool kParents>
auto BfsRunner<VertexT, EdgeT>::Impl::expand_in_passes(QueueLevels& loop,
                                                       std::uint64_t vertex_count,
                                                       std::uint64_t arcs) -> StepEnd {
  stats.edge_queue_items += static_cast<std::int64_t>(arcs);
  loop.record.edges_examined = static_cast<std::int64_t>(arcs);
  // The passes label level L + 1: not where the search ends at level L.
  if ((depth_limit || target) && stops_after(loop.level)) return StepEnd::kGoOn;
  loop.claims = claim_next_level_in_passes<kParents>(loop, vertex_count, arcs);
  loop.claimed_queue = true;
  return StepEnd::kGoOn;
}

template <typename VertexT, typename EdgeT>
template <bool kParents>
BfsCounters BfsRunner<VertexT, EdgeT>::Impl::claim_next_level_in_passes(QueueLevels& loop,
                                                                        std::uint64_t vertex_count,
                                                                        std::uint64_t arcs) {
  const cudaStream_t s = stream.get();
  const auto tile_arcs_kernel = bfs_pass_tile_arcs_kernel<kBfsBlockThreads, VertexT, EdgeT>;
  const auto tile_prefix_kernel = bfs_pass_tile_prefix_kernel<kBfsBlockThreads, VertexT, EdgeT>;
  const auto window_kernel = bfs_pass_window_kernel<kBfsBlockThreads, VertexT, EdgeT>;
  const auto expand_kernel = bfs_pass_expand_kernel<kBfsBlockThreads, VertexT, EdgeT, kParents>;
  const auto contract_kernel = bfs_contract_kernel<VertexT, EdgeT, kParents, false>;
  // 1. The arcs of V(L)'s tiles, prefix-summed (V(L) is in the vertex queue, its window offsets
  //    go to the second one).
  BfsPassArgs<VertexT, EdgeT> pass;
  pass.forward = graph.forward();
  pass.vertices = d_vertex_queue.data();
  pass.vertex_count = vertex_count;
  pass.tiles = (vertex_count + kBfsPassTileVertices - 1) / kBfsPassTileVertices;
  pass.tile_arcs = d_pass_tiles.data();
  pass.window_offsets = d_second_queue.data();
  pass.state = d_pass_state.data();
  pass.out_queue = d_edge_queue[0].data();
  pass.out_preds = d_edge_preds[0].data();
  const std::uint64_t tile_threads = pass.tiles * kBfsBlockThreads;
  tile_arcs_kernel<<<grid_for(tile_arcs_kernel, tile_threads), kBfsBlockThreads, 0, s>>>(pass);
  FRONTIER_CHECK_LAUNCH();
  tile_prefix_kernel<<<1, kBfsBlockThreads, 0, s>>>(pass);
  FRONTIER_CHECK_LAUNCH();
  // 2. Each window of at most an edge queue of arcs: offsets, expansion into edge queue 0, and
  //    its contraction, which claims and labels depth L + 1 (counted in slot L + 1).
  Args contract = base_args();
  contract.level = loop.level + 1;
  contract.in_queue = d_edge_queue[0].data();
  contract.in_preds = d_edge_preds[0].data();
  contract.in_length = &d_pass_state.data()->length;
  contract.counters = slot_ptr(loop.level + 1);
  contract.next_counters = slot_ptr(loop.level + 2);
  for (std::uint64_t begin = 0; begin < arcs; begin += search_capacity) {
    pass.begin = begin;
    pass.end = std::min(arcs, begin + search_capacity);
    const std::uint64_t window = pass.end - pass.begin;
    window_kernel<<<grid_for(window_kernel, tile_threads), kBfsBlockThreads, 0, s>>>(pass);
    FRONTIER_CHECK_LAUNCH();
    expand_kernel<<<grid_for(expand_kernel, window), kBfsBlockThreads, 0, s>>>(pass);
    FRONTIER_CHECK_LAUNCH();
    contract_kernel<<<grid_for(contract_kernel, window), kBfsBlockThreads, 0, s>>>(contract);
    FRONTIER_CHECK_LAUNCH();
    ++stats.edge_queue_passes;
  }
  // 3. V(L + 1) from the depths, its length beside the level's claims in slot L + 1.
  vertex_queue_from_depths(loop, loop.level + 1, next_post((loop.level + 1) % kCounterSlots));
  return posted_counters();
}

template <typename VertexT, typename EdgeT>
void BfsRunner<VertexT, EdgeT>::Impl::vertex_queue_from_depths(QueueLevels& loop,
                                                               std::int32_t level,
                                                               const BfsPost& post) {
  const cudaStream_t s = stream.get();
  const auto depth_to_bitmap_kernel = bfs_depth_to_bitmap_kernel<VertexT, EdgeT>;
  const auto to_queue_kernel = bfs_bitmap_to_queue_kernel<VertexT, EdgeT>;
  FRONTIER_CUDA_CHECK(
      cudaMemsetAsync(&slot_ptr(level)->vertex_queue_length, 0, sizeof(unsigned long long), s));
  Args convert = base_args();
  convert.level = level;
  convert.frontier_out = d_frontier[loop.frontier_buffer].data();
  depth_to_bitmap_kernel<<<grid_for(depth_to_bitmap_kernel, loop.words * kBitmapWordBits),
                           kBfsBlockThreads, 0, s>>>(convert);
  FRONTIER_CHECK_LAUNCH();
  loop.frontier_zeroed = false;
  convert.frontier_in = d_frontier[loop.frontier_buffer].data();
  convert.out_queue = d_vertex_queue.data();
  convert.counters = slot_ptr(level);
  convert.next_counters = slot_ptr(level + 1);
  convert.post = post;
  to_queue_kernel<<<grid_for(to_queue_kernel, loop.words), kBfsBlockThreads, 0, s>>>(convert);
  FRONTIER_CHECK_LAUNCH();
}

template <typename VertexT, typename EdgeT>
template <bool kParents>
auto BfsRunner<VertexT, EdgeT>::Impl::claimed_queue_step(QueueLevels& loop) -> StepEnd {
  loop.claimed_queue = false;
  const BfsCounters c = loop.claims;
  if (c.new_vertices == 0) return StepEnd::kSearchDone;
  if ((depth_limit || target) && stops_after(loop.level)) {
    // The search ends at level L: recorded, not expanded.
    count_expanded_level(loop, c);
    return StepEnd::kGoOn;
  }
  if (loop.may_go_bottom_up && turns_bottom_up(loop, c)) return StepEnd::kGoOn;
  const StepEnd end = expand_vertex_queue<kParents>(loop, c.vertex_queue_length, &c);
  if (end == StepEnd::kGoOn) ++stats.two_phase_levels;
  return end;
}

template <typename VertexT, typename EdgeT>
template <bool kParents>
void BfsRunner<VertexT, EdgeT>::Impl::claim_sources(QueueLevels& loop, std::uint64_t source_count) {
  const auto contract_kernel = bfs_contract_kernel<VertexT, EdgeT, kParents>;
  Args seed = base_args();
  seed.level = 0;
  seed.in_queue = d_second_queue.data();
  seed.in_preds = d_second_queue.data();
  seed.in_length = &slot_ptr(kCounterSlots - 1)->edge_queue_length;
  seed.out_queue = d_vertex_queue.data();
  seed.counters = slot_ptr(0);
  seed.next_counters = slot_ptr(1);
  contract_kernel<<<grid_for(contract_kernel, source_count), kBfsBlockThreads, 0, stream.get()>>>(
      posting(seed, 0));
  FRONTIER_CHECK_LAUNCH();
  loop.claims = posted_counters();
  loop.claimed_queue = true;
}

template <typename VertexT, typename EdgeT>
template <bool kParents>
void BfsRunner<VertexT, EdgeT>::Impl::back_to_top_down_step(QueueLevels& loop) {
  // The bottom-up step that found frontier(L) applied Beamer's rule (BfsBottomUpNext).
  if (loop.stays_bottom_up) return;
  // Step L + 1, if queued, finds its gate closed and returns.
  loop.queued_ticket = 0;
  const cudaStream_t s = stream.get();
  const auto expand_kernel = bfs_expand_kernel<VertexT, EdgeT, kParents>;
  const auto to_queue_kernel = bfs_bitmap_to_queue_kernel<VertexT, EdgeT>;
  // 3a. frontier(L) -> V(L) -> E(L + 1).
  Args convert = loop.args;
  convert.frontier_in = d_frontier[loop.frontier_buffer].data();
  convert.out_queue = d_vertex_queue.data();
  to_queue_kernel<<<grid_for(to_queue_kernel, loop.words), kBfsBlockThreads, 0, s>>>(convert);
  FRONTIER_CHECK_LAUNCH();
  Args expand = loop.args;
  expand.in_queue = d_vertex_queue.data();
  expand.in_length = &slot_ptr(loop.level)->vertex_queue_length;
  expand.out_queue = d_edge_queue[loop.edge_buffer].data();
  expand.out_preds = d_edge_preds[loop.edge_buffer].data();
  loop.in_bitmap = false;
  ++stats.two_phase_levels;
  loop.record.frontier_vertices = static_cast<std::int64_t>(loop.frontier_size);
  if (loop.cluster_levels && loop.frontier_arcs <= loop.cluster_start_items &&
      loop.frontier_arcs <= search_capacity) {
    // 3b. E(L + 1) holds the frontier's arcs, which the bottom-up step counted, few enough for
    //     the cluster kernel, which takes the next level from the queue's length on the GPU: no
    //     wait for the expansion's counts, and no hub pass (a CTA streams any long list).
    expand.hub_chunks = nullptr;
    expand_kernel<<<grid_for(expand_kernel, loop.frontier_size), kBfsBlockThreads, 0, s>>>(expand);
    FRONTIER_CHECK_LAUNCH();
    loop.edge_length = loop.frontier_arcs;
  } else {
    expand_kernel<<<grid_for(expand_kernel, loop.frontier_size), kBfsBlockThreads, 0, s>>>(
        posting(expand, loop.level % kCounterSlots));
    FRONTIER_CHECK_LAUNCH();
    const BfsCounters c = posted_counters();
    if (c.edge_queue_length > search_capacity) {
      expand_in_passes<kParents>(loop, c.vertex_queue_length, c.edge_queue_length);
      return;
    }
    launch_hub_pass<kParents>(expand, c);
    loop.edge_length = c.edge_queue_length;
  }
  stats.edge_queue_items += static_cast<std::int64_t>(loop.edge_length);
  loop.record.edges_examined = static_cast<std::int64_t>(loop.edge_length);
}

template <typename VertexT, typename EdgeT>
template <bool kParents>
void BfsRunner<VertexT, EdgeT>::Impl::bottom_up_step(QueueLevels& loop) {
  // 4. Bottom-up step L + 1: frontier(L) -> frontier(L + 1), counted in slot L + 1; queued by
  //    step L, or now. Step L + 2 is queued behind it before the host waits for its counts, so
  //    the wait overlaps step L + 2, which returns at once where step L + 1 decides it does not
  //    run. A depth limit or a target stops the search on the host's side: nothing is queued.
  const bool was_queued = loop.queued_ticket != 0;
  const unsigned long long ticket =
      was_queued ? loop.queued_ticket : queue_bottom_up<kParents>(loop, loop.level + 1, false);
  loop.frontier_zeroed = false;
  loop.queued_ticket =
      depth_limit || target ? 0 : queue_bottom_up<kParents>(loop, loop.level + 2, true);
  const BfsPosted& posted = wait_for_post(ticket);
  const BfsCounters c = posted.counters;
  loop.stays_bottom_up = posted.end == kBottomUpGoesOn;
  BfsLevelStats& record = loop.record;
  record.direction = BfsDirection::BottomUp;
  record.frontier_vertices = static_cast<std::int64_t>(loop.frontier_size);
  record.edges_examined = static_cast<std::int64_t>(c.arcs_examined);
  stats.bottom_up_arcs_examined += static_cast<std::int64_t>(c.arcs_examined);
  stats.vertices_claimed += static_cast<std::int64_t>(c.new_vertices);
  stats.logical_arcs += static_cast<std::int64_t>(c.new_degree_sum);
  ++stats.bottom_up_levels;
  if (was_queued) ++stats.bottom_up_levels_queued;
  loop.unexplored_arcs -= std::min<std::uint64_t>(loop.unexplored_arcs, c.new_degree_sum);
  loop.frontier_buffer = 1 - loop.frontier_buffer;
  loop.frontier_size = c.new_vertices;
  loop.frontier_arcs = c.new_degree_sum;
}

template <typename VertexT, typename EdgeT>
template <bool kParents>
unsigned long long BfsRunner<VertexT, EdgeT>::Impl::queue_bottom_up(const QueueLevels& loop,
                                                                    std::int32_t level,
                                                                    bool queued) {
  const auto bottom_up_kernel = bfs_bottom_up_kernel<VertexT, EdgeT, kParents>;
  // Step `level` reads the bitmap step L + 1 reads (queued: the one it writes) and writes the
  // other; its counts go to slot `level`.
  const int in = queued ? 1 - loop.frontier_buffer : loop.frontier_buffer;
  Args step = base_args();
  step.level = level;
  step.frontier_in = d_frontier[in].data();
  step.frontier_out = d_frontier[1 - in].data();
  step.counters = slot_ptr(level);
  step.next_counters = slot_ptr(level + 1);
  step = posting(step, level % kCounterSlots);
  BfsBottomUpNext next;
  next.gate = d_bottom_up_gate.data();
  next.queued = queued;
  next.previous_frontier = loop.frontier_size;
  next.may_return = loop.strategy != BfsCudaStrategy::BottomUp;
  next.return_below = static_cast<double>(loop.n) / loop.policy.beta;
  bottom_up_kernel<<<grid_for(bottom_up_kernel, loop.words * kWarpThreads), kBfsBlockThreads, 0,
                     stream.get()>>>(step, next);
  FRONTIER_CHECK_LAUNCH();
  return step.post.ticket;
}

template <typename VertexT, typename EdgeT>
template <bool kParents, typename FinishLevel>
void BfsRunner<VertexT, EdgeT>::Impl::expand_contract_levels(std::uint64_t source_count,
                                                             const FinishLevel& finish_level) {
  const cudaStream_t s = stream.get();
  const auto contract_kernel = bfs_contract_kernel<VertexT, EdgeT, kParents>;
  const auto step_kernel = bfs_expand_contract_kernel<VertexT, EdgeT, kParents>;
  // Two vertex queues of n items each.
  VertexT* const vertex_queues[2] = {d_vertex_queue.data(), d_second_queue.data()};

  // 1. Level 0: contract the seeded edge queue of the sources into V(0), counted in slot 0.
  detail::Timer level_timer;
  Args seed = base_args();
  seed.level = 0;
  seed.in_queue = seeds_in_second_queue ? d_second_queue.data() : d_edge_queue[0].data();
  seed.in_preds = seeds_in_second_queue ? d_second_queue.data() : d_edge_preds[0].data();
  seed.in_length = &slot_ptr(kCounterSlots - 1)->edge_queue_length;
  seed.out_queue = vertex_queues[0];
  seed.counters = slot_ptr(0);
  seed.next_counters = slot_ptr(1);
  contract_kernel<<<grid_for(contract_kernel, source_count), kBfsBlockThreads, 0, s>>>(
      posting(seed, 0));
  FRONTIER_CHECK_LAUNCH();
  const BfsCounters first = posted_counters();
  count_top_down(first);
  std::uint64_t frontier = first.new_vertices;
  std::uint64_t vertex_length = first.vertex_queue_length;

  for (std::int32_t level = 0;; ++level) {
    // 2. A depth limit or target ends the search once level L is labelled; level L then has no
    //    expansion.
    if ((depth_limit || target) && stops_after(level)) {
      BfsLevelStats record;
      record.level = level;
      record.direction = BfsDirection::TopDown;
      record.frontier_vertices = static_cast<std::int64_t>(frontier);
      record.seconds = level_timer.seconds();
      finish_level(record);
      break;
    }
    // 3. Step L: V(L) -> V(L + 1), labels depth L + 1, counted in slot L + 1.
    Args args = base_args();
    args.level = level + 1;
    args.in_queue = vertex_queues[level % 2];
    args.in_length = &slot_ptr(level)->vertex_queue_length;
    args.out_queue = vertex_queues[1 - level % 2];
    args.counters = slot_ptr(level + 1);
    args.next_counters = slot_ptr(level + 2);
    step_kernel<<<grid_for(step_kernel, vertex_length), kBfsBlockThreads, 0, s>>>(
        posting(args, (level + 1) % kCounterSlots));
    FRONTIER_CHECK_LAUNCH();
    const BfsCounters c = posted_counters();
    ++stats.expand_contract_levels;
    stats.edge_queue_items += static_cast<std::int64_t>(c.edge_queue_length);

    // 4. Record level L: its frontier and the arcs its expansion examined.
    BfsLevelStats record;
    record.level = level;
    record.direction = BfsDirection::TopDown;
    record.frontier_vertices = static_cast<std::int64_t>(frontier);
    record.edges_examined = static_cast<std::int64_t>(c.edge_queue_length);
    record.seconds = level_timer.seconds();
    finish_level(record);
    if (c.new_vertices == 0) break;
    count_top_down(c);
    frontier = c.new_vertices;
    vertex_length = c.vertex_queue_length;
    level_timer.restart();
  }
}

template <typename VertexT, typename EdgeT>
BfsRunner<VertexT, EdgeT>::BfsRunner(const CsrGraph<VertexT, EdgeT>& graph, int device_id)
    : impl_(std::make_unique<Impl>(graph, device_id)) {
  if (debug_enabled()) {
    log_debug("cuda bfs runner on GPU " + std::to_string(device_id) + ": " +
              std::to_string(graph.num_vertices()) + " vertices, " +
              std::to_string(graph.num_arcs()) + " arcs, " + format_bytes(impl_->device_bytes()) +
              " of device memory");
  }
}

template <typename VertexT, typename EdgeT>
BfsRunner<VertexT, EdgeT>::BfsRunner(ResidentGraph<VertexT, EdgeT>&& graph) {
  const int device_id = graph.device_id();
  impl_ = std::make_unique<Impl>(graph.release_device_graph(), device_id);
  if (debug_enabled()) {
    log_debug("cuda bfs runner on GPU " + std::to_string(device_id) +
              " adopted a device-built graph: " + std::to_string(impl_->num_vertices) +
              " vertices, " + std::to_string(impl_->num_arcs) + " arcs, " +
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
  return run(std::span<const VertexT>(&source, 1), options);
}

template <typename VertexT, typename EdgeT>
BfsResult<VertexT> BfsRunner<VertexT, EdgeT>::run(std::span<const VertexT> sources,
                                                  const BfsCudaOptions& options) {
  if (sources.empty()) throw InvalidArgument("BFS needs at least one source");
  for (const VertexT source : sources) {
    if (source < 0 || source >= impl_->num_vertices) {
      throw InvalidArgument("BFS source " + std::to_string(source) + " is outside [0, " +
                            std::to_string(impl_->num_vertices) + ")");
    }
  }
  if (options.target && (*options.target < 0 || *options.target >= impl_->num_vertices)) {
    throw InvalidArgument("BFS target " + std::to_string(*options.target) + " is outside [0, " +
                          std::to_string(impl_->num_vertices) + ")");
  }
  if (options.depth_limit && *options.depth_limit < 0) {
    throw InvalidArgument("BFS depth limit " + std::to_string(*options.depth_limit) +
                          " is negative");
  }
  const std::vector<VertexT> distinct = detail::distinct_sources(sources);
  BfsCudaPolicy policy = kSm90BfsPolicy;
  if (options.alpha > 0.0) policy.alpha = options.alpha;
  if (options.beta > 0.0) policy.beta = options.beta;
  FRONTIER_CUDA_CHECK(cudaSetDevice(impl_->device_id));
  if (debug_enabled()) {
    log_debug(std::string("cuda bfs from ") + std::to_string(distinct.size()) + " source(s), " +
              std::to_string(distinct.front()) + " first, strategy " +
              std::string(to_string(options.strategy)) + ", policy: " + policy.describe());
  }
  const std::span<const VertexT> seeds(distinct);
  return options.predecessors ? impl_->template search<true>(seeds, options, policy)
                              : impl_->template search<false>(seeds, options, policy);
}

template <typename VertexT, typename EdgeT>
BfsValidation BfsRunner<VertexT, EdgeT>::validate(std::span<const VertexT> sources,
                                                  std::span<const VertexT> parent,
                                                  std::span<const std::int32_t> depth,
                                                  bool stopped_early) {
  detail::check_validation_arguments<VertexT>(impl_->num_vertices, sources, parent.size(),
                                              depth.size());
  FRONTIER_CUDA_CHECK(cudaSetDevice(impl_->device_id));
  static_cast<void>(cudaGetLastError());
  const cudaStream_t s = impl_->stream.get();
  FRONTIER_CUDA_CHECK(cudaMemcpyAsync(impl_->d_parent.data(), parent.data(),
                                      parent.size() * sizeof(VertexT), cudaMemcpyHostToDevice, s));
  if (!depth.empty()) {
    FRONTIER_CUDA_CHECK(cudaMemcpyAsync(impl_->d_depth.data(), depth.data(),
                                        depth.size() * sizeof(std::int32_t), cudaMemcpyHostToDevice,
                                        s));
  }
  return validate_on_device(sources, impl_->d_parent.data(),
                            depth.empty() ? nullptr : impl_->d_depth.data(), stopped_early);
}

template <typename VertexT, typename EdgeT>
BfsValidation BfsRunner<VertexT, EdgeT>::validate_on_device(std::span<const VertexT> sources,
                                                            const VertexT* d_parent,
                                                            const std::int32_t* d_depth,
                                                            bool stopped_early) {
  FRONTIER_CUDA_CHECK(cudaSetDevice(impl_->device_id));
  return validate_bfs_tree_on_device(impl_->graph, sources, d_parent, d_depth, stopped_early,
                                     impl_->stream.get(), impl_->validate_workspace);
}

template <typename VertexT, typename EdgeT>
double BfsRunner<VertexT, EdgeT>::warm_up() {
  const detail::Timer timer;
  FRONTIER_CUDA_CHECK(cudaSetDevice(impl_->device_id));
  // 1. Every kernel loaded, its occupancy recorded.
  impl_->template load_kernels<true>();
  impl_->template load_kernels<false>();
  // 2. One search per strategy and label set, to depth 0: each kind of launch, memset and
  //    post of the level loop runs once. An empty graph has no vertex to search from (and
  //    no search to make fast).
  //    The hybrid runs once more without the cluster kernel, so that the cooperative grid launch
  //    of small levels runs too: a kernel's first cooperative launch takes milliseconds.
  const bool has_vertices = impl_->num_vertices > 0;
  const auto warm_up_search = [&](BfsCudaStrategy strategy, bool parents, bool cluster_levels) {
    BfsCudaOptions options;
    options.strategy = strategy;
    options.predecessors = parents;
    options.cluster_levels = cluster_levels;
    options.depth_limit = 0;
    options.copy_labels = false;
    run(VertexT{0}, options);
  };
  for (const bool parents : {true, false}) {
    if (!has_vertices) continue;
    for (const BfsCudaStrategy strategy : kWarmUpStrategies)
      warm_up_search(strategy, parents, true);
    warm_up_search(BfsCudaStrategy::Hybrid, parents, false);
  }
  // 3. The label copy of a search.
  impl_->copy_labels_to_pageable_memory();
  impl_->stats = BfsCudaRunStats{};
  const double seconds = timer.seconds();
  if (debug_enabled()) {
    log_debug("cuda bfs runner on GPU " + std::to_string(impl_->device_id) + " warmed up in " +
              format_seconds_us(seconds));
  }
  return seconds;
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
EdgeT BfsRunner<VertexT, EdgeT>::num_arcs() const {
  return impl_->num_arcs;
}

template <typename VertexT, typename EdgeT>
bool BfsRunner<VertexT, EdgeT>::directed() const {
  return impl_->graph.directed();
}

template <typename VertexT, typename EdgeT>
std::vector<EdgeT> BfsRunner<VertexT, EdgeT>::out_degrees(std::span<const VertexT> vertices) {
  std::vector<EdgeT> degrees(vertices.size());
  if (vertices.empty()) return degrees;
  FRONTIER_CUDA_CHECK(cudaSetDevice(impl_->device_id));
  const cudaStream_t s = impl_->stream.get();
  const std::uint64_t count = vertices.size();
  require_device_memory(
      "the out-degrees of " + std::to_string(count) + " vertices",
      device_buffer_bytes(count, sizeof(VertexT)) + device_buffer_bytes(count, sizeof(EdgeT)));
  DeviceBuffer<VertexT> d_vertices(count);
  DeviceBuffer<EdgeT> d_degrees(count);
  FRONTIER_CUDA_CHECK(cudaMemcpyAsync(d_vertices.data(), vertices.data(), count * sizeof(VertexT),
                                      cudaMemcpyHostToDevice, s));
  const auto kernel = bfs_out_degrees_kernel<VertexT, EdgeT>;
  kernel<<<impl_->grid_for(kernel, count), kBfsBlockThreads, 0, s>>>(
      impl_->graph.forward().offsets, d_vertices.data(), count, d_degrees.data());
  FRONTIER_CHECK_LAUNCH();
  FRONTIER_CUDA_CHECK(cudaMemcpyAsync(degrees.data(), d_degrees.data(), count * sizeof(EdgeT),
                                      cudaMemcpyDeviceToHost, s));
  FRONTIER_CUDA_CHECK(cudaStreamSynchronize(s));
  return degrees;
}

template <typename VertexT, typename EdgeT>
std::uint64_t BfsRunner<VertexT, EdgeT>::device_bytes() const {
  return impl_->device_bytes();
}

template <typename VertexT, typename EdgeT>
std::uint64_t BfsRunner<VertexT, EdgeT>::edge_queue_capacity() const {
  return impl_->queue_capacity;
}

template <typename VertexT, typename EdgeT>
void BfsRunner<VertexT, EdgeT>::copy_labels_on_device(std::int32_t* d_depth, VertexT* d_parent,
                                                      const VertexT* d_new_id,
                                                      const VertexT* d_old_id) {
  FRONTIER_CUDA_CHECK(cudaSetDevice(impl_->device_id));
  const cudaStream_t s = impl_->stream.get();
  const std::uint64_t n = static_cast<std::uint64_t>(impl_->num_vertices);
  const int grid =
      capped_grid((n + kGatherItemsPerThread - 1) / kGatherItemsPerThread, kRenumberBlockThreads,
                  static_cast<std::uint64_t>(8 * impl_->multiprocessors));
  labels_to_caller_ids_kernel<VertexT><<<grid, kRenumberBlockThreads, 0, s>>>(
      impl_->d_depth.data(), impl_->d_parent.data(), impl_->d_visited.data(), d_new_id, d_old_id, n,
      d_depth, d_parent);
  FRONTIER_CHECK_LAUNCH();
  FRONTIER_CUDA_CHECK(cudaStreamSynchronize(s));
}

}  // namespace frontier::cuda
