// The SNAP reader's plain-line path (scan_plain_id_pair) against the general scanners it stands in
// for: every line it takes reads as the same ids and ends at the same '\n', and it refuses every
// line the general path must judge.
// Then whole files mixing plain lines with comments, tabs, CRLF, blank lines, trailing blanks,
// signs, leading zeros, long ids and weights load into the graph their arcs give, and a broken
// line among plain ones is reported exactly as in a short file.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "frontier/csr_builder.hpp"
#include "frontier/errors.hpp"
#include "frontier/io/read_graph.hpp"
#include "frontier/random.hpp"
#include "support/csr_expectations.hpp"
#include "support/temp_files.hpp"
#include "text_scan.hpp"

namespace frontier::io {
namespace {

using test::TempDir;
using test::write_file;

// The general reading of a line holding two ids and nothing else: the ids and the end of the
// line, or false.
bool general_id_pair(const char* p, std::uint64_t& first, std::uint64_t& second,
                     const char*& next) {
  p = skip_blanks(p);
  if (scan_unsigned(p, first) != ScanStatus::Ok) return false;
  p = skip_blanks(p);
  if (scan_unsigned(p, second) != ScanStatus::Ok) return false;
  p = skip_blanks(p);
  if (*p != '\n') return false;
  next = p + 1;
  return true;
}

// Runs the plain scan on `text`: when it takes the line, expects the general reading to give the
// same ids and the same end, and returns true; else expects it to have left the cursor alone.
bool plain_scan_agrees(const std::string& text) {
  const char* p = text.data();
  std::uint32_t first = 0;
  std::uint32_t second = 0;
  if (!scan_plain_id_pair(p, first, second)) {
    EXPECT_EQ(p, text.data());
    return false;
  }
  std::uint64_t general_first = 0;
  std::uint64_t general_second = 0;
  const char* general_next = nullptr;
  EXPECT_TRUE(general_id_pair(text.data(), general_first, general_second, general_next));
  EXPECT_EQ(first, general_first);
  EXPECT_EQ(second, general_second);
  EXPECT_EQ(p, general_next);
  return true;
}

std::string random_digits(std::uint64_t seed, int count) {
  std::string digits;
  for (int i = 0; i < count; ++i) {
    digits.push_back(static_cast<char>('0' + uniform_below(counter_random(seed, i), 10)));
  }
  return digits;
}

TEST(SnapFastPath, CommonLinesTakeThePlainPath) {
  for (const std::string line :
       {"0 1\n", "12\t345\n", "7 8\r\n", "00012 999999999\n", "999999999 0\n", "1004 1003\r\n"}) {
    SCOPED_TRACE(line);
    EXPECT_TRUE(plain_scan_agrees(line));
  }
}

TEST(SnapFastPath, EveryOtherLineIsLeftToTheGeneralPath) {
  for (const std::string line :
       {"0  1\n", " 0 1\n", "0 1 \n", "0 1 2.5\n", "+0 1\n", "-1 2\n", "0 -1\n", "# 0 1\n", "\n",
        "0\n", "0 \n", "1234567890 1\n", "1 0123456789\n", "0 1x\n", "0x 1\n", "0\v1\n",
        "0 1\r\r\n", "0 1\r2\n", "0,1\n"}) {
    SCOPED_TRACE(line);
    EXPECT_FALSE(plain_scan_agrees(line));
  }
}

// Random lines from the pieces the two paths tell apart: whatever the plain path takes, the
// general path reads the same way.
TEST(SnapFastPath, RandomLinesReadTheSameOnBothPaths) {
  const std::vector<std::string> separators = {" ", "\t", "  ", " \t", "\v", ""};
  const std::vector<std::string> endings = {"\n", "\r\n", " \n", "\t\n", " 1.5\n", "x\n", "\r\r\n"};
  std::int64_t plain = 0;
  for (std::uint64_t trial = 0; trial < 20000; ++trial) {
    const auto pick = [&](std::uint64_t salt, std::size_t size) {
      return static_cast<std::size_t>(uniform_below(counter_random(trial, salt), size));
    };
    std::string line = pick(1, 8) == 0 ? "+" : "";
    line += random_digits(trial * 4 + 1, 1 + static_cast<int>(pick(2, 11)));
    line += separators[pick(3, separators.size())];
    line += random_digits(trial * 4 + 2, 1 + static_cast<int>(pick(4, 11)));
    line += pick(5, 2) == 0 ? "\n" : endings[pick(6, endings.size())];
    SCOPED_TRACE(line);
    if (plain_scan_agrees(line + "\n")) ++plain;
  }
  EXPECT_GT(plain, 2000);  // the plain path was exercised
}

// A file of plain lines with the general path's cases among them: the graph equals build_csr()
// of the arcs written.
TEST(SnapFastPath, MixedFileLoadsTheArcsWritten) {
  TempDir dir;
  for (const bool weighted : {false, true}) {
    SCOPED_TRACE(weighted ? "weighted" : "unweighted");
    std::string text = "# Directed graph\n# FromNodeId\tToNodeId\n";
    EdgeList<VertexId> arcs;
    constexpr VertexId kVertices = 3000;
    arcs.num_vertices = kVertices;
    struct Form {
      std::string before, between, after;
    };
    const Form plain_form{"", " ", ""};
    const std::vector<Form> forms = {{"\t", " ", ""}, {"", "\t\t", "  "}, {"000000000", " ", ""},
                                     {"+", " ", ""},  {"", " ", "\r"},    {"", "\t", ""}};
    for (std::int64_t i = 0; i < 20000; ++i) {
      const std::uint64_t word = counter_random(weighted ? 77 : 76, i);
      const VertexId u = static_cast<VertexId>(uniform_below(word, kVertices));
      const VertexId v = static_cast<VertexId>(uniform_below(word >> 32, kVertices));
      const std::string su = std::to_string(u);
      const std::string sv = std::to_string(v);
      // Most lines plain; in every 23 lines, one of each form above.
      const std::size_t form = static_cast<std::size_t>(i % 23);
      const Form& written = form < forms.size() ? forms[form] : plain_form;
      std::string line = written.before + su + written.between + sv + written.after;
      if (weighted) line += " " + std::to_string(i % 7) + ".5";
      text += line + "\n";
      if (i % 101 == 0) text += "\n";
      if (i % 211 == 0) text += "# a comment 1 2\n";
      if (i % 307 == 0) text += "% another\r\n";
      arcs.sources.push_back(u);
      arcs.targets.push_back(v);
      if (weighted) arcs.weights.push_back(static_cast<Weight>(i % 7) + 0.5f);
    }
    const auto path = write_file(dir / "mixed.txt", text);
    const LoadedGraph loaded = read_graph(path);
    test::expect_same_graph(loaded.graph, build_csr<VertexId, EdgeId>(arcs));
    EXPECT_EQ(loaded.info.declared_edges, 20000u);
    ReadOptions renumber;
    renumber.renumber = true;
    EXPECT_EQ(read_graph(path, renumber).graph.num_arcs(), 20000);
  }
}

// Ids of 10 and more digits (leading zeros included) are the general path's: as written, and
// renumbered beyond 32 bits, among plain lines.
TEST(SnapFastPath, LongIdsAmongPlainLines) {
  TempDir dir;
  std::string text;
  for (int i = 0; i < 100; ++i) text += std::to_string(i) + " " + std::to_string(i + 1) + "\n";
  text += "00000000012 0\n";
  for (int i = 0; i < 100; ++i) text += std::to_string(i + 1) + " " + std::to_string(i) + "\n";
  const LoadedGraph as_written = read_graph(write_file(dir / "long.txt", text));
  EXPECT_EQ(as_written.graph.num_vertices(), 101);
  EXPECT_EQ(as_written.graph.num_arcs(), 201);
  EXPECT_EQ(as_written.graph.degree(12), 3);  // 12 -> 13, 12 -> 0 and 12 -> 11

  const std::string huge = text + "123456789 0\n9000000000000000000 5\n" + text;
  ReadOptions renumber;
  renumber.renumber = true;
  const LoadedGraph renumbered = read_graph(write_file(dir / "huge.txt", huge), renumber);
  EXPECT_EQ(renumbered.graph.num_vertices(), 103);  // 0..100, 123456789 and 9 * 10^18
  EXPECT_EQ(renumbered.graph.num_arcs(), 404);
  ASSERT_EQ(renumbered.info.original_ids.size(), 103u);
  EXPECT_EQ(renumbered.info.original_ids[101], 123456789);
  EXPECT_EQ(renumbered.info.original_ids[102], 9000000000000000000);
}

// A broken line amid plain lines: the same error, naming the same line, as the short files of
// malformed_inputs_test.cpp (where the general path reads every line).
TEST(SnapFastPath, BrokenLineAmongPlainLinesKeepsItsMessage) {
  struct Case {
    std::string line;
    std::string problem;
  };
  const std::vector<Case> cases = {
      {"-3 2", "negative vertex id '-3'"},
      {"foo bar", "expected vertex id, found 'foo'"},
      {"0 1 2 3", "unexpected '3'"},
      {"0 3000000000", "exceeds the largest id 2147483646"},
      {"5", "expected vertex id, found end of line"},
      {"0 1 x", "expected weight (third column), found 'x'"},
      {"12abc 1", "expected vertex id, found '12abc'"},
  };
  TempDir dir;
  std::string before;
  for (int i = 0; i < 500; ++i) before += std::to_string(i) + " " + std::to_string(i + 1) + "\n";
  const std::string after = before;
  for (const Case& bad : cases) {
    SCOPED_TRACE(bad.line);
    const auto path = write_file(dir / "broken.txt", before + bad.line + "\n" + after);
    try {
      read_graph(path);
      ADD_FAILURE() << "no error";
    } catch (const IoError& error) {
      const std::string message = error.what();
      EXPECT_EQ(error.line(), 501u) << message;
      EXPECT_NE(message.find(bad.problem), std::string::npos) << message;
    }
  }
  // A weighted line after plain ones: the column check names both lines.
  const auto path = write_file(dir / "columns.txt", before + "1 2 5\n" + after);
  try {
    read_graph(path);
    ADD_FAILURE() << "no error";
  } catch (const IoError& error) {
    EXPECT_EQ(error.line(), 501u);
    EXPECT_NE(std::string(error.what()).find("this line has 3 columns but line 1 has 2"),
              std::string::npos)
        << error.what();
  }
}

}  // namespace
}  // namespace frontier::io
