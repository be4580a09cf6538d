// Edge tuples -> CSR on the GPU (see device_graph_build.hpp), reproducing frontier::build_csr
// (csr_builder.cpp) bit for bit. The tuples come from two device arrays (build_csr_on_device) or
// straight from the counter-based Kronecker generator (build_kronecker_csr_on_device), which the
// two passes below simply run twice, so no tuple list is ever held. One rank's slice of a
// distributed Kronecker graph (rank_slice_build.cuh) runs the same steps over the whole tuple
// stream, keeping only the arcs whose tail the rank owns, one row per owned vertex.
//
// Steps for one direction (forward; and, for a directed result, the reverse from the swapped
// tuples):
//  1. size the offsets and the placement cursors against free memory;
//  2. pass 1 over the tuples: count each vertex's arcs (csr_build_kernels.cuh) and scan the
//     counts into offsets with cub::DeviceScan::ExclusiveSum over n + 1 entries, so offsets[n]
//     is the arc count;
//  3. size the arcs (and the cursors, made now) against free memory;
//  4. pass 2 over the tuples: place the arcs through atomic cursors (arbitrary order within a
//     list); the cursors are freed;
//  5. sort every list in batches with cub::DeviceSegmentedSort (a list's sorted contents are
//     unique, so the result equals the host's std::sort of the same list). A batch is a run of
//     consecutive lists whose vertices plus arcs fit kSortBatchWindow (a longer list is a batch of
//     its own), so the sort's second buffer and scratch are bounded by the window and the longest
//     list, never by the arcs;
//  6. with remove_duplicates, keep the first arc of every run of equal targets: mark them, scan
//     the marks, and move the kept arcs and offsets down;
//  7. with hubs_first (whole undirected graphs), each list's highest-degree neighbour swaps
//     places with its first arc, as the host builder's pass does.
// A build in the degree-class order (build_kronecker_csr_on_device_by_degree) sorts the vertices
// by the class of their pass-1 degrees between pass 1 and the scan, moves the degrees to the new
// ids, and places every arc through tuples renamed to the new ids; it keeps the order, 8 bytes a
// vertex, for the searches.
// Invariant after step 2: offsets[v + 1] - offsets[v] is v's arc count in the host builder.
// Peak of one direction: offsets, cursors and arcs, then (cursors freed) one batch's second
// buffer and the sort's scratch beside the offsets and arcs; step 6 adds its marks and copies.
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_segmented_sort.cuh>

#include <thrust/iterator/transform_iterator.h>

#include <algorithm>
#include <limits>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "cuda/cuda_check.cuh"
#include "cuda/device_array_allocation.hpp"
#include "cuda/device_memory.hpp"
#include "frontier/errors.hpp"
#include "graph/cuda/csr_build_kernels.cuh"
#include "graph/cuda/device_edge_storage.cuh"
#include "graph/cuda/device_graph.cuh"
#include "graph/cuda/device_graph_build.hpp"
#include "graph/cuda/graph_build_launch.cuh"
#include "graph/cuda/graph_build_tuning.hpp"
#include "graph/cuda/rank_slice_build.cuh"

