/// @file bfs_pass.cuh
/// @brief Expansion in passes: a top-down level whose edge frontier is longer than the edge queue
/// (bfs_cuda_sizing.hpp bounds the queue, not the graph) is expanded a window of at most the
/// queue's capacity of arcs at a time, each window contracted at once.
///
/// The level's vertices V(L) are in the vertex queue, in some order; their arcs, concatenated in
/// that order, are numbered 0 .. A - 1. Once per level the queue is cut into tiles of
/// kBfsPassTileVertices vertices and the arcs of each tile are counted and prefix-summed
/// (tile_arcs). Per window [begin, end) of arc numbers:
///  1. window offsets: each tile whose arcs meet the window scans its vertices' degrees and writes,
///     for each vertex, where its arcs start relative to the window, clamped to [0, end - begin]
///     (ids small enough for the second vertex queue, since a window holds at most the queue's
///     capacity); the vertex holding arc `begin` also records how many of its arcs lie before it;
///  2. expansion: window slot j finds its vertex by a search over those offsets (first for its
///     block's first and last slot, by two warps whose lanes probe together, then by a binary
///     search within that range) and copies arc j of the window
///     into the edge queue, with the vertex as predecessor: edge-balanced whatever the degrees, so
///     hub lists need no hub pass here;
///  3. the contraction kernel (without enqueue) claims and labels the window's candidates.
/// After the last window the host rebuilds V(L + 1) from the depths. Only levels that do not fit
/// pay for this; a level that fits runs the usual kernels unchanged.
///
/// Invariants: the windows tile [0, A) exactly, so every arc of V(L) is a candidate once; the
/// offsets of the vertices in the searched range are non-decreasing, so a slot's search finds the
/// one vertex whose arcs hold it.
#pragma once

#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>

#include "bfs/cuda/bfs_cuda_sizing.hpp"
#include "bfs/cuda/bfs_level_args.cuh"
#include "bfs/cuda/sorted_search.cuh"

