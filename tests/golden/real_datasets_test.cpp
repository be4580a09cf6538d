// Golden test over the real-world graphs in the shared datasets folder (skipped where it is
// missing): every file MANIFEST.md lists loads, its declared n/m equal the MANIFEST's figures
// (read from MANIFEST.md itself), and the CSR holds the number of arcs the format's semantics
// imply. The arc counts and largest ids below were computed independently of frontier with awk
// over the files (commands in the comments) and hard-coded; for the uncompressed files the test
// also recounts them with a naive line reader.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "frontier/io/read_graph.hpp"
#include "support/test_paths.hpp"

namespace frontier::io {
namespace {

struct ManifestRow {
  std::uint64_t n = 0;
  std::uint64_t m = 0;
};

std::uint64_t parse_count(std::string text) {
  text.erase(std::remove_if(text.begin(), text.end(), [](char c) { return c == ',' || c == ' '; }),
             text.end());
  return std::stoull(text);
}

// Rows "| `file` | dataset | format | n | m | ..." of MANIFEST.md.
std::map<std::string, ManifestRow> read_manifest() {
  std::ifstream in(test::real_datasets_dir() / "MANIFEST.md");
  std::map<std::string, ManifestRow> rows;
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("| `", 0) != 0) continue;
    std::vector<std::string> cells;
    std::stringstream stream(line);
    std::string cell;
    while (std::getline(stream, cell, '|')) cells.push_back(cell);
    // cells[0] is the empty text before the first '|'
    const std::size_t open = cells[1].find('`');
    const std::size_t close = cells[1].find('`', open + 1);
    rows[cells[1].substr(open + 1, close - open - 1)] = {parse_count(cells[4]),
                                                         parse_count(cells[5])};
  }
  return rows;
}

struct RealCase {
  std::string file;
  /// Arcs in the CSR read with default options.
  std::int64_t arcs;
  /// Vertices without renumbering: header n, or for SNAP the largest id + 1.
  std::int64_t vertices;
  bool directed;
  bool weighted;
};

// MTX symmetric: arcs = 2 * off-diagonal + diagonal entries, from
//   awk '/^%/{next} !h{h=1;next} {if($1==$2)d++; else o++} END{print 2*o+d}' f.mtx
//   (no file has diagonal entries). METIS: arcs = 2m = the number of neighbor tokens, from
//   awk 'NR==1{next} /^%/{next} {t+=NF} END{print t}' f.graph. DIMACS9: one arc per `a` line,
//   zcat f.gr.gz | grep -c '^a'. SNAP: one arc per edge line and vertices = largest id + 1, from
//   zcat -f f | tr -d '\r' | awk '/^#/{next} {l++; if($1>x)x=$1; if($2>x)x=$2} END{print l, x+1}'.
const std::vector<RealCase> kRealCases = {
    {"4elt.graph", 91756, 15606, false, false},
    {"PGPgiantcompo.graph", 48632, 10680, false, false},
    {"astro-ph.graph", 242502, 16706, false, false},
    {"delaunay_n15.graph", 196548, 32768, false, false},
    {"hep-th.graph", 31502, 8361, false, false},
    {"power.graph", 13188, 4941, false, false},
    {"rgg_n_2_15_s0.graph", 320480, 32768, false, false},
    {"dolphins.mtx", 318, 62, false, false},
    {"karate.mtx", 156, 34, false, false},
    {"luxembourg_osm.mtx", 239332, 114599, false, false},
    {"netscience.mtx", 5484, 1589, false, true},
    {"polbooks.mtx", 882, 105, false, false},
    {"USA-road-d.NY.gr.gz", 733846, 264346, true, true},
    {"p2p-Gnutella05.txt", 31839, 8846, true, false},
    {"wiki-Vote.txt", 103689, 8298, true, false},
    {"email-Eu-core.txt.gz", 25571, 1005, true, false},
    {"facebook_combined.txt.gz", 88234, 4039, true, false},
    {"soc-Epinions1.txt.gz", 508837, 75888, true, false},
};

bool is_snap(const std::string& file) { return file.find(".txt") != std::string::npos; }

// True when every arc u->v has a matching v->u (adjacency lists are sorted).
bool is_symmetric(const Graph& graph) {
  for (VertexId u = 0; u < graph.num_vertices(); ++u) {
    for (VertexId v : graph.neighbors(u)) {
      const auto back = graph.neighbors(v);
      if (!std::binary_search(back.begin(), back.end(), u)) return false;
    }
  }
  return true;
}

