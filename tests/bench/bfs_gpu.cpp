// Per-strategy benchmark of the single-GPU BFS (frontier::cuda::BfsRunner), after Merrill's
// thesis Fig. 71: every strategy (hybrid, two-phase, contract-expand, expand-contract,
// direction-optimizing, bottom-up; the two hybrids also with every small level in the cooperative
// grid launch instead of a cluster of CTAs, rows "+grid") on a Graph500 Kronecker graph, a uniform
// random graph of the same n and m, a 2D grid, a 3D grid and the larger real graphs of a datasets
// folder (USA-road-d.NY among them), beside the device's copy bandwidth and random-gather rate
// measured in the same run.
//
// Figures per graph and strategy (predecessors on, labels left on the device while timing):
//  - GTEPS: edges of the traversed component (sum of reached out-degrees, halved when the graph
//    is undirected: the Graph500 count) per second of search, harmonic mean over the roots;
//  - us/level: search time over levels, mean over the roots (grids and roads are latency-bound);
//  - arcs/s / gathers/s: arcs a queue-based search must look at, per second, divided by the
//    floor's independent 4-byte gathers per second;
//  - redundant expansion: (edge-queue items + bottom-up arcs read) / arcs logically traversed;
//  - culling pass-through: items reaching the atomic claim / vertices claimed top-down.
// Per graph, before the strategies: the runner's warm-up (as an Engine does it when built; skipped
// with --cold), then the first search (direction-optimizing, predecessors) beside the median of
// --first-repeats more searches from the same root, so that "first <= 1.2x median" reads off one
// run.
// The first root of each graph is checked against reference_bfs (exact depths) for every strategy;
// the exit status is 1 if any differs. Bottom-up on a graph whose direction-optimizing search
// from the first root has more than --bottom-up-max-levels levels is skipped (it scans every
// unvisited vertex per level: hours on a 5000 x 5000 grid) and listed as skipped.
//
// Usage: frontier_bench_bfs_gpu [DATASETS_DIR] [--scale=24] [--edgefactor=16] [--grid=5000]
//          [--grid3d=300] [--roots=8] [--big-roots=3] [--big-vertices=4000000]
//          [--real-min-arcs=150000] [--bottom-up-max-levels=200] [--floor-mib=1024] [--levels]
//          [--first-repeats=5] [--cold] [--no-check] [--json]
// --json prints one JSON document on stdout (the progress lines then go to stderr).
// Sizes 0 skip a graph (--scale=0, --grid=0, --grid3d=0); no DATASETS_DIR skips the real graphs.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include "bfs/cuda/bfs_cuda.hpp"
#include "frontier/csr_builder.hpp"
#include "frontier/detail/timer.hpp"
#include "frontier/device.hpp"
#include "frontier/errors.hpp"
#include "frontier/io/generators.hpp"
#include "frontier/io/read_graph.hpp"
#include "frontier/random.hpp"
#include "frontier/reference_bfs.hpp"
#include "support/cuda/device_floors.hpp"
#include "support/dataset_manifest.hpp"
#include "support/json_text.hpp"

