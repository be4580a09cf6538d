// Matrix Market reader: every field/symmetry, the read options, sizes 0 and 1, and a large random
// file (many parallel chunks) checked against build_csr() on the tuples the test generated.
#include <gtest/gtest.h>
#include <omp.h>

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

LoadedGraph read_text(const TempDir& dir, const std::string& name, const std::string& text,
                      const ReadOptions& options = {}) {
  return read_graph(write_file(dir / name, text), options);
}

TEST(LoaderMtx, PatternGeneralIsDirectedRowToColumn) {
  TempDir dir;
  const auto loaded = read_text(dir, "g.mtx",
                                "%%MatrixMarket matrix coordinate pattern general\n"
                                "3 3 3\n1 2\n3 1\n2 3\n");
  expect_csr(loaded.graph, {0, 1, 2, 3}, {1, 2, 0}, {}, true);
  EXPECT_EQ(loaded.info.format, GraphFormat::MatrixMarket);
  EXPECT_EQ(loaded.info.variant, "coordinate pattern general");
  EXPECT_EQ(loaded.info.declared_vertices, 3u);
  EXPECT_EQ(loaded.info.declared_edges, 3u);
}

TEST(LoaderMtx, IntegerSymmetricGivesBothArcsAndOneSelfLoop) {
  TempDir dir;
  const auto loaded = read_text(dir, "g.mtx",
                                "%%MatrixMarket matrix coordinate integer symmetric\n"
                                "3 3 3\n2 1 -4\n3 3 9\n3 2 6\n");
  expect_csr(loaded.graph, {0, 1, 3, 5}, {1, 0, 2, 1, 2}, {-4, -4, 6, 6, 9}, false);
}

TEST(LoaderMtx, RealValuesKeepTheirValueOrAreDropped) {
  TempDir dir;
  const std::string text =
      "%%MatrixMarket matrix coordinate real general\n"
      "2 2 2\n1 2 1.25e1\n2 1 -0.5\n";
  expect_csr(read_text(dir, "w.mtx", text).graph, {0, 1, 2}, {1, 0}, {12.5f, -0.5f}, true);
  ReadOptions options;
  options.keep_weights = false;
  expect_csr(read_text(dir, "u.mtx", text, options).graph, {0, 1, 2}, {1, 0}, {}, true);
}

TEST(LoaderMtx, SkewSymmetricNegatesTheMirroredValue) {
  TempDir dir;
  const auto loaded = read_text(dir, "g.mtx",
                                "%%MatrixMarket matrix coordinate integer skew-symmetric\n"
                                "3 3 1\n3 1 5\n");
  expect_csr(loaded.graph, {0, 1, 1, 2}, {2, 0}, {-5, 5}, false);
}

TEST(LoaderMtx, SymmetricEntriesFromBothTrianglesAreDeduplicatedOnRequest) {
  TempDir dir;
  const std::string text =
      "%%MatrixMarket matrix coordinate pattern symmetric\n"
      "2 2 2\n2 1\n1 2\n";
  expect_csr(read_text(dir, "a.mtx", text).graph, {0, 2, 4}, {1, 1, 0, 0}, {}, false);
  ReadOptions options;
  options.remove_duplicates = true;
  expect_csr(read_text(dir, "b.mtx", text, options).graph, {0, 1, 2}, {1, 0}, {}, false);
}

TEST(LoaderMtx, SymmetrizeTurnsAGeneralMatrixUndirected) {
  TempDir dir;
  ReadOptions options;
  options.symmetrize = true;
  const auto loaded = read_text(dir, "g.mtx",
                                "%%MatrixMarket matrix coordinate pattern general\n"
                                "3 3 3\n1 2\n2 3\n3 3\n",
                                options);
  expect_csr(loaded.graph, {0, 1, 3, 5}, {1, 0, 2, 1, 2}, {}, false);
  options.remove_self_loops = true;
  const auto no_loops = read_text(dir, "h.mtx",
                                  "%%MatrixMarket matrix coordinate pattern general\n"
                                  "3 3 3\n1 2\n2 3\n3 3\n",
                                  options);
  expect_csr(no_loops.graph, {0, 1, 3, 4}, {1, 0, 2, 1}, {}, false);
}

TEST(LoaderMtx, EmptyAndSingleVertexMatrices) {
  TempDir dir;
  const auto empty =
      read_text(dir, "e.mtx", "%%MatrixMarket matrix coordinate pattern general\n0 0 0\n");
  expect_csr(empty.graph, {0}, {}, {}, true);
  const auto isolated =
      read_text(dir, "i.mtx", "%%MatrixMarket matrix coordinate pattern symmetric\n1 1 0\n");
  expect_csr(isolated.graph, {0, 0}, {}, {}, false);
  const auto loop =
      read_text(dir, "l.mtx", "%%MatrixMarket matrix coordinate pattern symmetric\n1 1 1\n1 1\n");
  expect_csr(loop.graph, {0, 1}, {0}, {}, false);
}

