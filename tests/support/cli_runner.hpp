// Runs the `frontier` command line (or another program) from a test: one shell command
// (optionally behind a launcher such as mpirun), stdin closed, stdout and stderr captured into
// files unique to the process and the call, so test programs running side by side never read
// each other's output.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "support/temp_files.hpp"

namespace frontier::test {

struct CliRun {
  int exit_code = -1;
  std::string out;
  std::string err;
  /// stdout then stderr, for messages on failure and searches in either.
  std::string output() const { return out + err; }
};

/// Runs `command` through the shell, stdin empty, and keeps what it printed.
inline CliRun run_command(const std::string& command) {
  static std::atomic<int> calls{0};
  const std::string stem =
      "frontier_cli_" + std::to_string(::getpid()) + "_" + std::to_string(calls.fetch_add(1));
  const auto dir = std::filesystem::temp_directory_path();
  const auto out = dir / (stem + ".out");
  const auto err = dir / (stem + ".err");
  const std::string line = command + " >" + out.string() + " 2>" + err.string() + " </dev/null";
  const int status = std::system(line.c_str());
  CliRun result;
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  result.out = read_file(out);
  result.err = read_file(err);
  std::filesystem::remove(out);
  std::filesystem::remove(err);
  return result;
}

/// Runs `launcher FRONTIER_CLI_PATH arguments` through the shell.
inline CliRun run_cli(const std::string& arguments, const std::string& launcher = "") {
  return run_command(launcher + std::string(FRONTIER_CLI_PATH) + " " + arguments);
}

}  // namespace frontier::test
