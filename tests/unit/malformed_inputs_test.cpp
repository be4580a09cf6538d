// Malformed inputs: a table of broken files, each of which must throw IoError naming the file and
// (where the problem sits on a line) the exact line, with a message that says what is wrong. Then
// the opposite: CRLF, tab, blank-line, case and missing-final-newline variants of valid files that
// must load into exactly the graph their clean versions give.
#include <gtest/gtest.h>
#include <omp.h>

#include <string>
#include <vector>

#include "frontier/errors.hpp"
#include "frontier/io/read_graph.hpp"
#include "frontier/random.hpp"
#include "support/csr_expectations.hpp"
#include "support/gzip_stored.hpp"
#include "support/temp_files.hpp"
#include "support/test_paths.hpp"

namespace frontier::io {
namespace {

using test::TempDir;
using test::write_file;

struct BadFile {
  std::string name;
  std::string content;
  /// Expected IoError::line(); 0 when the problem is not tied to a line.
  std::size_t line;
  /// Text the message must contain.
  std::string problem;
};

const std::string kPatternBanner = "%%MatrixMarket matrix coordinate pattern general\n";

std::string valid_mtx() { return kPatternBanner + "3 3 2\n1 2\n2 3\n"; }

std::vector<BadFile> bad_files() {
  const std::string& b = kPatternBanner;
  const std::string packed = test::gzip_stored(valid_mtx());
  std::string bad_crc = packed;
  bad_crc[bad_crc.size() - 8] ^= 0x21;
  return {
      // Matrix Market
      {"bad_banner.mtx", "%%MatrixMarkt matrix coordinate pattern general\n2 2 1\n1 2\n", 1,
       "missing Matrix Market banner"},
      {"no_banner.mtx", "2 2 1\n1 2\n", 1, "missing Matrix Market banner"},
      {"short_banner.mtx", "%%MatrixMarket matrix coordinate\n2 2 1\n1 2\n", 1, "four words"},
      {"array.mtx", "%%MatrixMarket matrix array real general\n2 2\n1\n2\n3\n4\n", 1,
       "dense 'array' Matrix Market files are not supported"},
      {"complex.mtx", "%%MatrixMarket matrix coordinate complex general\n1 1 1\n1 1 1 0\n", 1,
       "complex-valued matrices are not supported"},
      {"hermitian.mtx", "%%MatrixMarket matrix coordinate real hermitian\n1 1 1\n1 1 1\n", 1,
       "hermitian matrices are not supported"},
      {"pattern_skew.mtx", "%%MatrixMarket matrix coordinate pattern skew-symmetric\n2 2 1\n2 1\n",
       1, "cannot be skew-symmetric"},
      {"missing_size.mtx", b + "% only comments\n", 2, "missing size line"},
      {"bad_size.mtx", b + "3 x 2\n", 2, "expected column count, found 'x'"},
      {"size_extra_token.mtx", b + "3 3 1 7\n1 2\n", 2, "unexpected '7'"},
      {"fewer_entries.mtx", b + "3 3 3\n1 2\n2 3\n", 4,
       "file ends after 2 entries but line 2 declares 3"},
      {"more_entries.mtx", b + "3 3 1\n1 2\n% c\n2 3\n", 5,
       "more entries than the 1 declared on line 2"},
      {"out_of_range.mtx", b + "3 3 2\n1 2\n4 1\n", 4, "vertex id 4 out of range [1, 3]"},
      {"zero_id.mtx", b + "3 3 1\n0 1\n", 3, "vertex id 0 out of range [1, 3]"},
      {"negative_id.mtx", b + "3 3 1\n-1 2\n", 3, "negative row index '-1'"},
      {"non_numeric.mtx", b + "3 3 1\n1 a\n", 3, "expected column index, found 'a'"},
      {"glued_token.mtx", b + "3 3 1\n1 2x\n", 3, "expected column index, found '2x'"},
      {"overflow_id.mtx", b + "2 2 1\n99999999999999999999999 1\n", 3, "is too large"},
      {"missing_value.mtx", "%%MatrixMarket matrix coordinate real general\n2 2 1\n1 2\n", 3,
       "expected real value, found end of line"},
      {"pattern_with_value.mtx", b + "2 2 1\n1 2 3\n", 3, "unexpected '3' after the entry"},
      {"fractional_integer.mtx",
       "%%MatrixMarket matrix coordinate integer general\n2 2 1\n1 2 2.5\n", 3,
       "expected integer value, found '2.5'"},
      {"huge_weight.mtx", "%%MatrixMarket matrix coordinate real general\n2 2 1\n1 2 1e300\n", 3,
       "does not fit a 32-bit float"},
      {"skew_diagonal.mtx", "%%MatrixMarket matrix coordinate real skew-symmetric\n2 2 1\n1 1 3\n",
       3, "cannot have a diagonal entry"},
      {"symmetric_rectangular.mtx",
       "%%MatrixMarket matrix coordinate pattern symmetric\n2 3 1\n1 1\n", 2, "must be square"},
      {"huge_vertices.mtx", b + "3000000000 3000000000 1\n1 1\n", 2,
       "exceeds the 2147483647 vertices that 32-bit vertex ids can hold"},
      {"huge_entries.mtx", b + "2 2 1000000000000000\n1 2\n", 3,
       "file ends after 1 entries but line 2 declares 1000000000000000"},
      {"nul_byte.mtx", b + "2 2 1\n1 2" + std::string(1, '\0') + "\n", 3, "expected column index"},
      {"empty.mtx", "", 0, "empty file"},
      // gzip
      {"truncated.mtx.gz", packed.substr(0, packed.size() - 5), 0, "gzip stream is truncated"},
      {"truncated_early.mtx.gz", packed.substr(0, 30), 0, "gzip stream is truncated"},
      {"bad_checksum.mtx.gz", bad_crc, 0, "corrupt gzip stream"},
      // DIMACS9
      {"no_problem_line.gr", "c x\na 1 2 3\n", 2, "arc line before the problem line"},
      {"only_comments.gr", "c only comments\n", 1, "missing problem line"},
      {"fewer_arcs.gr", "p sp 3 3\na 1 2 1\n", 2, "file ends after 1 arcs but line 1 declares 3"},
      {"more_arcs.gr", "p sp 3 1\na 1 2 1\nc\na 2 3 1\n", 4,
       "more arcs than the 1 declared on line 1"},
      {"problem_type.gr", "p max 3 1\n", 1, "unsupported problem type"},
      {"missing_length.gr", "p sp 3 1\na 1 2\n", 2, "expected arc length, found end of line"},
      {"arc_out_of_range.gr", "p sp 3 1\na 1 4 1\n", 2, "vertex id 4 out of range [1, 3]"},
      {"second_problem.gr", "p sp 3 1\na 1 2 1\np sp 3 1\n", 3, "a second problem line"},
      {"unknown_line.gr", "p sp 3 1\nx 1 2 1\n", 2, "unknown line type"},
      {"huge.gr", "p sp 99999999999 1\n", 1, "exceeds the 2147483647 vertices"},
      {"empty.gr", "", 0, "empty file"},
      // METIS
      {"few_lines.graph", "3 2\n2\n1 3\n", 3,
       "file ends after 2 adjacency lines but the header (line 1) declares 3 vertices"},
      {"extra_line.graph", "2 1\n2\n1\n1\n", 4,
       "adjacency line for vertex 3, but the header declares 2 vertices"},
      {"edge_count.graph", "3 3\n2\n1 3\n2\n", 1,
       "the adjacency lines list 4 arcs but the header declares 3 edges"},
      {"neighbor_out_of_range.graph", "2 1\n3\n1\n", 2, "vertex id 3 out of range [1, 2]"},
      {"neighbor_zero.graph", "2 1\n0\n1\n", 2, "vertex id 0 out of range [1, 2]"},
      {"bad_fmt.graph", "2 1 2\n2\n1\n", 1, "fmt '2' must be up to three binary digits"},
      {"missing_edge_weight.graph", "2 1 1\n2\n1 5\n", 2, "neighbor 2 has no valid edge weight"},
      {"missing_vertex_weight.graph", "2 1 10\n\n1 1\n", 2, "expected vertex weight"},
      {"ncon_without_weights.graph", "2 1 1 2\n2 1\n1 1\n", 1, "ncon '2' given but fmt has no "},
      {"huge.graph", "5000000000 1\n", 1, "exceeds the 2147483647 vertices"},
      {"huge_but_short.graph", "2000000000 1\n2\n1\n", 3, "file ends after 2 adjacency lines"},
      {"non_numeric.graph", "2 1\n2 x\n1\n", 2, "expected neighbor, found 'x'"},
      {"negative.graph", "2 1\n-2\n1\n", 2, "negative neighbor '-2'"},
      {"no_header.graph", "% only a comment\n", 1, "missing METIS header"},
      {"empty.graph", "", 0, "empty file"},
      // SNAP
      {"negative.txt", "0 1\n-3 2\n", 2, "negative vertex id '-3'"},
      {"non_numeric.txt", "0 1\nfoo bar\n", 2, "expected vertex id, found 'foo'"},
      {"four_columns.txt", "0 1 2 3\n", 1, "unexpected '3'"},
      {"mixed_columns.txt", "0 1\n# c\n1 2 5\n", 3, "this line has 3 columns but line 1 has 2"},
      {"id_beyond_32_bits.txt", "0 1\n0 3000000000\n", 2, "exceeds the largest id 2147483646"},
      {"one_column.txt", "0 1\n5\n", 2, "expected vertex id, found end of line"},
      {"bad_weight.txt", "0 1 x\n", 1, "expected weight (third column), found 'x'"},
      {"empty.txt", "", 0, "empty file"},
  };
}

TEST(MalformedInputs, EveryBrokenFileIsAnIoErrorNamingFileAndLine) {
  TempDir dir;
  const std::vector<BadFile> cases = bad_files();
  ASSERT_GE(cases.size(), 25u);
  for (const BadFile& bad : cases) {
    SCOPED_TRACE(bad.name);
    const auto path = write_file(dir / bad.name, bad.content);
    try {
      read_graph(path);
      ADD_FAILURE() << "no error for " << bad.name;
    } catch (const IoError& error) {
      const std::string message = error.what();
      EXPECT_EQ(error.file(), path.string());
      EXPECT_EQ(error.line(), bad.line) << message;
      const std::string where = bad.line > 0 ? path.string() + ":" + std::to_string(bad.line) + ": "
                                             : path.string() + ": ";
      EXPECT_EQ(message.rfind(where, 0), 0u) << message;
      EXPECT_NE(message.find(bad.problem), std::string::npos) << message;
    } catch (const std::exception& error) {
      ADD_FAILURE() << "wrong exception type: " << error.what();
    }
  }
}

TEST(MalformedInputs, ErrorShowsTheOffendingLineAsToken) {
  TempDir dir;
  const auto path = write_file(dir / "karate.mtx",
                               "%%MatrixMarket matrix coordinate pattern symmetric\n"
                               "34 34 2\n2 1\n35 2\r\n");
  try {
    read_graph(path);
    ADD_FAILURE() << "no error";
  } catch (const IoError& error) {
    EXPECT_EQ(error.token(), "35 2");
    EXPECT_EQ(std::string(error.what()),
              path.string() + ":4: vertex id 35 out of range [1, 34] (near '35 2')");
  }
}

TEST(MalformedInputs, MissingFileAndFolderAreIoErrors) {
  TempDir dir;
  EXPECT_THROW(read_graph(dir / "does_not_exist.mtx"), IoError);
  std::filesystem::create_directories(dir / "folder.mtx");
  try {
    read_graph(dir / "folder.mtx");
    ADD_FAILURE() << "no error";
  } catch (const IoError& error) {
    EXPECT_NE(std::string(error.what()).find("directory"), std::string::npos);
  }
}

struct Variant {
  std::string name;
  std::string clean;
  std::string variant;
};

std::vector<Variant> accepted_variants() {
  const std::string mtx = kPatternBanner + "3 3 3\n1 2\n2 3\n3 1\n";
  const std::string real_mtx =
      "%%MatrixMarket matrix coordinate real general\n2 2 2\n1 2 1.5\n2 1 -2\n";
  const std::string gr = "p sp 3 2\na 1 2 5\na 2 3 6\n";
  const std::string metis = "3 2\n2\n1 3\n2\n";
  const std::string snap = "0 1\n1 2\n";
  return {
      {"crlf.mtx", mtx,
       "%%MatrixMarket matrix coordinate pattern general\r\n3 3 3\r\n1 2\r\n2 3\r\n3 1\r\n"},
      {"messy.mtx", mtx,
       "%%MATRIXMARKET Matrix Coordinate PATTERN General\r\n% c\r\n\r\n  3\t3  3 \r\n1\t2\r\n\r\n"
       "  2 3\t\r\n%mid comment\r\n3 1"},
      {"numbers.mtx", real_mtx,
       "%%MatrixMarket matrix coordinate real general\n2 2 2\n001 +2 +15e-1\n2 01 -2.000\n"},
      {"crlf.gr", gr, "p sp 3 2\r\na 1 2 5\r\na 2 3 6\r\n"},
      {"messy.gr", gr, "c x\r\n\r\np\tsp 3\t2\r\n  a 1\t2 5 \r\nc mid\r\na 2 3 6"},
      {"crlf.graph", metis, "3 2\r\n2\r\n1 3\r\n2\r\n"},
      {"messy.graph", metis, "% c\r\n3 2\r\n2 \r\n\t1   3\r\n% mid\r\n2\r\n\r\n  \r\n"},
      {"no_newline.graph", metis, "3 2\n2\n1 3\n2"},
      {"crlf.txt", snap, "0 1\r\n1 2\r\n"},
      {"messy.txt", snap, "# c\r\n0\t1\r\n\r\n   1  2   \r\n# end"},
      {"tabs.txt", snap, "0\t\t1\n1\t2\n"},
  };
}

TEST(MalformedInputs, WhitespaceAndLineEndingVariantsLoadLikeTheCleanFile) {
  TempDir dir;
  for (const Variant& v : accepted_variants()) {
    SCOPED_TRACE(v.name);
    const Graph clean = read_graph(write_file(dir / ("clean_" + v.name), v.clean)).graph;
    const Graph variant = read_graph(write_file(dir / v.name, v.variant)).graph;
    ASSERT_GT(clean.num_arcs(), 0);
    test::expect_same_graph(variant, clean);
  }
}

// Random byte edits (replace, insert, delete; 1 to 3 per file) of every bundled file, plain and
// gzip: each result must either load into a CSR that passes check_invariants() or be rejected
// with IoError; any other exception (or a sanitizer report) is a bug. The edits cannot grow a
// number by more than three digits, so no edited header declares a graph too big to build.
TEST(MalformedInputs, RandomlyEditedFilesLoadOrFailCleanly) {
  constexpr int kTrialsPerFile = 300;
  const std::string alphabet = std::string(" \t\r\n%#-+.0123456789eacpx") + '\0';
  TempDir dir;
  const int saved_threads = omp_get_max_threads();
  omp_set_num_threads(1);  // tiny inputs; thread count does not change results (tested elsewhere)
  int loaded = 0;
  int rejected = 0;
  std::uint64_t draw = 0;
  for (const auto& entry : std::filesystem::directory_iterator(test::bundled_dataset(""))) {
    const std::string name = entry.path().filename().string();
    if (name == "README.md") continue;
    const std::string original = test::read_file(entry.path());
    for (int trial = 0; trial < kTrialsPerFile; ++trial) {
      std::string edited = original;
      const int edits = 1 + static_cast<int>(uniform_below(counter_random(91, draw++), 3));
      for (int e = 0; e < edits; ++e) {
        const auto pos = uniform_below(counter_random(91, draw++), edited.size() + 1);
        const char c = alphabet[uniform_below(counter_random(91, draw++), alphabet.size())];
        switch (uniform_below(counter_random(91, draw++), 3)) {
          case 0:
            if (pos < edited.size()) edited[pos] = c;
            break;
          case 1:
            edited.insert(edited.begin() + static_cast<std::ptrdiff_t>(pos), c);
            break;
          default:
            if (pos < edited.size()) edited.erase(pos, 1);
            break;
        }
      }
      const auto path = write_file(dir / name, edited);
      try {
        const LoadedGraph graph = read_graph(path);
        graph.graph.check_invariants();
        ++loaded;
      } catch (const IoError&) {
        ++rejected;
      } catch (const std::exception& error) {
        ADD_FAILURE() << name << " trial " << trial << ": " << error.what();
      }
    }
  }
  omp_set_num_threads(saved_threads);
  EXPECT_GT(loaded, 100);
  EXPECT_GT(rejected, 100);
}

}  // namespace
}  // namespace frontier::io
