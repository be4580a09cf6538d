// Benchmark: Graph500 Kronecker generation rate (io::generate_kronecker, 32-bit ids) at scales
// 20-22 with one thread and with all threads, beside a floor measured in the same run: the
// rate of allocating the same two arrays and filling them with one counter_random() word per
// endpoint (masked to the scale), i.e. the cheapest possible counter-based edge list of that
// size. The ratio floor/generator says how much the quadrant draws and the scramble cost.
//
// Usage: frontier_bench_generate_kronecker [repetitions=3] [scales...=20 21 22]
// Prints one line per (scale, threads) to stdout; best of `repetitions` runs each.
#include <omp.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <vector>

#include "frontier/detail/timer.hpp"
#include "frontier/io/generate_kronecker.hpp"
#include "frontier/random.hpp"

namespace {

struct Measurement {
  double seconds = 0.0;
  /// Process CPU time (all threads): robust against a machine shared with other jobs.
  double cpu_seconds = 0.0;
  std::uint64_t checksum = 0;
};

double cpu_seconds() { return static_cast<double>(std::clock()) / CLOCKS_PER_SEC; }

// The floor: same allocation, one counter-based word per endpoint, nothing else.
Measurement run_floor(int scale, std::uint64_t edges, std::uint64_t seed) {
  const double cpu_start = cpu_seconds();
  frontier::detail::Timer timer;
  std::vector<std::int32_t> sources(edges);
  std::vector<std::int32_t> targets(edges);
  const std::uint64_t mask = (std::uint64_t{1} << scale) - 1;
  const auto m = static_cast<std::int64_t>(edges);
#pragma omp parallel for schedule(static)
  for (std::int64_t i = 0; i < m; ++i) {
    const auto index = static_cast<std::uint64_t>(i);
    sources[i] = static_cast<std::int32_t>(frontier::counter_random(seed, 2 * index) & mask);
    targets[i] = static_cast<std::int32_t>(frontier::counter_random(seed, 2 * index + 1) & mask);
  }
  Measurement result{timer.seconds(), cpu_seconds() - cpu_start, 0};
  result.checksum = static_cast<std::uint64_t>(sources[edges / 3]) ^ targets[edges - 1];
  return result;
}

Measurement run_generator(const frontier::KroneckerParams& params) {
  const double cpu_start = cpu_seconds();
  frontier::detail::Timer timer;
  const auto edges = frontier::io::generate_kronecker<std::int32_t>(params);
  Measurement result{timer.seconds(), cpu_seconds() - cpu_start, 0};
  result.checksum = static_cast<std::uint64_t>(edges.sources[edges.size() / 3]) ^
                    static_cast<std::uint64_t>(edges.targets.back());
  return result;
}

template <typename Run>
Measurement best_of(int repetitions, Run run) {
  Measurement best;
  best.seconds = 1e300;
  for (int r = 0; r < repetitions; ++r) {
    const Measurement m = run();
    if (m.seconds < best.seconds) best = m;
  }
  return best;
}

}  // namespace

int main(int argc, char** argv) {
  const int repetitions = argc > 1 ? std::max(1, std::atoi(argv[1])) : 3;
  std::vector<int> scales;
  for (int i = 2; i < argc; ++i) scales.push_back(std::atoi(argv[i]));
  if (scales.empty()) scales = {20, 21, 22};
  const int all_threads = omp_get_max_threads();
  std::vector<int> thread_counts = {1};
  if (all_threads > 1) thread_counts.push_back(all_threads);

  std::printf(
      "# Kronecker generation (A=0.57 B=0.19 C=0.19, edgefactor 16, scrambled, int32 ids)\n");
  std::printf("# best of %d; floor = allocate + one counter_random word per endpoint\n",
              repetitions);
  std::printf("# wall rates in Medges/s; cpu = CPU nanoseconds per edge summed over threads\n");
  std::printf("%5s %7s %12s %12s %14s %9s %12s %14s\n", "scale", "threads", "edges", "gen_Medges/s",
              "floor_Medges/s", "floor/gen", "gen_cpu_ns", "floor_cpu_ns");
  for (const int scale : scales) {
    frontier::KroneckerParams params;
    params.scale = scale;
    params.seed = 1;
    const std::uint64_t edges = frontier::kronecker_edge_count(params);
    for (const int threads : thread_counts) {
      omp_set_num_threads(threads);
      const Measurement floor = best_of(repetitions, [&] { return run_floor(scale, edges, 1); });
      const Measurement gen = best_of(repetitions, [&] { return run_generator(params); });
      const double gen_rate = static_cast<double>(edges) / gen.seconds / 1e6;
      const double floor_rate = static_cast<double>(edges) / floor.seconds / 1e6;
      const double m = static_cast<double>(edges);
      std::printf("%5d %7d %12llu %12.1f %14.1f %9.2f %12.1f %14.1f   (checksums %llx %llx)\n",
                  scale, threads, static_cast<unsigned long long>(edges), gen_rate, floor_rate,
                  floor_rate / gen_rate, gen.cpu_seconds / m * 1e9, floor.cpu_seconds / m * 1e9,
                  static_cast<unsigned long long>(gen.checksum),
                  static_cast<unsigned long long>(floor.checksum));
      std::fflush(stdout);
    }
  }
  return 0;
}
