// ResidentGraph (see device_graph_build.hpp): a DeviceGraph built on the GPU, its host copy, and
// its hand-over to a BfsRunner.
#include <string>
#include <utility>
#include <vector>

#include "cuda/cuda_check.cuh"
#include "frontier/errors.hpp"
#include "graph/cuda/device_graph.cuh"
#include "graph/cuda/device_graph_build.hpp"

namespace frontier::cuda {

template <typename VertexT, typename EdgeT>
ResidentGraph<VertexT, EdgeT>::ResidentGraph() = default;

template <typename VertexT, typename EdgeT>
ResidentGraph<VertexT, EdgeT>::ResidentGraph(DeviceGraph<VertexT, EdgeT> graph, int device_id)
    : graph_(std::make_unique<DeviceGraph<VertexT, EdgeT>>(std::move(graph))),
      device_id_(device_id) {}

template <typename VertexT, typename EdgeT>
ResidentGraph<VertexT, EdgeT>::~ResidentGraph() = default;
template <typename VertexT, typename EdgeT>
ResidentGraph<VertexT, EdgeT>::ResidentGraph(ResidentGraph&&) noexcept = default;
template <typename VertexT, typename EdgeT>
ResidentGraph<VertexT, EdgeT>& ResidentGraph<VertexT, EdgeT>::operator=(ResidentGraph&&) noexcept =
    default;

template <typename VertexT, typename EdgeT>
VertexT ResidentGraph<VertexT, EdgeT>::num_vertices() const noexcept {
  return graph_ ? graph_->num_vertices() : 0;
}

template <typename VertexT, typename EdgeT>
EdgeT ResidentGraph<VertexT, EdgeT>::num_arcs() const noexcept {
  return graph_ ? graph_->num_arcs() : 0;
}

template <typename VertexT, typename EdgeT>
bool ResidentGraph<VertexT, EdgeT>::directed() const noexcept {
  return graph_ ? graph_->directed() : false;
}

template <typename VertexT, typename EdgeT>
int ResidentGraph<VertexT, EdgeT>::device_id() const noexcept {
  return graph_ ? device_id_ : -1;
}

template <typename VertexT, typename EdgeT>
std::uint64_t ResidentGraph<VertexT, EdgeT>::device_bytes() const noexcept {
  return graph_ ? graph_->bytes() : 0;
}

namespace {

template <typename VertexT, typename EdgeT>
CsrGraph<VertexT, EdgeT> copy_to_host(const DeviceCsr<VertexT, EdgeT>& csr, std::size_t n,
                                      std::size_t m, bool directed) {
  std::vector<EdgeT> offsets(n + 1);
  std::vector<VertexT> targets(m);
  FRONTIER_CUDA_CHECK(
      cudaMemcpy(offsets.data(), csr.offsets, (n + 1) * sizeof(EdgeT), cudaMemcpyDeviceToHost));
  if (m > 0) {
    FRONTIER_CUDA_CHECK(
        cudaMemcpy(targets.data(), csr.targets, m * sizeof(VertexT), cudaMemcpyDeviceToHost));
  }
  return CsrGraph<VertexT, EdgeT>(std::move(offsets), std::move(targets), {}, directed);
}

}  // namespace

template <typename VertexT, typename EdgeT>
CsrGraph<VertexT, EdgeT> ResidentGraph<VertexT, EdgeT>::to_host() const {
  if (!graph_) throw InvalidArgument("this resident graph is empty (moved from or handed over)");
  FRONTIER_CUDA_CHECK(cudaSetDevice(device_id_));
  return copy_to_host(graph_->forward(), static_cast<std::size_t>(graph_->num_vertices()),
                      static_cast<std::size_t>(graph_->num_arcs()), graph_->directed());
}

template <typename VertexT, typename EdgeT>
CsrGraph<VertexT, EdgeT> ResidentGraph<VertexT, EdgeT>::reverse_to_host() const {
  if (!graph_) throw InvalidArgument("this resident graph is empty (moved from or handed over)");
  FRONTIER_CUDA_CHECK(cudaSetDevice(device_id_));
  return copy_to_host(graph_->reverse(), static_cast<std::size_t>(graph_->num_vertices()),
                      static_cast<std::size_t>(graph_->num_arcs()), graph_->directed());
}

template <typename VertexT, typename EdgeT>
DeviceGraph<VertexT, EdgeT> ResidentGraph<VertexT, EdgeT>::release_device_graph() {
  if (!graph_) throw InvalidArgument("this resident graph is empty (moved from or handed over)");
  DeviceGraph<VertexT, EdgeT> graph = std::move(*graph_);
  graph_.reset();
  return graph;
}

template class ResidentGraph<std::int32_t, std::int64_t>;
template class ResidentGraph<std::int64_t, std::int64_t>;

}  // namespace frontier::cuda
