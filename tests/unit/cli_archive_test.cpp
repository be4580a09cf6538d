// `frontier info` on archives and compressed files as users download them: a SuiteSparse-style
// NAME.tar.gz prints its member's counts, an archive with several graphs names them and --member
// picks one, and a FIFO is refused at once instead of blocking.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <initializer_list>
#include <string>

#include "support/archive_files.hpp"
#include "support/cli_runner.hpp"
#include "support/temp_files.hpp"

namespace {

using frontier::test::archived;
using frontier::test::CliRun;
using frontier::test::run_cli;
using frontier::test::write_file;

constexpr int kInputErrorExit = 3;

const std::string kMtx =
    "%%MatrixMarket matrix coordinate pattern symmetric\n4 4 3\n2 1\n3 2\n4 3\n";
const std::string kGeneral = "%%MatrixMarket matrix coordinate pattern general\n2 2 1\n1 2\n";

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

void expect_all_in(const std::string& text, std::initializer_list<std::string> parts) {
  for (const std::string& part : parts)
    EXPECT_TRUE(contains(text, part)) << part << " in\n" << text;
}

TEST(CliArchive, InfoOnSuiteSparseTarballPrintsItsMembersCounts) {
  frontier::test::TempDir dir;
  const auto path = write_file(
      dir / "web.tar.gz",
      archived({{"web/web.mtx", kMtx}, {"web/web_b.mtx", kGeneral}, {"web/web_coord.mtx", "x"}}));
  const CliRun result = run_cli("info " + path.string());
  ASSERT_EQ(result.exit_code, 0) << result.output();
  expect_all_in(result.out,
                {"mtx (coordinate pattern symmetric), gzip, tar member web/web.mtx",
                 "vertices         4\n", "arcs             6\n", "edges            3\n"});
  const CliRun json = run_cli("info --json " + path.string());
  ASSERT_EQ(json.exit_code, 0) << json.output();
  expect_all_in(json.out, {"\"compression\":\"gzip\"", "\"member\":\"web/web.mtx\""});
}

TEST(CliArchive, SeveralGraphsAreListedAndMemberPicksOne) {
  frontier::test::TempDir dir;
  const auto path = write_file(dir / "bundle.tar.xz",
                               archived({{"a.mtx", kMtx}, {"b.mtx", kGeneral}}, "tar", "xz"));
  const CliRun ambiguous = run_cli("info " + path.string());
  EXPECT_EQ(ambiguous.exit_code, kInputErrorExit);
  expect_all_in(ambiguous.err, {"holds several graph files: a.mtx, b.mtx", "--member"});
  const CliRun picked = run_cli("info --member b.mtx " + path.string());
  ASSERT_EQ(picked.exit_code, 0) << picked.output();
  expect_all_in(picked.out, {"xz, tar member b.mtx", "arcs             1\n"});
}

TEST(CliArchive, FifoIsRefusedAtOnce) {
  frontier::test::TempDir dir;
  const auto fifo = dir / "g.mtx";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  // `timeout` turns a hang into exit code 124 rather than a stuck test.
  const CliRun result = run_cli("info " + fifo.string(), "timeout 20 ");
  EXPECT_EQ(result.exit_code, kInputErrorExit) << result.output();
  EXPECT_TRUE(contains(result.err, "is a FIFO (named pipe), not a regular file")) << result.err;
}

// A folder is refused as what it is, whether or not its name looks like a graph file's.
TEST(CliArchive, FolderIsRefusedAsAFolder) {
  frontier::test::TempDir dir;
  const auto named_like_a_graph = dir / "g.mtx";
  std::filesystem::create_directory(named_like_a_graph);
  for (const auto& folder : {dir.path(), named_like_a_graph}) {
    const CliRun result = run_cli("bfs " + folder.string());
    EXPECT_EQ(result.exit_code, kInputErrorExit) << result.output();
    EXPECT_TRUE(contains(result.err, "is a directory, not a graph file")) << result.err;
  }
}

}  // namespace
