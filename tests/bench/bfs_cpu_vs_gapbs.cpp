// bfs_cpu_vs_gapbs — the CPU BFS beside the GAP Benchmark Suite's (GAPBS) on the same graph file
// and the same roots, per thread count.
//
//   frontier_bench_bfs_cpu_vs_gapbs [--gapbs DIR] [--graph FILE [--gapbs-graph FILE]]
//                                   [--scale 20] [--work DIR] [--roots 8] [--trials 4]
//                                   [--threads 1,2] [--seed 1] [--hubs-first] [--degree-order]
//                                   [--json]
//
// GAPBS is never part of the build: its binaries (gapbs-bfs, gapbs-converter; build them with
// ../shared/peers/build.sh OUT) come from --gapbs DIR or FRONTIER_GAPBS_DIR. Without them the
// program says how to get them and exits 0 with a "skipped" line.
//
// The graph: --graph FILE, a format both read (.el, .mtx, .gr, .graph; frontier reads .el as
// SNAP: directed, one arc per line) or GAPBS's serialized graph (.sg, which this program reads
// itself: the identical CSR for both, whatever file GAPBS's converter built it from); GAPBS
// optionally from another copy --gapbs-graph (a .sg is faster for it to load for each root).
// Without --graph, GAPBS's converter writes its Kronecker graph of --scale, serialized, into
// --work (FILE.sg, reused when already there).
//
// Roots: frontier chooses them (Graph500 rule: distinct, degree >= 1); GAPBS gets each with -r
// in its own process. Per thread count and root: GAPBS runs --trials searches (OMP_NUM_THREADS)
// and prints their average, its own figure; frontier then runs --trials searches on one Engine
// (BfsOptions::threads), each timed around Engine::bfs, and reports the minimum and median. Every
// frontier tree is checked with validate_bfs_tree (untimed); an invalid tree is an error (exit 1).
// The ratio is frontier's median over GAPBS's average: below 1 frontier is faster.
// --hubs-first: frontier searches the same graph with each list's highest-degree neighbour moved
// to its front (CsrBuildOptions::hubs_first, as Graph500 runs build; undirected graphs only);
// GAPBS keeps its file's order.
// --degree-order: a second Engine on the same graph searches it renumbered by degree class
// (SearchOrder::DegreeClasses; its labels mapped back to the file's ids inside each timed
// search), beside the first in the same run: columns ordered_med and ordered_ratio, and the
// seconds the renumbering took.
#include <omp.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <optional>
#include <span>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "frontier/bfs_validate.hpp"
#include "frontier/csr_builder.hpp"
#include "frontier/csr_graph.hpp"
#include "frontier/detail/timer.hpp"
#include "frontier/engine.hpp"
#include "frontier/errors.hpp"
#include "frontier/io/read_graph.hpp"
#include "frontier/runs/graph500.hpp"

