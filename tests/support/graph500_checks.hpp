// Comparing two Graph500 runs of one seed: the same graph, the same roots and, for each, the same
// nedge and reach, each search validated when its run validates.
#pragma once

#include <gtest/gtest.h>

#include <cstddef>
#include <string>

#include "frontier/runs/graph500.hpp"

namespace frontier::test {

/// `same_levels` also compares the level counts (two backends may count a final empty level
/// differently).
inline void expect_same_graph500_runs(const runs::Graph500Result& got,
                                      const runs::Graph500Result& expected, const std::string& what,
                                      bool same_levels) {
  EXPECT_EQ(got.num_vertices, expected.num_vertices) << what;
  EXPECT_EQ(got.num_tuples, expected.num_tuples) << what;
  EXPECT_EQ(got.num_arcs, expected.num_arcs) << what;
  ASSERT_EQ(got.runs.size(), expected.runs.size()) << what;
  for (std::size_t i = 0; i < got.runs.size(); ++i) {
    EXPECT_EQ(got.runs[i].root, expected.runs[i].root) << what << " run " << i;
    EXPECT_EQ(got.runs[i].nedge, expected.runs[i].nedge) << what << " run " << i;
    EXPECT_EQ(got.runs[i].vertices_reached, expected.runs[i].vertices_reached) << what;
    if (same_levels) EXPECT_EQ(got.runs[i].levels, expected.runs[i].levels) << what << " " << i;
    EXPECT_EQ(got.runs[i].validate_seconds >= 0.0, got.config.validate)
        << what << ": run " << i << (got.config.validate ? " not validated" : " validated");
  }
}

}  // namespace frontier::test