namespace frontier::cuda {
namespace {

// Targets as TargetT: the vertex type, or a GPU rank's narrower word (rank_slice_build.cuh).
template <typename VertexT, typename EdgeT, typename TargetT = VertexT>
struct OneWayCsr {
  DeviceBuffer<EdgeT> d_offsets;
  DeviceBuffer<TargetT> d_targets;
  EdgeT arcs = 0;
};

template <typename T>
T read_one(const T* d_value) {
  T value{};
  FRONTIER_CUDA_CHECK(cudaMemcpy(&value, d_value, sizeof(T), cudaMemcpyDeviceToHost));
  return value;
}

std::string graph_words(std::uint64_t n, std::uint64_t m) {
  return std::to_string(n) + " vertices and " + std::to_string(m) + " tuples";
}

// Throws InvalidArgument naming the first tuple with an endpoint outside [0, n), as build_csr.
template <typename VertexT>
void check_endpoints(const DeviceEdgeStorage<VertexT>& edges) {
  const std::uint64_t m = edges.size();
  if (m == 0) return;
  DeviceBuffer<unsigned long long> d_first_bad(1);
  const auto none = static_cast<unsigned long long>(m);
  FRONTIER_CUDA_CHECK(cudaMemcpy(d_first_bad.data(), &none, sizeof(none), cudaMemcpyHostToDevice));
  const GraphBuildCudaPolicy& policy = kSm90GraphBuildPolicy;
  find_bad_endpoint_kernel<<<graph_build_grid(m, policy), policy.block_threads>>>(
      edges.d_sources.data(), edges.d_targets.data(), m, edges.num_vertices, d_first_bad.data());
  FRONTIER_CHECK_LAUNCH();
  const unsigned long long first_bad = read_one(d_first_bad.data());
  if (first_bad == none) return;
  const VertexT u = read_one(edges.d_sources.data() + first_bad);
  const VertexT v = read_one(edges.d_targets.data() + first_bad);
  throw InvalidArgument("edge " + std::to_string(first_bad) + " (" + std::to_string(u) + ", " +
                        std::to_string(v) + ") has an endpoint outside [0, " +
                        std::to_string(edges.num_vertices) + ")");
}

// Step 6: keeps the first arc of every run of equal targets in each sorted list.
template <typename VertexT, typename EdgeT, typename TargetT>
void remove_duplicate_arcs(OneWayCsr<VertexT, EdgeT, TargetT>& csr, std::uint64_t n) {
  const auto arcs = static_cast<std::uint64_t>(csr.arcs);
  if (arcs == 0) return;
  const GraphBuildCudaPolicy& policy = kSm90GraphBuildPolicy;
  std::size_t scan_bytes = 0;
  FRONTIER_CUDA_CHECK(cub::DeviceScan::InclusiveSum(
      nullptr, scan_bytes, static_cast<EdgeT*>(nullptr), static_cast<EdgeT*>(nullptr), arcs));
  require_device_memory(
      "removing duplicate arcs of " + std::to_string(arcs) + " arcs (marks, new offsets and arcs)",
      device_bytes_for<EdgeT>(arcs) + device_bytes_for<unsigned char>(scan_bytes) +
          device_bytes_for<EdgeT>(n + 1) + device_bytes_for<TargetT>(arcs));
  // 6a. Marks: list heads, then the first arc of every run.
  DeviceBuffer<EdgeT> d_kept(arcs);
  FRONTIER_CUDA_CHECK(cudaMemset(d_kept.data(), 0, arcs * sizeof(EdgeT)));
  mark_list_heads_kernel<<<graph_build_grid(n, policy), policy.block_threads>>>(
      csr.d_offsets.data(), n, d_kept.data());
  FRONTIER_CHECK_LAUNCH();
  mark_first_of_runs_kernel<<<graph_build_grid(arcs, policy), policy.block_threads>>>(
      csr.d_targets.data(), arcs, d_kept.data());
  FRONTIER_CHECK_LAUNCH();
  // 6b. Running count of kept arcs (in place).
  {
    DeviceBuffer<unsigned char> d_scratch(scan_bytes);
    FRONTIER_CUDA_CHECK(cub::DeviceScan::InclusiveSum(d_scratch.data(), scan_bytes, d_kept.data(),
                                                      d_kept.data(), arcs));
  }
  // 6c. New offsets and arcs.
  DeviceBuffer<EdgeT> d_new_offsets(n + 1);
  compact_offsets_kernel<<<graph_build_grid(n + 1, policy), policy.block_threads>>>(
      csr.d_offsets.data(), d_kept.data(), n, d_new_offsets.data());
  FRONTIER_CHECK_LAUNCH();
  const EdgeT kept = read_one(d_kept.data() + (arcs - 1));
  DeviceBuffer<TargetT> d_new_targets(static_cast<std::size_t>(kept));
  compact_arcs_kernel<<<graph_build_grid(arcs, policy), policy.block_threads>>>(
      csr.d_targets.data(), d_kept.data(), arcs, d_new_targets.data());
  FRONTIER_CHECK_LAUNCH();
  FRONTIER_CUDA_CHECK(cudaDeviceSynchronize());
  csr.d_offsets = std::move(d_new_offsets);
  csr.d_targets = std::move(d_new_targets);
  csr.arcs = kept;
}

// One sort batch of step 5: lists [first_row, first_row + rows), arcs [first_arc, + arcs).
struct SortBatch {
  std::uint64_t first_row = 0;
  std::uint64_t rows = 0;
  std::uint64_t first_arc = 0;
  std::uint64_t arcs = 0;
};

// A batch's offsets as the segmented sort wants them: relative to its first arc.
template <typename EdgeT>
struct RebasedOffset {
  EdgeT base = 0;
  __host__ __device__ EdgeT operator()(EdgeT offset) const { return offset - base; }
};

// Step 5's batches: window k holds the vertices v with k * kSortBatchWindow <= offsets[v] + v <
// (k + 1) * kSortBatchWindow; windows without arcs are left out.
template <typename EdgeT>
std::vector<SortBatch> plan_sort_batches(const EdgeT* d_offsets, std::uint64_t n,
                                         std::uint64_t arcs) {
  const GraphBuildCudaPolicy& policy = kSm90GraphBuildPolicy;
  const std::uint64_t windows = (arcs + n + kSortBatchWindow - 1) / kSortBatchWindow;
  require_device_memory(
      "planning the sort of " + std::to_string(arcs) + " arcs",
      device_bytes_for<std::uint64_t>(windows + 1) + device_bytes_for<EdgeT>(windows + 1));
  DeviceBuffer<std::uint64_t> d_first_row(windows + 1);
  DeviceBuffer<EdgeT> d_first_arc(windows + 1);
  sort_batch_bounds_kernel<<<graph_build_grid(windows + 1, policy), policy.block_threads>>>(
      d_offsets, n, kSortBatchWindow, windows, d_first_row.data(), d_first_arc.data());
  FRONTIER_CHECK_LAUNCH();
  std::vector<std::uint64_t> first_row(windows + 1);
  std::vector<EdgeT> first_arc(windows + 1);
  FRONTIER_CUDA_CHECK(cudaMemcpy(first_row.data(), d_first_row.data(),
                                 first_row.size() * sizeof(std::uint64_t), cudaMemcpyDeviceToHost));
  FRONTIER_CUDA_CHECK(cudaMemcpy(first_arc.data(), d_first_arc.data(),
                                 first_arc.size() * sizeof(EdgeT), cudaMemcpyDeviceToHost));
  std::vector<SortBatch> batches;
  for (std::uint64_t k = 0; k < windows; ++k) {
    SortBatch batch;
    batch.first_row = first_row[k];
    batch.rows = first_row[k + 1] - first_row[k];
    batch.first_arc = static_cast<std::uint64_t>(first_arc[k]);
    batch.arcs = static_cast<std::uint64_t>(first_arc[k + 1] - first_arc[k]);
    if (batch.arcs > 0) batches.push_back(batch);
  }
  return batches;
}

// Step 5: sorts every list of `csr` in the batches of plan_sort_batches, through one second
// buffer as long as the largest batch.
template <typename VertexT, typename EdgeT, typename TargetT>
void sort_lists_in_batches(OneWayCsr<VertexT, EdgeT, TargetT>& csr, std::uint64_t n,
                           const std::string& graph) {
  const auto arcs = static_cast<std::uint64_t>(csr.arcs);
  if (arcs == 0) return;
  const std::vector<SortBatch> batches = plan_sort_batches(csr.d_offsets.data(), n, arcs);
  const auto begin_of = [&](const SortBatch& batch) {
    return thrust::make_transform_iterator(
        csr.d_offsets.data() + batch.first_row,
        RebasedOffset<EdgeT>{static_cast<EdgeT>(batch.first_arc)});
  };
  // 5a. The second buffer and the scratch the largest batch needs (a size query runs nothing).
  std::uint64_t largest = 0;
  std::size_t scratch_bytes = 0;
  for (const SortBatch& batch : batches) {
    largest = std::max(largest, batch.arcs);
    std::size_t bytes = 0;
    cub::DoubleBuffer<TargetT> keys(nullptr, nullptr);
    const auto begin = begin_of(batch);
    FRONTIER_CUDA_CHECK(cub::DeviceSegmentedSort::SortKeys(
        nullptr, bytes, keys, static_cast<std::int64_t>(batch.arcs),
        static_cast<std::int64_t>(batch.rows), begin, begin + 1));
    scratch_bytes = std::max(scratch_bytes, bytes);
  }
  require_device_memory(
      "sorting the " + std::to_string(arcs) + " arcs of " + graph + " in batches of up to " +
          std::to_string(largest) + " arcs",
      device_bytes_for<TargetT>(largest) + device_bytes_for<unsigned char>(scratch_bytes));
  DeviceBuffer<TargetT> d_alternate(largest);
  DeviceBuffer<unsigned char> d_scratch(scratch_bytes);
  // 5b. Every batch in place; a sorted run that ends in the second buffer is copied back.
  for (const SortBatch& batch : batches) {
    TargetT* lists = csr.d_targets.data() + batch.first_arc;
    cub::DoubleBuffer<TargetT> keys(lists, d_alternate.data());
    std::size_t bytes = scratch_bytes;
    const auto begin = begin_of(batch);
    FRONTIER_CUDA_CHECK(cub::DeviceSegmentedSort::SortKeys(
        d_scratch.data(), bytes, keys, static_cast<std::int64_t>(batch.arcs),
        static_cast<std::int64_t>(batch.rows), begin, begin + 1));
    if (keys.Current() != lists) {
      FRONTIER_CUDA_CHECK(cudaMemcpyAsync(lists, d_alternate.data(), batch.arcs * sizeof(TargetT),
                                          cudaMemcpyDeviceToDevice));
    }
  }
  // The second buffer and the scratch are freed at the end of this scope.
  FRONTIER_CUDA_CHECK(cudaDeviceSynchronize());
}

// Step 1 and pass 1 of step 2 for the arcs that `rule` makes of the m tuples of `tuples`
// (csr_build_kernels.cuh: TupleArrays or KroneckerTuples) whose tails `rows` owns, n rows: each
// row's arc count in d_offsets[0, n), and 0 at d_offsets[n].
template <typename VertexT, typename EdgeT, typename TargetT, typename Tuples, typename Rows>
OneWayCsr<VertexT, EdgeT, TargetT> count_degrees(const Tuples& tuples, std::uint64_t m,
                                                 std::uint64_t n, ArcRule rule, Rows rows,
                                                 const std::string& graph) {
  const GraphBuildCudaPolicy& policy = kSm90GraphBuildPolicy;
  OneWayCsr<VertexT, EdgeT, TargetT> csr;
  // 1. Offsets and cursors (checked before CUB is even asked about the scan's scratch, so that a
  //    size far beyond the device fails here).
  require_device_memory("building the CSR offsets of " + graph,
                        device_bytes_for<EdgeT>(n + 1) + device_bytes_for<EdgeT>(n));
  csr.d_offsets = DeviceBuffer<EdgeT>(n + 1);
  // 2a. Pass 1: degrees.
  FRONTIER_CUDA_CHECK(cudaMemset(csr.d_offsets.data(), 0, (n + 1) * sizeof(EdgeT)));
  if (m > 0) {
    count_degrees_kernel<VertexT, EdgeT><<<graph_build_grid(m, policy), policy.block_threads>>>(
        tuples, m, rule, csr.d_offsets.data(), rows);
    FRONTIER_CHECK_LAUNCH();
  }
  return csr;
}

// Step 2b after count_degrees(): offsets by an in-place exclusive scan over the n + 1 entries, so
// that offsets[n] is the arc count.
template <typename VertexT, typename EdgeT, typename TargetT>
void scan_degrees(OneWayCsr<VertexT, EdgeT, TargetT>& csr, std::uint64_t n) {
  std::size_t scan_bytes = 0;
  FRONTIER_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(
      nullptr, scan_bytes, static_cast<EdgeT*>(nullptr), static_cast<EdgeT*>(nullptr), n + 1));
  require_device_memory("the offset scan's scratch", device_bytes_for<unsigned char>(scan_bytes));
  {
    DeviceBuffer<unsigned char> d_scratch(scan_bytes);
    FRONTIER_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(
        d_scratch.data(), scan_bytes, csr.d_offsets.data(), csr.d_offsets.data(), n + 1));
  }
  csr.arcs = read_one(csr.d_offsets.data() + n);
}

