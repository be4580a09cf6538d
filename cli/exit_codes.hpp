// Exit codes of the `frontier` command. Only main.cpp turns errors into them.
#pragma once

namespace frontier::cli {

enum class ExitCode : int {
  Ok = 0,
  /// Something failed while running: out of memory, a CUDA/NCCL error, an internal error.
  Runtime = 1,
  /// The command line was wrong: unknown option, bad value, out-of-range source.
  Usage = 2,
  /// An input file is missing, unreadable or malformed.
  Input = 3,
  /// A computed result failed validation (a BFS tree breaking a Graph500 rule).
  Validation = 4,
};

}  // namespace frontier::cli
