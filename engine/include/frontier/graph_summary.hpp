/// @file graph_summary.hpp
/// @brief Counts that describe a graph at a glance (what `frontier info` prints).
#pragma once

#include <cstdint>

#include "frontier/csr_graph.hpp"

namespace frontier {

struct GraphSummary {
  std::int64_t vertices = 0;
  /// Stored arcs (an undirected edge counts twice, a self loop once).
  std::int64_t arcs = 0;
  /// Undirected: (arcs + self loops) / 2; directed: arcs.
  std::int64_t edges = 0;
  bool directed = false;
  bool weighted = false;
  std::int64_t min_degree = 0;
  std::int64_t max_degree = 0;
  double average_degree = 0.0;
  /// Vertices without out-arcs (directed: without out- and in-arcs).
  std::int64_t isolated_vertices = 0;
  std::int64_t self_loops = 0;
  /// Arcs equal to the arc before them in a sorted adjacency list (extra copies of an arc).
  std::int64_t duplicate_arcs = 0;
  /// Whether every adjacency list is sorted (duplicates are only counted when it is).
  bool sorted_adjacency = true;
  std::uint64_t memory_bytes = 0;
};

/// Computes the summary in one parallel pass over the arcs (plus one over the reverse graph's
/// degrees for directed graphs' isolated vertices, without building it).
template <typename VertexT, typename EdgeT>
GraphSummary summarize(const CsrGraph<VertexT, EdgeT>& graph);

}  // namespace frontier
