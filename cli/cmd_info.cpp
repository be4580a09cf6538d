// `frontier info FILE`: load a graph and print what it is.
#include <cstdio>
#include <iostream>
#include <string>

#include "commands.hpp"
#include "frontier/errors.hpp"
#include "frontier/graph_summary.hpp"
#include "graph_input.hpp"
#include "json_writer.hpp"
#include "options.hpp"

namespace frontier::cli {
namespace {

// What the header's count counts, in each format (GraphFileInfo::declared_edges): MTX stored
// entries (a symmetric matrix lists each edge once), METIS undirected edges, DIMACS9 and .fcsr
// arcs, SNAP edge lines.
std::string declared_unit(io::GraphFormat format) {
  switch (format) {
    case io::GraphFormat::MatrixMarket:
      return "entries";
    case io::GraphFormat::Metis:
      return "edges";
    case io::GraphFormat::Snap:
      return "edge lines";
    default:
      return "arcs";
  }
}

void print_text(const io::GraphFileInfo& info, const GraphSummary& summary) {
  auto line = [](const char* key, const std::string& value) {
    std::printf("%-16s %s\n", key, value.c_str());
  };
  auto yes_no = [](bool flag) { return std::string(flag ? "yes" : "no"); };
  char degrees[128];
  std::snprintf(degrees, sizeof(degrees), "min %lld, avg %.2f, max %lld",
                static_cast<long long>(summary.min_degree), summary.average_degree,
                static_cast<long long>(summary.max_degree));
  char seconds[32];
  std::snprintf(seconds, sizeof(seconds), "%.3f s", info.seconds);
  line("file", info.path);
  line("format", std::string(io::to_string(info.format)) +
                     (info.variant.empty() ? "" : " (" + info.variant + ")") +
                     (info.compression.empty() ? "" : ", " + info.compression) +
                     (info.archive.empty() ? "" : ", " + info.archive + " member " + info.member));
  line("declared", std::to_string(info.declared_vertices) + " vertices, " +
                       std::to_string(info.declared_edges) + " " + declared_unit(info.format));
  line("vertices", std::to_string(summary.vertices));
  line("arcs", std::to_string(summary.arcs));
  line("edges", std::to_string(summary.edges));
  line("directed", yes_no(summary.directed));
  line("weights", yes_no(summary.weighted));
  line(summary.directed ? "out-degree" : "degree", degrees);
  line("isolated", std::to_string(summary.isolated_vertices));
  line("self loops", std::to_string(summary.self_loops));
  line("duplicate arcs", summary.sorted_adjacency ? std::to_string(summary.duplicate_arcs)
                                                  : std::string("unknown (unsorted adjacency)"));
  line("memory", format_bytes(summary.memory_bytes));
  line("load time", seconds);
}

void print_json(const io::GraphFileInfo& info, const GraphSummary& summary) {
  JsonWriter json(std::cout);
  json.begin_object()
      .field("file", info.path)
      .field("format", std::string(io::to_string(info.format)))
      .field("variant", info.variant)
      .field("compression", info.compression)
      .field("member", info.member)
      .field("declared_vertices", info.declared_vertices)
      .field("declared_edges", info.declared_edges)
      .field("declared_unit", declared_unit(info.format))
      .field("vertices", summary.vertices)
      .field("arcs", summary.arcs)
      .field("edges", summary.edges)
      .field("directed", summary.directed)
      .field("weighted", summary.weighted)
      .field("min_degree", summary.min_degree)
      .field("average_degree", summary.average_degree)
      .field("max_degree", summary.max_degree)
      .field("isolated_vertices", summary.isolated_vertices)
      .field("self_loops", summary.self_loops)
      .field("duplicate_arcs", summary.duplicate_arcs)
      .field("memory_bytes", summary.memory_bytes)
      .field("load_seconds", info.seconds)
      .end_object();
}

}  // namespace

int run_info(int argc, const char* const* argv) {
  auto options = make_options("info", "Load a graph file and print its summary");
  add_graph_input_options(options);
  options.add_options("Positional")("file", "Graph file", cxxopts::value<std::string>());
  options.parse_positional({"file"});
  options.positional_help("FILE");
  cxxopts::ParseResult result;
  CommonConfig common;
  if (!parse_options(options, argc, argv, result, common)) return 0;
  if (result.count("file") == 0) throw UsageError("info needs a graph FILE");

  const io::LoadedGraph loaded =
      io::read_graph(result["file"].as<std::string>(), graph_read_options(result));
  const GraphSummary summary = summarize(loaded.graph);
  if (common.json) {
    print_json(loaded.info, summary);
  } else {
    print_text(loaded.info, summary);
  }
  return 0;
}

}  // namespace frontier::cli
