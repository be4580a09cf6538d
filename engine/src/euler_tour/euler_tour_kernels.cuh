/// @file euler_tour_kernels.cuh
/// @brief CUDA kernels of euler_tour_ops(): forest checks, twin arcs and tour successors,
/// connected components, roots, and the derivation of the per-vertex results from the ranks.
///
/// Sources: Tarjan & Vishkin (1985) for the Euler-tour technique; ECL-CC (Jaiganesh & Burtscher,
/// HPDC 2018) for the union-find: the larger representative is hooked under the smaller with
/// atomicCAS, so link[x] <= x always holds and a component's representative is its lowest id.
/// The tour's element layout and the derivation formulas are in euler_tour_backend.hpp.
///
/// Invariants: every kernel is a grid-stride loop over its index range; a defect sets
/// d_defect[0] = 1 (never cleared by a kernel) and the host then names it on the CPU.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

namespace frontier::cuda::euler_tour {

/// (entered, depth) counts of the tour scan: entered counts tree entries and down arcs,
/// depth adds +1 per down arc and -1 per up arc.
template <typename VertexT>
struct TourCounts {
  VertexT entered;
  VertexT depth;
};

template <typename VertexT>
struct TourCountsSum {
  __host__ __device__ TourCounts<VertexT> operator()(const TourCounts<VertexT>& a,
                                                     const TourCounts<VertexT>& b) const {
    return {static_cast<VertexT>(a.entered + b.entered), static_cast<VertexT>(a.depth + b.depth)};
  }
};

struct MaxOp {
  template <typename T>
  __host__ __device__ T operator()(const T& a, const T& b) const {
    return a < b ? b : a;
  }
};

__device__ inline std::int32_t atomic_cas(std::int32_t* address, std::int32_t expected,
                                          std::int32_t desired) {
  return atomicCAS(reinterpret_cast<int*>(address), expected, desired);
}

__device__ inline std::int64_t atomic_cas(std::int64_t* address, std::int64_t expected,
                                          std::int64_t desired) {
  return static_cast<std::int64_t>(atomicCAS(reinterpret_cast<unsigned long long*>(address),
                                             static_cast<unsigned long long>(expected),
                                             static_cast<unsigned long long>(desired)));
}

__device__ inline std::int64_t grid_start() {
  return static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
}

__device__ inline std::int64_t grid_stride() {
  return static_cast<std::int64_t>(gridDim.x) * blockDim.x;
}

/// Offsets never decrease and start at 0; every target lies in [0, n).
template <typename VertexT, typename EdgeT>
__global__ void check_csr_kernel(const EdgeT* __restrict__ offsets,
                                 const VertexT* __restrict__ targets, std::int64_t n,
                                 std::int64_t m, int* __restrict__ defect) {
  // 1. Offsets (one per vertex, plus offsets[0] == 0).
  for (std::int64_t v = grid_start(); v < n; v += grid_stride()) {
    if (offsets[v + 1] < offsets[v] || (v == 0 && offsets[0] != 0)) defect[0] = 1;
  }
  // 2. Targets.
  for (std::int64_t e = grid_start(); e < m; e += grid_stride()) {
    if (targets[e] < 0 || targets[e] >= n) defect[0] = 1;
  }
}

/// src[offsets[v]] = v for every vertex with arcs; an inclusive max-scan of this (zeros
/// elsewhere) gives every arc its source.
template <typename VertexT, typename EdgeT>
__global__ void mark_sources_kernel(const EdgeT* __restrict__ offsets, std::int64_t n,
                                    VertexT* __restrict__ src) {
  for (std::int64_t v = grid_start(); v < n; v += grid_stride()) {
    if (offsets[v + 1] > offsets[v]) src[offsets[v]] = static_cast<VertexT>(v);
  }
}

/// For arc e = u->v: twin[e] = the arc v->u (binary search in v's sorted adjacency) and
/// successor[e] = the arc after v->u in v's cyclic adjacency. Self loops, unsorted or duplicate
/// neighbours and missing reverse arcs are defects.
template <typename VertexT, typename EdgeT>
__global__ void twin_successor_kernel(const EdgeT* __restrict__ offsets,
                                      const VertexT* __restrict__ targets,
                                      const VertexT* __restrict__ src, std::int64_t m,
                                      VertexT* __restrict__ twin, VertexT* __restrict__ successor,
                                      int* __restrict__ defect) {
  for (std::int64_t e = grid_start(); e < m; e += grid_stride()) {
    // 1. Local checks: no self loop, strictly increasing adjacency.
    const VertexT u = src[e];
    const VertexT v = targets[e];
    if (u == v || (e + 1 < offsets[u + 1] && targets[e + 1] <= v)) {
      defect[0] = 1;
      continue;
    }
    // 2. Lower bound of u in targets[offsets[v], offsets[v + 1]).
    const EdgeT begin = offsets[v];
    const EdgeT end = offsets[v + 1];
    EdgeT lo = begin;
    EdgeT hi = end;
    while (lo < hi) {
      const EdgeT mid = lo + (hi - lo) / 2;
      if (targets[mid] < u) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    if (lo == end || targets[lo] != u) {
      defect[0] = 1;
      continue;
    }
    // 3. Twin and successor (cyclic in v's adjacency).
    twin[e] = static_cast<VertexT>(lo);
    successor[e] = static_cast<VertexT>(lo + 1 == end ? begin : lo + 1);
  }
}

template <typename VertexT>
__global__ void iota_kernel(VertexT* __restrict__ out, std::int64_t n) {
  for (std::int64_t v = grid_start(); v < n; v += grid_stride()) out[v] = static_cast<VertexT>(v);
}

/// Representative of x's set, halving the path on the way (ECL-CC).
template <typename VertexT>
__device__ VertexT representative(VertexT* link, VertexT x) {
  volatile VertexT* vlink = link;
  VertexT curr = vlink[x];
  if (curr == x) return curr;
  VertexT prev = x;
  VertexT next = vlink[curr];
  while (curr > next) {
    vlink[prev] = next;
    prev = curr;
    curr = next;
    next = vlink[curr];
  }
  return curr;
}

/// Unites the two ends of every edge {u, v} (taken once, at the arc with v < u).
template <typename VertexT>
__global__ void hook_kernel(const VertexT* __restrict__ src, const VertexT* __restrict__ targets,
                            std::int64_t m, VertexT* link) {
  for (std::int64_t e = grid_start(); e < m; e += grid_stride()) {
    const VertexT u = src[e];
    const VertexT v = targets[e];
    if (v > u) continue;
    VertexT ru = representative(link, u);
    VertexT rv = representative(link, v);
    while (ru != rv) {
      // 1. Hook the larger representative under the smaller.
      if (ru < rv) {
        const VertexT t = ru;
        ru = rv;
        rv = t;
      }
      const VertexT seen = atomic_cas(&link[ru], ru, rv);
      if (seen == ru) break;
      // 2. ru got a parent meanwhile: climb from there and try again.
      ru = representative(link, seen);
    }
  }
}

/// link[v] = representative of v; flag[v] = 1 at representatives (flag has n + 1 entries, the
/// last one 0, so that an exclusive scan ends with the number of components).
template <typename VertexT>
__global__ void flatten_kernel(VertexT* link, std::int64_t n, VertexT* __restrict__ flag) {
  for (std::int64_t v = grid_start(); v <= n; v += grid_stride()) {
    if (v == n) {
      flag[n] = 0;
      continue;
    }
    VertexT r = link[v];
    while (true) {
      const VertexT next = static_cast<volatile VertexT*>(link)[r];
      if (next == r) break;
      r = next;
    }
    link[v] = r;
    flag[v] = r == v ? 1 : 0;
  }
}

/// Default roots: the representatives in ascending order (index = exclusive scan of the flags).
template <typename VertexT>
__global__ void default_roots_kernel(const VertexT* __restrict__ link,
                                     const VertexT* __restrict__ index, std::int64_t n,
                                     VertexT* __restrict__ roots) {
  for (std::int64_t v = grid_start(); v < n; v += grid_stride()) {
    if (link[v] == v) roots[index[v]] = static_cast<VertexT>(v);
  }
}

/// Given roots (already in range): each claims its component in `owner` (all -1 before); a
/// second root in one component is a defect.
template <typename VertexT>
__global__ void claim_roots_kernel(const VertexT* __restrict__ roots, std::int64_t trees,
                                   const VertexT* __restrict__ link, VertexT* owner,
                                   int* __restrict__ defect) {
  for (std::int64_t t = grid_start(); t < trees; t += grid_stride()) {
    const VertexT rep = link[roots[t]];
    if (atomic_cas(&owner[rep], VertexT{-1}, static_cast<VertexT>(t)) != VertexT{-1}) {
      defect[0] = 1;
    }
  }
}

/// Tree entries: entry m + t leads into root r_t's first arc (or straight to the next entry),
/// and the arc that closes r_t's tour leads to entry m + t + 1 (-1 after the last tree).
template <typename VertexT, typename EdgeT>
__global__ void link_trees_kernel(const EdgeT* __restrict__ offsets,
                                  const VertexT* __restrict__ twin,
                                  const VertexT* __restrict__ roots, std::int64_t m,
                                  std::int64_t trees, VertexT* __restrict__ successor) {
  for (std::int64_t t = grid_start(); t < trees; t += grid_stride()) {
    const VertexT r = roots[t];
    const VertexT after_tree = t + 1 < trees ? static_cast<VertexT>(m + t + 1) : VertexT{-1};
    if (offsets[r + 1] > offsets[r]) {
      successor[m + t] = static_cast<VertexT>(offsets[r]);
      successor[twin[offsets[r + 1] - 1]] = after_tree;
    } else {
      successor[m + t] = after_tree;
    }
  }
}

/// Per element x at tour position pos[x]: its (entered, depth) step goes to counts[pos[x]];
/// for an arc, span[x] = pos[twin[x]] - pos[x] (> 0 exactly for down arcs).
template <typename VertexT>
__global__ void classify_kernel(const VertexT* __restrict__ pos, const VertexT* __restrict__ twin,
                                std::int64_t m, std::int64_t total,
                                TourCounts<VertexT>* __restrict__ counts,
                                VertexT* __restrict__ span) {
  for (std::int64_t x = grid_start(); x < total; x += grid_stride()) {
    const VertexT i = pos[x];
    if (x >= m) {
      counts[i] = {1, 0};
      continue;
    }
    const VertexT delta = pos[twin[x]] - i;
    span[x] = delta;
    counts[i] = delta > 0 ? TourCounts<VertexT>{1, 1} : TourCounts<VertexT>{0, -1};
  }
}

/// Results of the vertex entered by each down arc u->v (counts hold the EXCLUSIVE scan).
template <typename VertexT>
__global__ void derive_arcs_kernel(const VertexT* __restrict__ pos,
                                   const VertexT* __restrict__ span,
                                   const VertexT* __restrict__ src,
                                   const VertexT* __restrict__ targets,
                                   const TourCounts<VertexT>* __restrict__ counts, std::int64_t m,
                                   VertexT* __restrict__ parent, std::int32_t* __restrict__ depth,
                                   VertexT* __restrict__ preorder, VertexT* __restrict__ postorder,
                                   VertexT* __restrict__ subtree_size, int* __restrict__ too_deep) {
  for (std::int64_t e = grid_start(); e < m; e += grid_stride()) {
    // 1. Only down arcs enter a vertex.
    const std::int64_t delta = span[e];
    if (delta < 0) continue;
    // 2. Counts before the arc give the preorder number; +1 for the arc itself gives the depth.
    const TourCounts<VertexT> before = counts[pos[e]];
    const std::int64_t d = static_cast<std::int64_t>(before.depth) + 1;
    const std::int64_t size = (delta + 1) / 2;
    const std::int64_t pre = before.entered;
    const VertexT v = targets[e];
    if (d > INT32_MAX) too_deep[0] = 1;
    parent[v] = src[e];
    depth[v] = static_cast<std::int32_t>(d);
    preorder[v] = static_cast<VertexT>(pre);
    postorder[v] = static_cast<VertexT>(pre - d + size - 1);
    subtree_size[v] = static_cast<VertexT>(size);
  }
}

/// Results of the roots: tree t spans the positions from its entry to the next tree's entry.
template <typename VertexT>
__global__ void derive_roots_kernel(const VertexT* __restrict__ pos,
                                    const VertexT* __restrict__ roots,
                                    const TourCounts<VertexT>* __restrict__ counts, std::int64_t m,
                                    std::int64_t trees, std::int64_t total,
                                    VertexT* __restrict__ parent, std::int32_t* __restrict__ depth,
                                    VertexT* __restrict__ preorder,
                                    VertexT* __restrict__ postorder,
                                    VertexT* __restrict__ subtree_size) {
  for (std::int64_t t = grid_start(); t < trees; t += grid_stride()) {
    const std::int64_t i = pos[m + t];
    const std::int64_t next_entry = t + 1 < trees ? pos[m + t + 1] : total;
    const std::int64_t size = (next_entry - i + 1) / 2;
    const std::int64_t pre = counts[i].entered;
    const VertexT r = roots[t];
    parent[r] = r;
    depth[r] = 0;
    preorder[r] = static_cast<VertexT>(pre);
    postorder[r] = static_cast<VertexT>(pre + size - 1);
    subtree_size[r] = static_cast<VertexT>(size);
  }
}

}  // namespace frontier::cuda::euler_tour
