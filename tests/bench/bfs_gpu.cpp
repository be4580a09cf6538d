// Benchmark of the single-GPU BFS (frontier::cuda::BfsRunner), every strategy, on a Graph500
// Kronecker graph and a 2D grid, beside the device's copy bandwidth and random-gather rate
// measured in the same run.
//
// Figures per graph and strategy (predecessors on, labels left on the device while timing):
//  - GTEPS: undirected edges of the traversed component (sum of reached out-degrees / 2, the
//    Graph500 count for a symmetric graph) per second of search, harmonic mean over the roots;
//  - us/level: search time over levels, mean over the roots (the grid is latency-bound);
//  - arcs/s over gathers/s: arcs a queue-based search must look at, per second, divided by the
//    floor's independent 4-byte gathers per second;
//  - redundant expansion: (edge-queue items + bottom-up arcs read) / arcs logically traversed;
//  - culling pass-through: items reaching the atomic claim / vertices claimed top-down (what
//    the redundant expansion would be if the claim were a plain write, as in Merrill's design).
// The first root of each graph is also checked against reference_bfs (depths) for every strategy.
//
// Usage: frontier_bench_bfs_gpu [--scale=22] [--edgefactor=16] [--grid=2048] [--roots=8]
//                               [--floor-mib=1024] [--no-levels]
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "../../engine/src/bfs_cuda/bfs_cuda.hpp"
#include "../../engine/src/bfs_cuda/device_floors.hpp"
#include "frontier/csr_builder.hpp"
#include "frontier/detail/timer.hpp"
#include "frontier/device.hpp"
#include "frontier/errors.hpp"
#include "frontier/io/generators.hpp"
#include "frontier/random.hpp"
#include "frontier/reference_bfs.hpp"

namespace {

using frontier::EdgeId;
using frontier::VertexId;
using Graph = frontier::CsrGraph<VertexId, EdgeId>;
using frontier::cuda::BfsCudaStrategy;

struct Settings {
  int scale = 22;
  int edgefactor = 16;
  std::int64_t grid = 2048;
  int roots = 8;
  std::uint64_t floor_mib = 1024;
  /// Print the first root's levels (Kronecker graphs only: a grid has thousands).
  bool show_levels = true;
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
    } else if (const char* v = value("--roots=")) {
      settings.roots = std::max(1, std::atoi(v));
    } else if (const char* v = value("--floor-mib=")) {
      settings.floor_mib = std::strtoull(v, nullptr, 10);
    } else if (arg == "--no-levels") {
      settings.show_levels = false;
    } else {
      throw frontier::InvalidArgument("unknown argument '" + arg + "'");
    }
  }
  return settings;
}

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
  double mean_ms = 0;
  double gteps = 0;
  double us_per_level = 0;
  double levels = 0;
  double arcs_per_gather = 0;
  double redundant = 0;
  double pass_through = 0;
  int fused = 0;
  int two_phase = 0;
  int bottom_up = 0;
  int launches = 0;
  bool depths_ok = false;
};