namespace {

using frontier::EdgeId;
using frontier::VertexId;
using Graph = frontier::CsrGraph<VertexId, EdgeId>;
using frontier::cuda::BfsCudaStrategy;
using frontier::test::json_string;

/// A row of the table: a strategy, and whether its small levels may run in a cluster of CTAs.
struct Variant {
  BfsCudaStrategy strategy;
  bool cluster_levels = true;
};

/// The hybrids also without cluster levels ("+grid": every small level in the cooperative grid
/// launch), beside themselves in the same run.
constexpr Variant kVariants[] = {{BfsCudaStrategy::DirectionOptimizing},
                                 {BfsCudaStrategy::DirectionOptimizing, false},
                                 {BfsCudaStrategy::Hybrid},
                                 {BfsCudaStrategy::Hybrid, false},
                                 {BfsCudaStrategy::TwoPhase},
                                 {BfsCudaStrategy::ContractExpand},
                                 {BfsCudaStrategy::ExpandContract},
                                 {BfsCudaStrategy::BottomUp}};

struct Settings {
  std::string datasets;
  int scale = 24;
  int edgefactor = 16;
  std::int64_t grid = 5000;
  std::int64_t grid3d = 300;
  int roots = 8;
  int big_roots = 3;
  std::int64_t big_vertices = 4000000;
  std::int64_t real_min_arcs = 150000;
  int bottom_up_max_levels = 200;
  std::uint64_t floor_mib = 1024;
  bool show_levels = false;
  int first_repeats = 5;
  bool cold = false;
  bool check = true;
  bool json = false;
};

Settings parse(int argc, char** argv) {
  Settings settings;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const auto value = [&](const char* name) -> const char* {
      const std::size_t length = std::strlen(name);
      return arg.compare(0, length, name) == 0 ? arg.c_str() + length : nullptr;
    };
    if (const char* v = value("--scale=")) {
      settings.scale = std::atoi(v);
    } else if (const char* v = value("--edgefactor=")) {
      settings.edgefactor = std::atoi(v);
    } else if (const char* v = value("--grid=")) {
      settings.grid = std::atoll(v);
    } else if (const char* v = value("--grid3d=")) {
      settings.grid3d = std::atoll(v);
    } else if (const char* v = value("--roots=")) {
      settings.roots = std::max(1, std::atoi(v));
    } else if (const char* v = value("--big-roots=")) {
      settings.big_roots = std::max(1, std::atoi(v));
    } else if (const char* v = value("--big-vertices=")) {
      settings.big_vertices = std::atoll(v);
    } else if (const char* v = value("--real-min-arcs=")) {
      settings.real_min_arcs = std::atoll(v);
    } else if (const char* v = value("--bottom-up-max-levels=")) {
      settings.bottom_up_max_levels = std::atoi(v);
    } else if (const char* v = value("--floor-mib=")) {
      settings.floor_mib = std::strtoull(v, nullptr, 10);
    } else if (const char* v = value("--first-repeats=")) {
      settings.first_repeats = std::max(1, std::atoi(v));
    } else if (arg == "--levels") {
      settings.show_levels = true;
    } else if (arg == "--cold") {
      settings.cold = true;
    } else if (arg == "--no-check") {
      settings.check = false;
    } else if (arg == "--json") {
      settings.json = true;
    } else if (!arg.empty() && arg[0] != '-' && settings.datasets.empty()) {
      settings.datasets = arg;
    } else {
      throw frontier::InvalidArgument("unknown argument '" + arg + "'");
    }
  }
  return settings;
}

/// Progress and human-readable lines: stdout, or stderr when stdout carries the JSON document.
FILE* text_out(const Settings& settings) { return settings.json ? stderr : stdout; }

// `count` distinct counter-random roots with at least one arc.
std::vector<VertexId> pick_roots(const Graph& graph, int count, std::uint64_t seed) {
  std::vector<VertexId> roots;
  const auto n = static_cast<std::uint64_t>(graph.num_vertices());
  for (std::uint64_t i = 0; roots.size() < static_cast<std::size_t>(count) && i < 64 * n; ++i) {
    const auto v =
        static_cast<VertexId>(frontier::uniform_below(frontier::counter_random(seed, i), n));
    if (graph.degree(v) > 0 && std::find(roots.begin(), roots.end(), v) == roots.end()) {
      roots.push_back(v);
    }
  }
  return roots;
}

struct Row {
  std::string graph;
  std::string strategy;
  long long vertices = 0;
  long long arcs = 0;
  int roots = 0;
  bool skipped = false;
  double mean_ms = 0;
  double gteps = 0;
  double us_per_level = 0;
  double levels = 0;
  double arcs_per_gather = 0;
  double redundant = 0;
  double pass_through = 0;
  long long hub_arcs = 0;
  int fused = 0;
  int two_phase = 0;
  int bottom_up = 0;
  int expand_contract = 0;
  int launches = 0;
  int cluster = 0;
  int cluster_launches = 0;
  int switches = 0;
  /// "match", "DIFFER" or "unchecked".
  std::string depths = "unchecked";
};

/// Of one graph: the runner's warm-up, its first search and the median of the next ones.
struct FirstSearch {
  std::string graph;
  double warm_up_ms = 0;
  double first_ms = 0;
  double median_ms = 0;
  int repeats = 0;

