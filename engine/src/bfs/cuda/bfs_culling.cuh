/// @file bfs_culling.cuh
/// @brief Removing already-visited and duplicate vertices from an edge queue during contraction.
///
/// Source: Merrill, Garland, Grimshaw, "Scalable GPU Graph Traversal" (PPoPP 2012) sec. 4.2 and
/// Merrill's thesis sec. 6.4.2. Cheap, inexact filters run first:
///  1. bitmask status lookup: one bit per vertex, read without atomics (a stale read only lets a
///     visited vertex through to the claim);
///  2. warp culling: lanes of a warp hash their vertex into a per-warp table; of lanes holding the
///     same vertex in the same slot, one survives;
///  3. history culling: a per-CTA table remembers vertices this CTA has already let through in this
///     launch.
/// Then the exact claim: one atomicOr on the vertex's bitmask word; the thread that flips the bit
/// owns the vertex. Every filter only drops a vertex that some thread already handles in this
/// level, so the claim step sees each newly discovered vertex at least once and labels it once.
#pragma once

#include "bfs/cuda/bfs_device_common.cuh"

namespace frontier::cuda {

template <int BLOCK_THREADS, int WARP_HASH_SLOTS, int HISTORY_SLOTS, typename VertexT>
class VisitCuller {
  static_assert((WARP_HASH_SLOTS & (WARP_HASH_SLOTS - 1)) == 0, "warp hash is a power of two");
  static_assert((HISTORY_SLOTS & (HISTORY_SLOTS - 1)) == 0, "history is a power of two");
  static constexpr int kWarps = BLOCK_THREADS / kWarpThreads;

 public:
  struct TempStorage {
    VertexT warp_hash[kWarps][WARP_HASH_SLOTS];
    VertexT history[HISTORY_SLOTS];
  };

  __device__ __forceinline__ explicit VisitCuller(TempStorage& storage) : storage_(storage) {}

  /// Empties the history table; the caller synchronizes the block before the first survives().
  __device__ __forceinline__ void init() {
    for (int i = threadIdx.x; i < HISTORY_SLOTS; i += BLOCK_THREADS) {
      storage_.history[i] = static_cast<VertexT>(-1);
    }
  }

  /// Steps 1-3: whether vertex `v` (considered only when `valid`) may be new. Every lane of the
  /// warp must call.
  __device__ __forceinline__ bool survives(bool valid, VertexT v, const BitmapWord* visited) {
    // 1. Bitmask status lookup.
    if (valid && (visited[bitmap_word_index(v)] & bitmap_bit(v)) != 0) valid = false;

    // 2. Warp culling: write the vertex, read back; lanes that still see their own vertex then
    //    write their lane id, and only the lane whose id stays survives.
    const int lane = threadIdx.x % kWarpThreads;
    VertexT* hash = storage_.warp_hash[threadIdx.x / kWarpThreads];
    const int slot = static_cast<int>(static_cast<unsigned long long>(v) & (WARP_HASH_SLOTS - 1));
    __syncwarp();
    if (valid) hash[slot] = v;
    __syncwarp();
    const bool contender = valid && hash[slot] == v;
    __syncwarp();
    if (contender) hash[slot] = static_cast<VertexT>(lane);
    __syncwarp();
    if (contender && hash[slot] != static_cast<VertexT>(lane)) valid = false;

    // 3. History culling.
    if (valid) {
      VertexT& seen = storage_.history[static_cast<unsigned long long>(v) & (HISTORY_SLOTS - 1)];
      if (seen == v) {
        valid = false;
      } else {
        seen = v;
      }
    }
    return valid;
  }

  /// Step 4: the exact claim. True for exactly one caller per vertex over the whole search.
  __device__ __forceinline__ static bool claim(VertexT v, BitmapWord* visited) {
    const BitmapWord bit = bitmap_bit(v);
    return (atomicOr(&visited[bitmap_word_index(v)], bit) & bit) == 0;
  }

 private:
  TempStorage& storage_;
};

}  // namespace frontier::cuda
