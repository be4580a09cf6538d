// SNAP edge lists as SNAP ships them: the "# Nodes: N Edges: M" header (used, and checked with a
// warning on mismatch), sparse ids (a warning that points to renumbering; a refusal before a CSR
// of mostly unused ids), and renumbering's map back to the file's ids (monotone, complete, an
// isomorphism that BFS depths agree with).
#include <gtest/gtest.h>
#include <omp.h>

#include <spdlog/sinks/ostream_sink.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "frontier/detail/log.hpp"
#include "frontier/errors.hpp"
#include "frontier/io/read_graph.hpp"
#include "frontier/random.hpp"
#include "frontier/reference_bfs.hpp"
#include "support/temp_files.hpp"

namespace frontier::io {
namespace {

using test::TempDir;
using test::write_file;

// Collects what frontier logs at warning level while it lives.
class WarningCapture {
 public:
  WarningCapture() : sink_(std::make_shared<spdlog::sinks::ostream_sink_mt>(text_)) {
    sink_->set_level(spdlog::level::warn);
    detail::logger().sinks().push_back(sink_);
  }
  ~WarningCapture() {
    auto& sinks = detail::logger().sinks();
    sinks.erase(std::remove(sinks.begin(), sinks.end(), sink_), sinks.end());
  }
  WarningCapture(const WarningCapture&) = delete;
  WarningCapture& operator=(const WarningCapture&) = delete;

  std::string text() const { return text_.str(); }

