/// @file detail/host_memory.hpp
/// @brief How much host memory is available now, for checks made before large allocations, and
/// the huge-page advice given to large buffers.
#pragma once

#include <sys/mman.h>

#include <cstddef>
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

/// Transparent huge pages are this large on x86-64 and most arm64 kernels.
inline constexpr std::size_t kHugePageBytes = std::size_t{2} << 20;

/// Asks for transparent huge pages over the whole 2 MiB pages inside a large buffer: filling it
/// then takes one page fault per 2 MiB instead of one per 4 KiB. Only advice; ignored where
/// unsupported.
inline void advise_huge_pages(void* memory, std::size_t bytes) noexcept {
  const auto start = reinterpret_cast<std::uintptr_t>(memory);
  const std::uintptr_t first = (start + kHugePageBytes - 1) & ~(kHugePageBytes - 1);
  const std::uintptr_t last = (start + bytes) & ~(kHugePageBytes - 1);
  if (last > first) ::madvise(reinterpret_cast<void*>(first), last - first, MADV_HUGEPAGE);
}

}  // namespace frontier::detail