  double ratio() const { return median_ms > 0 ? first_ms / median_ms : 0.0; }
};

/// The first search from `root` on a runner that has searched nothing yet, then `repeats` more.
FirstSearch time_first_search(frontier::cuda::BfsRunner<VertexId, EdgeId>& runner,
                              const std::string& name, VertexId root, const Settings& settings) {
  FirstSearch first;
  first.graph = name;
  first.repeats = settings.first_repeats;
  if (!settings.cold) first.warm_up_ms = runner.warm_up() * 1e3;
  frontier::cuda::BfsCudaOptions options;
  options.copy_labels = false;
  first.first_ms = runner.run(root, options).seconds * 1e3;
  std::vector<double> following;
  for (int i = 0; i < settings.first_repeats; ++i) {
    following.push_back(runner.run(root, options).seconds * 1e3);
  }
  const auto middle = following.begin() + static_cast<std::ptrdiff_t>(following.size() / 2);
  std::nth_element(following.begin(), middle, following.end());
  first.median_ms = *middle;
  std::fprintf(text_out(settings),
               "%s: warm-up %.3f ms%s, first search %.3f ms, median of the next %d %.3f ms "
               "(first / median %.2f)\n",
               name.c_str(), first.warm_up_ms, settings.cold ? " (--cold: skipped)" : "",
               first.first_ms, first.repeats, first.median_ms, first.ratio());
  return first;
}

