/// @file bfs_cuda_log.hpp
/// @brief Logging for the CUDA BFS from host code compiled by nvcc, which cannot include spdlog:
/// plain declarations, defined in bfs_cuda_log.cpp on top of frontier::detail::logger().
#pragma once

#include <string>

namespace frontier::cuda {

/// Whether debug lines are wanted (so callers can skip formatting them).
bool bfs_debug_enabled();
void bfs_log_debug(const std::string& line);
void bfs_log_info(const std::string& line);

}  // namespace frontier::cuda
