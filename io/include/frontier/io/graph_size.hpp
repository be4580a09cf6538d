/// @file graph_size.hpp
/// @brief A graph file's size without building the graph: the vertices and arcs read_graph()
/// would give (with the same ReadOptions), and the bytes its reading holds, for `--plan`.
///
/// How each format is sized:
///  - .fcsr: the header's exact counts (the payload is not read);
///  - Matrix Market, DIMACS9, METIS: the header's declared counts (rows/columns/entries,
///    `p sp n m`, `n m fmt`), read from the first lines of a plain file;
///  - SNAP edge lists: scanned line by line (their "# Nodes: Edges:" header is optional and
///    counts distinct ids, not the largest): the edge lines and the largest id, exact;
///  - a compressed file or an archive member is decompressed into memory (as reading it would)
///    and then sized as above.
/// The arcs are an upper bound where the file's content decides: a symmetric Matrix Market
/// file's diagonal entries give one arc, not two, and removing self loops or duplicates drops
/// arcs; everything else is exact.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

#include "frontier/io/graph_format.hpp"
#include "frontier/io/read_graph.hpp"

namespace frontier::io {

struct GraphFileSize {
  GraphFormat format = GraphFormat::Auto;
  /// Vertices of the graph read_graph() builds.
  std::uint64_t vertices = 0;
  /// Arcs of that graph (an upper bound unless `exact`).
  std::uint64_t arcs = 0;
  /// Arcs of the edge list the parser produces, before CSR building (both arcs of every edge of
  /// an undirected format; one per line of a directed one, even when symmetrized).
  std::uint64_t file_arcs = 0;
  /// Whether the graph read_graph() builds is directed, and keeps weights.
  bool directed = false;
  bool weighted = false;
  /// Bytes of text held while parsing (the file, decompressed); 0 for .fcsr.
  std::uint64_t text_bytes = 0;
  /// Whether `arcs` is exact rather than an upper bound.
  bool exact = false;
  /// How the counts were found, for the plan's output ("header", "scan", "fcsr header").
  std::string method;
};

/// Sizes `path` as read_graph(path, options) would read it (see the file comment).
/// @throws IoError for an unreadable file or a header that cannot be parsed; InvalidArgument for
/// an unknown extension, as read_graph() does.
GraphFileSize graph_file_size(const std::filesystem::path& path, const ReadOptions& options = {});

}  // namespace frontier::io
