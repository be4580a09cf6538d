// `frontier convert IN OUT`: read any supported format, write any supported format (the output
// format follows OUT's extension unless --to says otherwise; .fcsr is the fast binary CSR).
#include <iostream>
#include <string>

#include "commands.hpp"
#include "frontier/detail/log.hpp"
#include "frontier/detail/timer.hpp"
#include "frontier/io/write_graph.hpp"
#include "graph_input.hpp"
#include "json_writer.hpp"
#include "options.hpp"

namespace frontier::cli {

int run_convert(int argc, const char* const* argv) {
  auto options = make_options("convert",
                              "Convert a graph file to another format (with --renumber, the "
                              "file's id of each vertex goes to OUT.ids)");
  add_graph_input_options(options);
  options.add_options("Output")("to",
                                "Output format: auto (by extension), mtx, gr, metis, snap, fcsr",
                                cxxopts::value<std::string>()->default_value("auto"));
  options.add_options("Positional")("input", "Input graph file", cxxopts::value<std::string>())(
      "output", "Output graph file", cxxopts::value<std::string>());
  options.parse_positional({"input", "output"});
  options.positional_help("IN OUT");
  cxxopts::ParseResult result;
  CommonConfig common;
  if (!parse_options(options, argc, argv, result, common)) return 0;
  if (result.count("input") == 0 || result.count("output") == 0) {
    throw UsageError("convert needs an input and an output file: frontier convert IN OUT");
  }
  const std::string input = result["input"].as<std::string>();
  const std::string output = result["output"].as<std::string>();
  const io::GraphFormat to = io::parse_graph_format(result["to"].as<std::string>());

  const io::LoadedGraph loaded = io::read_graph(input, graph_read_options(result));
  detail::Timer timer;
  io::write_graph(loaded.graph, output, to);
  const bool renumbered = !loaded.info.original_ids.empty();
  if (renumbered) write_original_ids(loaded.info, original_ids_path(output));
  const double write_seconds = timer.seconds();
  detail::logger().info("wrote {} ({} vertices, {} arcs) in {:.3f} s", output,
                        loaded.graph.num_vertices(), loaded.graph.num_arcs(), write_seconds);
  if (common.json) {
    JsonWriter json(std::cout);
    json.begin_object()
        .field("input", input)
        .field("output", output)
        .field("vertices", static_cast<std::int64_t>(loaded.graph.num_vertices()))
        .field("arcs", static_cast<std::int64_t>(loaded.graph.num_arcs()))
        .field("read_seconds", loaded.info.seconds)
        .field("write_seconds", write_seconds);
    if (renumbered) json.field("original_ids", original_ids_path(output));
    json.end_object();
  } else {
    std::cout << output << ": " << loaded.graph.num_vertices() << " vertices, "
              << loaded.graph.num_arcs() << " arcs\n";
    if (renumbered) {
      std::cout << original_ids_path(output) << ": the file's id of each vertex (--renumber)\n";
    }
  }
  return 0;
}

}  // namespace frontier::cli
