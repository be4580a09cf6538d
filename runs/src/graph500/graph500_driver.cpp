// graph500_driver.cpp — the Graph500 BFS benchmark contract, written once for every placement
// (after the Graph500 reference, src/main.c, with graph500_backend.hpp as its bfs_custom.c).
//
// Steps, kept apart as the benchmark demands:
//  0. check the config (the same checks and messages for every placement);
//  1. size the run against free memory (before allocating anything);
//  2. generate the Kronecker tuples (untimed for the benchmark, reported as graph_generation);
//  3. kernel 1, timed: build the symmetric CSR (self loops dropped, duplicates kept) and make it
//     resident where the searches run;
//  4. choose distinct roots of degree >= 1 from the run's one root stream, degrees answered by
//     the backend;
//  5. one untimed warm-up search, then for every root: a search timed from its start until the
//     parent array is written; nedge counted as the reference validator counts it and
//     validation of all five rules (timed together as the validation); the progress callback;
//  6. statistics of time, nedge, TEPS and validation time.
// Under MPI every process runs these steps in step (the backend's collectives), so every
// process ends with the same figures; process 0 alone reports progress and warnings.
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "frontier/bfs.hpp"
#include "frontier/detail/enum_names.hpp"
#include "frontier/detail/log.hpp"
#include "frontier/detail/timer.hpp"
#include "frontier/device.hpp"
#include "frontier/errors.hpp"
#include "frontier/random.hpp"
#include "frontier/runs/graph500.hpp"
#include "graph500/graph500_backend.hpp"
#include "graph500/graph500_roots.hpp"

