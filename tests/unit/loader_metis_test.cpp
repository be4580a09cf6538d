// METIS / DIMACS10 reader: every fmt code, empty lines as isolated vertices, comments and
// trailing blank lines, sizes 0 and 1, and a large random graph against build_csr().
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "frontier/csr_builder.hpp"
#include "frontier/errors.hpp"
#include "frontier/io/read_graph.hpp"
#include "frontier/random.hpp"
#include "support/csr_expectations.hpp"
#include "support/temp_files.hpp"

namespace frontier::io {
namespace {

using test::expect_csr;
using test::TempDir;
using test::write_file;

// The path 1-2-3 plus isolated vertex 4 (0-based: 0-1, 1-2, 3 alone).
const std::vector<EdgeId> kPathOffsets = {0, 1, 3, 4, 4};
const std::vector<VertexId> kPathTargets = {1, 0, 2, 1};

TEST(LoaderMetis, EveryFmtCodeReadsTheSameTopology) {
  TempDir dir;
  struct Variant {
    const char* text;
    std::vector<Weight> weights;
  };
  const std::vector<Variant> variants = {
      {"4 2\n2\n1 3\n2\n\n", {}},
      {"4 2 0\n2\n1 3\n2\n\n", {}},
      {"4 2 1\n2 5\n1 5 3 6\n2 6\n\n", {5, 5, 6, 6}},
      {"4 2 001\n2 5\n1 5 3 6\n2 6\n\n", {5, 5, 6, 6}},
      {"4 2 10\n9 2\n9 1 3\n9 2\n9\n", {}},
      {"4 2 11\n9 2 5\n9 1 5 3 6\n9 2 6\n9\n", {5, 5, 6, 6}},
      {"4 2 100\n3 2\n3 1 3\n3 2\n3\n", {}},
      {"4 2 101\n3 2 5\n3 1 5 3 6\n3 2 6\n3\n", {5, 5, 6, 6}},
      {"4 2 110\n3 9 2\n3 9 1 3\n3 9 2\n3 9\n", {}},
      {"4 2 111 3\n3 9 8 7 2 5\n3 9 8 7 1 5 3 6\n3 9 8 7 2 6\n3 9 8 7\n", {5, 5, 6, 6}},
  };
  for (const Variant& variant : variants) {
    SCOPED_TRACE(variant.text);
    const auto loaded = read_graph(write_file(dir / "g.graph", variant.text));
    expect_csr(loaded.graph, kPathOffsets, kPathTargets, variant.weights, false);
    EXPECT_EQ(loaded.info.declared_vertices, 4u);
    EXPECT_EQ(loaded.info.declared_edges, 2u);
  }
}

TEST(LoaderMetis, FmtIsReportedInTheVariant) {
  TempDir dir;
  EXPECT_EQ(
      read_graph(write_file(dir / "a.graph", "4 2 11\n9 2 5\n9 1 5 3 6\n9 2 6\n9\n")).info.variant,
      "fmt=011");
  EXPECT_EQ(read_graph(write_file(dir / "b.graph", "1 0 10 2\n1 2\n")).info.variant,
            "fmt=010 ncon=2");
}

TEST(LoaderMetis, BlankLinesInTheMiddleAreIsolatedVertices) {
  TempDir dir;
  // Vertices 2 and 3 are isolated; 1-4 is the only edge.
  const auto loaded = read_graph(write_file(dir / "g.graph", "4 1\n4\n\n   \n1\n"));
  expect_csr(loaded.graph, {0, 1, 1, 1, 2}, {3, 0}, {}, false);
}

TEST(LoaderMetis, CommentsAreNotVerticesAndTrailingBlankLinesAreTolerated) {
  TempDir dir;
  const auto loaded = read_graph(write_file(
      dir / "g.graph", "% header comment\n4 2\n2\n% a comment between vertices\n1 3\n2\n\n\n\n"));
  expect_csr(loaded.graph, kPathOffsets, kPathTargets, {}, false);
}

TEST(LoaderMetis, LastLineWithoutNewline) {
  TempDir dir;
  const auto loaded = read_graph(write_file(dir / "g.graph", "3 2\n2\n1 3\n2"));
  expect_csr(loaded.graph, {0, 1, 3, 4}, {1, 0, 2, 1}, {}, false);
}

TEST(LoaderMetis, EmptyAndSingleVertexGraphs) {
  TempDir dir;
  expect_csr(read_graph(write_file(dir / "e.graph", "0 0\n")).graph, {0}, {}, {}, false);
  expect_csr(read_graph(write_file(dir / "i.graph", "1 0\n\n")).graph, {0, 0}, {}, {}, false);
  EXPECT_THROW(read_graph(write_file(dir / "missing.graph", "1 0\n")), IoError);
}

TEST(LoaderMetis, SymmetrizeDoesNotDoubleAnUndirectedGraph) {
  TempDir dir;
  ReadOptions options;
  options.symmetrize = true;
  const auto loaded = read_graph(write_file(dir / "g.graph", "4 2\n2\n1 3\n2\n\n"), options);
  expect_csr(loaded.graph, kPathOffsets, kPathTargets, {}, false);
}

TEST(LoaderMetis, LargeRandomGraphMatchesBuildCsr) {
  TempDir dir;
  constexpr VertexId kVertices = 30000;
  constexpr std::int64_t kEdges = 200000;
  EdgeList<VertexId> edges;
  edges.num_vertices = kVertices;
  edges.directed = false;
  for (std::int64_t i = 0; i < kEdges; ++i) {
    const auto u = static_cast<VertexId>(uniform_below(counter_random(31, 2 * i), kVertices));
    const auto v = static_cast<VertexId>(uniform_below(counter_random(31, 2 * i + 1), kVertices));
    if (u == v) continue;
    edges.sources.push_back(u);
    edges.targets.push_back(v);
  }
  CsrBuildOptions build;
  build.symmetrize = true;
  const Graph expected = build_csr<VertexId, EdgeId>(edges, build);
  // Write the adjacency lines from the expected CSR (many vertices isolated: empty lines).
  std::string text = "% random\n" + std::to_string(kVertices) + " " +
                     std::to_string(expected.num_arcs() / 2) + "\n";
  for (VertexId v = 0; v < kVertices; ++v) {
    for (VertexId w : expected.neighbors(v)) text += std::to_string(w + 1) + " ";
    text += "\n";
  }
  ASSERT_GT(text.size(), std::size_t{2} << 20);
  const auto loaded = read_graph(write_file(dir / "big.graph", text));
  test::expect_same_graph(loaded.graph, expected);
}

}  // namespace
}  // namespace frontier::io
