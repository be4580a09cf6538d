// `--renumber` end to end: bfs takes --source as the file's id and writes the file's ids beside
// its results, convert writes the id map beside its output, and a file of mostly unused ids is
// refused at once without --renumber and loads small and fast with it.
#include <gtest/gtest.h>

#include <sys/resource.h>

#include <chrono>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "support/cli_runner.hpp"
#include "support/temp_files.hpp"

namespace {

using frontier::test::CliRun;
using frontier::test::read_file;
using frontier::test::write_file;

// A directed graph on the sparse ids 10, 500, 7000 and 90000: 10 -> 500 -> 7000 -> 90000,
// 10 -> 7000.
constexpr const char* kSparseGraph =
    "# Nodes: 4 Edges: 4\n10\t500\n500\t7000\n7000\t90000\n10\t7000\n";

class CliRenumberTest : public ::testing::Test {
 protected:
  static CliRun run(const std::string& arguments) { return frontier::test::run_cli(arguments); }

  std::string sparse_graph() { return write_file(dir_ / "sparse.txt", kSparseGraph).string(); }
  std::string path(const char* name) const { return (dir_ / name).string(); }

  // Runs `command [options] FILE` on the 12-byte file "0 200000000"; expects it to end within
  // two seconds (a CSR over its 2 * 10^8 ids takes longer and 3 GB).
  CliRun run_on_twelve_byte_file(const std::string& command_and_options) {
    const std::string graph = write_file(dir_ / "huge.txt", "0 200000000\n").string();
    const auto start = std::chrono::steady_clock::now();
    CliRun result = run(command_and_options + " " + graph);
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(2));
    return result;
  }

  frontier::test::TempDir dir_;
};

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

TEST_F(CliRenumberTest, BfsOutputHasTheOriginalIdColumn) {
  const CliRun result =
      run("bfs --renumber --source 10 --output " + path("out.txt") + " " + sparse_graph());
  ASSERT_EQ(result.exit_code, 0) << result.output();
  // Vertices 0..3 are the ids 10, 500, 7000, 90000; parents are vertices.
  EXPECT_EQ(lines_of(read_file(path("out.txt"))),
            (std::vector<std::string>{
                "# vertex depth parent original_id (-1: unreached; parent is a vertex)", "0 0 0 10",
                "1 1 0 500", "2 1 0 7000", "3 2 2 90000"}));
}

TEST_F(CliRenumberTest, BfsOutputWithoutRenumberKeepsThreeColumns) {
  const std::string graph = write_file(dir_ / "g.txt", "0 1\n1 2\n").string();
  ASSERT_EQ(run("bfs --source 0 --output " + path("out.txt") + " " + graph).exit_code, 0);
  EXPECT_EQ(lines_of(read_file(path("out.txt"))),
            (std::vector<std::string>{"# vertex depth parent (-1: unreached)", "0 0 0", "1 1 0",
                                      "2 2 1"}));
}

TEST_F(CliRenumberTest, BinaryBfsOutputWritesTheIdsBesideIt) {
  const CliRun result =
      run("bfs --renumber --source 500 --output " + path("out.bin") + " " + sparse_graph());
  ASSERT_EQ(result.exit_code, 0) << result.output();
  EXPECT_EQ(std::filesystem::file_size(path("out.bin")), 4u * 2 * 4);
  const std::vector<std::string> ids = lines_of(read_file(path("out.bin.ids")));
  ASSERT_EQ(ids.size(), 5u);
  EXPECT_EQ(ids[0].front(), '#');
  EXPECT_EQ(std::vector<std::string>(ids.begin() + 1, ids.end()),
            (std::vector<std::string>{"10", "500", "7000", "90000"}));
}

