// CUDA device queries behind frontier/device.hpp.
#include <cuda_runtime.h>

#include "cuda/cuda_check.cuh"
#include "cuda/device_query.hpp"

namespace frontier::cuda {

bool backend_built() { return true; }

int device_count() {
  int count = 0;
  // No driver or no GPU is not an error here: it means "run on the CPU".
  if (cudaGetDeviceCount(&count) != cudaSuccess) {
    cudaGetLastError();
    return 0;
  }
  return count;
}

CudaDeviceInfo device_info(int id) {
  cudaDeviceProp properties{};
  FRONTIER_CUDA_CHECK(cudaGetDeviceProperties(&properties, id));
  FRONTIER_CUDA_CHECK(cudaSetDevice(id));
  std::size_t free_bytes = 0;
  std::size_t total_bytes = 0;
  FRONTIER_CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
  CudaDeviceInfo info;
  info.id = id;
  info.name = properties.name;
  info.compute_major = properties.major;
  info.compute_minor = properties.minor;
  info.multiprocessors = properties.multiProcessorCount;
  info.total_bytes = total_bytes;
  info.free_bytes = free_bytes;
  return info;
}

}  // namespace frontier::cuda
