// Broken BFS trees made from a correct one, one kind of damage each, for the validators' tests:
// every tree here breaks a Graph500 rule (or the depth array's consistency) that the host
// validator rejects, and the GPU validator must reject it in the same words. Each damage touches
// one or two entries of a correct search's parents and depths from one source; a kind whose
// vertices the graph lacks (say, no unreached vertex in a connected graph) is left out.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "frontier/bfs_result.hpp"
#include "frontier/csr_graph.hpp"
#include "frontier/random.hpp"

namespace frontier::test {

template <typename VertexT>
struct BrokenTree {
  /// What was damaged, for test traces.
  std::string damage;
  std::vector<VertexT> parent;
  std::vector<std::int32_t> depth;
};

/// The damaged copies of `tree` (a complete search with parents and depths from one source on
/// `graph`); `seed` picks the damaged vertices (counter-based, the same on every machine).
template <typename VertexT, typename EdgeT>
std::vector<BrokenTree<VertexT>> broken_trees(const CsrGraph<VertexT, EdgeT>& graph,
                                              const BfsResult<VertexT>& tree, std::uint64_t seed) {
  const VertexT n = graph.num_vertices();
  const VertexT source = tree.source;
  const std::vector<VertexT> parent(tree.parent.begin(), tree.parent.end());
  const std::vector<std::int32_t> depth(tree.depth.begin(), tree.depth.end());
  std::vector<std::uint8_t> has_child(static_cast<std::size_t>(n), 0);
  for (VertexT v = 0; v < n; ++v) {
    if (v != source && parent[v] != kInvalidVertex<VertexT>) has_child[parent[v]] = 1;
  }
  // The first vertex from a seeded starting point that satisfies `wanted`, or -1.
  std::uint64_t draw = 0;
  const auto pick = [&](const std::function<bool(VertexT)>& wanted) {
    const auto start = static_cast<VertexT>(uniform_below(counter_random(seed, draw++), n));
    for (VertexT i = 0; i < n; ++i) {
      const VertexT v = static_cast<VertexT>((start + i) % n);
      if (wanted(v)) return v;
    }
    return kInvalidVertex<VertexT>;
  };
  const auto neighbour_at_depth = [&](VertexT v, std::int32_t level) {
    for (const VertexT w : graph.neighbors(v)) {
      if (w != v && depth[w] == level) return w;
    }
    return kInvalidVertex<VertexT>;
  };
  // A reached vertex two or more levels down with a child (never a neighbour of the source), a
  // leaf with a neighbour at its own depth, a reached vertex at depth 1 or more, an unreached one.
  const VertexT deep = pick([&](VertexT v) { return depth[v] >= 2 && has_child[v] != 0; });
  const VertexT leaf = pick([&](VertexT v) {
    return depth[v] >= 1 && has_child[v] == 0 &&
           neighbour_at_depth(v, depth[v]) != kInvalidVertex<VertexT>;
  });
  const VertexT reached = pick([&](VertexT v) { return depth[v] >= 1; });
  const VertexT unreached = pick([&](VertexT v) { return depth[v] == kUnreachedDepth; });

  std::vector<BrokenTree<VertexT>> trees;
  const auto add = [&](const std::string& damage,
                       const std::function<void(BrokenTree<VertexT>&)>& change) {
    BrokenTree<VertexT> broken{damage, parent, depth};
    change(broken);
    trees.push_back(std::move(broken));
  };
  const auto none = kInvalidVertex<VertexT>;
  add("the source's parent not itself", [&](auto& t) {
    const VertexT other = reached != none ? reached : static_cast<VertexT>((source + 1) % n);
    t.parent[source] = other;
  });
  add("a parent out of range", [&](auto& t) { t.parent[reached != none ? reached : source] = n; });
  add("a parent below -1", [&](auto& t) { t.parent[reached != none ? reached : source] = -2; });
  add("the source at depth 1", [&](auto& t) { t.depth[source] = 1; });
  if (deep != none) {
    const VertexT up = parent[deep];
    add("a vertex hung below a non-neighbour (the source)", [&](auto& t) {
      t.parent[deep] = source;
      t.depth[deep] = 1;
    });
    add("a vertex hung below the source, depth unchanged",
        [&](auto& t) { t.parent[deep] = source; });
    add("a vertex and its parent each other's parents", [&](auto& t) { t.parent[up] = deep; });
    add("a vertex its own parent", [&](auto& t) { t.parent[deep] = deep; });
    add("a chain cut: the parent of an inner vertex -1", [&](auto& t) { t.parent[up] = none; });
    add("a chain cut with depths to match", [&](auto& t) {
      t.parent[up] = none;
      t.depth[up] = kUnreachedDepth;
    });
    add("a reached vertex with depth -1", [&](auto& t) { t.depth[deep] = kUnreachedDepth; });
    add("an inner vertex one level too deep", [&](auto& t) { t.depth[deep] += 1; });
    add("a depth below -1", [&](auto& t) { t.depth[deep] = -7; });
  }
  if (leaf != none) {
    const VertexT sibling = neighbour_at_depth(leaf, depth[leaf]);
    add("a leaf left unreached", [&](auto& t) {
      t.parent[leaf] = none;
      t.depth[leaf] = kUnreachedDepth;
    });
    add("a leaf without a parent but with a depth", [&](auto& t) { t.parent[leaf] = none; });
    add("a leaf hung below a neighbour at its own depth (a level skip)", [&](auto& t) {
      t.parent[leaf] = sibling;
      t.depth[leaf] = depth[leaf] + 1;
    });
    add("a leaf hung below a neighbour at its own depth, depth unchanged",
        [&](auto& t) { t.parent[leaf] = sibling; });
    add("a leaf two levels too deep", [&](auto& t) { t.depth[leaf] += 2; });
  }
  if (unreached != none && deep != none) {
    add("an unreachable vertex claimed by the tree", [&](auto& t) {
      t.parent[unreached] = deep;
      t.depth[unreached] = depth[deep] + 1;
    });
    add("an unreached vertex with a depth", [&](auto& t) { t.depth[unreached] = 3; });
  }
  return trees;
}

}  // namespace frontier::test
