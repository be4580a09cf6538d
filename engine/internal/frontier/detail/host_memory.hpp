/// @file detail/host_memory.hpp
/// @brief How much host memory is available now, for checks made before large allocations.
#pragma once

#include <cstdint>
#include <fstream>
#include <string>

namespace frontier::detail {

/// MemAvailable from /proc/meminfo in bytes; 0 when it cannot be read (callers then skip checks).
inline std::uint64_t available_host_memory_bytes() {
  std::ifstream meminfo("/proc/meminfo");
  std::string key;
  std::uint64_t kib = 0;
  std::string unit;
  while (meminfo >> key >> kib >> unit) {
    if (key == "MemAvailable:") return kib * 1024;
  }
  return 0;
}

}  // namespace frontier::detail
