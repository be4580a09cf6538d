/// @file bfs/distributed/transport/nccl_check.cuh
/// @brief FRONTIER_NCCL_CHECK(call): every NCCL call is checked and a failure throws NcclError
/// with NCCL's own message; the call, file and line go to the debug log, not to the user.
#pragma once

#include <nccl.h>

#include <string>

#include "bfs/distributed/transport/nccl_library.hpp"
#include "cuda/log_bridge.hpp"
#include "frontier/errors.hpp"

namespace frontier::detail {

[[noreturn]] inline void throw_nccl_error(ncclResult_t status, const char* call, const char* file,
                                          int line) {
  if (cuda::debug_enabled()) {
    cuda::log_debug(std::string(file) + ":" + std::to_string(line) + ": " + call +
                    " failed: " + distributed::nccl_library().ncclGetErrorString(status));
  }
  throw NcclError(std::string("NCCL communication between the GPUs failed: ") +
                  distributed::nccl_library().ncclGetErrorString(status));
}

}  // namespace frontier::detail

#define FRONTIER_NCCL_CHECK(call)                                                             \
  do {                                                                                        \
    const ncclResult_t frontier_nccl_status_ = (call);                                        \
    if (frontier_nccl_status_ != ncclSuccess) {                                               \
      ::frontier::detail::throw_nccl_error(frontier_nccl_status_, #call, __FILE__, __LINE__); \
    }                                                                                         \
  } while (0)
