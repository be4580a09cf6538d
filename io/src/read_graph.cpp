// read_graph() and read_edge_list(): choose the format, read the text (compressed, a member of an
// archive or plain), hand it to the format's parser, and build the CSR with the caller's options.
// The format comes from --format, else the file name, else (for an archive) the member's name.
//
// Directed formats (MTX general, DIMACS9, SNAP) honour ReadOptions::symmetrize; undirected ones
// (MTX symmetric/skew-symmetric, METIS) already list both arcs of every edge, so symmetrizing them
// again would double every edge and is skipped. Before the CSR is built, its size is checked
// against the memory the system reports available, so a huge declared vertex count yields an
// OutOfMemory error instead of a failed allocation.
#include <cstdint>
#include <string>

#include "chunk_parse.hpp"
#include "frontier/csr_builder.hpp"
#include "frontier/detail/host_memory.hpp"
#include "frontier/detail/log.hpp"
#include "frontier/detail/timer.hpp"
#include "frontier/errors.hpp"
#include "frontier/io/binary_csr.hpp"
#include "frontier/io/read_graph.hpp"
#include "text_readers.hpp"
#include "text_source.hpp"

namespace frontier::io {
namespace {

GraphFormat resolve_format(const std::filesystem::path& path, GraphFormat requested) {
  return requested == GraphFormat::Auto ? format_from_extension(path) : requested;
}

// The format of an archive member the file name left open, from the member's name.
GraphFormat member_format(const TextBuffer& text) {
  const GraphFormat format = format_named_by(text.origin().member);
  if (format == GraphFormat::Auto || format == GraphFormat::BinaryCsr) {
    throw IoError(text.name(), 0,
                  "cannot tell the graph format from the name; pass --format (mtx, gr, metis or "
                  "snap)");
  }
  return format;
}

// ", gzip", ", gzip, tar member g/g.mtx" or nothing: how the text was stored, for messages.
std::string storage_note(const GraphFileInfo& info) {
  std::string note;
  if (!info.compression.empty()) note += ", " + info.compression;
  if (!info.archive.empty()) note += ", " + info.archive + " member " + info.member;
  return note;
}

void check_memory_for_csr(const std::string& name, const EdgeList<VertexId>& edges,
                          bool symmetrize) {
  const std::uint64_t n = static_cast<std::uint64_t>(edges.num_vertices);
  const std::uint64_t arcs = (symmetrize ? 2 : 1) * static_cast<std::uint64_t>(edges.size());
  const std::uint64_t needed = csr_build_peak_bytes<VertexId, EdgeId>(n, arcs, edges.has_weights());
  const std::uint64_t available = detail::available_host_memory_bytes();
  if (available > 0 && needed > available) {
    throw OutOfMemory("building the CSR graph of " + name + " (" + std::to_string(n) +
                          " vertices, " + std::to_string(arcs) + " arcs; " +
                          format_bytes(needed - available) + " missing)",
                      needed, available);
  }
}

// Renumbering is for SNAP's sparse ids; the other formats declare n and number all n vertices.
void warn_if_renumber_ignored(const std::filesystem::path& path, GraphFormat format,
                              const ReadOptions& options) {
  if (options.renumber && format != GraphFormat::Snap) {
    detail::logger().warn(
        "{}: --renumber applies to SNAP edge lists only; {} numbers its vertices densely as "
        "declared, so they keep their ids",
        path.string(), to_string(format));
  }
}

EdgeList<VertexId> parse_text(const TextBuffer& text, GraphFormat format,
                              const ReadOptions& options, GraphFileInfo& info) {
  switch (format) {
    case GraphFormat::MatrixMarket:
      return parse_matrix_market(text, options, info);
    case GraphFormat::Dimacs9:
      return parse_dimacs9(text, options, info);
    case GraphFormat::Metis:
      return parse_metis(text, options, info);
    case GraphFormat::Snap:
      return parse_snap(text, options, info);
    default:
      break;
  }
  throw InvalidArgument("format " + std::string(to_string(format)) + " is not a text format");
}

void log_read(const GraphFileInfo& info, std::int64_t n, std::int64_t arcs) {
  constexpr double kSlowSeconds = 1.0;
  const double mb_per_s =
      info.seconds > 0 ? 1e-6 * static_cast<double>(info.bytes) / info.seconds : 0.0;
  detail::logger().log(info.seconds > kSlowSeconds ? spdlog::level::info : spdlog::level::debug,
                       "read {} ({} {}{}): {} vertices, {} arcs, {:.2f} s, {:.0f} MB/s", info.path,
                       to_string(info.format), info.variant, storage_note(info), n, arcs,
                       info.seconds, mb_per_s);
}

// How the CSR of `edges` read from `path` is built; hubs first on a directed graph is refused
// here, naming the file, before anything is built.
CsrBuildOptions csr_build_options(const std::string& path, const EdgeList<VertexId>& edges,
                                  const ReadOptions& options) {
  CsrBuildOptions build;
  build.symmetrize = options.symmetrize && edges.directed;
  build.remove_self_loops = options.remove_self_loops;
  build.remove_duplicates = options.remove_duplicates;
  build.hubs_first = options.hubs_first;
  if (build.hubs_first && edges.directed && !build.symmetrize) {
    throw InvalidArgument(path +
                          ": hubs first needs an undirected graph, and this one is directed "
                          "(read it symmetrized)");
  }
  return build;
}

}  // namespace

EdgeList<VertexId> read_edge_list(const std::filesystem::path& path, const ReadOptions& options,
                                  GraphFileInfo* info_out) {
  const detail::Timer timer;
  GraphFileInfo info;
  info.path = path.string();
  info.format = resolve_format(path, options.format);
  warn_if_renumber_ignored(path, info.format, options);
  EdgeList<VertexId> edges;
  if (info.format == GraphFormat::BinaryCsr) {
    Graph graph = read_binary_csr(path);
    info.declared_vertices = static_cast<std::uint64_t>(graph.num_vertices());
    info.declared_edges = static_cast<std::uint64_t>(graph.num_arcs());
    info.variant = graph.directed() ? "directed" : "undirected";
    info.bytes = std::filesystem::file_size(path);
    edges = arcs_of(graph);
    if (!options.keep_weights) edges.weights.clear();
  } else {
    const TextBuffer text = read_text_file(path, options.member);
    info.compression = text.origin().compression;
    info.archive = text.origin().archive;
    info.member = text.origin().member;
    info.bytes = text.size();
    if (info.format == GraphFormat::Auto) info.format = member_format(text);
    edges = parse_text(text, info.format, options, info);
  }
  info.seconds = timer.seconds();
  if (info_out != nullptr) *info_out = std::move(info);
  return edges;
}

LoadedGraph read_graph(const std::filesystem::path& path, const ReadOptions& options) {
  const detail::Timer timer;
  LoadedGraph loaded;
  const GraphFormat format = resolve_format(path, options.format);
  if (format == GraphFormat::BinaryCsr) {
    warn_if_renumber_ignored(path, format, options);
    loaded.graph = read_binary_csr(path);
    const bool reshape = (options.symmetrize && loaded.graph.directed()) ||
                         options.remove_self_loops || options.remove_duplicates ||
                         options.hubs_first ||
                         (!options.keep_weights && loaded.graph.has_weights());
    GraphFileInfo& info = loaded.info;
    info.path = path.string();
    info.format = format;
    info.declared_vertices = static_cast<std::uint64_t>(loaded.graph.num_vertices());
    info.declared_edges = static_cast<std::uint64_t>(loaded.graph.num_arcs());
    info.variant = loaded.graph.directed() ? "directed" : "undirected";
    info.bytes = std::filesystem::file_size(path);
    if (reshape) {
      EdgeList<VertexId> edges = arcs_of(loaded.graph);
      if (!options.keep_weights) edges.weights.clear();
      loaded.graph = Graph();
      const CsrBuildOptions build = csr_build_options(info.path, edges, options);
      loaded.graph = build_csr<VertexId, EdgeId>(edges, build);
    }
  } else {
    EdgeList<VertexId> edges = read_edge_list(path, options, &loaded.info);
    const CsrBuildOptions build = csr_build_options(loaded.info.path, edges, options);
    check_memory_for_csr(loaded.info.path, edges, build.symmetrize);
    loaded.graph = build_csr<VertexId, EdgeId>(edges, build);
  }
  loaded.info.seconds = timer.seconds();
  log_read(loaded.info, loaded.graph.num_vertices(), loaded.graph.num_arcs());
  return loaded;
}

}  // namespace frontier::io
