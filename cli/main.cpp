// `frontier`: the command-line face of the library. Dispatches to one subcommand per file and is
// the only place where errors become exit codes (see exit_codes.hpp).
#include <array>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <new>
#include <string_view>

#include "commands.hpp"
#include "exit_codes.hpp"
#include "frontier/errors.hpp"
#include "options.hpp"

namespace frontier::cli {
namespace {

constexpr std::array kCommands = {
    Command{"bfs", "Breadth-first search on a graph file", run_bfs},
    Command{"graph500", "Graph500 BFS benchmark: Kronecker graph, validated searches, TEPS",
            run_graph500},
    Command{"info", "Load a graph file and print its summary", run_info},
    Command{"convert", "Convert a graph file to another format (e.g. binary .fcsr)", run_convert},
    Command{"generate", "Generate a Kronecker, random or grid graph into a file", run_generate},
    Command{"rank", "List ranking / list prefix on a generated or given list", run_rank},
    Command{"euler", "Euler-tour ops on a tree: parent, depth, pre/postorder, subtree size",
            run_euler},
};

void print_usage(std::ostream& out) {
  out << "usage: frontier <command> [options]   (frontier <command> --help for its options)\n\n"
         "commands:\n";
  for (const Command& command : kCommands) {
    out << "  " << command.name;
    for (std::size_t pad = command.name.size(); pad < 12; ++pad) out << ' ';
    out << command.summary << '\n';
  }
}

int fail(ExitCode code, std::string_view kind, const char* message) {
  std::cerr << "frontier: " << kind << message << '\n';
  return static_cast<int>(code);
}

int dispatch(int argc, const char* const* argv) {
  if (argc < 2) {
    print_usage(std::cerr);
    return static_cast<int>(ExitCode::Usage);
  }
  const std::string_view name = argv[1];
  if (name == "-h" || name == "--help" || name == "help") {
    print_usage(std::cout);
    return static_cast<int>(ExitCode::Ok);
  }
  for (const Command& command : kCommands) {
    if (command.name == name) return command.run(argc - 1, argv + 1);
  }
  std::cerr << "frontier: unknown command '" << name << "'\n";
  print_usage(std::cerr);
  return static_cast<int>(ExitCode::Usage);
}

}  // namespace
}  // namespace frontier::cli

int main(int argc, char** argv) {
  using frontier::cli::ExitCode;
  using frontier::cli::fail;
  // A file-size limit (ulimit -f) then fails the write with EFBIG, which the writers report,
  // instead of killing the process with a half-written file.
  std::signal(SIGXFSZ, SIG_IGN);
  // CUDA loads a kernel at its first launch by default. Which kernels a search launches depends
  // on its root (NCCL's, on the message sizes), so the first search that needs one would pay the
  // loading, several milliseconds, with every other GPU waiting for it at the level's barrier.
  // Loading them all when a GPU's context starts puts that in the setup; a CUDA_MODULE_LOADING
  // the user set is kept.
  setenv("CUDA_MODULE_LOADING", "EAGER", /*overwrite=*/0);
  try {
    return frontier::cli::dispatch(argc, argv);
  } catch (const cxxopts::exceptions::exception& error) {
    return fail(ExitCode::Usage, "usage error: ", error.what());
  } catch (const frontier::cli::UsageError& error) {
    return fail(ExitCode::Usage, "usage error: ", error.what());
  } catch (const frontier::InvalidArgument& error) {
    return fail(ExitCode::Usage, "invalid argument: ", error.what());
  } catch (const frontier::IoError& error) {
    return fail(ExitCode::Input, "input error: ", error.what());
  } catch (const frontier::ValidationError& error) {
    return fail(ExitCode::Validation, "validation failed: ", error.what());
  } catch (const frontier::OutOfMemory& error) {
    return fail(ExitCode::Runtime, "out of memory: ", error.what());
  } catch (const frontier::Error& error) {
    return fail(ExitCode::Runtime, "error: ", error.what());
  } catch (const std::bad_alloc&) {
    return fail(ExitCode::Runtime, "out of memory: ", "a host allocation failed");
  } catch (const std::exception& error) {
    return fail(ExitCode::Runtime, "internal error: ", error.what());
  }
}
