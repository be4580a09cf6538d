// The words of BFS validation failures (bfs/bfs_validate_messages.hpp), which the host and GPU
// validators share: each message exactly, the argument checks, and the host validator's verdict
// on every broken tree of support/broken_trees.hpp (each rejected, in the same words for 1 and 2
// threads, which the GPU validator's test compares against).
#include "bfs/bfs_validate_messages.hpp"

#include <gtest/gtest.h>
#include <omp.h>

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "frontier/bfs.hpp"
#include "frontier/bfs_validate.hpp"
#include "frontier/errors.hpp"
#include "support/broken_trees.hpp"
#include "support/test_graphs.hpp"

namespace frontier {
namespace {

TEST(BfsValidateMessages, EachRuleInWords) {
  EXPECT_EQ(detail::parent_out_of_range_failure(4, 1000, 5),
            "rule 1 (tree): parent[4] = 1000 is neither -1 nor a vertex in [0, 5)");
  EXPECT_EQ(detail::source_not_own_parent_failure(0, 1),
            "rule 1 (tree): the source 0 has parent 1 instead of itself");
  EXPECT_EQ(detail::depth_inconsistent_failure(2, 1, -1, false, "the source"),
            "depth (consistency): vertex 2 has parent 1 but depth -1 (-1 exactly when unreached)");
  EXPECT_EQ(detail::depth_inconsistent_failure(0, 0, 1, true, "a source"),
            "depth (consistency): vertex 0 has parent 0 but depth 1 (a source must have depth 0)");
  EXPECT_EQ(detail::tree_edge_levels_failure(3, 4, 3, 5),
            "rule 2 (tree-edge levels): tree edge 3 -> 4 joins depths 3 and 5, which do not "
            "differ by one");
  EXPECT_EQ(detail::parent_not_adjacent_failure(2, 0),
            "rule 5 (parent adjacency): vertex 2 has parent 0 but the graph has no arc 0 -> 2");
  EXPECT_EQ(detail::arc_leaves_tree_failure(3, 4, 4, "the source"),
            "rule 4 (spans component): arc 3 -> 4 leaves the tree (vertex 4 is reachable from "
            "the source but has no parent)");
  EXPECT_EQ(detail::arc_levels_failure(0, 2, 0, 2, false),
            "rule 3 (arc levels): arc 0 -> 2 joins levels 0 and 2 (they may differ by at most "
            "one)");
  EXPECT_EQ(detail::arc_levels_failure(0, 2, 0, 2, true),
            "rule 3 (arc levels): arc 0 -> 2 joins levels 0 and 2 (a level may grow by at most "
            "one along an arc)");
  EXPECT_EQ(detail::validation_root_name(1), "the source");
  EXPECT_EQ(detail::validation_root_name(3), "a source");
}

TEST(BfsValidateMessages, DetachedVertexNamesTheChainEndOrTheCycle) {
  // 4 -> 3 -> 2, and 2 has no parent.
  const std::vector<std::int32_t> cut = {0, 0, -1, 2, 3};
  EXPECT_EQ(detail::detached_vertex_failure(std::span<const std::int32_t>(cut), 4, "the source"),
            "rule 1 (tree): the parent chain of vertex 4 ends at vertex 2, which has no parent, "
            "instead of at the source");
  // 1 and 2 point at each other.
  const std::vector<std::int64_t> cycle = {0, 2, 1, 0};
  EXPECT_EQ(
      detail::detached_vertex_failure(std::span<const std::int64_t>(cycle), std::int64_t{1},
                                      "a source"),
      "rule 1 (tree): the parent chain of vertex 1 never reaches a source: cycle 1 -> 2 -> 1");
  // A ring of 20 beyond the source: eight vertices shown, then "...".
  std::vector<std::int32_t> ring(21);
  ring[0] = 0;
  for (std::int32_t v = 1; v <= 20; ++v) ring[v] = v == 20 ? 1 : v + 1;
  const std::string long_cycle =
      detail::detached_vertex_failure(std::span<const std::int32_t>(ring), 1, "the source");
  EXPECT_NE(long_cycle.find("never reaches the source: cycle "), std::string::npos) << long_cycle;
  EXPECT_EQ(long_cycle.substr(long_cycle.size() - 7), " -> ...") << long_cycle;
}

TEST(BfsValidateMessages, ArgumentChecks) {
  const std::vector<std::int32_t> one = {0};
  const std::vector<std::int32_t> twice = {1, 2, 1};
  const std::vector<std::int32_t> outside = {1, 7};
  EXPECT_NO_THROW(detail::check_validation_arguments<std::int32_t>(5, one, 5, 0));
  EXPECT_NO_THROW(detail::check_validation_arguments<std::int32_t>(5, one, 5, 5));
  EXPECT_THROW(detail::check_validation_arguments<std::int32_t>(5, {}, 5, 5), InvalidArgument);
  EXPECT_THROW(detail::check_validation_arguments<std::int32_t>(5, one, 4, 5), InvalidArgument);
  EXPECT_THROW(detail::check_validation_arguments<std::int32_t>(5, one, 5, 3), InvalidArgument);
  try {
    detail::check_validation_arguments<std::int32_t>(5, twice, 5, 5);
    ADD_FAILURE() << "a repeated source was accepted";
  } catch (const InvalidArgument& error) {
    EXPECT_NE(std::string(error.what()).find("source 1 is given twice"), std::string::npos);
  }
  try {
    detail::check_validation_arguments<std::int32_t>(5, outside, 5, 5);
    ADD_FAILURE() << "a source out of range was accepted";
  } catch (const InvalidArgument& error) {
    EXPECT_NE(std::string(error.what()).find("source 7 is outside [0, 5)"), std::string::npos);
  }
}

// Every broken tree is rejected by the host validator, in words that do not depend on the thread
// count; with the parents alone the verdict does not either.
TEST(BfsValidateMessages, EveryBrokenTreeIsRejected) {
  const std::vector<Graph> graphs = {test::graph500_graph(test::kronecker_params(12, 3)),
                                     test::kronecker_graph(test::kronecker_params(10, 5), true),
                                     test::disconnected_kronecker(2, 9, 7, 20),
                                     test::path_graph(3000)};
  for (const Graph& graph : graphs) {
    for (const VertexId source : test::spread_sources(graph)) {
      SCOPED_TRACE("source " + std::to_string(source));
      const BfsResult<VertexId> tree = bfs(graph, source);
      const auto validate = [&](const std::vector<VertexId>& parent,
                                const std::vector<std::int32_t>& depth) {
        const int threads = omp_get_max_threads();
        omp_set_num_threads(1);
        const BfsValidation one = validate_bfs_tree(
            graph, source, std::span<const VertexId>(parent), std::span<const std::int32_t>(depth));
        omp_set_num_threads(2);
        const BfsValidation two = validate_bfs_tree(
            graph, source, std::span<const VertexId>(parent), std::span<const std::int32_t>(depth));
        omp_set_num_threads(threads);
        EXPECT_EQ(one.failure, two.failure);
        return one;
      };
      const auto broken = test::broken_trees(graph, tree, 17 + source);
      EXPECT_GE(broken.size(), 4u);
      for (const auto& damaged : broken) {
        SCOPED_TRACE(damaged.damage);
        const BfsValidation result = validate(damaged.parent, damaged.depth);
        EXPECT_FALSE(result.valid);
        EXPECT_FALSE(result.failure.empty());
        validate(damaged.parent, {});
      }
    }
  }
}

}  // namespace
}  // namespace frontier
