// Edge tuples -> CSR on the GPU (see device_graph_build.hpp), reproducing frontier::build_csr
// (csr_builder.cpp) bit for bit.
//
// Steps for one direction (forward; and, for a directed result, the reverse from the swapped
// tuples):
//  1. size the offsets and the placement cursors against free memory;
//  2. count each vertex's arcs (csr_build_kernels.cuh) and scan the counts into offsets with
//     cub::DeviceScan::ExclusiveSum over n + 1 entries, so offsets[n] is the arc count;
//  3. size the arcs, their sort buffer and the sort's scratch against free memory;
//  4. place the arcs through atomic cursors (arbitrary order within a list);
//  5. sort every list with cub::DeviceSegmentedSort (a list's sorted contents are unique, so the
//     result equals the host's std::sort of the same list);
//  6. with remove_duplicates, keep the first arc of every run of equal targets: mark them, scan
//     the marks, and move the kept arcs and offsets down.
// Invariant after step 2: offsets[v + 1] - offsets[v] is v's arc count in the host builder.
#include <cub/device/device_scan.cuh>
#include <cub/device/device_segmented_sort.cuh>

#include <string>
#include <utility>

#include "cuda/cuda_check.cuh"
#include "cuda/device_memory.hpp"
#include "frontier/errors.hpp"
#include "graph/cuda/csr_build_kernels.cuh"
#include "graph/cuda/device_edge_storage.cuh"
#include "graph/cuda/device_graph.cuh"
#include "graph/cuda/device_graph_build.hpp"
#include "graph/cuda/graph_build_launch.cuh"

namespace frontier::cuda {
namespace {

template <typename VertexT, typename EdgeT>
struct OneWayCsr {
  DeviceBuffer<EdgeT> d_offsets;
  DeviceBuffer<VertexT> d_targets;
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
template <typename VertexT, typename EdgeT>
void remove_duplicate_arcs(OneWayCsr<VertexT, EdgeT>& csr, std::uint64_t n) {
  const auto arcs = static_cast<std::uint64_t>(csr.arcs);
  if (arcs == 0) return;
  const GraphBuildCudaPolicy& policy = kSm90GraphBuildPolicy;
  std::size_t scan_bytes = 0;
  FRONTIER_CUDA_CHECK(cub::DeviceScan::InclusiveSum(
      nullptr, scan_bytes, static_cast<EdgeT*>(nullptr), static_cast<EdgeT*>(nullptr), arcs));
  require_device_memory(
      "removing duplicate arcs of " + std::to_string(arcs) + " arcs (marks, new offsets and arcs)",
      device_bytes_for<EdgeT>(arcs) + device_bytes_for<unsigned char>(scan_bytes) +
          device_bytes_for<EdgeT>(n + 1) + device_bytes_for<VertexT>(arcs));
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
  DeviceBuffer<VertexT> d_new_targets(static_cast<std::size_t>(kept));
  compact_arcs_kernel<<<graph_build_grid(arcs, policy), policy.block_threads>>>(
      csr.d_targets.data(), d_kept.data(), arcs, d_new_targets.data());
  FRONTIER_CHECK_LAUNCH();
  FRONTIER_CUDA_CHECK(cudaDeviceSynchronize());
  csr.d_offsets = std::move(d_new_offsets);
  csr.d_targets = std::move(d_new_targets);
  csr.arcs = kept;
}

// Steps 1-6 for the arcs that `rule` makes of tuples (d_sources[i], d_targets[i]).
template <typename VertexT, typename EdgeT>
OneWayCsr<VertexT, EdgeT> build_one_way(const VertexT* d_sources, const VertexT* d_targets,
                                        std::uint64_t m, std::uint64_t n, ArcRule rule,
                                        const CsrBuildOptions& options) {
  const GraphBuildCudaPolicy& policy = kSm90GraphBuildPolicy;
  OneWayCsr<VertexT, EdgeT> csr;
  // 1. Offsets and cursors (checked before CUB is even asked about its scratch, so that a size
  //    far beyond the device fails here), then the scan's scratch.
  require_device_memory("building the CSR offsets of " + graph_words(n, m),
                        device_bytes_for<EdgeT>(n + 1) + device_bytes_for<EdgeT>(n));
  csr.d_offsets = DeviceBuffer<EdgeT>(n + 1);
  DeviceBuffer<EdgeT> d_cursor(n);
  std::size_t scan_bytes = 0;
  FRONTIER_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(
      nullptr, scan_bytes, static_cast<EdgeT*>(nullptr), static_cast<EdgeT*>(nullptr), n + 1));
  require_device_memory("the offset scan's scratch", device_bytes_for<unsigned char>(scan_bytes));
  // 2. Degrees, then offsets by an in-place exclusive scan over n + 1 entries.
  FRONTIER_CUDA_CHECK(cudaMemset(csr.d_offsets.data(), 0, (n + 1) * sizeof(EdgeT)));
  if (m > 0) {
    count_degrees_kernel<<<graph_build_grid(m, policy), policy.block_threads>>>(
        d_sources, d_targets, m, rule, csr.d_offsets.data());
    FRONTIER_CHECK_LAUNCH();
  }
  {
    DeviceBuffer<unsigned char> d_scratch(scan_bytes);
    FRONTIER_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(
        d_scratch.data(), scan_bytes, csr.d_offsets.data(), csr.d_offsets.data(), n + 1));
  }
  csr.arcs = read_one(csr.d_offsets.data() + n);
  const auto arcs = static_cast<std::uint64_t>(csr.arcs);
  // 3. Arcs and the sort's second buffer, then the sort's scratch.
  const std::uint64_t sort_buffer = options.sort_neighbors ? device_bytes_for<VertexT>(arcs) : 0;
  require_device_memory(
      "placing and sorting the " + std::to_string(arcs) + " arcs of " + graph_words(n, m),
      device_bytes_for<VertexT>(arcs) + sort_buffer);
  csr.d_targets = DeviceBuffer<VertexT>(arcs);
  std::size_t sort_bytes = 0;
  if (options.sort_neighbors && arcs > 0) {
    cub::DoubleBuffer<VertexT> keys(nullptr, nullptr);
    FRONTIER_CUDA_CHECK(cub::DeviceSegmentedSort::SortKeys(
        nullptr, sort_bytes, keys, static_cast<std::int64_t>(arcs), static_cast<std::int64_t>(n),
        csr.d_offsets.data(), csr.d_offsets.data() + 1));
    require_device_memory("sorting the " + std::to_string(arcs) + " arcs of " + graph_words(n, m),
                          sort_buffer + device_bytes_for<unsigned char>(sort_bytes));
  }
  // 4. Placement through cursors that start at the offsets.
  if (m > 0) {
    FRONTIER_CUDA_CHECK(cudaMemcpy(d_cursor.data(), csr.d_offsets.data(), n * sizeof(EdgeT),
                                   cudaMemcpyDeviceToDevice));
    place_arcs_kernel<<<graph_build_grid(m, policy), policy.block_threads>>>(
        d_sources, d_targets, m, rule, d_cursor.data(), csr.d_targets.data());
    FRONTIER_CHECK_LAUNCH();
  }
  d_cursor = DeviceBuffer<EdgeT>();
  // 5. Sort every list; the sorted run may end in either buffer.
  if (options.sort_neighbors && arcs > 0) {
    DeviceBuffer<VertexT> d_alternate(arcs);
    DeviceBuffer<unsigned char> d_scratch(sort_bytes);
    cub::DoubleBuffer<VertexT> keys(csr.d_targets.data(), d_alternate.data());
    FRONTIER_CUDA_CHECK(cub::DeviceSegmentedSort::SortKeys(
        d_scratch.data(), sort_bytes, keys, static_cast<std::int64_t>(arcs),
        static_cast<std::int64_t>(n), csr.d_offsets.data(), csr.d_offsets.data() + 1));
    FRONTIER_CUDA_CHECK(cudaDeviceSynchronize());
    if (keys.Current() != csr.d_targets.data()) std::swap(csr.d_targets, d_alternate);
  }
  // 6. Duplicates.
  if (options.remove_duplicates) remove_duplicate_arcs(csr, n);
  FRONTIER_CUDA_CHECK(cudaDeviceSynchronize());
  return csr;
}

}  // namespace

