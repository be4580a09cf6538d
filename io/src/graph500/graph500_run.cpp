// graph500_run.cpp — one Graph500 BFS benchmark run (after the Graph500 reference, src/main.c).
//
// Steps, kept apart as the benchmark demands:
//  1. size the run against free memory (before allocating anything);
//  2. generate the Kronecker tuples (untimed for the benchmark, reported as graph_generation);
//  3. kernel 1, timed: build the symmetric CSR (self loops dropped, duplicates kept) and make it
//     resident where the searches run: on a CPU run, generation and construction on the host
//     and an Engine (graph500_host_graph.cpp); on a GPU run, generation and construction on the
//     GPU itself, the CSR adopted by the BFS runner in place (graph500_gpu_graph.cpp);
//  4. choose distinct roots of degree >= 1 with a counter-based sampler;
//  5. one untimed warm-up search, then for every root: a search timed from its start until the
//     parent array is written; nedge counted from the tuples as the reference validator counts
//     it; validation of all five rules (validate_bfs_tree), plus the check that the tree's
//     component holds exactly 2 * nedge arcs;
//  6. statistics of time, nedge, TEPS and validation time.
// Invariant: the graph is undirected with both arcs of every non-loop tuple, so the arcs inside
// the searched component are exactly twice the tuples counted in nedge.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "frontier/bfs_validate.hpp"
#include "frontier/detail/log.hpp"
#include "frontier/detail/timer.hpp"
#include "frontier/errors.hpp"
#include "frontier/io/graph500.hpp"
#include "frontier/random.hpp"
#include "graph500_graph.hpp"

