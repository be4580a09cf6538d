/// @file detail/log.hpp
/// @brief The spdlog logger behind frontier's logging facade. Internal: never installed, never
/// included from a public header.
#pragma once

#include <spdlog/spdlog.h>

namespace frontier::detail {

/// The process-wide stderr logger named "frontier".
spdlog::logger& logger();

}  // namespace frontier::detail
