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

/// Items an edge queue holds: every arc once (each vertex is expanded once), or the level-0
/// queue of up to n distinct sources.
constexpr std::uint64_t bfs_edge_queue_slots(std::uint64_t n, std::uint64_t m) {
  return std::max(n, m);
}

/// Hub chunks one level can record: a list of d >= hub_threshold arcs makes ceil(d / chunk)
/// <= d / chunk + d / hub_threshold chunks, and a level's lists hold at most m arcs.
constexpr std::uint64_t bfs_hub_chunk_slots(std::uint64_t m) {
  return m / static_cast<std::uint64_t>(kSm90BfsPolicy.hub_chunk_arcs) +
         m / static_cast<std::uint64_t>(kSm90BfsPolicy.hub_threshold) + 1;
}

/// Bytes of one HubChunk {EdgeT begin, end; unsigned long long out; VertexT owner}, padded to
/// its widest member.
constexpr std::uint64_t bfs_hub_chunk_bytes(IdBytes ids) {
  const std::uint64_t unpadded = 2 * ids.edge + 8 + ids.vertex;
  const std::uint64_t align = std::max<std::uint64_t>(ids.edge, 8);
  return (unpadded + align - 1) / align * align;
}

}  // namespace frontier::cuda
