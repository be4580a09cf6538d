/// @file device_edge_storage.cuh
/// @brief The device arrays behind a DeviceEdgeList: tuple i is (d_sources[i], d_targets[i]).
#pragma once

#include <cstdint>

#include "cuda/device_buffer.cuh"

namespace frontier::cuda {

template <typename VertexT>
struct DeviceEdgeStorage {
  int device_id = 0;
  VertexT num_vertices = 0;
  bool directed = true;
  DeviceBuffer<VertexT> d_sources;
  DeviceBuffer<VertexT> d_targets;

  std::uint64_t size() const noexcept { return d_sources.size(); }
};

}  // namespace frontier::cuda
