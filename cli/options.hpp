// Options every subcommand shares (group "General"), and the usage error type.
#pragma once

#include <cxxopts.hpp>

#include <stdexcept>
#include <string>
#include <string_view>

#include "frontier/bfs.hpp"

namespace frontier::cli {

/// A command-line mistake found after cxxopts parsing (missing positional, bad combination).
class UsageError : public std::runtime_error {
 public:
  explicit UsageError(const std::string& message) : std::runtime_error(message) {}
};

struct CommonConfig {
  bool json = false;
  /// OpenMP threads (0: all cores).
  int threads = 0;
};

/// The largest --threads accepted: 8 per hardware thread (4096 where the count is unknown).
/// Far more OpenMP threads than that exhaust the address space with thread stacks.
int max_threads();

/// Options named "frontier <command>" with the General group (--help, --log-level, --json,
/// --threads) already added.
cxxopts::Options make_options(std::string_view command, std::string_view description);

/// The --help text of --device (cpu, gpu or auto, and how auto chooses).
std::string device_help();

/// --strategy, --alpha and --beta (Beamer's switches) in `group`: the search options `bfs` and
/// `graph500` share.
void add_strategy_options(cxxopts::Options& options, const std::string& group);

/// --levels (bfs and graph500): print every search's levels.
void add_levels_option(cxxopts::Options& options, const std::string& group);

/// The BfsOptions those give (strategy, alpha, beta; the other fields at their defaults).
/// @throws InvalidArgument for an unknown strategy name.
BfsOptions parse_strategy_options(const cxxopts::ParseResult& result);

/// Parses argv. Returns false when --help was given (help is printed to stdout; exit 0).
/// Accepts `--n X` / `--n=X` for every one-letter option. Applies --log-level and --threads.
/// @throws UsageError / cxxopts exceptions on bad input.
bool parse_options(cxxopts::Options& options, int argc, const char* const* argv,
                   cxxopts::ParseResult& result, CommonConfig& common);

}  // namespace frontier::cli
