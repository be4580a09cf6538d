/// @file read_graph.hpp
/// @brief Reading graph files into CSR: every text format (optionally compressed, or a member of a
/// tar or zip archive) and the binary CSR format, behind one call.
///
/// What each format becomes:
///  - Matrix Market `general`: directed, one arc per entry. `symmetric`/`skew-symmetric`:
///    undirected, an off-diagonal entry gives both arcs, a diagonal entry one self loop (skew:
///    the mirrored arc carries the negated value). Entry (i, j) is the arc i -> j (row ->
///    column), ids 1-based. A non-square general matrix becomes a directed graph on
///    max(rows, columns) vertices (with a warning). `array`, `complex` and `hermitian` files are
///    rejected.
///  - DIMACS9 `.gr`: directed, one weighted arc per `a` line, ids 1-based.
///  - METIS `.graph`: undirected, both arcs of every edge as the adjacency lines list them;
///    edge weights kept when the format code has them; vertex weights read and discarded.
///  - SNAP: directed, one arc per line, ids 0-based as written (or renumbered); `symmetrize`
///    turns it undirected. The "# Nodes: N Edges: M" header, when present, is checked against
///    the file (N counts the distinct ids, M the edge lines; a mismatch is a warning). Sparse
///    ids as written (most ids up to the largest in no edge line) are a warning, and an IoError
///    when the graph would be mostly such ids (over 16 ids per named id and over 2^24 ids):
///    `renumber` loads those.
///
/// Any text file may be compressed (gzip, bzip2, xz, zstd) or be a member of a tar or zip archive
/// (possibly compressed, as SuiteSparse's NAME.tar.gz holding NAME/NAME.mtx): this is recognised
/// by the magic bytes, whatever the name, and decoded whole (libdeflate, a gzip file up to 32 MiB
/// holding text) or as a stream (libarchive). A truncated or corrupt stream is an IoError, never
/// partial data. Only regular files are read. Text is parsed in parallel chunks (OpenMP); results
/// do not depend on the thread count. Declared sizes are checked against what the file holds;
/// nothing is allocated from a header's counts alone.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "frontier/csr_graph.hpp"
#include "frontier/edge_list.hpp"
#include "frontier/io/graph_format.hpp"

namespace frontier::io {

struct ReadOptions {
  GraphFormat format = GraphFormat::Auto;
  /// Store every arc both ways; the graph becomes undirected. Ignored for formats that are
  /// undirected already (MTX symmetric/skew-symmetric, METIS), whose files list both arcs.
  bool symmetrize = false;
  bool remove_self_loops = false;
  bool remove_duplicates = false;
  /// Put each list's highest-degree neighbour first (CsrBuildOptions::hubs_first), where a
  /// bottom-up BFS step most often finds its parent. Undirected graphs only: a directed file
  /// needs symmetrize.
  bool hubs_first = false;
  /// Keep arc weights when the file has them.
  bool keep_weights = true;
  /// SNAP only: map the ids that occur to 0..k-1 in increasing id order (sparse ids);
  /// GraphFileInfo::original_ids maps them back. The other formats declare their vertex count
  /// and number vertices densely (isolated ones included), so there it is ignored with a warning.
  bool renumber = false;
  /// Tar or zip archives: the member to read (its path inside the archive). Empty: the archive's
  /// one graph file (a member named with a text format's extension), or NAME/NAME.mtx in an
  /// archive named NAME.tar.gz (NAME.zip, ...) when there are several.
  std::string member;
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
  /// "gzip", "bzip2", "xz" or "zstd"; empty for an uncompressed file.
  std::string compression;
  /// "tar" or "zip" when the graph was a member of an archive, and that member's path.
  std::string archive;
  std::string member;
  /// Bytes parsed (after decompression).
  std::uint64_t bytes = 0;
  double seconds = 0.0;
  /// When renumbered: the file's id of every vertex (original_ids[v] for v in 0..n-1, strictly
  /// increasing). Empty when ids are as written: vertex v is the file's id v (v + 1 in the
  /// 1-based formats).
  std::vector<std::int64_t> original_ids;
};

struct LoadedGraph {
  Graph graph;
  GraphFileInfo info;
};

/// Reads a graph file (any supported format) into CSR, adjacency lists sorted by target.
/// @throws IoError naming file, line and token for malformed input or unreadable files;
/// InvalidArgument for an unknown extension with GraphFormat::Auto (an archive's member must have a
/// known one, else IoError); OutOfMemory when the CSR
/// would not fit in the memory the system reports available.
LoadedGraph read_graph(const std::filesystem::path& path, const ReadOptions& options = {});

/// Reads a graph file into a raw edge list: the arcs described above in file order, before CSR
/// building (undirected formats list both arcs of every edge and set directed = false). Of the
/// options only format, member, keep_weights and renumber apply here.
/// @throws IoError as read_graph() does.
EdgeList<VertexId> read_edge_list(const std::filesystem::path& path,
                                  const ReadOptions& options = {}, GraphFileInfo* info = nullptr);

}  // namespace frontier::io
