/// @file renumbered_labels.hpp
/// @brief Labels of a search on a renumbered graph (SearchOrder::DegreeClasses on a GPU engine)
/// and the caller's ids, on the GPU (internal; plain host C++).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "frontier/device_array.hpp"
#include "frontier/types.hpp"
#include "graph/cuda/device_search_order.hpp"

namespace frontier::cuda {

/// Uploads both directions to GPU `device_id`, sized against its free memory first.
/// @throws OutOfMemory if they do not fit; CudaError on a CUDA error.
DeviceSearchOrder upload_search_order(std::span<const VertexId> new_id,
                                      std::span<const VertexId> old_id, int device_id);

/// `ids` (the caller's, in range) in search ids, read from the order's new_id on its GPU: one
/// small copy each for a few ids, else one upload, gather and download. Synchronous.
/// @throws CudaError on a CUDA error.
std::vector<VertexId> to_search_ids(const DeviceSearchOrder& order, std::span<const VertexId> ids);

/// Labels in the caller's ids (`depth`, null or n entries, and `parent`, n entries, on the
/// order's GPU) rewritten in search ids into `out_depth` and `out_parent` (the inverse of what a
/// search's labels go through): what a validator of the renumbered graph reads. The outputs are
/// reused when they already hold n entries on that GPU, else sized against free memory and
/// allocated; `out_depth` is left alone when `depth` is null. Synchronous.
/// @throws OutOfMemory if the outputs do not fit; CudaError on a CUDA error.
void labels_to_search_ids(const DeviceSearchOrder& order, const std::int32_t* depth,
                          const VertexId* parent, DeviceArray<std::int32_t>& out_depth,
                          DeviceArray<VertexId>& out_parent);

/// labels_to_search_ids() for labels in host memory (`depth` empty or n entries, `parent` n
/// entries), uploaded first into memory sized against free memory and freed on return.
/// @throws OutOfMemory if the uploads or the outputs do not fit; CudaError on a CUDA error.
void labels_to_search_ids(const DeviceSearchOrder& order, std::span<const std::int32_t> depth,
                          std::span<const VertexId> parent, DeviceArray<std::int32_t>& out_depth,
                          DeviceArray<VertexId>& out_parent);

}  // namespace frontier::cuda