// Steps 1-2: the offsets and arc count.
template <typename VertexT, typename EdgeT, typename TargetT, typename Tuples, typename Rows>
OneWayCsr<VertexT, EdgeT, TargetT> count_one_way(const Tuples& tuples, std::uint64_t m,
                                                 std::uint64_t n, ArcRule rule, Rows rows,
                                                 const std::string& graph) {
  OneWayCsr<VertexT, EdgeT, TargetT> csr =
      count_degrees<VertexT, EdgeT, TargetT>(tuples, m, n, rule, rows, graph);
  scan_degrees(csr, n);
  return csr;
}

// Between count_degrees() and scan_degrees() of a build in the degree-class order: the order of
// the n vertices by the degrees in csr.d_offsets (a stable radix sort of one-byte class keys,
// graph/degree_order.hpp's order exactly), made on GPU `device_id`, and the degrees moved to the
// new ids. The sort's keys, second buffers and scratch are freed on return; the order is kept.
DeviceSearchOrder order_degrees_by_class(OneWayCsr<VertexId, EdgeId>& csr, std::uint64_t n,
                                         int device_id) {
  const GraphBuildCudaPolicy& policy = kSm90GraphBuildPolicy;
  constexpr int kClassKeyBits = 7;  // keys 0..64
  const auto items = static_cast<std::int64_t>(n);
  std::size_t sort_bytes = 0;
  {
    cub::DoubleBuffer<std::uint8_t> keys(nullptr, nullptr);
    cub::DoubleBuffer<VertexId> ids(nullptr, nullptr);
    FRONTIER_CUDA_CHECK(
        cub::DeviceRadixSort::SortPairs(nullptr, sort_bytes, keys, ids, items, 0, kClassKeyBits));
  }
  require_device_memory(
      "the degree-class order of " + std::to_string(n) +
          " vertices (both directions, class keys, degrees in the new ids, sort scratch)",
      2 * device_bytes_for<VertexId>(n) + 2 * device_bytes_for<std::uint8_t>(n) +
          device_bytes_for<EdgeId>(n + 1) + device_bytes_for<unsigned char>(sort_bytes));
  DeviceSearchOrder order;
  order.new_id = allocate_device_array<VertexId>(n, device_id);
  order.old_id = allocate_device_array<VertexId>(n, device_id);
  {
    DeviceBuffer<std::uint8_t> d_keys(n);
    DeviceBuffer<std::uint8_t> d_sorted_keys(n);
    degree_class_keys_kernel<<<graph_build_grid(n, policy), policy.block_threads>>>(
        csr.d_offsets.data(), n, d_keys.data(), order.new_id.data());
    FRONTIER_CHECK_LAUNCH();
    cub::DoubleBuffer<std::uint8_t> keys(d_keys.data(), d_sorted_keys.data());
    cub::DoubleBuffer<VertexId> ids(order.new_id.data(), order.old_id.data());
    DeviceBuffer<unsigned char> d_scratch(sort_bytes);
    std::size_t bytes = sort_bytes;
    FRONTIER_CUDA_CHECK(cub::DeviceRadixSort::SortPairs(d_scratch.data(), bytes, keys, ids, items,
                                                        0, kClassKeyBits));
    // The sorted ids are the old ids in the new order, in whichever buffer the sort ended.
    if (ids.Current() != order.old_id.data()) std::swap(order.new_id, order.old_id);
    FRONTIER_CUDA_CHECK(cudaDeviceSynchronize());
  }
  DeviceBuffer<EdgeId> d_new_degrees(n + 1);
  FRONTIER_CUDA_CHECK(cudaMemset(d_new_degrees.data() + n, 0, sizeof(EdgeId)));
  invert_order_kernel<<<graph_build_grid(n, policy), policy.block_threads>>>(
      order.old_id.data(), csr.d_offsets.data(), n, order.new_id.data(), d_new_degrees.data());
  FRONTIER_CHECK_LAUNCH();
  FRONTIER_CUDA_CHECK(cudaDeviceSynchronize());
  csr.d_offsets = std::move(d_new_degrees);
  return order;
}

