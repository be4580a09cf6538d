// SNAP reader on files of many parallel chunks: every chunk writes its arcs into slots of one
// pair of arrays sized by the line count, and the slots of comment and blank lines are squeezed
// out after. Comments and blank lines spread over the file (and so over chunk boundaries) must
// leave the arcs in file order, with their weights and renumbered ids, at any thread count.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "frontier/errors.hpp"
#include "frontier/io/read_graph.hpp"
#include "frontier/random.hpp"
#include "support/generator_checks.hpp"
#include "support/temp_files.hpp"

namespace frontier::io {
namespace {

using test::TempDir;
using test::write_file;

// An edge-list text and the arcs it holds, in file order.
struct RandomSnap {
  std::string text;
  std::vector<VertexId> sources;
  std::vector<VertexId> targets;
  std::vector<Weight> weights;
};

// `edges` random edge lines over ids below `n` (a weight column when `weighted`), with comment
// lines, blank lines and CRLF endings mixed in at irregular intervals.
RandomSnap random_snap(std::uint64_t seed, std::uint64_t n, std::uint64_t edges, bool weighted) {
  RandomSnap snap;
  snap.text = "# Directed graph for the chunked parse test\n# FromNodeId\tToNodeId\n";
  for (std::uint64_t i = 0; i < edges; ++i) {
    if (i % 997 == 13) snap.text += "# a comment inside the edge lines\n";
    if (i % 1499 == 7) snap.text += "\n   \n";
    const auto u = static_cast<VertexId>(uniform_below(counter_random(seed, 3 * i), n));
    const auto v = static_cast<VertexId>(uniform_below(counter_random(seed, 3 * i + 1), n));
    snap.text += std::to_string(u) + (i % 5 == 0 ? "\t" : " ") + std::to_string(v);
    if (weighted) {
      const auto w = static_cast<int>(uniform_below(counter_random(seed, 3 * i + 2), 100)) - 50;
      snap.text += " " + std::to_string(w);
      snap.weights.push_back(static_cast<Weight>(w));
    }
    snap.text += i % 7 == 0 ? "\r\n" : "\n";
    snap.sources.push_back(u);
    snap.targets.push_back(v);
  }
  snap.text += "# trailing comment\n\n";
  return snap;
}

TEST(SnapChunkedParse, ArcsOfManyChunksKeepFileOrderPastCommentsAndBlankLines) {
  TempDir dir;
  const RandomSnap snap = random_snap(3, 20000, 300000, false);
  ASSERT_GT(snap.text.size(), std::size_t{3} << 20);  // several parallel chunks
  GraphFileInfo info;
  const EdgeList<VertexId> edges = read_edge_list(write_file(dir / "g.txt", snap.text), {}, &info);
  EXPECT_EQ(edges.sources, snap.sources);
  EXPECT_EQ(edges.targets, snap.targets);
  EXPECT_TRUE(edges.weights.empty());
  EXPECT_EQ(info.declared_edges, 300000u);
}

TEST(SnapChunkedParse, WeightsFollowTheirArcsOrAreDropped) {
  TempDir dir;
  const RandomSnap snap = random_snap(4, 5000, 250000, true);
  const auto path = write_file(dir / "w.txt", snap.text);
  const EdgeList<VertexId> kept = read_edge_list(path);
  EXPECT_EQ(kept.sources, snap.sources);
  EXPECT_EQ(kept.targets, snap.targets);
  EXPECT_EQ(kept.weights, snap.weights);
  ReadOptions options;
  options.keep_weights = false;
  const EdgeList<VertexId> dropped = read_edge_list(path, options);
  EXPECT_EQ(dropped.sources, snap.sources);
  EXPECT_TRUE(dropped.weights.empty());
}

TEST(SnapChunkedParse, RenumberedArcsMapBackToTheirIds) {
  TempDir dir;
  const RandomSnap snap = random_snap(5, 1000000, 250000, false);
  ReadOptions options;
  options.renumber = true;
  GraphFileInfo info;
  const EdgeList<VertexId> edges =
      read_edge_list(write_file(dir / "r.txt", snap.text), options, &info);
  ASSERT_EQ(edges.size(), snap.sources.size());
  for (std::size_t i = 0; i < edges.size(); ++i) {
    ASSERT_EQ(info.original_ids[edges.sources[i]], snap.sources[i]) << "arc " << i;
    ASSERT_EQ(info.original_ids[edges.targets[i]], snap.targets[i]) << "arc " << i;
  }
}

TEST(SnapChunkedParse, ResultDoesNotDependOnTheThreadCount) {
  TempDir dir;
  const RandomSnap snap = random_snap(6, 3000, 200000, true);
  const auto path = write_file(dir / "t.txt", snap.text);
  for (const int threads : {1, 5}) {
    SCOPED_TRACE(std::to_string(threads) + " threads");
    const EdgeList<VertexId> edges =
        test::with_threads(threads, [&path] { return read_edge_list(path); });
    EXPECT_EQ(edges.sources, snap.sources);
    EXPECT_EQ(edges.targets, snap.targets);
    EXPECT_EQ(edges.weights, snap.weights);
  }
}

TEST(SnapChunkedParse, FirstBadLineOfABigFileIsTheOneNamed) {
  TempDir dir;
  RandomSnap snap = random_snap(7, 100, 300000, false);
  // Two bad lines in different chunks: the earlier one is reported.
  const std::size_t late = snap.text.rfind('\n', snap.text.size() - 2 * 100000);
  snap.text.insert(late + 1, "1 x\n");
  const std::size_t early = snap.text.find('\n', snap.text.size() / 3);
  snap.text.insert(early + 1, "2 -3\n");
  std::size_t early_line = 1;
  for (std::size_t i = 0; i <= early; ++i) early_line += snap.text[i] == '\n' ? 1 : 0;
  try {
    read_edge_list(write_file(dir / "bad.txt", snap.text));
    FAIL() << "expected an IoError";
  } catch (const IoError& error) {
    EXPECT_EQ(error.line(), early_line) << error.what();
  }
}

}  // namespace
}  // namespace frontier::io
