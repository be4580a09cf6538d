// `frontier bfs` with the queries of one search: --source a,b (several sources), --depth-limit,
// --target (the path printed, or why there is none), their --json fields, --output and
// --validate with them, a sink as --source on a directed graph, the degree search order, and the
// refusals (a bad list, the distributed search).
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "support/cli_runner.hpp"
#include "support/temp_files.hpp"
#include "support/test_paths.hpp"

namespace {

using frontier::test::CliRun;

class CliBfsQueriesTest : public ::testing::Test {
 protected:
  static CliRun run(const std::string& arguments) {
    return frontier::test::run_cli("bfs --device cpu " + arguments);
  }

  // A directed Matrix Market graph: 1 -> 2 -> 3 -> 4, 1 -> 5 -> 4, 6 -> 1; vertex 3 (0-based)
  // is a sink.
  std::string directed_file() const {
    const auto path = dir_ / "directed.mtx";
    std::ofstream out(path);
    out << "%%MatrixMarket matrix coordinate pattern general\n6 6 6\n1 2\n2 3\n3 4\n1 5\n5 4\n6 "
           "1\n";
    return path.string();
  }

  // Runs a search of directed_file() that must succeed and print `expected`; returns stdout.
  std::string expect_output(const std::string& arguments, const std::string& expected) const {
    const CliRun result = run(arguments + " " + directed_file());
    EXPECT_EQ(result.exit_code, 0) << arguments << ": " << result.err;
    EXPECT_NE(result.out.find(expected), std::string::npos) << arguments << ": " << result.out;
    return result.out;
  }

  const std::string karate_ = frontier::test::bundled_dataset("karate.mtx").string();
  frontier::test::TempDir dir_;
};

TEST_F(CliBfsQueriesTest, SourceListIsOneSearchFromTheNearest) {
  const auto output = dir_ / "labels.txt";
  const CliRun result = run("--source 0,33 --validate --output " + output.string() + " " + karate_);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find("0,33 "), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("1 search(es)"), std::string::npos) << result.out;
  const std::string text = frontier::test::read_file(output);
  EXPECT_NE(text.find("\n0 0 0\n"), std::string::npos) << text;
  EXPECT_NE(text.find("\n33 0 33\n"), std::string::npos) << text;
  // Vertex 32 (the 33rd) is adjacent to 33: one hop from the nearest source, not two.
  EXPECT_NE(text.find("\n32 1 "), std::string::npos) << text;
}

TEST_F(CliBfsQueriesTest, SourcesRepeatsTheGivenList) {
  const CliRun result = run("--source 0,33 --sources 3 --json " + karate_);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  std::size_t searches = 0;
  for (std::size_t at = result.out.find("\"sources\":[0,33]"); at != std::string::npos;
       at = result.out.find("\"sources\":[0,33]", at + 1)) {
    ++searches;
  }
  EXPECT_EQ(searches, 4u) << result.out;  // the header's list, then one per search
}

TEST_F(CliBfsQueriesTest, DepthLimitLeavesFartherVerticesUnreached) {
  const auto output = dir_ / "limited.txt";
  const CliRun result = run("--source 0 --depth-limit 1 --validate --json --output " +
                            output.string() + " " + karate_);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find("\"depth_limit\":1"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("\"vertices_reached\":17,"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("\"validated\":true"), std::string::npos) << result.out;
  const std::string text = frontier::test::read_file(output);
  EXPECT_NE(text.find("\n33 -1 -1\n"), std::string::npos) << text;  // two hops from 0
  EXPECT_EQ(text.find(" 2 "), std::string::npos) << text;           // no depth 2 at all
}

TEST_F(CliBfsQueriesTest, TargetPrintsTheShortestPath) {
  expect_output("--source 0 --target 3", "path to 3 (length 2): 0 -> 4 -> 3\n");
  expect_output("--source 5 --target 3 --json --validate",
                "\"target\":3,\"target_reached\":true,\"path\":[5,0,4,3],\"path_length\":3");
}

TEST_F(CliBfsQueriesTest, AnUnreachableTargetIsSaidSo) {
  expect_output("--source 1 --target 5", "target 5 is unreachable from the source(s)\n");
  expect_output("--source 0 --target 3 --depth-limit 1", "target 3 is not within 1 levels");
  const std::string json =
      expect_output("--source 0 --target 3 --depth-limit 1 --json", "\"target_reached\":false");
  EXPECT_EQ(json.find("\"path\""), std::string::npos) << json;
}

TEST_F(CliBfsQueriesTest, ASinkSourceReachesItselfAlone) {
  const auto output = dir_ / "sink.txt";
  const CliRun result =
      run("--source 3 --validate --json --output " + output.string() + " " + directed_file());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find("\"vertices_reached\":1,"), std::string::npos) << result.out;
  const std::string text = frontier::test::read_file(output);
  EXPECT_NE(text.find("\n3 0 3\n"), std::string::npos) << text;
  EXPECT_NE(text.find("\n0 -1 -1\n"), std::string::npos) << text;
}

