/// @file renumbered_labels.hpp
/// @brief Labels of a search on a renumbered graph (SearchOrder::DegreeClasses on a GPU engine)
/// and the caller's ids, on the GPU (internal; plain host C++).
#pragma once

#include <cstdint>
#include <span>

#include "frontier/device_array.hpp"
#include "frontier/types.hpp"

namespace frontier::cuda {

/// The two directions of an engine's search order, resident on its GPU.
struct DeviceSearchOrder {
  /// caller id -> search id.
  DeviceArray<VertexId> new_id;
  /// search id -> caller id.
  DeviceArray<VertexId> old_id;
};

/// Uploads both directions to GPU `device_id`, sized against its free memory first.
/// @throws OutOfMemory if they do not fit; CudaError on a CUDA error.
DeviceSearchOrder upload_search_order(std::span<const VertexId> new_id,
                                      std::span<const VertexId> old_id, int device_id);

/// Labels in the caller's ids (`depth`, null or n entries, and `parent`, n entries, on the
/// order's GPU) rewritten in search ids into `out_depth` and `out_parent` (the inverse of what a
/// search's labels go through): what a validator of the renumbered graph reads. The outputs are
/// reused when they already hold n entries on that GPU, else sized against free memory and
/// allocated; `out_depth` is left alone when `depth` is null. Synchronous.
/// @throws OutOfMemory if the outputs do not fit; CudaError on a CUDA error.
void labels_to_search_ids(const DeviceSearchOrder& order, const std::int32_t* depth,
                          const VertexId* parent, DeviceArray<std::int32_t>& out_depth,
                          DeviceArray<VertexId>& out_parent);

}  // namespace frontier::cuda