// Steps 3-6 after count_one_way() over the same tuples, rule and rows.
template <typename VertexT, typename EdgeT, typename TargetT, typename Tuples, typename Rows>
void fill_one_way(OneWayCsr<VertexT, EdgeT, TargetT>& csr, const Tuples& tuples, std::uint64_t m,
                  std::uint64_t n, ArcRule rule, Rows rows, const CsrBuildOptions& options,
                  const std::string& graph) {
  const GraphBuildCudaPolicy& policy = kSm90GraphBuildPolicy;
  const auto arcs = static_cast<std::uint64_t>(csr.arcs);
  // 3. The arcs and the placement cursors.
  require_device_memory("placing the " + std::to_string(arcs) + " arcs of " + graph,
                        device_bytes_for<TargetT>(arcs) + device_bytes_for<EdgeT>(n));
  csr.d_targets = DeviceBuffer<TargetT>(arcs);
  // 4. Pass 2: placement through cursors that start at the offsets.
  if (m > 0) {
    DeviceBuffer<EdgeT> d_cursor(n);
    FRONTIER_CUDA_CHECK(cudaMemcpy(d_cursor.data(), csr.d_offsets.data(), n * sizeof(EdgeT),
                                   cudaMemcpyDeviceToDevice));
    place_arcs_kernel<VertexT, EdgeT><<<graph_build_grid(m, policy), policy.block_threads>>>(
        tuples, m, rule, d_cursor.data(), csr.d_targets.data(), rows);
    FRONTIER_CHECK_LAUNCH();
    FRONTIER_CUDA_CHECK(cudaDeviceSynchronize());
  }
  // 5. Sort every list.
  if (options.sort_neighbors) sort_lists_in_batches(csr, n, graph);
  // 6. Duplicates.
  if (options.remove_duplicates) remove_duplicate_arcs(csr, n);
  // 7. Hubs first: a target's degree is its own list's length only where every list is here.
  if (options.hubs_first) {
    if constexpr (std::is_same_v<Rows, AllRows> && std::is_same_v<TargetT, VertexT>) {
      hubs_first_kernel<VertexT, EdgeT, VertexT>
          <<<graph_build_grid(n * 32, policy), policy.block_threads>>>(
              csr.d_offsets.data(), n, csr.d_targets.data(),
              ListDegrees<EdgeT>{csr.d_offsets.data()});
      FRONTIER_CHECK_LAUNCH();
    } else {
      throw InvalidArgument("hubs_first needs the whole graph's lists, not a rank's slice");
    }
  }
  FRONTIER_CUDA_CHECK(cudaDeviceSynchronize());
}