namespace {

namespace fs = std::filesystem;

struct BenchConfig {
  fs::path gapbs_dir;
  fs::path graph;
  fs::path gapbs_graph;
  int scale = 20;
  fs::path work = fs::temp_directory_path() / "frontier_bench_gapbs";
  int roots = 8;
  int trials = 4;
  std::vector<int> threads;
  std::uint64_t seed = 1;
  bool hubs_first = false;
  bool degree_order = false;
  bool json = false;
};

std::vector<int> parse_thread_list(const std::string& text) {
  std::vector<int> threads;
  std::stringstream in(text);
  for (std::string item; std::getline(in, item, ',');) {
    const int count = std::stoi(item);
    if (count < 1) throw frontier::InvalidArgument("--threads: counts must be >= 1");
    threads.push_back(count);
  }
  return threads;
}

BenchConfig parse_arguments(int argc, char** argv) {
  BenchConfig config;
  if (const char* dir = std::getenv("FRONTIER_GAPBS_DIR")) config.gapbs_dir = dir;
  for (int i = 1; i < argc; ++i) {
    const std::string_view flag = argv[i];
    if (flag == "--json") {
      config.json = true;
      continue;
    }
    if (flag == "--hubs-first") {
      config.hubs_first = true;
      continue;
    }
    if (flag == "--degree-order") {
      config.degree_order = true;
      continue;
    }
    if (i + 1 >= argc)
      throw frontier::InvalidArgument("option " + std::string(flag) + " needs a value");
    const std::string value = argv[++i];
    if (flag == "--gapbs") {
      config.gapbs_dir = value;
    } else if (flag == "--graph") {
      config.graph = value;
    } else if (flag == "--gapbs-graph") {
      config.gapbs_graph = value;
    } else if (flag == "--scale") {
      config.scale = std::stoi(value);
    } else if (flag == "--work") {
      config.work = value;
    } else if (flag == "--roots") {
      config.roots = std::stoi(value);
    } else if (flag == "--trials") {
      config.trials = std::stoi(value);
    } else if (flag == "--threads") {
      config.threads = parse_thread_list(value);
    } else if (flag == "--seed") {
      config.seed = std::stoull(value);
    } else {
      throw frontier::InvalidArgument("unknown option " + std::string(flag));
    }
  }
  if (config.scale < 1 || config.scale > 30) throw frontier::InvalidArgument("--scale: 1-30");
  if (config.roots < 1 || config.trials < 1) {
    throw frontier::InvalidArgument("--roots and --trials must be >= 1");
  }
  if (config.threads.empty()) config.threads = {1, omp_get_max_threads()};
  return config;
}

// Runs a shell command; returns its standard output. A failure is an error naming the command.
std::string run_command(const std::string& command) {
  FILE* pipe = ::popen(command.c_str(), "r");
  if (pipe == nullptr) throw frontier::Error("cannot run: " + command);
  std::string output;
  char buffer[4096];
  for (std::size_t got; (got = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) {
    output.append(buffer, got);
  }
  if (::pclose(pipe) != 0) throw frontier::Error("failed: " + command + "\n" + output);
  return output;
}

std::string quoted(const fs::path& path) { return "'" + path.string() + "'"; }

// Makes GAPBS's serialized Kronecker graph of `scale` (see the file comment) unless present.
fs::path make_kronecker_file(const BenchConfig& config) {
  fs::create_directories(config.work);
  const fs::path serialized = config.work / ("gapbs_kron" + std::to_string(config.scale) + ".sg");
  if (fs::exists(serialized)) return serialized;
  std::fprintf(stderr, "writing %s\n", serialized.c_str());
  const fs::path partial = serialized.string() + ".partial";
  run_command(quoted(config.gapbs_dir / "gapbs-converter") + " -g " + std::to_string(config.scale) +
              " -b " + quoted(partial) + " > /dev/null");
  fs::rename(partial, serialized);
  return serialized;
}

// Reads GAPBS's serialized graph (its writer.h): bool directed, int64 arcs, int64 vertices,
// int64 offsets[vertices + 1], int32 targets[arcs]; a directed graph's in-arcs follow, which the
// Engine rebuilds itself. Undirected graphs hold both arcs of every edge, as a CsrGraph does.
frontier::CsrGraph<frontier::VertexId, frontier::EdgeId> read_gapbs_serialized(
    const fs::path& path) {
  using namespace frontier;
  std::FILE* file = std::fopen(path.c_str(), "rb");
  if (file == nullptr) throw IoError(path.string(), 0, "cannot open");
  bool directed = false;
  std::int64_t arcs = 0;
  std::int64_t vertices = 0;
  const bool header = std::fread(&directed, sizeof directed, 1, file) == 1 &&
                      std::fread(&arcs, sizeof arcs, 1, file) == 1 &&
                      std::fread(&vertices, sizeof vertices, 1, file) == 1;
  if (!header || arcs < 0 || vertices < 0 || vertices >= (std::int64_t{1} << 31)) {
    std::fclose(file);
    throw IoError(path.string(), 0, "not a GAPBS serialized graph (.sg)");
  }
  std::vector<std::int64_t> offsets(static_cast<std::size_t>(vertices) + 1);
  std::vector<std::int32_t> targets(static_cast<std::size_t>(arcs));
  const bool body =
      std::fread(offsets.data(), sizeof(std::int64_t), offsets.size(), file) == offsets.size() &&
      std::fread(targets.data(), sizeof(std::int32_t), targets.size(), file) == targets.size();
  std::fclose(file);
  if (!body || offsets.front() != 0 || offsets.back() != arcs) {
    throw IoError(path.string(), 0, "truncated or inconsistent GAPBS serialized graph");
  }
  std::vector<EdgeId> edge_offsets(offsets.begin(), offsets.end());
  std::vector<VertexId> vertex_targets(targets.begin(), targets.end());
  CsrGraph<VertexId, EdgeId> graph(std::move(edge_offsets), std::move(vertex_targets), {},
                                   directed);
  graph.check_invariants();
  return graph;
}

// GAPBS's average over `trials` searches from `root` (its "Average Time" line), in seconds.
double gapbs_average(const BenchConfig& config, const fs::path& graph, std::int64_t root,
                     int threads) {
  const std::string output =
      run_command("OMP_NUM_THREADS=" + std::to_string(threads) + " " +
                  quoted(config.gapbs_dir / "gapbs-bfs") + " -f " + quoted(graph) + " -r " +
                  std::to_string(root) + " -n " + std::to_string(config.trials) + " 2>&1");
  const auto at = output.find("Average Time:");
  if (at == std::string::npos) throw frontier::Error("no Average Time from GAPBS:\n" + output);
  return std::stod(output.substr(at + 13));
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  const std::size_t half = values.size() / 2;
  return values.size() % 2 == 1 ? values[half] : (values[half - 1] + values[half]) / 2;
}

struct RootFigures {
  int threads = 0;
  std::int64_t root = 0;
  double gapbs_average_ms = 0;
  double frontier_min_ms = 0;
  double frontier_median_ms = 0;
  /// The degree-ordered engine's median (--degree-order), else 0.
  double ordered_median_ms = 0;
  double ratio() const { return frontier_median_ms / gapbs_average_ms; }
};

// frontier's searches from `root`; every tree validated.
std::vector<double> frontier_searches(const frontier::Engine& engine, frontier::VertexId root,
                                      int threads, int trials) {
  using namespace frontier;
  BfsOptions options;
  options.threads = threads;
  std::vector<double> ms;
  for (int trial = 0; trial < trials; ++trial) {
    detail::Timer timer;
    const BfsResult<VertexId> result = engine.bfs(root, options);
    ms.push_back(timer.seconds() * 1e3);
    const BfsValidation check = validate_bfs_tree<VertexId, EdgeId>(
        engine.graph(), root, std::span<const VertexId>(result.parent),
        std::span<const std::int32_t>(result.depth));
    if (!check.valid) {
      throw ValidationError("root " + std::to_string(root) + " with " + std::to_string(threads) +
                            " threads: " + check.failure);
    }
  }
  return ms;
}

void print_summary(const std::vector<RootFigures>& rows, int threads) {
  std::vector<double> gapbs, fastest, medians, ordered;
  for (const RootFigures& row : rows) {
    if (row.threads != threads) continue;
    gapbs.push_back(row.gapbs_average_ms);
    fastest.push_back(row.frontier_min_ms);
    medians.push_back(row.frontier_median_ms);
    ordered.push_back(row.ordered_median_ms);
  }
  const double gapbs_median = median(gapbs);
  const double frontier_median = median(medians);
  std::printf("%7d %10s %12.2f %12.2f %12.2f %9.2f", threads, "all", gapbs_median, median(fastest),
              frontier_median, frontier_median / gapbs_median);
  if (median(ordered) > 0) {
    std::printf(" %12.2f %13.2f", median(ordered), median(ordered) / gapbs_median);
  }
  std::printf("\n");
}

// The same graph rebuilt with each list's hub first.
frontier::CsrGraph<frontier::VertexId, frontier::EdgeId> with_hubs_first(
    const frontier::CsrGraph<frontier::VertexId, frontier::EdgeId>& graph) {
  frontier::CsrBuildOptions build;
  build.hubs_first = true;
  return frontier::build_csr<frontier::VertexId, frontier::EdgeId>(frontier::arcs_of(graph), build);
}

}  // namespace

int main(int argc, char** argv) {
  using namespace frontier;
  try {
    const BenchConfig config = parse_arguments(argc, argv);
    if (config.gapbs_dir.empty() || !fs::exists(config.gapbs_dir / "gapbs-bfs")) {
      std::printf(
          "skipped: no GAPBS binaries (gapbs-bfs, gapbs-converter). Build them with\n"
          "  bash ../shared/peers/build.sh DIR\n"
          "and pass --gapbs DIR or set FRONTIER_GAPBS_DIR=DIR.\n");
      return EXIT_SUCCESS;
    }
    const fs::path graph_file = config.graph.empty() ? make_kronecker_file(config) : config.graph;
    const fs::path gapbs_file = config.gapbs_graph.empty() ? graph_file : config.gapbs_graph;

    io::ReadOptions read;
    if (graph_file.extension() == ".el") read.format = io::GraphFormat::Snap;
    read.hubs_first = config.hubs_first;
    const Engine engine(graph_file.extension() != ".sg" ? io::read_graph(graph_file, read).graph
                        : config.hubs_first ? with_hubs_first(read_gapbs_serialized(graph_file))
                                            : read_gapbs_serialized(graph_file));
    const std::vector<VertexId> roots =
        runs::choose_graph500_roots(engine.graph(), config.roots, config.seed);
    engine.bfs(roots.front());  // warm-up: page in the graph
    std::optional<Engine> ordered;
    double ordering_seconds = 0;
    if (config.degree_order) {
      EngineOptions options;
      options.search_order = SearchOrder::DegreeClasses;
      detail::Timer timer;
      ordered.emplace(engine.graph(), Device::cpu(), options);
      ordering_seconds = timer.seconds();
      ordered->bfs(roots.front());
    }

    if (!config.json) {
      std::printf(
          "# CPU BFS, frontier vs GAPBS on %s (GAPBS reads %s): %lld vertices, %lld arcs%s\n",
          graph_file.c_str(), gapbs_file.c_str(),
          static_cast<long long>(engine.graph().num_vertices()),
          static_cast<long long>(engine.graph().num_arcs()),
          config.hubs_first ? "; frontier's lists with the hub first" : "");
      if (ordered) {
        std::printf("# ordered: the same graph renumbered by degree class (%.3f s)\n",
                    ordering_seconds);
      }
      std::printf(
          "# %d trials per root; GAPBS: its average; frontier: min and median; ratio = "
          "frontier median / GAPBS average\n",
          config.trials);
      std::printf("%7s %10s %12s %12s %12s %9s%s\n", "threads", "root", "gapbs_avg_ms",
                  "frontier_min", "frontier_med", "ratio",
                  ordered ? "  ordered_med ordered_ratio" : "");
    }
    std::vector<RootFigures> rows;
    for (const int threads : config.threads) {
      for (const VertexId root : roots) {
        RootFigures row;
        row.threads = threads;
        row.root = root;
        row.gapbs_average_ms = gapbs_average(config, gapbs_file, root, threads) * 1e3;
        const std::vector<double> ms = frontier_searches(engine, root, threads, config.trials);
        row.frontier_min_ms = *std::min_element(ms.begin(), ms.end());
        row.frontier_median_ms = median(ms);
        if (ordered) {
          row.ordered_median_ms = median(frontier_searches(*ordered, root, threads, config.trials));
        }
        rows.push_back(row);
        if (!config.json) {
          std::printf("%7d %10lld %12.2f %12.2f %12.2f %9.2f", threads,
                      static_cast<long long>(root), row.gapbs_average_ms, row.frontier_min_ms,
                      row.frontier_median_ms, row.ratio());
          if (ordered) {
            std::printf(" %12.2f %13.2f", row.ordered_median_ms,
                        row.ordered_median_ms / row.gapbs_average_ms);
          }
          std::printf("\n");
          std::fflush(stdout);
        }
      }
      if (!config.json) print_summary(rows, threads);
    }
    if (config.json) {
      std::printf(
          "{\"graph\": \"%s\", \"vertices\": %lld, \"arcs\": %lld, \"trials\": %d, "
          "\"hubs_first\": %s, \"degree_order_seconds\": %.4f, \"rows\": [",
          graph_file.c_str(), static_cast<long long>(engine.graph().num_vertices()),
          static_cast<long long>(engine.graph().num_arcs()), config.trials,
          config.hubs_first ? "true" : "false", ordering_seconds);
      for (std::size_t i = 0; i < rows.size(); ++i) {
        const RootFigures& row = rows[i];
        std::printf(
            "%s\n  {\"threads\": %d, \"root\": %lld, \"gapbs_average_ms\": %.4f, "
            "\"frontier_min_ms\": %.4f, \"frontier_median_ms\": %.4f, \"ratio\": %.4f, "
            "\"ordered_median_ms\": %.4f}",
            i == 0 ? "" : ",", row.threads, static_cast<long long>(row.root), row.gapbs_average_ms,
            row.frontier_min_ms, row.frontier_median_ms, row.ratio(), row.ordered_median_ms);
      }
      std::printf("\n]}\n");
    }
    return EXIT_SUCCESS;
  } catch (const std::exception& error) {
    std::fprintf(stderr, "frontier_bench_bfs_cpu_vs_gapbs: %s\n", error.what());
    return EXIT_FAILURE;
  }
}
