// graph500_format.cpp — the official statistics block of a Graph500 run, line for line as the
// Graph500 reference code prints it at the end of main() (src/main.c): every value starts at
// column 32, times and TEPS as %g, nedge as %.11g, the harmonic mean TEPS marked with '!'.
#include <array>
#include <cstdio>
#include <string>

#include "frontier/runs/graph500.hpp"

namespace frontier::runs {
namespace {

// printf-style formatting of one line into `out`.
template <typename... Args>
void append_line(std::string& out, const char* format, Args... args) {
  std::array<char, 256> line{};
  std::snprintf(line.data(), line.size(), format, args...);
  out += line.data();
}

}  // namespace

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

}  // namespace frontier::runs
