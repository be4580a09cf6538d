// List ranking benchmark: Wei–JaJa (GPU), Wyllie (GPU), the sequential walk and Helman–JaJa
// (CPU, OpenMP) on random, ordered and stride-1001 lists of n nodes (default 2^28), each
// beside the floor measured in the same run on the same list: a pointer chase of n dependent
// loads spread over many GPU threads. Every result is checked against the prefix folded along
// the list's construction order.
//
// Usage: frontier_bench_list_ranking [nodes = 268435456] [repeats = 5] [cpu = 1]
//   cpu = 0 skips the CPU runs (the sequential walk over a random 2^28 list takes ~20 s).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <numeric>
#include <span>
#include <string>
#include <vector>

#include "frontier/detail/parallel.hpp"
#include "frontier/detail/timer.hpp"
#include "frontier/device.hpp"
#include "frontier/list_ranking.hpp"
#include "frontier/log.hpp"
#include "support/cuda/list_ranking_bench_support.hpp"
#include "support/list_ranking_lists.hpp"

namespace {

using frontier::ListOp;
using frontier::ListRankingAlgorithm;
using Vertex = std::int32_t;
using Value = std::int32_t;

struct Row {
  std::string list;
  std::string name;
  double best = 0;
  double median = 0;
  double floor = 0;
  frontier::ListRankingStats stats;
  bool ok = false;
};

void print_row(const Row& row, std::int64_t n) {
  std::printf("%-10s %-28s %10.3f %10.3f %8.3f %7.2f %8.3f %8.3f %8.3f %8.3f %9lld %3lld  %s\n",
              row.list.c_str(), row.name.c_str(), row.best * 1e3, row.median * 1e3,
              row.best * 1e9 / static_cast<double>(n), row.floor > 0 ? row.best / row.floor : 0.0,
              row.stats.check_seconds * 1e3, row.stats.walk_seconds * 1e3,
              row.stats.splitter_seconds * 1e3, row.stats.fixup_seconds * 1e3,
              static_cast<long long>(row.stats.sublists), static_cast<long long>(row.stats.levels),
              row.ok ? "ok" : "WRONG");
  std::fflush(stdout);
}

std::vector<Vertex> list_order(const std::string& shape, std::int64_t n) {
  std::vector<Vertex> order(static_cast<std::size_t>(n));
  if (shape == "random") return frontier::test::random_permutation<Vertex>(n, 2026);
  std::int64_t stride = shape == "ordered" ? 1 : 1001;
  while (std::gcd(stride, n) != 1) ++stride;
#pragma omp parallel for schedule(static)
  for (std::int64_t i = 0; i < n; ++i) order[i] = static_cast<Vertex>((i * stride) % n);
  return order;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    const std::int64_t n = argc > 1 ? std::atoll(argv[1]) : (std::int64_t{1} << 28);
    const int repeats = argc > 2 ? std::atoi(argv[2]) : 5;
    const bool run_cpu = argc > 3 ? std::atoi(argv[3]) != 0 : true;
    const bool gpu = frontier::cuda_device_count() > 0;
    std::printf(
        "list ranking benchmark: n = %lld nodes, %d repeats (best and median of the "
        "repeats after one warm-up), %d CPU threads, GPU: %s\n",
        static_cast<long long>(n), repeats, frontier::detail::max_threads(),
        gpu ? frontier::cuda_device_info(0).name.c_str() : "none");
    std::printf("%-10s %-28s %10s %10s %8s %7s %8s %8s %8s %8s %9s %3s\n", "list", "run", "best ms",
                "median ms", "ns/node", "x floor", "check", "walk", "splitter", "fixup", "sublists",
                "lvl");
    const auto values = frontier::test::make_values<Value>(n, 11);
    bool all_ok = true;
    for (const std::string shape : {"random", "ordered", "stride1001"}) {
      // The list and its expected prefixes, folded along the construction order.
      const frontier::detail::Timer build;
      const std::vector<Vertex> order = list_order(shape, n);
      std::vector<Vertex> successor(static_cast<std::size_t>(n));
#pragma omp parallel for schedule(static)
      for (std::int64_t i = 0; i < n; ++i) {
        successor[order[i]] = i + 1 < n ? order[i + 1] : frontier::kInvalidVertex<Vertex>;
      }
      // Sums wrap modulo 2^32 (as list_prefix's integer sums do): scan in unsigned.
      std::vector<std::uint32_t> folded(static_cast<std::size_t>(n));
#pragma omp parallel for schedule(static)
      for (std::int64_t i = 0; i < n; ++i) folded[i] = static_cast<std::uint32_t>(values[order[i]]);
      frontier::detail::parallel_exclusive_scan(folded.data(), folded.size());
      std::vector<Value> expected_sum(static_cast<std::size_t>(n));
      std::vector<Value> expected_rank(static_cast<std::size_t>(n));
#pragma omp parallel for schedule(static)
      for (std::int64_t i = 0; i < n; ++i) {
        expected_sum[order[i]] =
            static_cast<Value>(folded[i] + static_cast<std::uint32_t>(values[order[i]]));
        expected_rank[order[i]] = static_cast<Value>(i);
      }
      std::fprintf(stderr, "[%s] list and expected prefix built in %.2f s\n", shape.c_str(),
                   build.seconds());
      const Vertex head = n > 0 ? order[0] : 0;
      std::vector<Value> prefix(static_cast<std::size_t>(n));
      double floor = 0;
      if (gpu) {
        // The floor: best over thread counts of an n-step chase on this very list.
        for (const std::int64_t threads : {std::int64_t{1} << 16, std::int64_t{1} << 18,
                                           std::int64_t{1} << 20, std::int64_t{1} << 22}) {
          const double seconds =
              frontier::test::time_pointer_chase<Vertex>(successor, head, threads, repeats);
          std::fprintf(stderr, "[%s] pointer chase, %lld threads: %.3f ms\n", shape.c_str(),
                       static_cast<long long>(threads), seconds * 1e3);
          if (floor == 0 || seconds < floor) floor = seconds;
        }
        Row chase{shape, "floor: pointer chase", floor, floor, floor, {}, true};
        print_row(chase, n);
        const auto gpu_run = [&](const std::string& name, ListRankingAlgorithm algorithm, bool rank,
                                 std::int64_t random_splitters, int runs) {
          std::fill(prefix.begin(), prefix.end(), Value{-7});
          const auto timing = frontier::test::time_list_prefix_resident<Vertex, Value>(
              successor, rank ? std::span<const Value>() : std::span<const Value>(values),
              ListOp::Sum, prefix, algorithm, runs, 1, random_splitters);
          bool ok = true;
          if (rank) {
            for (std::int64_t v = 0; v < n && ok; ++v) ok = prefix[v] == expected_rank[v] + 1;
          } else {
            ok = prefix == expected_sum;
          }
          Row row{shape, name, timing.best_seconds, timing.median_seconds, floor, timing.best, ok};
          print_row(row, n);
          all_ok = all_ok && ok;
        };
        if (shape == "random") {
          // Diagnostics on stderr: the GPU timeline of one run, and what allocating the
          // first level's per-node array costs.
          frontier::set_log_level(frontier::LogLevel::Debug);
          gpu_run("gpu wei-jaja (timeline run)", ListRankingAlgorithm::HelmanJaja, false, 0, 1);
          frontier::set_log_level(frontier::LogLevel::Info);
          std::fprintf(stderr, "[random] cudaMalloc+cudaFree of %lld bytes: %.3f ms\n",
                       static_cast<long long>(n * 8),
                       frontier::test::time_device_allocation(n * 8, 3) * 1e3);
        }
        gpu_run("gpu wei-jaja prefix-sum", ListRankingAlgorithm::HelmanJaja, false, 0, repeats);
        gpu_run("gpu wei-jaja rank", ListRankingAlgorithm::HelmanJaja, true, 0, repeats);
        if (shape == "random") {
          for (const std::int64_t per : {32, 64, 256}) {
            gpu_run("gpu wei-jaja n/" + std::to_string(per) + " splitters",
                    ListRankingAlgorithm::HelmanJaja, false, n / per, repeats);
          }
        }
        gpu_run("gpu wyllie prefix-sum", ListRankingAlgorithm::Wyllie, false, 0,
                std::max(1, repeats / 2));
      }
      if (run_cpu) {
        const auto cpu_run = [&](const std::string& name, ListRankingAlgorithm algorithm,
                                 double cpu_floor) {
          std::fill(prefix.begin(), prefix.end(), Value{-7});
          frontier::ListRankingOptions options;
          options.algorithm = algorithm;
          const auto stats =
              frontier::list_prefix<Vertex, Value>(successor, values, ListOp::Sum, prefix, options);
          Row row{shape,     name,  stats.seconds,         stats.seconds,
                  cpu_floor, stats, prefix == expected_sum};
          print_row(row, n);
          all_ok = all_ok && row.ok;
          return stats.seconds;
        };
        // The CPU rows are held against the sequential walk (one run each: it is slow).
        const double sequential = cpu_run("cpu sequential", ListRankingAlgorithm::Sequential, 0);
        cpu_run("cpu helman-jaja", ListRankingAlgorithm::HelmanJaja, sequential);
      }
    }
    std::printf(
        "x floor: GPU rows against the pointer chase on the same list; CPU rows "
        "against the CPU sequential walk. check/walk/splitter/fixup: top-level phases "
        "in ms.\n");
    return all_ok ? 0 : 1;
  } catch (const std::exception& error) {
    std::fprintf(stderr, "list ranking benchmark failed: %s\n", error.what());
    return 2;
  }
}
