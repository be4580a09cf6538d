#include "frontier/io/graph_format.hpp"

#include <filesystem>
#include <string>
#include <system_error>

#include "frontier/detail/enum_names.hpp"
#include "frontier/errors.hpp"

namespace frontier::io {

namespace {

constexpr detail::EnumName<GraphFormat> kGraphFormats[] = {
    {GraphFormat::Auto, "auto"},        {GraphFormat::MatrixMarket, "mtx"},
    {GraphFormat::Dimacs9, "gr"},       {GraphFormat::Metis, "metis"},
    {GraphFormat::Snap, "snap"},        {GraphFormat::BinaryCsr, "fcsr"},
    {GraphFormat::MatrixMarket, "mm"},  {GraphFormat::MatrixMarket, "matrix-market"},
    {GraphFormat::Dimacs9, "dimacs9"},  {GraphFormat::Dimacs9, "dimacs"},
    {GraphFormat::Metis, "graph"},      {GraphFormat::Metis, "dimacs10"},
    {GraphFormat::Snap, "el"},          {GraphFormat::Snap, "edgelist"},
    {GraphFormat::BinaryCsr, "binary"},
};

}  // namespace

std::string_view to_string(GraphFormat format) { return detail::name_of(kGraphFormats, format); }

GraphFormat parse_graph_format(std::string_view name) {
  return detail::parse_name(kGraphFormats, name, "graph format");
}

bool is_compressed_name(const std::filesystem::path& path) {
  const std::string extension = path.extension().string();
  return extension == ".gz" || extension == ".bz2" || extension == ".xz" || extension == ".zst" ||
         extension == ".zstd";
}

bool is_archive_name(const std::filesystem::path& path) {
  std::filesystem::path name = path.filename();
  if (is_compressed_name(name)) name = name.stem();
  const std::string extension = name.extension().string();
  return extension == ".tar" || extension == ".tgz" || extension == ".tbz2" ||
         extension == ".tbz" || extension == ".txz" || extension == ".tzst" || extension == ".zip";
}

GraphFormat format_named_by(const std::filesystem::path& path) {
  std::filesystem::path name = path.filename();
  if (is_compressed_name(name)) name = name.stem();
  const std::string extension = name.extension().string();
  if (extension == ".mtx" || extension == ".mm") return GraphFormat::MatrixMarket;
  if (extension == ".gr") return GraphFormat::Dimacs9;
  if (extension == ".graph" || extension == ".metis") return GraphFormat::Metis;
  if (extension == ".txt" || extension == ".el" || extension == ".edges" || extension == ".snap" ||
      extension == ".tsv") {
    return GraphFormat::Snap;
  }
  if (extension == ".fcsr") return GraphFormat::BinaryCsr;
  return GraphFormat::Auto;
}

GraphFormat format_from_extension(const std::filesystem::path& path) {
  if (is_archive_name(path)) return GraphFormat::Auto;
  const GraphFormat format = format_named_by(path);
  if (format != GraphFormat::Auto) return format;
  // A folder has no format to tell: say what it is (as the reader does for a folder named g.mtx).
  std::error_code error;
  if (std::filesystem::is_directory(path, error)) {
    throw IoError(path.string(), 0, "is a directory, not a graph file");
  }
  throw InvalidArgument("cannot tell the graph format of '" + path.string() +
                        "' from its extension; pass --format (mtx, gr, metis, snap or fcsr)");
}

}  // namespace frontier::io
