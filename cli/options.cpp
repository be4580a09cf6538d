#include "options.hpp"

#include <omp.h>

#include <iostream>
#include <string>
#include <vector>

#include "frontier/errors.hpp"
#include "frontier/log.hpp"

namespace frontier::cli {

cxxopts::Options make_options(std::string_view command, std::string_view description) {
  cxxopts::Options options("frontier " + std::string(command), std::string(description));
  options.add_options("General")("h,help", "Print this help")(
      "log-level", "Log detail on stderr: trace, debug, info, warn, error, off",
      cxxopts::value<std::string>()->default_value("info"))(
      "json", "Print results as JSON on stdout")("threads", "CPU threads (0: all cores)",
                                                 cxxopts::value<int>()->default_value("0"));
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
    std::cout << options.help() << std::endl;
    return false;
  }
  try {
    set_log_level(parse_log_level(result["log-level"].as<std::string>()));
  } catch (const InvalidArgument& error) {
    throw UsageError(error.what());
  }
  common.json = result.count("json") > 0;
  common.threads = result["threads"].as<int>();
  if (common.threads < 0) {
    throw UsageError("--threads must be 0 (all cores) or positive, not " +
                     std::to_string(common.threads));
  }
  if (common.threads > 0) omp_set_num_threads(common.threads);
  return true;
}

}  // namespace frontier::cli
