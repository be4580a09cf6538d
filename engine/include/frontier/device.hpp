/// @file device.hpp
/// @brief Where an algorithm runs: the CPU (OpenMP) or one or more CUDA GPUs.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace frontier {

enum class DeviceKind { Cpu, Cuda };

/// "cpu" or "cuda": what parse_device_kind() reads back (also "gpu" for Cuda).
std::string_view to_string(DeviceKind kind);
/// @throws InvalidArgument for other names.
DeviceKind parse_device_kind(std::string_view name);

struct Device {
  DeviceKind kind = DeviceKind::Cpu;
  /// CUDA device ordinals (one rank per GPU); empty for the CPU.
  std::vector<int> cuda_ids;

  static Device cpu() { return {}; }
  static Device cuda(int id = 0) { return {DeviceKind::Cuda, {id}}; }
  bool is_cuda() const { return kind == DeviceKind::Cuda; }
};

/// Device memory every GPU memory check keeps free beyond the bytes it sized: room for what the
/// CUDA backend allocates without sizing it (the context's lazily grown local memory and launch
/// resources, CUB's temporaries, the driver's rounding of allocations to its pages), so that a
/// check that passes is not followed by a failing allocation. Estimates made before a run (the
/// Graph500 planner's) add the same.
inline constexpr std::uint64_t kDeviceMemoryHeadroom = std::uint64_t{256} << 20;

/// Parses "cpu", "gpu"/"cuda" (GPU 0) or "auto" (GPU 0 when one is usable, else the CPU).
/// @throws InvalidArgument on other names.
Device parse_device(std::string_view name);

/// True when this build contains the CUDA backend.
bool cuda_built();

/// Number of usable CUDA GPUs; 0 when the backend is not built or no GPU/driver is present.
int cuda_device_count();

struct CudaDeviceInfo {
  int id = 0;
  std::string name;
  int compute_major = 0;
  int compute_minor = 0;
  int multiprocessors = 0;
  std::uint64_t total_bytes = 0;
  std::uint64_t free_bytes = 0;
};

/// Properties and current free memory of GPU `id`. @throws CudaError if it cannot be queried.
CudaDeviceInfo cuda_device_info(int id);

}  // namespace frontier
