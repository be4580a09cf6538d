/// @file bfs/distributed/transport/nccl_check.cuh
/// @brief FRONTIER_NCCL_CHECK(call): every NCCL call is checked and a failure throws NcclError
/// naming the call, file, line and NCCL's own message.
#pragma once

#include <nccl.h>

#include <string>

#include "frontier/errors.hpp"

namespace frontier::detail {

[[noreturn]] inline void throw_nccl_error(ncclResult_t status, const char* call, const char* file,
                                          int line) {
  throw NcclError(std::string(file) + ":" + std::to_string(line) + ": " + call +
                  " failed: " + ncclGetErrorString(status));
}

}  // namespace frontier::detail

#define FRONTIER_NCCL_CHECK(call)                                                             \
  do {                                                                                        \
    const ncclResult_t frontier_nccl_status_ = (call);                                        \
    if (frontier_nccl_status_ != ncclSuccess) {                                               \
      ::frontier::detail::throw_nccl_error(frontier_nccl_status_, #call, __FILE__, __LINE__); \
    }                                                                                         \
  } while (0)
