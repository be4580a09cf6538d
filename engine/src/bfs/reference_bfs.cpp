// Reference BFS: the sequential oracle every other backend is held against.
//
// Algorithm: textbook FIFO breadth-first search (Cormen et al., "Introduction to Algorithms",
// 22.2), one queue array processed level by level so that per-level statistics fall out of the
// queue boundaries. Arcs are scanned in CSR order, so the parent of a vertex is the first vertex
// (in queue order) with an arc to it.
//
// Invariants:
//  - queue[0, tail) holds every discovered vertex in discovery order; the vertices of level d
//    occupy one contiguous range [level_begin, level_end) of it;
//  - depth[v] == kUnreachedDepth and parent[v] == -1 until v is discovered, after which neither
//    changes; depth[v] == depth[parent[v]] + 1 for every discovered v other than the source.
#include "frontier/reference_bfs.hpp"

#include <string>

#include "frontier/detail/log.hpp"
#include "frontier/detail/timer.hpp"
#include "frontier/errors.hpp"

namespace frontier {

template <typename VertexT, typename EdgeT>
BfsResult<VertexT> reference_bfs(const CsrGraph<VertexT, EdgeT>& graph, VertexT source) {
  const VertexT n = graph.num_vertices();
  if (source < 0 || source >= n) {
    throw InvalidArgument("BFS source " + std::to_string(source) + " is outside [0, " +
                          std::to_string(n) + ")");
  }
  const detail::Timer total_timer;
  BfsResult<VertexT> result;
  result.source = source;
  result.sources = {source};
  result.depth.assign(static_cast<std::size_t>(n), kUnreachedDepth);
  result.parent.assign(static_cast<std::size_t>(n), kInvalidVertex<VertexT>);
  std::vector<VertexT> queue(static_cast<std::size_t>(n));

  const auto& offsets = graph.offsets();
  const auto& targets = graph.targets();
  result.depth[source] = 0;
  result.parent[source] = source;
  queue[0] = source;
  std::size_t level_begin = 0;
  std::size_t tail = 1;
  std::int32_t level = 0;
  while (level_begin < tail) {
    const detail::Timer level_timer;
    const std::size_t level_end = tail;
    std::int64_t examined = 0;
    for (std::size_t i = level_begin; i < level_end; ++i) {
      const VertexT u = queue[i];
      const EdgeT end = offsets[u + 1];
      examined += static_cast<std::int64_t>(end - offsets[u]);
      for (EdgeT e = offsets[u]; e < end; ++e) {
        const VertexT v = targets[e];
        if (result.depth[v] != kUnreachedDepth) continue;
        result.depth[v] = level + 1;
        result.parent[v] = u;
        queue[tail++] = v;
      }
    }
    BfsLevelStats stats;
    stats.level = level;
    stats.direction = BfsDirection::TopDown;
    stats.frontier_vertices = static_cast<std::int64_t>(level_end - level_begin);
    stats.edges_examined = examined;
    stats.seconds = level_timer.seconds();
    detail::logger().debug(
        "reference bfs level {}: frontier {} vertices, {} arcs examined, {:.6f} s", stats.level,
        stats.frontier_vertices, stats.edges_examined, stats.seconds);
    result.levels.push_back(stats);
    result.edges_examined += examined;
    level_begin = level_end;
    ++level;
  }
  result.vertices_reached = static_cast<std::int64_t>(tail);
  result.seconds = total_timer.seconds();
  return result;
}

template BfsResult<std::int32_t> reference_bfs(const CsrGraph<std::int32_t, std::int64_t>&,
                                               std::int32_t);
template BfsResult<std::int64_t> reference_bfs(const CsrGraph<std::int64_t, std::int64_t>&,
                                               std::int64_t);

}  // namespace frontier
