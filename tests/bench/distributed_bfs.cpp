// Benchmark of the distributed BFS (Graph500 on 1, 2, 4, ... GPUs, one rank per GPU, NCCL
// between them): harmonic-mean TEPS per GPU count, the speedup over the same code on one GPU,
// bytes exchanged between ranks per search; per level, the steady state (the median over every
// timed search that has the level) and the first timed search (frontier, traffic, time); beside
// two floors measured in the same run: the single-GPU engine BFS (runs::run_graph500 on GPU 0, the
// whole graph) and GPU 0's copy bandwidth; and, for every count of several GPUs, the
// communication floor of one level (a small exchange and the counters' all-reduce through
// NCCL, back to back, after 100 ms idle, as GPUs sit between searches while the host checks
// results, and after the same idle and the warm-up barrier every search starts with). Per GPU
// count it also prints the median time of that untimed barrier. "construct s" is kernel 1: on GPUs
// every rank builds its own slice on its GPU from the generator's parameters (the host generates
// nothing); without GPUs it runs the CPU simulation of the ranks, kernel 1 on the host.
// --transport picks how the GPUs reach each other (auto: peer memory where every pair has peer
// access, else NCCL; the floor is measured through the same).
// --phases times every phase of every level on every rank (CUDA events on the ranks' streams,
// which slow the searches a little) and prints them level by level, as medians over the searches
// and for the first search: each host thread's time in the loop's calls (one thread per GPU),
// then its rank's on its own GPU clock. --small-level-arcs sets the arcs a rank expands up to
// which a top-down level sends bins at that bound without the counts' host round trip (0: never).
//
// Usage: frontier_bench_distributed_bfs [--scale=22] [--edgefactor=16] [--roots=16]
//                                       [--gpus=1,2,4] [--layout=striped|block] [--validate]
//                                       [--no-single] [--phases] [--small-level-arcs=N]
//                                       [--transport=auto|peer|nccl]
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <string>
#include <vector>

#include "frontier/device.hpp"
#include "frontier/errors.hpp"
#include "frontier/runs/graph500.hpp"
#include "support/cuda/device_floors.hpp"
#include "support/cuda/exchange_latency.hpp"

