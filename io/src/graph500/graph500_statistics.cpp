// graph500_statistics.cpp — the statistics of a Graph500 run and the official output block.
//
// Source: the Graph500 reference code, src/main.c (get_statistics() and the printing at the
// end of main()). Quartiles are (x[(n-1)/4] + x[n/4]) / 2 etc. on the sorted samples; the
// standard deviation divides by n - 1; TEPS statistics come from seconds per edge, inverted,
// with the harmonic standard deviation of Norris (1940) as the reference prints it.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "frontier/errors.hpp"
#include "frontier/io/graph500.hpp"

namespace frontier::io {
namespace {

// printf-style formatting of one line into `out`.
template <typename... Args>
void append_line(std::string& out, const char* format, Args... args) {
  std::array<char, 256> line{};
  std::snprintf(line.data(), line.size(), format, args...);
  out += line.data();
}

}  // namespace

Graph500Statistics graph500_statistics(std::span<const double> samples) {
  if (samples.empty()) throw InvalidArgument("statistics of an empty sample");
  const std::size_t n = samples.size();
  Graph500Statistics stats;
  double sum = 0.0;
  for (double x : samples) sum += x;
  stats.mean = sum / static_cast<double>(n);
  double squares = 0.0;
  for (double x : samples) squares += (x - stats.mean) * (x - stats.mean);
  stats.stddev = n < 2 ? 0.0 : std::sqrt(squares / static_cast<double>(n - 1));

  std::vector<double> sorted(samples.begin(), samples.end());
  std::sort(sorted.begin(), sorted.end());
  stats.min = sorted.front();
  stats.firstquartile = (sorted[(n - 1) / 4] + sorted[n / 4]) * 0.5;
  stats.median = (sorted[(n - 1) / 2] + sorted[n / 2]) * 0.5;
  stats.thirdquartile = (sorted[n - 1 - (n - 1) / 4] + sorted[n - 1 - n / 4]) * 0.5;
  stats.max = sorted.back();
  return stats;
}

Graph500TepsStatistics graph500_teps_statistics(std::span<const double> seconds,
                                                std::span<const double> nedge) {
  if (seconds.empty() || seconds.size() != nedge.size()) {
    throw InvalidArgument("TEPS statistics need as many edge counts as times, at least one");
  }
  const std::size_t n = seconds.size();
  std::vector<double> seconds_per_edge(n);
  for (std::size_t i = 0; i < n; ++i) seconds_per_edge[i] = seconds[i] / nedge[i];
  const Graph500Statistics s = graph500_statistics(seconds_per_edge);
  Graph500TepsStatistics teps;
  teps.min = 1.0 / s.max;
  teps.firstquartile = 1.0 / s.thirdquartile;
  teps.median = 1.0 / s.median;
  teps.thirdquartile = 1.0 / s.firstquartile;
  teps.max = 1.0 / s.min;
  teps.harmonic_mean = 1.0 / s.mean;
  teps.harmonic_stddev =
      n < 2 ? 0.0 : s.stddev / (s.mean * s.mean * std::sqrt(static_cast<double>(n - 1)));
  return teps;
}

std::string format_graph500_statistics(const Graph500Result& result) {
  std::string out;
  const Graph500Config& config = result.config;
  append_line(out, "SCALE:                          %d\n", config.scale);
  append_line(out, "edgefactor:                     %d\n", config.edgefactor);
  append_line(out, "NBFS:                           %d\n", static_cast<int>(result.runs.size()));
  append_line(out, "graph_generation:               %g\n", result.generation_seconds);
  append_line(out, "num_mpi_processes:              %d\n", result.mpi_processes);
  append_line(out, "construction_time:              %g\n", result.construction_seconds);
  const Graph500Statistics& t = result.time;
  append_line(out, "bfs  min_time:                  %g\n", t.min);
  append_line(out, "bfs  firstquartile_time:        %g\n", t.firstquartile);
  append_line(out, "bfs  median_time:               %g\n", t.median);
  append_line(out, "bfs  thirdquartile_time:        %g\n", t.thirdquartile);
  append_line(out, "bfs  max_time:                  %g\n", t.max);
  append_line(out, "bfs  mean_time:                 %g\n", t.mean);
  append_line(out, "bfs  stddev_time:               %g\n", t.stddev);
  const Graph500Statistics& e = result.nedge;
  append_line(out, "min_nedge:                      %.11g\n", e.min);
  append_line(out, "firstquartile_nedge:            %.11g\n", e.firstquartile);
  append_line(out, "median_nedge:                   %.11g\n", e.median);
  append_line(out, "thirdquartile_nedge:            %.11g\n", e.thirdquartile);
  append_line(out, "max_nedge:                      %.11g\n", e.max);
  append_line(out, "mean_nedge:                     %.11g\n", e.mean);
  append_line(out, "stddev_nedge:                   %.11g\n", e.stddev);
  const Graph500TepsStatistics& r = result.teps;
  append_line(out, "bfs  min_TEPS:                  %g\n", r.min);
  append_line(out, "bfs  firstquartile_TEPS:        %g\n", r.firstquartile);
  append_line(out, "bfs  median_TEPS:               %g\n", r.median);
  append_line(out, "bfs  thirdquartile_TEPS:        %g\n", r.thirdquartile);
  append_line(out, "bfs  max_TEPS:                  %g\n", r.max);
  append_line(out, "bfs  harmonic_mean_TEPS:     !  %g\n", r.harmonic_mean);
  append_line(out, "bfs  harmonic_stddev_TEPS:      %g\n", r.harmonic_stddev);
  const Graph500Statistics& v = result.validate;
  append_line(out, "bfs  min_validate:              %g\n", v.min);
  append_line(out, "bfs  firstquartile_validate:    %g\n", v.firstquartile);
  append_line(out, "bfs  median_validate:           %g\n", v.median);
  append_line(out, "bfs  thirdquartile_validate:    %g\n", v.thirdquartile);
  append_line(out, "bfs  max_validate:              %g\n", v.max);
  append_line(out, "bfs  mean_validate:             %g\n", v.mean);
  append_line(out, "bfs  stddev_validate:           %g\n", v.stddev);
  return out;
}

}  // namespace frontier::io
