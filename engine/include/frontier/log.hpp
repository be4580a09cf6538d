/// @file log.hpp
/// @brief Logging controls. Logs go to stderr; results never do.
#pragma once

#include <string_view>

namespace frontier {

enum class LogLevel { Trace, Debug, Info, Warn, Error, Off };

/// Sets how much frontier writes to stderr (default: Info).
void set_log_level(LogLevel level);
LogLevel log_level();

/// "trace", "debug", "info", "warn", "error" or "off": what parse_log_level() reads back.
std::string_view to_string(LogLevel level);

/// Parses a name to_string() gives, or "warning". @throws InvalidArgument otherwise.
LogLevel parse_log_level(std::string_view name);

}  // namespace frontier
