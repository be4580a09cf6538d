/// @file log_bridge.hpp
/// @brief Logging from host code compiled by nvcc, which cannot include spdlog (its format
/// strings do not compile under nvcc in C++20): plain declarations, defined in log_bridge.cpp on
/// top of frontier::detail::logger(). Callers format their line first.
#pragma once

#include <string>

namespace frontier::cuda {

/// Whether debug lines are printed, so callers can skip formatting them (and the GPU code that
/// times its kernels with events only does so then).
bool debug_enabled();
void log_debug(const std::string& line);
void log_info(const std::string& line);
void log_warning(const std::string& line);

}  // namespace frontier::cuda
