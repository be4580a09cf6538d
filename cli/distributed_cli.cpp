// Distributed (multi-GPU or CPU-simulated ranks) runs of `frontier bfs` and `frontier graph500`;
// see distributed_cli.hpp.
#include "distributed_cli.hpp"

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "bfs_report.hpp"
#include "frontier/detail/log.hpp"
#include "frontier/device.hpp"
#include "frontier/distributed_bfs.hpp"
#include "frontier/errors.hpp"
#include "frontier/partition/slices.hpp"
#include "frontier/runs/mpi_bfs.hpp"
#include "graph_input.hpp"
#include "json_writer.hpp"
#include "options.hpp"

namespace frontier::cli {

void add_distributed_options(cxxopts::Options& options) {
  // clang-format off
  options.add_options("Distributed")
      ("gpus", "split the graph over N GPUs (one rank per GPU, one process); --gpus 1 runs the "
       "single-GPU engine on GPU 0, which is faster there", cxxopts::value<int>())
      ("ranks", "split the graph over N ranks simulated on the CPU (the same level loop)",
       cxxopts::value<int>())
      ("distributed", "one process per GPU under mpirun (MPI bootstraps NCCL)")
      ("layout", "vertex ownership across ranks: striped (v mod N) or block",
       cxxopts::value<std::string>()->default_value("striped"))
      ("transport", "how GPU ranks reach each other (--gpus, or --distributed processes of one "
       "node): auto (peer where every GPU pair has peer access, else nccl), peer (loads and "
       "stores in each other's memory) or nccl",
       cxxopts::value<std::string>()->default_value("auto"));
  // clang-format on
}

DistributedPlacement distributed_placement(const cxxopts::ParseResult& result) {
  DistributedPlacement run;
  run.layout = parse_vertex_layout(result["layout"].as<std::string>());
  run.transport = parse_gpu_transport(result["transport"].as<std::string>());
  const bool gpus = result.count("gpus") > 0;
  const bool ranks = result.count("ranks") > 0;
  run.mpi = result.count("distributed") > 0;
  if (static_cast<int>(gpus) + static_cast<int>(ranks) + static_cast<int>(run.mpi) > 1) {
    throw UsageError("--gpus, --ranks and --distributed exclude each other");
  }
  if (run.mpi && cuda_device_count() == 0) {
    throw UsageError("--distributed runs one process per GPU, but no CUDA GPU is present");
  }
  if (gpus) {
    run.ranks = result["gpus"].as<int>();
    if (run.ranks < 1) throw UsageError("--gpus must be at least 1");
    const int present = cuda_device_count();
    if (run.ranks > present) {
      throw UsageError("--gpus " + std::to_string(run.ranks) + " but only " +
                       std::to_string(present) + " GPU(s) are present");
    }
    if (run.ranks == 1) {
      run.ranks = 0;
      run.single_gpu_engine = true;
      run.device = Device::cuda(0);
      detail::logger().info("--gpus 1: the single-GPU engine runs on GPU 0");
      return run;
    }
    run.device = Device::first_gpus(run.ranks);
  } else if (ranks) {
    run.ranks = result["ranks"].as<int>();
    if (run.ranks < 1) throw UsageError("--ranks must be at least 1");
    run.device = Device::cpu();
  }
  return run;
}

namespace {

// What the searches of a distributed `bfs` produced, and whether this process reports them.
struct DistributedTrials {
  std::vector<BfsTrial> trials;
  partition::BalanceReport balance;
  int ranks = 1;
  bool report = true;
};

void log_trial(const BfsTrial& trial) {
  std::string warm_up;
  if (trial.warm_up_seconds > 0) {
    char text[80];
    std::snprintf(text, sizeof text, " (clock started after a %.3f ms warm-up barrier)",
                  trial.warm_up_seconds * 1e3);
    warm_up = text;
  }
  detail::logger().info(
      "bfs from {}: {:.3f} ms, {} vertices, {} levels, {} bytes between ranks{}{}", trial.source,
      trial.seconds * 1e3, trial.reached, trial.levels, trial.bytes_exchanged,
      trial.validated ? ", valid" : "", warm_up);
}

// The untimed barriers before the searches' clocks (GPU ranks), logged as their median.
void log_warm_ups(std::vector<double> seconds) {
  if (seconds.empty() || *std::max_element(seconds.begin(), seconds.end()) <= 0) return;
  std::sort(seconds.begin(), seconds.end());
  detail::logger().info(
      "graph500: each search's clock started after an untimed barrier that warms the path "
      "between the GPUs (median {:.3f} ms)",
      seconds[seconds.size() / 2] * 1e3);
}

// The searches of `bfs --distributed`: one process per GPU under mpirun; only process 0 reports.
DistributedTrials mpi_bfs_trials(Graph graph, const io::GraphFileInfo& file,
                                 const std::vector<VertexId>& sources,
                                 const DistributedPlacement& run,
                                 const DistributedBfsOptions& options, bool validate) {
  const runs::MpiBfsResult mpi =
      runs::run_bfs_mpi(std::move(graph), sources, run.layout, options, validate, run.transport);
  DistributedTrials out;
  out.balance = mpi.balance;
  out.ranks = mpi.ranks;
  out.report = mpi.rank == 0;
  for (const runs::MpiBfsSearch& search : mpi.searches) {
    BfsTrial trial;
    trial.source = original_id(file, search.source);
    trial.seconds = search.seconds;
    trial.reached = search.vertices_reached;
    trial.levels = search.levels;
    trial.edges = search.reached_edges;
    trial.bytes_exchanged = search.bytes_exchanged;
    trial.validated = search.validated;
    if (out.report) log_trial(trial);
    out.trials.push_back(trial);
  }
  return out;
}

// The searches of `bfs --gpus N | --ranks N`: every rank in this process.
DistributedTrials local_bfs_trials(Graph graph, const io::GraphFileInfo& file,
                                   const std::vector<VertexId>& sources,
                                   const DistributedPlacement& run,
                                   const DistributedBfsOptions& options, bool validate) {
  auto& log = detail::logger();
  const bool directed = graph.directed();
  auto slices = partition::slice_graph(graph, run.layout, run.ranks);
  graph = Graph();  // from here on only the slices exist
  DistributedTrials out;
  out.ranks = run.ranks;
  out.balance = partition::edge_balance(std::span<const RankGraph<VertexId, EdgeId>>(slices));
  log.info("bfs: {} {} ranks on the {}; edge balance max/mean {:.3f}", run.ranks,
           to_string(run.layout), run.device.is_cuda() ? "GPUs" : "CPU (simulated)",
           out.balance.imbalance);
  log.debug("bfs edge balance:\n{}", partition::format_edge_balance(out.balance));
  DistributedBfs<VertexId, EdgeId> search(std::move(slices), run.device, run.transport);
  if (run.device.is_cuda()) {
    log.info("bfs: the GPU ranks reach each other through the {} transport",
             to_string(search.transport()));
  }
  for (const VertexId source : sources) {
    const DistributedBfsResult<VertexId> result = search.run(source, options);
    BfsTrial trial;
    trial.source = original_id(file, source);
    trial.seconds = result.bfs.seconds;
    trial.reached = result.bfs.vertices_reached;
    trial.levels = static_cast<std::int32_t>(result.bfs.levels.size());
    trial.level_stats = result.bfs.levels;
    trial.edges = partition::reached_edges(search.slices(), result.bfs.depth, directed);
    trial.bytes_exchanged = result.bytes_exchanged;
    trial.warm_up_seconds = result.warm_up_seconds;
    if (validate) {
      const BfsValidation verdict = validate_distributed_bfs<VertexId, EdgeId>(
          search.slices(), source, result.bfs.parent, result.bfs.depth);
      if (!verdict.valid) {
        throw ValidationError("search from " + std::to_string(trial.source) + ": " +
                              verdict.failure);
      }
      trial.validated = true;
    }
    for (const DistributedLevelStats& level : result.exchange) {
      log.debug("bfs from {} level {}: frontier {}, {} items binned, {} bytes between ranks",
                trial.source, level.level, level.frontier_vertices, level.items_binned,
                level.bytes_exchanged);
    }
    log_trial(trial);
    out.trials.push_back(trial);
  }
  return out;
}

}  // namespace

int run_distributed_bfs(Graph graph, const io::GraphFileInfo& file,
                        const std::vector<VertexId>& sources, const DistributedPlacement& run,
                        const BfsOptions& bfs, bool validate, bool json, bool levels) {
  const auto vertices = static_cast<std::int64_t>(graph.num_vertices());
  const auto arcs = static_cast<std::int64_t>(graph.num_arcs());
  DistributedBfsOptions options;
  options.bfs = bfs;
  options.bfs.predecessors = bfs.predecessors || validate;
  options.gather_labels = true;
  const DistributedTrials done =
      run.mpi ? mpi_bfs_trials(std::move(graph), file, sources, run, options, validate)
              : local_bfs_trials(std::move(graph), file, sources, run, options, validate);
  if (!done.report) return 0;
  const int ranks = done.ranks;
  const std::string device = run.device.is_cuda() || run.mpi ? "gpu" : "cpu";
  const auto header = [&](JsonWriter& json) {
    json.field("file", file.path)
        .field("device", device)
        .field("ranks", static_cast<std::int64_t>(ranks))
        .field("mpi_processes", static_cast<std::int64_t>(run.mpi ? ranks : 1))
        .field("layout", to_string(run.layout))
        .field("vertices", vertices)
        .field("arcs", arcs)
        .field("edge_imbalance", done.balance.imbalance);
  };
  print_bfs_trials(done.trials, json, levels, header,
                   std::to_string(ranks) + " " + device + " rank(s) (" +
                       std::string(to_string(run.layout)) + (run.mpi ? ", one process each" : "") +
                       ")");
  return 0;
}

void place_graph500(const DistributedPlacement& placement, runs::Graph500Config& config) {
  if (placement.single_gpu_engine) {
    config.device = placement.device;
    return;
  }
  if (placement.mpi) {
    config.placement = runs::Graph500Placement::MpiProcesses;
  } else if (placement.ranks > 0) {
    config.placement = runs::Graph500Placement::Ranks;
    config.ranks = placement.ranks;
    config.device = placement.device;
  } else {
    return;
  }
  config.layout = placement.layout;
  config.transport = placement.transport;
}

void log_distributed_graph500(const runs::Graph500Result& result) {
  if (!result.distributed) return;
  auto& log = detail::logger();
  const runs::Graph500Config& config = result.config;
  const runs::Graph500DistributedDetails& details = *result.distributed;
  const bool processes = config.placement == runs::Graph500Placement::MpiProcesses;
  log.info("graph500 edge balance over {} {} {}:\n{}", config.ranks, to_string(config.layout),
           processes ? "processes" : "ranks", partition::format_edge_balance(details.balance));
  if (!processes) {
    if (!details.search_levels.empty()) {
      for (const DistributedLevelStats& level : details.search_levels.front()) {
        log.info(
            "first search level {}: frontier {}, {} items binned, {} bytes between ranks, "
            "{:.3f} ms",
            level.level, level.frontier_vertices, level.items_binned, level.bytes_exchanged,
            level.seconds * 1e3);
      }
    }
    double bytes = 0.0;
    for (const std::int64_t b : details.bytes_exchanged) bytes += static_cast<double>(b);
    if (!details.bytes_exchanged.empty()) {
      log.info("graph500: {:.1f} MiB between ranks per search on average",
               bytes / static_cast<double>(details.bytes_exchanged.size()) / (1 << 20));
    }
  }
  log_warm_ups(details.warm_up_seconds);
}

}  // namespace frontier::cli
