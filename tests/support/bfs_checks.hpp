// What every BFS result owes the sequential oracle, whichever backend or entry point produced it:
// depths and reach exactly; parents (when asked for) that pass the five Graph500 rules; one level
// record per depth, in order, with that depth's population, whose arcs add up to the total.
// Deterministic outputs compare exactly, parents (which depend on thread timing) by the rules.
#pragma once

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "frontier/bfs_result.hpp"
#include "frontier/bfs_validate.hpp"
#include "frontier/csr_graph.hpp"

namespace frontier::test {

/// Vertices per depth of `depth` (-1 = unreached, not counted): entry d is the population of
/// depth d, so the size is the number of levels a search has.
inline std::vector<std::int64_t> depth_populations(std::span<const std::int32_t> depth) {
  std::vector<std::int64_t> population;
  for (const std::int32_t d : depth) {
    if (d < 0) continue;
    if (population.size() <= static_cast<std::size_t>(d)) population.resize(d + 1, 0);
    ++population[d];
  }
  return population;
}

/// Expects `actual`, a search of `graph` with or without `predecessors`, to agree with the
/// oracle's search `expected` (reference_bfs) from the same source.
template <typename VertexT, typename EdgeT>
void expect_bfs_matches_reference(const CsrGraph<VertexT, EdgeT>& graph,
                                  const BfsResult<VertexT>& actual,
                                  const BfsResult<VertexT>& expected, bool predecessors) {
  // 1. Depths and reach exactly as the oracle's.
  EXPECT_EQ(actual.source, expected.source);
  ASSERT_EQ(actual.depth, expected.depth);
  EXPECT_EQ(actual.vertices_reached, expected.vertices_reached);

  // 2. Parents: a BFS tree spanning the source's component by the Graph500 rules, or none.
  if (predecessors) {
    ASSERT_EQ(actual.parent.size(), static_cast<std::size_t>(graph.num_vertices()));
    const BfsValidation validation = validate_bfs_tree<VertexT, EdgeT>(
        graph, expected.source, std::span<const VertexT>(actual.parent),
        std::span<const std::int32_t>(actual.depth));
    EXPECT_TRUE(validation.valid) << validation.failure;
    EXPECT_EQ(validation.vertices_in_tree, expected.vertices_reached);
  } else {
    EXPECT_TRUE(actual.parent.empty());
  }

  // 3. Levels: one record per depth with the oracle's population; arcs add up to the total.
  const std::vector<std::int64_t> population = depth_populations(expected.depth);
  ASSERT_EQ(actual.levels.size(), population.size());
  std::int64_t examined = 0;
  for (std::size_t level = 0; level < population.size(); ++level) {
    const BfsLevelStats& record = actual.levels[level];
    EXPECT_EQ(record.level, static_cast<std::int32_t>(level));
    EXPECT_EQ(record.frontier_vertices, population[level]) << "level " << level;
    EXPECT_GE(record.seconds, 0.0) << "level " << level;
    examined += record.edges_examined;
  }
  EXPECT_EQ(actual.edges_examined, examined);
}

}  // namespace frontier::test
