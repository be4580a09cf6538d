/// @file bfs_result.hpp
/// @brief What every BFS backend returns.
///
/// Encoding: depth[v] == kUnreachedDepth (-1) and parent[v] == -1 for a vertex not reached;
/// depth[s] == 0 and parent[s] == s for every source s.
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "frontier/errors.hpp"
#include "frontier/label_vector.hpp"
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

/// Why a search ended.
enum class BfsStop {
  /// The frontier ran out: every vertex reachable from the sources is labelled.
  FrontierEmpty,
  /// BfsOptions::depth_limit ended it after that level: farther vertices are unreached even
  /// where reachable.
  DepthLimit,
  /// The level that labelled BfsOptions::target ended it: vertices deeper than the target may be
  /// unreached even where reachable.
  TargetReached,
};

template <typename VertexT = VertexId>
struct BfsResult {
  /// The first source (the only one of a single-source search).
  VertexT source = 0;
  /// Hop distance from the nearest source per vertex, -1 where unreached.
  LabelVector<std::int32_t> depth;
  /// BFS-tree parent per vertex, -1 where unreached; empty when predecessors were not asked for.
  LabelVector<VertexT> parent;
  std::vector<BfsLevelStats> levels;
  std::int64_t vertices_reached = 0;
  /// Arcs examined over the whole search.
  std::int64_t edges_examined = 0;
  double seconds = 0.0;
  /// Every source, each once, in the order given (depth 0, its own parent).
  std::vector<VertexT> sources;
  BfsStop stop = BfsStop::FrontierEmpty;

  /// True when a depth limit or target ended the search, so an unreached vertex may still be
  /// reachable from a source.
  bool stopped_early() const { return stop != BfsStop::FrontierEmpty; }
};

/// The tree path from a source to `target`, read from result.parent: {source, ..., target}, a
/// shortest path since parents form a BFS tree; empty when `target` was not reached.
/// @throws InvalidArgument if `target` is out of range, the result has no parents, or the parent
///         chain from `target` does not end at a vertex that is its own parent.
template <typename VertexT>
std::vector<VertexT> bfs_path(const BfsResult<VertexT>& result,
                              std::type_identity_t<VertexT> target) {
  const auto n = static_cast<std::int64_t>(result.parent.size());
  if (n == 0) {
    throw InvalidArgument("bfs_path needs parents: run the search with predecessors on");
  }
  if (target < 0 || target >= n) {
    throw InvalidArgument("bfs_path: target " + std::to_string(target) + " is outside [0, " +
                          std::to_string(n) + ")");
  }
  std::vector<VertexT> path;
  if (result.parent[target] == kInvalidVertex<VertexT>) return path;
  // A tree path has at most n vertices; a longer walk is a cycle in a broken parent array.
  for (VertexT at = target; static_cast<std::int64_t>(path.size()) < n;) {
    path.push_back(at);
    const VertexT up = result.parent[at];
    if (up == at) {
      return std::vector<VertexT>(path.rbegin(), path.rend());
    }
    if (up < 0 || up >= n) break;
    at = up;
  }
  throw InvalidArgument("bfs_path: the parent chain from vertex " + std::to_string(target) +
                        " does not end at a source");
}

}  // namespace frontier
