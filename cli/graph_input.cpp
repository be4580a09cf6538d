#include "graph_input.hpp"

#include <algorithm>
#include <ostream>
#include <string>
#include <vector>

#include "frontier/errors.hpp"
#include "frontier/io/output_file.hpp"

namespace frontier::cli {

void add_graph_input_options(cxxopts::Options& options) {
  options.add_options("Input")("format",
                               "Input format: auto (by extension), mtx, gr, metis, snap, fcsr",
                               cxxopts::value<std::string>()->default_value("auto"))(
      "symmetrize", "Store every arc both ways (treat the input as undirected)")(
      "renumber",
      "SNAP: number the ids that occur 0..k-1 in increasing order (sparse ids); --source and "
      "results use the file's ids")("remove-self-loops", "Drop arcs v->v")(
      "remove-duplicates", "Keep one arc per (u, v)")(
      "hubs-first",
      "Put each vertex's highest-degree neighbour first in its list: faster bottom-up BFS "
      "steps (undirected graphs, or with --symmetrize)")("no-weights",
                                                         "Ignore arc weights in the file")(
      "member",
      "Tar/zip archive: the member to read (default: its one graph file, or NAME/NAME.mtx)",
      cxxopts::value<std::string>());
}

io::ReadOptions graph_read_options(const cxxopts::ParseResult& result) {
  io::ReadOptions options;
  options.format = io::parse_graph_format(result["format"].as<std::string>());
  options.symmetrize = result.count("symmetrize") > 0;
  options.renumber = result.count("renumber") > 0;
  options.remove_self_loops = result.count("remove-self-loops") > 0;
  options.remove_duplicates = result.count("remove-duplicates") > 0;
  options.hubs_first = result.count("hubs-first") > 0;
  options.keep_weights = result.count("no-weights") == 0;
  if (result.count("member") > 0) options.member = result["member"].as<std::string>();
  return options;
}

VertexId map_original_id(const io::LoadedGraph& loaded, std::int64_t id, std::string_view option) {
  const std::vector<std::int64_t>& ids = loaded.info.original_ids;
  if (ids.empty()) {
    if (id < 0 || id >= loaded.graph.num_vertices()) {
      throw InvalidArgument(std::string(option) + " " + std::to_string(id) + " is outside [0, " +
                            std::to_string(loaded.graph.num_vertices()) + ")");
    }
    return static_cast<VertexId>(id);
  }
  const auto at = std::lower_bound(ids.begin(), ids.end(), id);
  if (at == ids.end() || *at != id) {
    throw InvalidArgument(std::string(option) + " " + std::to_string(id) + " is not a vertex of " +
                          loaded.info.path + ": no edge line names that id (--renumber takes " +
                          "the ids the file wrote)");
  }
  return static_cast<VertexId>(at - ids.begin());
}

std::int64_t original_id(const io::GraphFileInfo& info, VertexId v) {
  return info.original_ids.empty() ? v : info.original_ids[static_cast<std::size_t>(v)];
}

std::string original_ids_path(const std::string& output) { return output + ".ids"; }

void write_original_ids(const io::GraphFileInfo& info, const std::string& path) {
  io::OutputFile file(path);
  std::ostream& out = file.stream();
  out << "# original id of each vertex of " << info.path << ", vertex 0 first\n";
  for (const std::int64_t id : info.original_ids) out << id << '\n';
  file.commit();
}

}  // namespace frontier::cli
