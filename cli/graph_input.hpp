// The options every graph-reading subcommand shares (group "Input") and the call that loads it;
// the mapping between a renumbered graph's vertices and the ids the file wrote.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include <cxxopts.hpp>

#include "frontier/io/read_graph.hpp"

namespace frontier::cli {

/// Adds --format, --symmetrize, --renumber, --remove-self-loops, --remove-duplicates, --no-weights.
void add_graph_input_options(cxxopts::Options& options);

/// ReadOptions from the parsed Input group.
io::ReadOptions graph_read_options(const cxxopts::ParseResult& result);

/// The vertex a user's id names: the file's id when the graph was renumbered (a user gives the
/// ids the file wrote), the vertex id itself otherwise. `option` names the option in errors
/// ("--source"). @throws InvalidArgument when no vertex has that id.
VertexId map_original_id(const io::LoadedGraph& loaded, std::int64_t id, std::string_view option);

/// The id the file wrote for vertex v (v itself unless renumbered).
std::int64_t original_id(const io::GraphFileInfo& info, VertexId v);

/// The file a renumbered graph's id map goes to beside `output`: output + ".ids".
std::string original_ids_path(const std::string& output);

/// Writes the file's id of every vertex, one per line in vertex order (line v + 2 holds vertex
/// v's id, after one '#' comment line). @throws IoError when the file cannot be written.
void write_original_ids(const io::GraphFileInfo& info, const std::string& path);

}  // namespace frontier::cli
