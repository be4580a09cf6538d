// graph500_memory.cpp — sizing a Graph500 run before anything is allocated, so that a scale too
// large for this machine is a clear OutOfMemory error instead of a crash part-way through.
//
// The estimate adds what is live at the peak: the generated tuples (kept for counting nedge) and
// the larger of kernel 1 (the CSR builder's peak, csr_build_peak_bytes) and the searches (the
// CSR, one search's depth, parent, queue and two frontier bitmaps, and the validator's
// per-vertex arrays).
// A run built on the GPU is also sized on the device (graph500_device_bytes): there the peak is
// the larger of construction and search, since the tuples are freed before the BFS buffers are
// allocated.
#include <algorithm>
#include <cstdint>
#include <string>

#include "frontier/csr_builder.hpp"
#include "frontier/detail/host_memory.hpp"
#include "frontier/device.hpp"
#include "frontier/errors.hpp"
#include "frontier/runs/graph500.hpp"
#include "frontier/types.hpp"

namespace frontier::runs {

std::uint64_t graph500_memory_bytes(int scale, int edgefactor) {
  const std::uint64_t n = std::uint64_t{1} << scale;
  const std::uint64_t tuples = static_cast<std::uint64_t>(edgefactor) * n;
  const std::uint64_t vertex_bytes = sizeof(VertexId);
  const std::uint64_t edge_bytes = sizeof(EdgeId);
  const std::uint64_t tuple_list = 2 * tuples * vertex_bytes;
  const std::uint64_t csr = (n + 1) * edge_bytes + 2 * tuples * vertex_bytes;
  const std::uint64_t search = n * (sizeof(std::int32_t) + 2 * vertex_bytes) + 2 * (n / 8 + 8);
  const std::uint64_t validation = n * (sizeof(std::int32_t) + 2 * vertex_bytes);
  const std::uint64_t construction = csr_build_peak_bytes<VertexId, EdgeId>(n, 2 * tuples, false);
  return tuple_list + std::max(construction, csr + search + validation);
}

std::uint64_t graph500_device_bytes(int scale, int edgefactor) {
  // Allowance for CUB's segmented-sort scratch (segment partitions: a few words per vertex).
  constexpr std::uint64_t kSortScratchPerVertex = 16;
  constexpr std::uint64_t kSortScratchFixed = std::uint64_t{64} << 20;
  const std::uint64_t n = std::uint64_t{1} << scale;
  const std::uint64_t tuples = static_cast<std::uint64_t>(edgefactor) * n;
  const std::uint64_t arcs = 2 * tuples;
  const std::uint64_t vertex_bytes = sizeof(VertexId);
  const std::uint64_t edge_bytes = sizeof(EdgeId);
  const std::uint64_t tuple_list = 2 * tuples * vertex_bytes;
  const std::uint64_t offsets = (n + 1) * edge_bytes;
  // Construction: tuples, offsets, cursors, arcs and the sort's second buffer and scratch.
  const std::uint64_t construction = tuple_list + offsets + n * edge_bytes +
                                     2 * arcs * vertex_bytes + kSortScratchPerVertex * n +
                                     kSortScratchFixed;
  // Search: the CSR, depth, parent, vertex queue, three bitmaps, two edge queues and their
  // predecessor queues (the BFS runner's buffers; the tuples are freed by then).
  const std::uint64_t search = offsets + arcs * vertex_bytes +
                               n * (sizeof(std::int32_t) + 2 * vertex_bytes) + 3 * (n / 8 + 8) +
                               4 * arcs * vertex_bytes;
  return std::max(construction, search) + kDeviceMemoryHeadroom;
}

void check_graph500_memory(int scale, int edgefactor) {
  const std::uint64_t needed = graph500_memory_bytes(scale, edgefactor);
  const std::uint64_t available = detail::available_host_memory_bytes();
  if (available == 0) return;
  if (needed > available) {
    throw OutOfMemory(
        "graph500 at scale " + std::to_string(scale) + ", edgefactor " + std::to_string(edgefactor),
        needed, available);
  }
}

void check_graph500_device_memory(int scale, int edgefactor, int device_id) {
  const std::uint64_t needed = graph500_device_bytes(scale, edgefactor);
  const CudaDeviceInfo info = cuda_device_info(device_id);
  if (needed > info.free_bytes) {
    throw OutOfMemory("graph500 at scale " + std::to_string(scale) + ", edgefactor " +
                          std::to_string(edgefactor) + " on GPU " + std::to_string(device_id) +
                          " (tuples, CSR construction, graph and BFS buffers at the peak)",
                      needed, info.free_bytes);
  }
}

}  // namespace frontier::runs