namespace frontier::io {
namespace {

// Sub-stream of the user seed that the root sampler draws from ("G500ROOT").
constexpr std::uint64_t kRootStreamTag = 0x47353030524f4f54ULL;
// Largest scale whose 2^scale vertices fit VertexId.
constexpr int kMaxScale = 30;

void check_config(const Graph500Config& config) {
  if (config.scale < 1 || config.scale > kMaxScale) {
    throw InvalidArgument("graph500 scale " + std::to_string(config.scale) +
                          " is out of range [1, " + std::to_string(kMaxScale) +
                          "] (vertex ids are 32-bit)");
  }
  if (config.edgefactor < 1) {
    throw InvalidArgument("graph500 edgefactor " + std::to_string(config.edgefactor) +
                          " must be at least 1");
  }
  if (config.roots < 1) {
    throw InvalidArgument("graph500 needs at least one root, not " + std::to_string(config.roots));
  }
  check_bfs_options(config.bfs);
}

// Tuples (u, v), u != v, whose source was reached: each undirected input edge once, self
// loops never, duplicates every time (the reference validator's nedge_traversed).
std::int64_t count_component_tuples(const EdgeList<VertexId>& tuples,
                                    std::span<const std::int32_t> depth) {
  const auto m = static_cast<std::int64_t>(tuples.size());
  const VertexId* sources = tuples.sources.data();
  const VertexId* targets = tuples.targets.data();
  std::int64_t count = 0;
#pragma omp parallel for schedule(static) reduction(+ : count)
  for (std::int64_t i = 0; i < m; ++i) {
    if (sources[i] != targets[i] && depth[sources[i]] != kUnreachedDepth) ++count;
  }
  return count;
}

// Validates one search; throws ValidationError naming the root and the broken rule.
void validate_search(const Graph& graph, const Graph500Run& run, const BfsResult<VertexId>& bfs) {
  const BfsValidation validation =
      validate_bfs_tree<VertexId, EdgeId>(graph, run.root, std::span<const VertexId>(bfs.parent),
                                          std::span<const std::int32_t>(bfs.depth));
  const std::string where =
      "graph500 BFS " + std::to_string(run.index) + " from root " + std::to_string(run.root);
  if (!validation.valid) throw ValidationError(where + ": " + validation.failure);
  if (validation.arcs_in_component != 2 * run.nedge) {
    throw ValidationError(where + ": the tree's component holds " +
                          std::to_string(validation.arcs_in_component) + " arcs but " +
                          std::to_string(run.nedge) + " input edges were counted");
  }
}

}  // namespace

Graph500Result run_graph500(const Graph500Config& config, const Graph500Progress& progress) {
  auto& log = detail::logger();
  check_config(config);
  // 1. Size the run.
  check_graph500_memory(config.scale, config.edgefactor);
  Graph500Result result;
  result.config = config;

  // 2, 3. Generation (not part of the benchmark figures) and kernel 1.
  Graph500Graph made = config.device.is_cuda() && config.build_on_device
                           ? make_graph500_graph_on_device(config)
                           : make_graph500_graph_on_host(config);
  const EdgeList<VertexId>& tuples = made.tuples;
  const Engine& searcher = *made.engine;
  const Graph& graph = searcher.graph();
  result.generation_seconds = made.generation_seconds;
  result.construction_seconds = made.construction_seconds;
  result.host_copy_seconds = made.host_copy_seconds;
  result.built_on_device = made.built_on_device;
  result.num_vertices = tuples.num_vertices;
  result.num_tuples = static_cast<std::int64_t>(tuples.size());
  result.num_arcs = static_cast<std::int64_t>(graph.num_edges());
  const char* where = made.built_on_device ? "GPU" : "host";
  log.info("graph500: generated {} tuples on {} vertices in {:.3f} s on the {}", result.num_tuples,
           result.num_vertices, result.generation_seconds, where);
  log.info("graph500: constructed {} arcs in {:.3f} s on the {}", result.num_arcs,
           result.construction_seconds, where);

  // 4. Roots.
  const std::uint64_t root_seed = mix64(counter_random(config.seed, kRootStreamTag));
  const std::vector<VertexId> roots = choose_graph500_roots(graph, config.roots, root_seed);
  if (roots.empty()) throw InvalidArgument("graph500: the graph has no vertex with an edge");
  if (static_cast<int>(roots.size()) < config.roots) {
    log.warn("graph500: only {} of {} roots found with degree >= 1", roots.size(), config.roots);
  }

  // 5. Searches.
  BfsOptions options = config.bfs;
  options.predecessors = true;
  searcher.bfs(roots.front(), options);  // warm-up, untimed
  const int total = static_cast<int>(roots.size());
  detail::Timer timer;
  for (int i = 0; i < total; ++i) {
    Graph500Run run;
    run.index = i;
    run.root = roots[i];
    // The search's own clock: from its start until the parent array is written where the
    // search runs (host memory on the CPU, device memory on a GPU); copying a GPU's labels back
    // for validation is not part of it.
    const BfsResult<VertexId> bfs = searcher.bfs(run.root, options);
    run.seconds = bfs.seconds;
    run.vertices_reached = bfs.vertices_reached;
    run.levels = static_cast<std::int32_t>(bfs.levels.size());

    timer.restart();
    run.nedge = count_component_tuples(tuples, bfs.depth);
    if (config.validate) {
      validate_search(graph, run, bfs);
      run.validate_seconds = timer.seconds();
    }
    run.teps = static_cast<double>(run.nedge) / run.seconds;
    result.runs.push_back(run);
    if (progress) progress(run, total);
  }

  // 6. Statistics.
  std::vector<double> seconds;
  std::vector<double> nedge;
  std::vector<double> validate;
  for (const Graph500Run& run : result.runs) {
    seconds.push_back(run.seconds);
    nedge.push_back(static_cast<double>(run.nedge));
    validate.push_back(run.validate_seconds);
  }
  result.time = graph500_statistics(seconds);
  result.nedge = graph500_statistics(nedge);
  result.teps = graph500_teps_statistics(seconds, nedge);
  result.validate = graph500_statistics(validate);
  return result;
}

}  // namespace frontier::io
