// SNAP edge-list reader: ids as written or renumbered (dense and sparse id ranges), weights kept
// or ignored, comments, options, sizes 0 and 1, and a large random file against build_csr().
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
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

ReadOptions renumbering() {
  ReadOptions options;
  options.renumber = true;
  return options;
}

TEST(LoaderSnap, IdsAsWrittenGiveMaxIdPlusOneVertices) {
  TempDir dir;
  const auto loaded =
      read_graph(write_file(dir / "g.txt", "# comment\n% also a comment\n3 0\n0 3\n3 3\n"));
  expect_csr(loaded.graph, {0, 1, 1, 1, 3}, {3, 0, 3}, {}, true);
  EXPECT_EQ(loaded.info.declared_vertices, 4u);
  EXPECT_EQ(loaded.info.declared_edges, 3u);
  EXPECT_EQ(loaded.info.variant, "unweighted");
}

TEST(LoaderSnap, RenumberMapsDenseIdsInIncreasingOrder) {
  TempDir dir;
  const auto loaded = read_graph(write_file(dir / "g.txt", "7 3\n3 9\n9 7\n"), renumbering());
  // 3 -> 0, 7 -> 1, 9 -> 2
  expect_csr(loaded.graph, {0, 1, 2, 3}, {2, 0, 1}, {}, true);
  EXPECT_EQ(loaded.info.declared_vertices, 3u);
  EXPECT_EQ(loaded.info.variant, "unweighted renumbered");
}

TEST(LoaderSnap, RenumberHandlesIdsBeyondThirtyTwoBits) {
  TempDir dir;
  const auto path =
      write_file(dir / "g.txt", "9000000000000000000 5\n5 123456789012\n123456789012 5\n");
  const auto loaded = read_graph(path, renumbering());
  // 5 -> 0, 123456789012 -> 1, 9000000000000000000 -> 2
  expect_csr(loaded.graph, {0, 1, 2, 3}, {1, 0, 0}, {}, true);
  EXPECT_THROW(read_graph(path), IoError);  // without renumbering the ids do not fit
}

TEST(LoaderSnap, RenumberAgreesWithAMapOnManySparseIds) {
  TempDir dir;
  constexpr std::int64_t kLines = 50000;
  std::string text;
  std::vector<std::uint64_t> ids;
  for (std::int64_t i = 0; i < 2 * kLines; ++i) {
    ids.push_back(uniform_below(counter_random(41, i), std::uint64_t{1} << 40));
  }
  for (std::int64_t i = 0; i < kLines; ++i) {
    text += std::to_string(ids[2 * i]) + "\t" + std::to_string(ids[2 * i + 1]) + "\n";
  }
  std::map<std::uint64_t, VertexId> number;
  for (std::uint64_t id : ids) number[id] = 0;
  VertexId next = 0;
  for (auto& entry : number) entry.second = next++;
  EdgeList<VertexId> expected_arcs;
  expected_arcs.num_vertices = next;
  for (std::int64_t i = 0; i < kLines; ++i) {
    expected_arcs.sources.push_back(number[ids[2 * i]]);
    expected_arcs.targets.push_back(number[ids[2 * i + 1]]);
  }
  const auto loaded = read_graph(write_file(dir / "sparse.txt", text), renumbering());
  test::expect_same_graph(loaded.graph, build_csr<VertexId, EdgeId>(expected_arcs));
  EXPECT_EQ(loaded.info.declared_vertices, static_cast<std::uint64_t>(next));
}

TEST(LoaderSnap, WeightColumnIsKeptOrIgnored) {
  TempDir dir;
  const auto path = write_file(dir / "w.txt", "0 1 2.5\n1 0 -1\n");
  const auto weighted = read_graph(path);
  expect_csr(weighted.graph, {0, 1, 2}, {1, 0}, {2.5f, -1}, true);
  EXPECT_EQ(weighted.info.variant, "weighted");
  ReadOptions options;
  options.keep_weights = false;
  expect_csr(read_graph(path, options).graph, {0, 1, 2}, {1, 0}, {}, true);
  options.renumber = true;
  expect_csr(read_graph(path, options).graph, {0, 1, 2}, {1, 0}, {}, true);
  expect_csr(read_graph(path, renumbering()).graph, {0, 1, 2}, {1, 0}, {2.5f, -1}, true);
}

TEST(LoaderSnap, SymmetrizeAndDeduplicateAnEdgeListedBothWays) {
  TempDir dir;
  ReadOptions options;
  options.symmetrize = true;
  options.remove_duplicates = true;
  const auto loaded = read_graph(write_file(dir / "g.txt", "0 1\n1 0\n1 2\n"), options);
  expect_csr(loaded.graph, {0, 1, 3, 4}, {1, 0, 2, 1}, {}, false);
}

TEST(LoaderSnap, CommentsOnlyFileIsAnEmptyGraph) {
  TempDir dir;
  const auto loaded = read_graph(write_file(dir / "c.txt", "# nothing here\n\n"));
  expect_csr(loaded.graph, {0}, {}, {}, true);
  const auto renumbered = read_graph(write_file(dir / "d.txt", "# nothing\n"), renumbering());
  expect_csr(renumbered.graph, {0}, {}, {}, true);
  expect_csr(read_graph(write_file(dir / "one.txt", "0 0\n")).graph, {0, 1}, {0}, {}, true);
}

TEST(LoaderSnap, LargeRandomFileMatchesBuildCsr) {
  TempDir dir;
  constexpr std::int64_t kLines = 300000;
  constexpr std::uint64_t kIds = 100000;
  EdgeList<VertexId> arcs;
  std::string text = "# random\r\n";
  VertexId max_id = 0;
  for (std::int64_t i = 0; i < kLines; ++i) {
    const auto u = static_cast<VertexId>(uniform_below(counter_random(51, 2 * i), kIds));
    const auto v = static_cast<VertexId>(uniform_below(counter_random(51, 2 * i + 1), kIds));
    text += std::to_string(u) + (i % 2 == 0 ? "\t" : "  ") + std::to_string(v) + "\r\n";
    arcs.sources.push_back(u);
    arcs.targets.push_back(v);
    max_id = std::max({max_id, u, v});
  }
  arcs.num_vertices = max_id + 1;
  ASSERT_GT(text.size(), std::size_t{3} << 20);
  const auto loaded = read_graph(write_file(dir / "big.txt", text));
  test::expect_same_graph(loaded.graph, build_csr<VertexId, EdgeId>(arcs));
}

}  // namespace
}  // namespace frontier::io
