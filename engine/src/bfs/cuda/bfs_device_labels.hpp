/// @file bfs_device_labels.hpp
/// @brief A single-GPU search whose labels stay on the GPU (Engine::bfs_on_device): the runner
/// searches into its own buffers, which the next search overwrites, so the labels are copied
/// device to device into arrays the result owns (internal; plain host C++).
#pragma once

#include <cstdint>
#include <optional>
#include <span>

#include "bfs/cuda/bfs_cuda.hpp"
#include "bfs/cuda/renumbered_labels.hpp"
#include "frontier/device_bfs_result.hpp"
#include "frontier/types.hpp"

namespace frontier::cuda {

/// Runs `sources` on `runner` (an Engine's, resident on GPU `device_id`) with `options`
/// (copy_labels is ignored: nothing goes to the host) and leaves the labels in `result`'s device
/// arrays on that GPU, equal to what runner.run() copies to the host: a target search's labels
/// past the target's level are cleared here too. Arrays of `result` that already hold
/// num_vertices() labels on that GPU are reused; the others are sized against free memory and
/// allocated before the search.
/// With `order` (an engine's SearchOrder::DegreeClasses): `runner` holds the renumbered graph,
/// `sources` and options.target are in its ids, and the labels are written in the caller's ids,
/// inside the search's time (summary.seconds); summary.source and .sources stay in search ids
/// for the caller to map; `caller_target` is the target in the caller's ids.
/// @throws OutOfMemory if the arrays do not fit; InvalidArgument, CudaError as runner.run().
void bfs_on_device(BfsRunner<VertexId, EdgeId>& runner, int device_id,
                   std::span<const VertexId> sources, const BfsCudaOptions& options,
                   DeviceBfsResult<VertexId>& result, const DeviceSearchOrder* order = nullptr,
                   std::optional<std::int64_t> caller_target = std::nullopt);

}  // namespace frontier::cuda
