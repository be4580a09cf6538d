// Kronecker tuples on the GPU (see kronecker_edges.cuh and device_graph_build.hpp): the kernel,
// its launch, generate_kronecker_on_device(), which checks the parameters as the host generator
// does, sizes the two arrays against free device memory and fills them, and
// count_kronecker_tuples_reached(), which regenerates the tuples to count a search's nedge
// without any tuple list, and count_kronecker_tuples_by_source(), which regenerates them once to
// count each vertex's, so that a search's nedge is a sum over its reached vertices
// (sum_kronecker_tuples_reached).
#include <algorithm>
#include <cmath>
#include <limits>
#include <span>
#include <string>

#include "cuda/cuda_check.cuh"
#include "cuda/device_array_allocation.hpp"
#include "cuda/device_memory.hpp"
#include "frontier/errors.hpp"
#include "frontier/types.hpp"
#include "graph/cuda/device_edge_storage.cuh"
#include "graph/cuda/device_graph_build.hpp"
#include "graph/cuda/graph_build_launch.cuh"
#include "graph/cuda/kronecker_edges.cuh"

namespace frontier::cuda {
namespace {

// Calls body(i) for every i in [0, count) this thread takes in a grid-stride loop.
template <typename Body>
__device__ __forceinline__ void for_each_grid_index(std::uint64_t count, Body&& body) {
  const std::uint64_t stride = static_cast<std::uint64_t>(gridDim.x) * blockDim.x;
  for (std::uint64_t i = static_cast<std::uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
       i < count; i += stride) {
    body(i);
  }
}

template <typename VertexT>
__global__ void kronecker_edges_kernel(KroneckerSampler sampler, std::uint64_t first_edge,
                                       std::uint64_t count, VertexT* d_sources,
                                       VertexT* d_targets) {
  // One pure-function tuple per index of the slice.
  for_each_grid_index(count, [&](std::uint64_t i) {
    const EdgeEndpoints edge = kronecker_edge(sampler, first_edge + i);
    d_sources[i] = static_cast<VertexT>(edge.source);
    d_targets[i] = static_cast<VertexT>(edge.target);
  });
}

// Adds every lane's `value` into *d_total with one atomic per warp. Every lane of the warp must
// call (the kernels here run full blocks, a multiple of 32 threads, each lane through the same
// grid-stride loop).
__device__ __forceinline__ void add_warp_total(unsigned long long value,
                                               unsigned long long* d_total) {
  for (int offset = 16; offset > 0; offset /= 2) {
    value += __shfl_down_sync(0xffffffffu, value, offset);
  }
  if ((threadIdx.x & 31) == 0 && value != 0) atomicAdd(d_total, value);
}

// Adds to *d_count the tuples (u, v), u != v, with d_depth[u] reached: a per-thread count over a
// grid-stride loop, summed across each warp, one atomic per warp.
__global__ void count_reached_tuples_kernel(KroneckerSampler sampler, std::uint64_t count,
                                            const std::int32_t* d_depth,
                                            unsigned long long* d_count) {
  unsigned long long reached = 0;
  for_each_grid_index(count, [&](std::uint64_t i) {
    const EdgeEndpoints edge = kronecker_edge(sampler, i);
    if (edge.source != edge.target && d_depth[edge.source] != kUnreachedDepth) ++reached;
  });
  add_warp_total(reached, d_count);
}

// counts[u] += the tuples (u, v), u != v, of the grid-stride slice; *d_total += them all (one
// atomic per warp), so the host can tell whether a 32-bit count wrapped.
__global__ void count_tuples_by_source_kernel(KroneckerSampler sampler, std::uint64_t count,
                                              std::uint32_t* d_counts,
                                              unsigned long long* d_total) {
  unsigned long long counted = 0;
  for_each_grid_index(count, [&](std::uint64_t i) {
    const EdgeEndpoints edge = kronecker_edge(sampler, i);
    if (edge.source != edge.target) {
      atomicAdd(&d_counts[edge.source], 1u);
      ++counted;
    }
  });
  add_warp_total(counted, d_total);
}

// *d_sum += counts[v] over the vertices v with d_depth[v] a depth (all of them when d_depth is
// null), one atomic per warp: both arrays are read coalesced.
__global__ void sum_source_counts_kernel(const std::uint32_t* d_counts, const std::int32_t* d_depth,
                                         std::uint64_t n, unsigned long long* d_sum) {
  unsigned long long sum = 0;
  for_each_grid_index(n, [&](std::uint64_t v) {
    if (d_depth == nullptr || d_depth[v] != kUnreachedDepth) sum += d_counts[v];
  });
  add_warp_total(sum, d_sum);
}

unsigned long long sum_source_counts(const std::uint32_t* d_counts, const std::int32_t* d_depth,
                                     std::uint64_t n) {
  DeviceBuffer<unsigned long long> d_sum(1);
  FRONTIER_CUDA_CHECK(cudaMemset(d_sum.data(), 0, sizeof(unsigned long long)));
  if (n > 0) {
    const GraphBuildCudaPolicy& policy = kSm90GraphBuildPolicy;
    sum_source_counts_kernel<<<graph_build_grid(n, policy), policy.block_threads>>>(
        d_counts, d_depth, n, d_sum.data());
    FRONTIER_CHECK_LAUNCH();
  }
  unsigned long long sum = 0;
  FRONTIER_CUDA_CHECK(cudaMemcpy(&sum, d_sum.data(), sizeof(sum), cudaMemcpyDeviceToHost));
  return sum;
}

}  // namespace

template <typename VertexT>
void launch_kronecker_edges(const KroneckerSampler& sampler, std::uint64_t first_edge,
                            std::uint64_t count, VertexT* d_sources, VertexT* d_targets,
                            cudaStream_t stream) {
  if (count == 0) return;
  const GraphBuildCudaPolicy& policy = kSm90GraphBuildPolicy;
  kronecker_edges_kernel<VertexT>
      <<<graph_build_grid(count, policy), policy.block_threads, 0, stream>>>(
          sampler, first_edge, count, d_sources, d_targets);
  FRONTIER_CHECK_LAUNCH();
}

template <typename VertexT>
DeviceEdgeList<VertexT> generate_kronecker_on_device(const KroneckerParams& params,
                                                     std::uint64_t first_edge, std::uint64_t count,
                                                     int device_id) {
  // 1. Parameters and slice, as the host generator checks them.
  count = kronecker_slice_length(params, first_edge, count, std::numeric_limits<VertexT>::digits);
  // 2. Size both arrays against free memory, then allocate.
  FRONTIER_CUDA_CHECK(cudaSetDevice(device_id));
  require_device_memory("generating " + std::to_string(count) + " Kronecker tuples at scale " +
                            std::to_string(params.scale),
                        2 * device_bytes_for<VertexT>(count));
  auto storage = std::make_unique<DeviceEdgeStorage<VertexT>>();
  storage->device_id = device_id;
  storage->num_vertices = static_cast<VertexT>(std::int64_t{1} << params.scale);
  storage->directed = false;
  storage->d_sources = DeviceBuffer<VertexT>(count);
  storage->d_targets = DeviceBuffer<VertexT>(count);
  // 3. Fill them and wait, so that a fault surfaces here.
  launch_kronecker_edges(make_kronecker_sampler(params), first_edge, count,
                         storage->d_sources.data(), storage->d_targets.data(), nullptr);
  FRONTIER_CUDA_CHECK(cudaDeviceSynchronize());
  return DeviceEdgeList<VertexT>(std::move(storage));
}

std::int64_t count_kronecker_tuples_reached(const KroneckerParams& params,
                                            const std::int32_t* d_depth, int device_id) {
  const std::uint64_t count =
      kronecker_slice_length(params, 0, kAllEdges, std::numeric_limits<std::int64_t>::digits);
  FRONTIER_CUDA_CHECK(cudaSetDevice(device_id));
  require_device_memory("counting the Kronecker tuples a search reached",
                        device_bytes_for<unsigned long long>(1));
  DeviceBuffer<unsigned long long> d_count(1);
  FRONTIER_CUDA_CHECK(cudaMemset(d_count.data(), 0, sizeof(unsigned long long)));
  if (count > 0) {
    const GraphBuildCudaPolicy& policy = kSm90GraphBuildPolicy;
    count_reached_tuples_kernel<<<graph_build_grid(count, policy), policy.block_threads>>>(
        make_kronecker_sampler(params), count, d_depth, d_count.data());
    FRONTIER_CHECK_LAUNCH();
  }
  // The read-back waits for the kernel.
  unsigned long long reached = 0;
  FRONTIER_CUDA_CHECK(
      cudaMemcpy(&reached, d_count.data(), sizeof(reached), cudaMemcpyDeviceToHost));
  return static_cast<std::int64_t>(reached);
}

DeviceArray<std::uint32_t> count_kronecker_tuples_by_source(const KroneckerParams& params,
                                                            int device_id) {
  // 1. Parameters, as the generator checks them; the counts sized against free memory.
  const std::uint64_t count =
      kronecker_slice_length(params, 0, kAllEdges, std::numeric_limits<std::int64_t>::digits);
  const std::uint64_t n = std::uint64_t{1} << params.scale;
  FRONTIER_CUDA_CHECK(cudaSetDevice(device_id));
  require_device_memory(
      "counting the Kronecker tuples of each of " + std::to_string(n) + " vertices",
      device_bytes_for<std::uint32_t>(n) + device_bytes_for<unsigned long long>(1));
  DeviceArray<std::uint32_t> counts = allocate_device_array<std::uint32_t>(n, device_id);
  DeviceBuffer<unsigned long long> d_total(1);
  FRONTIER_CUDA_CHECK(cudaMemset(counts.data(), 0, n * sizeof(std::uint32_t)));
  FRONTIER_CUDA_CHECK(cudaMemset(d_total.data(), 0, sizeof(unsigned long long)));
  // 2. One pass over the regenerated tuples.
  if (count > 0) {
    const GraphBuildCudaPolicy& policy = kSm90GraphBuildPolicy;
    count_tuples_by_source_kernel<<<graph_build_grid(count, policy), policy.block_threads>>>(
        make_kronecker_sampler(params), count, counts.data(), d_total.data());
    FRONTIER_CHECK_LAUNCH();
  }
  // 3. The counts add up to the tuples counted unless one passed 2^32 - 1 and wrapped.
  unsigned long long total = 0;
  FRONTIER_CUDA_CHECK(cudaMemcpy(&total, d_total.data(), sizeof(total), cudaMemcpyDeviceToHost));
  if (sum_source_counts(counts.data(), nullptr, n) != total) {
    throw InvalidArgument("a vertex has more than " + std::to_string(UINT32_MAX) +
                          " Kronecker tuples at scale " + std::to_string(params.scale) +
                          ": too many to count per vertex");
  }
  return counts;
}

std::int64_t sum_kronecker_tuples_reached(const std::uint32_t* d_source_counts,
                                          const std::int32_t* d_depth, std::uint64_t n,
                                          int device_id) {
  FRONTIER_CUDA_CHECK(cudaSetDevice(device_id));
  require_device_memory("summing the Kronecker tuples a search reached",
                        device_bytes_for<unsigned long long>(1));
  return static_cast<std::int64_t>(sum_source_counts(d_source_counts, d_depth, n));
}

std::int64_t count_kronecker_tuples_reached(const KroneckerParams& params,
                                            std::span<const std::int32_t> depth, int device_id) {
  // 1. Parameters, as the generator checks them, and one depth per vertex.
  kronecker_slice_length(params, 0, kAllEdges, std::numeric_limits<std::int64_t>::digits);
  const std::uint64_t n = std::uint64_t{1} << params.scale;
  if (depth.size() != n) {
    throw InvalidArgument("counting the Kronecker tuples of a search needs " + std::to_string(n) +
                          " depths (scale " + std::to_string(params.scale) + "), not " +
                          std::to_string(depth.size()));
  }
  // 2. The depths on the device, then the count over them.
  FRONTIER_CUDA_CHECK(cudaSetDevice(device_id));
  require_device_memory(
      "uploading the depths of a search of " + std::to_string(n) +
          " vertices to count its Kronecker tuples",
      device_bytes_for<std::int32_t>(n) + device_bytes_for<unsigned long long>(1));
  DeviceBuffer<std::int32_t> d_depth(n);
  FRONTIER_CUDA_CHECK(
      cudaMemcpy(d_depth.data(), depth.data(), n * sizeof(std::int32_t), cudaMemcpyHostToDevice));
  return count_kronecker_tuples_reached(params, d_depth.data(), device_id);
}

template void launch_kronecker_edges(const KroneckerSampler&, std::uint64_t, std::uint64_t,
                                     std::int32_t*, std::int32_t*, cudaStream_t);
template void launch_kronecker_edges(const KroneckerSampler&, std::uint64_t, std::uint64_t,
                                     std::int64_t*, std::int64_t*, cudaStream_t);
template DeviceEdgeList<std::int32_t> generate_kronecker_on_device(const KroneckerParams&,
                                                                   std::uint64_t, std::uint64_t,
                                                                   int);
template DeviceEdgeList<std::int64_t> generate_kronecker_on_device(const KroneckerParams&,
                                                                   std::uint64_t, std::uint64_t,
                                                                   int);

}  // namespace frontier::cuda
