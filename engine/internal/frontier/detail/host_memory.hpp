/// @file detail/host_memory.hpp
/// @brief How much host memory is available now, for checks made before large allocations, and
/// the huge-page advice given to large buffers.
#pragma once

#include <sys/mman.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>

namespace frontier::detail {

/// MemAvailable from /proc/meminfo in bytes; 0 when it cannot be read (callers then skip checks).
inline std::uint64_t available_host_memory_bytes() {
  // stdio, not iostreams: the Python module shares its process with other libraries (NumPy's),
  // beside which iostream number conversion in the module fails (read nothing, or crashed).
  std::FILE* meminfo = std::fopen("/proc/meminfo", "r");
  if (meminfo == nullptr) return 0;
  char line[256];
  std::uint64_t bytes = 0;
  while (std::fgets(line, sizeof line, meminfo) != nullptr) {
    unsigned long long kibibytes = 0;
    if (std::sscanf(line, "MemAvailable: %llu kB", &kibibytes) == 1) {
      bytes = static_cast<std::uint64_t>(kibibytes) * 1024;
      break;
    }
  }
  std::fclose(meminfo);
  return bytes;
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
