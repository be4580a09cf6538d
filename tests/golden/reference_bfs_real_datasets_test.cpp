// reference_bfs against Boost Graph's breadth_first_search on every real-world
// graph in the shared dataset folder (read with io::read_graph; directed ones
// also symmetrized): depths must be equal exactly and the reference parents
// must pass the Graph500 validator. Skips when the folder is missing (CI sets
// FRONTIER_REQUIRE_REAL_DATASETS=1 to make that a failure).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "frontier/bfs_validate.hpp"
#include "frontier/errors.hpp"
#include "frontier/io/graph_format.hpp"
#include "frontier/io/read_graph.hpp"
#include "frontier/random.hpp"
#include "frontier/reference_bfs.hpp"
#include "support/boost_bfs.hpp"
#include "support/test_paths.hpp"

namespace frontier {
namespace {

namespace fs = std::filesystem;

std::vector<fs::path> real_graph_files() {
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(test::real_datasets_dir())) {
    if (!entry.is_regular_file()) continue;
    try {
      io::format_from_extension(entry.path());
      files.push_back(entry.path());
    } catch (const InvalidArgument&) {
      // MANIFEST.md, SHA256SUMS: not graphs.
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

// Sources: 0, the highest-degree vertex and six counter-based draws.
std::vector<VertexId> pick_sources(const Graph& graph, std::uint64_t seed) {
  const VertexId n = graph.num_vertices();
  std::vector<VertexId> sources{0};
  VertexId hub = 0;
  for (VertexId v = 1; v < n; ++v) {
    if (graph.degree(v) > graph.degree(hub)) hub = v;
  }
  sources.push_back(hub);
  for (std::uint64_t i = 0; i < 6; ++i) {
    sources.push_back(static_cast<VertexId>(
        uniform_below(counter_random(seed, i), static_cast<std::uint64_t>(n))));
  }
  std::sort(sources.begin(), sources.end());
  sources.erase(std::unique(sources.begin(), sources.end()), sources.end());
  return sources;
}

void check_graph(const Graph& graph, const std::string& label, std::uint64_t seed) {
  SCOPED_TRACE(label);
  ASSERT_GT(graph.num_vertices(), 0);
  const test::BoostCsrOracle oracle(graph);
  const auto sources = pick_sources(graph, seed);
  std::cout << label << ": " << graph.num_vertices() << " vertices, " << graph.num_arcs()
            << " arcs, " << (graph.directed() ? "directed" : "undirected") << ", " << sources.size()
            << " sources\n";
  for (const VertexId source : sources) {
    SCOPED_TRACE("source " + std::to_string(source));
    const auto result = reference_bfs(graph, source);
    ASSERT_EQ(result.depth, oracle.depths(source));
    const auto validation =
        validate_bfs_tree(graph, source, std::span<const VertexId>(result.parent),
                          std::span<const std::int32_t>(result.depth));
    EXPECT_TRUE(validation.valid) << validation.failure;
    EXPECT_EQ(validation.vertices_in_tree, result.vertices_reached);
  }
}

TEST(ReferenceBfsRealDatasets, MatchesBoostOnEveryDataset) {
  if (!test::real_datasets_available()) GTEST_SKIP() << "no " << test::real_datasets_dir();
  const auto files = real_graph_files();
  ASSERT_FALSE(files.empty()) << "no graph files in " << test::real_datasets_dir();
  std::uint64_t seed = 1000;
  for (const fs::path& path : files) {
    const io::LoadedGraph loaded = io::read_graph(path);
    check_graph(loaded.graph, path.filename().string(), seed++);
    if (loaded.graph.directed()) {
      io::ReadOptions options;
      options.symmetrize = true;
      const io::LoadedGraph undirected = io::read_graph(path, options);
      ASSERT_FALSE(undirected.graph.directed());
      check_graph(undirected.graph, path.filename().string() + " (symmetrized)", seed++);
    }
  }
}

}  // namespace
}  // namespace frontier
