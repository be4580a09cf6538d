// `frontier bfs FILE`: breadth-first searches from one or more sources on a graph file, timed,
// optionally validated (the five Graph500 rules) and written out. A --source list seeds one
// search from several sources; --depth-limit and --target stop a search early, and --target
// prints the path to the target.
#include <cstdio>
#include <iostream>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "bfs_report.hpp"
#include "commands.hpp"
#include "distributed_cli.hpp"
#include "frontier/bfs_validate.hpp"
#include "frontier/detail/log.hpp"
#include "frontier/detail/timer.hpp"
#include "frontier/engine.hpp"
#include "frontier/errors.hpp"
#include "frontier/io/output_file.hpp"
#include "frontier/runs/graph500.hpp"
#include "graph_input.hpp"
#include "json_writer.hpp"
#include "memory_plan.hpp"
#include "options.hpp"

namespace frontier::cli {
namespace {

// Text: "vertex depth parent" per line, and the file's id of the vertex as a fourth column when
// the graph was renumbered. Binary (.bin): int32 depths then int32 parents, and when renumbered
// the file's ids in path + ".ids" (write_original_ids).
void write_result(const std::string& path, const BfsResult<VertexId>& result,
                  const io::GraphFileInfo& info) {
  const bool renumbered = !info.original_ids.empty();
  const bool binary = path.size() >= 4 && path.compare(path.size() - 4, 4, ".bin") == 0;
  io::OutputFile file(path);
  std::ostream& out = file.stream();
  if (binary) {
    out.write(reinterpret_cast<const char*>(result.depth.data()),
              static_cast<std::streamsize>(result.depth.size() * sizeof(std::int32_t)));
    out.write(reinterpret_cast<const char*>(result.parent.data()),
              static_cast<std::streamsize>(result.parent.size() * sizeof(VertexId)));
    if (renumbered) write_original_ids(info, original_ids_path(path));
  } else {
    out << (renumbered ? "# vertex depth parent original_id (-1: unreached; parent is a vertex)\n"
                       : "# vertex depth parent (-1: unreached)\n");
    for (std::size_t v = 0; v < result.depth.size(); ++v) {
      out << v << ' ' << result.depth[v] << ' ' << (result.parent.empty() ? -1 : result.parent[v]);
      if (renumbered) out << ' ' << info.original_ids[v];
      out << '\n';
    }
  }
  file.commit();
}

// The vertices of `--source a,b,...`: the file's ids when the graph was renumbered, each checked
// against the graph.
std::vector<VertexId> parse_source_list(const std::string& text, const io::LoadedGraph& loaded) {
  std::vector<VertexId> sources;
  std::size_t begin = 0;
  for (;;) {
    const std::size_t end = text.find(',', begin);
    const std::string item = text.substr(begin, end == std::string::npos ? end : end - begin);
    std::size_t used = 0;
    long long id = -1;
    try {
      id = std::stoll(item, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (item.empty() || used != item.size()) {
      throw UsageError(
          "--source expects vertex ids separated by commas (\"0\" or \"0,33\"), "
          "not \"" +
          text + "\"");
    }
    sources.push_back(map_original_id(loaded, id, "--source"));
    if (end == std::string::npos) return sources;
    begin = end + 1;
  }
}

// "a -> b -> c" for a path, in the file's ids.
std::string format_path(const std::vector<VertexId>& path, const io::GraphFileInfo& info) {
  std::string text;
  for (const VertexId v : path) {
    if (!text.empty()) text += " -> ";
    text += std::to_string(original_id(info, v));
  }
  return text;
}

// The text lines of a --target query: the path and its length, or why there is none.
void print_target_path(const BfsOptions& options, const std::vector<VertexId>& path,
                       const io::GraphFileInfo& info) {
  const std::int64_t target = original_id(info, static_cast<VertexId>(*options.target));
  if (!path.empty()) {
    std::printf("path to %lld (length %zu): %s\n", static_cast<long long>(target), path.size() - 1,
                format_path(path, info).c_str());
  } else if (options.depth_limit) {
    std::printf("target %lld is not within %d levels of the source(s)\n",
                static_cast<long long>(target), *options.depth_limit);
  } else {
    std::printf("target %lld is unreachable from the source(s)\n", static_cast<long long>(target));
  }
}

}  // namespace

int run_bfs(int argc, const char* const* argv) {
  auto options = make_options("bfs", "Breadth-first search on a graph file");
  add_graph_input_options(options);
  options.add_options("Search")(
      "source",
      "source vertex (0-based; with --renumber the file's id), or a comma list such as 0,33 for "
      "one search from all of them "
      "(each vertex at its distance to the nearest); default: seeded random vertices of "
      "degree >= 1",
      cxxopts::value<std::string>())(
      "sources", "number of searches: from distinct random sources, or each from --source",
      cxxopts::value<int>()->default_value("1"))(
      "depth-limit", "stop after level D: vertices farther than D hops stay unreached (-1)",
      cxxopts::value<std::int32_t>())(
      "target", "stop once vertex t is reached and print the path to it and its length",
      cxxopts::value<std::int64_t>())("seed", "seed of the source sampler",
                                      cxxopts::value<std::uint64_t>()->default_value("1"))(
      "device", device_help(), cxxopts::value<std::string>()->default_value("auto"))(
      "search-order",
      "how the engine numbers the vertices it searches: 'given' (the file's) or 'degree' "
      "(a copy renumbered by degree class when the engine is built; results keep the file's "
      "ids; pays for many searches of a large skewed graph)",
      cxxopts::value<std::string>()->default_value("given"))(
      "predecessors", "compute the BFS tree (parents); implied by --validate and --output")(
      "validate", "check every tree against the five Graph500 rules")(
      "output", "write depth and parent per vertex of the last search (.bin: binary)",
      cxxopts::value<std::string>())(
      "plan",
      "print the host and device bytes the run needs (peak, by part; sized from the file's "
      "header or a scan of its lines, without building the graph) and the free memory, then exit");
  add_strategy_options(options, "Search");
  add_levels_option(options, "Search");
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

  const Device requested_device = parse_device(result["device"].as<std::string>());
  BfsOptions bfs_options = parse_strategy_options(result);
  bfs_options.threads = common.threads;
  const bool validate = result.count("validate") > 0;
  const bool want_output = result.count("output") > 0;
  const bool levels = result.count("levels") > 0;
  if (result.count("depth-limit") > 0) {
    bfs_options.depth_limit = result["depth-limit"].as<std::int32_t>();
    if (*bfs_options.depth_limit < 0) throw UsageError("--depth-limit must be at least 0");
  }
  if (result.count("target") > 0) bfs_options.target = result["target"].as<std::int64_t>();
  bfs_options.predecessors =
      validate || want_output || bfs_options.target.has_value() || result.count("predecessors") > 0;
  check_bfs_options(bfs_options);
  EngineOptions engine_options;
  engine_options.search_order = parse_search_order(result["search-order"].as<std::string>());
  const bool on_ranks = result.count("ranks") + result.count("distributed") > 0 ||
                        (result.count("gpus") > 0 && result["gpus"].as<int>() != 1);
  if (on_ranks && engine_options.search_order != SearchOrder::AsGiven) {
    throw UsageError(
        "--search-order is an engine's, on one device; ranks (--gpus N, --ranks, --distributed) "
        "search the file's order");
  }
  if (result.count("plan") > 0) {
    if (result.count("distributed") > 0) {
      throw UsageError(
          "--plan sizes a run on one device, on --gpus N or on --ranks N; it does not combine "
          "with --distributed (each MPI process reads the file and holds one rank: plan it with "
          "--gpus N)");
    }
    if (result.count("gpus") + result.count("ranks") > 1) {
      throw UsageError("--gpus, --ranks and --distributed exclude each other");
    }
    // No GPU needs to be present: --gpus N is sized for N GPUs, whatever this machine has.
    const int gpus = result.count("gpus") > 0 ? result["gpus"].as<int>() : 0;
    if (result.count("gpus") > 0 && gpus < 1) throw UsageError("--gpus must be at least 1");
    BfsFilePlanRequest request;
    request.path = result["file"].as<std::string>();
    request.read = graph_read_options(result);
    request.validate = validate;
    request.search_order = engine_options.search_order;
    if (gpus > 1 || result.count("ranks") > 0) {
      BfsFileRanks ranks;
      ranks.on_gpus = gpus > 1;
      ranks.count = ranks.on_gpus ? gpus : result["ranks"].as<int>();
      if (ranks.count < 1) throw UsageError("--ranks must be at least 1");
      ranks.layout = parse_vertex_layout(result["layout"].as<std::string>());
      ranks.transport = parse_gpu_transport(result["transport"].as<std::string>());
      return print_bfs_file_rank_plan(request, ranks,
                                      query_free_gpu_memory(ranks.on_gpus ? gpus : 0), common.json);
    }
    // --gpus 1 runs the single-GPU engine, which a plan sizes like --device gpu.
    request.device = gpus == 1 ? Device::cuda(0) : requested_device;
    return print_bfs_file_plan(request, query_free_memory(request.device), common.json);
  }

  io::LoadedGraph loaded =
      io::read_graph(result["file"].as<std::string>(), graph_read_options(result));
  const std::string path = loaded.info.path;
  if (loaded.graph.num_vertices() == 0) throw InvalidArgument(path + ": the graph has no vertices");
  if (bfs_options.target)
    bfs_options.target = map_original_id(loaded, *bfs_options.target, "--target");
  // Each search starts from one entry of `searches`: the --source list, or one random root.
  std::vector<std::vector<VertexId>> searches;
  const bool given_sources = result.count("source") > 0;
  if (given_sources) {
    const std::vector<VertexId> list =
        parse_source_list(result["source"].as<std::string>(), loaded);
    searches.assign(static_cast<std::size_t>(count), list);
  } else {
    for (const VertexId root :
         runs::choose_graph500_roots(loaded.graph, count, result["seed"].as<std::uint64_t>())) {
      searches.push_back({root});
    }
    if (searches.empty()) throw InvalidArgument(path + ": no vertex has an out-arc to start from");
  }
  const bool multi_source = searches.front().size() > 1;
  const DistributedPlacement distributed = distributed_placement(result);
  if (distributed.ranks > 0 || distributed.mpi) {
    if (want_output) {
      throw UsageError(
          "--output writes one device's labels; it does not combine with --gpus, "
          "--ranks or --distributed");
    }
    if (levels && distributed.mpi) {
      throw UsageError(
          "--levels prints the levels of a search on one device, --gpus N or --ranks N; not "
          "under --distributed");
    }
    if (multi_source || bfs_options.depth_limit || bfs_options.target) {
      throw UsageError(
          "a --source list, --depth-limit and --target run on one device; they do not combine "
          "with --gpus, --ranks or --distributed");
    }
    std::vector<VertexId> sources;
    for (const std::vector<VertexId>& search : searches) sources.push_back(search.front());
    return run_distributed_bfs(std::move(loaded.graph), loaded.info, sources, distributed,
                               bfs_options, validate, common.json, levels);
  }
  const Device device =
      distributed.single_gpu_engine
          ? distributed.device
          : resolve_device(requested_device, static_cast<std::int64_t>(loaded.graph.num_arcs()),
                           is_gpu_only(bfs_options.strategy));
  const detail::Timer engine_timer;
  const Engine engine(std::move(loaded.graph), device, engine_options);
  if (engine.search_order() != SearchOrder::AsGiven) {
    detail::logger().info(
        "engine in the degree-class order ready in {:.3f} s (renumbering "
        "included)",
        engine_timer.seconds());
  }
  if (device.is_cuda()) {
    detail::logger().info("engine on GPU {}: warm-up {:.3f} ms", device.cuda_ids.front(),
                          engine.warm_up_seconds() * 1e3);
  } else if (engine.warm_up_seconds() > 0) {
    detail::logger().info("engine on the CPU: threads started in {:.3f} ms",
                          engine.warm_up_seconds() * 1e3);
  }

  std::vector<BfsTrial> trials;
  BfsResult<VertexId> last;
  const ReachedEdgeCounter<VertexId, EdgeId> count_reached_edges(engine.graph());
  for (const std::vector<VertexId>& search : searches) {
    last = engine.bfs(std::span<const VertexId>(search), bfs_options);
    const VertexId source = last.source;
    BfsTrial trial;
    trial.source = original_id(loaded.info, source);
    if (multi_source) {
      for (const VertexId v : last.sources) trial.sources.push_back(original_id(loaded.info, v));
    }
    trial.seconds = last.seconds;
    trial.reached = last.vertices_reached;
    trial.levels = static_cast<std::int32_t>(last.levels.size());
    trial.level_stats = last.levels;
    trial.edges = count_reached_edges(last.depth);
    if (validate) {
      const BfsValidation check = validate_bfs_tree<VertexId, EdgeId>(
          engine.graph(), last.sources, last.parent, last.depth, last.stopped_early());
      if (!check.valid) {
        throw ValidationError("search from " + std::to_string(trial.source) + ": " + check.failure);
      }
      trial.validated = true;
    }
    detail::logger().info("bfs from {}: {:.3f} ms, {} vertices, {} levels, {:.3g} TEPS{}",
                          trial.source, trial.seconds * 1e3, trial.reached, trial.levels,
                          trial.teps(), trial.validated ? ", valid" : "");
    trials.push_back(trial);
  }
  if (want_output) write_result(result["output"].as<std::string>(), last, loaded.info);
  std::vector<VertexId> target_path;
  if (bfs_options.target) target_path = bfs_path(last, static_cast<VertexId>(*bfs_options.target));

  const std::string device_name = device.is_cuda() ? "gpu" : "cpu";
  const auto header = [&](JsonWriter& json) {
    json.field("file", path)
        .field("device", device_name)
        .field("strategy", to_string(bfs_options.strategy))
        .field("search_order", to_string(engine.search_order()))
        .field("vertices", static_cast<std::int64_t>(engine.graph().num_vertices()))
        .field("arcs", static_cast<std::int64_t>(engine.graph().num_arcs()))
        .field("warm_up_seconds", engine.warm_up_seconds());
    if (given_sources) {
      json.begin_array("sources");
      for (const VertexId v : last.sources) json.value(original_id(loaded.info, v));
      json.end_array();
    }
    if (bfs_options.depth_limit) json.field("depth_limit", *bfs_options.depth_limit);
    if (bfs_options.target) {
      json.field("target", original_id(loaded.info, static_cast<VertexId>(*bfs_options.target)))
          .field("target_reached", !target_path.empty());
      if (!target_path.empty()) {
        json.begin_array("path");
        for (const VertexId v : target_path) json.value(original_id(loaded.info, v));
        json.end_array().field("path_length", static_cast<std::int64_t>(target_path.size() - 1));
      }
    }
  };
  print_bfs_trials(trials, common.json, levels, header,
                   device_name + " (" + std::string(to_string(bfs_options.strategy)) + ")");
  if (bfs_options.target && !common.json) print_target_path(bfs_options, target_path, loaded.info);
  return 0;
}

}  // namespace frontier::cli
