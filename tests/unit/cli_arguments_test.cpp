// Hostile and mistaken command lines and the messages they get: bounded --threads, extra
// positional arguments, help pages, input bytes escaped in messages, allocation failures that say
// what failed, the GPU-missing message, .fcsr weights, and how `info` and `bfs` count edges.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <limits>
#include <string>
#include <vector>

#include "frontier/device.hpp"
#include "frontier/errors.hpp"
#include "frontier/io/binary_csr.hpp"
#include "support/cli_runner.hpp"
#include "support/temp_files.hpp"
#include "support/test_paths.hpp"

namespace {

namespace fs = std::filesystem;
using frontier::test::CliRun;
using frontier::test::run_cli;
using frontier::test::write_file;

std::string karate() { return frontier::test::bundled_dataset("karate.mtx").string(); }

bool one_line(const std::string& text) {
  return !text.empty() && text.find('\n') == text.size() - 1;
}

class CliArgumentsTest : public ::testing::Test {
 protected:
  frontier::test::TempDir dir_;
};

TEST_F(CliArgumentsTest, ThreadsAboveTheBoundAreAUsageError) {
  for (const std::string command :
       {"info " + karate(), "bfs " + karate(), std::string("rank --n 100"),
        std::string("generate grid2d --rows 2 --cols 2 -o /dev/null --to mtx")}) {
    const CliRun result = run_cli(command + " --threads 100000");
    EXPECT_EQ(result.exit_code, 2) << command << ": " << result.output();
    EXPECT_NE(result.err.find("--threads must be 0 (all cores) or between 1 and"),
              std::string::npos)
        << result.err;
  }
  EXPECT_EQ(run_cli("info " + karate() + " --threads -1").exit_code, 2);
  EXPECT_EQ(run_cli("info " + karate() + " --threads 2").exit_code, 0);
  EXPECT_EQ(run_cli("info " + karate() + " --threads 0").exit_code, 0);
}

TEST_F(CliArgumentsTest, Graph500SearchOrderIsAutoGivenOrDegree) {
  const CliRun bad = run_cli("graph500 --scale 8 --device cpu --search-order deg");
  EXPECT_EQ(bad.exit_code, 2) << bad.output();
  EXPECT_NE(bad.err.find("unknown search order 'deg' (expected auto, given or degree)"),
            std::string::npos)
      << bad.err;
  const CliRun degree = run_cli("graph500 --scale 8 --roots 4 --device cpu --search-order degree");
  EXPECT_EQ(degree.exit_code, 0) << degree.output();
  EXPECT_NE(degree.out.find("harmonic_mean_TEPS"), std::string::npos) << degree.out;
}

TEST_F(CliArgumentsTest, HelpStatesTheThreadsBound) {
  const CliRun result = run_cli("info --help");
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_NE(result.out.find("at most"), std::string::npos) << result.out;
}

TEST_F(CliArgumentsTest, ExtraPositionalArgumentsAreAUsageError) {
  const fs::path output = dir_ / "out.mtx";
  const std::vector<std::string> commands = {
      "info " + karate() + " " + karate(),
      "convert " + karate() + " " + output.string() + " EXTRA",
      "bfs " + karate() + " more",
      "rank stray",
      "generate grid2d grid3d -o " + output.string(),
      "euler " + karate() + " again"};
  for (const std::string& command : commands) {
    const CliRun result = run_cli(command);
    EXPECT_EQ(result.exit_code, 2) << command << ": " << result.output();
    EXPECT_NE(result.err.find("unexpected argument"), std::string::npos) << result.err;
  }
  EXPECT_FALSE(fs::exists(output));
}

TEST_F(CliArgumentsTest, HelpPagesHaveNoEmptyPositionalHeading) {
  for (const char* command : {"info", "convert", "generate", "bfs", "graph500", "rank", "euler"}) {
    const CliRun result = run_cli(std::string(command) + " --help");
    EXPECT_EQ(result.exit_code, 0) << command;
    EXPECT_EQ(result.out.find("Positional"), std::string::npos) << command << ":\n" << result.out;
    EXPECT_NE(result.out.find("General options:"), std::string::npos) << result.out;
  }
  EXPECT_NE(run_cli("convert --help").out.find("IN OUT"), std::string::npos);
}

TEST_F(CliArgumentsTest, InputBytesInMessagesAreEscaped) {
  const std::string hostile =
      std::string("1 2\n3 \x1b[31mred\x1b[0m", 19) + std::string(1, '\0') + "after\n";
  const fs::path file = write_file(
      dir_ / "hostile.mtx", "%%MatrixMarket matrix coordinate pattern general\n3 3 2\n" + hostile);
  const CliRun result = run_cli("info " + file.string());
  EXPECT_EQ(result.exit_code, 3) << result.output();
  EXPECT_TRUE(one_line(result.err)) << result.err;
  EXPECT_EQ(result.err.find('\x1b'), std::string::npos) << result.err;
  EXPECT_EQ(result.err.find('\0'), std::string::npos);
  EXPECT_NE(result.err.find("\\x1b[31m"), std::string::npos) << result.err;
}

TEST(PrintableText, EscapesControlBytesAndKeepsUtf8) {
  using frontier::printable_text;
  EXPECT_EQ(printable_text("plain text"), "plain text");
  EXPECT_EQ(printable_text(std::string("a\nb\rc\td\0e", 9)), "a\\nb\\rc\\td\\0e");
  EXPECT_EQ(printable_text("\x1b[2J"), "\\x1b[2J");
  EXPECT_EQ(printable_text("\x7f\xff"), "\\x7f\\xff");
  EXPECT_EQ(printable_text("caf\xc3\xa9"), "caf\xc3\xa9");  // UTF-8 é kept
  EXPECT_EQ(printable_text("\xc2\x9b"
                           "31m"),
            "\\xc2\\x9b31m");                                       // C1 CSI escaped
  EXPECT_EQ(printable_text("\xe2\x82"), "\\xe2\\x82");              // cut sequence
  EXPECT_EQ(printable_text("abcdef", 3), "abc\xe2\x80\xa6");        // cut with "…"
  EXPECT_EQ(printable_text(printable_text("\x1b\n")), "\\x1b\\n");  // idempotent
}

TEST(PrintableText, IoErrorEscapesItsMessageAndKeepsItsParts) {
  const std::string token(100, 'x');
  const frontier::IoError error("g\n.mtx", 3, "bad \x1b byte", token);
  const std::string message = error.what();
  EXPECT_EQ(message.rfind("g\\n.mtx:3: bad \\x1b byte (near 'xxxx", 0), 0u) << message;
  EXPECT_NE(message.find("x\xe2\x80\xa6')"), std::string::npos) << message;
  EXPECT_EQ(error.file(), "g\n.mtx");
  EXPECT_EQ(error.token(), token);
}

TEST_F(CliArgumentsTest, AFailedAllocationSaysWhatFailed) {
  // Under a 2 GiB address-space limit the 8 GiB successor array cannot be allocated, though the
  // machine may have that much memory free: the message must say the allocation failed.
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "AddressSanitizer's shadow memory does not start under an address-space limit";
#endif
  const CliRun result = run_cli("rank --n 2147483647 --device cpu", "ulimit -v 2097152; ");
  EXPECT_EQ(result.exit_code, 1) << result.output();
  EXPECT_NE(result.err.find("allocating 8.00 GiB (8589934588 bytes) failed"), std::string::npos)
      << result.err;
  EXPECT_NE(result.err.find("ulimit -v"), std::string::npos) << result.err;
  EXPECT_EQ(result.err.find("but only"), std::string::npos) << result.err;
}

TEST(OutOfMemoryMessage, SaysNeededAndFreeWhenMoreWasNeeded) {
  const frontier::OutOfMemory error("graph", 2048, 1024);
  EXPECT_EQ(std::string(error.what()),
            "graph: needs 2.00 KiB (2048 bytes) but only 1.00 KiB (1024 bytes) are free");
}

TEST_F(CliArgumentsTest, GpuWithoutAUsableGpuIsOneLineWithoutSourcePaths) {
  if (frontier::cuda_device_count() > 0) GTEST_SKIP() << "a usable GPU is present";
  const std::vector<std::string> commands = {"bfs " + karate() + " --device gpu",
                                             "rank --n 1000 --device gpu",
                                             "euler --random-tree 100 --device gpu"};
  for (const std::string& command : commands) {
    const CliRun result = run_cli(command + " --log-level off");
    EXPECT_EQ(result.exit_code, 1) << command << ": " << result.output();
    EXPECT_TRUE(one_line(result.err)) << result.err;
    const bool explained = result.err.find("no usable CUDA GPU: ") != std::string::npos ||
                           result.err.find("no CUDA backend") != std::string::npos;
    EXPECT_TRUE(explained) << result.err;
    for (const char* leak : {".cu:", ".cuh:", ".cpp:", "(&", "failed: cuda"}) {
      EXPECT_EQ(result.err.find(leak), std::string::npos) << leak << " in " << result.err;
    }
  }
}

// A weighted .fcsr with the given weight on its first arc, written as the writer stores it.
fs::path fcsr_with_weight(const fs::path& path, frontier::Weight weight) {
  frontier::Graph graph({0, 1, 2}, {1, 0}, {weight, 1.0f}, false);
  frontier::io::write_binary_csr(graph, path);
  return path;
}

TEST_F(CliArgumentsTest, FcsrWeightsFollowTheTextReadersRule) {
  for (const frontier::Weight bad : {std::numeric_limits<frontier::Weight>::quiet_NaN(),
                                     std::numeric_limits<frontier::Weight>::infinity(),
                                     -std::numeric_limits<frontier::Weight>::infinity()}) {
    const fs::path file = fcsr_with_weight(dir_ / "bad.fcsr", bad);
    try {
      frontier::io::read_binary_csr(file);
      FAIL() << "weight " << bad << " was accepted";
    } catch (const frontier::IoError& error) {
      EXPECT_NE(std::string(error.what()).find("arc 0 has weight"), std::string::npos)
          << error.what();
      EXPECT_NE(std::string(error.what()).find("not a finite number"), std::string::npos);
    }
    const CliRun result = run_cli("info " + file.string());
    EXPECT_EQ(result.exit_code, 3) << result.output();
  }
  // Negative weights are finite: the text readers take them (real matrices), and so does .fcsr.
  const frontier::Graph negative =
      frontier::io::read_binary_csr(fcsr_with_weight(dir_ / "negative.fcsr", -2.5f));
  EXPECT_EQ(negative.weights().front(), -2.5f);
}

TEST_F(CliArgumentsTest, InfoNamesWhatTheHeaderCounts) {
  const fs::path fcsr = dir_ / "karate.fcsr";
  ASSERT_EQ(run_cli("convert " + karate() + " " + fcsr.string()).exit_code, 0);
  const CliRun binary = run_cli("info " + fcsr.string());
  EXPECT_NE(binary.out.find("declared         34 vertices, 156 arcs\n"), std::string::npos)
      << binary.out;
  EXPECT_NE(binary.out.find("arcs             156\n"), std::string::npos);
  EXPECT_NE(binary.out.find("edges            78\n"), std::string::npos);
  EXPECT_NE(binary.out.find("\ndegree "), std::string::npos);
  const CliRun text = run_cli("info " + karate());
  EXPECT_NE(text.out.find("declared         34 vertices, 78 entries\n"), std::string::npos)
      << text.out;
  const CliRun json = run_cli("info " + fcsr.string() + " --json");
  EXPECT_NE(json.out.find("\"declared_unit\":\"arcs\""), std::string::npos) << json.out;
}

TEST_F(CliArgumentsTest, InfoSaysOutDegreeOnDirectedGraphs) {
  const CliRun result =
      run_cli("info " + frontier::test::bundled_dataset("tiny_directed.mtx").string());
  EXPECT_EQ(result.exit_code, 0) << result.output();
  EXPECT_NE(result.out.find("\nout-degree "), std::string::npos) << result.out;
}

TEST_F(CliArgumentsTest, ASelfLoopCountsAsOneEdgeInInfoAndInBfs) {
  // Path 1-2-3 and a loop at 2: three edges.
  const fs::path file =
      write_file(dir_ / "loop.mtx",
                 "%%MatrixMarket matrix coordinate pattern symmetric\n3 3 3\n2 1\n2 2\n3 2\n");
  const CliRun info = run_cli("info " + file.string() + " --json");
  EXPECT_NE(info.out.find("\"edges\":3"), std::string::npos) << info.out;
  EXPECT_NE(info.out.find("\"self_loops\":1"), std::string::npos) << info.out;
  const CliRun bfs = run_cli("bfs " + file.string() + " --source 0 --json --log-level off");
  EXPECT_EQ(bfs.exit_code, 0) << bfs.output();
  EXPECT_NE(bfs.out.find("\"edges\":3"), std::string::npos) << bfs.out;
}

}  // namespace
