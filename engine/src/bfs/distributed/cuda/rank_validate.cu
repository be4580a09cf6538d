// rank_validate.cu — the Graph500 rules for one GPU rank (rank_validate.cuh): one thread per
// owned vertex, the smallest failing local index kept by atomicMin, the reached arcs summed.
#include "bfs/distributed/cuda/rank_validate.cuh"

#include <vector>

#include "bfs/distributed/vertex_rules.hpp"
#include "cuda/cuda_check.cuh"
#include "cuda/device_memory.hpp"
#include "cuda/launch_sizing.hpp"
#include "frontier/device.hpp"
#include "frontier/errors.hpp"

namespace frontier::distributed {
namespace {

constexpr int kCheckThreadsPerBlock = 256;
// A grid-stride loop; 4096 blocks fill any current GPU many times over.
constexpr std::uint64_t kCheckMaxBlocks = 4096;

/// Lowers *d_first_bad to the smallest local index whose vertex breaks a rule (rules 1-5 of
/// broken_vertex_rule for an undirected slice) and adds the arcs of reached vertices that break
/// none to *d_reached_arcs.
template <typename VertexT, typename EdgeT>
__global__ void find_broken_vertex_kernel(cuda::DeviceCsr<VertexT, EdgeT> slice,
                                          VertexDistribution<VertexT> distribution, int rank,
                                          VertexT source, const VertexT* d_parent,
                                          const std::int32_t* d_depth,
                                          unsigned long long* d_first_bad,
                                          unsigned long long* d_reached_arcs) {
  const auto count = static_cast<std::uint64_t>(distribution.local_count(rank));
  const VertexT n = distribution.num_vertices;
  const std::uint64_t stride = static_cast<std::uint64_t>(gridDim.x) * blockDim.x;
  for (std::uint64_t i = static_cast<std::uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
       i < count; i += stride) {
    const auto local = static_cast<VertexT>(i);
    const VertexT v = distribution.global(rank, local);
    const VertexT p = d_parent[v];
    const std::int32_t d = d_depth[v];
    // 1. Rules 1 and 2.
    bool bad = (p < 0) != (d < 0) || p >= n;
    const bool tree_edge = !bad && p >= 0 && v != source;
    if (tree_edge && (d_depth[p] < 0 || d_depth[p] + 1 != d)) bad = true;
    // 2. Rules 3 and 4 over the out-arcs, looking for the tree edge (rule 5) on the way.
    bool found = false;
    unsigned long long arcs = 0;
    for (EdgeT e = slice.offsets[local]; !bad && e < slice.offsets[local + 1]; ++e) {
      const VertexT w = slice.targets[e];
      const std::int32_t dw = d_depth[w];
      found = found || w == p;
      if (d < 0) {
        bad = dw >= 0;
      } else {
        ++arcs;
        bad = dw < 0 || dw > d + 1 || dw < d - 1;
      }
    }
    // 3. Rule 5.
    if (tree_edge && !found) bad = true;
    if (bad) {
      atomicMin(d_first_bad, static_cast<unsigned long long>(i));
    } else if (arcs > 0) {
      atomicAdd(d_reached_arcs, arcs);
    }
  }
}

}  // namespace

template <typename VertexT, typename EdgeT>
RankCheck check_rank_on_device(const CudaRankSearch<VertexT, EdgeT>& rank, bool directed,
                               VertexT source, std::span<const VertexT> parent,
                               std::span<const std::int32_t> depth) {
  const VertexDistribution<VertexT>& distribution = rank.distribution();
  const auto n = static_cast<std::size_t>(distribution.num_vertices);
  if (directed) {
    throw InvalidArgument("the GPU ranks check undirected slices only");
  }
  if (parent.size() != n || depth.size() != n) {
    throw InvalidArgument("parent and depth arrays must have one entry per vertex");
  }
  const int gpu = rank.device();
  FRONTIER_CUDA_CHECK(cudaSetDevice(gpu));
  cuda::require_device_memory("checking rank " + std::to_string(rank.rank()) + "'s search on GPU " +
                                  std::to_string(gpu) + " (the parent and depth arrays)",
                              cuda::device_bytes_for<VertexT>(n) +
                                  cuda::device_bytes_for<std::int32_t>(n) +
                                  cuda::device_bytes_for<unsigned long long>(2),
                              cuda_device_info(gpu).free_bytes);
  // 1. The labels up, the two results zeroed.
  cuda::DeviceBuffer<VertexT> d_parent(n);
  cuda::DeviceBuffer<std::int32_t> d_depth(n);
  cuda::DeviceBuffer<unsigned long long> d_results(2);
  const cudaStream_t stream = rank.stream();
  FRONTIER_CUDA_CHECK(cudaMemcpyAsync(d_parent.data(), parent.data(), n * sizeof(VertexT),
                                      cudaMemcpyHostToDevice, stream));
  FRONTIER_CUDA_CHECK(cudaMemcpyAsync(d_depth.data(), depth.data(), n * sizeof(std::int32_t),
                                      cudaMemcpyHostToDevice, stream));
  const VertexT count = distribution.local_count(rank.rank());
  const unsigned long long start[2] = {static_cast<unsigned long long>(count), 0};
  FRONTIER_CUDA_CHECK(
      cudaMemcpyAsync(d_results.data(), start, sizeof(start), cudaMemcpyHostToDevice, stream));
  // 2. Every owned vertex.
  if (count > 0) {
    find_broken_vertex_kernel<VertexT, EdgeT>
        <<<cuda::capped_grid(static_cast<std::uint64_t>(count), kCheckThreadsPerBlock,
                             kCheckMaxBlocks),
           kCheckThreadsPerBlock, 0, stream>>>(rank.slice_on_device(), distribution, rank.rank(),
                                               source, d_parent.data(), d_depth.data(),
                                               d_results.data(), d_results.data() + 1);
    FRONTIER_CHECK_LAUNCH();
  }
  unsigned long long results[2] = {0, 0};
  FRONTIER_CUDA_CHECK(
      cudaMemcpyAsync(results, d_results.data(), sizeof(results), cudaMemcpyDeviceToHost, stream));
  FRONTIER_CUDA_CHECK(cudaStreamSynchronize(stream));
  RankCheck check;
  check.reached_arcs = static_cast<std::int64_t>(results[1]);
  if (results[0] >= static_cast<unsigned long long>(count)) return check;
  // 3. The first failing vertex's arcs, worded on the host as the host validator words them.
  const auto local = static_cast<VertexT>(results[0]);
  const cuda::DeviceCsr<VertexT, EdgeT> slice = rank.slice_on_device();
  EdgeT bounds[2] = {0, 0};
  FRONTIER_CUDA_CHECK(
      cudaMemcpy(bounds, slice.offsets + local, sizeof(bounds), cudaMemcpyDeviceToHost));
  std::vector<VertexT> arcs(static_cast<std::size_t>(bounds[1] - bounds[0]));
  if (!arcs.empty()) {
    FRONTIER_CUDA_CHECK(cudaMemcpy(arcs.data(), slice.targets + bounds[0],
                                   arcs.size() * sizeof(VertexT), cudaMemcpyDeviceToHost));
  }
  const VertexT v = distribution.global(rank.rank(), local);
  std::int64_t ignored = 0;
  std::string problem = broken_vertex_rule<VertexT>(v, arcs, arcs, false, distribution.num_vertices,
                                                    source, parent, depth, ignored);
  if (problem.empty()) problem = "the GPU check and the host check disagree";
  check.failure = vertex_failure(problem, v, rank.rank());
  return check;
}

template RankCheck check_rank_on_device(const CudaRankSearch<std::int32_t, std::int64_t>&, bool,
                                        std::int32_t, std::span<const std::int32_t>,
                                        std::span<const std::int32_t>);
template RankCheck check_rank_on_device(const CudaRankSearch<std::int64_t, std::int64_t>&, bool,
                                        std::int64_t, std::span<const std::int64_t>,
                                        std::span<const std::int32_t>);

}  // namespace frontier::distributed
