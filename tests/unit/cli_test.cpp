// End-to-end tests of the `frontier` command: exit codes, stdout/stderr separation, --json,
// and generate -> convert -> info round trips.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "support/cli_runner.hpp"
#include "support/temp_files.hpp"
#include "support/test_paths.hpp"

namespace {

using frontier::test::CliRun;

class CliTest : public ::testing::Test {
 protected:
  static CliRun run(const std::string& arguments) { return frontier::test::run_cli(arguments); }

  frontier::test::TempDir dir_;
};

TEST_F(CliTest, NoArgumentsIsAUsageError) {
  const CliRun result = run("");
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.err.find("usage: frontier <command>"), std::string::npos);
  EXPECT_TRUE(result.out.empty());
}

TEST_F(CliTest, UnknownCommandIsAUsageError) {
  const CliRun result = run("frobnicate");
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.err.find("unknown command 'frobnicate'"), std::string::npos);
}

TEST_F(CliTest, EverySubcommandHasHelp) {
  for (const char* command : {"info", "convert", "generate", "bfs", "graph500", "rank", "euler"}) {
    const CliRun result = run(std::string(command) + " --help");
    EXPECT_EQ(result.exit_code, 0) << command;
    EXPECT_NE(result.out.find(std::string("frontier ") + command), std::string::npos) << command;
    EXPECT_NE(result.out.find("--log-level"), std::string::npos) << command;
  }
}

TEST_F(CliTest, UnknownOptionIsAUsageError) {
  const CliRun result = run("info --no-such-option x.mtx");
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.err.find("no-such-option"), std::string::npos);
}

TEST_F(CliTest, BadThreadCountAndLogLevelAreUsageErrors) {
  const std::string karate = frontier::test::bundled_dataset("karate.mtx").string();
  EXPECT_EQ(run("info --threads -1 " + karate).exit_code, 2);
  EXPECT_EQ(run("info --log-level loud " + karate).exit_code, 2);
}

TEST_F(CliTest, MissingFileIsAnInputErrorNamingTheFile) {
  const CliRun result = run("info " + (dir_ / "absent.mtx").string());
  EXPECT_EQ(result.exit_code, 3);
  EXPECT_NE(result.err.find("absent.mtx"), std::string::npos);
  EXPECT_TRUE(result.out.empty());
}

TEST_F(CliTest, MalformedFileIsAnInputErrorNamingTheLine) {
  const auto path = dir_ / "broken.mtx";
  std::ofstream(path) << "%%MatrixMarket matrix coordinate pattern general\n3 3 2\n1 2\n1 x\n";
  const CliRun result = run("info " + path.string());
  EXPECT_EQ(result.exit_code, 3);
  EXPECT_NE(result.err.find("broken.mtx:4"), std::string::npos) << result.err;
}

