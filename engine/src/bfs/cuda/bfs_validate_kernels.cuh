/// @file bfs_validate_kernels.cuh
/// @brief The kernels of the GPU BFS validator (bfs_validate_cuda.cu): grid-stride passes over
/// vertices or arcs that each record the smallest offending id of one rule with atomicMin, so
/// the host names the same vertex or arc as the host validator (bfs_validate.cpp), whatever the
/// launch shape.
///
/// Level encoding, shared by every pass: level[v] == 0 exactly at the sources (marked first;
/// every other vertex gets -1 or a level >= 1), so "is v a source" is level[v] == 0 and needs no
/// array of its own. The tree levels (the hops from v up its parent chain to a source, -1 where
/// the chain never gets there) come from one of two passes:
///  - the depth array itself, when it is strictly consistent with the parents (depth 0 exactly
///    at the sources, -1 exactly without a parent, depth[parent[v]] == depth[v] - 1 >= 0
///    elsewhere): the depths then fall by one along every parent chain, which must end at depth
///    0, a source, so depth is the tree level. One coalesced pass over the vertices
///    (validate_depth_tree_kernel) checks this together with rule 1's ranges and counts the
///    tree, without marking the sources first: a vertex of depth 0 must be its own parent, every
///    source must have depth 0, and there must be as many depths 0 as sources, so that the
///    depths 0 are exactly the sources. The case of every correct search;
///  - otherwise pointer jumping (Wyllie): every vertex holds (ancestor, hops) and replaces them by
///    its ancestor's, ceil(log2 n) rounds, until every chain that ends at a source or a vertex
///    without a parent has been followed to its end; a chain on a cycle never ends. O(n log n)
///    work however deep the tree, where a walk down the tree would take one pass per level.
/// The arc pass reads the levels as 32-bit values (the depths, or the levels of pointer jumping)
/// or, for a tree that took the fast path, as bytes written by the vertex pass (255 = unreached)
/// where it is less than 255 deep, and as nibbles packed from them, two vertices a byte (15 =
/// unreached), where it is less than 15 deep, as Graph500 trees are: its one gather per edge,
/// level[head], then reads an array an eighth the size of the depths, which a GPU's L2 cache
/// holds most or all of.
/// The arc pass splits the arcs into block tiles and each tile into runs of consecutive arcs, one
/// per thread, so hub lists and low-degree vertices are spread evenly over the threads; the
/// tile's first and last tails (found by two warps at once, each probing 32 offsets per round
/// trip) bound a binary search for the tail of a run's first arc in the tile's few offsets
/// (cache-resident), and the tail then advances along the offsets: one search per run, not per
/// arc.
/// Rule 5 on an undirected graph (both arcs of every edge stored) is confirmed from the tail:
/// the arc u -> parent[u] exists exactly when parent[u] -> u does, and parent[u] is read with
/// the tail's level (the same few cached lines), so no second gather per arc. A directed graph
/// needs the arc parent[v] -> v itself: the head's parent is gathered where the levels allow it.
/// Rules 3 and 4 on an undirected graph: they hold for u -> v exactly when they hold for its twin
/// v -> u, so only arcs to a head no smaller than their tail are checked, each standing for its
/// twin too (and counted twice in the component's arcs, a self loop once). That is one gather of
/// a level per edge, not per arc, and the smaller arc id of each failing pair, the one the host
/// validator names, is the one checked.
#pragma once

#include <cuda_runtime.h>

#include <climits>
#include <cstdint>

#include "bfs/cuda/sorted_search.cuh"

