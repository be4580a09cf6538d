// The text readers parse their chunks straight into one set of arc arrays, each chunk into the
// slots its bound gives it (parse_arc_chunks, io/src/chunk_parse.hpp), and squeeze out the slots
// it leaves empty. These tests read DIMACS9, Matrix Market and METIS files of many chunks whose
// lines yield fewer arcs than their bounds (comments, blank lines, diagonal entries, vertex
// weights) and check every arc, in file order, with its weight, at several thread counts; the
// errors of such files name the same lines as before; and the counts that give the bounds agree
// with a plain count on texts whose lines cross the counts' blocks.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "frontier/edge_list.hpp"
#include "frontier/errors.hpp"
#include "frontier/io/read_graph.hpp"
#include "frontier/random.hpp"
#include "support/generator_checks.hpp"
#include "support/temp_files.hpp"
#include "text_source.hpp"

namespace frontier::io {
namespace {

using test::TempDir;
using test::write_file;

// A file's text and the arcs it holds, in file order.
struct ExpectedArcs {
  std::string text;
  EdgeList<VertexId> arcs;

  void add(std::uint64_t u, std::uint64_t v, Weight w, bool weighted) {
    arcs.sources.push_back(static_cast<VertexId>(u));
    arcs.targets.push_back(static_cast<VertexId>(v));
    if (weighted) arcs.weights.push_back(w);
  }
};

std::uint64_t draw(std::uint64_t seed, std::uint64_t index, std::uint64_t below) {
  return uniform_below(counter_random(seed, index), below);
}

// Comment and blank lines at irregular intervals (record i), in a format whose comments start
// with `mark`; some comments are indented, so that they reach the bounds as possible records.
std::string filler(std::uint64_t i, char mark) {
  std::string lines;
  if (i % 997 == 13) lines += std::string(1, mark) + " a comment among the records\n";
  if (i % 1499 == 7) lines += "\n   \n";
  if (i % 1201 == 5) lines += "  " + std::string(1, mark) + " an indented comment\n";
  return lines;
}

// DIMACS9: `arcs` arc lines over n vertices between comment lines, some indented or CRLF-ended.
ExpectedArcs random_dimacs9(std::uint64_t seed, std::uint64_t n, std::uint64_t arcs) {
  ExpectedArcs file;
  file.text = "c chunked DIMACS9 file\np sp " + std::to_string(n) + " " + std::to_string(arcs) +
              "\nc arcs follow\n";
  for (std::uint64_t i = 0; i < arcs; ++i) {
    file.text += filler(i, 'c');
    const std::uint64_t u = draw(seed, 3 * i, n);
    const std::uint64_t v = draw(seed, 3 * i + 1, n);
    const std::uint64_t w = draw(seed, 3 * i + 2, 1000);
    file.text += (i % 11 == 0 ? " a " : "a ") + std::to_string(u + 1) + " " +
                 std::to_string(v + 1) + " " + std::to_string(w) + (i % 7 == 0 ? "\r\n" : "\n");
    file.add(u, v, static_cast<Weight>(w), true);
  }
  file.text += "c the end\n\n";
  return file;
}

enum class Symmetry { General, Symmetric, SkewSymmetric };

// Matrix Market on n x n: `entries` entries (every 5th on the diagonal where allowed), values
// when `weighted`, comments and blank lines between them.
ExpectedArcs random_mtx(std::uint64_t seed, std::uint64_t n, std::uint64_t entries,
                        Symmetry symmetry, bool weighted) {
  ExpectedArcs file;
  const char* const names[] = {"general", "symmetric", "skew-symmetric"};
  file.text = std::string("%%MatrixMarket matrix coordinate ") +
              (weighted ? "integer " : "pattern ") + names[static_cast<int>(symmetry)] +
              "\n% chunked file\n" + std::to_string(n) + " " + std::to_string(n) + " " +
              std::to_string(entries) + "\n";
  for (std::uint64_t i = 0; i < entries; ++i) {
    file.text += filler(i, '%');
    std::uint64_t row = draw(seed, 3 * i, n);
    std::uint64_t column = draw(seed, 3 * i + 1, n);
    if (symmetry == Symmetry::SkewSymmetric && row == column) column = (column + 1) % n;
    if (symmetry != Symmetry::SkewSymmetric && i % 5 == 0) column = row;
    const auto value = static_cast<std::int64_t>(draw(seed, 3 * i + 2, 200)) - 100;
    file.text += std::to_string(row + 1) + " " + std::to_string(column + 1);
    if (weighted) file.text += " " + std::to_string(value);
    file.text += i % 7 == 0 ? "\r\n" : "\n";
    const auto weight = static_cast<Weight>(value);
    file.add(row, column, weight, weighted);
    if (symmetry == Symmetry::General || row == column) continue;
    file.add(column, row, symmetry == Symmetry::SkewSymmetric ? -weight : weight, weighted);
  }
  file.text += "% the end\n";
  return file;
}

// METIS on n vertices: up to 12 neighbors a line (every 9th vertex isolated: an empty line
// without vertex weights), a total arc count made even, and with `fmt` 111 a vertex size, two
// vertex weights (ncon 2) and an edge weight per neighbor. Comment lines between the lines and
// blank lines after the last.
ExpectedArcs random_metis(std::uint64_t seed, std::uint64_t n, bool sizes_and_weights) {
  ExpectedArcs file;
  std::vector<std::string> lines(n);
  std::uint64_t arcs = 0;
  for (std::uint64_t v = 0; v < n; ++v) {
    std::string& line = lines[v];
    if (sizes_and_weights) line = "3 " + std::to_string(v % 17) + " 1";
    std::uint64_t degree = v % 9 == 4 && !sizes_and_weights ? 0 : draw(seed, 2 * v, 13);
    if (v + 1 == n && (arcs + degree) % 2 != 0) degree = degree == 0 ? 1 : degree - 1;
    for (std::uint64_t k = 0; k < degree; ++k) {
      const std::uint64_t u = draw(seed, 1000 * v + 2 * k + 1, n);
      const std::uint64_t w = draw(seed, 1000 * v + 2 * k + 2, 50) + 1;
      if (!line.empty()) line += ' ';
      line += std::to_string(u + 1);
      if (sizes_and_weights) line += " " + std::to_string(w);
      file.add(v, u, static_cast<Weight>(sizes_and_weights ? w : 1), sizes_and_weights);
    }
    arcs += degree;
  }
  file.text = "% chunked METIS file\n" + std::to_string(n) + " " + std::to_string(arcs / 2) +
              (sizes_and_weights ? " 111 2" : "") + "\n";
  for (std::uint64_t v = 0; v < n; ++v) {
    if (v % 997 == 13) file.text += "% a comment among the adjacency lines 1 2 3\n";
    file.text += lines[v] + (v % 7 == 0 ? " \r\n" : "\n");
  }
  file.text += "\n\n";
  return file;
}

void expect_arcs(const EdgeList<VertexId>& edges, const ExpectedArcs& expected) {
  EXPECT_EQ(edges.sources, expected.arcs.sources);
  EXPECT_EQ(edges.targets, expected.arcs.targets);
  EXPECT_EQ(edges.weights, expected.arcs.weights);
}

// Reads `text` at 1 and 5 threads and expects the arcs of `expected`.
void expect_read(const std::string& name, const ExpectedArcs& expected) {
  ASSERT_GT(expected.text.size(), std::size_t{3} << 20);  // several chunks at any thread count
  TempDir dir;
  const auto path = write_file(dir / name, expected.text);
  for (const int threads : {1, 5}) {
    SCOPED_TRACE(name + " at " + std::to_string(threads) + " threads");
    const EdgeList<VertexId> edges =
        test::with_threads(threads, [&path] { return read_edge_list(path); });
    expect_arcs(edges, expected);
  }
}

// The 1-based line of byte `at` of `text`.
std::size_t line_at(const std::string& text, std::size_t at) {
  std::size_t line = 1;
  for (std::size_t i = 0; i < at; ++i) line += text[i] == '\n' ? 1 : 0;
  return line;
}

// Expects reading `text` to fail on `line` with a message holding `problem`.
void expect_error(const std::string& name, const std::string& text, std::size_t line,
                  const std::string& problem) {
  TempDir dir;
  try {
    read_edge_list(write_file(dir / name, text));
    FAIL() << "expected an IoError";
  } catch (const IoError& error) {
    EXPECT_EQ(error.line(), line) << error.what();
    EXPECT_NE(std::string(error.what()).find(problem), std::string::npos) << error.what();
  }
}

TEST(ReaderArrays, Dimacs9ArcsOfManyChunksKeepFileOrderPastComments) {
  expect_read("g.gr", random_dimacs9(11, 50000, 220000));
}

TEST(ReaderArrays, SymmetricMtxDiagonalEntriesAcrossChunksLeaveNoGap) {
  expect_read("s.mtx", random_mtx(12, 40000, 330000, Symmetry::Symmetric, true));
}

TEST(ReaderArrays, SkewSymmetricMtxArcsCarryNegatedValues) {
  expect_read("k.mtx", random_mtx(13, 40000, 300000, Symmetry::SkewSymmetric, true));
}

TEST(ReaderArrays, GeneralPatternMtxSkipsCommentsAndBlankLines) {
  expect_read("p.mtx", random_mtx(14, 40000, 400000, Symmetry::General, false));
}

TEST(ReaderArrays, MetisWithMoreLinesThanChunksAndIsolatedVertices) {
  expect_read("m.graph", random_metis(15, 120000, false));
}

TEST(ReaderArrays, MetisVertexSizesAndWeightsLeaveSlotsThatAreSqueezedOut) {
  expect_read("w.graph", random_metis(16, 60000, true));
}

TEST(ReaderArrays, Dimacs9DeclaredCountNamesTheSameLinesInABigFile) {
  ExpectedArcs file = random_dimacs9(17, 1000, 200000);
  const std::string declared = " 200000\n";
  const std::size_t at = file.text.find(declared);
  std::string fewer = file.text;
  fewer.replace(at, declared.size(), " 199999\n");
  const std::size_t last_arc = fewer.rfind("\na ") + 1;
  expect_error("fewer.gr", fewer, line_at(fewer, last_arc), "more arcs than the 199999 declared");
  std::string more = file.text;
  more.replace(at, declared.size(), " 200001\n");
  expect_error("more.gr", more, line_at(more, more.size() - 1), "file ends after 200000 arcs");
}

TEST(ReaderArrays, SymmetricMtxExtraEntryIsNamedInABigFile) {
  ExpectedArcs file = random_mtx(18, 1000, 300000, Symmetry::Symmetric, false);
  const std::string size_line = " 300000\n";
  const std::size_t at = file.text.find(size_line);
  file.text.replace(at, size_line.size(), " 299999\n");
  const std::size_t last_entry = file.text.rfind("\n% the end");
  const std::size_t last_entry_line = file.text.rfind('\n', last_entry - 1) + 1;
  expect_error("extra.mtx", file.text, line_at(file.text, last_entry_line),
               "more entries than the 299999 declared");
}

TEST(ReaderArrays, MetisLineWithoutItsVertexWeightAfterNeighborsIsTheErrorNamed) {
  // A line of many neighbors, then a vertex line without its vertex weight: the chunk writes
  // the first line's arcs before it meets the second.
  ExpectedArcs file = random_metis(19, 60000, true);
  const std::size_t bad = file.text.find('\n', file.text.size() / 2) + 1;
  const std::size_t bad_end = file.text.find('\n', bad);
  file.text.replace(bad, bad_end - bad, "");
  const std::size_t later = file.text.find('\n', 3 * file.text.size() / 4) + 1;
  file.text.insert(later, "3 1 1 0 1\n");
  expect_error("bad.graph", file.text, line_at(file.text, bad),
               "expected vertex size, found end of line");
}

TEST(ReaderArrays, SnapWeightedFirstLineThenTwoColumnsIsAnError) {
  std::string text = "# weighted\n0 1 2.5\n";
  for (int i = 0; i < 300000; ++i) text += std::to_string(i % 977) + " 3 1\n";
  const std::size_t odd = text.size();
  text += "4 5\n6 7 8\n";
  expect_error("mixed.txt", text, line_at(text, odd), "this line has 2 columns but line 2 has 3");
}

TEST(ReaderArrays, SnapWeightsDroppedOrKeptByTheOption) {
  TempDir dir;
  const auto path = write_file(dir / "w.txt", "# c\n\n0 1 2.5\n# c\n1 2 -1\n");
  const EdgeList<VertexId> kept = read_edge_list(path);
  EXPECT_EQ(kept.sources, (std::vector<VertexId>{0, 1}));
  EXPECT_EQ(kept.targets, (std::vector<VertexId>{1, 2}));
  EXPECT_EQ(kept.weights, (std::vector<Weight>{2.5f, -1.0f}));
  ReadOptions options;
  options.keep_weights = false;
  const EdgeList<VertexId> dropped = read_edge_list(path, options);
  EXPECT_EQ(dropped.sources, kept.sources);
  EXPECT_TRUE(dropped.weights.empty());
}

// Random lines of 0 to 600 bytes over an alphabet of blanks, marks and digits.
std::string random_lines(std::uint64_t seed, std::size_t lines) {
  const std::string alphabet = " \t\r%c#12a";
  std::string text;
  for (std::size_t i = 0; i < lines; ++i) {
    const std::uint64_t length = draw(seed, 1000 * i, i % 3 == 0 ? 600 : 6);
    for (std::uint64_t k = 0; k < length; ++k) {
      text += alphabet[draw(seed, 1000 * i + k + 1, alphabet.size())];
    }
    text += '\n';
  }
  return text;
}

TEST(ReaderArrays, LineAndTokenCountsMatchAPlainCount) {
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const std::string text = random_lines(seed, seed * 7);
    const char* const begin = text.data();
    const char* const end = begin + text.size();
    for (const char mark : {'%', 'c'}) {
      std::size_t unmarked = 0;
      for (std::size_t i = 0; i < text.size(); ++i) {
        const bool starts_line = i == 0 || text[i - 1] == '\n';
        unmarked += starts_line && text[i] != mark ? 1 : 0;
      }
      EXPECT_EQ(count_lines_not_starting_with(begin, end, mark), unmarked) << "seed " << seed;
    }
    std::size_t tokens = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
      const bool after_separator = i == 0 || static_cast<unsigned char>(text[i - 1]) <= ' ';
      tokens += after_separator && static_cast<unsigned char>(text[i]) > ' ' ? 1 : 0;
    }
    EXPECT_EQ(count_tokens(begin, end), tokens) << "seed " << seed;
  }
  EXPECT_EQ(count_lines_not_starting_with(nullptr, nullptr, '%'), 0u);
  EXPECT_EQ(count_tokens(nullptr, nullptr), 0u);
}

}  // namespace
}  // namespace frontier::io
