// small_inputs — what a small graph costs from its file to its searches, phase by phase, with all
// threads (or --threads N): the fixed costs that OpenMP, decompression and CSR building add where
// the work itself takes microseconds.
//
//   frontier_bench_small_inputs [FILE ...] [--datasets DIR] [--max-vertices 10000]
//                               [--repeats 20] [--searches 10] [--threads N] [--json]
//
// Graphs: the FILEs given, else every graph of the datasets folder's MANIFEST.md with at most
// --max-vertices vertices (sized with graph_file_size(), so larger files are never built).
// Per graph, --repeats times, each phase timed on its own:
//  - read: io::read_graph() (open, decompress, parse, CSR build);
//  - engine: an Engine on the CPU over that graph (a directed graph's reverse CSR is built here);
//  - first search: the Engine's first BFS, from the first vertex with an out-arc;
//  - next search: the median of --searches further BFS from the same root on that Engine.
// Every repeat reads the file again and builds a new Engine, so no cache carries over between
// repeats. A row gives each phase's best and median over the repeats, and the sum of the medians
// of read, engine and first search: a program's cost to load one graph and answer one query.
// The first search's depths are compared with the sequential reference BFS (untimed); a
// difference is an error (exit 1).
#include <omp.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <cxxopts.hpp>

#include "frontier/detail/timer.hpp"
#include "frontier/engine.hpp"
#include "frontier/io/graph_size.hpp"
#include "frontier/io/read_graph.hpp"
#include "frontier/reference_bfs.hpp"
#include "support/dataset_manifest.hpp"
#include "support/json_text.hpp"

namespace {

using frontier::VertexId;
namespace fs = std::filesystem;

struct Phase {
  std::vector<double> seconds;
  double best() const { return *std::min_element(seconds.begin(), seconds.end()); }
  double median() const {
    std::vector<double> sorted = seconds;
    std::sort(sorted.begin(), sorted.end());
    return sorted[sorted.size() / 2];
  }
};

struct Row {
  std::string name;
  std::int64_t vertices = 0;
  std::int64_t arcs = 0;
  bool directed = false;
  VertexId root = 0;
  Phase read, engine, first_search, next_search;
  double load_and_query_ms() const {
    return 1e3 * (read.median() + engine.median() + first_search.median());
  }
};

double median_of(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return values[values.size() / 2];
}

VertexId first_root(const frontier::Graph& graph) {
  for (VertexId v = 0; v < graph.num_vertices(); ++v) {
    if (graph.degree(v) > 0) return v;
  }
  return 0;
}

// Times every phase of one graph --repeats times; throws if a search differs from the reference.
Row measure(const fs::path& path, int repeats, int searches) {
  Row row;
  row.name = path.filename().string();
  for (int r = 0; r < repeats; ++r) {
    frontier::detail::Timer timer;
    frontier::io::LoadedGraph loaded = frontier::io::read_graph(path);
    row.read.seconds.push_back(timer.seconds());
    if (r == 0) {
      row.vertices = loaded.graph.num_vertices();
      row.arcs = loaded.graph.num_arcs();
      row.directed = loaded.graph.directed();
      row.root = first_root(loaded.graph);
    }
    timer.restart();
    const frontier::Engine engine(std::move(loaded.graph), frontier::Device::cpu());
    row.engine.seconds.push_back(timer.seconds());
    timer.restart();
    const frontier::BfsResult<VertexId> first = engine.bfs(row.root);
    row.first_search.seconds.push_back(timer.seconds());
    if (r == 0) {
      const frontier::BfsResult<VertexId> expected =
          frontier::reference_bfs(engine.graph(), row.root);
      if (!(first.depth == expected.depth)) {
        throw frontier::ValidationError(row.name + ": the search's depths differ from the " +
                                        "reference BFS's");
      }
    }
    std::vector<double> next;
    for (int s = 0; s < searches; ++s) {
      timer.restart();
      const frontier::BfsResult<VertexId> result = engine.bfs(row.root);
      next.push_back(timer.seconds());
    }
    if (!next.empty()) row.next_search.seconds.push_back(median_of(next));
  }
  return row;
}

std::vector<fs::path> dataset_graphs(const fs::path& folder, std::uint64_t max_vertices) {
  std::vector<fs::path> graphs;
  for (const std::string& file : frontier::test::manifest_datasets(folder)) {
    const fs::path path = folder / file;
    if (frontier::io::graph_file_size(path).vertices <= max_vertices) graphs.push_back(path);
  }
  return graphs;
}

std::string phase_text(const Phase& phase) {
  if (phase.seconds.empty()) return "        -        -";
  char text[40];
  std::snprintf(text, sizeof text, "%8.3f %8.3f", 1e3 * phase.best(), 1e3 * phase.median());
  return text;
}

void print_table(const std::vector<Row>& rows, int threads, int repeats, int searches) {
  std::printf(
      "%d threads; per phase the best and median of %d repeats in ms (next search: median of %d "
      "searches per repeat); engine = Engine on the CPU, with the reverse CSR of a directed "
      "graph; total = read + engine + first search medians\n",
      threads, repeats, searches);
  std::printf("%-26s %8s %9s %3s | %17s | %17s | %17s | %17s | %8s\n", "graph", "vertices", "arcs",
              "dir", "read best median", "engine best med.", "1st search b. med.",
              "next search b. m.", "total ms");
  for (const Row& row : rows) {
    std::printf("%-26s %8lld %9lld %3s | %s | %s | %s | %s | %8.3f\n", row.name.c_str(),
                static_cast<long long>(row.vertices), static_cast<long long>(row.arcs),
                row.directed ? "D" : "U", phase_text(row.read).c_str(),
                phase_text(row.engine).c_str(), phase_text(row.first_search).c_str(),
                phase_text(row.next_search).c_str(), row.load_and_query_ms());
  }
}

void print_json(const std::vector<Row>& rows, int threads, int repeats, int searches) {
  auto phase = [](const char* name, const Phase& p) {
    if (p.seconds.empty()) return std::string();
    char text[120];
    std::snprintf(text, sizeof text, ", \"%s_best_ms\": %.4f, \"%s_median_ms\": %.4f", name,
                  1e3 * p.best(), name, 1e3 * p.median());
    return std::string(text);
  };
  std::printf("{\"threads\": %d, \"repeats\": %d, \"searches\": %d, \"graphs\": [", threads,
              repeats, searches);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const Row& row = rows[i];
    std::printf(
        "%s\n  {\"graph\": %s, \"vertices\": %lld, \"arcs\": %lld, \"directed\": %s, "
        "\"root\": %lld%s%s%s%s, \"total_ms\": %.4f}",
        i == 0 ? "" : ",", frontier::test::json_string(row.name).c_str(),
        static_cast<long long>(row.vertices), static_cast<long long>(row.arcs),
        row.directed ? "true" : "false", static_cast<long long>(row.root),
        phase("read", row.read).c_str(), phase("engine", row.engine).c_str(),
        phase("first_search", row.first_search).c_str(),
        phase("next_search", row.next_search).c_str(), row.load_and_query_ms());
  }
  std::printf("\n]}\n");
}

