// Graph builders shared by the tests: hand-written edge lists, paths and stars, counter-based
// random graphs (G(n, M): edge i joins two vertices drawn from counter_random(seed, 2i) and
// (2i + 1)), a random graph with a few hubs, hubs whose degrees straddle the GPU gather
// thresholds, Kronecker graphs (as generated, side by side, and as the Graph500 runner builds
// them); and the sources a search test starts from.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "frontier/csr_builder.hpp"
#include "frontier/edge_list.hpp"
#include "frontier/generators/kronecker.hpp"
#include "frontier/generators/uniform.hpp"
#include "frontier/io/generate_grid.hpp"
#include "frontier/io/generate_kronecker.hpp"
#include "frontier/io/generate_uniform.hpp"
#include "frontier/random.hpp"

namespace frontier::test {

/// An edge list from (u, v) pairs.
template <typename VertexT = VertexId>
EdgeList<VertexT> edge_list(VertexT n, const std::vector<std::pair<VertexT, VertexT>>& pairs,
                            bool directed) {
  EdgeList<VertexT> edges;
  edges.num_vertices = n;
  edges.directed = directed;
  for (const auto& [u, v] : pairs) {
    edges.sources.push_back(u);
    edges.targets.push_back(v);
  }
  return edges;
}

/// A CSR graph from (u, v) pairs: undirected graphs are symmetrized, adjacency sorted.
template <typename VertexT = VertexId>
CsrGraph<VertexT, EdgeId> graph_from_pairs(VertexT n,
                                           const std::vector<std::pair<VertexT, VertexT>>& pairs,
                                           bool directed) {
  CsrBuildOptions options;
  options.symmetrize = !directed;
  return build_csr<VertexT, EdgeId>(edge_list<VertexT>(n, pairs, directed), options);
}

/// An undirected graph of `edges`: every tuple stored both ways, self loops and repeated pairs
/// kept, adjacency sorted.
template <typename VertexT = VertexId>
CsrGraph<VertexT, EdgeId> undirected_graph(const EdgeList<VertexT>& edges) {
  CsrBuildOptions options;
  options.symmetrize = true;
  return build_csr<VertexT, EdgeId>(edges, options);
}

/// A directed graph of `edges`: tuple (u, v) is the arc u -> v, whatever edges.directed says.
template <typename VertexT = VertexId>
CsrGraph<VertexT, EdgeId> directed_graph(EdgeList<VertexT> edges) {
  edges.directed = true;
  return build_csr<VertexT, EdgeId>(edges);
}

/// The path 0 - 1 - ... - (n - 1): n levels from vertex 0 (arcs v -> v + 1 only when directed).
inline Graph path_graph(VertexId n, bool directed = false) {
  std::vector<std::pair<VertexId, VertexId>> pairs;
  for (VertexId v = 0; v + 1 < n; ++v) pairs.emplace_back(v, v + 1);
  return graph_from_pairs(n, pairs, directed);
}

/// A star: hub 0 joined to leaves 1..leaves (arcs from the hub only when directed).
inline Graph star_graph(VertexId leaves, bool directed = false) {
  std::vector<std::pair<VertexId, VertexId>> pairs;
  for (VertexId v = 1; v <= leaves; ++v) pairs.emplace_back(0, v);
  return graph_from_pairs(leaves + 1, pairs, directed);
}

/// G(n, M) edge list: `m` tuples with uniformly random endpoints (self loops and repeated pairs
/// included, as a generator would produce them).
template <typename VertexT = VertexId>
EdgeList<VertexT> random_edge_list(VertexT n, std::int64_t m, std::uint64_t seed, bool directed) {
  EdgeList<VertexT> edges;
  edges.num_vertices = n;
  edges.directed = directed;
  edges.sources.resize(static_cast<std::size_t>(m));
  edges.targets.resize(static_cast<std::size_t>(m));
  for (std::int64_t i = 0; i < m; ++i) {
    const auto u = uniform_below(counter_random(seed, 2 * static_cast<std::uint64_t>(i)),
                                 static_cast<std::uint64_t>(n));
    const auto v = uniform_below(counter_random(seed, 2 * static_cast<std::uint64_t>(i) + 1),
                                 static_cast<std::uint64_t>(n));
    edges.sources[i] = static_cast<VertexT>(u);
    edges.targets[i] = static_cast<VertexT>(v);
  }
  return edges;
}

/// A directed random graph: the m arcs of random_edge_list(n, m, seed).
inline Graph random_directed_graph(VertexId n, std::int64_t m, std::uint64_t seed) {
  return directed_graph(random_edge_list<VertexId>(n, m, seed, true));
}

/// An undirected G(n, M) graph as io::generate_uniform makes it.
inline Graph uniform_graph(VertexId n, std::int64_t m, std::uint64_t seed) {
  UniformParams params;
  params.num_vertices = n;
  params.num_edges = m;
  params.seed = seed;
  return undirected_graph(io::generate_uniform<VertexId>(params));
}

/// An undirected random graph (2n tuples) plus `hubs` hub vertices 1..hubs, each joined to
/// vertex 0 and to every third vertex from hubs + hub on: a search from 0 meets most arcs at
/// level 1, so Beamer's rule goes bottom-up at level 2 with a frontier of just the hubs.
inline CsrGraph<VertexId, EdgeId> hub_graph(VertexId n, VertexId hubs, std::uint64_t seed) {
  EdgeList<VertexId> edges = random_edge_list<VertexId>(n, 2 * n, seed, false);
  for (VertexId hub = 1; hub <= hubs; ++hub) {
    edges.sources.push_back(0);
    edges.targets.push_back(hub);
    for (VertexId v = hubs + hub; v < n; v += 3) {
      edges.sources.push_back(hub);
      edges.targets.push_back(v);
    }
  }
  CsrBuildOptions options;
  options.symmetrize = true;
  return build_csr<VertexId, EdgeId>(edges, options);
}

/// Source 0 joined to hubs whose leaf counts straddle the GPU gather thresholds (warp 32, CTA
/// 256) and the hub threshold (4096), so that one tile of the level-1 frontier mixes scan, warp
/// and CTA gathering; leaves of neighbouring hubs share neighbours at depth 3, so level 3 meets
/// duplicates.
inline Graph gather_boundaries() {
  const std::vector<VertexId> leaf_counts = {0,  1,   2,   31,  32,   33,   63,   64,
                                             65, 255, 256, 257, 1000, 4097, 70001};
  std::vector<std::pair<VertexId, VertexId>> pairs;
  VertexId next = 1 + static_cast<VertexId>(leaf_counts.size());
  for (std::size_t h = 0; h < leaf_counts.size(); ++h) {
    const VertexId hub = 1 + static_cast<VertexId>(h);
    pairs.emplace_back(0, hub);
    for (VertexId k = 0; k < leaf_counts[h]; ++k) pairs.emplace_back(hub, next++);
  }
  const VertexId first_leaf = 1 + static_cast<VertexId>(leaf_counts.size());
  const VertexId shared = next++;
  for (VertexId v = first_leaf; v < shared; v += 7) pairs.emplace_back(v, shared);
  return graph_from_pairs(next, pairs, false);
}

/// Graph500 Kronecker parameters (initiator 0.57, 0.19, 0.19; scrambled labels).
inline KroneckerParams kronecker_params(int scale, std::uint64_t seed, int edgefactor = 16) {
  KroneckerParams params;
  params.scale = scale;
  params.edgefactor = edgefactor;
  params.seed = seed;
  return params;
}

/// The Kronecker graph of `params` as generated, self loops and repeated tuples kept:
/// symmetrized, or each tuple one arc when `directed`.
inline Graph kronecker_graph(const KroneckerParams& params, bool directed = false) {
  const EdgeList<VertexId> edges = io::generate_kronecker<VertexId>(params);
  return directed ? directed_graph(edges) : undirected_graph(edges);
}

/// `copies` undirected Kronecker graphs of `scale` (edgefactor 4, seeds seed, seed + 1, ...) side
/// by side, vertex ids shifted per copy, then `isolated` vertices of degree 0.
inline Graph disconnected_kronecker(int copies, int scale, std::uint64_t seed, VertexId isolated) {
  EdgeList<VertexId> edges;
  const VertexId block = VertexId{1} << scale;
  edges.num_vertices = copies * block + isolated;
  edges.directed = false;
  for (int c = 0; c < copies; ++c) {
    const EdgeList<VertexId> part =
        io::generate_kronecker<VertexId>(kronecker_params(scale, seed + c, 4));
    for (std::size_t i = 0; i < part.size(); ++i) {
      edges.sources.push_back(part.sources[i] + c * block);
      edges.targets.push_back(part.targets[i] + c * block);
    }
  }
  return undirected_graph(edges);
}

/// The Graph500 graph of `params`: tuples stored both ways, self loops dropped, duplicates kept.
template <typename VertexT = VertexId, typename EdgeT = EdgeId>
CsrGraph<VertexT, EdgeT> graph500_graph(const KroneckerParams& params) {
  CsrBuildOptions build;
  build.symmetrize = true;
  build.remove_self_loops = true;
  return build_csr<VertexT, EdgeT>(io::generate_kronecker<VertexT>(params), build);
}

/// The vertex of largest out-degree (the smallest such id): the hub a search starts from.
template <typename VertexT, typename EdgeT>
VertexT highest_degree_vertex(const CsrGraph<VertexT, EdgeT>& graph) {
  VertexT hub = 0;
  for (VertexT v = 0; v < graph.num_vertices(); ++v) {
    if (graph.degree(v) > graph.degree(hub)) hub = v;
  }
  return hub;
}

/// The graphs the query tests of GPU engines search, by name: "kronecker" (undirected),
/// "kronecker_directed", "grid" (200 x 150: many small levels, run in multi-level launches that
/// may label past a target), "disconnected", and any other name a random directed graph.
inline Graph query_test_graph(const std::string& name) {
  if (name == "kronecker") return kronecker_graph(kronecker_params(12, 3));
  if (name == "kronecker_directed") return kronecker_graph(kronecker_params(11, 5), true);
  if (name == "grid") return undirected_graph(io::generate_grid_2d<VertexId>(200, 150));
  if (name == "disconnected") return disconnected_kronecker(3, 9, 11, 300);
  return random_directed_graph(4000, 9000, 17);
}

/// Sources that meet different parts of a graph, without repeats: vertex 0, the middle vertex,
/// the last vertex (often isolated in generated graphs) and the hub. Needs a vertex.
template <typename VertexT, typename EdgeT>
std::vector<VertexT> spread_sources(const CsrGraph<VertexT, EdgeT>& graph) {
  const VertexT n = graph.num_vertices();
  std::vector<VertexT> sources = {0, n / 2, n - 1, highest_degree_vertex(graph)};
  std::sort(sources.begin(), sources.end());
  sources.erase(std::unique(sources.begin(), sources.end()), sources.end());
  return sources;
}

}  // namespace frontier::test
