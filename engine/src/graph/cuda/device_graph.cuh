/// @file device_graph.cuh
/// @brief A CsrGraph resident on one GPU: offsets and targets, plus the reverse graph (in-arcs)
/// for directed inputs, which bottom-up BFS levels read. Uploaded once from the host, or adopted
/// from arrays built on the device (graph/cuda/); read-only afterwards.
///
/// Invariants: forward() and reverse() describe graphs with num_vertices() vertices; for an
/// undirected graph reverse() aliases forward() (no second copy).
#pragma once

#include <cstdint>

#include "cuda/device_buffer.cuh"
#include "frontier/csr_graph.hpp"

namespace frontier::cuda {

/// Device pointers of one CSR (what kernels take). Targets are vertex ids stored as TargetT: the
/// vertex type itself, or a narrower word where a GPU rank keeps 64-bit ids in 32 bits
/// (frontier/distribution/rank_graph.hpp, GpuRankTarget).
template <typename VertexT, typename EdgeT, typename TargetT = VertexT>
struct DeviceCsr {
  const EdgeT* offsets = nullptr;
  const TargetT* targets = nullptr;
};

template <typename VertexT, typename EdgeT>
class DeviceGraph {
 public:
  /// Device bytes an upload of `graph` takes (the reverse graph included for directed graphs).
  static std::uint64_t bytes_needed(const CsrGraph<VertexT, EdgeT>& graph);

  DeviceGraph() = default;
  /// Uploads `graph` (building its cached reverse on the host first when directed).
  /// @throws OutOfMemory if it does not fit; CudaError if a CUDA call fails.
  explicit DeviceGraph(const CsrGraph<VertexT, EdgeT>& graph);
  /// Adopts CSR arrays already on the device: d_offsets has num_vertices + 1 entries ending in
  /// the arc count, d_targets that many; the reverse arrays are empty unless `directed`.
  DeviceGraph(VertexT num_vertices, EdgeT num_arcs, bool directed, DeviceBuffer<EdgeT> d_offsets,
              DeviceBuffer<VertexT> d_targets, DeviceBuffer<EdgeT> d_reverse_offsets = {},
              DeviceBuffer<VertexT> d_reverse_targets = {});

  VertexT num_vertices() const noexcept { return num_vertices_; }
  EdgeT num_arcs() const noexcept { return num_arcs_; }
  bool directed() const noexcept { return directed_; }
  std::uint64_t bytes() const noexcept;

  DeviceCsr<VertexT, EdgeT> forward() const noexcept {
    return {d_offsets_.data(), d_targets_.data()};
  }
  DeviceCsr<VertexT, EdgeT> reverse() const noexcept {
    if (!directed_) return forward();
    return {d_reverse_offsets_.data(), d_reverse_targets_.data()};
  }

 private:
  VertexT num_vertices_ = 0;
  EdgeT num_arcs_ = 0;
  bool directed_ = false;
  DeviceBuffer<EdgeT> d_offsets_;
  DeviceBuffer<VertexT> d_targets_;
  DeviceBuffer<EdgeT> d_reverse_offsets_;
  DeviceBuffer<VertexT> d_reverse_targets_;
};

}  // namespace frontier::cuda
