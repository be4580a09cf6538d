/// @file cuda/device_scope.cuh
/// @brief Makes one GPU current for a scope and the previous one current again at its end, for
/// entry points that run on a GPU of their options and return to a caller who may be using
/// another.
#pragma once

#include <cuda_runtime.h>

#include "cuda/cuda_check.cuh"

namespace frontier::cuda {

class DeviceScope {
 public:
  /// @throws CudaError if GPU `id` cannot be made current.
  explicit DeviceScope(int id) {
    FRONTIER_CUDA_CHECK(cudaGetDevice(&previous_));
    if (previous_ != id) FRONTIER_CUDA_CHECK(cudaSetDevice(id));
  }
  ~DeviceScope() {
    // Never throws; a failure is cleared so that no later check reports it.
    if (cudaSetDevice(previous_) != cudaSuccess) cudaGetLastError();
  }
  DeviceScope(const DeviceScope&) = delete;
  DeviceScope& operator=(const DeviceScope&) = delete;

 private:
  int previous_ = 0;
};

}  // namespace frontier::cuda
