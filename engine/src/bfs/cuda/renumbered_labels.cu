// renumbered_labels.cu — see renumbered_labels.hpp.
#include "bfs/cuda/renumbered_labels.hpp"

#include <cuda_runtime.h>

#include <string>
#include <vector>

#include "bfs/cuda/renumbered_labels.cuh"
#include "cuda/cuda_check.cuh"
#include "cuda/device_array_allocation.hpp"
#include "cuda/device_buffer.cuh"
#include "cuda/device_memory.hpp"
#include "cuda/device_scope.cuh"
#include "cuda/launch_sizing.hpp"
#include "cuda/staged_copy.hpp"

namespace frontier::cuda {

DeviceSearchOrder upload_search_order(std::span<const VertexId> new_id,
                                      std::span<const VertexId> old_id, int device_id) {
  const DeviceScope scope(device_id);
  const std::uint64_t n = new_id.size();
  require_device_memory("the search order of " + std::to_string(n) + " vertices (both directions)",
                        2 * device_bytes_for<VertexId>(n));
  DeviceSearchOrder order;
  order.new_id = allocate_device_array<VertexId>(n, device_id);
  order.old_id = allocate_device_array<VertexId>(n, device_id);
  copy_to_device(order.new_id.data(), new_id.data(), n * sizeof(VertexId));
  copy_to_device(order.old_id.data(), old_id.data(), n * sizeof(VertexId));
  return order;
}

std::vector<VertexId> to_search_ids(const DeviceSearchOrder& order, std::span<const VertexId> ids) {
  // Up to this many ids, one 4-byte copy each beats an upload, a launch and a download.
  constexpr std::size_t kCopiedOneByOne = 4;
  const DeviceScope scope(order.new_id.device_id());
  std::vector<VertexId> renamed(ids.size());
  if (ids.size() <= kCopiedOneByOne) {
    for (std::size_t i = 0; i < ids.size(); ++i) {
      FRONTIER_CUDA_CHECK(cudaMemcpy(&renamed[i], order.new_id.data() + ids[i], sizeof(VertexId),
                                     cudaMemcpyDeviceToHost));
    }
    return renamed;
  }
  require_device_memory("mapping " + std::to_string(ids.size()) + " vertex ids to the search order",
                        2 * device_bytes_for<VertexId>(ids.size()));
  DeviceBuffer<VertexId> d_ids(ids.size());
  DeviceBuffer<VertexId> d_renamed(ids.size());
  FRONTIER_CUDA_CHECK(
      cudaMemcpy(d_ids.data(), ids.data(), ids.size() * sizeof(VertexId), cudaMemcpyHostToDevice));
  const int grid = capped_grid(ids.size(), kRenumberBlockThreads, 1024);
  gather_ids_kernel<VertexId><<<grid, kRenumberBlockThreads>>>(order.new_id.data(), d_ids.data(),
                                                               ids.size(), d_renamed.data());
  FRONTIER_CHECK_LAUNCH();
  FRONTIER_CUDA_CHECK(cudaMemcpy(renamed.data(), d_renamed.data(), ids.size() * sizeof(VertexId),
                                 cudaMemcpyDeviceToHost));
  return renamed;
}

void labels_to_search_ids(const DeviceSearchOrder& order, const std::int32_t* depth,
                          const VertexId* parent, DeviceArray<std::int32_t>& out_depth,
                          DeviceArray<VertexId>& out_parent) {
  const int device_id = order.new_id.device_id();
  const DeviceScope scope(device_id);
  const std::uint64_t n = order.new_id.size();
  const auto fits = [&](const auto& array) {
    return array.size() == n && array.device_id() == device_id && array.data() != nullptr;
  };
  const bool new_depth = depth != nullptr && !fits(out_depth);
  const bool new_parent = !fits(out_parent);
  const std::uint64_t bytes = (new_depth ? device_bytes_for<std::int32_t>(n) : 0) +
                              (new_parent ? device_bytes_for<VertexId>(n) : 0);
  if (bytes > 0) {
    require_device_memory(
        "labels of " + std::to_string(n) + " vertices in the search order, for validation", bytes);
  }
  if (new_depth) out_depth = allocate_device_array<std::int32_t>(n, device_id);
  if (new_parent) out_parent = allocate_device_array<VertexId>(n, device_id);
  int multiprocessors = 0;
  FRONTIER_CUDA_CHECK(
      cudaDeviceGetAttribute(&multiprocessors, cudaDevAttrMultiProcessorCount, device_id));
  const int grid =
      capped_grid(n, kRenumberBlockThreads, static_cast<std::uint64_t>(8 * multiprocessors));
  labels_to_search_ids_kernel<VertexId><<<grid, kRenumberBlockThreads>>>(
      depth, parent, order.new_id.data(), n, depth != nullptr ? out_depth.data() : nullptr,
      out_parent.data());
  FRONTIER_CHECK_LAUNCH();
  FRONTIER_CUDA_CHECK(cudaDeviceSynchronize());
}

void labels_to_search_ids(const DeviceSearchOrder& order, std::span<const std::int32_t> depth,
                          std::span<const VertexId> parent, DeviceArray<std::int32_t>& out_depth,
                          DeviceArray<VertexId>& out_parent) {
  const DeviceScope scope(order.new_id.device_id());
  const std::uint64_t n = parent.size();
  require_device_memory(
      "uploading the labels of " + std::to_string(n) + " vertices for validation on the GPU",
      device_bytes_for<std::int32_t>(depth.size()) + device_bytes_for<VertexId>(n));
  DeviceBuffer<std::int32_t> d_depth(depth.size());
  DeviceBuffer<VertexId> d_parent(n);
  if (!depth.empty()) copy_to_device(d_depth.data(), depth.data(), depth.size_bytes());
  copy_to_device(d_parent.data(), parent.data(), parent.size_bytes());
  labels_to_search_ids(order, depth.empty() ? nullptr : d_depth.data(), d_parent.data(), out_depth,
                       out_parent);
}

}  // namespace frontier::cuda