 private:
  std::ostringstream text_;
  std::shared_ptr<spdlog::sinks::ostream_sink_mt> sink_;
};

ReadOptions renumbering() {
  ReadOptions options;
  options.renumber = true;
  return options;
}

// The arcs of a graph as (from, to) pairs of the file's ids, sorted (a multiset).
std::vector<std::pair<std::int64_t, std::int64_t>> arcs_in_file_ids(const LoadedGraph& loaded) {
  const auto& ids = loaded.info.original_ids;
  auto file_id = [&ids](VertexId v) { return ids.empty() ? std::int64_t{v} : ids[v]; };
  std::vector<std::pair<std::int64_t, std::int64_t>> arcs;
  const Graph& graph = loaded.graph;
  for (VertexId u = 0; u < graph.num_vertices(); ++u) {
    for (EdgeId e = graph.offsets()[u]; e < graph.offsets()[u + 1]; ++e) {
      arcs.emplace_back(file_id(u), file_id(graph.targets()[e]));
    }
  }
  std::sort(arcs.begin(), arcs.end());
  return arcs;
}

// Expects the renumbered load to be the as-written load on the ids that occur: original_ids
// strictly increasing and exactly the ids of the edge lines, arcs equal under the map, and BFS
// depths equal under the map from every source in `sources` (file ids).
void expect_renumbering_maps_back(const std::filesystem::path& path,
                                  const std::vector<std::int64_t>& sources) {
  const LoadedGraph as_written = read_graph(path);
  const LoadedGraph renumbered = read_graph(path, renumbering());
  const auto& ids = renumbered.info.original_ids;
  ASSERT_EQ(ids.size(), static_cast<std::size_t>(renumbered.graph.num_vertices()));
  EXPECT_TRUE(std::adjacent_find(ids.begin(), ids.end(), std::greater_equal<>()) == ids.end())
      << "original ids must increase strictly";

  std::set<std::int64_t> named;
  for (const auto& [from, to] : arcs_in_file_ids(as_written)) {
    named.insert(from);
    named.insert(to);
  }
  EXPECT_EQ(std::vector<std::int64_t>(named.begin(), named.end()), ids);
  EXPECT_EQ(arcs_in_file_ids(renumbered), arcs_in_file_ids(as_written));

  for (const std::int64_t source : sources) {
    const auto at = std::lower_bound(ids.begin(), ids.end(), source);
    ASSERT_TRUE(at != ids.end() && *at == source) << source;
    const VertexId renumbered_source = static_cast<VertexId>(at - ids.begin());
    const auto expected = reference_bfs(as_written.graph, static_cast<VertexId>(source));
    const auto actual = reference_bfs(renumbered.graph, renumbered_source);
    for (std::size_t v = 0; v < ids.size(); ++v) {
      ASSERT_EQ(actual.depth[v], expected.depth[ids[v]]) << "vertex with file id " << ids[v];
    }
    // Ids in no edge line are unreached when ids are as written.
    std::int64_t reached_as_written = 0;
    for (const std::int32_t depth : expected.depth) reached_as_written += depth >= 0;
    EXPECT_EQ(actual.vertices_reached, reached_as_written);
  }
}

TEST(LoaderSnapHeader, HeaderThatMatchesLoadsWithoutWarnings) {
  TempDir dir;
  const auto path = write_file(dir / "g.txt",
                               "# Directed graph: g.txt\n# Nodes: 3 Edges: 4\n"
                               "# FromNodeId\tToNodeId\n0\t1\n1\t2\n2\t0\n0\t2\n");
  const WarningCapture warnings;
  const LoadedGraph loaded = read_graph(path);
  EXPECT_EQ(loaded.graph.num_vertices(), 3);
  EXPECT_EQ(loaded.graph.num_arcs(), 4);
  EXPECT_EQ(loaded.info.declared_edges, 4u);
  EXPECT_EQ(warnings.text(), "");
}

TEST(LoaderSnapHeader, NodesCountDistinctIdsNotTheLargestIdPlusOne) {
  // SNAP's N counts the ids that occur: ids 0, 1 and 5 are 3 nodes, although ids run up to 5.
  TempDir dir;
  const auto path = write_file(dir / "g.txt", "# Nodes: 3 Edges: 2\n0 1\n1 5\n");
  const WarningCapture warnings;
  EXPECT_EQ(read_graph(path).graph.num_vertices(), 6);
  EXPECT_EQ(read_graph(path, renumbering()).graph.num_vertices(), 3);
  EXPECT_EQ(warnings.text(), "");
}

TEST(LoaderSnapHeader, MismatchedEdgeCountIsAWarningNamingTheHeaderLine) {
  TempDir dir;
  const auto path = write_file(dir / "g.txt", "# about\n# Nodes: 3 Edges: 5\n0 1\n1 2\n");
  const WarningCapture warnings;
  const LoadedGraph loaded = read_graph(path);
  EXPECT_EQ(loaded.graph.num_arcs(), 2);
  EXPECT_NE(warnings.text().find("g.txt: line 2 declares 5 edges but the file holds 2 edge lines"),
            std::string::npos)
      << warnings.text();
  EXPECT_EQ(warnings.text().find("nodes"), std::string::npos) << warnings.text();
}

TEST(LoaderSnapHeader, MismatchedNodeCountIsAWarningWithAndWithoutRenumbering) {
  TempDir dir;
  const auto path = write_file(dir / "g.txt", "# Nodes: 7 Edges: 2\n0 1\n1 2\n");
  for (const ReadOptions& options : {ReadOptions{}, renumbering()}) {
    const WarningCapture warnings;
    EXPECT_EQ(read_graph(path, options).graph.num_vertices(), 3);
    EXPECT_NE(
        warnings.text().find("line 1 declares 7 nodes but the edge lines name 3 distinct ids"),
        std::string::npos)
        << warnings.text();
  }
}

// The distinct ids are counted by one thread below 2^16 edge lines and by the team above: either
// way, whatever the thread count, the header's node count is checked against the same number.
TEST(LoaderSnapHeader, NodeCountIsCheckedAlikeOnOneThreadAndOnTheTeam) {
  TempDir dir;
  for (const int lines : {1000, 70000}) {
    // Line i: 3i -> 3i + 1, so sources and targets name different ids: 2 * lines distinct ids,
    // a third of the range unused.
    std::string text =
        "# Nodes: " + std::to_string(lines + 1) + " Edges: " + std::to_string(lines) + "\n";
    for (int i = 0; i < lines; ++i) {
      text += std::to_string(3 * i) + " " + std::to_string(3 * i + 1) + "\n";
    }
    const auto path = write_file(dir / ("g" + std::to_string(lines) + ".txt"), text);
    for (const int threads : {1, 2}) {
      const int saved = omp_get_max_threads();
      omp_set_num_threads(threads);
      const WarningCapture warnings;
      const LoadedGraph loaded = read_graph(path);
      omp_set_num_threads(saved);
      EXPECT_EQ(loaded.graph.num_vertices(), 3 * (lines - 1) + 2);
      EXPECT_NE(warnings.text().find("declares " + std::to_string(lines + 1) +
                                     " nodes but the edge lines name " + std::to_string(2 * lines) +
                                     " distinct ids"),
                std::string::npos)
          << lines << " lines, " << threads << " threads: " << warnings.text();
    }
  }
}

TEST(LoaderSnapHeader, HeaderAfterTheFirstEdgeLineIsAComment) {
  TempDir dir;
  const auto path = write_file(dir / "g.txt", "0 1\n# Nodes: 9 Edges: 9\n1 2\n");
  const WarningCapture warnings;
  EXPECT_EQ(read_graph(path).graph.num_arcs(), 2);
  EXPECT_EQ(warnings.text(), "");
}

TEST(LoaderSnapHeader, UnderstatedEdgeCountStillLoadsEveryLine) {
  // M only caps what is reserved up front; the arrays grow with the lines the file holds.
  TempDir dir;
  std::string text = "# Nodes: 2 Edges: 1\n";
  for (int i = 0; i < 5000; ++i) text += "0 1\n";
  const WarningCapture warnings;
  EXPECT_EQ(read_graph(write_file(dir / "g.txt", text)).graph.num_arcs(), 5000);
  EXPECT_NE(warnings.text().find("declares 1 edges but the file holds 5000"), std::string::npos);
}

TEST(LoaderSnapHeader, SparseIdsWarnAndPointToRenumber) {
  // ca-CondMat-like: ids spread 5 apart, so 4 of every 5 ids up to the largest are unused.
  TempDir dir;
  std::string text;
  for (int i = 0; i < 3000; ++i)
    text += std::to_string(5 * i) + " " + std::to_string(5 * i + 5) + "\n";
  const auto path = write_file(dir / "sparse.txt", text);
  {
    const WarningCapture warnings;
    EXPECT_EQ(read_graph(path).graph.num_vertices(), 15001);
    EXPECT_NE(warnings.text().find("sparse.txt: sparse vertex ids: they run up to 15000 but the "
                                   "edge lines name only 3001 distinct ids, so 12000 vertices are "
                                   "in no edge line; --renumber maps the ids to 0..k-1"),
              std::string::npos)
        << warnings.text();
  }
  const WarningCapture warnings;
  EXPECT_EQ(read_graph(path, renumbering()).graph.num_vertices(), 3001);
  EXPECT_EQ(warnings.text(), "");
}

TEST(LoaderSnapHeader, FewUnusedIdsDoNotWarn) {
  TempDir dir;
  const WarningCapture warnings;
  EXPECT_EQ(read_graph(write_file(dir / "g.txt", "10 20\n20 30\n")).graph.num_vertices(), 31);
  EXPECT_EQ(warnings.text(), "");
}

TEST(LoaderSnapHeader, MostlyUnusedIdsAreRefusedQuicklyAndRenumberLoadsThem) {
  TempDir dir;
  const auto path = write_file(dir / "huge.txt", "0 200000000\n");
  const auto start = std::chrono::steady_clock::now();
  try {
    read_graph(path);
    FAIL() << "a graph of 200000001 vertices and one arc must be refused";
  } catch (const IoError& error) {
    const std::string message = error.what();
    EXPECT_NE(message.find("huge.txt"), std::string::npos) << message;
    EXPECT_NE(message.find("200000001 vertices, 199999999 of them in no edge line"),
              std::string::npos)
        << message;
    EXPECT_NE(message.find("--renumber"), std::string::npos) << message;
  }
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(1));
  const LoadedGraph loaded = read_graph(path, renumbering());
  EXPECT_EQ(loaded.graph.num_vertices(), 2);
  EXPECT_EQ(loaded.info.original_ids, (std::vector<std::int64_t>{0, 200000000}));
}

TEST(LoaderSnapHeader, RenumberMapsDenseAndSparseRangesBack) {
  // Both renumbering paths: ids in a range the marker array covers, and ids up to 2^40 (sorted).
  for (const std::uint64_t id_range : {std::uint64_t{40000}, std::uint64_t{1} << 40}) {
    TempDir dir;
    std::string text;
    for (std::int64_t i = 0; i < 20000; ++i) {
      text += std::to_string(uniform_below(counter_random(7, 2 * i), id_range)) + " " +
              std::to_string(uniform_below(counter_random(7, 2 * i + 1), id_range)) + "\n";
    }
    const auto path = write_file(dir / "g.txt", text);
    const LoadedGraph loaded = read_graph(path, renumbering());
    const auto& ids = loaded.info.original_ids;
    ASSERT_EQ(ids.size(), static_cast<std::size_t>(loaded.graph.num_vertices()));
    EXPECT_TRUE(std::is_sorted(ids.begin(), ids.end()));
    std::set<std::int64_t> named;
    for (std::int64_t i = 0; i < 40000; ++i) {
      named.insert(static_cast<std::int64_t>(uniform_below(counter_random(7, i), id_range)));
    }
    EXPECT_EQ(std::vector<std::int64_t>(named.begin(), named.end()), ids);
  }
}

TEST(LoaderSnapHeader, RenumberedGraphIsTheOriginalUnderTheMap) {
  // Sparse ids (every third id, shifted) with a random arc set, self loops and duplicates.
  TempDir dir;
  std::string text;
  for (std::int64_t i = 0; i < 30000; ++i) {
    const std::uint64_t u = uniform_below(counter_random(11, 2 * i), 6000);
    const std::uint64_t v = uniform_below(counter_random(11, 2 * i + 1), 6000);
    text += std::to_string(3 * u + 2) + "\t" + std::to_string(3 * v + 2) + "\n";
  }
  const auto file_id = [](std::int64_t draw) {
    return static_cast<std::int64_t>(3 * uniform_below(counter_random(11, draw), 6000) + 2);
  };
  expect_renumbering_maps_back(write_file(dir / "g.txt", text),
                               {file_id(0), file_id(1), file_id(4001)});
}

TEST(LoaderSnapHeader, RenumberedRealSnapGraphKeepsItsBfsDepths) {
  // wiki-Vote: SNAP header, CRLF, ids up to 8297 of which 7115 occur.
  const std::filesystem::path path =
      std::filesystem::path(FRONTIER_REAL_DATASETS_DIR) / "wiki-Vote.txt";
  if (!std::filesystem::exists(path)) GTEST_SKIP() << path << " is not present";
  const WarningCapture warnings;
  EXPECT_EQ(read_graph(path, renumbering()).graph.num_vertices(), 7115);
  EXPECT_EQ(warnings.text(), "");                  // the header's counts match
  expect_renumbering_maps_back(path, {30, 1412});  // the first edge line
}

TEST(LoaderSnapHeader, RenumberOnADenseFormatIsIgnoredWithAWarning) {
  TempDir dir;
  const auto path =
      write_file(dir / "g.mtx", "%%MatrixMarket matrix coordinate pattern general\n5 5 1\n1 5\n");
  const WarningCapture warnings;
  const LoadedGraph loaded = read_graph(path, renumbering());
  EXPECT_EQ(loaded.graph.num_vertices(), 5);
  EXPECT_TRUE(loaded.info.original_ids.empty());
  EXPECT_NE(warnings.text().find("--renumber applies to SNAP edge lists only"), std::string::npos)
      << warnings.text();
}

}  // namespace
}  // namespace frontier::io
