#include "options.hpp"

#include <omp.h>

#include <iostream>

#include "frontier/errors.hpp"
#include "frontier/log.hpp"

namespace frontier::cli {

cxxopts::Options make_options(std::string_view command, std::string_view description) {
  cxxopts::Options options("frontier " + std::string(command), std::string(description));
  options.add_options("General")
      ("h,help", "Print this help")
      ("log-level", "Log detail on stderr: trace, debug, info, warn, error, off",
       cxxopts::value<std::string>()->default_value("info"))
      ("json", "Print results as JSON on stdout")
      ("threads", "CPU threads (0: all cores)", cxxopts::value<int>()->default_value("0"));
  return options;
}

bool parse_options(cxxopts::Options& options, int argc, const char* const* argv,
                   cxxopts::ParseResult& result, CommonConfig& common) {
  result = options.parse(argc, argv);
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