void bench_graph(const std::string& name, const Graph& graph, const Settings& settings,
                 double gathers_per_second, std::vector<Row>& rows,
                 std::vector<FirstSearch>& firsts) {
  FILE* out = text_out(settings);
  const bool big = graph.num_vertices() >= settings.big_vertices;
  const std::vector<VertexId> roots =
      pick_roots(graph, big ? settings.big_roots : settings.roots, 12345);
  if (roots.empty()) {
    std::fprintf(out, "%s: no vertex with an out-arc, skipped\n", name.c_str());
    return;
  }
  frontier::detail::Timer timer;
  frontier::cuda::BfsRunner<VertexId, EdgeId> runner(graph);
  std::fprintf(out, "%s: %lld vertices, %lld arcs, %zu roots, upload %.2f s, %.2f GiB on device\n",
               name.c_str(), static_cast<long long>(graph.num_vertices()),
               static_cast<long long>(graph.num_arcs()), roots.size(), timer.seconds(),
               static_cast<double>(runner.device_bytes()) / (1u << 30));
  firsts.push_back(time_first_search(runner, name, roots.front(), settings));
  frontier::BfsResult<VertexId> expected;
  if (settings.check) {
    timer.restart();
    expected = frontier::reference_bfs(graph, roots.front());
    std::fprintf(out, "%s: reference_bfs from root %lld: %.2f s, %lld vertices reached\n",
                 name.c_str(), static_cast<long long>(roots.front()), timer.seconds(),
                 static_cast<long long>(expected.vertices_reached));
  }

  int first_root_levels = 0;
  for (const Variant& variant : kVariants) {
    const BfsCudaStrategy strategy = variant.strategy;
    Row row;
    row.graph = name;
    row.strategy =
        std::string(frontier::cuda::to_string(strategy)) + (variant.cluster_levels ? "" : "+grid");
    row.vertices = static_cast<long long>(graph.num_vertices());
    row.arcs = static_cast<long long>(graph.num_arcs());
    row.roots = static_cast<int>(roots.size());
    if (strategy == BfsCudaStrategy::BottomUp &&
        first_root_levels > settings.bottom_up_max_levels) {
      row.skipped = true;
      std::fprintf(out, "%s %-21s skipped: %d levels > --bottom-up-max-levels=%d\n", name.c_str(),
                   row.strategy.c_str(), first_root_levels, settings.bottom_up_max_levels);
      rows.push_back(row);
      continue;
    }
    frontier::cuda::BfsCudaOptions options;
    options.strategy = strategy;
    options.cluster_levels = variant.cluster_levels;
    // 1. The first root with labels copied back: exact depths; its levels, one line each.
    options.copy_labels = settings.check;
    const frontier::BfsResult<VertexId> checked = runner.run(roots.front(), options);
    if (strategy == BfsCudaStrategy::DirectionOptimizing && variant.cluster_levels) {
      first_root_levels = static_cast<int>(checked.levels.size());
    }
    if (settings.check) row.depths = checked.depth == expected.depth ? "match" : "DIFFER";
    if (settings.show_levels) {
      for (const frontier::BfsLevelStats& level : checked.levels) {
        std::fprintf(out, "  %s %s level %3d %-9s frontier %10lld arcs %11lld %9.1f us\n",
                     name.c_str(), row.strategy.c_str(), level.level,
                     level.direction == frontier::BfsDirection::TopDown ? "top-down" : "bottom-up",
                     static_cast<long long>(level.frontier_vertices),
                     static_cast<long long>(level.edges_examined), level.seconds * 1e6);
      }
    }
    // 2. Timed searches, labels left on the device.
    options.copy_labels = false;
    double inverse_teps = 0;
    double total_seconds = 0;
    double level_us = 0;
    double levels = 0;
    double logical = 0;
    double processed = 0;
    double survivors = 0;
    double claimed_top_down = 0;
    double arcs_per_second = 0;
    for (VertexId root : roots) {
      const frontier::BfsResult<VertexId> result = runner.run(root, options);
      const frontier::cuda::BfsCudaRunStats& stats = runner.last_run_stats();
      const double arcs = static_cast<double>(stats.logical_arcs);
      const double edges = graph.directed() ? arcs : arcs / 2.0;
      inverse_teps += result.seconds / std::max(1.0, edges);
      total_seconds += result.seconds;
      level_us += result.seconds * 1e6 / static_cast<double>(result.levels.size());
      levels += static_cast<double>(result.levels.size());
      logical += arcs;
      processed += static_cast<double>(stats.edge_queue_items + stats.bottom_up_arcs_examined);
      survivors += static_cast<double>(stats.culling_survivors);
      claimed_top_down += static_cast<double>(stats.vertices_claimed_top_down);
      arcs_per_second += arcs / result.seconds;
      row.hub_arcs = stats.hub_arcs;
      row.fused = stats.fused_levels;
      row.two_phase = stats.two_phase_levels;
      row.bottom_up = stats.bottom_up_levels;
      row.expand_contract = stats.expand_contract_levels;
      row.launches = stats.multi_level_launches;
      row.cluster = stats.cluster_levels;
      row.cluster_launches = stats.cluster_level_launches;
      row.switches = stats.in_launch_switches;
    }
    const double count = static_cast<double>(roots.size());
    row.mean_ms = total_seconds * 1e3 / count;
    row.gteps = count / inverse_teps / 1e9;
    row.us_per_level = level_us / count;
    row.levels = levels / count;
    row.arcs_per_gather = arcs_per_second / count / gathers_per_second;
    row.redundant = logical > 0 ? processed / logical : 0.0;
    row.pass_through = claimed_top_down > 0 ? survivors / claimed_top_down : 0.0;
    std::fprintf(out,
                 "%s %-21s %9.3f ms  %7.2f GTEPS  %8.1f us/level  %7.1f levels  "
                 "arcs/s / gathers/s %.3f  redundant %.3f  pass-through %.3f  hub arcs %lld  "
                 "levels cluster/fused/two-phase/bottom-up/expand-contract %d/%d/%d/%d/%d  "
                 "launches cluster/grid %d/%d  "
                 "switches %d  depths %s\n",
                 name.c_str(), row.strategy.c_str(), row.mean_ms, row.gteps, row.us_per_level,
                 row.levels, row.arcs_per_gather, row.redundant, row.pass_through, row.hub_arcs,
                 row.cluster, row.fused, row.two_phase, row.bottom_up, row.expand_contract,
                 row.cluster_launches, row.launches, row.switches, row.depths.c_str());
    std::fflush(out);
    rows.push_back(row);
  }
}

Graph symmetric(const frontier::EdgeList<VertexId>& edges) {
  frontier::CsrBuildOptions options;
  options.symmetrize = true;
  return frontier::build_csr<VertexId, EdgeId>(edges, options);
}

