// The one device-memory check (see device_memory.hpp).
#include "cuda/device_memory.hpp"

#include <cuda_runtime.h>

#include "cuda/cuda_check.cuh"
#include "frontier/errors.hpp"

namespace frontier::cuda {

void require_device_memory(const std::string& what, std::uint64_t bytes_needed,
                           std::uint64_t free_bytes) {
  if (!fits_device_memory(bytes_needed, free_bytes)) {
    const std::uint64_t usable =
        free_bytes > kDeviceMemoryHeadroom ? free_bytes - kDeviceMemoryHeadroom : 0;
    throw OutOfMemory(what + " (keeping " + format_bytes(kDeviceMemoryHeadroom) +
                          " of headroom on the GPU; " + format_bytes(bytes_needed - usable) +
                          " missing)",
                      bytes_needed, free_bytes);
  }
}

void require_device_memory(const std::string& what, std::uint64_t bytes_needed) {
  std::size_t free_bytes = 0;
  std::size_t total_bytes = 0;
  FRONTIER_CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
  require_device_memory(what, bytes_needed, free_bytes);
}

}  // namespace frontier::cuda
