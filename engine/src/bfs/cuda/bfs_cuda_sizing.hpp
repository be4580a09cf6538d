/// @file bfs_cuda_sizing.hpp
/// @brief How many items each search buffer of the single-GPU BFS holds, and the sizes of its
/// bookkeeping records, in host C++: bfs_device_bytes() (memory_sizing.hpp) sizes the runner's
/// buffers from these in every build, and the runner (bfs_cuda_runner.cuh) allocates from them
/// and checks at compile time that its record types have these sizes.
#pragma once

#include <algorithm>
#include <cstdint>

#include "bfs/cuda/bfs_cuda_tuning.hpp"
#include "frontier/memory_sizing.hpp"

namespace frontier::cuda {

/// Bytes of one per-level counter slot (BfsCounters, one 64-byte line).
inline constexpr std::uint64_t kBfsCounterBytes = 64;
/// Slots of the per-level counter ring (kCounterSlots).
inline constexpr std::uint64_t kBfsCounterRingSlots = 4;
/// Bits per bitmap word (kBitmapWordBits) and bytes per word (sizeof(BitmapWord)).
inline constexpr std::uint64_t kBfsBitmapWordBits = 32;
inline constexpr std::uint64_t kBfsBitmapWordBytes = 4;

/// Counter slots of one multi-level launch: one per level it may run.
constexpr std::uint64_t bfs_launch_slots() {
  return static_cast<std::uint64_t>(std::max(1, kSm90BfsPolicy.persistent_max_levels));
}

/// Words of a bitmap over n vertices.
constexpr std::uint64_t bfs_bitmap_words(std::uint64_t n) {
  return (n + kBfsBitmapWordBits - 1) / kBfsBitmapWordBits;
}

/// Bytes the four edge arrays (two edge queues and their predecessor queues) take at most
/// together: a top-down level whose edge frontier is longer than one queue is expanded in passes
/// (bfs_pass.cuh), so the search's working set beyond the graph is c * n plus a fixed amount.
inline constexpr std::uint64_t kBfsEdgeBufferBytes = std::uint64_t{768} << 20;

/// Items an edge queue holds: every arc once (each vertex is expanded once) or the level-0 queue
/// of up to n distinct sources, as far as kBfsEdgeBufferBytes allows four arrays of
/// `vertex_bytes`-byte ids.
constexpr std::uint64_t bfs_edge_queue_slots(std::uint64_t n, std::uint64_t m,
                                             std::uint64_t vertex_bytes) {
  return std::max<std::uint64_t>(
      1, std::min(std::max(n, m), kBfsEdgeBufferBytes / (4 * vertex_bytes)));
}

/// Hub chunks one level can record: a list of d >= hub_threshold arcs makes ceil(d / chunk)
/// <= d / chunk + 1 chunks, and the lists recorded in one level fit one edge queue of
/// `queue_slots` items (a tile that would pass its end records nothing), so there are at most
/// queue_slots / hub_threshold of them; a hub level's lists start at the CTA threshold, at most
/// hub_level_max_vertices of them and as many as the queue holds.
constexpr std::uint64_t bfs_hub_chunk_slots(std::uint64_t queue_slots) {
  constexpr auto kPolicy = kSm90BfsPolicy;
  const std::uint64_t hub_lists = queue_slots / static_cast<std::uint64_t>(kPolicy.hub_threshold);
  const std::uint64_t hub_level_lists =
      std::min(queue_slots / static_cast<std::uint64_t>(kPolicy.cta_gather_threshold),
               static_cast<std::uint64_t>(kPolicy.hub_level_max_vertices));
  return queue_slots / static_cast<std::uint64_t>(kPolicy.hub_chunk_arcs) +
         std::max(hub_lists, hub_level_lists) + 1;
}

/// Vertices of the vertex queue one block of the pass kernels covers (bfs_pass.cuh).
inline constexpr std::uint64_t kBfsPassTileVertices = 2048;

/// Arc counts of the tiles of a vertex queue of up to n vertices, and their total.
constexpr std::uint64_t bfs_pass_tile_slots(std::uint64_t n) {
  return (n + kBfsPassTileVertices - 1) / kBfsPassTileVertices + 1;
}

/// Bytes of the pass state {length, first_vertex, first_skip} (BfsPassState).
inline constexpr std::uint64_t kBfsPassStateBytes = 24;

/// Bytes of the bottom-up gate {frontier, go, reserved} (BfsBottomUpGate).
inline constexpr std::uint64_t kBfsBottomUpGateBytes = 16;

/// Bytes of one HubChunk {EdgeT begin, end; unsigned long long out; VertexT owner}, padded to
/// its widest member.
constexpr std::uint64_t bfs_hub_chunk_bytes(IdBytes ids) {
  const std::uint64_t unpadded = 2 * ids.edge + 8 + ids.vertex;
  const std::uint64_t align = std::max<std::uint64_t>(ids.edge, 8);
  return (unpadded + align - 1) / align * align;
}

}  // namespace frontier::cuda