// Steps 1-6 for the arcs that `rule` makes of the m tuples of `tuples`, read once per pass.
template <typename VertexT, typename EdgeT, typename Tuples>
OneWayCsr<VertexT, EdgeT> build_one_way(const Tuples& tuples, std::uint64_t m, std::uint64_t n,
                                        ArcRule rule, const CsrBuildOptions& options) {
  const std::string graph = graph_words(n, m);
  OneWayCsr<VertexT, EdgeT> csr =
      count_one_way<VertexT, EdgeT, VertexT>(tuples, m, n, rule, AllRows{}, graph);
  fill_one_way(csr, tuples, m, n, rule, AllRows{}, options, graph);
  return csr;
}

void check_build_options(const CsrBuildOptions& options, bool directed) {
  if (options.remove_duplicates && !options.sort_neighbors) {
    throw InvalidArgument("remove_duplicates needs sort_neighbors");
  }
  if (options.hubs_first && directed) {
    throw InvalidArgument("hubs_first needs an undirected graph (or symmetrize)");
  }
}

ArcRule arc_rule(const CsrBuildOptions& options) {
  ArcRule rule;
  rule.symmetrize = options.symmetrize;
  rule.remove_self_loops = options.remove_self_loops;
  return rule;
}

}  // namespace

template <typename VertexT, typename EdgeT>
ResidentGraph<VertexT, EdgeT> build_csr_on_device(const DeviceEdgeList<VertexT>& edges,
                                                  const CsrBuildOptions& options) {
  const DeviceEdgeStorage<VertexT>& storage = edges.storage();
  const bool directed = storage.directed && !options.symmetrize;
  check_build_options(options, directed);
  FRONTIER_CUDA_CHECK(cudaSetDevice(storage.device_id));
  check_endpoints(storage);
  const std::uint64_t m = storage.size();
  const auto n = static_cast<std::uint64_t>(storage.num_vertices);
  const ArcRule rule = arc_rule(options);
  OneWayCsr<VertexT, EdgeT> forward = build_one_way<VertexT, EdgeT>(
      TupleArrays<VertexT>{storage.d_sources.data(), storage.d_targets.data()}, m, n, rule,
      options);
  if (!directed) {
    return ResidentGraph<VertexT, EdgeT>(
        DeviceGraph<VertexT, EdgeT>(storage.num_vertices, forward.arcs, false,
                                    std::move(forward.d_offsets), std::move(forward.d_targets)),
        storage.device_id);
  }
  // The reverse graph: the same rule on the swapped tuples (the transpose of the forward CSR,
  // sorted, as CsrGraph::reverse() builds it on the host).
  OneWayCsr<VertexT, EdgeT> reverse = build_one_way<VertexT, EdgeT>(
      TupleArrays<VertexT>{storage.d_targets.data(), storage.d_sources.data()}, m, n, rule,
      options);
  return ResidentGraph<VertexT, EdgeT>(
      DeviceGraph<VertexT, EdgeT>(storage.num_vertices, forward.arcs, true,
                                  std::move(forward.d_offsets), std::move(forward.d_targets),
                                  std::move(reverse.d_offsets), std::move(reverse.d_targets)),
      storage.device_id);
}

