// graph500_statistics.cpp — the statistics of a Graph500 run.
//
// Source: the Graph500 reference code, src/main.c (get_statistics()). Quartiles are
// (x[(n-1)/4] + x[n/4]) / 2 etc. on the sorted samples; the standard deviation divides by n - 1;
// TEPS statistics come from seconds per edge, inverted, with the harmonic standard deviation of
// Norris (1940) as the reference prints it.
#include <algorithm>
#include <cmath>
#include <span>
#include <vector>

#include "frontier/errors.hpp"
#include "frontier/runs/graph500_statistics.hpp"

namespace frontier::runs {

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

}  // namespace frontier::runs
