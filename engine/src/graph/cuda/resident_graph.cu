// ResidentGraph (see device_graph_build.hpp): a DeviceGraph built on the GPU, its host copy, and
// its hand-over to a BfsRunner.
#include <string>
#include <utility>
#include <vector>

#include "cuda/cuda_check.cuh"
#include "cuda/staged_copy.hpp"
#include "frontier/detail/host_memory.hpp"
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

// `count` elements of device memory in a new host vector. Its memory is advised for huge pages
// before the vector's zero fill touches it (one fault per 2 MiB, not per 4 KiB), and the copy
// goes through the pinned staging buffers (cuda/staged_copy.hpp): a plain cudaMemcpy into
// pageable memory moves a graph of tens of GiB several times slower.
template <typename T>
std::vector<T> copied_to_host(const T* d_source, std::size_t count) {
  std::vector<T> host;
  host.reserve(count);
  frontier::detail::advise_huge_pages(host.data(), count * sizeof(T));
  host.resize(count);
  copy_to_host(host.data(), d_source, count * sizeof(T));
  return host;
}

template <typename VertexT, typename EdgeT>
CsrGraph<VertexT, EdgeT> copy_csr_to_host(const DeviceCsr<VertexT, EdgeT>& csr, std::size_t n,
                                          std::size_t m, bool directed) {
  return CsrGraph<VertexT, EdgeT>(copied_to_host(csr.offsets, n + 1),
                                  copied_to_host(csr.targets, m), {}, directed);
}

}  // namespace

template <typename VertexT, typename EdgeT>
CsrGraph<VertexT, EdgeT> ResidentGraph<VertexT, EdgeT>::to_host() const {
  if (!graph_) throw InvalidArgument("this resident graph is empty (moved from or handed over)");
  FRONTIER_CUDA_CHECK(cudaSetDevice(device_id_));
  return copy_csr_to_host(graph_->forward(), static_cast<std::size_t>(graph_->num_vertices()),
                          static_cast<std::size_t>(graph_->num_arcs()), graph_->directed());
}

template <typename VertexT, typename EdgeT>
CsrGraph<VertexT, EdgeT> ResidentGraph<VertexT, EdgeT>::reverse_to_host() const {
  if (!graph_) throw InvalidArgument("this resident graph is empty (moved from or handed over)");
  FRONTIER_CUDA_CHECK(cudaSetDevice(device_id_));
  return copy_csr_to_host(graph_->reverse(), static_cast<std::size_t>(graph_->num_vertices()),
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