namespace {

template <typename VertexT>
KroneckerTuples<VertexT> kronecker_tuples(const KroneckerParams& params) {
  KroneckerTuples<VertexT> tuples;
  tuples.sampler = make_kronecker_sampler(params);
  return tuples;
}

}  // namespace

template <typename VertexT, typename EdgeT>
ResidentGraph<VertexT, EdgeT> build_kronecker_csr_on_device(const KroneckerParams& params,
                                                            const CsrBuildOptions& options,
                                                            int device_id) {
  check_build_options(options, false);
  const std::uint64_t m =
      kronecker_slice_length(params, 0, kAllEdges, std::numeric_limits<VertexT>::digits);
  FRONTIER_CUDA_CHECK(cudaSetDevice(device_id));
  const std::uint64_t n = std::uint64_t{1} << params.scale;
  const KroneckerTuples<VertexT> tuples = kronecker_tuples<VertexT>(params);
  // Kronecker tuples form an undirected list (as generate_kronecker's), so the graph is
  // undirected and has no reverse CSR, as build_csr_on_device makes of the same list.
  OneWayCsr<VertexT, EdgeT> forward =
      build_one_way<VertexT, EdgeT>(tuples, m, n, arc_rule(options), options);
  return ResidentGraph<VertexT, EdgeT>(
      DeviceGraph<VertexT, EdgeT>(static_cast<VertexT>(n), forward.arcs, false,
                                  std::move(forward.d_offsets), std::move(forward.d_targets)),
      device_id);
}

DegreeOrderedResidentGraph build_kronecker_csr_on_device_by_degree(const KroneckerParams& params,
                                                                   const CsrBuildOptions& options,
                                                                   int device_id) {
  check_build_options(options, false);
  if (options.remove_duplicates) {
    throw InvalidArgument(
        "the degree-class order of a graph built on the GPU comes from its arc counts before the "
        "lists are sorted, so it cannot remove duplicate arcs; build it on the host to have both");
  }
  const std::uint64_t m =
      kronecker_slice_length(params, 0, kAllEdges, std::numeric_limits<VertexId>::digits);
  FRONTIER_CUDA_CHECK(cudaSetDevice(device_id));
  const std::uint64_t n = std::uint64_t{1} << params.scale;
  const KroneckerTuples<VertexId> tuples = kronecker_tuples<VertexId>(params);
  const std::string graph = graph_words(n, m);
  const ArcRule rule = arc_rule(options);
  OneWayCsr<VertexId, EdgeId> csr =
      count_degrees<VertexId, EdgeId, VertexId>(tuples, m, n, rule, AllRows{}, graph);
  DeviceSearchOrder order = order_degrees_by_class(csr, n, device_id);
  scan_degrees(csr, n);
  // Each list sorted by new id starts in its highest class, which is what hubs first would give
  // the graph as generated; so the ordered graph equals the host's renumbering
  // (graph/degree_order.hpp), which sorts every list and moves no hub.
  CsrBuildOptions renamed_options = options;
  renamed_options.sort_neighbors = true;
  renamed_options.hubs_first = false;
  fill_one_way(csr, RenamedTuples<VertexId, KroneckerTuples<VertexId>>{tuples, order.new_id.data()},
               m, n, rule, AllRows{}, renamed_options, graph);
  return DegreeOrderedResidentGraph{
      ResidentGraph<VertexId, EdgeId>(
          DeviceGraph<VertexId, EdgeId>(static_cast<VertexId>(n), csr.arcs, false,
                                        std::move(csr.d_offsets), std::move(csr.d_targets)),
          device_id),
      std::move(order)};
}

