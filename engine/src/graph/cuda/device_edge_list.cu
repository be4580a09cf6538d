// DeviceEdgeList (see device_graph_build.hpp): edge tuples resident on one GPU, their upload
// from and copy back to the host.
#include <string>
#include <utility>

#include "cuda/cuda_check.cuh"
#include "cuda/device_memory.hpp"
#include "frontier/errors.hpp"
#include "graph/cuda/device_edge_storage.cuh"
#include "graph/cuda/device_graph_build.hpp"

namespace frontier::cuda {

template <typename VertexT>
DeviceEdgeList<VertexT>::DeviceEdgeList() = default;

template <typename VertexT>
DeviceEdgeList<VertexT>::DeviceEdgeList(std::unique_ptr<DeviceEdgeStorage<VertexT>> storage)
    : storage_(std::move(storage)) {}

template <typename VertexT>
DeviceEdgeList<VertexT>::~DeviceEdgeList() = default;
template <typename VertexT>
DeviceEdgeList<VertexT>::DeviceEdgeList(DeviceEdgeList&&) noexcept = default;
template <typename VertexT>
DeviceEdgeList<VertexT>& DeviceEdgeList<VertexT>::operator=(DeviceEdgeList&&) noexcept = default;

template <typename VertexT>
DeviceEdgeList<VertexT> DeviceEdgeList<VertexT>::upload(const EdgeList<VertexT>& edges,
                                                        int device_id) {
  if (edges.targets.size() != edges.sources.size()) {
    throw InvalidArgument("edge list has " + std::to_string(edges.sources.size()) +
                          " sources but " + std::to_string(edges.targets.size()) + " targets");
  }
  if (edges.has_weights()) {
    throw InvalidArgument("the GPU graph builder takes unweighted edge lists; this one has " +
                          std::to_string(edges.weights.size()) + " weights");
  }
  if (edges.num_vertices < 0) throw InvalidArgument("edge list has a negative vertex count");
  FRONTIER_CUDA_CHECK(cudaSetDevice(device_id));
  const std::uint64_t m = edges.size();
  require_device_memory("uploading " + std::to_string(m) + " edge tuples",
                        2 * device_bytes_for<VertexT>(m));
  auto storage = std::make_unique<DeviceEdgeStorage<VertexT>>();
  storage->device_id = device_id;
  storage->num_vertices = edges.num_vertices;
  storage->directed = edges.directed;
  storage->d_sources = DeviceBuffer<VertexT>(m);
  storage->d_targets = DeviceBuffer<VertexT>(m);
  if (m > 0) {
    FRONTIER_CUDA_CHECK(cudaMemcpy(storage->d_sources.data(), edges.sources.data(),
                                   m * sizeof(VertexT), cudaMemcpyHostToDevice));
    FRONTIER_CUDA_CHECK(cudaMemcpy(storage->d_targets.data(), edges.targets.data(),
                                   m * sizeof(VertexT), cudaMemcpyHostToDevice));
  }
  return DeviceEdgeList(std::move(storage));
}

template <typename VertexT>
EdgeList<VertexT> DeviceEdgeList<VertexT>::to_host() const {
  EdgeList<VertexT> edges;
  if (!storage_) return edges;
  edges.num_vertices = storage_->num_vertices;
  edges.directed = storage_->directed;
  const std::uint64_t m = storage_->size();
  edges.sources.resize(m);
  edges.targets.resize(m);
  if (m > 0) {
    FRONTIER_CUDA_CHECK(cudaSetDevice(storage_->device_id));
    FRONTIER_CUDA_CHECK(cudaMemcpy(edges.sources.data(), storage_->d_sources.data(),
                                   m * sizeof(VertexT), cudaMemcpyDeviceToHost));
    FRONTIER_CUDA_CHECK(cudaMemcpy(edges.targets.data(), storage_->d_targets.data(),
                                   m * sizeof(VertexT), cudaMemcpyDeviceToHost));
  }
  return edges;
}

template <typename VertexT>
VertexT DeviceEdgeList<VertexT>::num_vertices() const noexcept {
  return storage_ ? storage_->num_vertices : 0;
}

template <typename VertexT>
std::uint64_t DeviceEdgeList<VertexT>::size() const noexcept {
  return storage_ ? storage_->size() : 0;
}

template <typename VertexT>
bool DeviceEdgeList<VertexT>::directed() const noexcept {
  return storage_ ? storage_->directed : true;
}

template <typename VertexT>
int DeviceEdgeList<VertexT>::device_id() const noexcept {
  return storage_ ? storage_->device_id : -1;
}

template <typename VertexT>
std::uint64_t DeviceEdgeList<VertexT>::device_bytes() const noexcept {
  return storage_ ? storage_->d_sources.bytes() + storage_->d_targets.bytes() : 0;
}

template <typename VertexT>
void DeviceEdgeList<VertexT>::release() noexcept {
  storage_.reset();
}

template <typename VertexT>
const DeviceEdgeStorage<VertexT>& DeviceEdgeList<VertexT>::storage() const {
  if (!storage_) throw InvalidArgument("this device edge list is empty (moved from or released)");
  return *storage_;
}

template class DeviceEdgeList<std::int32_t>;
template class DeviceEdgeList<std::int64_t>;

}  // namespace frontier::cuda