namespace frontier::runs {
namespace {

// Sub-stream of the user seed that the root sampler draws from ("G500ROOT").
constexpr std::uint64_t kRootStreamTag = 0x47353030524f4f54ULL;

constexpr detail::EnumName<Graph500Placement> kPlacements[] = {
    {Graph500Placement::Engine, "engine"},
    {Graph500Placement::Ranks, "ranks"},
    {Graph500Placement::MpiProcesses, "mpi-processes"},
};

}  // namespace

int graph500_vertex_id_bits(const Graph500Config& config) {
  if (config.vertex_id_bits != 0) return config.vertex_id_bits;
  return config.scale <= kMaxGraph500Scale32BitIds ? 32 : 64;
}

int graph500_max_scale(const Graph500Config& config) {
  const bool wide = config.placement == Graph500Placement::Ranks && config.vertex_id_bits != 32;
  if (!wide) return kMaxGraph500Scale32BitIds;
  return config.device.is_cuda() ? kMaxGraph500ScaleGpuRanks : kMaxGraph500Scale64BitIds;
}

void check_graph500_size(const Graph500Config& config) {
  const bool on_ranks = config.placement == Graph500Placement::Ranks;
  if (config.vertex_id_bits != 0 && config.vertex_id_bits != 32 && config.vertex_id_bits != 64) {
    throw InvalidArgument("graph500 vertex ids are 32 or 64 bits wide, not " +
                          std::to_string(config.vertex_id_bits));
  }
  if (config.vertex_id_bits == 64 && !on_ranks) {
    throw InvalidArgument(
        std::string("graph500 with 64-bit vertex ids runs on ranks (--ranks N, or "
                    "--gpus N with N >= 2), not on ") +
        (config.placement == Graph500Placement::Engine ? "the engine (one device)"
                                                       : "MPI processes (--distributed)"));
  }
  if (config.scale < 1) {
    throw InvalidArgument("graph500 scale " + std::to_string(config.scale) + " must be at least 1");
  }
  const int max_scale = graph500_max_scale(config);
  if (config.scale > max_scale) {
    const std::string range = "graph500 scale " + std::to_string(config.scale) +
                              " is out of range [1, " + std::to_string(max_scale) + "]";
    if (max_scale == kMaxGraph500Scale64BitIds) {
      throw InvalidArgument(range + " (vertex ids are 64-bit)");
    }
    const std::string wide_ranks = "--gpus N (N >= 2) up to " +
                                   std::to_string(kMaxGraph500ScaleGpuRanks) +
                                   ", --ranks N up to " + std::to_string(kMaxGraph500Scale64BitIds);
    if (max_scale == kMaxGraph500ScaleGpuRanks) {
      throw InvalidArgument(
          range + " on GPU ranks (their arcs keep 32-bit vertex ids); --ranks N " +
          "simulates ranks on the CPU up to " + std::to_string(kMaxGraph500Scale64BitIds));
    }
    if (on_ranks) {
      throw InvalidArgument(
          range + " (vertex ids are 32-bit; 64-bit ids take larger scales: " + wide_ranks + ")");
    }
    throw InvalidArgument(
        range + (config.placement == Graph500Placement::Engine ? " on one device" : " under MPI") +
        " (vertex ids are 32-bit there); ranks take larger scales with 64-bit vertex ids: " +
        wide_ranks);
  }
  if (config.edgefactor < 1) {
    throw InvalidArgument("graph500 edgefactor " + std::to_string(config.edgefactor) +
                          " must be at least 1");
  }
  if (config.roots < 1) {
    throw InvalidArgument("graph500 needs at least one root, not " + std::to_string(config.roots));
  }
}

namespace {

void check_config(const Graph500Config& config) {
  check_graph500_size(config);
  if (config.placement == Graph500Placement::Engine) {
    check_bfs_options(config.bfs);
  } else {
    check_distributed_bfs_options(distributed_search_options(config));
  }
  const Device& device = config.device;
  if (graph500_search_order(config) != SearchOrder::AsGiven) {
    if (config.placement != Graph500Placement::Engine) {
      throw InvalidArgument("a search order other than the graph's is for runs on the engine");
    }
    if (graph500_host_role(config) == Graph500HostRole::ValidatesGraph) {
      throw InvalidArgument(
          "a graph built on the GPU in the degree-class search order keeps no host copy for the "
          "host validator: validate on the GPU, or build on the host (--host-build)");
    }
  }
  switch (config.placement) {
    case Graph500Placement::Engine:
      if (device.is_cuda() && device.cuda_ids.size() != 1) {
        throw InvalidArgument("a Graph500 run on the engine runs on one GPU, not " +
                              std::to_string(device.cuda_ids.size()) + " (ranks run on several)");
      }
      break;
    case Graph500Placement::Ranks:
      if (config.ranks < 1) throw InvalidArgument("a distributed run needs at least one rank");
      if (device.is_cuda() && static_cast<int>(device.cuda_ids.size()) != config.ranks) {
        throw InvalidArgument(std::to_string(config.ranks) + " ranks need " +
                              std::to_string(config.ranks) + " GPUs, not " +
                              std::to_string(device.cuda_ids.size()));
      }
      break;
    case Graph500Placement::MpiProcesses:
      break;
  }
}

// The backend of a run with 32-bit vertex ids.
std::unique_ptr<Graph500Backend> make_backend(const Graph500Config& config) {
  switch (config.placement) {
    case Graph500Placement::Engine:
      return make_engine_backend(config);
    case Graph500Placement::Ranks:
      return make_rank_backend<VertexId>(config);
    case Graph500Placement::MpiProcesses:
      return make_mpi_backend(config);
  }
  throw InvalidArgument("unknown Graph500 placement");
}

// Time, nedge, TEPS and validation statistics of the runs.
void fill_statistics(Graph500Result& result) {
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
}

}  // namespace

std::string_view to_string(Graph500Placement placement) {
  return detail::name_of(kPlacements, placement);
}

Graph500Placement parse_graph500_placement(std::string_view name) {
  return detail::parse_name(kPlacements, name, "Graph500 placement");
}

std::int64_t graph500_arcs(const Graph500Config& config) {
  constexpr int kLargestSizedScale = 40;
  if (config.scale < 0 || config.scale > kLargestSizedScale || config.edgefactor < 1) return 0;
  return (std::int64_t{2} * config.edgefactor) << config.scale;
}

namespace {

// Steps 1 to 6 of a checked config on its backend.
template <typename VertexT>
Graph500Result run_on(const Graph500Config& config, BasicGraph500Backend<VertexT>& backend,
                      const Graph500Progress& progress) {
  auto& log = detail::logger();
  Graph500Result result;
  result.config = config;
  backend.place(result);
  const bool reports = result.mpi_rank == 0;

  // 1. Size the run.
  backend.check_memory();

  // 2, 3. Generation (not part of the benchmark figures) and kernel 1.
  result.num_vertices = std::int64_t{1} << config.scale;
  result.num_tuples = static_cast<std::int64_t>(config.edgefactor) << config.scale;
  result.generation_seconds = backend.generate();
  backend.construct(result);

  // 4. Roots.
  const std::uint64_t root_seed = mix64(counter_random(config.seed, kRootStreamTag));
  const std::vector<VertexT> roots = draw_graph500_roots<VertexT>(
      result.num_vertices, config.roots, root_seed,
      [&](std::span<const VertexT> candidates, std::span<unsigned char> has_edges) {
        backend.has_edges(candidates, has_edges);
      });
  if (roots.empty()) throw InvalidArgument("graph500: the graph has no vertex with an edge");
  if (static_cast<int>(roots.size()) < config.roots && reports) {
    log.warn("graph500: only {} of {} roots found with degree >= 1", roots.size(), config.roots);
  }

  // 5. Searches.
  backend.search(roots.front());  // warm-up, untimed
  const int total = static_cast<int>(roots.size());
  detail::Timer timer;
  for (int i = 0; i < total; ++i) {
    Graph500Run run;
    run.index = i;
    run.root = roots[i];
    // The search's own clock: from its start until the parent array is written where the
    // search runs (host memory on the CPU, device memory on a GPU); copying a GPU's labels back
    // for validation is not part of it.
    typename BasicGraph500Backend<VertexT>::Search search = backend.search(roots[i]);
    run.seconds = backend.slowest(search.bfs.seconds);
    run.vertices_reached = search.bfs.vertices_reached;
    run.levels = static_cast<std::int32_t>(search.bfs.levels.size());
    run.level_stats = search.bfs.levels;
    if (result.distributed) {
      Graph500DistributedDetails& details = *result.distributed;
      details.bytes_exchanged.push_back(search.bytes_exchanged);
      details.warm_up_seconds.push_back(backend.slowest(search.warm_up_seconds));
      details.search_levels.push_back(search.exchange);
    }

    timer.restart();
    const Graph500Check check = backend.check(search, roots[i], config.validate);
    if (!check.failure.empty()) {
      throw ValidationError("graph500 BFS " + std::to_string(i) + " from root " +
                            std::to_string(run.root) + ": " + check.failure);
    }
    run.nedge = check.nedge;
    if (config.validate) run.validate_seconds = backend.slowest(timer.seconds());
    run.teps = static_cast<double>(run.nedge) / run.seconds;
    result.runs.push_back(run);
    if (progress && reports) progress(run, total);
  }

  // 6. Statistics (the same on every process).
  fill_statistics(result);
  return result;
}

}  // namespace

SearchOrder graph500_search_order(const Graph500Config& config) {
  if (config.search_order) return *config.search_order;
  const bool built_on_gpu = config.placement == Graph500Placement::Engine &&
                            config.device.is_cuda() && config.build_on_device;
  return built_on_gpu && graph500_host_role(config) != Graph500HostRole::ValidatesGraph
             ? SearchOrder::DegreeClasses
             : SearchOrder::AsGiven;
}

std::optional<SearchOrder> parse_graph500_search_order(std::string_view name) {
  if (name == "auto") return std::nullopt;
  for (const SearchOrder order : {SearchOrder::AsGiven, SearchOrder::DegreeClasses}) {
    if (name == to_string(order)) return order;
  }
  throw InvalidArgument("unknown search order '" + std::string(name) + "' (expected auto, " +
                        std::string(to_string(SearchOrder::AsGiven)) + " or " +
                        std::string(to_string(SearchOrder::DegreeClasses)) + ")");
}

Graph500Result run_graph500(const Graph500Config& requested, const Graph500Progress& progress) {
  // 0. The config (an automatic device chosen for the graph's size, the id width for the
  //    scale), then the backend for its placement and id width.
  Graph500Config config = requested;
  if (config.placement == Graph500Placement::Engine) {
    config.device =
        resolve_device(config.device, graph500_arcs(config), is_gpu_only(config.bfs.strategy));
  }
  check_config(config);
  config.search_order = graph500_search_order(config);
  config.vertex_id_bits = graph500_vertex_id_bits(config);
  if (config.vertex_id_bits == 64) {
    return run_on(config, *make_rank_backend<std::int64_t>(config), progress);
  }
  return run_on(config, *make_backend(config), progress);
}

}  // namespace frontier::runs
