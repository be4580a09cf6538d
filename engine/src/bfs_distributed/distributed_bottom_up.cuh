/// @file bfs_distributed/distributed_bottom_up.cuh
/// @brief One rank's bottom-up level of the distributed BFS (Beamer, Asanovic, Patterson,
/// "Direction-Optimizing Breadth-First Search", SC 2012; the single-GPU engine's BottomUpAgent,
/// bfs_cuda/bfs_bottom_up.cuh, over the rank's local vertices): every unvisited local vertex
/// scans its arcs (the slice is undirected: out-arcs are in-arcs) for a neighbour in the
/// all-gathered frontier, read where the gather left it (GatheredBits: rank-major parts, no pass
/// that rewrites it in global order), and takes the first found as its parent. One warp owns one
/// 32-bit word of the local bitmaps: the ballot of "found" is the word of the next frontier,
/// written whole with the visited word, so no atomics label a vertex and every word of the next
/// frontier is written. The level counters accumulate with one atomic per warp.
/// Invariants: a vertex is labelled only if unvisited at the start of the level and adjacent to a
/// frontier vertex, so depths are exact; frontier_out has exactly the vertices labelled here; the
/// visited bitmap keeps "labelled in this search".
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

#include "bfs_distributed/distributed_kernels.cuh"
#include "bfs_distributed/gathered_bits.hpp"
#include "bfs_distributed/rank_search.hpp"

namespace frontier::distributed {

template <typename VertexT, typename EdgeT>
struct BottomUpArgs {
  const EdgeT* offsets;
  const VertexT* targets;
  /// The rank's local vertices.
  VertexT local_count;
  /// The depth this level writes (the level's index + 1).
  std::int32_t depth_written;
  std::int32_t* depth;
  VertexT* parent;
  /// Local ids labelled so far (updated here).
  std::uint32_t* visited;
  /// The all-gathered frontier and where each global vertex's bit sits in it.
  const std::uint32_t* gathered;
  GatheredBits<VertexT> bits;
  /// The next frontier, local ids ((local_count + 31) / 32 words, every one written).
  std::uint32_t* frontier_out;
  /// The rank's level counters: kNextFrontier, kEdgesExamined and kFrontierArcs accumulate here
  /// (zeroed before the launch).
  std::int64_t* counters;
};

template <typename VertexT, typename EdgeT, bool kParents>
__global__ void __launch_bounds__(kDistributedThreadsPerBlock)
    bottom_up_kernel(const BottomUpArgs<VertexT, EdgeT> a) {
  const int lane = static_cast<int>(threadIdx.x) % kWarpSize;
  const auto n = static_cast<std::uint64_t>(a.local_count);
  const std::uint64_t words = (n + kWarpSize - 1) / kWarpSize;
  const std::uint64_t warps_in_grid =
      static_cast<std::uint64_t>(gridDim.x) * (blockDim.x / kWarpSize);
  long long claimed = 0;
  long long degree_sum = 0;
  long long examined = 0;
  // Warp-uniform loop bounds, so every lane reaches the ballot.
  for (std::uint64_t word =
           (static_cast<std::uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x) / kWarpSize;
       word < words; word += warps_in_grid) {
    // 1. The warp's 32 vertices and which of them are still unvisited.
    const std::uint32_t seen = a.visited[word];
    const std::uint64_t vertex = word * kWarpSize + static_cast<std::uint64_t>(lane);
    const bool unvisited = vertex < n && (seen >> lane & 1u) == 0;
    // 2. Each unvisited vertex looks for a frontier vertex among its neighbours.
    bool found = false;
    VertexT parent = 0;
    const auto v = static_cast<VertexT>(vertex);
    if (unvisited) {
      const EdgeT end = a.offsets[v + 1];
      for (EdgeT e = a.offsets[v]; e < end; ++e) {
        const VertexT u = a.targets[e];
        ++examined;
        const std::uint64_t bit = a.bits.bit(u);
        if ((a.gathered[bit / 32] >> (bit % 32) & 1u) != 0) {
          found = true;
          parent = u;
          break;
        }
      }
    }
    // 3. Label the found vertices; lane 0 writes the next-frontier and visited words.
    const std::uint32_t found_bits = __ballot_sync(0xffffffffu, found);
    if (found) {
      a.depth[v] = a.depth_written;
      if constexpr (kParents) a.parent[v] = parent;
      ++claimed;
      degree_sum += static_cast<long long>(a.offsets[v + 1] - a.offsets[v]);
    }
    if (lane == 0) {
      a.frontier_out[word] = found_bits;
      if (found_bits != 0) a.visited[word] = seen | found_bits;
    }
  }
  // 4. Level counters, one atomic each per warp.
  claimed = warp_sum(claimed);
  degree_sum = warp_sum(degree_sum);
  examined = warp_sum(examined);
  if (lane == 0) {
    auto* slots = reinterpret_cast<unsigned long long*>(a.counters);
    if (claimed != 0) atomicAdd(slots + kNextFrontier, static_cast<unsigned long long>(claimed));
    if (degree_sum != 0) {
      atomicAdd(slots + kFrontierArcs, static_cast<unsigned long long>(degree_sum));
    }
    if (examined != 0) atomicAdd(slots + kEdgesExamined, static_cast<unsigned long long>(examined));
  }
}

}  // namespace frontier::distributed