namespace {

struct BenchConfig {
  int scale = 22;
  int edgefactor = 16;
  int roots = 16;
  std::vector<int> gpus = {1, 2, 4};
  frontier::VertexLayout layout = frontier::VertexLayout::Striped;
  bool validate = false;
  bool single = true;
  bool phases = false;
  /// DistributedBfsOptions::small_level_arcs; -1: the default.
  long long small_level_arcs = -1;
  frontier::GpuTransport transport = frontier::GpuTransport::Auto;
};

bool starts_with(const char* arg, const char* prefix) {
  return std::strncmp(arg, prefix, std::strlen(prefix)) == 0;
}

BenchConfig parse(int argc, char** argv) {
  BenchConfig config;
  for (int i = 1; i < argc; ++i) {
    const char* arg = argv[i];
    if (starts_with(arg, "--scale=")) {
      config.scale = std::atoi(arg + 8);
    } else if (starts_with(arg, "--edgefactor=")) {
      config.edgefactor = std::atoi(arg + 13);
    } else if (starts_with(arg, "--roots=")) {
      config.roots = std::atoi(arg + 8);
    } else if (starts_with(arg, "--gpus=")) {
      config.gpus.clear();
      std::stringstream list(arg + 7);
      std::string item;
      while (std::getline(list, item, ',')) config.gpus.push_back(std::atoi(item.c_str()));
    } else if (std::strcmp(arg, "--layout=block") == 0) {
      config.layout = frontier::VertexLayout::Block;
    } else if (std::strcmp(arg, "--layout=striped") == 0) {
      config.layout = frontier::VertexLayout::Striped;
    } else if (std::strcmp(arg, "--validate") == 0) {
      config.validate = true;
    } else if (std::strcmp(arg, "--no-single") == 0) {
      config.single = false;
    } else if (std::strcmp(arg, "--phases") == 0) {
      config.phases = true;
    } else if (starts_with(arg, "--small-level-arcs=")) {
      config.small_level_arcs = std::atoll(arg + 19);
    } else if (std::strcmp(arg, "--transport=auto") == 0) {
      config.transport = frontier::GpuTransport::Auto;
    } else if (std::strcmp(arg, "--transport=peer") == 0) {
      config.transport = frontier::GpuTransport::Peer;
    } else if (std::strcmp(arg, "--transport=nccl") == 0) {
      config.transport = frontier::GpuTransport::Nccl;
    } else {
      throw frontier::InvalidArgument(std::string("unknown argument ") + arg);
    }
  }
  return config;
}

double median(std::vector<double> values) {
  if (values.empty()) return 0.0;
  std::sort(values.begin(), values.end());
  const std::size_t mid = values.size() / 2;
  return values.size() % 2 == 1 ? values[mid] : (values[mid - 1] + values[mid]) / 2;
}

// The steady state of every level: its time and each phase of each host thread and rank, the
// median over the searches that reached the level.
struct SteadyLevels {
  std::vector<frontier::DistributedLevelStats> levels;
  /// Per level, the searches that reached it.
  std::vector<int> searches;
};

SteadyLevels median_levels(
    const std::vector<std::vector<frontier::DistributedLevelStats>>& searches) {
  using frontier::DistributedPhaseSeconds;
  SteadyLevels medians;
  for (std::size_t l = 0;; ++l) {
    std::vector<const frontier::DistributedLevelStats*> at;
    for (const auto& search : searches) {
      if (l < search.size()) at.push_back(&search[l]);
    }
    if (at.empty()) return medians;
    frontier::DistributedLevelStats level;
    level.level = static_cast<std::int32_t>(l);
    std::vector<double> seconds;
    for (const auto* one : at) seconds.push_back(one->seconds);
    level.seconds = median(seconds);
    // Phases: entry by entry (the same host threads and ranks in the same order every search).
    const std::size_t entries = at.front()->phases.size();
    for (std::size_t e = 0; e < entries; ++e) {
      DistributedPhaseSeconds phase;
      phase.rank = at.front()->phases[e].rank;
      for (double DistributedPhaseSeconds::*member :
           {&DistributedPhaseSeconds::idle, &DistributedPhaseSeconds::expand,
            &DistributedPhaseSeconds::exchange, &DistributedPhaseSeconds::globalize,
            &DistributedPhaseSeconds::contract, &DistributedPhaseSeconds::reduce}) {
        std::vector<double> values;
        for (const auto* one : at) {
          if (one->phases.size() == entries) values.push_back(one->phases[e].*member);
        }
        phase.*member = median(values);
      }
      level.phases.push_back(phase);
    }
    medians.levels.push_back(level);
    medians.searches.push_back(static_cast<int>(at.size()));
  }
}

// One line per level: each phase of every host thread, each followed by the ranks it drove.
void print_phases(const std::vector<frontier::DistributedLevelStats>& levels, const char* what) {
  std::printf(
      "       phases %s, ms (idle, expand|bitmap, exchange|all-gather, globalize, "
      "contract|bottom-up, all-reduce):\n",
      what);
  for (const auto& level : levels) {
    std::printf("       level %d:", level.level);
    for (const frontier::DistributedPhaseSeconds& phase : level.phases) {
      if (phase.rank < 0) {
        std::printf(" %shost", &phase == &level.phases.front() ? "" : "| ");
      } else {
        std::printf(" | rank %d", phase.rank);
      }
      std::printf(" %.3f %.3f %.3f %.3f %.3f %.3f", phase.idle * 1e3, phase.expand * 1e3,
                  phase.exchange * 1e3, phase.globalize * 1e3, phase.contract * 1e3,
                  phase.reduce * 1e3);
    }
    std::printf("\n");
  }
}

}  // namespace

