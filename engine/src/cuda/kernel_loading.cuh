/// @file cuda/kernel_loading.cuh
/// @brief Loading a kernel's module before its first launch. With lazy module loading (CUDA's
/// default) a kernel is loaded when it is first launched, which costs the first search that
/// launches it; a backend that loads every kernel it may launch when it is built pays that in
/// its setup instead.
#pragma once

#include <cuda_runtime.h>

#include "cuda/cuda_check.cuh"

namespace frontier::cuda {

/// Loads `kernel` on the current device now.
template <typename Kernel>
void load_kernel(Kernel* kernel) {
  cudaFuncAttributes attributes{};
  FRONTIER_CUDA_CHECK(cudaFuncGetAttributes(&attributes, reinterpret_cast<const void*>(kernel)));
}

}  // namespace frontier::cuda
