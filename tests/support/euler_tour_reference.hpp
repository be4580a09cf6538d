/// @file euler_tour_reference.hpp
/// @brief Test helpers for euler_tour_ops(): forest builders (random recursive, path, star,
/// binary, caterpillar; random relabelling; forests of several trees and isolated vertices) and
/// the oracle, a plain iterative DFS that visits children in the order the Euler tour does
/// (a root's neighbours from its first; any other vertex's cyclically from just after its
/// parent) and records the tour's arcs.
#pragma once

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <span>
#include <utility>
#include <vector>

#include "frontier/csr_builder.hpp"
#include "frontier/csr_graph.hpp"
#include "frontier/edge_list.hpp"
#include "frontier/euler_tour.hpp"
#include "frontier/random.hpp"

namespace frontier::test {

enum class TreeKind { RandomRecursive, Path, Star, Binary, Caterpillar };

inline const char* tree_kind_name(TreeKind kind) {
  switch (kind) {
    case TreeKind::RandomRecursive:
      return "random";
    case TreeKind::Path:
      return "path";
    case TreeKind::Star:
      return "star";
    case TreeKind::Binary:
      return "binary";
    case TreeKind::Caterpillar:
      return "caterpillar";
  }
  return "?";
}

/// parent[v] for v in [1, n) (vertex 0 is the root): always parent[v] < v.
inline std::vector<std::int64_t> tree_parents(TreeKind kind, std::int64_t n, std::uint64_t seed) {
  std::vector<std::int64_t> parent(static_cast<std::size_t>(std::max<std::int64_t>(n, 0)), -1);
  for (std::int64_t v = 1; v < n; ++v) {
    switch (kind) {
      case TreeKind::RandomRecursive:
        parent[v] = static_cast<std::int64_t>(uniform_below(
            counter_random(seed, static_cast<std::uint64_t>(v)), static_cast<std::uint64_t>(v)));
        break;
      case TreeKind::Path:
        parent[v] = v - 1;
        break;
      case TreeKind::Star:
        parent[v] = 0;
        break;
      case TreeKind::Binary:
        parent[v] = (v - 1) / 2;
        break;
      case TreeKind::Caterpillar:
        // A spine of odd vertices, each even vertex a leaf hanging off the spine vertex before it.
        parent[v] = v % 2 == 1 ? std::max<std::int64_t>(v - 2, 0) : v - 1;
        break;
    }
  }
  return parent;
}

/// A random permutation of [0, n) from counter-based keys (sorted by key, ties by index).
inline std::vector<std::int64_t> random_permutation(std::int64_t n, std::uint64_t seed) {
  std::vector<std::int64_t> perm(static_cast<std::size_t>(n));
  std::iota(perm.begin(), perm.end(), 0);
  std::vector<std::uint64_t> key(static_cast<std::size_t>(n));
  for (std::int64_t i = 0; i < n; ++i) {
    key[i] = counter_random(seed, static_cast<std::uint64_t>(i));
  }
  std::sort(perm.begin(), perm.end(), [&](std::int64_t a, std::int64_t b) {
    return key[a] != key[b] ? key[a] < key[b] : a < b;
  });
  return perm;
}

/// One tree of a forest: its shape and size.
struct TreeSpec {
  TreeKind kind;
  std::int64_t size;
};

/// The undirected CSR (sorted adjacency) of the trees laid side by side; vertex ids are then
/// relabelled by a random permutation when `shuffle` is set.
template <typename VertexT = VertexId>
CsrGraph<VertexT, EdgeId> make_forest(const std::vector<TreeSpec>& trees, std::uint64_t seed,
                                      bool shuffle) {
  std::int64_t n = 0;
  for (const TreeSpec& t : trees) n += t.size;
  std::vector<std::int64_t> label(static_cast<std::size_t>(n));
  if (shuffle) {
    label = random_permutation(n, seed ^ 0x5bd1e995ULL);
  } else {
    std::iota(label.begin(), label.end(), 0);
  }
  EdgeList<VertexT> edges;
  edges.num_vertices = static_cast<VertexT>(n);
  edges.directed = false;
  std::int64_t base = 0;
  std::uint64_t tree_seed = seed;
  for (const TreeSpec& t : trees) {
    const auto parent = tree_parents(t.kind, t.size, ++tree_seed);
    for (std::int64_t v = 1; v < t.size; ++v) {
      edges.sources.push_back(static_cast<VertexT>(label[base + v]));
      edges.targets.push_back(static_cast<VertexT>(label[base + parent[v]]));
    }
    base += t.size;
  }
  CsrBuildOptions options;
  options.symmetrize = true;
  options.sort_neighbors = true;
  return build_csr<VertexT, EdgeId>(edges, options);
}

/// A single tree of `n` vertices.
template <typename VertexT = VertexId>
CsrGraph<VertexT, EdgeId> make_tree(TreeKind kind, std::int64_t n, std::uint64_t seed,
                                    bool shuffle = true) {
  return make_forest<VertexT>({{kind, n}}, seed, shuffle);
}

/// What the oracle computes: euler_tour_ops()'s per-vertex fields and every tree's tour.
template <typename VertexT>
struct ReferenceTreeOps {
  RootedForest<VertexT> ops;
  /// The arcs (CSR indices) of the tours, tree after tree.
  std::vector<std::int64_t> tour;
  /// tour_begin[t]: where tree t's arcs start in `tour`; one entry per tree plus the end.
  std::vector<std::int64_t> tour_begin;
};

/// Iterative DFS over the forest from `roots` (empty: the lowest id of every component,
/// ascending). Assumes a valid forest and valid roots.
template <typename VertexT, typename EdgeT>
ReferenceTreeOps<VertexT> reference_tree_ops(const CsrGraph<VertexT, EdgeT>& forest,
                                             std::span<const VertexT> roots = {}) {
  const auto& offsets = forest.offsets();
  const auto& targets = forest.targets();
  const std::int64_t n = forest.num_vertices();
  ReferenceTreeOps<VertexT> ref;
  RootedForest<VertexT>& ops = ref.ops;
  ops.parent.assign(static_cast<std::size_t>(n), -1);
  ops.depth.assign(static_cast<std::size_t>(n), -1);
  ops.preorder.assign(static_cast<std::size_t>(n), -1);
  ops.postorder.assign(static_cast<std::size_t>(n), -1);
  ops.subtree_size.assign(static_cast<std::size_t>(n), 0);
  if (roots.empty()) {
    std::vector<bool> seen(static_cast<std::size_t>(n), false);
    std::vector<std::int64_t> stack;
    for (std::int64_t s = 0; s < n; ++s) {
      if (seen[s]) continue;
      ops.roots.push_back(static_cast<VertexT>(s));
      seen[s] = true;
      stack.push_back(s);
      while (!stack.empty()) {
        const std::int64_t v = stack.back();
        stack.pop_back();
        for (EdgeT e = offsets[v]; e < offsets[v + 1]; ++e) {
          if (!seen[targets[e]]) {
            seen[targets[e]] = true;
            stack.push_back(targets[e]);
          }
        }
      }
    }
  } else {
    ops.roots.assign(roots.begin(), roots.end());
  }

  struct Frame {
    std::int64_t v;
    std::int64_t first;   // adjacency position (relative) of the first neighbour to look at
    std::int64_t step;    // neighbours looked at so far
    std::int64_t arc_in;  // CSR arc parent->v, or -1 at a root
  };
  const auto arc_to = [&](std::int64_t from, std::int64_t to) {
    const auto it = std::lower_bound(targets.begin() + offsets[from],
                                     targets.begin() + offsets[from + 1], static_cast<VertexT>(to));
    return static_cast<std::int64_t>(it - targets.begin());
  };
  std::int64_t pre = 0;
  std::int64_t post = 0;
  std::vector<Frame> stack;
  for (const VertexT r : ops.roots) {
    ref.tour_begin.push_back(static_cast<std::int64_t>(ref.tour.size()));
    ops.parent[r] = r;
    ops.depth[r] = 0;
    ops.preorder[r] = static_cast<VertexT>(pre++);
    stack.push_back({r, 0, 0, -1});
    while (!stack.empty()) {
      Frame& f = stack.back();
      const std::int64_t v = f.v;
      const std::int64_t degree = offsets[v + 1] - offsets[v];
      if (f.step < degree) {
        const std::int64_t arc = offsets[v] + (f.first + f.step) % degree;
        ++f.step;
        const std::int64_t w = targets[arc];
        if (f.arc_in >= 0 && w == ops.parent[v]) continue;
        ref.tour.push_back(arc);
        ops.parent[w] = static_cast<VertexT>(v);
        ops.depth[w] = ops.depth[v] + 1;
        ops.preorder[w] = static_cast<VertexT>(pre++);
        // w's neighbours are looked at from just after w's arc back to v.
        const std::int64_t back = arc_to(w, v) - offsets[w];
        stack.push_back({w, back + 1, 0, arc});
      } else {
        const Frame done = f;
        stack.pop_back();
        ops.postorder[v] = static_cast<VertexT>(post++);
        ops.subtree_size[v] += 1;
        if (done.arc_in >= 0) {
          const std::int64_t up = ops.parent[v];
          ops.subtree_size[up] += ops.subtree_size[v];
          ref.tour.push_back(arc_to(v, up));
        }
      }
    }
  }
  ref.tour_begin.push_back(static_cast<std::int64_t>(ref.tour.size()));
  return ref;
}

}  // namespace frontier::test
