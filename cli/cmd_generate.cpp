// `frontier generate KIND ... -o OUT`: make a Kronecker, uniform random or grid graph and write it
// (format by OUT's extension: .fcsr for fast reloading, or any text format).
#include <iostream>
#include <string>

#include "commands.hpp"
#include "frontier/csr_builder.hpp"
#include "frontier/detail/log.hpp"
#include "frontier/detail/timer.hpp"
#include "frontier/io/generators.hpp"
#include "frontier/io/write_graph.hpp"
#include "json_writer.hpp"
#include "options.hpp"

namespace frontier::cli {
namespace {

EdgeList<VertexId> generate_edges(const std::string& kind, const cxxopts::ParseResult& result) {
  const auto seed = result["seed"].as<std::uint64_t>();
  if (kind == "kronecker") {
    KroneckerParams params;
    params.scale = result["scale"].as<int>();
    params.edgefactor = result["edgefactor"].as<int>();
    params.seed = seed;
    return io::generate_kronecker<VertexId>(params);
  }
  if (kind == "random") {
    UniformParams params;
    params.num_vertices = result["vertices"].as<std::int64_t>();
    params.num_edges = result.count("edges") > 0
                           ? result["edges"].as<std::int64_t>()
                           : params.num_vertices * result["edgefactor"].as<int>();
    params.seed = seed;
    return io::generate_uniform<VertexId>(params);
  }
  if (kind == "grid2d") {
    return io::generate_grid_2d<VertexId>(result["rows"].as<std::int64_t>(),
                                          result["cols"].as<std::int64_t>());
  }
  if (kind == "grid3d") {
    return io::generate_grid_3d<VertexId>(result["x"].as<std::int64_t>(),
                                          result["y"].as<std::int64_t>(),
                                          result["z"].as<std::int64_t>());
  }
  throw UsageError("unknown graph kind '" + kind +
                   "' (expected kronecker, random, grid2d, grid3d)");
}

}  // namespace

int run_generate(int argc, const char* const* argv) {
  auto options = make_options("generate", "Generate a graph and write it to a file");
  options.add_options("Graph")("scale", "kronecker: log2 of the vertex count",
                               cxxopts::value<int>()->default_value("16"))(
      "edgefactor", "kronecker/random: edges per vertex",
      cxxopts::value<int>()->default_value("16"))(
      "vertices", "random: vertex count", cxxopts::value<std::int64_t>()->default_value("65536"))(
      "edges", "random: edge count (default vertices * edgefactor)",
      cxxopts::value<std::int64_t>())("rows", "grid2d: rows",
                                      cxxopts::value<std::int64_t>()->default_value("1000"))(
      "cols", "grid2d: columns", cxxopts::value<std::int64_t>()->default_value("1000"))(
      "x", "grid3d: extent in x", cxxopts::value<std::int64_t>()->default_value("100"))(
      "y", "grid3d: extent in y", cxxopts::value<std::int64_t>()->default_value("100"))(
      "z", "grid3d: extent in z", cxxopts::value<std::int64_t>()->default_value("100"))(
      "seed", "random seed", cxxopts::value<std::uint64_t>()->default_value("1"));
  options.add_options("Output")(
      "o,output", "Output file (format by extension, e.g. .fcsr, .mtx, .gr, .graph, .el)",
      cxxopts::value<std::string>())("to", "Output format: auto, mtx, gr, metis, snap, fcsr",
                                     cxxopts::value<std::string>()->default_value("auto"))(
      "keep-self-loops", "Keep self loops (dropped by default)")(
      "keep-duplicates", "Keep duplicate edges (dropped by default)");
  options.add_options("Positional")("kind", "kronecker, random, grid2d or grid3d",
                                    cxxopts::value<std::string>());
  options.parse_positional({"kind"});
  options.positional_help("kronecker|random|grid2d|grid3d");
  cxxopts::ParseResult result;
  CommonConfig common;
  if (!parse_options(options, argc, argv, result, common)) return 0;
  if (result.count("kind") == 0) throw UsageError("generate needs a graph kind");
  if (result.count("output") == 0) throw UsageError("generate needs an output file: -o OUT");
  const std::string kind = result["kind"].as<std::string>();
  const std::string output = result["output"].as<std::string>();
  const io::GraphFormat format = io::parse_graph_format(result["to"].as<std::string>());

  detail::Timer timer;
  const EdgeList<VertexId> edges = generate_edges(kind, result);
  const double generate_seconds = timer.seconds();
  CsrBuildOptions build;
  build.symmetrize = true;
  build.remove_self_loops = result.count("keep-self-loops") == 0;
  build.remove_duplicates = result.count("keep-duplicates") == 0;
  timer.restart();
  const Graph graph = build_csr<VertexId, EdgeId>(edges, build);
  const double build_seconds = timer.seconds();
  timer.restart();
  io::write_graph(graph, output, format);
  const double write_seconds = timer.seconds();
  detail::logger().info(
      "{}: generated {} tuples in {:.3f} s, built CSR in {:.3f} s, wrote in {:.3f} s", kind,
      edges.size(), generate_seconds, build_seconds, write_seconds);
  if (common.json) {
    JsonWriter(std::cout)
        .begin_object()
        .field("kind", kind)
        .field("output", output)
        .field("vertices", static_cast<std::int64_t>(graph.num_vertices()))
        .field("arcs", static_cast<std::int64_t>(graph.num_arcs()))
        .field("tuples", static_cast<std::uint64_t>(edges.size()))
        .field("generate_seconds", generate_seconds)
        .field("build_seconds", build_seconds)
        .field("write_seconds", write_seconds)
        .end_object();
  } else {
    std::cout << output << ": " << graph.num_vertices() << " vertices, " << graph.num_arcs()
              << " arcs (" << kind << ")\n";
  }
  return 0;
}

}  // namespace frontier::cli
