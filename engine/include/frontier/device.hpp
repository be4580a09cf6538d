/// @file device.hpp
/// @brief Where an algorithm runs: the CPU (OpenMP) or one or more CUDA GPUs, or "auto": the one
/// that answers faster for the size of the work.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace frontier {

enum class DeviceKind { Cpu, Cuda, Auto };

/// "cpu", "cuda" or "auto": what parse_device_kind() reads back (also "gpu" for Cuda).
std::string_view to_string(DeviceKind kind);
/// @throws InvalidArgument for other names.
DeviceKind parse_device_kind(std::string_view name);

struct Device {
  DeviceKind kind = DeviceKind::Cpu;
  /// CUDA device ordinals (one rank per GPU); empty for the CPU.
  std::vector<int> cuda_ids;

  static Device cpu() { return {}; }
  static Device cuda(int id = 0) { return {DeviceKind::Cuda, {id}}; }
  /// GPUs 0 .. count - 1, one rank each.
  static Device first_gpus(int count) {
    Device device{DeviceKind::Cuda, {}};
    for (int id = 0; id < count; ++id) device.cuda_ids.push_back(id);
    return device;
  }
  /// The CPU or GPU 0, chosen by resolve_device() for the size of the work. An Engine,
  /// frontier::bfs, list_prefix / list_rank and the Euler-tour operations resolve it themselves;
  /// other calls take a resolved device (resolve_device()).
  static Device automatic() { return {DeviceKind::Auto, {}}; }
  bool is_cuda() const { return kind == DeviceKind::Cuda; }
  bool is_auto() const { return kind == DeviceKind::Auto; }
};

/// Device memory every GPU memory check keeps free beyond the bytes it sized: room for what the
/// CUDA backend allocates without sizing it (the context's lazily grown local memory and launch
/// resources, CUB's temporaries, the driver's rounding of allocations to its pages), so that a
/// check that passes is not followed by a failing allocation. Estimates made before a run (the
/// Graph500 planner's) add the same.
inline constexpr std::uint64_t kDeviceMemoryHeadroom = std::uint64_t{256} << 20;

/// Parses "cpu", "gpu"/"cuda" (GPU 0) or "auto" (Device::automatic(), resolved later for the
/// size of the work). @throws InvalidArgument on other names.
Device parse_device(std::string_view name);

/// Arcs from which Device::automatic() takes the GPU: where a search on one GPU overtakes the
/// CPU's 16 threads (docs/results.md). Below it the CPU answers from its caches while a GPU still
/// pays a launch and a host round trip per level.
inline constexpr std::int64_t kAutoDeviceGpuMinArcs = std::int64_t{1} << 18;

/// What Device::automatic() resolves to, and why (one line for the log).
struct DeviceChoice {
  Device device;
  std::string reason;
};

/// The device for work over `arcs` arcs (list ranking: list nodes; Euler tour: the tree's arcs)
/// when `gpu_available`: GPU 0 from kAutoDeviceGpuMinArcs arcs on, or whatever the size when
/// the work runs on the GPU only (`gpu_only`, say a GPU-only BFS strategy); else the CPU. Pure:
/// the caller says whether a GPU is usable.
DeviceChoice choose_device(std::int64_t arcs, bool gpu_available, bool gpu_only = false);

/// `device` itself, or for Device::automatic() choose_device() for `arcs` on this machine
/// (cuda_device_count() > 0), logged at info level with its reason.
Device resolve_device(const Device& device, std::int64_t arcs, bool gpu_only = false);

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

/// Whether each of the GPUs `ids` can reach the others' memory (peer access), as the peer
/// transport of a distributed search needs. @throws CudaError if they cannot be queried.
bool cuda_peer_access_between(std::span<const int> ids);

}  // namespace frontier
