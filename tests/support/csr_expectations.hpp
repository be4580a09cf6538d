// Exact CSR comparisons for the reader and builder tests (gtest expectations).
#pragma once

#include <gtest/gtest.h>

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

}  // namespace frontier::test
