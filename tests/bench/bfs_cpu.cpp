// bfs_cpu — harmonic-mean TEPS of the CPU BFS on Graph500 Kronecker graphs, printed beside the
// floor measured in the same run: the sequential oracle (reference_bfs) from the same roots.
//
//   frontier_bench_bfs_cpu [--scales 16-20] [--edgefactor 16] [--roots 16] [--threads 2]
//                          [--seed 1]
//
// Per scale: generate (untimed), build the symmetric CSR without self loops, choose distinct
// roots of degree >= 1, then per root time the direction-optimizing search, the top-down-only
// search (same threads) and the oracle. TEPS counts input edges in the searched component as
// Graph500 does (each non-loop tuple once, duplicates kept) = half the arc-degree sum of the
// reached vertices. Every search's depths are compared with the oracle's; a mismatch is an
// error (exit 1), not a figure.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "frontier/bfs.hpp"
#include "frontier/csr_builder.hpp"
#include "frontier/detail/timer.hpp"
#include "frontier/errors.hpp"
#include "frontier/io/generate_kronecker.hpp"
#include "frontier/reference_bfs.hpp"
#include "frontier/runs/graph500.hpp"

namespace {

struct BenchConfig {
  int min_scale = 16;
  int max_scale = 20;
  int edgefactor = 16;
  int roots = 16;
  int threads = 2;
  std::uint64_t seed = 1;
};

BenchConfig parse_arguments(int argc, char** argv) {
  BenchConfig config;
  for (int i = 1; i < argc; ++i) {
    const std::string_view flag = argv[i];
    if (i + 1 >= argc)
      throw frontier::InvalidArgument("option " + std::string(flag) + " needs a value");
    const std::string value = argv[++i];
    if (flag == "--scales") {
      const auto dash = value.find('-');
      config.min_scale = std::stoi(value.substr(0, dash));
      config.max_scale =
          dash == std::string::npos ? config.min_scale : std::stoi(value.substr(dash + 1));
    } else if (flag == "--edgefactor") {
      config.edgefactor = std::stoi(value);
    } else if (flag == "--roots") {
      config.roots = std::stoi(value);
    } else if (flag == "--threads") {
      config.threads = std::stoi(value);
    } else if (flag == "--seed") {
      config.seed = std::stoull(value);
    } else {
      throw frontier::InvalidArgument("unknown option " + std::string(flag));
    }
  }
  if (config.min_scale < 1 || config.max_scale > 30 || config.min_scale > config.max_scale) {
    throw frontier::InvalidArgument("--scales must be a range within 1-30");
  }
  return config;
}

// Input edges in the component of a search (see the file comment).
std::int64_t component_edges(const frontier::Graph& graph, std::span<const std::int32_t> depth) {
  std::int64_t arcs = 0;
  for (frontier::VertexId v = 0; v < graph.num_vertices(); ++v) {
    if (depth[v] != frontier::kUnreachedDepth) arcs += graph.degree(v);
  }
  return arcs / 2;
}

struct Series {
  std::vector<double> seconds;
  std::vector<double> nedge;
  double harmonic_mean_teps() const {
    return frontier::runs::graph500_teps_statistics(seconds, nedge).harmonic_mean;
  }
};

void run_scale(const BenchConfig& config, int scale) {
  using namespace frontier;
  KroneckerParams params;
  params.scale = scale;
  params.edgefactor = config.edgefactor;
  params.seed = config.seed;
  CsrBuildOptions build;
  build.symmetrize = true;
  build.remove_self_loops = true;
  const Graph graph = build_csr<VertexId, EdgeId>(io::generate_kronecker<VertexId>(params), build);
  const std::vector<VertexId> roots = runs::choose_graph500_roots(
      graph, config.roots, config.seed + static_cast<std::uint64_t>(scale));

  BfsOptions direction_optimizing;
  direction_optimizing.threads = config.threads;
  BfsOptions top_down = direction_optimizing;
  top_down.strategy = BfsStrategy::TopDown;
  bfs(graph, roots.front(), direction_optimizing);  // warm-up: page in the graph

  Series adaptive, classic, oracle;
  for (VertexId root : roots) {
    detail::Timer timer;
    const BfsResult<VertexId> expected = reference_bfs(graph, root);
    const double oracle_seconds = timer.seconds();
    timer.restart();
    const BfsResult<VertexId> fast = bfs(graph, root, direction_optimizing);
    const double adaptive_seconds = timer.seconds();
    timer.restart();
    const BfsResult<VertexId> plain = bfs(graph, root, top_down);
    const double classic_seconds = timer.seconds();
    if (fast.depth != expected.depth || plain.depth != expected.depth) {
      throw ValidationError("scale " + std::to_string(scale) + " root " + std::to_string(root) +
                            ": depths differ from the oracle");
    }
    const auto nedge = static_cast<double>(component_edges(graph, expected.depth));
    adaptive.seconds.push_back(adaptive_seconds);
    classic.seconds.push_back(classic_seconds);
    oracle.seconds.push_back(oracle_seconds);
    adaptive.nedge.push_back(nedge);
    classic.nedge.push_back(nedge);
    oracle.nedge.push_back(nedge);
  }
  const double adaptive_teps = adaptive.harmonic_mean_teps();
  const double classic_teps = classic.harmonic_mean_teps();
  const double oracle_teps = oracle.harmonic_mean_teps();
  std::printf("%5d %10d %12lld %5zu %14.4g %14.4g %14.4g %9.2f %9.2f\n", scale,
              graph.num_vertices(), static_cast<long long>(graph.num_arcs()), roots.size(),
              adaptive_teps, classic_teps, oracle_teps, adaptive_teps / oracle_teps,
              classic_teps / oracle_teps);
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
  try {
    const BenchConfig config = parse_arguments(argc, argv);
    std::printf(
        "# CPU BFS on Graph500 Kronecker graphs (edgefactor %d, seed %llu), %d threads;\n"
        "# harmonic-mean TEPS over the roots; floor = sequential oracle (reference_bfs)\n",
        config.edgefactor, static_cast<unsigned long long>(config.seed), config.threads);
    std::printf("%5s %10s %12s %5s %14s %14s %14s %9s %9s\n", "scale", "vertices", "arcs", "roots",
                "DO_TEPS", "topdown_TEPS", "oracle_TEPS", "DO/floor", "TD/floor");
    for (int scale = config.min_scale; scale <= config.max_scale; ++scale) run_scale(config, scale);
    return EXIT_SUCCESS;
  } catch (const std::exception& error) {
    std::fprintf(stderr, "frontier_bench_bfs_cpu: %s\n", error.what());
    return EXIT_FAILURE;
  }
}
