/// @file graph_format.hpp
/// @brief The graph file formats frontier reads and writes, and how a file's format is chosen.
#pragma once

#include <filesystem>
#include <string_view>

namespace frontier::io {

enum class GraphFormat {
  Auto,          ///< chosen by extension (after stripping .gz, .bz2, .xz or .zst)
  MatrixMarket,  ///< .mtx — coordinate pattern/integer/real, general/symmetric/skew-symmetric
  Dimacs9,       ///< .gr — 9th DIMACS challenge shortest paths (`p sp n m`, `a u v w`)
  Metis,         ///< .graph / .metis — METIS and 10th DIMACS challenge adjacency format
  Snap,          ///< .txt / .el / .edges / .snap / .tsv — SNAP edge list, `#` comments
  BinaryCsr,     ///< .fcsr — frontier's binary CSR
};

/// "auto", "mtx", "gr", "metis", "snap" or "fcsr": what parse_graph_format() reads back.
std::string_view to_string(GraphFormat format);

/// Parses a name to_string() gives, or "mm"/"matrix-market", "dimacs9"/"dimacs",
/// "graph"/"dimacs10", "el"/"edgelist", "binary". @throws InvalidArgument for other names.
GraphFormat parse_graph_format(std::string_view name);

/// The format implied by the file name, after one compression extension (.gz, .bz2, .xz, .zst,
/// .zstd) is stripped; GraphFormat::Auto for an archive (.tar, .tar.gz, .tgz, .zip, ...), whose
/// member decides. @throws InvalidArgument if the extension is unknown.
GraphFormat format_from_extension(const std::filesystem::path& path);

/// The format a name's extension names (after one compression extension), or GraphFormat::Auto
/// when it names none.
GraphFormat format_named_by(const std::filesystem::path& path);

/// Whether the name ends in a compression extension: .gz, .bz2, .xz, .zst or .zstd.
bool is_compressed_name(const std::filesystem::path& path);

/// Whether the name is an archive's: .tar (optionally compressed), .tgz, .tbz2, .txz, .tzst, .zip.
bool is_archive_name(const std::filesystem::path& path);

}  // namespace frontier::io