// Builds a graph (timed), benches it, and frees it before the next one.
void run_graph(const std::string& name, const std::function<Graph()>& make,
               const Settings& settings, double gathers_per_second, std::vector<Row>& rows,
               std::vector<FirstSearch>& firsts) {
  frontier::detail::Timer timer;
  const Graph graph = make();
  std::fprintf(text_out(settings), "%s: built in %.2f s\n", name.c_str(), timer.seconds());
  bench_graph(name, graph, settings, gathers_per_second, rows, firsts);
}

void print_table(const std::vector<Row>& rows, const std::vector<FirstSearch>& firsts,
                 const frontier::test::DeviceFloors& floors) {
  std::printf(
      "\n| graph | strategy | GTEPS | ms | us/level | levels | arcs/s / gathers/s | redundant | "
      "pass-through | depths |\n|---|---|---|---|---|---|---|---|---|---|\n");
  for (const Row& row : rows) {
    if (row.skipped) {
      std::printf("| %s | %s | skipped | | | | | | | |\n", row.graph.c_str(), row.strategy.c_str());
      continue;
    }
    std::printf("| %s | %s | %.2f | %.3f | %.1f | %.1f | %.3f | %.3f | %.3f | %s |\n",
                row.graph.c_str(), row.strategy.c_str(), row.gteps, row.mean_ms, row.us_per_level,
                row.levels, row.arcs_per_gather, row.redundant, row.pass_through,
                row.depths.c_str());
  }
  std::printf("floors (same run): copy %.3f TB/s, random 4-byte gathers %.2f G/s\n",
              floors.copy_bytes_per_second / 1e12, floors.gathers_per_second / 1e9);
  std::printf(
      "\n| graph | warm-up ms | first search ms | median of the next ms | first / median |\n"
      "|---|---|---|---|---|\n");
  for (const FirstSearch& first : firsts) {
    std::printf("| %s | %.3f | %.3f | %.3f | %.2f |\n", first.graph.c_str(), first.warm_up_ms,
                first.first_ms, first.median_ms, first.ratio());
  }
}

void print_json(const std::vector<Row>& rows, const std::vector<FirstSearch>& firsts,
                const frontier::test::DeviceFloors& floors, const std::string& device) {
  std::printf("{\"device\": %s, \"copy_bytes_per_second\": %.6g, \"gathers_per_second\": %.6g,\n",
              json_string(device).c_str(), floors.copy_bytes_per_second, floors.gathers_per_second);
  std::printf(" \"rows\": [");
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const Row& row = rows[i];
    std::printf(
        "%s\n  {\"graph\": %s, \"strategy\": %s, \"vertices\": %lld, \"arcs\": %lld, "
        "\"roots\": %d, \"skipped\": %s, \"gteps\": %.6g, \"mean_ms\": %.6g, "
        "\"us_per_level\": %.6g, \"levels\": %.6g, \"arcs_per_gather\": %.6g, "
        "\"redundant_expansion\": %.6g, \"pass_through\": %.6g, \"hub_arcs\": %lld, "
        "\"fused_levels\": %d, \"two_phase_levels\": %d, \"bottom_up_levels\": %d, "
        "\"expand_contract_levels\": %d, \"multi_level_launches\": %d, "
        "\"cluster_levels\": %d, \"cluster_level_launches\": %d, "
        "\"in_launch_switches\": %d, \"depths\": %s}",
        i == 0 ? "" : ",", json_string(row.graph).c_str(), json_string(row.strategy).c_str(),
        row.vertices, row.arcs, row.roots, row.skipped ? "true" : "false", row.gteps, row.mean_ms,
        row.us_per_level, row.levels, row.arcs_per_gather, row.redundant, row.pass_through,
        row.hub_arcs, row.fused, row.two_phase, row.bottom_up, row.expand_contract, row.launches,
        row.cluster, row.cluster_launches, row.switches, json_string(row.depths).c_str());
  }
  std::printf("\n ],\n \"first_searches\": [");
  for (std::size_t i = 0; i < firsts.size(); ++i) {
    const FirstSearch& first = firsts[i];
    std::printf(
        "%s\n  {\"graph\": %s, \"warm_up_ms\": %.6g, \"first_ms\": %.6g, \"median_ms\": %.6g, "
        "\"repeats\": %d, \"first_over_median\": %.6g}",
        i == 0 ? "" : ",", json_string(first.graph).c_str(), first.warm_up_ms, first.first_ms,
        first.median_ms, first.repeats, first.ratio());
  }
  std::printf("\n]}\n");
}

}  // namespace

