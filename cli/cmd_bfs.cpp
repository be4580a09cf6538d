// `frontier bfs FILE`: breadth-first searches from one or more sources on a graph file, timed,
// optionally validated (the five Graph500 rules) and written out.
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "bfs_report.hpp"
#include "commands.hpp"
#include "distributed_cli.hpp"
#include "frontier/bfs_validate.hpp"
#include "frontier/detail/log.hpp"
#include "frontier/engine.hpp"
#include "frontier/errors.hpp"
#include "frontier/io/output_file.hpp"
#include "frontier/runs/graph500.hpp"
#include "graph_input.hpp"
#include "json_writer.hpp"
#include "options.hpp"

namespace frontier::cli {
namespace {

// Text: "vertex depth parent" per line. Binary (.bin): int32 depths then int32 parents.
void write_result(const std::string& path, const BfsResult<VertexId>& result) {
  const bool binary = path.size() >= 4 && path.compare(path.size() - 4, 4, ".bin") == 0;
  io::OutputFile file(path);
  std::ostream& out = file.stream();
  if (binary) {
    out.write(reinterpret_cast<const char*>(result.depth.data()),
              static_cast<std::streamsize>(result.depth.size() * sizeof(std::int32_t)));
    out.write(reinterpret_cast<const char*>(result.parent.data()),
              static_cast<std::streamsize>(result.parent.size() * sizeof(VertexId)));
  } else {
    out << "# vertex depth parent (-1: unreached)\n";
    for (std::size_t v = 0; v < result.depth.size(); ++v) {
      out << v << ' ' << result.depth[v] << ' ' << (result.parent.empty() ? -1 : result.parent[v])
          << '\n';
    }
  }
  file.commit();
}

}  // namespace

int run_bfs(int argc, const char* const* argv) {
  auto options = make_options("bfs", "Breadth-first search on a graph file");
  add_graph_input_options(options);
  options.add_options("Search")(
      "source", "source vertex (0-based; default: seeded random vertices of degree >= 1)",
      cxxopts::value<std::int64_t>())("sources", "number of searches from distinct random sources",
                                      cxxopts::value<int>()->default_value("1"))(
      "seed", "seed of the source sampler", cxxopts::value<std::uint64_t>()->default_value("1"))(
      "device", "cpu, gpu or auto", cxxopts::value<std::string>()->default_value("auto"))(
      "strategy",
      "direction-optimizing, top-down, bottom-up; GPU only: hybrid, two-phase, contract-expand, "
      "expand-contract",
      cxxopts::value<std::string>()->default_value("direction-optimizing"))(
      "alpha", "top-down -> bottom-up switch (Beamer)", cxxopts::value<int>()->default_value("15"))(
      "beta", "bottom-up -> top-down switch (Beamer)", cxxopts::value<int>()->default_value("18"))(
      "predecessors", "compute the BFS tree (parents); implied by --validate and --output")(
      "validate", "check every tree against the five Graph500 rules")(
      "output", "write depth and parent per vertex of the last search (.bin: binary)",
      cxxopts::value<std::string>());
  add_distributed_options(options);
  options.add_options("Positional")("file", "Graph file", cxxopts::value<std::string>());
  options.parse_positional({"file"});
  options.positional_help("FILE");
  cxxopts::ParseResult result;
  CommonConfig common;
  if (!parse_options(options, argc, argv, result, common)) return 0;
  if (result.count("file") == 0) throw UsageError("bfs needs a graph FILE");
  const int count = result["sources"].as<int>();
  if (count < 1) throw UsageError("--sources must be at least 1");

  const Device device = parse_device(result["device"].as<std::string>());
  BfsOptions bfs_options;
  bfs_options.strategy = parse_bfs_strategy(result["strategy"].as<std::string>());
  bfs_options.alpha = result["alpha"].as<int>();
  bfs_options.beta = result["beta"].as<int>();
  bfs_options.threads = common.threads;
  const bool validate = result.count("validate") > 0;
  const bool want_output = result.count("output") > 0;
  bfs_options.predecessors = validate || want_output || result.count("predecessors") > 0;
  check_bfs_options(bfs_options);

  io::LoadedGraph loaded =
      io::read_graph(result["file"].as<std::string>(), graph_read_options(result));
  const std::string path = loaded.info.path;
  if (loaded.graph.num_vertices() == 0) throw InvalidArgument(path + ": the graph has no vertices");
  std::vector<VertexId> sources;
  if (result.count("source") > 0) {
    const std::int64_t source = result["source"].as<std::int64_t>();
    if (source < 0 || source >= loaded.graph.num_vertices()) {
      throw InvalidArgument("--source " + std::to_string(source) + " is outside [0, " +
                            std::to_string(loaded.graph.num_vertices()) + ")");
    }
    if (loaded.graph.degree(static_cast<VertexId>(source)) == 0) {
      throw InvalidArgument("--source " + std::to_string(source) +
                            " has no out-arcs: the search would reach only the source itself");
    }
    sources.assign(static_cast<std::size_t>(count), static_cast<VertexId>(source));
  } else {
    sources = runs::choose_graph500_roots(loaded.graph, count, result["seed"].as<std::uint64_t>());
    if (sources.empty()) throw InvalidArgument(path + ": no vertex has an out-arc to start from");
  }
  const DistributedPlacement distributed = distributed_placement(result);
  if (distributed.ranks > 0 || distributed.mpi) {
    if (want_output) {
      throw UsageError(
          "--output writes one device's labels; it does not combine with --gpus, "
          "--ranks or --distributed");
    }
    return run_distributed_bfs(std::move(loaded.graph), path, sources, distributed, bfs_options,
                               validate, common.json);
  }
  const Engine engine(std::move(loaded.graph), device);

  std::vector<BfsTrial> trials;
  BfsResult<VertexId> last;
  for (const VertexId source : sources) {
    last = engine.bfs(source, bfs_options);
    BfsTrial trial;
    trial.source = source;
    trial.seconds = last.seconds;
    trial.reached = last.vertices_reached;
    trial.levels = static_cast<std::int32_t>(last.levels.size());
    trial.edges = reached_edges<VertexId, EdgeId>(engine.graph(), last.depth);
    if (validate) {
      const BfsValidation check =
          validate_bfs_tree<VertexId, EdgeId>(engine.graph(), source, last.parent, last.depth);
      if (!check.valid) {
        throw ValidationError("search from " + std::to_string(source) + ": " + check.failure);
      }
      trial.validated = true;
    }
    detail::logger().info("bfs from {}: {:.3f} ms, {} vertices, {} levels, {:.3g} TEPS{}", source,
                          trial.seconds * 1e3, trial.reached, trial.levels, trial.teps(),
                          trial.validated ? ", valid" : "");
    trials.push_back(trial);
  }
  if (want_output) write_result(result["output"].as<std::string>(), last);

  const std::string device_name = device.is_cuda() ? "gpu" : "cpu";
  const auto header = [&](JsonWriter& json) {
    json.field("file", path)
        .field("device", device_name)
        .field("strategy", to_string(bfs_options.strategy))
        .field("vertices", static_cast<std::int64_t>(engine.graph().num_vertices()))
        .field("arcs", static_cast<std::int64_t>(engine.graph().num_arcs()));
  };
  print_bfs_trials(trials, common.json, header,
                   device_name + " (" + std::string(to_string(bfs_options.strategy)) + ")");
  return 0;
}

}  // namespace frontier::cli
