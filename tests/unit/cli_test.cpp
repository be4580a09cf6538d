// End-to-end tests of the `frontier` command: exit codes, stdout/stderr separation, --json,
// and generate -> convert -> info round trips.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "test_paths.hpp"

namespace {

struct CliRun {
  int exit_code = -1;
  std::string out;
  std::string err;
};

std::string slurp(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

class CliTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("frontier_cli_test_" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
            "_" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  CliRun run(const std::string& arguments) const {
    const auto out = dir_ / "stdout.txt";
    const auto err = dir_ / "stderr.txt";
    const std::string command = std::string(FRONTIER_CLI_PATH) + " " + arguments + " >" +
                                out.string() + " 2>" + err.string() + " </dev/null";
    const int status = std::system(command.c_str());
    CliRun result;
    result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    result.out = slurp(out);
    result.err = slurp(err);
    return result;
  }

  std::filesystem::path dir_;
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
  for (const char* command : {"info", "convert", "generate"}) {
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
  const std::string a = slurp(first);
  EXPECT_FALSE(a.empty());
  EXPECT_EQ(a, slurp(second));
}

}  // namespace
