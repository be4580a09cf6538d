// CPU BFS on every real dataset listed in the shared datasets' MANIFEST.md: exact depths against
// the sequential oracle and parents that pass the Graph500 rules, from several sources, with the
// default direction-optimizing search and top-down only (2 threads), and bottom-up only from the
// hub. Directed files (SNAP, DIMACS9) exercise bottom-up steps over in-arcs.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "frontier/bfs.hpp"
#include "frontier/bfs_validate.hpp"
#include "frontier/io/read_graph.hpp"
#include "frontier/reference_bfs.hpp"
#include "support/dataset_manifest.hpp"
#include "support/test_paths.hpp"

namespace frontier {
namespace {

// The vertex of largest out-degree (the smallest such id).
VertexId hub_of(const Graph& graph) {
  VertexId hub = 0;
  for (VertexId v = 0; v < graph.num_vertices(); ++v) {
    if (graph.degree(v) > graph.degree(hub)) hub = v;
  }
  return hub;
}

std::vector<VertexId> sources_of(const Graph& graph) {
  const VertexId n = graph.num_vertices();
  std::vector<VertexId> sources = {0, n / 3, n - 1, hub_of(graph)};
  std::sort(sources.begin(), sources.end());
  sources.erase(std::unique(sources.begin(), sources.end()), sources.end());
  return sources;
}

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
    const VertexId hub = hub_of(graph);
    for (VertexId source : sources_of(graph)) {
      SCOPED_TRACE("source " + std::to_string(source));
      const BfsResult<VertexId> expected = reference_bfs(graph, source);
      for (const BfsOptions& options : settings) {
        if (options.strategy == BfsStrategy::BottomUp && source != hub) continue;
        SCOPED_TRACE(strategy_name(options.strategy));
        const BfsResult<VertexId> actual = bfs(graph, source, options);
        ASSERT_EQ(actual.depth, expected.depth);
        EXPECT_EQ(actual.vertices_reached, expected.vertices_reached);
        const BfsValidation validation = validate_bfs_tree<VertexId, EdgeId>(
            graph, source, std::span<const VertexId>(actual.parent),
            std::span<const std::int32_t>(actual.depth));
        EXPECT_TRUE(validation.valid) << validation.failure;
      }
    }
  }
}

}  // namespace
}  // namespace frontier
