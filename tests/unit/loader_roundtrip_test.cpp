// Writers: write_graph() then read_graph() gives the same CSR for every text format, plain and
// gzip; the output does not depend on the thread count; graphs a format cannot hold are refused.
#include <gtest/gtest.h>
#include <omp.h>

#include <string>
#include <vector>

#include "frontier/csr_builder.hpp"
#include "frontier/errors.hpp"
#include "frontier/io/read_graph.hpp"
#include "frontier/io/write_graph.hpp"
#include "frontier/random.hpp"
#include "support/csr_expectations.hpp"
#include "support/temp_files.hpp"

namespace frontier::io {
namespace {

using test::expect_same_graph;
using test::TempDir;

// A random graph on n vertices; the last vertex always has an arc so that SNAP (n = max id + 1)
// keeps every vertex. Weights, when asked for, are integers in [1, 1000].
Graph random_graph(std::uint64_t seed, VertexId n, std::int64_t m, bool directed, bool weighted,
                   bool self_loops) {
  EdgeList<VertexId> edges;
  edges.num_vertices = n;
  edges.directed = directed;
  for (std::int64_t i = 0; i < m; ++i) {
    const auto u = static_cast<VertexId>(uniform_below(counter_random(seed, 3 * i), n));
    const auto v = static_cast<VertexId>(uniform_below(counter_random(seed, 3 * i + 1), n));
    if (u == v && !self_loops) continue;
    edges.sources.push_back(u);
    edges.targets.push_back(v);
    if (weighted) {
      edges.weights.push_back(
          static_cast<Weight>(1 + uniform_below(counter_random(seed, 3 * i + 2), 1000)));
    }
  }
  edges.sources.push_back(n - 1);
  edges.targets.push_back(0);
  if (weighted) edges.weights.push_back(7);
  CsrBuildOptions build;
  build.symmetrize = !directed;
  return build_csr<VertexId, EdgeId>(edges, build);
}

struct Shape {
  const char* name;
  bool directed;
  bool weighted;
  bool self_loops;
};

const Shape kShapes[] = {
    {"undirected", false, false, false},      {"undirected-weighted", false, true, false},
    {"undirected-loops", false, false, true}, {"directed", true, false, true},
    {"directed-weighted", true, true, true},
};

// What a format gives back for `graph` (see write_graph.cpp's file comment).
bool format_holds(const std::string& extension, const Shape& shape) {
  if (extension == ".graph") return !shape.directed && !shape.self_loops;
  return true;
}

ReadOptions read_back_options(const std::string& extension, const Shape& shape) {
  ReadOptions options;
  // SNAP lists an undirected edge once; symmetrizing restores both arcs.
  options.symmetrize = extension == ".txt" && !shape.directed;
  return options;
}

TEST(LoaderRoundTrip, WriteThenReadGivesTheSameGraph) {
  TempDir dir;
  for (const Shape& shape : kShapes) {
    const Graph graph =
        random_graph(71, 3000, 20000, shape.directed, shape.weighted, shape.self_loops);
    for (const std::string extension : {".mtx", ".gr", ".graph", ".txt"}) {
      if (!format_holds(extension, shape)) continue;
      for (const std::string suffix : {"", ".gz"}) {
        const std::string name = std::string(shape.name) + extension + suffix;
        SCOPED_TRACE(name);
        write_graph(graph, dir / name);
        const LoadedGraph back = read_graph(dir / name, read_back_options(extension, shape));
        EXPECT_EQ(back.info.compression == "gzip", suffix == ".gz");
        EXPECT_EQ(back.graph.offsets(), graph.offsets());
        EXPECT_EQ(back.graph.targets(), graph.targets());
        if (extension == ".gr") {
          // DIMACS9 is directed and always weighted: an undirected graph comes back as its arcs,
          // an unweighted one with length 1 everywhere.
          EXPECT_TRUE(back.graph.directed());
          const std::vector<Weight> ones(graph.targets().size(), 1.0f);
          EXPECT_EQ(back.graph.weights(), shape.weighted ? graph.weights() : ones);
        } else {
          EXPECT_EQ(back.graph.weights(), graph.weights());
          EXPECT_EQ(back.graph.directed(), graph.directed());
        }
      }
    }
  }
}

TEST(LoaderRoundTrip, RealWeightsSurviveMatrixMarketAndSnapExactly) {
  TempDir dir;
  EdgeList<VertexId> edges;
  edges.num_vertices = 3;
  edges.sources = {0, 1, 2};
  edges.targets = {1, 2, 0};
  edges.weights = {0.1f, -3.4028235e38f, 1.17549435e-38f};
  const Graph graph = build_csr<VertexId, EdgeId>(edges);
  for (const char* name : {"w.mtx", "w.txt"}) {
    write_graph(graph, dir / name);
    expect_same_graph(read_graph(dir / name).graph, graph);
  }
}

TEST(LoaderRoundTrip, EmptyGraphAndIsolatedVertices) {
  TempDir dir;
  const Graph empty;
  for (const char* name : {"e.mtx", "e.gr", "e.graph"}) {
    write_graph(empty, dir / name);
    EXPECT_EQ(read_graph(dir / name).graph.num_vertices(), 0) << name;
  }
  // Vertices 0 and 4 isolated: MTX, DIMACS9 and METIS keep them.
  EdgeList<VertexId> edges;
  edges.num_vertices = 5;
  edges.directed = false;
  edges.sources = {1, 2};
  edges.targets = {2, 3};
  CsrBuildOptions build;
  build.symmetrize = true;
  const Graph graph = build_csr<VertexId, EdgeId>(edges, build);
  for (const char* name : {"i.mtx", "i.graph"}) {
    write_graph(graph, dir / name);
    expect_same_graph(read_graph(dir / name).graph, graph);
  }
  write_graph(graph, dir / "i.gr");
  EXPECT_EQ(read_graph(dir / "i.gr").graph.offsets(), graph.offsets());
  // SNAP cannot: n becomes the largest id + 1.
  write_graph(graph, dir / "i.txt");
  EXPECT_EQ(read_graph(dir / "i.txt").graph.num_vertices(), 4);
}

TEST(LoaderRoundTrip, OutputDoesNotDependOnTheThreadCount) {
  TempDir dir;
  const Graph graph = random_graph(72, 100000, 400000, false, true, false);
  const int saved = omp_get_max_threads();
  for (const char* extension : {".mtx", ".graph"}) {
    omp_set_num_threads(1);
    write_graph(graph, dir / (std::string("one") + extension));
    omp_set_num_threads(6);
    write_graph(graph, dir / (std::string("six") + extension));
    omp_set_num_threads(saved);
    EXPECT_EQ(test::read_file(dir / (std::string("one") + extension)),
              test::read_file(dir / (std::string("six") + extension)));
  }
}

TEST(LoaderRoundTrip, GzipOutputIsGzip) {
  TempDir dir;
  write_graph(random_graph(73, 10, 20, true, false, false), dir / "g.mtx.gz");
  const std::string bytes = test::read_file(dir / "g.mtx.gz");
  ASSERT_GE(bytes.size(), 2u);
  EXPECT_EQ(static_cast<unsigned char>(bytes[0]), 0x1f);
  EXPECT_EQ(static_cast<unsigned char>(bytes[1]), 0x8b);
}

TEST(LoaderRoundTrip, FormatsRefuseGraphsTheyCannotHold) {
  TempDir dir;
  const Graph directed = random_graph(74, 10, 30, true, false, false);
  EXPECT_THROW(write_graph(directed, dir / "d.graph"), InvalidArgument);
  const Graph loops = random_graph(75, 10, 200, false, false, true);
  EXPECT_THROW(write_graph(loops, dir / "l.graph"), InvalidArgument);
  EdgeList<VertexId> edges;
  edges.num_vertices = 2;
  edges.sources = {0};
  edges.targets = {1};
  edges.weights = {1.5f};
  const Graph fractional = build_csr<VertexId, EdgeId>(edges);
  EXPECT_THROW(write_graph(fractional, dir / "f.gr"), InvalidArgument);
  edges.directed = false;
  edges.weights = {0.0f};
  CsrBuildOptions build;
  build.symmetrize = true;
  EXPECT_THROW(write_graph(build_csr<VertexId, EdgeId>(edges, build), dir / "z.graph"),
               InvalidArgument);
  EXPECT_THROW(write_graph(directed, dir / "x.unknown"), InvalidArgument);
  // Nothing is left behind by a refused write.
  for (const auto& entry : std::filesystem::directory_iterator(dir.path())) {
    ADD_FAILURE() << "left behind: " << entry.path();
  }
}

TEST(LoaderRoundTrip, UnwritablePathIsAnIoError) {
  TempDir dir;
  const Graph graph = random_graph(76, 10, 20, true, false, false);
  try {
    write_graph(graph, dir / "no" / "such" / "folder" / "g.mtx");
    ADD_FAILURE() << "no error";
  } catch (const IoError& error) {
    EXPECT_NE(error.file().find("g.mtx"), std::string::npos);
  }
}

}  // namespace
}  // namespace frontier::io
