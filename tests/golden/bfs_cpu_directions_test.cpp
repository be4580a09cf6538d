// Where the CPU's direction-optimizing search turns: a bottom-up step that examined most of the
// unexplored arcs lowers alpha and hands the search back to top-down as soon as a top-down step
// costs less (bfs_cpu.cpp), so a power grid keeps a single short bottom-up phase where Beamer's
// fixed rule turned bottom-up again and again; a Kronecker graph keeps its bottom-up phase.
#include <gtest/gtest.h>

#include <string>

#include "frontier/bfs.hpp"
#include "frontier/io/read_graph.hpp"
#include "frontier/reference_bfs.hpp"
#include "support/bfs_checks.hpp"
#include "support/test_graphs.hpp"
#include "support/test_paths.hpp"

namespace frontier {
namespace {

struct Phases {
  int bottom_up_levels = 0;
  int bottom_up_phases = 0;
};

Phases bottom_up_phases(const BfsResult<VertexId>& result) {
  Phases phases;
  bool in_phase = false;
  for (const BfsLevelStats& level : result.levels) {
    const bool bottom_up = level.direction == BfsDirection::BottomUp;
    if (bottom_up) ++phases.bottom_up_levels;
    if (bottom_up && !in_phase) ++phases.bottom_up_phases;
    in_phase = bottom_up;
  }
  return phases;
}

// The default search from `source` on `threads` threads, checked against the oracle.
Phases checked_search(const Graph& graph, VertexId source, int threads) {
  BfsOptions options;
  options.threads = threads;
  const BfsResult<VertexId> result = bfs(graph, source, options);
  test::expect_bfs_matches_reference(graph, result, reference_bfs(graph, source), true);
  return bottom_up_phases(result);
}

TEST(BfsCpuDirections, PowerGridTurnsBottomUpOnceAndBriefly) {
  if (!test::real_datasets_available()) GTEST_SKIP() << "no real datasets folder";
  const io::LoadedGraph loaded = io::read_graph(test::real_datasets_dir() / "power.graph");
  const Graph& graph = loaded.graph;
  ASSERT_EQ(graph.num_vertices(), 4941);
  // Source 1491: Beamer's rule alone ran five bottom-up levels in three phases (15-16, 20-21,
  // 24) of its 33, each examining up to eight times the arcs of the top-down levels around it.
  for (const VertexId source : {VertexId{1491}, VertexId{0}, VertexId{2470}}) {
    for (const int threads : {1, 2}) {
      SCOPED_TRACE("source " + std::to_string(source) + ", threads " + std::to_string(threads));
      const Phases phases = checked_search(graph, source, threads);
      EXPECT_LE(phases.bottom_up_phases, 1);
      EXPECT_LE(phases.bottom_up_levels, 2);
    }
  }
}

TEST(BfsCpuDirections, AGivenAlphaIsFollowedAsGiven) {
  if (!test::real_datasets_available()) GTEST_SKIP() << "no real datasets folder";
  const io::LoadedGraph loaded = io::read_graph(test::real_datasets_dir() / "power.graph");
  BfsOptions options;
  options.threads = 1;
  options.alpha = kDefaultBfsAlpha;
  const BfsResult<VertexId> result = bfs(loaded.graph, VertexId{1491}, options);
  const Phases phases = bottom_up_phases(result);
  EXPECT_EQ(phases.bottom_up_phases, 3);
  EXPECT_EQ(phases.bottom_up_levels, 5);
}

TEST(BfsCpuDirections, KroneckerKeepsItsBottomUpPhase) {
  const Graph graph = test::kronecker_graph(test::kronecker_params(16, 1));
  const VertexId hub = test::highest_degree_vertex(graph);
  for (const int threads : {1, 2}) {
    SCOPED_TRACE("threads " + std::to_string(threads));
    const Phases phases = checked_search(graph, hub, threads);
    EXPECT_EQ(phases.bottom_up_phases, 1);
    EXPECT_GE(phases.bottom_up_levels, 2);
  }
}

}  // namespace
}  // namespace frontier
