/// @file device_search_order.hpp
/// @brief The degree-class numbering of a graph searched on a GPU (SearchOrder::DegreeClasses),
/// both directions resident on that GPU (internal; plain host C++): made there by the ordered
/// device build (device_graph_build.hpp) or uploaded from the host's order, and read by the
/// passes that move ids and labels between it and the caller's (bfs/cuda/renumbered_labels.hpp).
#pragma once

#include "frontier/device_array.hpp"
#include "frontier/types.hpp"

namespace frontier::cuda {

/// The two directions of a search order, resident on one GPU.
struct DeviceSearchOrder {
  /// caller id -> search id.
  DeviceArray<VertexId> new_id;
  /// search id -> caller id.
  DeviceArray<VertexId> old_id;
};

}  // namespace frontier::cuda
