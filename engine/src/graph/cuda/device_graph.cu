// Upload of a CsrGraph to one GPU (see device_graph.cuh).
#include "graph/cuda/device_graph.cuh"

#include <cuda_runtime.h>

#include <utility>

#include "cuda/cuda_check.cuh"
#include "cuda/device_memory.hpp"
#include "frontier/errors.hpp"
#include "frontier/memory_sizing.hpp"

namespace frontier::cuda {

template <typename VertexT, typename EdgeT>
std::uint64_t DeviceGraph<VertexT, EdgeT>::bytes_needed(const CsrGraph<VertexT, EdgeT>& graph) {
  return device_graph_bytes(static_cast<std::uint64_t>(graph.num_vertices()),
                            static_cast<std::uint64_t>(graph.num_arcs()), graph.directed(),
                            IdBytes{sizeof(VertexT), sizeof(EdgeT)});
}

template <typename VertexT, typename EdgeT>
DeviceGraph<VertexT, EdgeT>::DeviceGraph(const CsrGraph<VertexT, EdgeT>& graph)
    : num_vertices_(graph.num_vertices()),
      num_arcs_(graph.num_arcs()),
      directed_(graph.directed()) {
  // 1. Check the whole upload against free memory before allocating any of it.
  require_device_memory("uploading a graph of " + std::to_string(num_vertices_) + " vertices and " +
                            std::to_string(num_arcs_) + " arcs",
                        bytes_needed(graph));
  // 2. Forward CSR.
  const auto upload = [](const auto& host, auto& device) {
    using T = typename std::decay_t<decltype(host)>::value_type;
    device = DeviceBuffer<T>(host.size());
    if (!host.empty()) {
      FRONTIER_CUDA_CHECK(
          cudaMemcpy(device.data(), host.data(), host.size() * sizeof(T), cudaMemcpyHostToDevice));
    }
  };
  upload(graph.offsets(), d_offsets_);
  upload(graph.targets(), d_targets_);
  // 3. Reverse CSR (in-arcs) for directed graphs; an undirected graph is its own reverse.
  if (directed_) {
    const CsrGraph<VertexT, EdgeT>& reverse = graph.reverse();
    upload(reverse.offsets(), d_reverse_offsets_);
    upload(reverse.targets(), d_reverse_targets_);
  }
}

template <typename VertexT, typename EdgeT>
DeviceGraph<VertexT, EdgeT>::DeviceGraph(VertexT num_vertices, EdgeT num_arcs, bool directed,
                                         DeviceBuffer<EdgeT> d_offsets,
                                         DeviceBuffer<VertexT> d_targets,
                                         DeviceBuffer<EdgeT> d_reverse_offsets,
                                         DeviceBuffer<VertexT> d_reverse_targets)
    : num_vertices_(num_vertices),
      num_arcs_(num_arcs),
      directed_(directed),
      d_offsets_(std::move(d_offsets)),
      d_targets_(std::move(d_targets)),
      d_reverse_offsets_(std::move(d_reverse_offsets)),
      d_reverse_targets_(std::move(d_reverse_targets)) {
  const auto n = static_cast<std::size_t>(num_vertices);
  const auto m = static_cast<std::size_t>(num_arcs);
  const bool forward_ok = d_offsets_.size() == n + 1 && d_targets_.size() == m;
  const bool reverse_ok = directed
                              ? d_reverse_offsets_.size() == n + 1 && d_reverse_targets_.size() == m
                              : d_reverse_offsets_.size() == 0;
  if (!forward_ok || !reverse_ok) {
    throw InvalidArgument("device CSR arrays disagree with " + std::to_string(n) +
                          " vertices and " + std::to_string(m) + " arcs");
  }
}

template <typename VertexT, typename EdgeT>
std::uint64_t DeviceGraph<VertexT, EdgeT>::bytes() const noexcept {
  return d_offsets_.bytes() + d_targets_.bytes() + d_reverse_offsets_.bytes() +
         d_reverse_targets_.bytes();
}

template class DeviceGraph<std::int32_t, std::int64_t>;
template class DeviceGraph<std::int64_t, std::int64_t>;

}  // namespace frontier::cuda
