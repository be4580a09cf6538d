/// @file cuda/device_array_allocation.hpp
/// @brief Memory for a frontier::DeviceArray (public, device_array.hpp): cudaMalloc'd on one GPU,
/// freed by the last owner on that GPU from any thread, without throwing and without changing
/// the caller's current GPU. Host C++ only (defined in device_array.cu).
#pragma once

#include <cstddef>

#include "frontier/device_array.hpp"

namespace frontier::cuda {

/// `count` uninitialized elements of T on GPU `device_id`, rounded up as every device buffer is
/// (device_bytes_for). The caller sizes them against free memory first (require_device_memory).
/// @throws CudaError if the allocation fails.
template <typename T>
DeviceArray<T> allocate_device_array(std::size_t count, int device_id);

}  // namespace frontier::cuda
