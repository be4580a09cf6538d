/// @file graph500_memory.hpp
/// @brief The memory a Graph500 run needs, by part, computed before anything is allocated: what
/// run_graph500's checks compare with free memory (check_graph500_memory,
/// check_graph500_device_memory), what `frontier graph500 --plan` prints, and the largest scale
/// that fits a memory size, all from these functions.
///
/// The host peak of a run built on the host is the generated tuples (kept for counting nedge)
/// plus the larger of kernel 1 (the CSR builder's peak) and the searches (the CSR, one search's
/// arrays and the validator's); a run built on the GPU keeps no tuples on the host. The device
/// peak of a run built on the GPU is the larger of construction (device_csr_build_bytes: the CSR
/// built in two passes over the generator, with no tuple list and a bounded sort buffer) and
/// search (the single-GPU BFS's graph and buffers, bfs_device_bytes, plus the depths uploaded to
/// count nedge over the regenerated tuples), plus the headroom the device checks keep free.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <optional>

#include "frontier/memory_sizing.hpp"

namespace frontier::runs {

/// Host bytes of a Graph500 run on one device, by part.
struct Graph500HostBytes {
  /// The generated tuples, kept for counting nedge (a run built on the GPU regenerates them
  /// there instead: 0).
  std::uint64_t tuples = 0;
  /// Kernel 1 on the host: the CSR builder's peak beside the tuples (csr_build_peak_bytes). A
  /// run built on the GPU copies the CSR back instead (0).
  std::uint64_t construction = 0;
  /// The CSR the root sampler and the validator read.
  std::uint64_t graph = 0;
  /// One search's arrays on the host and the validator's.
  BfsHostBytes search;

  std::uint64_t peak() const { return tuples + std::max(construction, graph + search.total()); }
};

/// Device bytes of a Graph500 run built on one GPU, by part.
struct Graph500DeviceBytes {
  /// Kernel 1: the CSR built from tuples regenerated in two passes (device_csr_build_bytes).
  DeviceCsrBuildBytes construction;
  /// The searches: the resident CSR and the BFS runner's buffers.
  BfsDeviceBytes search;
  /// Counting nedge after a search, from its depths on the GPU while the tuples are
  /// regenerated: the count.
  std::uint64_t nedge_count = 0;
  /// Each search's labels kept on the GPU (depth and parent, one pair reused for every root) and
  /// the GPU validator's work arrays (byte levels and parent-arc marks), held between searches.
  std::uint64_t kept_labels = 0;
  /// Kept free by every device check (kDeviceMemoryHeadroom).
  std::uint64_t headroom = 0;

  std::uint64_t searching() const { return search.total() + nedge_count + kept_labels; }
  std::uint64_t peak() const { return std::max(construction.peak(), searching()) + headroom; }
};

/// Host bytes of a run at this size. Built on the GPU (`built_on_device`), kernel 1 runs there and
/// the host holds the copied CSR and the labels the validator reads (no tuples: nedge is counted
/// on the GPU).
Graph500HostBytes graph500_host_memory(int scale, int edgefactor, bool built_on_device = false);

/// Device bytes of a run at this size built on one GPU.
Graph500DeviceBytes graph500_device_memory(int scale, int edgefactor);

/// The largest scale in 1..30 whose `bytes_at_scale(scale)` is at most `budget` (bytes grow with
/// the scale); 0 when not even scale 1 fits.
int largest_fitting_scale(const std::function<std::uint64_t(int scale)>& bytes_at_scale,
                          std::uint64_t budget);

/// The largest scale whose host peak (graph500_memory_bytes) fits `available_bytes`.
int largest_graph500_host_scale(int edgefactor, bool built_on_device,
                                std::uint64_t available_bytes);

/// The largest scale whose device peak (graph500_device_bytes, headroom included) fits a GPU
/// with `free_bytes` free.
int largest_graph500_device_scale(int edgefactor, std::uint64_t free_bytes);

}  // namespace frontier::runs
