/// @file graph500_statistics.hpp
/// @brief The statistics of a Graph500 run, computed as the reference's get_statistics()
/// (src/main.c): order statistics, mean and sample standard deviation of a sample, and the TEPS
/// statistics derived from seconds per edge with the harmonic mean and its standard deviation.
/// Any series of timed searches (not only a Graph500 run) can report through them.
#pragma once

#include <span>

namespace frontier::runs {

/// Order statistics, mean and sample standard deviation, computed as the reference's
/// get_statistics(): quartiles average the two middle candidates, stddev divides by n - 1
/// (0 when n < 2, where the reference would print nan).
struct Graph500Statistics {
  double min = 0.0;
  double firstquartile = 0.0;
  double median = 0.0;
  double thirdquartile = 0.0;
  double max = 0.0;
  double mean = 0.0;
  double stddev = 0.0;
};

/// TEPS statistics as the reference derives them from seconds per edge: the order statistics
/// are inverted (min_TEPS = 1 / max seconds-per-edge, ...), harmonic_mean = 1 / mean
/// seconds-per-edge and harmonic_stddev = stddev / (mean^2 * sqrt(n - 1)) (Norris 1940).
struct Graph500TepsStatistics {
  double min = 0.0;
  double firstquartile = 0.0;
  double median = 0.0;
  double thirdquartile = 0.0;
  double max = 0.0;
  double harmonic_mean = 0.0;
  double harmonic_stddev = 0.0;
};

/// Statistics of `samples` (see Graph500Statistics). @throws InvalidArgument if empty.
Graph500Statistics graph500_statistics(std::span<const double> samples);

/// TEPS statistics from per-search seconds and nedge (see Graph500TepsStatistics).
/// @throws InvalidArgument if the spans are empty or differ in length.
Graph500TepsStatistics graph500_teps_statistics(std::span<const double> seconds,
                                                std::span<const double> nedge);

}  // namespace frontier::runs
