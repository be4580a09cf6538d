// The subcommands of `frontier`: each lives in its own cmd_<name>.cpp and is registered once in
// main.cpp. A command parses its own options and returns an exit code; errors propagate as
// exceptions to main.
#pragma once

#include <string_view>

namespace frontier::cli {

using CommandFunction = int (*)(int argc, const char* const* argv);

struct Command {
  std::string_view name;
  std::string_view summary;
  CommandFunction run;
};

int run_info(int argc, const char* const* argv);
int run_convert(int argc, const char* const* argv);
int run_generate(int argc, const char* const* argv);
int run_rank(int argc, const char* const* argv);
int run_bfs(int argc, const char* const* argv);
int run_graph500(int argc, const char* const* argv);
int run_euler(int argc, const char* const* argv);

}  // namespace frontier::cli
