// DIMACS9 .gr reader: arcs and lengths, comments anywhere, options, sizes 0 and 1, and a large
// random file against build_csr() over the generated arcs.
#include <gtest/gtest.h>

#include <string>

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

TEST(LoaderDimacs9, ArcsKeepTheirLengthsAndDirection) {
  TempDir dir;
  const auto loaded = read_graph(write_file(dir / "g.gr",
                                            "c road\np sp 3 4\nc arcs follow\n"
                                            "a 1 2 7\na 2 1 7\nc middle comment\na 2 3 1\n"
                                            "a 3 3 4\n"));
  expect_csr(loaded.graph, {0, 1, 3, 4}, {1, 0, 2, 2}, {7, 7, 1, 4}, true);
  EXPECT_EQ(loaded.info.declared_vertices, 3u);
  EXPECT_EQ(loaded.info.declared_edges, 4u);
  EXPECT_EQ(loaded.info.format, GraphFormat::Dimacs9);
}

TEST(LoaderDimacs9, OptionsDropWeightsSymmetrizeAndDeduplicate) {
  TempDir dir;
  const auto path = write_file(dir / "g.gr", "p sp 3 3\na 1 2 5\na 1 2 3\na 3 3 1\n");
  ReadOptions options;
  options.keep_weights = false;
  expect_csr(read_graph(path, options).graph, {0, 2, 2, 3}, {1, 1, 2}, {}, true);
  options = {};
  options.remove_duplicates = true;
  // Of duplicates the smallest weight stays.
  expect_csr(read_graph(path, options).graph, {0, 1, 1, 2}, {1, 2}, {3, 1}, true);
  options.symmetrize = true;
  options.remove_self_loops = true;
  expect_csr(read_graph(path, options).graph, {0, 1, 2, 2}, {1, 0}, {3, 3}, false);
}

TEST(LoaderDimacs9, NoArcsAndOneVertex) {
  TempDir dir;
  expect_csr(read_graph(write_file(dir / "e.gr", "p sp 0 0\n")).graph, {0}, {}, {}, true);
  expect_csr(read_graph(write_file(dir / "i.gr", "p sp 3 0\n")).graph, {0, 0, 0, 0}, {}, {}, true);
  expect_csr(read_graph(write_file(dir / "l.gr", "p sp 1 1\na 1 1 2\n")).graph, {0, 1}, {0}, {2},
             true);
}

TEST(LoaderDimacs9, LargeRandomFileMatchesBuildCsr) {
  TempDir dir;
  constexpr VertexId kVertices = 20000;
  constexpr std::int64_t kArcs = 250000;
  std::string text =
      "c random\np sp " + std::to_string(kVertices) + " " + std::to_string(kArcs) + "\n";
  EdgeList<VertexId> arcs;
  arcs.num_vertices = kVertices;
  for (std::int64_t i = 0; i < kArcs; ++i) {
    const auto u = static_cast<VertexId>(uniform_below(counter_random(21, 3 * i), kVertices));
    const auto v = static_cast<VertexId>(uniform_below(counter_random(21, 3 * i + 1), kVertices));
    const auto w = static_cast<int>(uniform_below(counter_random(21, 3 * i + 2), 100000));
    text +=
        "a " + std::to_string(u + 1) + " " + std::to_string(v + 1) + " " + std::to_string(w) + "\n";
    if (i % 1000 == 0) text += "c a comment line\n";
    arcs.sources.push_back(u);
    arcs.targets.push_back(v);
    arcs.weights.push_back(static_cast<Weight>(w));
  }
  ASSERT_GT(text.size(), std::size_t{3} << 20);
  const auto loaded = read_graph(write_file(dir / "big.gr", text));
  test::expect_same_graph(loaded.graph, build_csr<VertexId, EdgeId>(arcs));
}

}  // namespace
}  // namespace frontier::io