TEST(LoaderMtx, ReadEdgeListGivesTheArcsBeforeCsrBuilding) {
  TempDir dir;
  GraphFileInfo info;
  const EdgeList<VertexId> edges =
      read_edge_list(write_file(dir / "g.mtx",
                                "%%MatrixMarket matrix coordinate real symmetric\n"
                                "3 3 2\n2 1 1.5\n3 3 2\n"),
                     {}, &info);
  EXPECT_FALSE(edges.directed);
  EXPECT_EQ(edges.num_vertices, 3);
  EXPECT_EQ(edges.sources, (std::vector<VertexId>{1, 0, 2}));
  EXPECT_EQ(edges.targets, (std::vector<VertexId>{0, 1, 2}));
  EXPECT_EQ(edges.weights, (std::vector<Weight>{1.5f, 1.5f, 2.0f}));
  EXPECT_EQ(info.declared_edges, 2u);
  EXPECT_GT(info.bytes, 0u);
}

// Random entries written by the test; the expected graph is build_csr() over the same tuples.
struct RandomMatrix {
  std::string text;
  EdgeList<VertexId> tuples;
};

RandomMatrix random_matrix(std::uint64_t seed, VertexId n, std::int64_t entries, bool symmetric) {
  RandomMatrix matrix;
  matrix.tuples.num_vertices = n;
  matrix.tuples.directed = !symmetric;
  matrix.text = std::string("%%MatrixMarket matrix coordinate integer ") +
                (symmetric ? "symmetric" : "general") + "\n% random\n" + std::to_string(n) + " " +
                std::to_string(n) + " " + std::to_string(entries) + "\n";
  for (std::int64_t i = 0; i < entries; ++i) {
    auto u = static_cast<VertexId>(uniform_below(counter_random(seed, 3 * i), n));
    auto v = static_cast<VertexId>(uniform_below(counter_random(seed, 3 * i + 1), n));
    if (symmetric && v > u) std::swap(u, v);
    const auto w = static_cast<int>(uniform_below(counter_random(seed, 3 * i + 2), 1000)) - 500;
    matrix.text += std::to_string(u + 1) + (i % 3 == 0 ? "\t" : " ") + std::to_string(v + 1) + " " +
                   std::to_string(w) + "\n";
    matrix.tuples.sources.push_back(u);
    matrix.tuples.targets.push_back(v);
    matrix.tuples.weights.push_back(static_cast<Weight>(w));
  }
  return matrix;
}

TEST(LoaderMtx, LargeRandomFileMatchesBuildCsrOfTheSameTuples) {
  TempDir dir;
  for (const bool symmetric : {false, true}) {
    SCOPED_TRACE(symmetric ? "symmetric" : "general");
    const RandomMatrix matrix = random_matrix(symmetric ? 7 : 8, 50000, 300000, symmetric);
    ASSERT_GT(matrix.text.size(), std::size_t{3} << 20);  // several parallel chunks
    const auto loaded = read_text(dir, "big.mtx", matrix.text);
    CsrBuildOptions build;
    build.symmetrize = symmetric;
    const Graph expected = build_csr<VertexId, EdgeId>(matrix.tuples, build);
    test::expect_same_graph(loaded.graph, expected);
    EXPECT_EQ(loaded.info.declared_edges, 300000u);
  }
}

TEST(LoaderMtx, ResultDoesNotDependOnTheThreadCount) {
  TempDir dir;
  const RandomMatrix matrix = random_matrix(11, 1000, 200000, false);
  const auto path = write_file(dir / "t.mtx", matrix.text);
  const int threads = omp_get_max_threads();
  omp_set_num_threads(1);
  const EdgeList<VertexId> one = read_edge_list(path);
  omp_set_num_threads(5);
  const EdgeList<VertexId> five = read_edge_list(path);
  omp_set_num_threads(threads);
  EXPECT_EQ(one.sources, five.sources);
  EXPECT_EQ(one.targets, five.targets);
  EXPECT_EQ(one.weights, five.weights);
  EXPECT_EQ(one.sources, matrix.tuples.sources);  // file order is kept
}

TEST(LoaderMtx, ErrorDeepInABigFileNamesTheRightLine) {
  TempDir dir;
  RandomMatrix matrix = random_matrix(12, 100, 200000, false);
  // Line 3 is the size line, so entry k (0-based) is on line k + 4.
  const std::size_t bad_entry = 173205;
  std::size_t pos = 0;
  for (std::size_t line = 1; line < bad_entry + 4; ++line) pos = matrix.text.find('\n', pos) + 1;
  matrix.text.replace(pos, matrix.text.find('\n', pos) - pos, "101 1 1");
  const auto path = write_file(dir / "deep.mtx", matrix.text);
  for (const int threads : {1, 4}) {
    const int saved = omp_get_max_threads();
    omp_set_num_threads(threads);
    try {
      read_graph(path);
      ADD_FAILURE() << "no error";
    } catch (const IoError& error) {
      EXPECT_EQ(error.line(), bad_entry + 4);
      EXPECT_NE(std::string(error.what()).find("vertex id 101 out of range [1, 100]"),
                std::string::npos)
          << error.what();
      EXPECT_EQ(error.token(), "101 1 1");
    }
    omp_set_num_threads(saved);
  }
}

}  // namespace
}  // namespace frontier::io
