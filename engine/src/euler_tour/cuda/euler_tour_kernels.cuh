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
/// d_defect[0] = 1 (never cleared by a kernel) and the host then names it on the CPU;
/// d_defect[1] = 1 records a vertex without arcs (check_csr_kernel only).
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

namespace frontier::cuda::euler_tour {

/// Number of set bits of a bitmap word, as the VertexT that the word-prefix scan adds up.
template <typename VertexT>
struct WordPopcount {
  __host__ __device__ VertexT operator()(std::uint32_t word) const {
#ifdef __CUDA_ARCH__
    return static_cast<VertexT>(__popc(word));
#else
    return static_cast<VertexT>(__builtin_popcount(word));
#endif
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

/// Offsets never decrease and start at 0; every target lies in [0, n). Also sets defect[1] = 1
/// when some vertex has no arcs (legal in a forest; for one tree of n > 1 vertices it means a
/// cycle elsewhere), one store per thread at most.
template <typename VertexT, typename EdgeT>
__global__ void check_csr_kernel(const EdgeT* __restrict__ offsets,
                                 const VertexT* __restrict__ targets, std::int64_t n,
                                 std::int64_t m, int* __restrict__ defect) {
  // 1. Offsets (one per vertex, plus offsets[0] == 0); vertices without arcs.
  bool arcless = false;
  for (std::int64_t v = grid_start(); v < n; v += grid_stride()) {
    if (offsets[v + 1] < offsets[v] || (v == 0 && offsets[0] != 0)) defect[0] = 1;
    if (offsets[v + 1] == offsets[v]) arcless = true;
  }
  if (arcless) defect[1] = 1;
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

/// One 32-byte sector per vertex for the twin search: its first arc, its degree (kLongDegree
/// when it does not fit: then offsets[v + 1] says) and its first neighbours, so that the search
/// from an arc into a vertex of small degree reads one sector instead of the offsets' and the
/// targets'.
template <typename VertexT, typename EdgeT>
struct alignas(32) VertexRecord {
  static constexpr int kInline =
      static_cast<int>((32 - sizeof(EdgeT) - sizeof(std::int32_t)) / sizeof(VertexT));
  static constexpr std::int32_t kLongDegree = INT32_MAX;
  EdgeT first;
  std::int32_t degree;
  VertexT neighbours[kInline];
};

/// A vertex record in two 16-byte loads (one sector).
template <typename VertexT, typename EdgeT>
__device__ VertexRecord<VertexT, EdgeT> load_record(const VertexRecord<VertexT, EdgeT>* at) {
  static_assert(sizeof(VertexRecord<VertexT, EdgeT>) == 32);
  const int4* halves = reinterpret_cast<const int4*>(at);
  const int4 low = __ldg(halves);
  const int4 high = __ldg(halves + 1);
  VertexRecord<VertexT, EdgeT> record;
  memcpy(&record, &low, sizeof(low));
  memcpy(reinterpret_cast<char*>(&record) + sizeof(low), &high, sizeof(high));
  return record;
}

template <typename VertexT, typename EdgeT>
__global__ void vertex_records_kernel(const EdgeT* __restrict__ offsets,
                                      const VertexT* __restrict__ targets, std::int64_t n,
                                      VertexRecord<VertexT, EdgeT>* __restrict__ records) {
  using Record = VertexRecord<VertexT, EdgeT>;
  for (std::int64_t v = grid_start(); v < n; v += grid_stride()) {
    Record record{};
    record.first = offsets[v];
    const EdgeT degree = offsets[v + 1] - record.first;
    record.degree =
        degree < Record::kLongDegree ? static_cast<std::int32_t>(degree) : Record::kLongDegree;
    for (int k = 0; k < Record::kInline && k < degree; ++k) {
      record.neighbours[k] = targets[record.first + k];
    }
    records[v] = record;
  }
}

/// Pairs every arc with its twin: arc e = u->v finds v->u in v's sorted adjacency (in v's
/// record when v's degree is small, else by binary search) and sets its own twin and tour
/// successor (the arc after v->u in v's cyclic adjacency). Every arc searches for itself, so all
/// writes land at e (coalesced); random writes at the twin's index would each cost a DRAM sector
/// write-back, which costs more than the second search's reads. Self loops,
/// unsorted or duplicate neighbours and a missing v->u are defects.
template <typename VertexT, typename EdgeT>
__global__ void twin_successor_kernel(const EdgeT* __restrict__ offsets,
                                      const VertexT* __restrict__ targets,
                                      const VertexT* __restrict__ src,
                                      const VertexRecord<VertexT, EdgeT>* __restrict__ records,
                                      std::int64_t m, VertexT* __restrict__ twin,
                                      VertexT* __restrict__ successor, int* __restrict__ defect) {
  using Record = VertexRecord<VertexT, EdgeT>;
  for (std::int64_t e = grid_start(); e < m; e += grid_stride()) {
    // 1. Local checks: no self loop, strictly increasing adjacency.
    const VertexT u = src[e];
    const VertexT v = targets[e];
    const EdgeT u_end = offsets[u + 1];
    if (u == v || (e + 1 < u_end && targets[e + 1] <= v)) {
      defect[0] = 1;
      continue;
    }
    // 2. Lower bound of u in v's adjacency [begin, end).
    const Record record = load_record(records + v);
    const EdgeT begin = record.first;
    const EdgeT end = record.degree == Record::kLongDegree ? offsets[v + 1] : begin + record.degree;
    EdgeT lo = begin;
    bool found = false;
    if (end - begin <= Record::kInline) {
      int k = 0;
      while (k < end - begin && record.neighbours[k] < u) ++k;
      lo = begin + k;
      found = lo < end && record.neighbours[k] == u;
    } else {
      EdgeT hi = end;
      while (lo < hi) {
        const EdgeT mid = lo + (hi - lo) / 2;
        if (targets[mid] < u) {
          lo = mid + 1;
        } else {
          hi = mid;
        }
      }
      found = lo < end && targets[lo] == u;
    }
    if (!found) {
      defect[0] = 1;
      continue;
    }
    // 3. This arc's twin and successor (cyclic in the target's adjacency).
    twin[e] = static_cast<VertexT>(lo);
    successor[e] = static_cast<VertexT>(lo + 1 == end ? begin : lo + 1);
  }
}

/// ECL-CC's initial hooking: every vertex starts linked to its lowest neighbour when that is
/// lower than itself (the first of its sorted adjacency).
template <typename VertexT, typename EdgeT>
__global__ void init_link_kernel(const EdgeT* __restrict__ offsets,
                                 const VertexT* __restrict__ targets, std::int64_t n,
                                 VertexT* __restrict__ link) {
  for (std::int64_t v = grid_start(); v < n; v += grid_stride()) {
    const EdgeT first = offsets[v];
    const bool lower = first < offsets[v + 1] && targets[first] < v;
    link[v] = lower ? targets[first] : static_cast<VertexT>(v);
  }
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

/// Unites the two ends of every edge {u, v}, taken once at the arc u->v with v < u (skipped
/// when init_link_kernel already linked u to v). An arc without a twin (twin < 0, only when
/// twin_successor_kernel stopped at a defect) has no reverse arc: a defect.
template <typename VertexT, typename EdgeT>
__global__ void hook_kernel(const EdgeT* __restrict__ offsets, const VertexT* __restrict__ src,
                            const VertexT* __restrict__ targets, const VertexT* __restrict__ twin,
                            std::int64_t m, VertexT* link, int* __restrict__ defect) {
  for (std::int64_t e = grid_start(); e < m; e += grid_stride()) {
    // 1. One arc per edge; an unpaired arc is a defect.
    const VertexT u = src[e];
    const VertexT v = targets[e];
    if (v > u) continue;
    if (twin[e] < 0) {
      defect[0] = 1;
      continue;
    }
    if (e == offsets[u]) continue;
    // 2. Hook the larger representative under the smaller until both sets are one.
    VertexT ru = representative(link, u);
    VertexT rv = representative(link, v);
    while (ru != rv) {
      if (ru < rv) {
        const VertexT t = ru;
        ru = rv;
        rv = t;
      }
      const VertexT seen = atomic_cas(&link[ru], ru, rv);
      if (seen == ru) break;
      // ru got a parent meanwhile: climb from there and try again.
      ru = representative(link, seen);
    }
  }
}

/// flag[v] = 1 at representatives (link[v] == v: after hooking, exactly each set's root, its
/// lowest id); flag has n + 1 entries, the last one 0, so
/// that an exclusive scan ends with the number of components.
template <typename VertexT>
__global__ void mark_representatives_kernel(const VertexT* __restrict__ link, std::int64_t n,
                                            VertexT* __restrict__ flag) {
  for (std::int64_t v = grid_start(); v <= n; v += grid_stride()) {
    flag[v] = v < n && link[v] == v ? 1 : 0;
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

/// Given roots (already in range): each claims its component's representative in `owner` (all
/// -1 before); a second root in one component is a defect. The links are hooked, not
/// flattened: each root climbs to its representative (halving the path for the others).
template <typename VertexT>
__global__ void claim_roots_kernel(const VertexT* __restrict__ roots, std::int64_t trees,
                                   VertexT* link, VertexT* owner, int* __restrict__ defect) {
  for (std::int64_t t = grid_start(); t < trees; t += grid_stride()) {
    const VertexT rep = representative(link, roots[t]);
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

/// Per element x at tour position pos[x]: bit pos[x] of `entered` is set when x enters a vertex
/// (a tree entry, or a down arc) and stays clear for an up arc; for an arc, span[x] =
/// pos[twin[x]] - pos[x] (> 0 exactly for down arcs). The bitmap (total / 8 bytes) stays in L2,
/// where a scattered byte or count per position would each cost a DRAM sector.
template <typename VertexT>
__global__ void classify_kernel(const VertexT* __restrict__ pos, const VertexT* __restrict__ twin,
                                std::int64_t m, std::int64_t total,
                                std::uint32_t* __restrict__ entered, VertexT* __restrict__ span) {
  for (std::int64_t x = grid_start(); x < total; x += grid_stride()) {
    const VertexT i = pos[x];
    bool enters = true;
    if (x < m) {
      const VertexT delta = pos[twin[x]] - i;
      span[x] = delta;
      enters = delta > 0;
    }
    if (enters) atomicOr(&entered[i >> 5], 1u << (i & 31));
  }
}

/// Elements before tour position i that enter a vertex (tree entries and down arcs): the
/// exclusive prefix of the entered bitmap, from the word prefix and the word's lower bits.
template <typename VertexT>
__device__ std::int64_t entered_before(const std::uint32_t* __restrict__ entered,
                                       const VertexT* __restrict__ word_prefix, std::int64_t i) {
  const std::uint32_t below = entered[i >> 5] & ((1u << (i & 31)) - 1u);
  return static_cast<std::int64_t>(word_prefix[i >> 5]) + __popc(below);
}

/// Tree entries before tour position i: entry positions rise with the tree index (the trees
/// are chained in order), so a binary search over pos[m, m + trees) counts them.
template <typename VertexT>
__device__ std::int64_t entries_before(const VertexT* __restrict__ entry_pos, std::int64_t trees,
                                       std::int64_t i) {
  std::int64_t lo = 0;
  std::int64_t hi = trees;
  while (lo < hi) {
    const std::int64_t mid = lo + (hi - lo) / 2;
    if (entry_pos[mid] < i) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  return lo;
}

/// Results of every non-root vertex v at its up arc v->p at tour position i (an arc of v's own
/// adjacency, so the writes to v are nearly coalesced). Before i, v and its whole subtree have
/// been entered: E elements entered a vertex, T of them tree entries, so E - T down arcs and
/// i - E up arcs went by, and v's depth is their difference, 2E - T - i.
template <typename VertexT>
__global__ void derive_arcs_kernel(const VertexT* __restrict__ pos,
                                   const VertexT* __restrict__ span,
                                   const VertexT* __restrict__ src,
                                   const VertexT* __restrict__ targets,
                                   const std::uint32_t* __restrict__ entered,
                                   const VertexT* __restrict__ word_prefix, std::int64_t m,
                                   std::int64_t trees, VertexT* __restrict__ parent,
                                   std::int32_t* __restrict__ depth, VertexT* __restrict__ preorder,
                                   VertexT* __restrict__ postorder,
                                   VertexT* __restrict__ subtree_size, int* __restrict__ too_deep) {
  for (std::int64_t e = grid_start(); e < m; e += grid_stride()) {
    // 1. Only up arcs (the twin comes earlier in the tour).
    const std::int64_t delta = -static_cast<std::int64_t>(span[e]);
    if (delta < 0) continue;
    // 2. Subtree size from the distance to the down arc; preorder and depth from the counts.
    const std::int64_t i = pos[e];
    const std::int64_t before = entered_before(entered, word_prefix, i);
    const std::int64_t d = 2 * before - entries_before(pos + m, trees, i) - i;
    const std::int64_t size = (delta + 1) / 2;
    const std::int64_t pre = before - size;
    const VertexT v = src[e];
    if (d > INT32_MAX) too_deep[0] = 1;
    parent[v] = targets[e];
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
                                    const std::uint32_t* __restrict__ entered,
                                    const VertexT* __restrict__ word_prefix, std::int64_t m,
                                    std::int64_t trees, std::int64_t total,
                                    VertexT* __restrict__ parent, std::int32_t* __restrict__ depth,
                                    VertexT* __restrict__ preorder, VertexT* __restrict__ postorder,
                                    VertexT* __restrict__ subtree_size) {
  for (std::int64_t t = grid_start(); t < trees; t += grid_stride()) {
    const std::int64_t i = pos[m + t];
    const std::int64_t next_entry = t + 1 < trees ? pos[m + t + 1] : total;
    const std::int64_t size = (next_entry - i + 1) / 2;
    const std::int64_t pre = entered_before(entered, word_prefix, i);
    const VertexT r = roots[t];
    parent[r] = r;
    depth[r] = 0;
    preorder[r] = static_cast<VertexT>(pre);
    postorder[r] = static_cast<VertexT>(pre + size - 1);
    subtree_size[r] = static_cast<VertexT>(size);
  }
}

}  // namespace frontier::cuda::euler_tour
