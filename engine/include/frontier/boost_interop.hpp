/// @file boost_interop.hpp
/// @brief Boost.Graph -> frontier: builds a CsrGraph from any Boost graph that models
/// VertexListGraph and EdgeListGraph with a vertex index (boost::adjacency_list with vecS
/// vertices, boost::compressed_sparse_row_graph, ...). Header-only; include it only where Boost
/// is available (frontier itself does not need Boost at run time).
///
/// Mapping: vertex v becomes get(boost::vertex_index, g, v). A directed (or bidirectional)
/// Boost graph gives one arc per Boost edge; an undirected one gives both arcs of every edge,
/// except that a self loop stays a single arc (as in every frontier reader). Parallel edges are
/// kept. Each adjacency list is sorted by target (frontier's usual CSR order).
///
/// @code
///   boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS> g(4);
///   boost::add_edge(0, 1, g);
///   frontier::Graph graph = frontier::from_boost_graph(g);
/// @endcode
#pragma once

#include <boost/graph/graph_traits.hpp>
#include <boost/graph/properties.hpp>
#include <boost/property_map/property_map.hpp>
#include <cstdint>
#include <limits>
#include <string>
#include <utility>

#include "frontier/csr_builder.hpp"
#include "frontier/csr_graph.hpp"
#include "frontier/edge_list.hpp"
#include "frontier/errors.hpp"

namespace frontier {

namespace detail {

// The edge list of a Boost graph; `add_weight(edge, list)` appends a weight or does nothing.
template <typename VertexT, typename BoostGraph, typename AddWeight>
EdgeList<VertexT> boost_edge_list(const BoostGraph& boost_graph, AddWeight add_weight) {
  const auto vertices = static_cast<std::uint64_t>(boost::num_vertices(boost_graph));
  if (vertices > static_cast<std::uint64_t>(std::numeric_limits<VertexT>::max())) {
    throw InvalidArgument("the Boost graph has " + std::to_string(vertices) +
                          " vertices, more than this vertex id type can number");
  }
  const auto index = boost::get(boost::vertex_index, boost_graph);
  EdgeList<VertexT> edges;
  edges.num_vertices = static_cast<VertexT>(vertices);
  edges.directed = boost::is_directed(boost_graph);
  const auto count = static_cast<std::size_t>(boost::num_edges(boost_graph));
  edges.sources.reserve(count);
  edges.targets.reserve(count);
  auto [edge, edges_end] = boost::edges(boost_graph);
  for (; edge != edges_end; ++edge) {
    edges.sources.push_back(
        static_cast<VertexT>(boost::get(index, boost::source(*edge, boost_graph))));
    edges.targets.push_back(
        static_cast<VertexT>(boost::get(index, boost::target(*edge, boost_graph))));
    add_weight(*edge, edges);
  }
  return edges;
}

}  // namespace detail

/// An unweighted CsrGraph with the vertices and edges of `boost_graph` (see the file comment).
/// @throws InvalidArgument if the graph has more vertices than VertexT can number.
template <typename VertexT = VertexId, typename EdgeT = EdgeId, typename BoostGraph>
CsrGraph<VertexT, EdgeT> from_boost_graph(const BoostGraph& boost_graph) {
  const EdgeList<VertexT> edges =
      detail::boost_edge_list<VertexT>(boost_graph, [](const auto&, EdgeList<VertexT>&) {});
  CsrBuildOptions options;
  options.symmetrize = !edges.directed;
  return build_csr<VertexT, EdgeT>(edges, options);
}

/// As from_boost_graph(boost_graph), keeping arc weights read through `weight_map` (a readable
/// property map from Boost edges to numbers, e.g. get(boost::edge_weight, g)). An undirected
/// edge's weight goes on both of its arcs.
template <typename VertexT = VertexId, typename EdgeT = EdgeId, typename BoostGraph,
          typename WeightMap>
CsrGraph<VertexT, EdgeT> from_boost_graph(const BoostGraph& boost_graph, WeightMap weight_map) {
  const EdgeList<VertexT> edges = detail::boost_edge_list<VertexT>(
      boost_graph, [&weight_map](const auto& edge, EdgeList<VertexT>& list) {
        list.weights.push_back(static_cast<Weight>(boost::get(weight_map, edge)));
      });
  CsrBuildOptions options;
  options.symmetrize = !edges.directed;
  return build_csr<VertexT, EdgeT>(edges, options);
}

}  // namespace frontier
