// renumbered_labels.cuh — the two passes between a renumbered search's labels and the caller's
// ids (renumbered_labels.hpp). The gather (search ids to the caller's, or a masked copy where the
// ids are the caller's) reads one ordered stream per degree class, so it runs near copy speed;
// the scatter serves validation only.
#pragma once

#include <cstdint>

#include "bfs/cuda/bfs_device_common.cuh"
#include "frontier/types.hpp"

namespace frontier::cuda {

/// Threads per block of both passes (one vertex a thread, grid-stride).
inline constexpr int kRenumberBlockThreads = 256;

/// Vertices each thread of the gather takes at once: its four dependent loads a vertex (new id,
/// visited mask, labels, the parent's old id) are round trips to memory, and a resident grid's
/// threads alone keep too few of them in flight to use the memory's bandwidth.
inline constexpr int kGatherItemsPerThread = 4;

/// out_depth[v] = depth[new_id[v]]; out_parent[v] = old_id of parent[new_id[v]] (negative
/// parents kept), where the search reached new_id[v] (its bit in `visited`), else unreached and
/// kInvalidVertex: a search writes the labels of the vertices it reaches only. `new_id` and
/// `old_id` null: the identity (a copy masked by `visited`). `out_parent` null: depths only.
/// Each block takes tiles of kGatherItemsPerThread * blockDim.x vertices, each thread the tile's
/// vertices threadIdx.x + k * blockDim.x, their loads issued together step by step. The labels
/// are loaded only where the mask says reached: a Graph500 graph's vertices without arcs (40% at
/// scale 22) cost a bit of the mask, not eight bytes of labels, for one round trip more.
template <typename VertexT>
__global__ void labels_to_caller_ids_kernel(const std::int32_t* __restrict__ depth,
                                            const VertexT* __restrict__ parent,
                                            const BitmapWord* __restrict__ visited,
                                            const VertexT* __restrict__ new_id,
                                            const VertexT* __restrict__ old_id, std::uint64_t n,
                                            std::int32_t* __restrict__ out_depth,
                                            VertexT* __restrict__ out_parent) {
  constexpr int kItems = kGatherItemsPerThread;
  const std::uint64_t tile = std::uint64_t{kItems} * blockDim.x;
  for (std::uint64_t base = std::uint64_t{blockIdx.x} * tile; base < n;
       base += std::uint64_t{gridDim.x} * tile) {
    VertexT at[kItems];
    BitmapWord seen[kItems];
    std::int32_t level[kItems];
    VertexT p[kItems];
#pragma unroll
    for (int k = 0; k < kItems; ++k) {
      const std::uint64_t v =
          base + std::uint64_t{static_cast<unsigned>(k)} * blockDim.x + threadIdx.x;
      at[k] = v < n ? (new_id != nullptr ? new_id[v] : static_cast<VertexT>(v)) : VertexT{0};
    }
#pragma unroll
    for (int k = 0; k < kItems; ++k) {
      const std::uint64_t v =
          base + std::uint64_t{static_cast<unsigned>(k)} * blockDim.x + threadIdx.x;
      seen[k] = v < n ? visited[bitmap_word_index(at[k])] : BitmapWord{0};
    }
#pragma unroll
    for (int k = 0; k < kItems; ++k) {
      const bool reached = (seen[k] & bitmap_bit(at[k])) != 0;
      level[k] = reached ? depth[at[k]] : kUnreachedDepth;
      p[k] = reached && out_parent != nullptr ? parent[at[k]] : kInvalidVertex<VertexT>;
    }
#pragma unroll
    for (int k = 0; k < kItems; ++k) {
      p[k] = p[k] < 0 || old_id == nullptr ? p[k] : old_id[p[k]];
    }
#pragma unroll
    for (int k = 0; k < kItems; ++k) {
      const std::uint64_t v =
          base + std::uint64_t{static_cast<unsigned>(k)} * blockDim.x + threadIdx.x;
      if (v >= n) continue;
      out_depth[v] = level[k];
      if (out_parent != nullptr) out_parent[v] = p[k];
    }
  }
}

/// The inverse: out_depth[new_id[v]] = depth[v]; out_parent[new_id[v]] = new_id of parent[v]
/// (a parent outside [0, n) is kept as it is). `depth` null: parents only.
template <typename VertexT>
__global__ void labels_to_search_ids_kernel(const std::int32_t* __restrict__ depth,
                                            const VertexT* __restrict__ parent,
                                            const VertexT* __restrict__ new_id, std::uint64_t n,
                                            std::int32_t* __restrict__ out_depth,
                                            VertexT* __restrict__ out_parent) {
  const std::uint64_t stride = std::uint64_t{gridDim.x} * blockDim.x;
  for (std::uint64_t v = std::uint64_t{blockIdx.x} * blockDim.x + threadIdx.x; v < n; v += stride) {
    const VertexT at = new_id[v];
    if (depth != nullptr) out_depth[at] = depth[v];
    const VertexT p = parent[v];
    // A parent out of range stays so, for the validator to name.
    out_parent[at] = p < 0 || static_cast<std::uint64_t>(p) >= n ? p : new_id[p];
  }
}

/// out[i] = table[ids[i]] for i < count.
template <typename VertexT>
__global__ void gather_ids_kernel(const VertexT* __restrict__ table,
                                  const VertexT* __restrict__ ids, std::uint64_t count,
                                  VertexT* __restrict__ out) {
  const std::uint64_t stride = std::uint64_t{gridDim.x} * blockDim.x;
  for (std::uint64_t i = std::uint64_t{blockIdx.x} * blockDim.x + threadIdx.x; i < count;
       i += stride) {
    out[i] = table[ids[i]];
  }
}

}  // namespace frontier::cuda
