/// @file write_graph.hpp
/// @brief Writing a CSR graph in any supported format (what `frontier convert` does).
///
/// Undirected graphs are written once per edge where the format allows (MTX symmetric, SNAP with
/// u <= v); METIS needs an undirected graph without self loops. DIMACS9 writes every arc and
/// length 1 for unweighted graphs; DIMACS9 and METIS store integer weights only (METIS: positive
/// ones). SNAP cannot express isolated vertices above the largest id that has an edge. The file
/// is written under a temporary name and renamed when complete.
#pragma once

#include <filesystem>

#include "frontier/csr_graph.hpp"
#include "frontier/io/graph_format.hpp"

namespace frontier::io {

/// Writes `graph` to `path`; Auto picks the format from the extension; a `.gz` suffix compresses.
/// @throws IoError if the file cannot be written, InvalidArgument if the format cannot hold the
/// graph (e.g. METIS and a directed graph).
void write_graph(const Graph& graph, const std::filesystem::path& path,
                 GraphFormat format = GraphFormat::Auto);

}  // namespace frontier::io