TEST_F(CliRenumberTest, SourceIsTheFilesId) {
  const CliRun result = run("bfs --renumber --json --source 7000 " + sparse_graph());
  ASSERT_EQ(result.exit_code, 0) << result.output();
  EXPECT_NE(result.out.find("\"source\":7000"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("\"vertices_reached\":2"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("\"vertices\":4"), std::string::npos) << result.out;
}

TEST_F(CliRenumberTest, SimulatedRanksReportTheFilesIds) {
  const CliRun json = run("bfs --renumber --json --source 7000 --ranks 2 " + sparse_graph());
  ASSERT_EQ(json.exit_code, 0) << json.output();
  EXPECT_NE(json.out.find("\"source\":7000"), std::string::npos) << json.out;
  EXPECT_NE(json.out.find("\"vertices_reached\":2"), std::string::npos) << json.out;

  const CliRun text = run("bfs --renumber --source 500 --ranks 3 --validate " + sparse_graph());
  ASSERT_EQ(text.exit_code, 0) << text.output();
  const std::vector<std::string> lines = lines_of(text.out);
  ASSERT_GE(lines.size(), 2u) << text.out;
  EXPECT_EQ(lines[1].rfind("500 ", 0), 0u) << text.out;
  EXPECT_NE(text.err.find("bfs from 500:"), std::string::npos) << text.err;
}

TEST_F(CliRenumberTest, EulerRootAndOutputAreTheFilesIds) {
  const std::string tree = write_file(dir_ / "tree.txt", "100 200\n100 300\n300 400\n").string();
  const CliRun result =
      run("euler --renumber --root 300 --output " + path("euler.txt") + " " + tree);
  ASSERT_EQ(result.exit_code, 0) << result.output();
  // Vertices 0..3 are the ids 100, 200, 300, 400; the root is vertex 2 (id 300).
  EXPECT_EQ(lines_of(read_file(path("euler.txt"))),
            (std::vector<std::string>{"# vertex parent depth preorder postorder subtree_size "
                                      "original_id (parent is a vertex)",
                                      "0 2 1 1 1 2 100", "1 0 2 2 0 1 200", "2 2 0 0 3 4 300",
                                      "3 2 1 3 2 1 400"}));
  const CliRun missing = run("euler --renumber --root 5 " + tree);
  EXPECT_EQ(missing.exit_code, 2) << missing.output();
  EXPECT_NE(missing.err.find("--root 5 is not a vertex of"), std::string::npos) << missing.err;
}

TEST_F(CliRenumberTest, SourceListTargetAndPathAreTheFilesIds) {
  const CliRun result =
      run("bfs --renumber --json --source 500,7000 --target 90000 " + sparse_graph());
  ASSERT_EQ(result.exit_code, 0) << result.output();
  EXPECT_NE(result.out.find("\"sources\":[500,7000]"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("\"target\":90000"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("\"path\":[7000,90000]"), std::string::npos) << result.out;

  const CliRun text = run("bfs --renumber --source 10 --target 90000 " + sparse_graph());
  ASSERT_EQ(text.exit_code, 0) << text.output();
  EXPECT_NE(text.out.find("path to 90000 (length 2): 10 -> 7000 -> 90000"), std::string::npos)
      << text.out;
}

TEST_F(CliRenumberTest, TargetThatNoEdgeLineNamesIsAUsageError) {
  const CliRun result = run("bfs --renumber --source 10 --target 3 " + sparse_graph());
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.err.find("--target 3 is not a vertex of"), std::string::npos) << result.err;
}

TEST_F(CliRenumberTest, SourceThatNoEdgeLineNamesIsAUsageError) {
  const CliRun result = run("bfs --renumber --source 3 " + sparse_graph());
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.err.find("--source 3 is not a vertex of"), std::string::npos) << result.err;
}

TEST_F(CliRenumberTest, SparseIdsWithoutRenumberWarnAndPointToIt) {
  const CliRun result = run("info " + sparse_graph());
  ASSERT_EQ(result.exit_code, 0) << result.output();
  EXPECT_NE(result.err.find("sparse vertex ids: they run up to 90000 but the edge lines name only "
                            "4 distinct ids"),
            std::string::npos)
      << result.err;
  EXPECT_NE(result.err.find("--renumber"), std::string::npos) << result.err;
}

TEST_F(CliRenumberTest, TwelveByteFileIsRefusedAtOnceWithoutRenumber) {
  const CliRun result = run_on_twelve_byte_file("info");
  EXPECT_EQ(result.exit_code, 3);
  EXPECT_NE(result.err.find("200000001 vertices, 199999999 of them in no edge line"),
            std::string::npos)
      << result.err;
  EXPECT_NE(result.err.find("--renumber"), std::string::npos) << result.err;
}

TEST_F(CliRenumberTest, TwelveByteFileIsFastAndSmallWithRenumber) {
  const CliRun result = run_on_twelve_byte_file("bfs --renumber --json --source 0");
  ASSERT_EQ(result.exit_code, 0) << result.output();
  EXPECT_NE(result.out.find("\"vertices\":2"), std::string::npos) << result.out;
  // The largest child this test waited for (the command) stayed far below the 3 GB a CSR over
  // 2 * 10^8 ids takes.
  rusage usage{};
  ASSERT_EQ(getrusage(RUSAGE_CHILDREN, &usage), 0);
  constexpr long kMostKibibytes = 512 * 1024;
  EXPECT_LT(usage.ru_maxrss, kMostKibibytes);
}

TEST_F(CliRenumberTest, ConvertWritesTheIdMapBesideTheOutput) {
  const CliRun result = run("convert --renumber " + sparse_graph() + " " + path("out.txt"));
  ASSERT_EQ(result.exit_code, 0) << result.output();
  EXPECT_NE(result.out.find(path("out.txt.ids")), std::string::npos) << result.out;
  const std::vector<std::string> ids = lines_of(read_file(path("out.txt.ids")));
  ASSERT_EQ(ids.size(), 5u);
  EXPECT_EQ(std::vector<std::string>(ids.begin() + 1, ids.end()),
            (std::vector<std::string>{"10", "500", "7000", "90000"}));
  // The written graph uses the new numbers; through the map its arcs are the file's.
  std::vector<std::string> arcs;
  for (const std::string& line : lines_of(read_file(path("out.txt")))) {
    if (line.empty() || line.front() == '#' || line.front() == '%') continue;
    std::istringstream fields(line);
    int from = 0;
    int to = 0;
    fields >> from >> to;
    arcs.push_back(ids[from + 1] + " " + ids[to + 1]);
  }
  EXPECT_EQ(arcs, (std::vector<std::string>{"10 500", "10 7000", "500 7000", "7000 90000"}));
}

TEST_F(CliRenumberTest, ConvertWithoutRenumberWritesNoIdMap) {
  const std::string graph = write_file(dir_ / "g.txt", "0 1\n1 2\n").string();
  ASSERT_EQ(run("convert " + graph + " " + path("out.fcsr")).exit_code, 0);
  EXPECT_FALSE(std::filesystem::exists(path("out.fcsr.ids")));
}

}  // namespace
