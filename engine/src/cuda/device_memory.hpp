/// @file cuda/device_memory.hpp
/// @brief The one device-memory check of the CUDA backend: every allocation is sized first and
/// refused with OutOfMemory (bytes needed vs bytes free) before anything is allocated, so that a
/// graph or list that does not fit is a clear error, never a crash part-way through. Host C++
/// only (defined in device_memory.cu).
///
/// Free bytes come from the caller where they are counted differently: pool_free_bytes()
/// (device_pool.hpp) for the stream-ordered pool's users, whose cached memory counts as free to
/// them; CudaDeviceInfo::free_bytes for a GPU other than the current one.
#pragma once

#include <cstdint>
#include <string>

#include "frontier/device.hpp"
#include "frontier/memory_sizing.hpp"

namespace frontier::cuda {

/// @throws OutOfMemory naming `what`, `bytes_needed` and `free_bytes` (and the headroom kept)
/// unless fits_device_memory(bytes_needed, free_bytes) (memory_sizing.hpp).
void require_device_memory(const std::string& what, std::uint64_t bytes_needed,
                           std::uint64_t free_bytes);

/// require_device_memory against the free memory of the current GPU (cudaMemGetInfo).
/// @throws OutOfMemory as above; CudaError if the query fails.
void require_device_memory(const std::string& what, std::uint64_t bytes_needed);

}  // namespace frontier::cuda
