/// @file read_graph.hpp
/// @brief Reading graph files into CSR: every text format (optionally gzip-compressed) and the
/// binary CSR format, behind one call.
///
/// What each format becomes:
///  - Matrix Market `general`: directed, one arc per entry. `symmetric`/`skew-symmetric`:
///    undirected, an off-diagonal entry gives both arcs, a diagonal entry one self loop. Entry
///    (i, j) is the arc i -> j (row -> column), ids 1-based.
///  - DIMACS9 `.gr`: directed, one weighted arc per `a` line, ids 1-based.
///  - METIS `.graph`: undirected, both arcs of every edge as the adjacency lines list them;
///    edge weights kept when the format code has them; vertex weights read and discarded.
///  - SNAP: directed, one arc per line, ids 0-based as written (or renumbered); `symmetrize`
///    turns it undirected.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

#include "frontier/csr_graph.hpp"
#include "frontier/edge_list.hpp"
#include "frontier/io/graph_format.hpp"

namespace frontier::io {

struct ReadOptions {
  GraphFormat format = GraphFormat::Auto;
  /// Store every arc both ways; the graph becomes undirected.
  bool symmetrize = false;
  bool remove_self_loops = false;
  bool remove_duplicates = false;
  /// Keep arc weights when the file has them.
  bool keep_weights = true;
  /// SNAP only: map the ids that occur to 0..k-1 in increasing id order (sparse ids).
  bool renumber = false;
};

/// What the file itself declared and what reading it cost.
struct GraphFileInfo {
  std::string path;
  GraphFormat format = GraphFormat::Auto;
  /// Vertex count the header declares (SNAP: 1 + largest id, or the number of distinct ids when
  /// renumbered).
  std::uint64_t declared_vertices = 0;
  /// Edge count the header declares: MTX stored entries, METIS undirected edges, DIMACS9 arcs,
  /// SNAP edge lines.
  std::uint64_t declared_edges = 0;
  /// Free text about the variant: "coordinate pattern symmetric", "fmt=011", ...
  std::string variant;
  bool gzip = false;
  /// Bytes parsed (after decompression).
  std::uint64_t bytes = 0;
  double seconds = 0.0;
};

struct LoadedGraph {
  Graph graph;
  GraphFileInfo info;
};

/// Reads a graph file (any supported format) into CSR.
/// @throws IoError naming file, line and token for malformed input or unreadable files.
LoadedGraph read_graph(const std::filesystem::path& path, const ReadOptions& options = {});

/// Reads a text graph file into a raw edge list (arcs as described above, before CSR building).
EdgeList<VertexId> read_edge_list(const std::filesystem::path& path,
                                  const ReadOptions& options = {}, GraphFileInfo* info = nullptr);

}  // namespace frontier::io
