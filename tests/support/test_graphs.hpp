// Small graph builders shared by the tests: hand-written edge lists, counter-based random
// graphs (G(n, M): edge i joins two vertices drawn from counter_random(seed, 2i) and (2i + 1)),
// a random graph with a few hubs, and Graph500 Kronecker graphs as the Graph500 runner builds
// them.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "frontier/csr_builder.hpp"
#include "frontier/edge_list.hpp"
#include "frontier/generators/kronecker.hpp"
#include "frontier/io/generate_kronecker.hpp"
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

/// Graph500 Kronecker parameters (initiator 0.57, 0.19, 0.19; scrambled labels).
inline KroneckerParams kronecker_params(int scale, std::uint64_t seed, int edgefactor = 16) {
  KroneckerParams params;
  params.scale = scale;
  params.edgefactor = edgefactor;
  params.seed = seed;
  return params;
}

/// The Graph500 graph of `params`: tuples stored both ways, self loops dropped, duplicates kept.
template <typename VertexT = VertexId, typename EdgeT = EdgeId>
CsrGraph<VertexT, EdgeT> graph500_graph(const KroneckerParams& params) {
  CsrBuildOptions build;
  build.symmetrize = true;
  build.remove_self_loops = true;
  return build_csr<VertexT, EdgeT>(io::generate_kronecker<VertexT>(params), build);
}

}  // namespace frontier::test
