// Boost Graph Library breadth-first search as an independent oracle for the golden tests:
// depths recorded on tree edges (boost::record_distances), -1 where unreached.
#pragma once

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/breadth_first_search.hpp>
#include <boost/graph/compressed_sparse_row_graph.hpp>
#include <boost/graph/visitors.hpp>
#include <boost/property_map/property_map.hpp>
#include <cstdint>
#include <utility>
#include <vector>

#include "frontier/csr_graph.hpp"
#include "frontier/edge_list.hpp"

namespace frontier::test {

template <typename BoostGraph>
std::vector<std::int32_t> boost_bfs_depths(const BoostGraph& graph, std::size_t n,
                                           std::size_t source) {
  std::vector<std::int32_t> depth(n, -1);
  depth[source] = 0;
  auto depth_map =
      boost::make_iterator_property_map(depth.begin(), boost::get(boost::vertex_index, graph));
  boost::breadth_first_search(graph, boost::vertex(source, graph),
                              boost::visitor(boost::make_bfs_visitor(
                                  boost::record_distances(depth_map, boost::on_tree_edge()))));
  return depth;
}

/// Boost BFS on a boost::adjacency_list built straight from the raw edge list (undirectedS when
/// the list is undirected), so it shares nothing with build_csr. Built once, searched many times.
template <typename VertexT>
class BoostEdgeListOracle {
 public:
  explicit BoostEdgeListOracle(const EdgeList<VertexT>& edges)
      : n_(static_cast<std::size_t>(edges.num_vertices)),
        directed_(edges.directed),
        directed_graph_(edges.directed ? n_ : 0),
        undirected_graph_(edges.directed ? 0 : n_) {
    for (std::size_t i = 0; i < edges.size(); ++i) {
      const auto u = static_cast<std::size_t>(edges.sources[i]);
      const auto v = static_cast<std::size_t>(edges.targets[i]);
      if (directed_) {
        boost::add_edge(u, v, directed_graph_);
      } else {
        boost::add_edge(u, v, undirected_graph_);
      }
    }
  }

  std::vector<std::int32_t> depths(VertexT source) const {
    const auto s = static_cast<std::size_t>(source);
    return directed_ ? boost_bfs_depths(directed_graph_, n_, s)
                     : boost_bfs_depths(undirected_graph_, n_, s);
  }

 private:
  std::size_t n_;
  bool directed_;
  boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS> directed_graph_;
  boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS> undirected_graph_;
};

/// Boost BFS on a boost::compressed_sparse_row_graph holding the same arcs as `graph` (an
/// undirected CSR already stores both arcs of every edge, so directedS is exact).
class BoostCsrOracle {
 public:
  template <typename VertexT, typename EdgeT>
  explicit BoostCsrOracle(const CsrGraph<VertexT, EdgeT>& graph)
      : n_(static_cast<std::size_t>(graph.num_vertices())) {
    std::vector<std::pair<std::size_t, std::size_t>> arcs;
    arcs.reserve(static_cast<std::size_t>(graph.num_arcs()));
    for (std::size_t u = 0; u < n_; ++u) {
      for (const VertexT v : graph.neighbors(static_cast<VertexT>(u))) {
        arcs.emplace_back(u, static_cast<std::size_t>(v));
      }
    }
    graph_ = BoostGraph(boost::edges_are_sorted, arcs.begin(), arcs.end(), n_);
  }

  template <typename VertexT>
  std::vector<std::int32_t> depths(VertexT source) const {
    return boost_bfs_depths(graph_, n_, static_cast<std::size_t>(source));
  }

 private:
  using BoostGraph = boost::compressed_sparse_row_graph<boost::directedS>;
  std::size_t n_;
  BoostGraph graph_;
};

}  // namespace frontier::test
