// Boost.Graph -> CsrGraph: exact arcs for undirected (self loops, parallel edges), directed,
// bidirectional and compressed-sparse-row Boost graphs, weights, and BFS depths equal to
// Boost's own breadth_first_search on a random graph.
#include <gtest/gtest.h>

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/breadth_first_search.hpp>
#include <boost/graph/compressed_sparse_row_graph.hpp>
#include <boost/graph/visitors.hpp>
#include <cstdint>
#include <utility>
#include <vector>

#include "frontier/bfs.hpp"
#include "frontier/boost_interop.hpp"
#include "frontier/random.hpp"

namespace frontier {
namespace {

// Every vertex's adjacency as a vector, for exact comparison.
template <typename VertexT, typename EdgeT>
std::vector<std::vector<VertexT>> adjacency(const CsrGraph<VertexT, EdgeT>& graph) {
  std::vector<std::vector<VertexT>> lists;
  for (VertexT v = 0; v < graph.num_vertices(); ++v) {
    auto neighbors = graph.neighbors(v);
    lists.emplace_back(neighbors.begin(), neighbors.end());
  }
  return lists;
}

TEST(BoostInterop, UndirectedAdjacencyList) {
  boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS> g(5);
  boost::add_edge(0, 1, g);
  boost::add_edge(1, 2, g);
  boost::add_edge(1, 2, g);  // parallel edge, kept
  boost::add_edge(3, 3, g);  // self loop: one arc
  const Graph graph = from_boost_graph(g);
  EXPECT_FALSE(graph.directed());
  EXPECT_EQ(graph.num_vertices(), 5);
  EXPECT_EQ(graph.num_arcs(), 7);
  EXPECT_EQ(adjacency(graph),
            (std::vector<std::vector<VertexId>>{{1}, {0, 2, 2}, {1, 1}, {3}, {}}));
}

TEST(BoostInterop, DirectedAndBidirectionalAdjacencyLists) {
  const std::vector<std::pair<int, int>> arcs = {{0, 2}, {2, 1}, {1, 0}, {0, 1}};
  boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS> directed(3);
  boost::adjacency_list<boost::vecS, boost::vecS, boost::bidirectionalS> bidirectional(3);
  for (auto [u, v] : arcs) {
    boost::add_edge(u, v, directed);
    boost::add_edge(u, v, bidirectional);
  }
  const std::vector<std::vector<VertexId>> expected = {{1, 2}, {0}, {1}};
  const Graph from_directed = from_boost_graph(directed);
  const Graph from_bidirectional = from_boost_graph(bidirectional);
  EXPECT_TRUE(from_directed.directed());
  EXPECT_TRUE(from_bidirectional.directed());
  EXPECT_EQ(adjacency(from_directed), expected);
  EXPECT_EQ(adjacency(from_bidirectional), expected);
}

TEST(BoostInterop, CompressedSparseRowGraphWith64BitIds) {
  using Csr = boost::compressed_sparse_row_graph<boost::directedS>;
  const std::vector<std::pair<std::size_t, std::size_t>> arcs = {{0, 1}, {0, 3}, {2, 0}, {3, 2}};
  const Csr g(boost::edges_are_unsorted, arcs.begin(), arcs.end(), 4);
  const auto graph = from_boost_graph<std::int64_t, std::int64_t>(g);
  EXPECT_TRUE(graph.directed());
  EXPECT_EQ(adjacency(graph), (std::vector<std::vector<std::int64_t>>{{1, 3}, {}, {0}, {2}}));
}

TEST(BoostInterop, EdgeWeights) {
  using Weighted =
      boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS, boost::no_property,
                            boost::property<boost::edge_weight_t, double>>;
  Weighted g(3);
  boost::add_edge(0, 1, 2.5, g);
  boost::add_edge(1, 2, 4.0, g);
  const Graph graph = from_boost_graph(g, boost::get(boost::edge_weight, g));
  ASSERT_TRUE(graph.has_weights());
  const auto w1 = graph.neighbor_weights(1);
  EXPECT_EQ(std::vector<Weight>(w1.begin(), w1.end()), (std::vector<Weight>{2.5f, 4.0f}));
  EXPECT_EQ(graph.neighbor_weights(0)[0], 2.5f);
  EXPECT_EQ(graph.neighbor_weights(2)[0], 4.0f);
}

TEST(BoostInterop, EmptyGraph) {
  boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS> g;
  const Graph graph = from_boost_graph(g);
  EXPECT_EQ(graph.num_vertices(), 0);
  EXPECT_EQ(graph.num_arcs(), 0);
}

TEST(BoostInterop, BfsDepthsEqualBoostBreadthFirstSearch) {
  using BoostGraph = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS>;
  constexpr int kVertices = 3000;
  BoostGraph g(kVertices);
  for (std::uint64_t i = 0; i < 4500; ++i) {
    boost::add_edge(uniform_below(counter_random(77, 2 * i), kVertices),
                    uniform_below(counter_random(77, 2 * i + 1), kVertices), g);
  }
  std::vector<int> boost_depth(kVertices, 0);
  std::vector<boost::default_color_type> color(kVertices);
  boost::breadth_first_search(g, boost::vertex(0, g),
                              boost::visitor(boost::make_bfs_visitor(boost::record_distances(
                                                 boost_depth.data(), boost::on_tree_edge())))
                                  .color_map(boost::make_iterator_property_map(
                                      color.begin(), boost::get(boost::vertex_index, g))));
  const Graph graph = from_boost_graph(g);
  const auto result = bfs(graph, VertexId{0});
  for (int v = 0; v < kVertices; ++v) {
    // Boost leaves unreached vertices white with distance 0; frontier says -1.
    const int expected = color[v] == boost::white_color ? -1 : boost_depth[v];
    ASSERT_EQ(result.depth[v], expected) << "vertex " << v;
  }
}

}  // namespace
}  // namespace frontier
