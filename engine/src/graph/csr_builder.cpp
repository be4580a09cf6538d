// Edge list -> CSR by a parallel counting sort (see csr_builder.hpp).
//
// Steps: (1) validate endpoints and count each source's out-degree with relaxed atomics;
// (2) exclusive-scan degrees into offsets; (3) scatter arcs through per-vertex atomic cursors;
// (4) sort each adjacency list (by target, then weight) so the result does not depend on the
// scatter's thread interleaving; (5) optionally squeeze out duplicates and rebuild offsets.
#include "frontier/csr_builder.hpp"

#include <algorithm>
#include <atomic>
#include <numeric>
#include <string>

#include "frontier/detail/parallel.hpp"
#include "frontier/errors.hpp"

namespace frontier {
namespace {

template <typename VertexT>
void check_edge_list(const EdgeList<VertexT>& edges) {
  if (edges.targets.size() != edges.sources.size()) {
    throw InvalidArgument("edge list has " + std::to_string(edges.sources.size()) +
                          " sources but " + std::to_string(edges.targets.size()) + " targets");
  }
  if (edges.has_weights() && edges.weights.size() != edges.sources.size()) {
    throw InvalidArgument("edge list has " + std::to_string(edges.weights.size()) +
                          " weights for " + std::to_string(edges.sources.size()) + " edges");
  }
  if (edges.num_vertices < 0) throw InvalidArgument("edge list has a negative vertex count");
  const std::int64_t m = static_cast<std::int64_t>(edges.size());
  std::int64_t first_bad = m;
#pragma omp parallel for reduction(min : first_bad) schedule(static) if (detail::worth_threads(m))
  for (std::int64_t i = 0; i < m; ++i) {
    const VertexT u = edges.sources[i];
    const VertexT v = edges.targets[i];
    if (u < 0 || u >= edges.num_vertices || v < 0 || v >= edges.num_vertices) {
      first_bad = std::min(first_bad, i);
    }
  }
  if (first_bad < m) {
    throw InvalidArgument(
        "edge " + std::to_string(first_bad) + " (" + std::to_string(edges.sources[first_bad]) +
        ", " + std::to_string(edges.targets[first_bad]) + ") has an endpoint outside [0, " +
        std::to_string(edges.num_vertices) + ")");
  }
}

// Sorts one adjacency list by (target, weight) in place.
template <typename VertexT>
void sort_adjacency(VertexT* targets, Weight* weights, std::size_t count,
                    std::vector<std::pair<VertexT, Weight>>& scratch) {
  if (weights == nullptr) {
    std::sort(targets, targets + count);
    return;
  }
  scratch.resize(count);
  for (std::size_t i = 0; i < count; ++i) scratch[i] = {targets[i], weights[i]};
  std::sort(scratch.begin(), scratch.end());
  for (std::size_t i = 0; i < count; ++i) {
    targets[i] = scratch[i].first;
    weights[i] = scratch[i].second;
  }
}

// Removes adjacent duplicate targets of every (sorted) list and compacts the arrays.
template <typename VertexT, typename EdgeT>
void remove_duplicate_arcs(std::vector<EdgeT>& offsets, std::vector<VertexT>& targets,
                           std::vector<Weight>& weights) {
  const std::int64_t n = static_cast<std::int64_t>(offsets.size()) - 1;
  std::vector<EdgeT> kept(static_cast<std::size_t>(n) + 1, 0);
#pragma omp parallel for schedule( \
    dynamic, 1024) if (detail::worth_threads(static_cast <std::int64_t>(targets.size())))
  for (std::int64_t v = 0; v < n; ++v) {
    EdgeT count = 0;
    for (EdgeT e = offsets[v]; e < offsets[v + 1]; ++e) {
      if (e == offsets[v] || targets[e] != targets[e - 1]) ++count;
    }
    kept[v] = count;
  }
  const EdgeT total = detail::parallel_exclusive_scan(kept.data(), static_cast<std::size_t>(n));
  kept[n] = total;
  std::vector<VertexT> new_targets(static_cast<std::size_t>(total));
  std::vector<Weight> new_weights(weights.empty() ? 0 : static_cast<std::size_t>(total));
#pragma omp parallel for schedule( \
    dynamic, 1024) if (detail::worth_threads(static_cast <std::int64_t>(targets.size())))
  for (std::int64_t v = 0; v < n; ++v) {
    EdgeT out = kept[v];
    for (EdgeT e = offsets[v]; e < offsets[v + 1]; ++e) {
      if (e == offsets[v] || targets[e] != targets[e - 1]) {
        new_targets[out] = targets[e];
        if (!weights.empty()) new_weights[out] = weights[e];
        ++out;
      }
    }
  }
  offsets.swap(kept);
  targets.swap(new_targets);
  weights.swap(new_weights);
}

}  // namespace

