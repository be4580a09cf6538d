// `frontier graph500`: the Graph500 BFS benchmark (Kronecker graph, timed construction, validated
// searches from distinct roots, the official statistics block).
#include <cstdio>
#include <iostream>
#include <string>

#include "commands.hpp"
#include "distributed_cli.hpp"
#include "frontier/detail/log.hpp"
#include "frontier/runs/graph500.hpp"
#include "json_writer.hpp"
#include "level_report.hpp"
#include "memory_plan.hpp"
#include "options.hpp"

namespace frontier::cli {
namespace {

// Arcs of the run's graph for --device auto: both arcs of every generated edge (loops and
// duplicates, removed later, counted too). Scales out of range give 0; the run refuses them.
void write_statistics(JsonWriter& json, std::string_view name, const runs::Graph500Statistics& s) {
  json.begin_object(name)
      .field("min", s.min)
      .field("firstquartile", s.firstquartile)
      .field("median", s.median)
      .field("thirdquartile", s.thirdquartile)
      .field("max", s.max)
      .field("mean", s.mean)
      .field("stddev", s.stddev)
      .end_object();
}

void print_json(const runs::Graph500Result& result, bool levels) {
  JsonWriter json(std::cout);
  json.begin_object()
      .field("scale", result.config.scale)
      .field("edgefactor", result.config.edgefactor)
      .field("nbfs", static_cast<std::int64_t>(result.runs.size()))
      .field("device", result.config.device.is_cuda() ? "gpu" : "cpu")
      .field("placement", to_string(result.config.placement))
      .field("vertices", result.num_vertices)
      .field("tuples", result.num_tuples)
      .field("arcs", result.num_arcs)
      .field("generation_seconds", result.generation_seconds)
      .field("construction_seconds", result.construction_seconds)
      .field("built_on", result.built_on_device ? "gpu" : "host")
      .field("search_order", to_string(runs::graph500_search_order(result.config)))
      .field("host_copy_seconds", result.host_copy_seconds);
  write_statistics(json, "time", result.time);
  write_statistics(json, "nedge", result.nedge);
  json.begin_object("teps")
      .field("min", result.teps.min)
      .field("firstquartile", result.teps.firstquartile)
      .field("median", result.teps.median)
      .field("thirdquartile", result.teps.thirdquartile)
      .field("max", result.teps.max)
      .field("harmonic_mean", result.teps.harmonic_mean)
      .field("harmonic_stddev", result.teps.harmonic_stddev)
      .end_object();
  if (result.config.validate) write_statistics(json, "validate", result.validate);
  json.begin_array("runs");
  for (const runs::Graph500Run& run : result.runs) {
    json.begin_object()
        .field("root", static_cast<std::int64_t>(run.root))
        .field("seconds", run.seconds)
        .field("nedge", run.nedge)
        .field("teps", run.teps)
        .field("validate_seconds", run.validate_seconds);
    if (levels) write_level_stats(json, run.level_stats);
    json.end_object();
  }
  json.end_array().end_object();
}

// --levels in text: one row per level of every search, before the statistics block.
void print_levels(const runs::Graph500Result& result) {
  print_level_header();
  for (const runs::Graph500Run& run : result.runs) print_level_rows(run.index, run.level_stats);
  std::printf("\n");
}

// --vertex-ids: "32" or "64".
int parse_vertex_id_bits(const std::string& text) {
  if (text == "32") return 32;
  if (text == "64") return 64;
  throw UsageError("--vertex-ids must be 32 or 64, not '" + text + "'");
}

}  // namespace

int run_graph500(int argc, const char* const* argv) {
  auto options = make_options("graph500", "Graph500 BFS benchmark on a Kronecker graph");
  options.add_options("Benchmark")("scale", "log2 of the vertex count",
                                   cxxopts::value<int>()->default_value("16"))(
      "edgefactor", "edges per vertex", cxxopts::value<int>()->default_value("16"))(
      "roots", "BFS roots (64 in the official benchmark)",
      cxxopts::value<int>()->default_value("64"))(
      "seed", "seed of the generator and the root sampler",
      cxxopts::value<std::uint64_t>()->default_value("1"))(
      "device", device_help(), cxxopts::value<std::string>()->default_value("auto"))(
      "no-validate", "skip validation (results are then not official)")(
      "host-build", "GPU runs: generate and construct on the host, then upload (for comparison)")(
      "host-validate", "GPU runs: validate on the host instead of the GPU (for comparison)")(
      "search-order",
      "how the engine numbers the vertices it searches: 'given' (the generator's), 'degree' "
      "(renumbered by degree class as part of construction, on the GPU or the host where the "
      "graph is built; results keep the generator's ids) or 'auto' (degree where the GPU "
      "builds the graph, else given)",
      cxxopts::value<std::string>()->default_value("auto"))(
      "vertex-ids",
      "width of the global vertex ids, 32 or 64 (default: 32 up to scale 30, 64 above); 64-bit "
      "ids run on ranks (--ranks N, or --gpus N with N >= 2), up to scale 42",
      cxxopts::value<std::string>())(
      "plan",
      "print the host and device bytes the run needs (peak, by part; with --gpus N, per GPU and "
      "per node; with --ranks N, the host's; 64-bit ids sized with 8 bytes), "
      "the free memory and the largest scale that fits, then exit without allocating or "
      "running (no GPU needs to be present)");
  add_strategy_options(options, "Benchmark");
  add_levels_option(options, "Benchmark");
  add_distributed_options(options);
  cxxopts::ParseResult result;
  CommonConfig common;
  if (!parse_options(options, argc, argv, result, common)) return 0;

  runs::Graph500Config config;
  config.scale = result["scale"].as<int>();
  config.edgefactor = result["edgefactor"].as<int>();
  config.roots = result["roots"].as<int>();
  config.seed = result["seed"].as<std::uint64_t>();
  config.device = parse_device(result["device"].as<std::string>());
  config.bfs = parse_strategy_options(result);
  config.bfs.threads = common.threads;
  config.validate = result.count("no-validate") == 0;
  config.build_on_device = result.count("host-build") == 0;
  config.validate_on_host = result.count("host-validate") != 0;
  config.search_order = runs::parse_graph500_search_order(result["search-order"].as<std::string>());
  if (result.count("vertex-ids") > 0) {
    config.vertex_id_bits = parse_vertex_id_bits(result["vertex-ids"].as<std::string>());
  }
  if (result.count("plan") > 0) {
    if (result.count("distributed") > 0) {
      throw UsageError(
          "--plan sizes a run on one device, on --gpus N or on --ranks N; it does not combine "
          "with --distributed (each MPI process holds one rank: plan it with --gpus N)");
    }
    if (result.count("ranks") > 0) {
      if (result.count("gpus") > 0) throw UsageError("--gpus and --ranks exclude each other");
      config.placement = runs::Graph500Placement::Ranks;
      config.ranks = result["ranks"].as<int>();
      if (config.ranks < 1) throw UsageError("--ranks must be at least 1");
      config.device = Device::cpu();
      config.layout = parse_vertex_layout(result["layout"].as<std::string>());
      runs::check_graph500_size(config);
      return print_graph500_cpu_ranks_plan(config, query_free_memory(config.device), common.json);
    }
    // No GPU needs to be present: --gpus N is sized for N GPUs, whatever this machine has.
    const int gpus = result.count("gpus") > 0 ? result["gpus"].as<int>() : 0;
    if (result.count("gpus") > 0 && gpus < 1) throw UsageError("--gpus must be at least 1");
    if (gpus > 1) {
      config.placement = runs::Graph500Placement::Ranks;
      config.ranks = gpus;
      config.device = Device::first_gpus(gpus);
      config.layout = parse_vertex_layout(result["layout"].as<std::string>());
      config.transport = parse_gpu_transport(result["transport"].as<std::string>());
      runs::check_graph500_size(config);
      return print_graph500_rank_plan(config, query_free_gpu_memory(gpus), common.json);
    }
    config.device = gpus == 1 ? Device::cuda(0)
                              : resolve_device(config.device, runs::graph500_arcs(config),
                                               is_gpu_only(config.bfs.strategy));
    runs::check_graph500_size(config);
    return print_graph500_plan(config, query_free_memory(config.device), common.json);
  }
  place_graph500(distributed_placement(result), config);
  if (config.placement == runs::Graph500Placement::Engine) {
    config.device = resolve_device(config.device, runs::graph500_arcs(config),
                                   is_gpu_only(config.bfs.strategy));
  }
  // MPI processes run one per GPU (distributed_placement() checked that GPUs are present).
  const bool on_gpus =
      config.device.is_cuda() || config.placement == runs::Graph500Placement::MpiProcesses;
  detail::logger().info("graph500: scale {}, edgefactor {}, {} roots on the {}", config.scale,
                        config.edgefactor, config.roots, on_gpus ? "GPU" : "CPU");
  const runs::Graph500Result run =
      runs::run_graph500(config, [](const runs::Graph500Run& r, int total) {
        detail::logger().info("BFS {:2}/{}: root {}, {:.3f} ms, {:.4g} TEPS{}", r.index + 1, total,
                              r.root, r.seconds * 1e3, r.teps,
                              r.validate_seconds >= 0 ? ", validated" : "");
      });
  if (run.mpi_rank != 0) return 0;  // every MPI process holds the figures; process 0 prints them
  log_distributed_graph500(run);
  const bool levels = result.count("levels") > 0;
  if (common.json) {
    print_json(run, levels);
  } else {
    if (levels) print_levels(run);
    std::fputs(runs::format_graph500_statistics(run).c_str(), stdout);
  }
  return 0;
}

}  // namespace frontier::cli