int main(int argc, char** argv) {
  try {
    const BenchConfig bench = parse(argc, argv);
    const int present = frontier::cuda_device_count();
    frontier::runs::Graph500Config config;
    config.scale = bench.scale;
    config.edgefactor = bench.edgefactor;
    config.roots = bench.roots;
    config.validate = bench.validate;
    std::printf(
        "distributed BFS benchmark: Graph500 scale %d, edgefactor %d, %d roots, %s "
        "layout, %d GPU(s) present%s%s\n",
        bench.scale, bench.edgefactor, bench.roots, frontier::to_string(bench.layout).data(),
        present, bench.validate ? ", every search validated" : "",
        bench.phases ? ", phases timed (slower searches)" : "");
    if (bench.small_level_arcs >= 0) {
      std::printf("fixed-size bins up to frontiers of %lld arcs\n", bench.small_level_arcs);
    }

    // Floors, same run: GPU 0's copy bandwidth and the single-GPU engine on the whole graph.
    double single_teps = 0.0;
    if (present > 0) {
      const auto floors = frontier::test::measure_device_floors(0, 1ULL << 30, 1ULL << 30, 3);
      std::printf("floor: GPU 0 copy bandwidth %.1f GB/s, random 4-byte gathers %.2f G/s\n",
                  floors.copy_bytes_per_second / 1e9, floors.gathers_per_second / 1e9);
      if (bench.single) {
        frontier::runs::Graph500Config single = config;
        single.device = frontier::Device::cuda(0);
        const auto result = frontier::runs::run_graph500(single);
        single_teps = result.teps.harmonic_mean;
        std::printf("floor: single-GPU engine BFS (%s): harmonic mean %.3f GTEPS\n",
                    frontier::to_string(single.bfs.strategy).data(), single_teps / 1e9);
      }
      for (const int count : bench.gpus) {
        if (count < 2 || count > present) continue;
        const auto latency =
            frontier::test::measure_exchange_latency(count, 9, 100, bench.transport);
        std::printf(
            "floor: one level's communication on %d GPUs (small exchange + all-reduce, %s "
            "transport): %.1f us back to back, %.1f us after %d ms idle, %.1f us after that idle "
            "and the warm-up barrier a search starts with\n",
            count, frontier::to_string(latency.transport).data(),
            latency.back_to_back_seconds * 1e6, latency.after_idle_seconds * 1e6,
            latency.idle_milliseconds, latency.after_warm_up_seconds * 1e6);
      }
    }

    double one_rank_teps = 0.0;
    std::printf("%6s %14s %10s %10s %18s %12s %10s\n", "ranks", "hmean GTEPS", "vs 1 rank",
                "vs engine", "MiB xchg/search", "construct s", "transport");
    for (const int count : bench.gpus) {
      frontier::runs::Graph500Config run = config;
      run.placement = frontier::runs::Graph500Placement::Ranks;
      run.ranks = count;
      run.layout = bench.layout;
      run.time_phases = bench.phases;
      run.transport = bench.transport;
      if (bench.small_level_arcs >= 0) run.small_level_arcs = bench.small_level_arcs;
      if (present > 0) {
        if (count > present) {
          std::printf("%6d skipped: only %d GPU(s)\n", count, present);
          continue;
        }
        run.device = frontier::Device::first_gpus(count);
      }
      const frontier::runs::Graph500Result result = frontier::runs::run_graph500(run);
      const frontier::runs::Graph500DistributedDetails& details = *result.distributed;
      const double teps = result.teps.harmonic_mean;
      if (count == 1) one_rank_teps = teps;
      double bytes = 0.0;
      for (const std::int64_t b : details.bytes_exchanged) bytes += static_cast<double>(b);
      bytes /= static_cast<double>(details.bytes_exchanged.size());
      std::printf(
          "%6d %14.3f %10s %10s %18.1f %12.3f %10s\n", count, teps / 1e9,
          one_rank_teps > 0 ? std::to_string(teps / one_rank_teps).substr(0, 5).c_str() : "-",
          single_teps > 0 ? std::to_string(teps / single_teps).substr(0, 5).c_str() : "-",
          bytes / (1 << 20), result.construction_seconds,
          present > 0 ? frontier::to_string(details.transport).data() : "-");
      const auto steady = median_levels(details.search_levels);
      std::printf("       per level, median over the searches (searches with the level, ms):");
      for (std::size_t l = 0; l < steady.levels.size(); ++l) {
        std::printf(" [%d: %d, %.3f]", steady.levels[l].level, steady.searches[l],
                    steady.levels[l].seconds * 1e3);
      }
      std::printf(
          "\n       first search per level (frontier, items binned, MiB between ranks, ms):");
      const std::vector<frontier::DistributedLevelStats>& first = details.search_levels.front();
      for (const auto& level : first) {
        std::printf(" [%d: %lld, %lld, %.2f, %.3f]", level.level,
                    static_cast<long long>(level.frontier_vertices),
                    static_cast<long long>(level.items_binned),
                    static_cast<double>(level.bytes_exchanged) / (1 << 20), level.seconds * 1e3);
      }
      // A search's clock runs from its start to the last rank's end; its levels' clocks cover
      // only the loop, so the rest is the start, the finish and the host threads' skew.
      std::vector<double> search_ms;
      std::vector<double> outside_ms;
      for (std::size_t i = 0; i < result.runs.size(); ++i) {
        double levels = 0.0;
        for (const auto& level : details.search_levels.at(i)) levels += level.seconds;
        search_ms.push_back(result.runs[i].seconds * 1e3);
        outside_ms.push_back((result.runs[i].seconds - levels) * 1e3);
      }
      std::printf(
          "\n       search median %.3f ms (min %.3f, max %.3f); outside the levels median %.3f ms "
          "(max %.3f)",
          median(search_ms), *std::min_element(search_ms.begin(), search_ms.end()),
          *std::max_element(search_ms.begin(), search_ms.end()), median(outside_ms),
          *std::max_element(outside_ms.begin(), outside_ms.end()));
      std::printf(
          "\n       edge balance max/mean %.3f; untimed barrier + warm-up before each search: "
          "median %.3f ms\n",
          details.balance.imbalance, median(details.warm_up_seconds) * 1e3);
      if (bench.phases) {
        print_phases(steady.levels, "per level, median over the searches");
        print_phases(first, "of the first search");
      }
    }
    return 0;
  } catch (const std::exception& error) {
    std::fprintf(stderr, "frontier_bench_distributed_bfs: %s\n", error.what());
    return 1;
  }
}
