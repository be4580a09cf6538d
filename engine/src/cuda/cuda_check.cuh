/// @file cuda/cuda_check.cuh
/// @brief Every CUDA call is checked: FRONTIER_CUDA_CHECK(call) throws CudaError in words a user
/// can act on (the call, file and line go to a debug log line, not into the message);
/// FRONTIER_CHECK_LAUNCH() follows every kernel launch (and synchronizes when
/// FRONTIER_SYNC_LAUNCHES is defined, to pin an asynchronous fault on its kernel).
#pragma once

#include <cuda_runtime.h>

#include <string>

#include "frontier/errors.hpp"

namespace frontier::detail {

/// What a CUDA status means for a user: "no usable CUDA GPU: no CUDA driver found", "CUDA error:
/// out of memory (cudaErrorMemoryAllocation)". Defined in cuda/device_query.cu.
std::string describe_cuda_error(cudaError_t status);

/// Logs `call` at `file`:`line` at debug level and throws CudaError(describe_cuda_error(status)).
[[noreturn]] void throw_cuda_error(cudaError_t status, const char* call, const char* file,
                                   int line);

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