namespace frontier::cuda {

/// Launch shape of the validator. 256-thread blocks as the BFS kernels (8 per SM fill an sm_90
/// SM's 2048 thread slots); a run of 8 arcs per thread gives a tile of 2048 arcs, so a tile of a
/// graph of average degree 32 spans about 64 vertices: six steps of each run's tail search,
/// within lines the whole block shares.
struct BfsValidatePolicy {
  static constexpr int kBlockThreads = 256;
  static constexpr int kArcsPerThread = 8;
  static constexpr int kTileArcs = kBlockThreads * kArcsPerThread;
  static constexpr int kBlocksPerSm = 8;
};

/// What the passes found: per rule the smallest offending vertex, source index or arc
/// (kNoFailure where none), and the counts of the tree. Reset by the host before each validation.
struct BfsValidateFindings {
  static constexpr long long kNoFailure = LLONG_MAX;
  /// Rule 1: a parent neither -1 nor a vertex id.
  long long bad_range;
  /// Rule 1: index into the sources of one that is not its own parent.
  long long bad_source;
  /// A vertex where the depth array is not strictly consistent with the parents (then the levels
  /// come from pointer jumping).
  long long depth_not_levels;
  /// Rule 1: a vertex with a parent that the tree levels do not reach.
  long long detached;
  /// Depth array: -1 not exactly where unreached, or a source not at 0.
  long long bad_consistency;
  /// Rule 2: a tree edge whose depths do not differ by one.
  long long bad_tree_edge;
  /// Rule 5: a vertex whose parent arc no arc pass saw.
  long long unconfirmed_parent;
  /// Rule 4 (arc id): an arc from a reached to an unreached vertex.
  long long leaves_tree;
  /// Rule 3 (arc id): an arc whose levels are too far apart.
  long long too_far;
  /// Vertices with a tree level.
  unsigned long long reached;
  /// Arcs with both ends reached.
  unsigned long long arcs_in_component;
  /// The deepest tree level.
  int deepest;
  /// Fast path: vertices of depth 0 (the sources exactly, when the depths are tree levels).
  unsigned long long zero_depths;
};

/// Byte levels (the arc pass's compact copy of the depths): the level, or kUnreachedLevelByte
/// where unreached. Trees of depth kUnreachedLevelByte or more use the 32-bit depths instead.
inline constexpr unsigned char kUnreachedLevelByte = 255;
/// Nibble levels, packed from the byte levels (validate_pack_nibbles_kernel, in
/// bfs_validate_cuda.cu): vertex v's level in the low half of byte v / 2
/// when v is even, the high half when odd, or kUnreachedLevelNibble where unreached. Trees of
/// depth kUnreachedLevelNibble or more use the byte levels.
inline constexpr unsigned char kUnreachedLevelNibble = 15;

/// How the arc passes read the tree levels: level(v) is v's level, -1 where unreached.
struct Int32Levels {
  const std::int32_t* level;
  __device__ __forceinline__ std::int32_t operator()(long long v) const { return level[v]; }
};
struct ByteLevels {
  const unsigned char* level;
  __device__ __forceinline__ std::int32_t operator()(long long v) const {
    const unsigned char stored = level[v];
    return stored == kUnreachedLevelByte ? -1 : static_cast<std::int32_t>(stored);
  }
};
struct NibbleLevels {
  const unsigned char* level;
  __device__ __forceinline__ std::int32_t operator()(long long v) const {
    const unsigned stored = (static_cast<unsigned>(level[v >> 1]) >> ((v & 1) * 4)) & 15u;
    return stored == kUnreachedLevelNibble ? -1 : static_cast<std::int32_t>(stored);
  }
};

namespace validate_detail {

inline constexpr unsigned kFullWarpMask = 0xffffffffu;

__device__ __forceinline__ unsigned long long grid_threads() {
  return static_cast<unsigned long long>(gridDim.x) * blockDim.x;
}

__device__ __forceinline__ unsigned long long global_thread() {
  return static_cast<unsigned long long>(blockIdx.x) * blockDim.x + threadIdx.x;
}

/// Adds every lane's `value` into `*total` with one atomic per warp.
__device__ __forceinline__ void warp_add(unsigned long long value, unsigned long long* total) {
  for (int offset = 16; offset > 0; offset /= 2) {
    value += __shfl_down_sync(kFullWarpMask, value, offset);
  }
  if ((threadIdx.x & 31) == 0 && value != 0) atomicAdd(total, value);
}

/// Runs body(i) for every i in [0, count), spread over the grid's threads.
template <typename Body>
__device__ __forceinline__ void for_each_index(long long count, Body body) {
  for (unsigned long long i = global_thread(); i < static_cast<unsigned long long>(count);
       i += grid_threads()) {
    body(static_cast<long long>(i));
  }
}

/// Records `id` as a failure of one rule if it is smaller than the one recorded.
__device__ __forceinline__ void record_min(long long* slot, long long id) {
  if (id != BfsValidateFindings::kNoFailure) atomicMin(slot, id);
}

}  // namespace validate_detail

/// Rule 1, parents in range: every parent is -1 or a vertex id.
template <typename VertexT>
__global__ void __launch_bounds__(BfsValidatePolicy::kBlockThreads)
    validate_parent_range_kernel(const VertexT* parent, long long n,
                                 BfsValidateFindings* findings) {
  long long bad = BfsValidateFindings::kNoFailure;
  validate_detail::for_each_index(n, [&](long long v) {
    const VertexT p = parent[v];
    if (p != VertexT{-1} && (p < 0 || p >= n) && v < bad) {
      bad = v;
    }
  });
  validate_detail::record_min(&findings->bad_range, bad);
}

/// The fast path's vertex pass, for depths that are tree levels (see the file header): rule 1's
/// ranges, the depths' strict consistency with the parents (a vertex of depth 0 must be its own
/// parent), the count of depths 0, of reached vertices and the deepest level; writes the byte
/// levels and clears the parent-arc marks. Reads depth[parent[v]] only for a parent in range.
template <typename VertexT>
__global__ void __launch_bounds__(BfsValidatePolicy::kBlockThreads)
    validate_depth_tree_kernel(const VertexT* parent, const std::int32_t* depth, long long n,
                               unsigned char* level_bytes, unsigned char* confirmed,
                               BfsValidateFindings* findings) {
  long long bad_range = BfsValidateFindings::kNoFailure;
  long long not_levels = BfsValidateFindings::kNoFailure;
  unsigned long long reached = 0;
  unsigned long long zeros = 0;
  std::int32_t deepest = 0;
  validate_detail::for_each_index(n, [&](long long v) {
    const auto p = static_cast<long long>(parent[v]);
    const std::int32_t d = depth[v];
    const bool no_parent = p == -1;
    const bool in_range = no_parent || (p >= 0 && p < n);
    bool consistent = false;
    if (d == 0) {
      consistent = p == v;
    } else if (d == -1) {
      consistent = no_parent;
    } else {
      consistent = d > 0 && !no_parent && in_range && depth[p] == d - 1;
    }
    if (!in_range && v < bad_range) bad_range = v;
    if (!consistent && v < not_levels) not_levels = v;
    if (d != -1) {
      ++reached;
      deepest = d > deepest ? d : deepest;
    }
    if (d == 0) ++zeros;
    level_bytes[v] =
        d >= 0 && d < kUnreachedLevelByte ? static_cast<unsigned char>(d) : kUnreachedLevelByte;
    confirmed[v] = 0;
  });
  validate_detail::record_min(&findings->bad_range, bad_range);
  validate_detail::record_min(&findings->depth_not_levels, not_levels);
  validate_detail::warp_add(reached, &findings->reached);
  validate_detail::warp_add(zeros, &findings->zero_depths);
  if (deepest > 0) atomicMax(&findings->deepest, deepest);
}

/// The fast path's source pass: records the first source, in the order given, that is not its
/// own parent (rule 1), and any source whose depth is not 0 (then the depths are not levels).
template <typename VertexT>
__global__ void __launch_bounds__(BfsValidatePolicy::kBlockThreads)
    validate_depth_sources_kernel(const VertexT* sources, long long source_count,
                                  const VertexT* parent, const std::int32_t* depth,
                                  BfsValidateFindings* findings) {
  validate_detail::for_each_index(source_count, [&](long long i) {
    const VertexT source = sources[i];
    if (parent[source] != source) atomicMin(&findings->bad_source, i);
    if (depth[source] != 0) atomicMin(&findings->depth_not_levels, static_cast<long long>(source));
  });
}

/// Marks the sources at level 0 (over a level array of -1) and records the first source, in the
/// order given, that is not its own parent.
template <typename VertexT>
__global__ void __launch_bounds__(BfsValidatePolicy::kBlockThreads)
    validate_mark_sources_kernel(const VertexT* sources, long long source_count,
                                 const VertexT* parent, std::int32_t* level,
                                 BfsValidateFindings* findings) {
  validate_detail::for_each_index(source_count, [&](long long i) {
    const VertexT source = sources[i];
    level[source] = 0;
    if (parent[source] != source) atomicMin(&findings->bad_source, i);
  });
}

/// The fast way to the tree levels: copies the depths into `level` and records any vertex where
/// they are not strictly consistent with the parents (then the levels are recomputed). Reads the
/// source marks of `level` first, each thread its own vertices only.
template <typename VertexT>
__global__ void __launch_bounds__(BfsValidatePolicy::kBlockThreads)
    validate_levels_from_depth_kernel(const VertexT* parent, const std::int32_t* depth, long long n,
                                      std::int32_t* level, BfsValidateFindings* findings) {
  long long bad = BfsValidateFindings::kNoFailure;
  validate_detail::for_each_index(n, [&](long long v) {
    const bool is_source = level[v] == 0;
    const std::int32_t d = depth[v];
    const VertexT p = parent[v];
    bool consistent = false;
    if (is_source) {
      consistent = d == 0;
    } else if (p == VertexT{-1}) {
      consistent = d == -1;
    } else {
      consistent = d >= 1 && depth[p] == d - 1;
    }
    level[v] = d;
    if (!consistent && v < bad) bad = v;
  });
  validate_detail::record_min(&findings->depth_not_levels, bad);
}

/// Pointer jumping, first step: a source or a vertex without a parent ends its chain (its own
/// ancestor, 0 hops); any other vertex starts one hop below its parent.
template <typename VertexT>
__global__ void __launch_bounds__(BfsValidatePolicy::kBlockThreads)
    validate_jump_init_kernel(const VertexT* parent, const std::int32_t* level, long long n,
                              VertexT* ancestor, std::int32_t* hops) {
  validate_detail::for_each_index(n, [&](long long v) {
    const VertexT p = parent[v];
    const bool chain_end = level[v] == 0 || p == VertexT{-1};
    ancestor[v] = chain_end ? static_cast<VertexT>(v) : p;
    hops[v] = chain_end ? 0 : 1;
  });
}

/// Pointer jumping, one round: every vertex takes its ancestor's ancestor, adding its hops. Hops
/// saturate at INT_MAX (only chains on a cycle grow that far).
template <typename VertexT>
__global__ void __launch_bounds__(BfsValidatePolicy::kBlockThreads)
    validate_jump_kernel(const VertexT* ancestor_in, const std::int32_t* hops_in, long long n,
                         VertexT* ancestor_out, std::int32_t* hops_out) {
  validate_detail::for_each_index(n, [&](long long v) {
    const VertexT a = ancestor_in[v];
    ancestor_out[v] = ancestor_in[a];
    const long long sum = static_cast<long long>(hops_in[v]) + hops_in[a];
    hops_out[v] = static_cast<std::int32_t>(sum < INT_MAX ? sum : INT_MAX);
  });
}

/// Pointer jumping, last step: the hops where the chain ended at a source (level 0), else -1,
/// written over `hops`.
template <typename VertexT>
__global__ void __launch_bounds__(BfsValidatePolicy::kBlockThreads)
    validate_jump_finish_kernel(const VertexT* ancestor, const std::int32_t* level, long long n,
                                std::int32_t* hops) {
  validate_detail::for_each_index(n, [&](long long v) {
    if (level[ancestor[v]] != 0) hops[v] = -1;
  });
}

/// Rule 1, the tree reaches every parented vertex: counts the vertices with a level, finds the
/// deepest level, and records the smallest vertex with a parent but no level.
template <typename VertexT>
__global__ void __launch_bounds__(BfsValidatePolicy::kBlockThreads)
    validate_coverage_kernel(const VertexT* parent, const std::int32_t* level, long long n,
                             BfsValidateFindings* findings) {
  long long detached = BfsValidateFindings::kNoFailure;
  unsigned long long reached = 0;
  std::int32_t deepest = 0;
  validate_detail::for_each_index(n, [&](long long v) {
    const std::int32_t lv = level[v];
    if (lv != -1) {
      ++reached;
      deepest = lv > deepest ? lv : deepest;
    } else if (parent[v] != VertexT{-1} && v < detached) {
      detached = v;
    }
  });
  validate_detail::record_min(&findings->detached, detached);
  validate_detail::warp_add(reached, &findings->reached);
  if (deepest > 0) atomicMax(&findings->deepest, deepest);
}

/// The depth array against the parents, as the host validator's check_depths: -1 exactly where
/// the parent is, 0 at the sources, and rule 2 on every tree edge whose parent has a depth.
template <typename VertexT>
__global__ void __launch_bounds__(BfsValidatePolicy::kBlockThreads)
    validate_depth_kernel(const VertexT* parent, const std::int32_t* depth,
                          const std::int32_t* level, long long n, BfsValidateFindings* findings) {
  long long bad_consistency = BfsValidateFindings::kNoFailure;
  long long bad_tree_edge = BfsValidateFindings::kNoFailure;
  validate_detail::for_each_index(n, [&](long long v) {
    const VertexT p = parent[v];
    const std::int32_t d = depth[v];
    const bool has_parent = p != VertexT{-1};
    const bool is_source = level[v] == 0;
    if (d < -1 || has_parent != (d != -1) || (is_source && d != 0)) {
      if (v < bad_consistency) bad_consistency = v;
    } else if (has_parent && !is_source && depth[p] != -1 && d != depth[p] + 1) {
      if (v < bad_tree_edge) bad_tree_edge = v;
    }
  });
  validate_detail::record_min(&findings->bad_consistency, bad_consistency);
  validate_detail::record_min(&findings->bad_tree_edge, bad_tree_edge);
}

/// Rules 3 and 4 on every arc, and the parent arcs that confirm rule 5 (marked in `confirmed`:
/// at the tail on an undirected graph, at the head on a directed one, see the file header).
/// Rule 4 binds arcs leaving levels below `followed_below`. Levels: Int32Levels, ByteLevels or
/// NibbleLevels.
template <typename VertexT, typename EdgeT, typename Levels>
__global__ void __launch_bounds__(BfsValidatePolicy::kBlockThreads)
    validate_arcs_kernel(const EdgeT* offsets, const VertexT* targets, long long n, long long m,
                         bool directed, const VertexT* parent, Levels level,
                         std::int32_t followed_below, unsigned char* confirmed,
                         BfsValidateFindings* findings) {
  using Policy = BfsValidatePolicy;
  __shared__ unsigned long long tile_tails[2];
  long long too_far = BfsValidateFindings::kNoFailure;
  long long leaves_tree = BfsValidateFindings::kNoFailure;
  unsigned long long in_component = 0;
  const long long tiles = (m + Policy::kTileArcs - 1) / Policy::kTileArcs;
  for (long long tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
    const long long first = tile * Policy::kTileArcs;
    const long long last = (first + Policy::kTileArcs < m ? first + Policy::kTileArcs : m) - 1;
    // 1. The tails of the tile's first and last arcs bound every tail in it.
    __syncthreads();
    //    Warp 0 finds the first's, warp 1 the last's, a lane-parallel search each: one thread's
    //    binary search over all n vertices would be a chain of log2(n) dependent loads every
    //    tile, with the whole block waiting on it.
    const int warp = threadIdx.x / 32;
    if (warp < 2) {
      const unsigned long long tail = warp_last_at_most(
          offsets, 0, static_cast<unsigned long long>(n), warp == 0 ? first : last);
      if ((threadIdx.x & 31) == 0) tile_tails[warp] = tail;
    }
    __syncthreads();
    // 2. Each thread a run of kArcsPerThread consecutive arcs: one search finds the first one's
    //    tail, then the tail advances along the offsets, its level and parent read once.
    const long long begin = first + static_cast<long long>(threadIdx.x) * Policy::kArcsPerThread;
    if (begin > last) continue;
    const long long end =
        begin + Policy::kArcsPerThread - 1 < last ? begin + Policy::kArcsPerThread - 1 : last;
    auto u = static_cast<long long>(last_at_most(offsets, tile_tails[0], tile_tails[1] + 1,
                                                 static_cast<unsigned long long>(begin)));
    long long next_list = static_cast<long long>(offsets[u + 1]);
    std::int32_t lu = level(u);
    long long parent_of_u = directed ? -1 : static_cast<long long>(parent[u]);
    for (long long e = begin; e <= end; ++e) {
      if (e >= next_list) {
        do {
          ++u;
          next_list = static_cast<long long>(offsets[u + 1]);
        } while (next_list <= e);
        lu = level(u);
        if (!directed) parent_of_u = static_cast<long long>(parent[u]);
      }
      const VertexT v = targets[e];
      if (!directed) {
        if (lu != -1 && parent_of_u == static_cast<long long>(v)) confirmed[u] = 1;
        // Its twin v -> u, earlier in the arc order, is checked for both (see the file header).
        if (static_cast<long long>(v) < u) continue;
      }
      const std::int32_t lv = level(v);
      const bool u_reached = lu != -1;
      const bool v_reached = lv != -1;
      if (directed && u_reached && lv == lu + 1 && static_cast<long long>(parent[v]) == u) {
        confirmed[v] = 1;
      }
      if (u_reached && v_reached) {
        in_component += directed || static_cast<long long>(v) == u ? 1 : 2;
        const int apart = lu > lv ? lu - lv : lv - lu;
        const bool far = directed ? lv > lu + 1 : apart > 1;
        if (far && e < too_far) too_far = e;
      } else if (u_reached != v_reached && (u_reached || !directed) &&
                 (u_reached ? lu : lv) < followed_below && e < leaves_tree) {
        leaves_tree = e;
      }
    }
  }
  validate_detail::record_min(&findings->too_far, too_far);
  validate_detail::record_min(&findings->leaves_tree, leaves_tree);
  validate_detail::warp_add(in_component, &findings->arcs_in_component);
}

/// Rule 5: a non-source vertex with a parent whose parent arc the arc pass did not see.
template <typename VertexT, typename Levels>
__global__ void __launch_bounds__(BfsValidatePolicy::kBlockThreads)
    validate_unconfirmed_kernel(const VertexT* parent, Levels level, const unsigned char* confirmed,
                                long long n, BfsValidateFindings* findings) {
  long long unconfirmed = BfsValidateFindings::kNoFailure;
  validate_detail::for_each_index(n, [&](long long v) {
    if (level(v) != 0 && parent[v] != VertexT{-1} && confirmed[v] == 0 && v < unconfirmed) {
      unconfirmed = v;
    }
  });
  validate_detail::record_min(&findings->unconfirmed_parent, unconfirmed);
}

}  // namespace frontier::cuda
