// Logging for host code compiled by nvcc (see log_bridge.hpp), on top of detail::logger().
#include "cuda/log_bridge.hpp"

#include "frontier/detail/log.hpp"

namespace frontier::cuda {

bool debug_enabled() { return detail::logger().should_log(spdlog::level::debug); }

void log_debug(const std::string& line) { detail::logger().debug("{}", line); }

void log_info(const std::string& line) { detail::logger().info("{}", line); }

void log_warning(const std::string& line) { detail::logger().warn("{}", line); }

}  // namespace frontier::cuda
