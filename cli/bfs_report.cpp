// print_bfs_trials(): see bfs_report.hpp.
#include "bfs_report.hpp"

#include <cstdio>
#include <iostream>
#include <string>

#include "frontier/runs/graph500_statistics.hpp"
#include "level_report.hpp"

namespace frontier::cli {

void print_bfs_trials(const std::vector<BfsTrial>& trials, bool json, bool levels,
                      const std::function<void(JsonWriter&)>& header_fields,
                      const std::string& where) {
  std::vector<double> seconds;
  std::vector<double> edges;
  for (const BfsTrial& trial : trials) {
    seconds.push_back(trial.seconds);
    edges.push_back(static_cast<double>(trial.edges));
  }
  const runs::Graph500TepsStatistics teps = runs::graph500_teps_statistics(seconds, edges);
  const bool exchanged = !trials.empty() && trials.front().bytes_exchanged >= 0;
  if (json) {
    JsonWriter writer(std::cout);
    writer.begin_object();
    header_fields(writer);
    writer.begin_array("searches");
    for (const BfsTrial& trial : trials) {
      writer.begin_object().field("source", trial.source);
      if (!trial.sources.empty()) {
        writer.begin_array("sources");
        for (const std::int64_t source : trial.sources) writer.value(source);
        writer.end_array();
      }
      writer.field("seconds", trial.seconds)
          .field("vertices_reached", trial.reached)
          .field("levels", static_cast<std::int64_t>(trial.levels))
          .field("edges", trial.edges)
          .field("teps", trial.teps());
      if (exchanged) writer.field("bytes_exchanged", trial.bytes_exchanged);
      writer.field("validated", trial.validated);
      if (levels) write_level_stats(writer, trial.level_stats);
      writer.end_object();
    }
    writer.end_array();
    writer.field("harmonic_mean_teps", teps.harmonic_mean).end_object();
    return;
  }
  if (levels) {
    print_level_header();
    for (std::size_t i = 0; i < trials.size(); ++i) {
      print_level_rows(static_cast<int>(i), trials[i].level_stats);
    }
    std::printf("\n");
  }
  std::printf("%-10s %12s %12s %7s %14s %12s", "source", "ms", "reached", "levels", "edges",
              "MTEPS");
  if (exchanged) std::printf(" %14s", "bytes_xchg");
  std::printf(" %s\n", "valid");
  for (const BfsTrial& trial : trials) {
    std::string source = std::to_string(trial.source);
    for (std::size_t i = 1; i < trial.sources.size(); ++i) {
      source.append(",").append(std::to_string(trial.sources[i]));
    }
    std::printf("%-10s %12.3f %12lld %7d %14lld %12.2f", source.c_str(), trial.seconds * 1e3,
                static_cast<long long>(trial.reached), trial.levels,
                static_cast<long long>(trial.edges), trial.teps() / 1e6);
    if (exchanged) std::printf(" %14lld", static_cast<long long>(trial.bytes_exchanged));
    std::printf(" %s\n", trial.validated ? "yes" : "-");
  }
  std::printf("%zu search(es) on %s: harmonic mean %.2f MTEPS, median %.3f ms\n", trials.size(),
              where.c_str(), teps.harmonic_mean / 1e6,
              runs::graph500_statistics(seconds).median * 1e3);
}

}  // namespace frontier::cli