namespace {

// The rule partition::build_rank_graph applies to the bins: both arcs of a non-loop tuple,
// self loops dropped, duplicates kept, lists sorted.
constexpr ArcRule kRankSliceRule{true, true};

// The tuple count, after the checks count_kronecker_rank_slice() documents.
template <typename VertexT>
std::uint64_t checked_rank_slice_tuples(const KroneckerParams& params,
                                        const VertexDistribution<VertexT>& distribution, int rank) {
  const std::uint64_t m =
      kronecker_slice_length(params, 0, kAllEdges, std::numeric_limits<VertexT>::digits);
  if (static_cast<std::uint64_t>(distribution.num_vertices) != (std::uint64_t{1} << params.scale)) {
    throw InvalidArgument("a Kronecker graph of scale " + std::to_string(params.scale) +
                          " cannot use a distribution of " +
                          std::to_string(distribution.num_vertices) + " vertices");
  }
  if (distribution.ranks < 1 || rank < 0 || rank >= distribution.ranks) {
    throw InvalidArgument("rank " + std::to_string(rank) + " is out of range for " +
                          std::to_string(distribution.ranks) + " ranks");
  }
  check_gpu_rank_vertices(static_cast<std::uint64_t>(distribution.num_vertices));
  return m;
}

template <typename VertexT>
std::string rank_slice_words(const VertexDistribution<VertexT>& distribution, int rank,
                             std::uint64_t m) {
  return "rank " + std::to_string(rank) + " of " + std::to_string(distribution.ranks) + " (" +
         std::to_string(distribution.local_count(rank)) + " of " +
         graph_words(static_cast<std::uint64_t>(distribution.num_vertices), m) + ")";
}

}  // namespace

template <typename VertexT, typename EdgeT>
DeviceRankSlice<VertexT, EdgeT> count_kronecker_rank_slice(
    const KroneckerParams& params, const VertexDistribution<VertexT>& distribution, int rank,
    int device_id) {
  const std::uint64_t m = checked_rank_slice_tuples(params, distribution, rank);
  FRONTIER_CUDA_CHECK(cudaSetDevice(device_id));
  const auto rows = static_cast<std::uint64_t>(distribution.local_count(rank));
  OneWayCsr<VertexT, EdgeT, GpuRankTarget<VertexT>> csr =
      count_one_way<VertexT, EdgeT, GpuRankTarget<VertexT>>(
          kronecker_tuples<VertexT>(params), m, rows, kRankSliceRule,
          OwnedRows<VertexT>{distribution, rank}, rank_slice_words(distribution, rank, m));
  DeviceRankSlice<VertexT, EdgeT> slice;
  slice.d_offsets = std::move(csr.d_offsets);
  slice.arcs = csr.arcs;
  return slice;
}

template <typename VertexT, typename EdgeT>
void fill_kronecker_rank_slice(DeviceRankSlice<VertexT, EdgeT>& slice,
                               const KroneckerParams& params,
                               const VertexDistribution<VertexT>& distribution, int rank,
                               int device_id) {
  const std::uint64_t m = checked_rank_slice_tuples(params, distribution, rank);
  FRONTIER_CUDA_CHECK(cudaSetDevice(device_id));
  const auto rows = static_cast<std::uint64_t>(distribution.local_count(rank));
  OneWayCsr<VertexT, EdgeT, GpuRankTarget<VertexT>> csr;
  csr.d_offsets = std::move(slice.d_offsets);
  csr.arcs = slice.arcs;
  CsrBuildOptions options;
  options.sort_neighbors = true;
  fill_one_way(csr, kronecker_tuples<VertexT>(params), m, rows, kRankSliceRule,
               OwnedRows<VertexT>{distribution, rank}, options,
               rank_slice_words(distribution, rank, m));
  slice.d_offsets = std::move(csr.d_offsets);
  slice.d_targets = std::move(csr.d_targets);
}

template <typename VertexT, typename EdgeT>
void rank_slice_degrees(const DeviceRankSlice<VertexT, EdgeT>& slice,
                        const VertexDistribution<VertexT>& distribution, int rank, int device_id,
                        std::uint32_t* d_part) {
  FRONTIER_CUDA_CHECK(cudaSetDevice(device_id));
  const auto rows = static_cast<std::uint64_t>(distribution.local_count(rank));
  const auto entries = static_cast<std::uint64_t>(distribution.max_local_count());
  degree_table_part_kernel<EdgeT>
      <<<graph_build_grid(entries), kSm90GraphBuildPolicy.block_threads>>>(slice.d_offsets.data(),
                                                                           rows, entries, d_part);
  FRONTIER_CHECK_LAUNCH();
  FRONTIER_CUDA_CHECK(cudaDeviceSynchronize());
}

