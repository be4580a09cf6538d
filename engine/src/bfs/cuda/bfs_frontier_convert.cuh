/// @file bfs_frontier_convert.cuh
/// @brief Switching frontier representations when direction-optimizing BFS changes direction:
/// vertex queue -> bitmap (top-down to bottom-up), depth labels -> bitmap (the same, after a fused
/// level, which writes no vertex queue) and bitmap -> vertex queue (back).
///
/// Invariants: QueueToBitmapAgent sets exactly the bits of the queue's vertices in a bitmap the
/// host cleared first; DepthToBitmapAgent writes every word of the bitmap, a bit set exactly where
/// the vertex is visited and depth == args.level; BitmapToQueueAgent writes each set bit's vertex
/// to the queue once, with one block scan of per-word popcounts and one atomicAdd per tile for the
/// offsets.
#pragma once

#include <cub/block/block_scan.cuh>

#include "bfs/cuda/bfs_level_args.cuh"

namespace frontier::cuda {

template <int BLOCK_THREADS, typename VertexT, typename EdgeT>
class QueueToBitmapAgent {
 public:
  struct TempStorage {};

  __device__ __forceinline__ QueueToBitmapAgent(TempStorage&,
                                                const BfsLevelArgs<VertexT, EdgeT>& args)
      : args_(args) {}

  __device__ __forceinline__ void run() {
    // 1. Set each queued vertex's bit (queue entries are distinct, words are shared: atomicOr).
    const unsigned long long length = *args_.in_length;
    for (unsigned long long i =
             blockIdx.x * static_cast<unsigned long long>(BLOCK_THREADS) + threadIdx.x;
         i < length; i += gridDim.x * static_cast<unsigned long long>(BLOCK_THREADS)) {
      const VertexT v = args_.in_queue[i];
      atomicOr(&args_.frontier_out[bitmap_word_index(v)], bitmap_bit(v));
    }
  }

 private:
  const BfsLevelArgs<VertexT, EdgeT>& args_;
};

template <int BLOCK_THREADS, typename VertexT, typename EdgeT>
class DepthToBitmapAgent {
  static_assert(BLOCK_THREADS % kWarpThreads == 0, "blocks are whole warps");

 public:
  struct TempStorage {};

  __device__ __forceinline__ DepthToBitmapAgent(TempStorage&,
                                                const BfsLevelArgs<VertexT, EdgeT>& args)
      : args_(args) {}

  __device__ __forceinline__ void run() {
    // 1. One vertex per lane, one bitmap word per warp: the ballot of depth == level is the word.
    const unsigned long long n = static_cast<unsigned long long>(args_.num_vertices);
    const unsigned long long words = bitmap_words(args_.num_vertices);
    const unsigned long long stride = gridDim.x * static_cast<unsigned long long>(BLOCK_THREADS);
    for (unsigned long long i =
             blockIdx.x * static_cast<unsigned long long>(BLOCK_THREADS) + threadIdx.x;
         i < words * kBitmapWordBits; i += stride) {
      // A depth means something only where the visited bit is set (bfs_reset_kernel).
      const bool in_frontier = i < n && args_.depth[i] == args_.level &&
                               (args_.visited[i / kBitmapWordBits] & bitmap_bit(i)) != 0;
      const BitmapWord word = __ballot_sync(kFullWarpMask, in_frontier);
      if (threadIdx.x % kWarpThreads == 0) args_.frontier_out[i / kBitmapWordBits] = word;
    }
  }

 private:
  const BfsLevelArgs<VertexT, EdgeT>& args_;
};

template <int BLOCK_THREADS, typename VertexT, typename EdgeT>
class BitmapToQueueAgent {
  using CountScan = cub::BlockScan<int, BLOCK_THREADS>;

 public:
  struct TempStorage {
    typename CountScan::TempStorage scan;
    unsigned long long tile_base;
  };

  __device__ __forceinline__ BitmapToQueueAgent(TempStorage& storage,
                                                const BfsLevelArgs<VertexT, EdgeT>& args)
      : storage_(storage), args_(args) {}

  __device__ __forceinline__ void run() {
    // 1. Zero the next level's counters.
    zero_next_counters(args_.next_counters);

    const unsigned long long words = bitmap_words(args_.num_vertices);
    for (unsigned long long tile = blockIdx.x * static_cast<unsigned long long>(BLOCK_THREADS);
         tile < words; tile += gridDim.x * static_cast<unsigned long long>(BLOCK_THREADS)) {
      // 2. One bitmap word per thread; its population is its share of the queue.
      const unsigned long long word = tile + threadIdx.x;
      BitmapWord bits = word < words ? args_.frontier_in[word] : 0;
      int rank = 0;
      int tile_count = 0;
      CountScan(storage_.scan).ExclusiveSum(__popc(bits), rank, tile_count);

      // 3. One atomicAdd per tile reserves the tile's range.
      if (threadIdx.x == 0 && tile_count > 0) {
        storage_.tile_base = atomicAdd(&args_.counters->vertex_queue_length,
                                       static_cast<unsigned long long>(tile_count));
      }
      __syncthreads();

      // 4. Write the set bits' vertices in ascending order.
      unsigned long long out = storage_.tile_base + rank;
      while (bits != 0) {
        const int bit = __ffs(bits) - 1;
        args_.out_queue[out++] = static_cast<VertexT>(word * kBitmapWordBits + bit);
        bits &= bits - 1;
      }
      __syncthreads();
    }
  }

 private:
  TempStorage& storage_;
  const BfsLevelArgs<VertexT, EdgeT>& args_;
};

}  // namespace frontier::cuda