// What to measure, from the command line.
struct BenchConfig {
  std::vector<fs::path> graphs;
  int repeats = 20;
  int searches = 10;
  bool json = false;
};

// Parses the command line and sets the OpenMP thread count; nullopt after printing --help.
std::optional<BenchConfig> parse_arguments(int argc, char** argv) {
  cxxopts::Options options("frontier_bench_small_inputs",
                           "Load, engine and search times of small graphs, phase by phase");
  // clang-format off
  options.add_options()
      ("datasets", "folder with MANIFEST.md, used when no FILE is given",
       cxxopts::value<std::string>()->default_value(FRONTIER_REAL_DATASETS_DIR))
      ("max-vertices", "skip the folder's graphs with more vertices",
       cxxopts::value<std::uint64_t>()->default_value("10000"))
      ("repeats", "times each graph is read, built and searched",
       cxxopts::value<int>()->default_value("20"))
      ("searches", "searches after the first per repeat (their median is the repeat's)",
       cxxopts::value<int>()->default_value("10"))
      ("threads", "OpenMP threads (0: all)", cxxopts::value<int>()->default_value("0"))
      ("json", "one JSON document on stdout")
      ("files", "graph files", cxxopts::value<std::vector<std::string>>())
      ("h,help", "this help");
  // clang-format on
  options.parse_positional({"files"});
  options.positional_help("[FILE ...]");
  const cxxopts::ParseResult result = options.parse(argc, argv);
  if (result.count("help") > 0) {
    std::printf("%s\n", options.help().c_str());
    return std::nullopt;
  }
  BenchConfig config;
  config.repeats = std::max(1, result["repeats"].as<int>());
  config.searches = std::max(0, result["searches"].as<int>());
  config.json = result.count("json") > 0;
  if (result["threads"].as<int>() > 0) omp_set_num_threads(result["threads"].as<int>());
  if (result.count("files") > 0) {
    for (const std::string& file : result["files"].as<std::vector<std::string>>()) {
      config.graphs.emplace_back(file);
    }
  } else {
    config.graphs = dataset_graphs(result["datasets"].as<std::string>(),
                                   result["max-vertices"].as<std::uint64_t>());
  }
  return config;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    const std::optional<BenchConfig> config = parse_arguments(argc, argv);
    if (!config) return EXIT_SUCCESS;
    const int threads = omp_get_max_threads();
    std::vector<Row> rows;
    for (const fs::path& path : config->graphs) {
      rows.push_back(measure(path, config->repeats, config->searches));
    }
    if (config->json) {
      print_json(rows, threads, config->repeats, config->searches);
    } else {
      print_table(rows, threads, config->repeats, config->searches);
    }
    return EXIT_SUCCESS;
  } catch (const std::exception& error) {
    std::fprintf(stderr, "frontier_bench_small_inputs: %s\n", error.what());
    return EXIT_FAILURE;
  }
}