void bench_graph(const std::string& name, const Graph& graph, const Settings& settings,
                 double gathers_per_second, std::vector<Row>& rows) {
  const std::vector<VertexId> roots = pick_roots(graph, settings.roots, 12345);
  frontier::detail::Timer timer;
  frontier::cuda::BfsRunner<VertexId, EdgeId> runner(graph);
  std::printf("%s: %lld vertices, %lld arcs, upload %.2f s, %.2f GiB on the device\n", name.c_str(),
              static_cast<long long>(graph.num_vertices()),
              static_cast<long long>(graph.num_edges()), timer.seconds(),
              static_cast<double>(runner.device_bytes()) / (1u << 30));
  timer.restart();
  const frontier::BfsResult<VertexId> expected = frontier::reference_bfs(graph, roots.front());
  std::printf("%s: reference_bfs from root %lld: %.2f s, %lld vertices reached\n", name.c_str(),
              static_cast<long long>(roots.front()), timer.seconds(),
              static_cast<long long>(expected.vertices_reached));

  for (BfsCudaStrategy strategy :
       {BfsCudaStrategy::Hybrid, BfsCudaStrategy::TwoPhase, BfsCudaStrategy::ContractExpand,
        BfsCudaStrategy::DirectionOptimizing, BfsCudaStrategy::BottomUp}) {
    Row row;
    row.graph = name;
    row.strategy = frontier::cuda::strategy_name(strategy);
    frontier::cuda::BfsCudaOptions options;
    options.strategy = strategy;
    // 1. Correctness of the first root, labels copied back; its levels, one line each.
    const frontier::BfsResult<VertexId> checked = runner.run(roots.front(), options);
    row.depths_ok = checked.depth == expected.depth;
    if (settings.show_levels) {
      for (const frontier::BfsLevelStats& level : checked.levels) {
        std::printf("  %s %s level %3d %-9s frontier %10lld arcs %11lld %9.1f us\n", name.c_str(),
                    row.strategy.c_str(), level.level,
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
      const double edges = static_cast<double>(stats.logical_arcs) / 2.0;
      inverse_teps += result.seconds / edges;
      total_seconds += result.seconds;
      level_us += result.seconds * 1e6 / static_cast<double>(result.levels.size());
      levels += static_cast<double>(result.levels.size());
      logical += static_cast<double>(stats.logical_arcs);
      processed += static_cast<double>(stats.edge_queue_items + stats.bottom_up_arcs_examined);
      survivors += static_cast<double>(stats.culling_survivors);
      claimed_top_down += static_cast<double>(stats.vertices_claimed_top_down);
      arcs_per_second += static_cast<double>(stats.logical_arcs) / result.seconds;
      row.fused = stats.fused_levels;
      row.two_phase = stats.two_phase_levels;
      row.bottom_up = stats.bottom_up_levels;
      row.launches = stats.multi_level_launches;
    }
    const double count = static_cast<double>(roots.size());
    row.mean_ms = total_seconds * 1e3 / count;
    row.gteps = count / inverse_teps / 1e9;
    row.us_per_level = level_us / count;
    row.levels = levels / count;
    row.arcs_per_gather = arcs_per_second / count / gathers_per_second;
    row.redundant = processed / logical;
    row.pass_through = claimed_top_down > 0 ? survivors / claimed_top_down : 0.0;
    std::printf(
        "%s %-21s mean %9.3f ms  %7.2f GTEPS  %8.1f us/level  %6.1f levels  "
        "arcs/s / gathers/s %.3f  redundant %.3f  pass-through %.3f  "
        "levels fused/two-phase/bottom-up %d/%d/%d  multi-level launches %d  depths %s\n",
        name.c_str(), row.strategy.c_str(), row.mean_ms, row.gteps, row.us_per_level, row.levels,
        row.arcs_per_gather, row.redundant, row.pass_through, row.fused, row.two_phase,
        row.bottom_up, row.launches, row.depths_ok ? "match" : "DIFFER");
    rows.push_back(row);
  }
}

Graph symmetric(const frontier::EdgeList<VertexId>& edges) {
  frontier::CsrBuildOptions options;
  options.symmetrize = true;
  return frontier::build_csr<VertexId, EdgeId>(edges, options);
}

}  // namespace

int main(int argc, char** argv) {
  try {
    const Settings settings = parse(argc, argv);
    if (frontier::cuda_device_count() == 0) {
      std::printf("no CUDA GPU: nothing to measure\n");
      return 0;
    }
    const frontier::CudaDeviceInfo device = frontier::cuda_device_info(0);
    std::printf("device: %s (sm_%d%d, %d SMs, %.1f GiB free)\n", device.name.c_str(),
                device.compute_major, device.compute_minor, device.multiprocessors,
                static_cast<double>(device.free_bytes) / (1u << 30));

    // 1. Floors, measured now on this device.
    const std::uint64_t floor_bytes = settings.floor_mib << 20;
    const frontier::cuda::DeviceFloors floors =
        frontier::cuda::measure_device_floors(0, floor_bytes, 2 * floor_bytes, 10);
    std::printf(
        "floor: copy kernel %.3f TB/s (read + write, %.0f MiB), random 4-byte gathers "
        "%.2f G/s (table %.0f MiB)\n",
        floors.copy_bytes_per_second / 1e12, static_cast<double>(floors.copy_bytes) / (1 << 20),
        floors.gathers_per_second / 1e9,
        static_cast<double>(floors.gather_table_bytes) / (1 << 20));

    // 2. Graphs.
    std::vector<Row> rows;
    frontier::detail::Timer timer;
    frontier::KroneckerParams params;
    params.scale = settings.scale;
    params.edgefactor = settings.edgefactor;
    const Graph kronecker = symmetric(frontier::io::generate_kronecker<VertexId>(params));
    const std::string kronecker_name = "kronecker-s" + std::to_string(settings.scale);
    std::printf("%s: generated and built in %.2f s\n", kronecker_name.c_str(), timer.seconds());
    bench_graph(kronecker_name, kronecker, settings, floors.gathers_per_second, rows);

    timer.restart();
    const Graph grid =
        symmetric(frontier::io::generate_grid_2d<VertexId>(settings.grid, settings.grid));
    const std::string grid_name = "grid-" + std::to_string(settings.grid);
    std::printf("%s: generated and built in %.2f s\n", grid_name.c_str(), timer.seconds());
    Settings grid_settings = settings;
    grid_settings.show_levels = false;
    bench_graph(grid_name, grid, grid_settings, floors.gathers_per_second, rows);

    // 3. Summary table.
    std::printf(
        "\n| graph | strategy | GTEPS | ms | us/level | levels | arcs/s / gathers/s | "
        "redundant | pass-through | depths |\n|---|---|---|---|---|---|---|---|---|---|\n");
    for (const Row& row : rows) {
      std::printf("| %s | %s | %.2f | %.3f | %.1f | %.1f | %.3f | %.3f | %.3f | %s |\n",
                  row.graph.c_str(), row.strategy.c_str(), row.gteps, row.mean_ms, row.us_per_level,
                  row.levels, row.arcs_per_gather, row.redundant, row.pass_through,
                  row.depths_ok ? "match" : "DIFFER");
    }
    std::printf("floors: copy %.3f TB/s, gathers %.2f G/s\n", floors.copy_bytes_per_second / 1e12,
                floors.gathers_per_second / 1e9);
    bool all_ok = true;
    for (const Row& row : rows) all_ok = all_ok && row.depths_ok;
    return all_ok ? 0 : 1;
  } catch (const std::exception& error) {
    std::fprintf(stderr, "frontier_bench_bfs_gpu: %s\n", error.what());
    return 1;
  }
}