// A naive, independent recount of an uncompressed file's arcs (see the awk lines above).
std::int64_t naive_arc_count(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::string line;
  const std::string name = path.filename().string();
  std::int64_t arcs = 0;
  bool header_seen = false;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    std::istringstream tokens(line);
    std::vector<std::string> words{std::istream_iterator<std::string>(tokens),
                                   std::istream_iterator<std::string>()};
    if (name.ends_with(".graph")) {
      if (!line.empty() && line[0] == '%') continue;
      if (!header_seen) {
        header_seen = true;
        continue;
      }
      arcs += static_cast<std::int64_t>(words.size());
    } else if (name.ends_with(".mtx")) {
      if (!line.empty() && line[0] == '%') continue;
      if (!header_seen) {
        header_seen = true;
        continue;
      }
      if (words.size() >= 2) arcs += words[0] == words[1] ? 1 : 2;
    } else {
      if (words.size() >= 2 && words[0][0] != '#') ++arcs;
    }
  }
  return arcs;
}

class RealDatasets : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!test::real_datasets_available()) GTEST_SKIP() << "no real datasets folder";
  }
};

TEST_F(RealDatasets, EveryManifestFileHasAGoldenCase) {
  const auto manifest = read_manifest();
  ASSERT_EQ(manifest.size(), kRealCases.size());
  for (const RealCase& c : kRealCases) EXPECT_EQ(manifest.count(c.file), 1u) << c.file;
}

TEST_F(RealDatasets, DeclaredSizesMatchManifestAndArcCountsMatchSemantics) {
  const auto manifest = read_manifest();
  for (const RealCase& c : kRealCases) {
    SCOPED_TRACE(c.file);
    const std::filesystem::path path = test::real_datasets_dir() / c.file;
    const ManifestRow& row = manifest.at(c.file);

    const LoadedGraph loaded = read_graph(path);
    EXPECT_EQ(loaded.graph.num_arcs(), c.arcs);
    EXPECT_EQ(loaded.graph.num_vertices(), c.vertices);
    EXPECT_EQ(loaded.graph.directed(), c.directed);
    EXPECT_EQ(loaded.graph.has_weights(), c.weighted);
    EXPECT_EQ(loaded.info.compression == "gzip", c.file.ends_with(".gz"));
    EXPECT_NO_THROW(loaded.graph.check_invariants());
    if (!c.directed) {
      EXPECT_TRUE(is_symmetric(loaded.graph));
    }
    if (!c.file.ends_with(".gz")) {
      EXPECT_EQ(naive_arc_count(path), c.arcs);
    }

    if (is_snap(c.file)) {
      // MANIFEST's SNAP n counts the distinct ids, which is what renumbering yields.
      EXPECT_EQ(loaded.info.declared_vertices, static_cast<std::uint64_t>(c.vertices));
      ReadOptions options;
      options.renumber = true;
      const LoadedGraph renumbered = read_graph(path, options);
      EXPECT_EQ(renumbered.info.declared_vertices, row.n);
      EXPECT_EQ(renumbered.info.declared_edges, row.m);
      EXPECT_EQ(renumbered.graph.num_vertices(), static_cast<VertexId>(row.n));
      EXPECT_EQ(renumbered.graph.num_arcs(), c.arcs);
    } else {
      EXPECT_EQ(loaded.info.declared_vertices, row.n);
      EXPECT_EQ(loaded.info.declared_edges, row.m);
    }
  }
}

// USA-road-d.NY lists some (u, v) pairs twice with different lengths: 3746 repeats, from
//   zcat USA-road-d.NY.gr.gz | awk '/^a/{k=$2" "$3; if(k in s)d++; s[k]=1} END{print d}'.
TEST_F(RealDatasets, RoadGraphDuplicatesAreRemovedOnRequest) {
  ReadOptions options;
  options.remove_duplicates = true;
  const LoadedGraph loaded = read_graph(test::real_datasets_dir() / "USA-road-d.NY.gr.gz", options);
  EXPECT_EQ(loaded.graph.num_arcs(), 733846 - 3746);
  for (Weight w : loaded.graph.weights()) ASSERT_GT(w, 0.0f);
}

// facebook_combined lists every undirected edge once and has no self loops or repeats (88234
// distinct unordered pairs, by awk), so symmetrizing doubles the arcs exactly.
TEST_F(RealDatasets, SymmetrizedFacebookHasBothArcsOfEveryEdge) {
  ReadOptions options;
  options.symmetrize = true;
  options.remove_duplicates = true;
  const LoadedGraph loaded =
      read_graph(test::real_datasets_dir() / "facebook_combined.txt.gz", options);
  EXPECT_FALSE(loaded.graph.directed());
  EXPECT_EQ(loaded.graph.num_arcs(), 2 * 88234);
  EXPECT_TRUE(is_symmetric(loaded.graph));
}

}  // namespace
}  // namespace frontier::io
