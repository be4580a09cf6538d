// Every writer goes through io::OutputFile: a failed write (disk full, file-size limit) is an
// IoError naming the file and the OS error, the command exits non-zero, an existing file at the
// target is left as it was and no temporary file stays behind; symbolic links are written
// through; devices are written directly.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "frontier/csr_builder.hpp"
#include "frontier/errors.hpp"
#include "frontier/io/output_file.hpp"
#include "frontier/io/write_graph.hpp"
#include "support/cli_runner.hpp"
#include "support/temp_files.hpp"
#include "support/test_paths.hpp"

namespace {

namespace fs = std::filesystem;
using frontier::test::CliRun;
using frontier::test::read_file;
using frontier::test::run_cli;
using frontier::test::write_file;

constexpr const char* kPrecious = "the user's file, which a failed write must leave alone\n";
// dash counts `ulimit -f` in 512-byte blocks: a 1 KiB limit, far below every output below.
constexpr const char* kSmallFileLimit = "ulimit -f 2; ";

std::string karate() { return frontier::test::bundled_dataset("karate.mtx").string(); }

// Names in `dir` other than `keep`: temporary files a writer left behind.
std::vector<std::string> leftovers(const fs::path& dir, const std::vector<std::string>& keep) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (std::find(keep.begin(), keep.end(), name) == keep.end()) names.push_back(name);
  }
  return names;
}

class OutputFilesTest : public ::testing::Test {
 protected:
  frontier::test::TempDir dir_;

  // A grid graph big enough (tens of KiB in any format) to overrun kSmallFileLimit.
  std::string grid_fcsr() {
    const fs::path grid = dir_ / "grid.fcsr";
    if (!fs::exists(grid)) {
      const CliRun made =
          run_cli("generate grid2d --rows 100 --cols 100 -o " + grid.string() + " --log-level off");
      EXPECT_EQ(made.exit_code, 0) << made.output();
    }
    return grid.string();
  }
};

TEST_F(OutputFilesTest, ConvertOverAFileSizeLimitKeepsTheExistingFile) {
  const std::string grid = grid_fcsr();
  for (const char* name : {"out.mtx", "out.graph.gz", "copy.fcsr"}) {
    const fs::path target = write_file(dir_ / name, kPrecious);
    const CliRun result = run_cli("convert " + grid + " " + target.string(), kSmallFileLimit);
    EXPECT_EQ(result.exit_code, 3) << name << ": " << result.output();
    EXPECT_NE(result.err.find(target.string()), std::string::npos) << result.err;
    EXPECT_NE(result.err.find("File too large"), std::string::npos) << result.err;
    EXPECT_EQ(read_file(target), kPrecious) << name;
  }
  EXPECT_EQ(leftovers(dir_.path(), {"grid.fcsr", "out.mtx", "out.graph.gz", "copy.fcsr"}),
            std::vector<std::string>{});
}

TEST_F(OutputFilesTest, GenerateOverAFileSizeLimitKeepsTheExistingFile) {
  const fs::path target = write_file(dir_ / "g.fcsr", kPrecious);
  const CliRun result =
      run_cli("generate grid2d --rows 100 --cols 100 -o " + target.string(), kSmallFileLimit);
  EXPECT_NE(result.exit_code, 0);
  EXPECT_NE(result.err.find("File too large"), std::string::npos) << result.err;
  EXPECT_EQ(read_file(target), kPrecious);
  EXPECT_EQ(leftovers(dir_.path(), {"g.fcsr"}), std::vector<std::string>{});
}

TEST_F(OutputFilesTest, SearchAndRankOutputsOverAFileSizeLimitFailAndKeepTheExistingFile) {
  const std::string grid = grid_fcsr();
  const fs::path depths = write_file(dir_ / "depths.txt", kPrecious);
  const fs::path prefix = write_file(dir_ / "prefix.txt", kPrecious);
  const fs::path tree = write_file(dir_ / "tree.txt", kPrecious);
  const std::vector<std::string> commands = {
      "bfs " + grid + " --source 0 --output " + depths.string(),
      "rank --n 100000 --trials 1 --output " + prefix.string(),
      "euler --random-tree 10000 --output " + tree.string()};
  for (const std::string& command : commands) {
    const CliRun result = run_cli(command, kSmallFileLimit);
    EXPECT_EQ(result.exit_code, 3) << command << ": " << result.output();
    EXPECT_NE(result.err.find("File too large"), std::string::npos) << result.err;
  }
  EXPECT_EQ(read_file(depths), kPrecious);
  EXPECT_EQ(read_file(prefix), kPrecious);
  EXPECT_EQ(read_file(tree), kPrecious);
  EXPECT_EQ(leftovers(dir_.path(), {"grid.fcsr", "depths.txt", "prefix.txt", "tree.txt"}),
            std::vector<std::string>{});
}

TEST_F(OutputFilesTest, AFullDeviceIsAnErrorNamingIt) {
  if (!fs::exists("/dev/full")) GTEST_SKIP() << "no /dev/full on this system";
  const std::vector<std::string> commands = {"convert " + karate() + " /dev/full --to mtx",
                                             "convert " + karate() + " /dev/full --to fcsr",
                                             "bfs " + karate() + " --source 0 --output /dev/full",
                                             "rank --n 1000 --trials 1 --output /dev/full"};
  for (const std::string& command : commands) {
    const CliRun result = run_cli(command);
    EXPECT_EQ(result.exit_code, 3) << command << ": " << result.output();
    EXPECT_NE(result.err.find("/dev/full"), std::string::npos) << result.err;
    EXPECT_NE(result.err.find("No space left on device"), std::string::npos) << result.err;
  }
  EXPECT_TRUE(fs::is_character_file("/dev/full"));
}

