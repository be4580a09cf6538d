// CPU BFS on every real dataset listed in the shared datasets' MANIFEST.md: exact depths against
// the sequential oracle and parents that pass the Graph500 rules, from several sources, with the
// default direction-optimizing search and top-down only (2 threads), and bottom-up only from the
// hub. Directed files (SNAP, DIMACS9) exercise bottom-up steps over in-arcs.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "frontier/bfs.hpp"
#include "frontier/io/read_graph.hpp"
#include "frontier/reference_bfs.hpp"
#include "support/bfs_checks.hpp"
#include "support/dataset_manifest.hpp"
#include "support/test_graphs.hpp"
#include "support/test_paths.hpp"

namespace frontier {
namespace {

TEST(BfsCpuRealDatasets, EveryDatasetMatchesReference) {
  if (!test::real_datasets_available()) GTEST_SKIP() << "no real datasets folder";
  const auto folder = test::real_datasets_dir();
  const std::vector<std::string> names = test::manifest_datasets(folder);
  ASSERT_FALSE(names.empty()) << "MANIFEST.md lists no datasets";

  // Direction-optimizing and top-down from every source; bottom-up only (O(n) per level, slow
  // on road networks with hundreds of levels) from the hub alone.
  std::vector<BfsOptions> settings(3);
  settings[0].threads = 2;
  settings[1].strategy = BfsStrategy::TopDown;
  settings[1].threads = 2;
  settings[2].strategy = BfsStrategy::BottomUp;
  settings[2].threads = 2;

  for (const std::string& name : names) {
    SCOPED_TRACE(name);
    ASSERT_TRUE(std::filesystem::exists(folder / name));
    const io::LoadedGraph loaded = io::read_graph(folder / name);
    const Graph& graph = loaded.graph;
    ASSERT_GT(graph.num_vertices(), 0);
    const VertexId hub = test::highest_degree_vertex(graph);
    for (VertexId source : test::spread_sources(graph)) {
      SCOPED_TRACE("source " + std::to_string(source));
      const BfsResult<VertexId> expected = reference_bfs(graph, source);
      for (const BfsOptions& options : settings) {
        if (options.strategy == BfsStrategy::BottomUp && source != hub) continue;
        SCOPED_TRACE(to_string(options.strategy));
        test::expect_bfs_matches_reference(graph, bfs(graph, source, options), expected, true);
      }
    }
  }
}

}  // namespace
}  // namespace frontier
