/// @file bfs_result.hpp
/// @brief What every BFS backend returns.
///
/// Encoding: depth[v] == kUnreachedDepth (-1) and parent[v] == -1 for a vertex not reached;
/// depth[source] == 0 and parent[source] == source.
#pragma once

#include <cstdint>
#include <vector>

#include "frontier/types.hpp"

namespace frontier {

enum class BfsDirection { TopDown, BottomUp };

/// One BFS level (the expansion of the frontier at depth `level`).
struct BfsLevelStats {
  std::int32_t level = 0;
  BfsDirection direction = BfsDirection::TopDown;
  /// Vertices in the frontier that was expanded.
  std::int64_t frontier_vertices = 0;
  /// Arcs looked at while expanding it.
  std::int64_t edges_examined = 0;
  double seconds = 0.0;
};

template <typename VertexT = VertexId>
struct BfsResult {
  VertexT source = 0;
  /// Hop distance from the source per vertex, -1 where unreached.
  std::vector<std::int32_t> depth;
  /// BFS-tree parent per vertex, -1 where unreached; empty when predecessors were not asked for.
  std::vector<VertexT> parent;
  std::vector<BfsLevelStats> levels;
  std::int64_t vertices_reached = 0;
  /// Arcs examined over the whole search.
  std::int64_t edges_examined = 0;
  double seconds = 0.0;
};

}  // namespace frontier
