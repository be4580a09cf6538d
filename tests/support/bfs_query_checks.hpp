// What a multi-source, depth-limited or targeted search owes the sequential oracle, on any
// backend: depths are the oracle's distances to the nearest source (the minimum over one oracle
// search per source) up to the deepest level the search labelled, and -1 beyond it; a depth limit
// caps that level; a target is labelled at its oracle depth, and the path to it is a shortest
// path; the parents pass the generalized Graph500 rules (bfs_validate.hpp).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "frontier/bfs.hpp"
#include "frontier/bfs_result.hpp"
#include "frontier/bfs_validate.hpp"
#include "frontier/csr_graph.hpp"
#include "frontier/engine.hpp"
#include "frontier/reference_bfs.hpp"

namespace frontier::test {

/// A graph a query test runs on, made on demand, and the name its test instances carry.
struct NamedGraph {
  std::string name;
  std::function<Graph()> make;
};

/// Distance from the nearest of `sources` per vertex (-1 where none reaches), from one oracle
/// search per source.
template <typename VertexT, typename EdgeT>
std::vector<std::int32_t> nearest_source_depths(const CsrGraph<VertexT, EdgeT>& graph,
                                                std::span<const VertexT> sources) {
  std::vector<std::int32_t> nearest(static_cast<std::size_t>(graph.num_vertices()),
                                    kUnreachedDepth);
  for (const VertexT source : sources) {
    const BfsResult<VertexT> single = reference_bfs(graph, source);
    for (std::size_t v = 0; v < nearest.size(); ++v) {
      const std::int32_t d = single.depth[v];
      if (d != kUnreachedDepth && (nearest[v] == kUnreachedDepth || d < nearest[v])) {
        nearest[v] = d;
      }
    }
  }
  return nearest;
}

/// True when the graph has the arc u -> v.
template <typename VertexT, typename EdgeT>
bool has_arc(const CsrGraph<VertexT, EdgeT>& graph, VertexT u, VertexT v) {
  for (EdgeT e = graph.offsets()[u]; e < graph.offsets()[u + 1]; ++e) {
    if (graph.targets()[e] == v) return true;
  }
  return false;
}

/// Expects `actual`, a search of `graph` from `sources` with `options`, to agree with the oracle;
/// every backend stops right after the level that labels the target.
template <typename VertexT, typename EdgeT>
void expect_query_matches_oracle(const CsrGraph<VertexT, EdgeT>& graph,
                                 std::span<const VertexT> sources, const BfsOptions& options,
                                 const BfsResult<VertexT>& actual) {
  const std::vector<std::int32_t> oracle = nearest_source_depths(graph, sources);
  const std::int32_t oracle_deepest = *std::max_element(oracle.begin(), oracle.end());
  ASSERT_EQ(actual.depth.size(), oracle.size());
  const std::int32_t deepest = *std::max_element(actual.depth.begin(), actual.depth.end());

  // 1. The deepest labelled level, as the options and the stop reason say.
  std::int32_t expected_deepest = oracle_deepest;
  if (options.depth_limit) expected_deepest = std::min(expected_deepest, *options.depth_limit);
  const bool target_within = options.target && oracle[*options.target] != kUnreachedDepth &&
                             oracle[*options.target] <= expected_deepest;
  if (target_within) expected_deepest = oracle[*options.target];
  EXPECT_EQ(deepest, expected_deepest);
  if (actual.stop == BfsStop::FrontierEmpty) EXPECT_EQ(deepest, oracle_deepest);
  if (actual.stop == BfsStop::TargetReached) EXPECT_TRUE(target_within);
  if (actual.stop == BfsStop::DepthLimit) EXPECT_EQ(deepest, *options.depth_limit);

  // 2. Depths: the oracle's up to that level, -1 beyond; the reach adds up.
  std::int64_t reached = 0;
  for (std::size_t v = 0; v < oracle.size(); ++v) {
    const std::int32_t expected = oracle[v] <= deepest ? oracle[v] : kUnreachedDepth;
    ASSERT_EQ(actual.depth[v], expected) << "vertex " << v;
    if (expected != kUnreachedDepth) ++reached;
  }
  EXPECT_EQ(actual.vertices_reached, reached);

  // 3. Parents: a BFS forest rooted at the sources, by the generalized Graph500 rules.
  if (!options.predecessors) return;
  const BfsValidation validation = validate_bfs_tree<VertexT, EdgeT>(
      graph, std::span<const VertexT>(actual.sources), std::span<const VertexT>(actual.parent),
      std::span<const std::int32_t>(actual.depth), actual.stopped_early());
  EXPECT_TRUE(validation.valid) << validation.failure;
  EXPECT_EQ(validation.vertices_in_tree, reached);

  // 4. The path to the target: a shortest path from a source.
  if (!options.target) return;
  const VertexT target = static_cast<VertexT>(*options.target);
  const std::vector<VertexT> path = bfs_path(actual, target);
  if (!target_within) {
    EXPECT_TRUE(path.empty());
    return;
  }
  ASSERT_EQ(static_cast<std::int64_t>(path.size()), std::int64_t{oracle[target]} + 1);
  EXPECT_EQ(path.back(), target);
  EXPECT_NE(std::find(sources.begin(), sources.end(), path.front()), sources.end());
  for (std::size_t i = 0; i + 1 < path.size(); ++i) {
    EXPECT_TRUE(has_arc(graph, path[i], path[i + 1])) << path[i] << " -> " << path[i + 1];
  }
}

}  // namespace frontier::test
