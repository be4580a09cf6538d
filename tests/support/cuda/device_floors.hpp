/// @file device_floors.hpp
/// @brief Memory-system floors of one GPU, measured by simple kernels in the same run as a
/// benchmark, so that BFS rates can be printed beside what the device can do at all
/// (internal; plain host C++). Reached by tests/bench/bfs_gpu.cpp.
#pragma once

#include <cstdint>

namespace frontier::test {

struct DeviceFloors {
  /// Grid-stride 16-byte copy kernel, bytes read + bytes written per second.
  double copy_bytes_per_second = 0.0;
  /// Independent random 4-byte gathers per second from a table of `gather_table_bytes`.
  double gathers_per_second = 0.0;
  std::uint64_t copy_bytes = 0;
  std::uint64_t gather_table_bytes = 0;
};

/// Times a copy of `copy_bytes` and random gathers from a table of `gather_table_bytes` on GPU
/// `device_id`, best of `repetitions` each (CUDA events).
/// @throws OutOfMemory if the buffers do not fit; CudaError if a CUDA call fails or the build has
/// no CUDA backend.
DeviceFloors measure_device_floors(int device_id, std::uint64_t copy_bytes,
                                   std::uint64_t gather_table_bytes, int repetitions);

}  // namespace frontier::test
