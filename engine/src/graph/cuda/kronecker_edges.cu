// Kronecker tuples on the GPU (see kronecker_edges.cuh and device_graph_build.hpp): the kernel,
// its launch, and generate_kronecker_on_device(), which checks the parameters as the host
// generator does, sizes the two arrays against free device memory and fills them.
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "cuda/cuda_check.cuh"
#include "cuda/device_memory.hpp"
#include "frontier/errors.hpp"
#include "graph/cuda/device_edge_storage.cuh"
#include "graph/cuda/device_graph_build.hpp"
#include "graph/cuda/graph_build_launch.cuh"
#include "graph/cuda/kronecker_edges.cuh"

namespace frontier::cuda {
namespace {

template <typename VertexT>
__global__ void kronecker_edges_kernel(KroneckerSampler sampler, std::uint64_t first_edge,
                                       std::uint64_t count, VertexT* d_sources,
                                       VertexT* d_targets) {
  // 1. Grid-stride over the slice; 2. one pure-function tuple per index.
  const std::uint64_t stride = static_cast<std::uint64_t>(gridDim.x) * blockDim.x;
  for (std::uint64_t i = static_cast<std::uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
       i < count; i += stride) {
    const EdgeEndpoints edge = kronecker_edge(sampler, first_edge + i);
    d_sources[i] = static_cast<VertexT>(edge.source);
    d_targets[i] = static_cast<VertexT>(edge.target);
  }
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
