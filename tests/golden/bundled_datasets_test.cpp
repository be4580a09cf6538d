// Golden test: every tiny graph in datasets/ loads into exactly the CSR worked out by hand from
// the file (see datasets/README.md), with the declared n/m the file states.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "frontier/io/read_graph.hpp"
#include "support/csr_expectations.hpp"
#include "support/temp_files.hpp"
#include "support/test_paths.hpp"

namespace frontier::io {
namespace {

struct BundledCase {
  std::string file;
  ReadOptions options;
  std::uint64_t declared_vertices;
  std::uint64_t declared_edges;
  bool gzip;
  std::vector<EdgeId> offsets;
  std::vector<VertexId> targets;
  std::vector<Weight> weights;
  bool directed;
};

ReadOptions renumbered() {
  ReadOptions options;
  options.renumber = true;
  return options;
}

ReadOptions symmetrized() {
  ReadOptions options;
  options.symmetrize = true;
  return options;
}

ReadOptions without_self_loops() {
  ReadOptions options;
  options.remove_self_loops = true;
  return options;
}

ReadOptions without_weights() {
  ReadOptions options;
  options.keep_weights = false;
  return options;
}

// Offsets of the 31-vertex graph 10->20, 20->30, 30->10 (ids as written).
std::vector<EdgeId> sparse_id_offsets() {
  std::vector<EdgeId> offsets(32, 0);
  for (int v = 11; v <= 31; ++v) offsets[v] = v <= 20 ? 1 : (v <= 30 ? 2 : 3);
  return offsets;
}

// Triangle 1-2-3, path 3-5-6, vertex 4 isolated (0-based: 0-1-2, 2-4-5, 3).
const std::vector<EdgeId> kTinyOffsets = {0, 2, 4, 7, 7, 9, 10};
const std::vector<VertexId> kTinyTargets = {1, 2, 0, 2, 0, 1, 4, 2, 5, 4};

std::vector<BundledCase> bundled_cases() {
  return {
      {"tiny_undirected.mtx", {}, 6, 5, false, kTinyOffsets, kTinyTargets, {}, false},
      {"tiny_undirected.mtx.gz", {}, 6, 5, true, kTinyOffsets, kTinyTargets, {}, false},
      {"tiny_directed.mtx",
       {},
       4,
       5,
       false,
       {0, 1, 2, 4, 5},
       {1, 2, 0, 3, 3},
       {5, -2, 7, 1, 3},
       true},
      {"tiny_directed.mtx",
       without_self_loops(),
       4,
       5,
       false,
       {0, 1, 2, 4, 4},
       {1, 2, 0, 3},
       {5, -2, 7, 1},
       true},
      {"tiny_real_symmetric.mtx",
       {},
       3,
       3,
       false,
       {0, 2, 4, 5},
       {0, 1, 0, 2, 1},
       {0.5f, 1.5f, 1.5f, 2.25f, 2.25f},
       false},
      {"tiny_skew.mtx", {}, 3, 2, false, {0, 2, 3, 4}, {1, 2, 0, 0}, {-4, 1, 4, -1}, false},
      {"tiny_rectangular.mtx", {}, 4, 3, false, {0, 2, 3, 3, 3}, {0, 2, 3}, {}, true},
      {"tiny.gr", {}, 4, 5, false, {0, 2, 3, 4, 5}, {1, 2, 2, 3, 0}, {3, 10, 4, 5, 6}, true},
      {"tiny.gr", without_weights(), 4, 5, false, {0, 2, 3, 4, 5}, {1, 2, 2, 3, 0}, {}, true},
      {"tiny.graph", {}, 6, 5, false, kTinyOffsets, kTinyTargets, {}, false},
      {"tiny_compressed.graph.gz", {}, 6, 5, true, kTinyOffsets, kTinyTargets, {}, false},
      {"tiny_weighted.graph", {}, 3, 2, false, {0, 1, 3, 4}, {1, 0, 2, 1}, {7, 7, 9, 9}, false},
      {"tiny_sizes.graph", {}, 3, 1, false, {0, 1, 2, 2}, {1, 0}, {}, false},
      {"tiny.txt", {}, 6, 5, false, {0, 1, 2, 4, 4, 4, 5}, {1, 2, 0, 3, 2}, {}, true},
      {"tiny.txt",
       symmetrized(),
       6,
       5,
       false,
       {0, 2, 4, 8, 9, 9, 10},
       {1, 2, 0, 2, 0, 1, 3, 5, 2, 2},
       {},
       false},
      {"tiny_crlf_weighted.txt",
       {},
       31,
       3,
       false,
       sparse_id_offsets(),
       {20, 30, 10},
       {1.5f, 2, 0.25f},
       true},
      {"tiny_crlf_weighted.txt",
       renumbered(),
       3,
       3,
       false,
       {0, 1, 2, 3},
       {1, 2, 0},
       {1.5f, 2, 0.25f},
       true},
  };
}

TEST(BundledDatasets, EveryTinyGraphLoadsExactly) {
  for (const BundledCase& c : bundled_cases()) {
    SCOPED_TRACE(c.file);
    const LoadedGraph loaded = read_graph(test::bundled_dataset(c.file), c.options);
    EXPECT_EQ(loaded.info.declared_vertices, c.declared_vertices);
    EXPECT_EQ(loaded.info.declared_edges, c.declared_edges);
    EXPECT_EQ(loaded.info.compression == "gzip", c.gzip);
    test::expect_csr(loaded.graph, c.offsets, c.targets, c.weights, c.directed);
  }
}

TEST(BundledDatasets, ReadmeListsEveryFileInTheFolder) {
  const std::string readme = test::read_file(test::bundled_dataset("README.md"));
  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::directory_iterator(test::bundled_dataset(""))) {
    const std::string name = entry.path().filename().string();
    if (name == "README.md") continue;
    files.push_back(name);
    EXPECT_NE(readme.find("`" + name + "`"), std::string::npos) << name << " is not in README.md";
  }
  // Every bundled file is covered by the golden table above (karate.mtx by its own test below).
  for (const std::string& name : files) {
    bool covered = name == "karate.mtx";
    for (const BundledCase& c : bundled_cases()) covered = covered || c.file == name;
    EXPECT_TRUE(covered) << name << " has no golden case";
  }
}

// Zachary's karate club: 34 members, 78 ties; the degree sequence is Zachary's (1977) Table 1.
TEST(BundledDatasets, KarateClubIsZacharysGraph) {
  const LoadedGraph loaded = read_graph(test::bundled_dataset("karate.mtx"));
  EXPECT_EQ(loaded.info.declared_vertices, 34u);
  EXPECT_EQ(loaded.info.declared_edges, 78u);
  ASSERT_EQ(loaded.graph.num_vertices(), 34);
  EXPECT_EQ(loaded.graph.num_arcs(), 156);
  EXPECT_FALSE(loaded.graph.directed());
  const std::vector<EdgeId> degrees = {16, 9, 10, 6, 3, 4, 4, 4, 5, 2, 3, 1, 2, 5, 2, 2,  2,
                                       2,  2, 3,  2, 2, 2, 5, 3, 3, 2, 4, 3, 4, 4, 6, 12, 17};
  for (VertexId v = 0; v < 34; ++v) {
    EXPECT_EQ(loaded.graph.degree(v), degrees[v]) << "vertex " << v + 1;
    for (const VertexId u : loaded.graph.neighbors(v)) {
      const auto back = loaded.graph.neighbors(u);
      EXPECT_NE(std::find(back.begin(), back.end(), v), back.end()) << u << " -> " << v;
    }
  }
}

}  // namespace
}  // namespace frontier::io