template <typename VertexT, typename EdgeT>
CsrGraph<VertexT, EdgeT> build_csr(const EdgeList<VertexT>& edges, const CsrBuildOptions& options) {
  if (options.remove_duplicates && !options.sort_neighbors) {
    throw InvalidArgument("remove_duplicates needs sort_neighbors");
  }
  check_edge_list(edges);
  const std::int64_t n = edges.num_vertices;
  const std::int64_t m = static_cast<std::int64_t>(edges.size());
  const bool weighted = edges.has_weights();
  const bool both_ways = options.symmetrize;
  auto keep = [&](std::int64_t i) {
    return !(options.remove_self_loops && edges.sources[i] == edges.targets[i]);
  };

  // (1) degrees
  std::vector<EdgeT> offsets(static_cast<std::size_t>(n) + 1, 0);
#pragma omp parallel for schedule(static) if (detail::worth_threads(m))
  for (std::int64_t i = 0; i < m; ++i) {
    if (!keep(i)) continue;
    std::atomic_ref<EdgeT>(offsets[edges.sources[i]]).fetch_add(1, std::memory_order_relaxed);
    if (both_ways && edges.sources[i] != edges.targets[i]) {
      std::atomic_ref<EdgeT>(offsets[edges.targets[i]]).fetch_add(1, std::memory_order_relaxed);
    }
  }
  // (2) offsets
  const EdgeT arcs = detail::parallel_exclusive_scan(offsets.data(), static_cast<std::size_t>(n));
  offsets[n] = arcs;

  // (3) scatter
  std::vector<EdgeT> cursor(offsets.begin(), offsets.end() - 1);
  std::vector<VertexT> targets(static_cast<std::size_t>(arcs));
  std::vector<Weight> weights(weighted ? static_cast<std::size_t>(arcs) : 0);
#pragma omp parallel for schedule(static) if (detail::worth_threads(m))
  for (std::int64_t i = 0; i < m; ++i) {
    if (!keep(i)) continue;
    const VertexT u = edges.sources[i];
    const VertexT v = edges.targets[i];
    EdgeT slot = std::atomic_ref<EdgeT>(cursor[u]).fetch_add(1, std::memory_order_relaxed);
    targets[slot] = v;
    if (weighted) weights[slot] = edges.weights[i];
    if (both_ways && u != v) {
      slot = std::atomic_ref<EdgeT>(cursor[v]).fetch_add(1, std::memory_order_relaxed);
      targets[slot] = u;
      if (weighted) weights[slot] = edges.weights[i];
    }
  }

  // (4) per-vertex sort
  if (options.sort_neighbors) {
#pragma omp parallel if (detail::worth_threads(m))
    {
      std::vector<std::pair<VertexT, Weight>> scratch;
#pragma omp for schedule(dynamic, 1024)
      for (std::int64_t v = 0; v < n; ++v) {
        sort_adjacency(targets.data() + offsets[v],
                       weighted ? weights.data() + offsets[v] : nullptr,
                       static_cast<std::size_t>(offsets[v + 1] - offsets[v]), scratch);
      }
    }
  }
  // (5) duplicates
  if (options.remove_duplicates) remove_duplicate_arcs(offsets, targets, weights);

  const bool directed = edges.directed && !options.symmetrize;
  return CsrGraph<VertexT, EdgeT>(std::move(offsets), std::move(targets), std::move(weights),
                                  directed);
}

template <typename VertexT, typename EdgeT>
CsrGraph<VertexT, EdgeT> transpose(const CsrGraph<VertexT, EdgeT>& graph) {
  const std::int64_t n = graph.num_vertices();
  EdgeList<VertexT> reversed;
  reversed.num_vertices = graph.num_vertices();
  reversed.directed = true;
  reversed.sources.resize(static_cast<std::size_t>(graph.num_arcs()));
  reversed.targets.resize(static_cast<std::size_t>(graph.num_arcs()));
  if (graph.has_weights()) reversed.weights = graph.weights();
  const auto& offsets = graph.offsets();
#pragma omp parallel for schedule(dynamic, 1024) if (detail::worth_threads(graph.num_arcs()))
  for (std::int64_t u = 0; u < n; ++u) {
    for (EdgeT e = offsets[u]; e < offsets[u + 1]; ++e) {
      reversed.sources[e] = graph.targets()[e];
      reversed.targets[e] = static_cast<VertexT>(u);
    }
  }
  return build_csr<VertexT, EdgeT>(reversed, CsrBuildOptions{});
}

template CsrGraph<std::int32_t, std::int64_t> build_csr(const EdgeList<std::int32_t>&,
                                                        const CsrBuildOptions&);
template CsrGraph<std::int64_t, std::int64_t> build_csr(const EdgeList<std::int64_t>&,
                                                        const CsrBuildOptions&);
template CsrGraph<std::int32_t, std::int64_t> transpose(
    const CsrGraph<std::int32_t, std::int64_t>&);
template CsrGraph<std::int64_t, std::int64_t> transpose(
    const CsrGraph<std::int64_t, std::int64_t>&);

}  // namespace frontier
