#include "frontier/log.hpp"

#include <spdlog/sinks/stdout_color_sinks.h>

#include <string>

#include "frontier/detail/log.hpp"
#include "frontier/errors.hpp"

namespace frontier {
namespace detail {

spdlog::logger& logger() {
  static std::shared_ptr<spdlog::logger> instance = [] {
    auto created = std::make_shared<spdlog::logger>(
        "frontier", std::make_shared<spdlog::sinks::stderr_color_sink_mt>());
    created->set_pattern("[%H:%M:%S.%e] [%^%l%$] %v");
    created->set_level(spdlog::level::info);
    return created;
  }();
  return *instance;
}

}  // namespace detail

void set_log_level(LogLevel level) {
  constexpr spdlog::level::level_enum kLevels[] = {spdlog::level::trace, spdlog::level::debug,
                                                   spdlog::level::info,  spdlog::level::warn,
                                                   spdlog::level::err,   spdlog::level::off};
  detail::logger().set_level(kLevels[static_cast<int>(level)]);
}

LogLevel log_level() {
  switch (detail::logger().level()) {
    case spdlog::level::trace:
      return LogLevel::Trace;
    case spdlog::level::debug:
      return LogLevel::Debug;
    case spdlog::level::info:
      return LogLevel::Info;
    case spdlog::level::warn:
      return LogLevel::Warn;
    case spdlog::level::err:
    case spdlog::level::critical:
      return LogLevel::Error;
    default:
      return LogLevel::Off;
  }
}

}  // namespace frontier
