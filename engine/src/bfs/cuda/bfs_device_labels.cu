// Searches whose labels stay on the GPU (bfs_device_labels.hpp): the result's arrays sized and
// allocated first (or reused, from the caller's previous search), the search run into the runner's
// buffers, its labels copied device to device into the result's arrays, and those of a target
// search cleared past the target's level, as the runner clears its host copy (bfs_cuda_runner.cuh,
// drop_levels_past), so that both ways return the same labels.
#include "bfs/cuda/bfs_device_labels.hpp"

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cub/block/block_reduce.cuh>
#include <string>

#include "cuda/cuda_check.cuh"
#include "cuda/device_array_allocation.hpp"
#include "cuda/device_buffer.cuh"
#include "cuda/device_memory.hpp"
#include "cuda/device_scope.cuh"
#include "cuda/launch_sizing.hpp"
#include "cuda/stream.cuh"
#include "frontier/detail/timer.hpp"

namespace frontier::cuda {

namespace {

/// Threads per block of the pass that clears labels past a target: a whole number of warps, as
/// in the BFS kernels; the pass reads each label once, so any such size keeps memory busy.
constexpr int kDropBlockThreads = 256;

/// Clears every label deeper than `last_level` (depth and, unless null, parent) and adds the
/// labels left (reached vertices) to `*reached`.
template <typename VertexT>
__global__ void drop_labels_past_kernel(std::int32_t* depth, VertexT* parent, std::uint64_t n,
                                        std::int32_t last_level, unsigned long long* reached) {
  using BlockReduce = cub::BlockReduce<unsigned long long, kDropBlockThreads>;
  __shared__ typename BlockReduce::TempStorage reduce_storage;
  // 1. Each thread clears and counts its vertices (grid-stride).
  unsigned long long kept = 0;
  const std::uint64_t stride = std::uint64_t{gridDim.x} * blockDim.x;
  for (std::uint64_t v = std::uint64_t{blockIdx.x} * blockDim.x + threadIdx.x; v < n; v += stride) {
    const std::int32_t level = depth[v];
    if (level > last_level) {
      depth[v] = kUnreachedDepth;
      if (parent != nullptr) parent[v] = kInvalidVertex<VertexT>;
    } else if (level != kUnreachedDepth) {
      ++kept;
    }
  }
  // 2. One atomic per block.
  const unsigned long long block_kept = BlockReduce(reduce_storage).Sum(kept);
  if (threadIdx.x == 0) atomicAdd(reached, block_kept);
}

/// Clears the labels of `result`, a search that reached `target`, deeper than the target's
/// depth; returns the vertices still reached. `d_reached` is the counter.
template <typename VertexT>
std::int64_t drop_labels_past_target(DeviceBfsResult<VertexT>& result, std::int64_t target,
                                     int device_id, DeviceBuffer<unsigned long long>& d_reached) {
  const Stream stream;
  const cudaStream_t s = stream.get();
  std::int32_t last_level = kUnreachedDepth;
  FRONTIER_CUDA_CHECK(cudaMemcpyAsync(&last_level, result.depth.data() + target,
                                      sizeof(std::int32_t), cudaMemcpyDeviceToHost, s));
  FRONTIER_CUDA_CHECK(cudaMemsetAsync(d_reached.data(), 0, sizeof(unsigned long long), s));
  FRONTIER_CUDA_CHECK(cudaStreamSynchronize(s));

  int blocks_per_sm = 0;
  FRONTIER_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
      &blocks_per_sm, drop_labels_past_kernel<VertexT>, kDropBlockThreads, 0));
  int multiprocessors = 0;
  FRONTIER_CUDA_CHECK(
      cudaDeviceGetAttribute(&multiprocessors, cudaDevAttrMultiProcessorCount, device_id));
  const std::uint64_t n = result.depth.size();
  const int grid =
      capped_grid(n, kDropBlockThreads,
                  static_cast<std::uint64_t>(std::max(1, blocks_per_sm) * multiprocessors));
  drop_labels_past_kernel<VertexT><<<grid, kDropBlockThreads, 0, s>>>(
      result.depth.data(), result.parent.data(), n, last_level, d_reached.data());
  FRONTIER_CHECK_LAUNCH();

  unsigned long long reached = 0;
  FRONTIER_CUDA_CHECK(cudaMemcpyAsync(&reached, d_reached.data(), sizeof(unsigned long long),
                                      cudaMemcpyDeviceToHost, s));
  FRONTIER_CUDA_CHECK(cudaStreamSynchronize(s));
  return static_cast<std::int64_t>(reached);
}

}  // namespace

void bfs_on_device(BfsRunner<VertexId, EdgeId>& runner, int device_id,
                   std::span<const VertexId> sources, const BfsCudaOptions& options,
                   DeviceBfsResult<VertexId>& result, const DeviceSearchOrder* order,
                   std::optional<std::int64_t> caller_target) {
  const DeviceScope scope(device_id);
  const std::uint64_t n = static_cast<std::uint64_t>(runner.num_vertices());
  const auto fits = [&](const auto& array) {
    return array.size() == n && array.device_id() == device_id && array.data() != nullptr;
  };

  // 1. Size the arrays that cannot be reused (and a target search's counter) against free
  //    memory and allocate them, before the search.
  const bool new_depth = !fits(result.depth);
  const bool new_parent = options.predecessors && !fits(result.parent);
  std::uint64_t bytes = 0;
  if (new_depth) bytes += device_bytes_for<std::int32_t>(n);
  if (new_parent) bytes += device_bytes_for<VertexId>(n);
  if (options.target) bytes += device_bytes_for<unsigned long long>(1);
  if (bytes > 0) {
    require_device_memory("BFS labels kept on the GPU for " + std::to_string(n) + " vertices (" +
                              (options.predecessors ? "depth and parent)" : "depth)"),
                          bytes);
  }
  if (new_depth) result.depth = allocate_device_array<std::int32_t>(n, device_id);
  if (new_parent) result.parent = allocate_device_array<VertexId>(n, device_id);
  if (!options.predecessors) result.parent = DeviceArray<VertexId>();
  DeviceBuffer<unsigned long long> d_reached;
  if (options.target) d_reached = DeviceBuffer<unsigned long long>(1);

  // 2. Search, leaving the labels in the runner's buffers.
  BfsCudaOptions search = options;
  search.copy_labels = false;
  result.summary = runner.run(sources, search);

  // 3. Copy them into the result's arrays (complete on return); from a renumbered graph, into
  //    the caller's ids, which is part of the search.
  if (order != nullptr) {
    const detail::Timer timer;
    runner.copy_labels_on_device(result.depth.data(), result.parent.data(), order->new_id.data(),
                                 order->old_id.data());
    result.summary.seconds += timer.seconds();
  } else {
    runner.copy_labels_on_device(result.depth.data(), result.parent.data());
  }

  // 4. A target search ends at the target's level, whatever a multi-level launch labelled.
  if (result.summary.stop == BfsStop::TargetReached) {
    result.summary.vertices_reached = drop_labels_past_target(
        result, order != nullptr ? *caller_target : *options.target, device_id, d_reached);
  }
}

}  // namespace frontier::cuda