// --levels: before the table, one row per level of every search (search number, level,
// direction, frontier vertices, arcs, us); from vertex 0 of directed_file() the frontiers are
// {0}, {1, 4}, {2, 3}. The same on ranks, and as level_stats in JSON.
TEST_F(CliBfsQueriesTest, LevelsPrintsEveryLevelOfEverySearch) {
  for (const std::string placement : {"", "--ranks 2 "}) {
    SCOPED_TRACE(placement);
    const std::string out =
        expect_output(placement + "--source 0 --sources 2 --levels", "search level direction");
    std::istringstream rows(out);
    std::string line;
    std::getline(rows, line);
    for (int search = 0; search < 2; ++search) {
      for (const long long frontier : {1, 2, 2}) {
        ASSERT_TRUE(std::getline(rows, line)) << out;
        std::istringstream row(line);
        int number = -1;
        int level = -1;
        std::string direction;
        long long vertices = -1;
        ASSERT_TRUE(row >> number >> level >> direction >> vertices) << line;
        EXPECT_EQ(number, search) << line;
        EXPECT_EQ(vertices, frontier) << line;
      }
    }
    ASSERT_TRUE(std::getline(rows, line));
    EXPECT_EQ(line, "") << out;  // the levels end before the table
  }
  expect_output("--source 0 --levels --json", "\"level_stats\":[{\"level\":0,\"direction\":\"");
  const CliRun plain = run("--source 0 --json " + directed_file());
  EXPECT_EQ(plain.out.find("level_stats"), std::string::npos) << plain.out;
}

TEST_F(CliBfsQueriesTest, BadListsAndDistributedQueriesAreRefused) {
  const CliRun letters = run("--source 0,x " + karate_);
  EXPECT_EQ(letters.exit_code, 2);
  EXPECT_NE(letters.err.find("--source expects vertex ids"), std::string::npos) << letters.err;
  const CliRun outside = run("--source 0,34 " + karate_);
  EXPECT_EQ(outside.exit_code, 2);
  EXPECT_NE(outside.err.find("--source 34 is outside [0, 34)"), std::string::npos) << outside.err;
  const CliRun target = run("--source 0 --target 34 " + karate_);
  EXPECT_EQ(target.exit_code, 2);
  EXPECT_NE(target.err.find("--target 34 is outside"), std::string::npos) << target.err;
  EXPECT_EQ(run("--source 0 --depth-limit -1 " + karate_).exit_code, 2);
  for (const char* query :
       {"--source 0,33", "--source 0 --depth-limit 2", "--source 0 --target 5"}) {
    const CliRun ranks = run(std::string(query) + " --ranks 2 " + karate_);
    EXPECT_EQ(ranks.exit_code, 2) << query;
    EXPECT_NE(ranks.err.find("do not combine with --gpus, --ranks or --distributed"),
              std::string::npos)
        << ranks.err;
  }
}

// --search-order degree: the same labels in the file's ids, the same path, trees validated; the
// JSON names the order; ranks refuse it; the plan sizes the renumbered copy.
TEST_F(CliBfsQueriesTest, DegreeSearchOrderAnswersInTheFilesIds) {
  for (const std::string query : {"--source 0,33", "--source 5 --target 24",
                                  "--source 2 "
                                  "--depth-limit 2"}) {
    SCOPED_TRACE(query);
    const auto given_labels = dir_ / "given.txt";
    const auto ordered_labels = dir_ / "ordered.txt";
    const CliRun given =
        run(query + " --validate --output " + given_labels.string() + " " + karate_);
    const CliRun ordered = run(query + " --search-order degree --validate --output " +
                               ordered_labels.string() + " " + karate_);
    ASSERT_EQ(given.exit_code, 0) << given.err;
    ASSERT_EQ(ordered.exit_code, 0) << ordered.err;
    // Depths are the same; parents may differ between equally short trees.
    const auto depths = [](const std::string& text) {
      std::istringstream in(text);
      std::string line;
      std::string kept;
      while (std::getline(in, line)) {
        std::istringstream fields(line);
        std::string vertex;
        std::string depth;
        if (line.empty() || line[0] == '#' || !(fields >> vertex >> depth)) continue;
        kept += vertex + " " + depth + "\n";
      }
      return kept;
    };
    EXPECT_EQ(depths(frontier::test::read_file(ordered_labels)),
              depths(frontier::test::read_file(given_labels)));
    EXPECT_FALSE(depths(frontier::test::read_file(given_labels)).empty());
  }
  const CliRun json = run("--source 0 --search-order degree --json " + karate_);
  ASSERT_EQ(json.exit_code, 0) << json.err;
  EXPECT_NE(json.out.find("\"search_order\":\"degree\""), std::string::npos) << json.out;
  const CliRun ranks = run("--search-order degree --ranks 2 " + karate_);
  EXPECT_EQ(ranks.exit_code, 2);
  EXPECT_NE(ranks.err.find("--search-order is an engine's"), std::string::npos) << ranks.err;
  const CliRun bad = run("--search-order degrees " + karate_);
  EXPECT_EQ(bad.exit_code, 2);
  const CliRun plan = run("--search-order degree --plan " + karate_);
  ASSERT_EQ(plan.exit_code, 0) << plan.err;
  EXPECT_NE(plan.out.find("search_order"), std::string::npos) << plan.out;
}

}  // namespace

// The edges column counts a search's component the same way on simulated ranks as on one
// device: an undirected edge once, a self loop once (its one arc).
TEST(CliBfsEdgesTest, RanksCountEdgesAsOneDeviceDoes) {
  const frontier::test::TempDir dir;
  const auto path = dir / "loop.mtx";
  std::ofstream(path)
      << "%%MatrixMarket matrix coordinate pattern symmetric\n3 3 3\n1 1\n2 1\n3 2\n";
  for (const char* placement : {"", " --ranks 2", " --ranks 3"}) {
    const CliRun result = frontier::test::run_cli("bfs --device cpu --source 0 --json" +
                                                  std::string(placement) + " " + path.string());
    ASSERT_EQ(result.exit_code, 0) << placement << ": " << result.err;
    EXPECT_NE(result.out.find("\"edges\":3"), std::string::npos) << placement << ": " << result.out;
  }
}
