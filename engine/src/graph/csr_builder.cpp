// Edge list -> CSR by a parallel counting sort (see csr_builder.hpp).
//
// Steps: (1) validate endpoints and count each source's out-degree with relaxed atomics;
// (2) exclusive-scan degrees into offsets; (3) scatter arcs through per-vertex atomic cursors;
// (4) sort each adjacency list (by target, then weight) so the result does not depend on the
// scatter's thread interleaving; (5) optionally squeeze out duplicates and rebuild offsets.
#include "frontier/csr_builder.hpp"

#include <algorithm>
#include <numeric>
#include <string>

#include "frontier/detail/log.hpp"
#include "frontier/detail/parallel.hpp"
#include "frontier/detail/timer.hpp"
#include "frontier/errors.hpp"
#include "frontier/label_vector.hpp"

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

// log2 of the vertices per source block: blocks of at least 2^11 vertices (their arcs fit a
// core's cache while they are placed and sorted), at most 2^12 blocks (each part of the edge
// list writes one stream per block).
inline int block_shift(std::int64_t vertices) {
  int bits = 0;
  while (bits < 62 && (std::int64_t{1} << bits) < vertices) ++bits;
  return std::max(11, bits - 12);
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
  detail::Timer step;
  check_edge_list(edges);
  const double validate_seconds = step.seconds();
  step.restart();
  const std::int64_t n = edges.num_vertices;
  const std::int64_t m = static_cast<std::int64_t>(edges.size());
  const bool weighted = edges.has_weights();
  const bool both_ways = options.symmetrize;
  auto keep = [&](std::int64_t i) {
    return !(options.remove_self_loops && edges.sources[i] == edges.targets[i]);
  };
  // Calls arc(u, v, i) for every arc that edge i contributes.
  auto for_each_arc = [&](std::int64_t i, auto&& arc) {
    if (!keep(i)) return;
    const VertexT u = edges.sources[i];
    const VertexT v = edges.targets[i];
    arc(u, v, i);
    if (both_ways && u != v) arc(v, u, i);
  };

  // (1) arcs by source block: each part of the edge list counts its arcs per block, the counts
  // are scanned (block-major, then part) and every part copies its arcs into place. Each part
  // writes one sequential stream per block, without atomics, in edge order.
  const int shift = block_shift(n);
  const std::int64_t blocks = n == 0 ? 0 : ((n - 1) >> shift) + 1;
  const std::int64_t parts = detail::worth_threads(m) ? detail::max_threads() : 1;
  std::vector<EdgeT> block_part_begin(static_cast<std::size_t>(blocks * parts) + 1, 0);
#pragma omp parallel for schedule(static, 1) if (parts > 1)
  for (std::int64_t part = 0; part < parts; ++part) {
    std::vector<EdgeT> count(static_cast<std::size_t>(blocks), 0);
    for (std::int64_t i = m * part / parts; i < m * (part + 1) / parts; ++i) {
      for_each_arc(i, [&](VertexT u, VertexT, std::int64_t) { ++count[u >> shift]; });
    }
    for (std::int64_t b = 0; b < blocks; ++b) block_part_begin[b * parts + part] = count[b];
  }
  const EdgeT arcs = detail::parallel_exclusive_scan(block_part_begin.data(),
                                                     static_cast<std::size_t>(blocks * parts));
  block_part_begin[blocks * parts] = arcs;
  LabelVector<VertexT> arc_sources(static_cast<std::size_t>(arcs));
  LabelVector<VertexT> arc_targets(static_cast<std::size_t>(arcs));
  LabelVector<Weight> arc_weights(weighted ? static_cast<std::size_t>(arcs) : 0);
#pragma omp parallel for schedule(static, 1) if (parts > 1)
  for (std::int64_t part = 0; part < parts; ++part) {
    std::vector<EdgeT> cursor(static_cast<std::size_t>(blocks));
    for (std::int64_t b = 0; b < blocks; ++b) cursor[b] = block_part_begin[b * parts + part];
    for (std::int64_t i = m * part / parts; i < m * (part + 1) / parts; ++i) {
      for_each_arc(i, [&](VertexT u, VertexT v, std::int64_t edge) {
        const EdgeT slot = cursor[u >> shift]++;
        arc_sources[slot] = u;
        arc_targets[slot] = v;
        if (weighted) arc_weights[slot] = edges.weights[edge];
      });
    }
  }
  auto block_begin = [&](std::int64_t b) { return block_part_begin[b * parts]; };
  const double partition_seconds = step.seconds();
  step.restart();

  // (2) degrees, block by block: a block's vertices and arcs are its own.
  std::vector<EdgeT> offsets(static_cast<std::size_t>(n) + 1, 0);
#pragma omp parallel for schedule(dynamic, 1) if (parts > 1)
  for (std::int64_t b = 0; b < blocks; ++b) {
    for (EdgeT a = block_begin(b); a < block_begin(b + 1); ++a) ++offsets[arc_sources[a]];
  }
  const double degree_seconds = step.seconds();
  step.restart();
  // (3) offsets
  detail::parallel_exclusive_scan(offsets.data(), static_cast<std::size_t>(n));
  offsets[n] = arcs;
  const double scan_seconds = step.seconds();
  step.restart();

  // (4) scatter and sort, block by block: a block's arcs land in the contiguous range
  // [offsets[first vertex], offsets[last vertex + 1]), small enough to stay in cache while its
  // lists are sorted (by target, then weight) so the result does not depend on the thread count.
  std::vector<VertexT> targets(static_cast<std::size_t>(arcs));
  std::vector<Weight> weights(weighted ? static_cast<std::size_t>(arcs) : 0);
#pragma omp parallel if (parts > 1)
  {
    std::vector<EdgeT> cursor(std::size_t{1} << shift);
    std::vector<std::pair<VertexT, Weight>> scratch;
#pragma omp for schedule(dynamic, 1)
    for (std::int64_t b = 0; b < blocks; ++b) {
      const std::int64_t first = b << shift;
      const std::int64_t last = std::min(n, first + (std::int64_t{1} << shift));
      for (std::int64_t v = first; v < last; ++v) cursor[v - first] = offsets[v];
      for (EdgeT a = block_begin(b); a < block_begin(b + 1); ++a) {
        const EdgeT slot = cursor[arc_sources[a] - first]++;
        targets[slot] = arc_targets[a];
        if (weighted) weights[slot] = arc_weights[a];
      }
      if (!options.sort_neighbors) continue;
      for (std::int64_t v = first; v < last; ++v) {
        sort_adjacency(targets.data() + offsets[v],
                       weighted ? weights.data() + offsets[v] : nullptr,
                       static_cast<std::size_t>(offsets[v + 1] - offsets[v]), scratch);
      }
    }
  }
  const double scatter_seconds = step.seconds();
  step.restart();
  // (5) duplicates
  if (options.remove_duplicates) remove_duplicate_arcs(offsets, targets, weights);
  detail::logger().debug(
      "build_csr: {} edges -> {} arcs: validate {:.3f} s, partition {:.3f} s, degrees {:.3f} s, "
      "scan {:.3f} s, scatter and sort {:.3f} s, squeeze {:.3f} s",
      m, targets.size(), validate_seconds, partition_seconds, degree_seconds, scan_seconds,
      scatter_seconds, step.seconds());

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
