// The CUDA backend's answers behind frontier/device.hpp: defined in device_query.cu, or by
// no_cuda.cpp in a build without CUDA (no backend, no GPUs).
#pragma once

#include <optional>
#include <span>
#include <utility>

#include "frontier/device.hpp"

namespace frontier::cuda {

/// True when this build contains the CUDA backend.
bool backend_built();

/// Usable GPUs; 0 where no driver or GPU is present (never an error: it means "use the CPU").
int device_count();

/// Checks once, where GPU work is first set up, that GPU `id` exists and can be used.
/// @throws CudaError in words a user can act on: "no usable CUDA GPU: no CUDA driver found",
/// "... the driver is older than this build's CUDA runtime", "GPU 3 does not exist: ...".
void require_device(int id);

/// @throws CudaError if GPU `id` cannot be queried (or there is no CUDA backend).
CudaDeviceInfo device_info(int id);

/// The first pair (a, b) of the GPUs `ids` where a cannot reach b's memory (no peer access);
/// nullopt where every pair can. @throws CudaError if the GPUs cannot be queried (or, for two
/// GPUs or more, there is no CUDA backend).
std::optional<std::pair<int, int>> first_pair_without_peer_access(std::span<const int> ids);

}  // namespace frontier::cuda