TEST_F(OutputFilesTest, ADeviceTargetIsWrittenDirectlyAndStaysADevice) {
  const CliRun result = run_cli("convert " + karate() + " /dev/null --to mtx");
  EXPECT_EQ(result.exit_code, 0) << result.output();
  EXPECT_TRUE(fs::is_character_file("/dev/null"));
}

TEST_F(OutputFilesTest, StdoutRedirectedToAFileGetsTheResultAndTheTable) {
  const CliRun result =
      run_cli("bfs " + karate() + " --source 0 --output /dev/stdout --log-level off");
  EXPECT_EQ(result.exit_code, 0) << result.output();
  EXPECT_EQ(result.out.rfind("# vertex depth parent", 0), 0u) << result.out;
  EXPECT_NE(result.out.find("\n33 2 "), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("1 search(es) on cpu"), std::string::npos) << result.out;
}

TEST_F(OutputFilesTest, ASymlinkIsKeptAndItsTargetReplaced) {
  fs::create_directories(dir_ / "real");
  const fs::path real = write_file(dir_ / "real" / "graph.mtx", kPrecious);
  const fs::path link = dir_ / "link.mtx";
  fs::create_symlink(fs::path("real") / "graph.mtx", link);
  const CliRun result = run_cli("convert " + karate() + " " + link.string());
  ASSERT_EQ(result.exit_code, 0) << result.output();
  EXPECT_TRUE(fs::is_symlink(link));
  EXPECT_EQ(fs::read_symlink(link), fs::path("real") / "graph.mtx");
  EXPECT_EQ(read_file(real).rfind("%%MatrixMarket", 0), 0u);
  EXPECT_EQ(leftovers(dir_.path(), {"real", "link.mtx"}), std::vector<std::string>{});
  EXPECT_EQ(leftovers(dir_ / "real", {"graph.mtx"}), std::vector<std::string>{});
}

TEST_F(OutputFilesTest, AReplacedFileKeepsItsPermissions) {
  const fs::path target = write_file(dir_ / "out.mtx", kPrecious);
  fs::permissions(target, fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
  const CliRun result = run_cli("convert " + karate() + " " + target.string());
  ASSERT_EQ(result.exit_code, 0) << result.output();
  EXPECT_EQ(fs::status(target).permissions() & fs::perms::all,
            fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
  EXPECT_NE(read_file(target), kPrecious);
  EXPECT_EQ(leftovers(dir_.path(), {"out.mtx"}), std::vector<std::string>{});
}

TEST_F(OutputFilesTest, AnUncommittedFileLeavesNothingBehind) {
  const fs::path target = write_file(dir_ / "keep.txt", kPrecious);
  {
    frontier::io::OutputFile file(target);
    file.write("half a result");
  }
  EXPECT_EQ(read_file(target), kPrecious);
  {
    frontier::io::OutputFile file(dir_ / "new.txt");
    file.stream() << "never committed\n";
  }
  EXPECT_EQ(leftovers(dir_.path(), {"keep.txt"}), std::vector<std::string>{});
}

TEST_F(OutputFilesTest, ACommittedFileReplacesTheTarget) {
  const fs::path target = write_file(dir_ / "out.txt", kPrecious);
  frontier::io::OutputFile file(target);
  file.stream() << "line " << 1 << '\n';
  file.write("line 2\n");
  EXPECT_EQ(read_file(target), kPrecious);  // nothing is visible before commit()
  file.commit();
  EXPECT_EQ(read_file(target), "line 1\nline 2\n");
  EXPECT_EQ(leftovers(dir_.path(), {"out.txt"}), std::vector<std::string>{});
}

TEST_F(OutputFilesTest, AFolderThatDoesNotExistIsAnIoErrorNamingTheFile) {
  const fs::path target = dir_ / "missing" / "out.txt";
  try {
    frontier::io::OutputFile file(target);
    FAIL() << "expected IoError";
  } catch (const frontier::IoError& error) {
    EXPECT_EQ(error.file(), target.string());
    EXPECT_NE(std::string(error.what()).find("No such file or directory"), std::string::npos)
        << error.what();
  }
}

TEST_F(OutputFilesTest, WriteGraphToAFullDeviceThrowsIoError) {
  if (!fs::exists("/dev/full")) GTEST_SKIP() << "no /dev/full on this system";
  frontier::EdgeList<frontier::VertexId> edges;
  edges.num_vertices = 3;
  edges.sources = {0, 1};
  edges.targets = {1, 2};
  frontier::CsrBuildOptions build;
  build.symmetrize = true;
  const frontier::Graph graph =
      frontier::build_csr<frontier::VertexId, frontier::EdgeId>(edges, build);
  for (const auto format :
       {frontier::io::GraphFormat::MatrixMarket, frontier::io::GraphFormat::BinaryCsr}) {
    EXPECT_THROW(frontier::io::write_graph(graph, "/dev/full", format), frontier::IoError);
  }
}

}  // namespace
