// memory_sizing.cpp — the bytes a search allocates, by part (see memory_sizing.hpp). The GPU
// figures follow the single-GPU BFS runner's buffers one for one (bfs_cuda_runner.cuh allocates
// from the same slot counts in bfs_cuda_sizing.hpp).
#include "frontier/memory_sizing.hpp"

#include <cstdint>

#include "bfs/cuda/bfs_cuda_sizing.hpp"
#include "frontier/csr_graph.hpp"
#include "graph/cuda/graph_build_tuning.hpp"

namespace frontier {

std::uint64_t device_graph_bytes(std::uint64_t num_vertices, std::uint64_t num_arcs, bool directed,
                                 IdBytes ids) {
  const std::uint64_t one_way =
      device_buffer_bytes(num_vertices + 1, ids.edge) + device_buffer_bytes(num_arcs, ids.vertex);
  return directed ? 2 * one_way : one_way;
}

BfsDeviceBytes bfs_device_bytes(std::uint64_t num_vertices, std::uint64_t num_arcs, bool directed,
                                IdBytes ids) {
  using namespace cuda;
  const std::uint64_t n = num_vertices;
  const std::uint64_t m = num_arcs;
  BfsDeviceBytes bytes;
  bytes.graph = device_graph_bytes(n, m, directed, ids);
  bytes.labels = device_buffer_bytes(n, sizeof(std::int32_t)) + device_buffer_bytes(n, ids.vertex);
  bytes.bitmaps = 3 * device_buffer_bytes(bfs_bitmap_words(n), kBfsBitmapWordBytes);
  bytes.first_in_neighbours = device_buffer_bytes(n, ids.vertex);
  bytes.vertex_queue = 2 * device_buffer_bytes(n, ids.vertex);
  const std::uint64_t queue_slots = bfs_edge_queue_slots(n, m, ids.vertex);
  bytes.edge_queues = 4 * device_buffer_bytes(queue_slots, ids.vertex);
  bytes.bookkeeping =
      device_buffer_bytes(bfs_hub_chunk_slots(queue_slots), bfs_hub_chunk_bytes(ids)) +
      device_buffer_bytes(kBfsCounterRingSlots, kBfsCounterBytes) +
      device_buffer_bytes(bfs_launch_slots(), kBfsCounterBytes) +
      device_buffer_bytes(1, sizeof(std::uint32_t)) +
      device_buffer_bytes(1, kBfsBottomUpGateBytes) +
      device_buffer_bytes(bfs_pass_tile_slots(n), sizeof(std::uint64_t)) +
      device_buffer_bytes(1, kBfsPassStateBytes);
  return bytes;
}

DeviceCsrBuildBytes device_csr_build_bytes(std::uint64_t num_vertices, std::uint64_t num_arcs,
                                           IdBytes ids) {
  // Scratch allowance per list of a sort batch (CUB's segment partitions take two 32-bit
  // indices per segment) and a fixed part for the rest of it.
  constexpr std::uint64_t kSortScratchPerList = 16;
  constexpr std::uint64_t kSortScratchFixed = std::uint64_t{1} << 20;
  const std::uint64_t n = num_vertices;
  const std::uint64_t m = num_arcs;
  const std::uint64_t window = cuda::kSortBatchWindow;
  DeviceCsrBuildBytes bytes;
  bytes.offsets = device_buffer_bytes(n + 1, ids.edge);
  bytes.cursors = device_buffer_bytes(n, ids.edge);
  bytes.arcs = device_buffer_bytes(m, ids.vertex);
  bytes.sort_buffer = device_buffer_bytes(m < 2 * window ? m : 2 * window, ids.vertex);
  bytes.sort_scratch = kSortScratchPerList * (n < window ? n : window) + kSortScratchFixed;
  return bytes;
}

BfsHostBytes bfs_host_bytes(std::uint64_t num_vertices, bool cpu_search, bool validated,
                            IdBytes ids) {
  const std::uint64_t n = num_vertices;
  const std::uint64_t per_vertex_labels = sizeof(std::int32_t) + ids.vertex;
  BfsHostBytes bytes;
  bytes.labels = n * per_vertex_labels;
  if (cpu_search) bytes.search = n * ids.vertex + 2 * (n / 8 + 8);
  if (validated) bytes.validation = n * (sizeof(std::int32_t) + 2 * ids.vertex);
  return bytes;
}

std::uint64_t host_graph_bytes(std::uint64_t num_vertices, std::uint64_t num_arcs, bool weighted,
                               IdBytes ids) {
  return (num_vertices + 1) * ids.edge + num_arcs * (ids.vertex + (weighted ? sizeof(Weight) : 0));
}

std::uint64_t search_order_host_bytes(std::uint64_t num_vertices, std::uint64_t num_arcs,
                                      bool directed, IdBytes ids) {
  return (directed ? 2 : 1) * host_graph_bytes(num_vertices, num_arcs, false, ids) +
         2 * num_vertices * ids.vertex;
}

std::uint64_t search_order_device_bytes(std::uint64_t num_vertices) {
  return 2 * device_buffer_bytes(num_vertices, sizeof(VertexId)) +
         device_buffer_bytes(num_vertices, sizeof(std::int32_t)) +
         device_buffer_bytes(num_vertices, sizeof(VertexId));
}

}  // namespace frontier