template <typename VertexT, typename EdgeT>
ResidentGraph<VertexT, EdgeT> build_csr_on_device(const DeviceEdgeList<VertexT>& edges,
                                                  const CsrBuildOptions& options) {
  if (options.remove_duplicates && !options.sort_neighbors) {
    throw InvalidArgument("remove_duplicates needs sort_neighbors");
  }
  const DeviceEdgeStorage<VertexT>& storage = edges.storage();
  FRONTIER_CUDA_CHECK(cudaSetDevice(storage.device_id));
  check_endpoints(storage);
  const std::uint64_t m = storage.size();
  const auto n = static_cast<std::uint64_t>(storage.num_vertices);
  const bool directed = storage.directed && !options.symmetrize;
  ArcRule rule;
  rule.symmetrize = options.symmetrize;
  rule.remove_self_loops = options.remove_self_loops;
  OneWayCsr<VertexT, EdgeT> forward = build_one_way<VertexT, EdgeT>(
      storage.d_sources.data(), storage.d_targets.data(), m, n, rule, options);
  if (!directed) {
    return ResidentGraph<VertexT, EdgeT>(
        DeviceGraph<VertexT, EdgeT>(storage.num_vertices, forward.arcs, false,
                                    std::move(forward.d_offsets), std::move(forward.d_targets)),
        storage.device_id);
  }
  // The reverse graph: the same rule on the swapped tuples (the transpose of the forward CSR,
  // sorted, as CsrGraph::reverse() builds it on the host).
  OneWayCsr<VertexT, EdgeT> reverse = build_one_way<VertexT, EdgeT>(
      storage.d_targets.data(), storage.d_sources.data(), m, n, rule, options);
  return ResidentGraph<VertexT, EdgeT>(
      DeviceGraph<VertexT, EdgeT>(storage.num_vertices, forward.arcs, true,
                                  std::move(forward.d_offsets), std::move(forward.d_targets),
                                  std::move(reverse.d_offsets), std::move(reverse.d_targets)),
      storage.device_id);
}

template ResidentGraph<std::int32_t, std::int64_t> build_csr_on_device(
    const DeviceEdgeList<std::int32_t>&, const CsrBuildOptions&);
template ResidentGraph<std::int64_t, std::int64_t> build_csr_on_device(
    const DeviceEdgeList<std::int64_t>&, const CsrBuildOptions&);

}  // namespace frontier::cuda