int main(int argc, char** argv) {
  try {
    const Settings settings = parse(argc, argv);
    FILE* out = text_out(settings);
    if (frontier::cuda_device_count() == 0) {
      std::fprintf(out, "no CUDA GPU: nothing to measure\n");
      return 0;
    }
    frontier::detail::Timer total;
    const frontier::CudaDeviceInfo device = frontier::cuda_device_info(0);
    std::fprintf(out, "device: %s (sm_%d%d, %d SMs, %.1f GiB free)\n", device.name.c_str(),
                 device.compute_major, device.compute_minor, device.multiprocessors,
                 static_cast<double>(device.free_bytes) / (1u << 30));

    // 1. Floors, measured now on this device.
    const std::uint64_t floor_bytes = settings.floor_mib << 20;
    const frontier::test::DeviceFloors floors =
        frontier::test::measure_device_floors(0, floor_bytes, 2 * floor_bytes, 10);
    std::fprintf(out,
                 "floor: copy kernel %.3f TB/s (read + write, %.0f MiB), random 4-byte gathers "
                 "%.2f G/s (table %.0f MiB)\n",
                 floors.copy_bytes_per_second / 1e12,
                 static_cast<double>(floors.copy_bytes) / (1 << 20),
                 floors.gathers_per_second / 1e9,
                 static_cast<double>(floors.gather_table_bytes) / (1 << 20));
    const double gathers = floors.gathers_per_second;

    // 2. Generated graphs, one at a time.
    std::vector<Row> rows;
    std::vector<FirstSearch> firsts;
    if (settings.scale > 0) {
      frontier::KroneckerParams params;
      params.scale = settings.scale;
      params.edgefactor = settings.edgefactor;
      run_graph(
          "kronecker-s" + std::to_string(settings.scale),
          [&] { return symmetric(frontier::io::generate_kronecker<VertexId>(params)); }, settings,
          gathers, rows, firsts);
      frontier::UniformParams uniform;
      uniform.num_vertices = std::int64_t{1} << settings.scale;
      uniform.num_edges = uniform.num_vertices * settings.edgefactor;
      run_graph(
          "uniform-s" + std::to_string(settings.scale),
          [&] { return symmetric(frontier::io::generate_uniform<VertexId>(uniform)); }, settings,
          gathers, rows, firsts);
    }
    if (settings.grid > 0) {
      run_graph(
          "grid2d-" + std::to_string(settings.grid),
          [&] {
            return symmetric(
                frontier::io::generate_grid_2d<VertexId>(settings.grid, settings.grid));
          },
          settings, gathers, rows, firsts);
    }
    if (settings.grid3d > 0) {
      run_graph(
          "grid3d-" + std::to_string(settings.grid3d),
          [&] {
            return symmetric(frontier::io::generate_grid_3d<VertexId>(
                settings.grid3d, settings.grid3d, settings.grid3d));
          },
          settings, gathers, rows, firsts);
    }

    // 3. Real graphs of the datasets folder with at least --real-min-arcs arcs.
    if (!settings.datasets.empty()) {
      const std::filesystem::path folder = settings.datasets;
      for (const std::string& file : frontier::test::manifest_datasets(folder)) {
        frontier::io::LoadedGraph loaded = frontier::io::read_graph(folder / file);
        if (loaded.graph.num_arcs() < settings.real_min_arcs) continue;
        bench_graph(file, loaded.graph, settings, gathers, rows, firsts);
      }
    }

    // 4. The table (or JSON), floors beside it.
    if (settings.json) {
      print_json(rows, firsts, floors, device.name);
    } else {
      print_table(rows, firsts, floors);
    }
    bool all_ok = true;
    for (const Row& row : rows) all_ok = all_ok && row.depths != "DIFFER";
    std::fprintf(out, "total %.1f s, depths %s\n", total.seconds(),
                 all_ok ? "all match (or unchecked)" : "DIFFER somewhere");
    return all_ok ? 0 : 1;
  } catch (const std::exception& error) {
    std::fprintf(stderr, "frontier_bench_bfs_gpu: %s\n", error.what());
    return 1;
  }
}