template <typename VertexT, typename EdgeT>
void put_rank_slice_hubs_first(DeviceRankSlice<VertexT, EdgeT>& slice,
                               const VertexDistribution<VertexT>& distribution, int rank,
                               int device_id, const std::uint32_t* d_table) {
  FRONTIER_CUDA_CHECK(cudaSetDevice(device_id));
  const auto rows = static_cast<std::uint64_t>(distribution.local_count(rank));
  hubs_first_kernel<VertexT, EdgeT, GpuRankTarget<VertexT>>
      <<<graph_build_grid(rows * 32), kSm90GraphBuildPolicy.block_threads>>>(
          slice.d_offsets.data(), rows, slice.d_targets.data(),
          TableDegrees<VertexT>{d_table, distribution});
  FRONTIER_CHECK_LAUNCH();
  FRONTIER_CUDA_CHECK(cudaDeviceSynchronize());
}

template <typename VertexT, typename EdgeT>
RankGraph<VertexT, EdgeT> rank_slice_to_host(const DeviceRankSlice<VertexT, EdgeT>& slice,
                                             const VertexDistribution<VertexT>& distribution,
                                             int rank, int device_id) {
  FRONTIER_CUDA_CHECK(cudaSetDevice(device_id));
  RankGraph<VertexT, EdgeT> host;
  host.distribution = distribution;
  host.rank = rank;
  host.directed = false;
  host.offsets.resize(slice.d_offsets.size());
  host.targets.resize(static_cast<std::size_t>(slice.arcs));
  FRONTIER_CUDA_CHECK(cudaMemcpy(host.offsets.data(), slice.d_offsets.data(),
                                 host.offsets.size() * sizeof(EdgeT), cudaMemcpyDeviceToHost));
  copy_rank_targets_to_host(slice.d_targets.data(), host.targets.size(), host.targets.data());
  return host;
}

template <typename VertexT, typename EdgeT>
RankGraph<VertexT, EdgeT> build_kronecker_rank_slice_on_device(
    const KroneckerParams& params, const VertexDistribution<VertexT>& distribution, int rank,
    int device_id) {
  DeviceRankSlice<VertexT, EdgeT> slice =
      count_kronecker_rank_slice<VertexT, EdgeT>(params, distribution, rank, device_id);
  fill_kronecker_rank_slice(slice, params, distribution, rank, device_id);
  return rank_slice_to_host(slice, distribution, rank, device_id);
}

#define FRONTIER_INSTANTIATE_RANK_SLICE(VertexT)                                                  \
  template DeviceRankSlice<VertexT, std::int64_t> count_kronecker_rank_slice(                     \
      const KroneckerParams&, const VertexDistribution<VertexT>&, int, int);                      \
  template void fill_kronecker_rank_slice(DeviceRankSlice<VertexT, std::int64_t>&,                \
                                          const KroneckerParams&,                                 \
                                          const VertexDistribution<VertexT>&, int, int);          \
  template void rank_slice_degrees(const DeviceRankSlice<VertexT, std::int64_t>&,                 \
                                   const VertexDistribution<VertexT>&, int, int, std::uint32_t*); \
  template void put_rank_slice_hubs_first(DeviceRankSlice<VertexT, std::int64_t>&,                \
                                          const VertexDistribution<VertexT>&, int, int,           \
                                          const std::uint32_t*);                                  \
  template RankGraph<VertexT, std::int64_t> rank_slice_to_host(                                   \
      const DeviceRankSlice<VertexT, std::int64_t>&, const VertexDistribution<VertexT>&, int,     \
      int);                                                                                       \
  template RankGraph<VertexT, std::int64_t> build_kronecker_rank_slice_on_device(                 \
      const KroneckerParams&, const VertexDistribution<VertexT>&, int, int);
FRONTIER_INSTANTIATE_RANK_SLICE(std::int32_t)
FRONTIER_INSTANTIATE_RANK_SLICE(std::int64_t)
#undef FRONTIER_INSTANTIATE_RANK_SLICE

template ResidentGraph<std::int32_t, std::int64_t> build_kronecker_csr_on_device(
    const KroneckerParams&, const CsrBuildOptions&, int);
template ResidentGraph<std::int64_t, std::int64_t> build_kronecker_csr_on_device(
    const KroneckerParams&, const CsrBuildOptions&, int);
template ResidentGraph<std::int32_t, std::int64_t> build_csr_on_device(
    const DeviceEdgeList<std::int32_t>&, const CsrBuildOptions&);
template ResidentGraph<std::int64_t, std::int64_t> build_csr_on_device(
    const DeviceEdgeList<std::int64_t>&, const CsrBuildOptions&);

}  // namespace frontier::cuda
