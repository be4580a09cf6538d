/// @file csr_build_kernels.cuh
/// @brief The kernels of the device CSR builder (csr_build_cuda.cu), each a grid-stride loop:
/// endpoint check, degree count, arc placement, and the two marks that squeeze out duplicates.
///
/// Which arcs a tuple (u, v) gives, exactly as frontier::build_csr (csr_builder.cpp): none if
/// remove_self_loops and u == v; else u->v, plus v->u when symmetrizing and u != v (a self loop
/// is stored once). Degree counting and placement use relaxed atomics on 64-bit counters, so the
/// placement order inside a list is arbitrary until the lists are sorted.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

namespace frontier::cuda {

/// Which arcs the builder makes of each tuple.
struct ArcRule {
  bool symmetrize = false;
  bool remove_self_loops = false;
};

__device__ inline std::uint64_t grid_thread_index() {
  return static_cast<std::uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
}

__device__ inline std::uint64_t grid_thread_count() {
  return static_cast<std::uint64_t>(gridDim.x) * blockDim.x;
}

/// Lowers *d_first_bad to the smallest index of a tuple with an endpoint outside [0, n).
template <typename VertexT>
__global__ void find_bad_endpoint_kernel(const VertexT* d_sources, const VertexT* d_targets,
                                         std::uint64_t m, VertexT n,
                                         unsigned long long* d_first_bad) {
  for (std::uint64_t i = grid_thread_index(); i < m; i += grid_thread_count()) {
    const VertexT u = d_sources[i];
    const VertexT v = d_targets[i];
    if (u < 0 || u >= n || v < 0 || v >= n) {
      atomicMin(d_first_bad, static_cast<unsigned long long>(i));
    }
  }
}

/// Adds each tuple's arcs to the out-degrees in d_degrees (zeroed by the caller).
template <typename VertexT, typename EdgeT>
__global__ void count_degrees_kernel(const VertexT* d_sources, const VertexT* d_targets,
                                     std::uint64_t m, ArcRule rule, EdgeT* d_degrees) {
  static_assert(sizeof(EdgeT) == sizeof(unsigned long long), "64-bit edge offsets");
  auto* degrees = reinterpret_cast<unsigned long long*>(d_degrees);
  for (std::uint64_t i = grid_thread_index(); i < m; i += grid_thread_count()) {
    const VertexT u = d_sources[i];
    const VertexT v = d_targets[i];
    // 1. A dropped self loop gives no arc.
    if (rule.remove_self_loops && u == v) continue;
    // 2. u->v, and v->u for a symmetrized non-loop.
    atomicAdd(degrees + u, 1ULL);
    if (rule.symmetrize && u != v) atomicAdd(degrees + v, 1ULL);
  }
}

/// Writes each tuple's arcs at the slots that d_cursor (a copy of the offsets) hands out.
template <typename VertexT, typename EdgeT>
__global__ void place_arcs_kernel(const VertexT* d_sources, const VertexT* d_targets,
                                  std::uint64_t m, ArcRule rule, EdgeT* d_cursor,
                                  VertexT* d_arc_targets) {
  auto* cursor = reinterpret_cast<unsigned long long*>(d_cursor);
  for (std::uint64_t i = grid_thread_index(); i < m; i += grid_thread_count()) {
    const VertexT u = d_sources[i];
    const VertexT v = d_targets[i];
    if (rule.remove_self_loops && u == v) continue;
    d_arc_targets[atomicAdd(cursor + u, 1ULL)] = v;
    if (rule.symmetrize && u != v) d_arc_targets[atomicAdd(cursor + v, 1ULL)] = u;
  }
}

/// Sets d_keep[offsets[v]] = 1 for every vertex v with arcs: the head of each adjacency list.
template <typename EdgeT>
__global__ void mark_list_heads_kernel(const EdgeT* d_offsets, std::uint64_t n, EdgeT* d_keep) {
  for (std::uint64_t v = grid_thread_index(); v < n; v += grid_thread_count()) {
    if (d_offsets[v] < d_offsets[v + 1]) d_keep[d_offsets[v]] = 1;
  }
}

/// d_keep[e] = 1 if arc e heads its (sorted) list or differs from the arc before it, else 0:
/// the first arc of every run of equal targets.
template <typename VertexT, typename EdgeT>
__global__ void mark_first_of_runs_kernel(const VertexT* d_arc_targets, std::uint64_t arcs,
                                          EdgeT* d_keep) {
  for (std::uint64_t e = grid_thread_index(); e < arcs; e += grid_thread_count()) {
    const bool head = d_keep[e] != 0;
    d_keep[e] = (head || d_arc_targets[e] != d_arc_targets[e - 1]) ? 1 : 0;
  }
}

/// From the inclusive prefix sum `d_kept` of the keep marks: the new offsets of every vertex
/// (v in [0, n]), the kept arcs before its old first arc.
template <typename EdgeT>
__global__ void compact_offsets_kernel(const EdgeT* d_offsets, const EdgeT* d_kept, std::uint64_t n,
                                       EdgeT* d_new_offsets) {
  for (std::uint64_t v = grid_thread_index(); v <= n; v += grid_thread_count()) {
    const EdgeT first = d_offsets[v];
    d_new_offsets[v] = first == 0 ? 0 : d_kept[first - 1];
  }
}

/// Copies every kept arc (its running count rises at it) to slot kept - 1.
template <typename VertexT, typename EdgeT>
__global__ void compact_arcs_kernel(const VertexT* d_arc_targets, const EdgeT* d_kept,
                                    std::uint64_t arcs, VertexT* d_new_targets) {
  for (std::uint64_t e = grid_thread_index(); e < arcs; e += grid_thread_count()) {
    const EdgeT before = e == 0 ? 0 : d_kept[e - 1];
    if (d_kept[e] != before) d_new_targets[d_kept[e] - 1] = d_arc_targets[e];
  }
}

}  // namespace frontier::cuda
