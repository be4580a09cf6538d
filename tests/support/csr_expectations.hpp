// Exact CSR comparisons for the reader and builder tests (gtest expectations).
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "frontier/csr_graph.hpp"

namespace frontier::test {

/// Asserts that `graph` has exactly these arrays and direction (weights empty = unweighted).
inline void expect_csr(const Graph& graph, const std::vector<EdgeId>& offsets,
                       const std::vector<VertexId>& targets, const std::vector<Weight>& weights,
                       bool directed) {
  EXPECT_EQ(graph.offsets(), offsets);
  EXPECT_EQ(graph.targets(), targets);
  EXPECT_EQ(graph.weights(), weights);
  EXPECT_EQ(graph.directed(), directed);
  EXPECT_NO_THROW(graph.check_invariants());
}

/// Asserts that two graphs are identical (arrays and direction).
inline void expect_same_graph(const Graph& actual, const Graph& expected) {
  EXPECT_EQ(actual.offsets(), expected.offsets());
  EXPECT_EQ(actual.targets(), expected.targets());
  EXPECT_EQ(actual.weights(), expected.weights());
  EXPECT_EQ(actual.directed(), expected.directed());
}

/// Asserts that a CSR built one way (on a device) equals the one built another (on the host):
/// direction, sizes, offsets (so the degrees) and neighbours in order; `what` names the case, and
/// a failure does not print the arrays (they may be large).
template <typename VertexT>
void expect_same_csr(const CsrGraph<VertexT, EdgeId>& got,
                     const CsrGraph<VertexT, EdgeId>& expected, const std::string& what) {
  EXPECT_EQ(got.directed(), expected.directed()) << what;
  ASSERT_EQ(got.num_vertices(), expected.num_vertices()) << what;
  ASSERT_EQ(got.num_arcs(), expected.num_arcs()) << what;
  EXPECT_TRUE(got.offsets() == expected.offsets()) << what << ": offsets differ";
  EXPECT_TRUE(got.targets() == expected.targets()) << what << ": neighbours differ";
}

}  // namespace frontier::test
