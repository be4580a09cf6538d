#include "frontier/graph_summary.hpp"

#include <algorithm>
#include <atomic>
#include <limits>
#include <vector>

namespace frontier {

template <typename VertexT, typename EdgeT>
GraphSummary summarize(const CsrGraph<VertexT, EdgeT>& graph) {
  GraphSummary summary;
  const std::int64_t n = graph.num_vertices();
  summary.vertices = n;
  summary.arcs = graph.num_arcs();
  summary.directed = graph.directed();
  summary.weighted = graph.has_weights();
  summary.memory_bytes = graph.memory_bytes();
  if (n == 0) return summary;

  // In-arc flags: only needed to call a vertex of a directed graph isolated.
  std::vector<std::uint8_t> has_in_arc(graph.directed() ? static_cast<std::size_t>(n) : 0, 0);
  std::int64_t min_degree = std::numeric_limits<std::int64_t>::max();
  std::int64_t max_degree = 0;
  std::int64_t self_loops = 0;
  std::int64_t duplicates = 0;
  std::int64_t unsorted = 0;
  const auto& targets = graph.targets();
#pragma omp parallel for schedule(dynamic, 4096) \
    reduction(min : min_degree) reduction(max : max_degree) reduction(+ : self_loops, duplicates, unsorted)
  for (std::int64_t v = 0; v < n; ++v) {
    const std::int64_t begin = graph.offsets()[v];
    const std::int64_t end = graph.offsets()[v + 1];
    min_degree = std::min(min_degree, end - begin);
    max_degree = std::max(max_degree, end - begin);
    for (std::int64_t e = begin; e < end; ++e) {
      if (targets[e] == v) ++self_loops;
      if (e > begin) {
        if (targets[e] == targets[e - 1]) ++duplicates;
        if (targets[e] < targets[e - 1]) ++unsorted;
      }
      if (!has_in_arc.empty()) {
        std::atomic_ref<std::uint8_t>(has_in_arc[targets[e]]).store(1, std::memory_order_relaxed);
      }
    }
  }
  std::int64_t isolated = 0;
#pragma omp parallel for reduction(+ : isolated)
  for (std::int64_t v = 0; v < n; ++v) {
    const bool no_out = graph.offsets()[v + 1] == graph.offsets()[v];
    const bool no_in = has_in_arc.empty() || has_in_arc[v] == 0;
    if (no_out && no_in) ++isolated;
  }
  summary.min_degree = min_degree;
  summary.max_degree = max_degree;
  summary.average_degree = static_cast<double>(summary.arcs) / static_cast<double>(n);
  summary.isolated_vertices = isolated;
  summary.self_loops = self_loops;
  summary.sorted_adjacency = unsorted == 0;
  summary.duplicate_arcs = unsorted == 0 ? duplicates : 0;
  summary.edges = graph.directed() ? summary.arcs : (summary.arcs + self_loops) / 2;
  return summary;
}

template GraphSummary summarize(const CsrGraph<std::int32_t, std::int64_t>&);
template GraphSummary summarize(const CsrGraph<std::int64_t, std::int64_t>&);

}  // namespace frontier