namespace frontier::cuda {

/// What one window's kernels hand each other (one device record, written by the offsets kernel).
struct BfsPassState {
  /// Arcs in the window (end - begin): the contraction's input length.
  unsigned long long length;
  /// The vertex-queue index of the vertex holding the window's first arc, and how many of its
  /// arcs lie before the window.
  unsigned long long first_vertex;
  unsigned long long first_skip;
};

static_assert(sizeof(BfsPassState) == kBfsPassStateBytes, "bfs_device_bytes() sizes the state");

template <typename VertexT, typename EdgeT>
struct BfsPassArgs {
  DeviceCsr<VertexT, EdgeT> forward;
  /// V(L) and its length.
  const VertexT* vertices = nullptr;
  unsigned long long vertex_count = 0;
  /// Arc count of each tile of V(L), then (after the prefix kernel) the arcs before each tile;
  /// tiles + 1 entries, the last the level's total.
  unsigned long long* tile_arcs = nullptr;
  unsigned long long tiles = 0;
  /// Per vertex of V(L): where its arcs start in the window, clamped to [0, window length].
  VertexT* window_offsets = nullptr;
  /// The window: arcs [begin, end) of V(L).
  unsigned long long begin = 0;
  unsigned long long end = 0;
  BfsPassState* state = nullptr;
  /// The window's candidates and their predecessors (the edge queue).
  VertexT* out_queue = nullptr;
  VertexT* out_preds = nullptr;
};

inline constexpr int kPassItemsPerThread =
    static_cast<int>(kBfsPassTileVertices) / kSm90BfsPolicy.block_threads;
static_assert(kPassItemsPerThread * kSm90BfsPolicy.block_threads == kBfsPassTileVertices,
              "a tile is whole items per thread");

/// Degrees of the tile's vertices held by this thread (kPassItemsPerThread consecutive ones).
template <int BLOCK_THREADS, typename VertexT, typename EdgeT>
__device__ __forceinline__ void pass_tile_degrees(
    const BfsPassArgs<VertexT, EdgeT>& args, unsigned long long tile,
    unsigned long long (&degrees)[kPassItemsPerThread]) {
  const unsigned long long first =
      tile * kBfsPassTileVertices +
      static_cast<unsigned long long>(threadIdx.x) * kPassItemsPerThread;
#pragma unroll
  for (int k = 0; k < kPassItemsPerThread; ++k) {
    const unsigned long long i = first + k;
    degrees[k] = 0;
    if (i < args.vertex_count) {
      const VertexT v = args.vertices[i];
      degrees[k] =
          static_cast<unsigned long long>(args.forward.offsets[v + 1] - args.forward.offsets[v]);
    }
  }
}

/// 1a. The arcs of each tile of V(L) (once per level); the entry after the last tile is zeroed.
template <int BLOCK_THREADS, typename VertexT, typename EdgeT>
__global__ void __launch_bounds__(BLOCK_THREADS)
    bfs_pass_tile_arcs_kernel(const BfsPassArgs<VertexT, EdgeT> args) {
  using Reduce = cub::BlockReduce<unsigned long long, BLOCK_THREADS>;
  __shared__ typename Reduce::TempStorage storage;
  if (blockIdx.x == 0 && threadIdx.x == 0) args.tile_arcs[args.tiles] = 0;
  for (unsigned long long tile = blockIdx.x; tile < args.tiles; tile += gridDim.x) {
    unsigned long long degrees[kPassItemsPerThread];
    pass_tile_degrees<BLOCK_THREADS>(args, tile, degrees);
    unsigned long long mine = 0;
#pragma unroll
    for (int k = 0; k < kPassItemsPerThread; ++k) mine += degrees[k];
    const unsigned long long total = Reduce(storage).Sum(mine);
    if (threadIdx.x == 0) args.tile_arcs[tile] = total;
    __syncthreads();
  }
}

/// 1b. Exclusive prefix sum of the tile counts in place (one block; tiles + 1 entries, so the
/// last becomes the level's total).
template <int BLOCK_THREADS, typename VertexT, typename EdgeT>
__global__ void __launch_bounds__(BLOCK_THREADS)
    bfs_pass_tile_prefix_kernel(const BfsPassArgs<VertexT, EdgeT> args) {
  using Scan = cub::BlockScan<unsigned long long, BLOCK_THREADS>;
  __shared__ typename Scan::TempStorage storage;
  unsigned long long carry = 0;
  for (unsigned long long first = 0; first <= args.tiles; first += BLOCK_THREADS) {
    const unsigned long long i = first + threadIdx.x;
    const unsigned long long value = i <= args.tiles ? args.tile_arcs[i] : 0;
    unsigned long long prefix = 0;
    unsigned long long total = 0;
    Scan(storage).ExclusiveSum(value, prefix, total);
    if (i <= args.tiles) args.tile_arcs[i] = carry + prefix;
    carry += total;
    __syncthreads();
  }
}

/// 2. The window offsets of every tile whose arcs meet the window, the first vertex's skip and the
/// window's length.
template <int BLOCK_THREADS, typename VertexT, typename EdgeT>
__global__ void __launch_bounds__(BLOCK_THREADS)
    bfs_pass_window_kernel(const BfsPassArgs<VertexT, EdgeT> args) {
  using Scan = cub::BlockScan<unsigned long long, BLOCK_THREADS>;
  __shared__ typename Scan::TempStorage storage;
  const unsigned long long window = args.end - args.begin;
  if (blockIdx.x == 0 && threadIdx.x == 0) args.state->length = window;
  for (unsigned long long tile = blockIdx.x; tile < args.tiles; tile += gridDim.x) {
    const unsigned long long tile_begin = args.tile_arcs[tile];
    const unsigned long long tile_end = args.tile_arcs[tile + 1];
    if (tile_begin >= args.end || tile_end <= args.begin) continue;
    unsigned long long degrees[kPassItemsPerThread];
    unsigned long long starts[kPassItemsPerThread];
    pass_tile_degrees<BLOCK_THREADS>(args, tile, degrees);
    Scan(storage).ExclusiveSum(degrees, starts);
    const unsigned long long first =
        tile * kBfsPassTileVertices +
        static_cast<unsigned long long>(threadIdx.x) * kPassItemsPerThread;
#pragma unroll
    for (int k = 0; k < kPassItemsPerThread; ++k) {
      const unsigned long long i = first + k;
      if (i >= args.vertex_count) break;
      const unsigned long long start = tile_begin + starts[k];
      const unsigned long long offset =
          start <= args.begin ? 0 : (start - args.begin < window ? start - args.begin : window);
      args.window_offsets[i] = static_cast<VertexT>(offset);
      if (start <= args.begin && args.begin < start + degrees[k]) {
        args.state->first_vertex = i;
        args.state->first_skip = args.begin - start;
      }
    }
    __syncthreads();
  }
}

/// 3. The window's arcs into the edge queue, one slot per thread, with their predecessors.
template <int BLOCK_THREADS, typename VertexT, typename EdgeT, bool kParents>
__global__ void __launch_bounds__(BLOCK_THREADS)
    bfs_pass_expand_kernel(const BfsPassArgs<VertexT, EdgeT> args) {
  static_assert(BLOCK_THREADS >= 64, "two warps search the block's range");
  __shared__ unsigned long long range[2];
  const unsigned long long window = args.end - args.begin;
  // The vertices whose arcs meet the window lie in the tiles holding its first and last arc,
  // and those between, whose offsets the window kernel wrote.
  const unsigned long long first_tile = last_at_most(args.tile_arcs, 0, args.tiles, args.begin);
  const unsigned long long last_tile = last_at_most(args.tile_arcs, 0, args.tiles, args.end - 1);
  const unsigned long long low = first_tile * kBfsPassTileVertices;
  const unsigned long long tile_end = (last_tile + 1) * kBfsPassTileVertices;
  const unsigned long long high = tile_end < args.vertex_count ? tile_end : args.vertex_count;
  const unsigned long long first_vertex = args.state->first_vertex;
  const unsigned long long first_skip = args.state->first_skip;
  for (unsigned long long block_slot = blockIdx.x * static_cast<unsigned long long>(BLOCK_THREADS);
       block_slot < window;
       block_slot += gridDim.x * static_cast<unsigned long long>(BLOCK_THREADS)) {
    // The block's slots lie in the arcs of vertices range[0] .. range[1] - 1.
    const unsigned long long last_slot =
        block_slot + BLOCK_THREADS - 1 < window ? block_slot + BLOCK_THREADS - 1 : window - 1;
    // Warp 0 finds range[0], warp 1 range[1], each with its lanes probing together: [low, high)
    // spans the window's vertices, and one thread's binary search over it, a chain of dependent
    // loads every 256 slots, would bound the whole expansion's rate.
    const unsigned warp = threadIdx.x / 32;
    if (warp < 2) {
      const unsigned long long found =
          warp_last_at_most(args.window_offsets, low, high, warp == 0 ? block_slot : last_slot);
      if (threadIdx.x % 32 == 0) range[warp] = warp == 0 ? found : found + 1;
    }
    __syncthreads();
    const unsigned long long slot = block_slot + threadIdx.x;
    if (slot < window) {
      const unsigned long long i = last_at_most(args.window_offsets, range[0], range[1], slot);
      const VertexT v = args.vertices[i];
      const unsigned long long within = slot -
                                        static_cast<unsigned long long>(args.window_offsets[i]) +
                                        (i == first_vertex ? first_skip : 0);
      args.out_queue[slot] =
          args.forward.targets[args.forward.offsets[v] + static_cast<EdgeT>(within)];
      if constexpr (kParents) args.out_preds[slot] = v;
    }
    __syncthreads();
  }
}

}  // namespace frontier::cuda