TEST_F(CliTest, InfoPrintsTheKarateClub) {
  const CliRun result = run("info " + frontier::test::bundled_dataset("karate.mtx").string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find("vertices         34\n"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("arcs             156\n"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("edges            78\n"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("min 1, avg 4.59, max 17"), std::string::npos) << result.out;
}

TEST_F(CliTest, InfoJsonIsOneObjectOnStdout) {
  const CliRun result =
      run("info --json " + frontier::test::bundled_dataset("karate.mtx").string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out.front(), '{');
  EXPECT_EQ(result.out.substr(result.out.size() - 2), "}\n");
  EXPECT_NE(result.out.find("\"vertices\":34,"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("\"arcs\":156,"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("\"directed\":false,"), std::string::npos) << result.out;
}

TEST_F(CliTest, GenerateConvertInfoRoundTrip) {
  const auto grid = dir_ / "grid.mtx";
  const CliRun generated = run("generate grid2d --rows 30 --cols 40 -o " + grid.string());
  ASSERT_EQ(generated.exit_code, 0) << generated.err;
  const auto binary = dir_ / "grid.fcsr";
  const CliRun converted = run("convert " + grid.string() + " " + binary.string());
  ASSERT_EQ(converted.exit_code, 0) << converted.err;
  for (const auto& path : {grid, binary}) {
    const CliRun info = run("info --json " + path.string());
    ASSERT_EQ(info.exit_code, 0) << info.err;
    // 30 x 40 grid: 1200 vertices, 30*39 + 29*40 = 2330 edges, 4660 arcs.
    EXPECT_NE(info.out.find("\"vertices\":1200,"), std::string::npos) << info.out;
    EXPECT_NE(info.out.find("\"arcs\":4660,"), std::string::npos) << info.out;
    EXPECT_NE(info.out.find("\"max_degree\":4,"), std::string::npos) << info.out;
  }
}

TEST_F(CliTest, GenerateKroneckerIsDeterministic) {
  const auto first = dir_ / "a.el";
  const auto second = dir_ / "b.el";
  ASSERT_EQ(run("generate kronecker --scale 8 --seed 7 -o " + first.string()).exit_code, 0);
  ASSERT_EQ(run("generate kronecker --scale 8 --seed 7 -o " + second.string()).exit_code, 0);
  const std::string a = frontier::test::read_file(first);
  EXPECT_FALSE(a.empty());
  EXPECT_EQ(a, frontier::test::read_file(second));
}

}  // namespace

namespace {

TEST_F(CliTest, BfsValidatesEverySearchOnTheKarateClub) {
  const CliRun result = run("bfs --device cpu --sources 4 --validate --json " +
                            frontier::test::bundled_dataset("karate.mtx").string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  std::size_t searches = 0;
  for (std::size_t at = result.out.find("\"validated\":true"); at != std::string::npos;
       at = result.out.find("\"validated\":true", at + 1)) {
    ++searches;
  }
  EXPECT_EQ(searches, 4u) << result.out;
  EXPECT_NE(result.out.find("\"vertices_reached\":34,"), std::string::npos) << result.out;
}

TEST_F(CliTest, BfsWritesDepthsAndRejectsABadSource) {
  const auto output = dir_ / "depths.txt";
  const std::string karate = frontier::test::bundled_dataset("karate.mtx").string();
  ASSERT_EQ(run("bfs --device cpu --source 0 --output " + output.string() + " " + karate).exit_code,
            0);
  const std::string text = frontier::test::read_file(output);
  EXPECT_NE(text.find("\n0 0 0\n"), std::string::npos) << text;  // the source: depth 0, parent 0
  EXPECT_NE(text.find("\n33 2 "), std::string::npos) << text;    // vertex 34 is two hops from 1
  const CliRun bad = run("bfs --device cpu --source 34 " + karate);
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("--source 34 is outside [0, 34)"), std::string::npos) << bad.err;
}

// --hubs-first reorders lists only: every vertex keeps its depth (on karate, where some lists
// change); a directed file needs --symmetrize, and the refusal names the file.
TEST_F(CliTest, BfsHubsFirstKeepsDepthsAndNeedsAnUndirectedGraph) {
  const std::string karate = frontier::test::bundled_dataset("karate.mtx").string();
  const auto depths = [&](const std::string& flags) {
    const auto output = dir_ / "depths.txt";
    const CliRun result =
        run("bfs --device cpu --source 5 " + flags + "--output " + output.string() + " " + karate);
    EXPECT_EQ(result.exit_code, 0) << result.err;
    std::ifstream in(output);
    std::string line;
    std::string columns;
    while (std::getline(in, line)) {
      if (line.empty() || line[0] == '#') continue;
      columns += line.substr(0, line.rfind(' ')) + "\n";  // vertex and depth, not the parent
    }
    return columns;
  };
  const std::string sorted = depths("");
  EXPECT_FALSE(sorted.empty());
  EXPECT_EQ(depths("--hubs-first "), sorted);

  const auto directed = dir_ / "directed.txt";
  std::ofstream(directed) << "0 1\n1 2\n2 0\n";
  const CliRun refused = run("bfs --device cpu --source 0 --hubs-first " + directed.string());
  EXPECT_EQ(refused.exit_code, 2) << refused.err;
  EXPECT_NE(refused.err.find(directed.string() + ": hubs first needs an undirected graph"),
            std::string::npos)
      << refused.err;
  EXPECT_EQ(
      run("bfs --device cpu --source 0 --hubs-first --symmetrize " + directed.string()).exit_code,
      0);
}

TEST_F(CliTest, Graph500PrintsTheOfficialBlock) {
  const CliRun result = run("graph500 --device cpu --scale 10 --roots 8");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out.rfind("SCALE:                          10\n", 0), 0u) << result.out;
  EXPECT_NE(result.out.find("NBFS:                           8\n"), std::string::npos);
  EXPECT_NE(result.out.find("bfs  harmonic_mean_TEPS:     !  "), std::string::npos);
  EXPECT_NE(result.err.find("BFS  8/8"), std::string::npos) << result.err;  // progress on stderr
}

TEST_F(CliTest, Graph500PrintsEverySearchsLevelsWhenAsked) {
  const CliRun text = run("graph500 --device cpu --scale 10 --roots 2 --levels");
  ASSERT_EQ(text.exit_code, 0) << text.err;
  // One row per level of each search, levels 0, 1, 2, ... in order, before the official block;
  // level 0 expands the root alone.
  std::istringstream rows(text.out.substr(0, text.out.find("SCALE:")));
  std::string header;
  std::getline(rows, header);
  EXPECT_EQ(header.find("search level direction"), 0u) << text.out;
  int expected_bfs = 0;
  int expected_level = 0;
  long long arcs_total = 0;
  for (std::string line; std::getline(rows, line) && !line.empty();) {
    std::istringstream row(line);
    int bfs = -1;
    int level = -1;
    std::string direction;
    long long frontier = -1;
    long long arcs = -1;
    double us = -1;
    ASSERT_TRUE(row >> bfs >> level >> direction >> frontier >> arcs >> us) << line;
    if (bfs != expected_bfs) {
      EXPECT_GT(expected_level, 1) << "search " << expected_bfs << " stopped at level 0";
      EXPECT_EQ(bfs, expected_bfs + 1) << line;
      expected_bfs = bfs;
      expected_level = 0;
    }
    EXPECT_EQ(level, expected_level) << line;
    if (level == 0) EXPECT_EQ(frontier, 1) << line;
    EXPECT_TRUE(direction == "top-down" || direction == "bottom-up") << line;
    EXPECT_GE(us, 0.0) << line;
    arcs_total += arcs;
    ++expected_level;
  }
  EXPECT_EQ(expected_bfs, 1) << text.out;
  EXPECT_GT(arcs_total, 0) << text.out;
  EXPECT_NE(text.out.find("SCALE:                          10\n"), std::string::npos);

  const CliRun json = run("graph500 --device cpu --scale 10 --roots 2 --levels --json");
  ASSERT_EQ(json.exit_code, 0) << json.err;
  EXPECT_NE(json.out.find("\"level_stats\":[{\"level\":0,\"direction\":\""), std::string::npos)
      << json.out;
  const CliRun plain = run("graph500 --device cpu --scale 10 --roots 2 --json");
  ASSERT_EQ(plain.exit_code, 0) << plain.err;
  EXPECT_EQ(plain.out.find("level_stats"), std::string::npos) << plain.out;
}

TEST_F(CliTest, Graph500TakesBeamersSwitches) {
  const std::string run_args = "graph500 --device cpu --scale 10 --roots 2 --log-level debug";
  const CliRun tuned = run(run_args + " --alpha 3 --beta 7");
  ASSERT_EQ(tuned.exit_code, 0) << tuned.err;
  EXPECT_NE(tuned.err.find("alpha=3 beta=7"), std::string::npos) << tuned.err;
  // Beamer's default turns this graph bottom-up; alpha 1 asks for more frontier arcs than remain.
  const CliRun by_default = run(run_args);
  ASSERT_EQ(by_default.exit_code, 0) << by_default.err;
  EXPECT_NE(by_default.err.find(" bottom-up frontier"), std::string::npos) << by_default.err;
  const CliRun never = run(run_args + " --alpha 1");
  ASSERT_EQ(never.exit_code, 0) << never.err;
  EXPECT_EQ(never.err.find(" bottom-up frontier"), std::string::npos) << never.err;
  const CliRun refused = run("graph500 --device cpu --scale 10 --alpha 0");
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_NE(refused.err.find("alpha 0 must be at least 1"), std::string::npos) << refused.err;
}

TEST_F(CliTest, RankVerifiesAgainstTheSequentialWalk) {
  const CliRun result =
      run("rank --device cpu --list stride:7 -n 5000 --lists 3 --op max --verify --json");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find("\"nodes\":5000,"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("\"lists\":3,"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("\"verified\":true"), std::string::npos) << result.out;
}

TEST_F(CliTest, OneLetterOptionsTakeTheDoubleDashSpelling) {
  for (const std::string nodes : {"--n 777", "--n=777", "-n 777", "--nodes 777"}) {
    const CliRun result = run("rank --device cpu --list random " + nodes + " --json");
    ASSERT_EQ(result.exit_code, 0) << nodes << ": " << result.err;
    EXPECT_NE(result.out.find("\"nodes\":777,"), std::string::npos) << nodes << ": " << result.out;
  }
}

TEST_F(CliTest, RankRejectsACycleInAListFile) {
  const auto path = dir_ / "cycle.txt";
  std::ofstream(path) << "1\n2\n0\n";
  const CliRun result = run("rank --device cpu --list " + path.string());
  EXPECT_EQ(result.exit_code, 4);
  EXPECT_NE(result.err.find("cycle"), std::string::npos) << result.err;
}

}  // namespace

namespace {

TEST_F(CliTest, EulerWritesTreeValuesOfAPath) {
  // The path 0 - 1 - 2 - 3 rooted at 1: parent, depth, preorder, postorder and subtree sizes.
  const auto path_file = dir_ / "path.el";
  std::ofstream(path_file) << "0 1\n1 2\n2 3\n";
  const auto output = dir_ / "values.txt";
  const CliRun result =
      run("euler --device cpu --root 1 --output " + output.string() + " " + path_file.string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(frontier::test::read_file(output),
            "# vertex parent depth preorder postorder subtree_size\n"
            "0 1 1 1 0 1\n"
            "1 1 0 0 3 4\n"
            "2 1 1 2 2 2\n"
            "3 2 2 3 1 1\n");
}

TEST_F(CliTest, EulerRejectsACycle) {
  const auto cycle = dir_ / "cycle.el";
  std::ofstream(cycle) << "0 1\n1 2\n2 0\n";
  const CliRun result = run("euler --device cpu " + cycle.string());
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.err.find("not a forest"), std::string::npos) << result.err;
}

}  // namespace
