// Logging for the CUDA BFS (see bfs_cuda_log.hpp). Built only with the CUDA backend.
#if FRONTIER_HAVE_CUDA

#include "bfs_cuda_log.hpp"

#include "frontier/detail/log.hpp"

namespace frontier::cuda {

bool bfs_debug_enabled() { return detail::logger().should_log(spdlog::level::debug); }

void bfs_log_debug(const std::string& line) { detail::logger().debug("{}", line); }

void bfs_log_info(const std::string& line) { detail::logger().info("{}", line); }

}  // namespace frontier::cuda

#endif
