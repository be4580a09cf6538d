/// @file cuda/cuda_check.cuh
/// @brief Every CUDA call is checked: FRONTIER_CUDA_CHECK(call) throws CudaError naming the call,
/// file and line; FRONTIER_CHECK_LAUNCH() follows every kernel launch (and synchronizes when
/// FRONTIER_SYNC_LAUNCHES is defined, to pin an asynchronous fault on its kernel).
#pragma once

#include <cuda_runtime.h>

#include <string>

#include "frontier/errors.hpp"

namespace frontier::detail {

[[noreturn]] inline void throw_cuda_error(cudaError_t status, const char* call, const char* file,
                                          int line) {
  throw CudaError(std::string(file) + ":" + std::to_string(line) + ": " + call +
                  " failed: " + cudaGetErrorName(status) + " (" + cudaGetErrorString(status) + ")");
}

}  // namespace frontier::detail

#define FRONTIER_CUDA_CHECK(call)                                                        \
  do {                                                                                   \
    const cudaError_t frontier_status_ = (call);                                         \
    if (frontier_status_ != cudaSuccess) {                                               \
      ::frontier::detail::throw_cuda_error(frontier_status_, #call, __FILE__, __LINE__); \
    }                                                                                    \
  } while (0)

#if defined(FRONTIER_SYNC_LAUNCHES)
#define FRONTIER_CHECK_LAUNCH()                   \
  do {                                            \
    FRONTIER_CUDA_CHECK(cudaGetLastError());      \
    FRONTIER_CUDA_CHECK(cudaDeviceSynchronize()); \
  } while (0)
#else
#define FRONTIER_CHECK_LAUNCH() FRONTIER_CUDA_CHECK(cudaGetLastError())
#endif
