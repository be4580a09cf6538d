/// @file bfs_device_common.cuh
/// @brief What every BFS kernel shares: the per-level counter block the host reads back, bitmap
/// helpers, and warp reductions.
///
/// Counter protocol: level i's kernels add into counter slot i % kCounterSlots and the first
/// thread of each of them zeroes slot (i + 1) % kCounterSlots for the next level; the last of
/// level i's kernels posts slot i to the host (bfs_post.cuh). No memset and no allocation happens
/// per level.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

namespace frontier::cuda {

/// One level's counts, written by the kernels with atomics, posted to the host.
struct BfsCounters {
  /// Vertices written to the vertex queue (contract, bitmap compaction).
  unsigned long long vertex_queue_length;
  /// Items written to the edge queue (expand, fused contract-expand).
  unsigned long long edge_queue_length;
  /// Vertices claimed (labelled) this level.
  unsigned long long new_vertices;
  /// Sum of the out-degrees of the vertices claimed this level.
  unsigned long long new_degree_sum;
  /// Items that passed the heuristic culls and tried the atomic claim.
  unsigned long long culling_survivors;
  /// In-arcs read by a bottom-up level.
  unsigned long long arcs_examined;
  /// Chunks of hub adjacency lists deferred to the edge-balanced hub expansion (bfs_hub.cuh).
  unsigned long long hub_chunks;
  /// Arcs of those hub lists (already counted in edge_queue_length, written by the hub pass).
  unsigned long long hub_arcs;
};

static_assert(sizeof(BfsCounters) == 64, "one counter slot is one 64-byte line");

/// Ring of counter slots (>= 2; 4 leaves slack between producer and host reader).
inline constexpr int kCounterSlots = 4;

/// Bits per word of every bitmap (visited mask, frontier bitmaps).
inline constexpr int kBitmapWordBits = 32;
using BitmapWord = unsigned int;
inline constexpr unsigned kFullWarpMask = 0xffffffffu;
inline constexpr int kWarpThreads = 32;

template <typename VertexT>
__host__ __device__ constexpr std::uint64_t bitmap_words(VertexT num_vertices) {
  return (static_cast<std::uint64_t>(num_vertices) + kBitmapWordBits - 1) / kBitmapWordBits;
}

template <typename VertexT>
__device__ __forceinline__ std::uint64_t bitmap_word_index(VertexT v) {
  return static_cast<std::uint64_t>(v) / kBitmapWordBits;
}

template <typename VertexT>
__device__ __forceinline__ BitmapWord bitmap_bit(VertexT v) {
  return BitmapWord{1} << (static_cast<std::uint64_t>(v) % kBitmapWordBits);
}

/// Sum over the warp's lanes (every lane gets it). All 32 lanes must call.
__device__ __forceinline__ unsigned long long warp_sum(unsigned long long value) {
  for (int offset = kWarpThreads / 2; offset > 0; offset /= 2) {
    value += __shfl_xor_sync(kFullWarpMask, value, offset);
  }
  return value;
}

/// Adds `value` from every lane of the warp into `*target` with one atomic per warp.
__device__ __forceinline__ void warp_atomic_add(unsigned long long* target,
                                                unsigned long long value) {
  const unsigned long long total = warp_sum(value);
  if ((threadIdx.x % kWarpThreads) == 0 && total != 0) atomicAdd(target, total);
}

/// The first thread of the grid zeroes the next level's counter slot.
__device__ __forceinline__ void zero_next_counters(BfsCounters* next) {
  if (blockIdx.x == 0 && threadIdx.x == 0) *next = BfsCounters{};
}

}  // namespace frontier::cuda
