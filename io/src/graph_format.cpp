#include "frontier/io/graph_format.hpp"

#include <string>

#include "frontier/errors.hpp"

namespace frontier::io {

GraphFormat parse_graph_format(std::string_view name) {
  if (name == "auto") return GraphFormat::Auto;
  if (name == "mtx" || name == "mm" || name == "matrix-market") return GraphFormat::MatrixMarket;
  if (name == "gr" || name == "dimacs9" || name == "dimacs") return GraphFormat::Dimacs9;
  if (name == "metis" || name == "graph" || name == "dimacs10") return GraphFormat::Metis;
  if (name == "snap" || name == "el" || name == "edgelist") return GraphFormat::Snap;
  if (name == "fcsr" || name == "binary") return GraphFormat::BinaryCsr;
  throw InvalidArgument("unknown graph format '" + std::string(name) +
                        "' (expected auto, mtx, gr, metis, snap or fcsr)");
}

std::string_view format_name(GraphFormat format) {
  switch (format) {
    case GraphFormat::Auto:
      return "auto";
    case GraphFormat::MatrixMarket:
      return "mtx";
    case GraphFormat::Dimacs9:
      return "gr";
    case GraphFormat::Metis:
      return "metis";
    case GraphFormat::Snap:
      return "snap";
    case GraphFormat::BinaryCsr:
      return "fcsr";
  }
  return "unknown";
}

GraphFormat format_from_extension(const std::filesystem::path& path) {
  std::filesystem::path name = path.filename();
  if (name.extension() == ".gz") name = name.stem();
  const std::string extension = name.extension().string();
  if (extension == ".mtx" || extension == ".mm") return GraphFormat::MatrixMarket;
  if (extension == ".gr") return GraphFormat::Dimacs9;
  if (extension == ".graph" || extension == ".metis") return GraphFormat::Metis;
  if (extension == ".txt" || extension == ".el" || extension == ".edges" || extension == ".snap" ||
      extension == ".tsv") {
    return GraphFormat::Snap;
  }
  if (extension == ".fcsr") return GraphFormat::BinaryCsr;
  throw InvalidArgument("cannot tell the graph format of '" + path.string() +
                        "' from its extension; pass --format (mtx, gr, metis, snap or fcsr)");
}

}  // namespace frontier::io
