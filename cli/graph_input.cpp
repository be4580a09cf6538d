#include "graph_input.hpp"

namespace frontier::cli {

void add_graph_input_options(cxxopts::Options& options) {
  options.add_options("Input")("format",
                               "Input format: auto (by extension), mtx, gr, metis, snap, fcsr",
                               cxxopts::value<std::string>()->default_value("auto"))(
      "symmetrize", "Store every arc both ways (treat the input as undirected)")(
      "renumber", "SNAP: map sparse vertex ids to 0..k-1")("remove-self-loops", "Drop arcs v->v")(
      "remove-duplicates", "Keep one arc per (u, v)")("no-weights",
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
  options.keep_weights = result.count("no-weights") == 0;
  if (result.count("member") > 0) options.member = result["member"].as<std::string>();
  return options;
}

}  // namespace frontier::cli
