#include "options.hpp"

#include <omp.h>

#include <algorithm>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

#include "frontier/device.hpp"
#include "frontier/errors.hpp"
#include "frontier/log.hpp"

namespace frontier::cli {

int max_threads() {
  constexpr int kThreadsPerHardwareThread = 8;
  constexpr int kThreadsWithoutHardwareCount = 4096;
  const unsigned hardware = std::thread::hardware_concurrency();
  return hardware == 0 ? kThreadsWithoutHardwareCount
                       : kThreadsPerHardwareThread * static_cast<int>(hardware);
}

std::string device_help() {
  return "cpu, gpu or auto (the GPU from " + std::to_string(kAutoDeviceGpuMinArcs) +
         " arcs or list nodes on, where one is usable; else the CPU)";
}

cxxopts::Options make_options(std::string_view command, std::string_view description) {
  cxxopts::Options options("frontier " + std::string(command), std::string(description));
  options.add_options("General")("h,help", "Print this help")(
      "log-level", "Log detail on stderr: trace, debug, info, warn, error, off",
      cxxopts::value<std::string>()->default_value("info"))(
      "json", "Print results as JSON on stdout")("threads",
                                                 "CPU threads (0: all cores; at most " +
                                                     std::to_string(max_threads()) +
                                                     ", 8 per hardware thread)",
                                                 cxxopts::value<int>()->default_value("0"));
  return options;
}

void add_strategy_options(cxxopts::Options& options, const std::string& group) {
  options.add_options(group)(
      "strategy",
      "direction-optimizing, top-down, bottom-up; GPU only: hybrid, two-phase, contract-expand, "
      "expand-contract",
      cxxopts::value<std::string>()->default_value("direction-optimizing"))(
      "alpha",
      "top-down -> bottom-up switch (Beamer): arcs leaving the frontier > unexplored / alpha "
      "(default: " +
          std::to_string(kDefaultBfsAlpha) + " on the CPU and on ranks, " +
          std::to_string(kDefaultGpuBfsAlpha) + " on one GPU)",
      cxxopts::value<int>())("beta",
                             "bottom-up -> top-down switch (Beamer): frontier < vertices / beta",
                             cxxopts::value<int>()->default_value(std::to_string(kDefaultBfsBeta)));
}

void add_levels_option(cxxopts::Options& options, const std::string& group) {
  options.add_options(group)("levels",
                             "print every search's levels: direction, frontier vertices, arcs "
                             "examined, time (JSON: level_stats of each search)");
}

BfsOptions parse_strategy_options(const cxxopts::ParseResult& result) {
  BfsOptions options;
  options.strategy = parse_bfs_strategy(result["strategy"].as<std::string>());
  if (result.count("alpha") > 0) options.alpha = result["alpha"].as<int>();
  options.beta = result["beta"].as<int>();
  return options;
}

namespace {

// cxxopts reads a one-letter name only as a short option (-n); the papers and the issues spell
// it --n. `--n X` becomes `-n X` and `--n=X` becomes `-nX`, for every one-letter option.
std::vector<std::string> spell_one_letter_options_short(int argc, const char* const* argv) {
  std::vector<std::string> arguments(argv, argv + argc);
  for (std::size_t i = 1; i < arguments.size(); ++i) {
    std::string& argument = arguments[i];
    if (argument == "--") break;
    const bool one_letter = argument.size() >= 3 && argument.compare(0, 2, "--") == 0 &&
                            (argument.size() == 3 || argument[3] == '=');
    if (!one_letter) continue;
    argument = "-" + argument.substr(2, 1) + (argument.size() > 4 ? argument.substr(4) : "");
  }
  return arguments;
}

}  // namespace

bool parse_options(cxxopts::Options& options, int argc, const char* const* argv,
                   cxxopts::ParseResult& result, CommonConfig& common) {
  const std::vector<std::string> arguments = spell_one_letter_options_short(argc, argv);
  std::vector<const char*> spelled;
  for (const std::string& argument : arguments) spelled.push_back(argument.c_str());
  result = options.parse(argc, spelled.data());
  if (result.count("help") > 0) {
    // Positional arguments are named in the usage line; their group would print an empty heading.
    std::vector<std::string> groups = options.groups();
    groups.erase(std::remove(groups.begin(), groups.end(), "Positional"), groups.end());
    std::cout << options.help(groups) << std::endl;
    return false;
  }
  if (!result.unmatched().empty()) {
    throw UsageError("unexpected argument '" + result.unmatched().front() + "'" +
                     (result.unmatched().size() > 1
                          ? " (and " + std::to_string(result.unmatched().size() - 1) + " more)"
                          : ""));
  }
  try {
    set_log_level(parse_log_level(result["log-level"].as<std::string>()));
  } catch (const InvalidArgument& error) {
    throw UsageError(error.what());
  }
  common.json = result.count("json") > 0;
  common.threads = result["threads"].as<int>();
  if (common.threads < 0 || common.threads > max_threads()) {
    throw UsageError("--threads must be 0 (all cores) or between 1 and " +
                     std::to_string(max_threads()) + " (8 per hardware thread), not " +
                     std::to_string(common.threads));
  }
  if (common.threads > 0) omp_set_num_threads(common.threads);
  return true;
}

}  // namespace frontier::cli
