// METIS / DIMACS10 graph reader (.graph).
//
// Format (METIS 5 manual, section 4.1.1; 10th DIMACS Implementation Challenge file format):
//   % comment lines, anywhere ('%' as the first non-blank character)
//   n m [fmt [ncon]]     header: n vertices, m undirected edges
//   one line per vertex v = 1..n, in order:
//     [size] [w_1 .. w_ncon] (neighbor [edge_weight])*
// fmt has up to three binary digits "abc": a = vertex sizes present, b = vertex weights present
// (ncon of them, default 1), c = edge weights present (so 0, 1, 10, 11, 100, 101, 110, 111, with
// leading zeros allowed). Neighbors are 1-based. An isolated vertex is an EMPTY line, so a blank
// line among the first n adjacency lines is a vertex; blank lines after the n-th are tolerated.
//
// Graph semantics (read_graph.hpp): undirected; the arcs are exactly those the lines list (every
// edge appears in both endpoints' lines), made 0-based; edge weights kept when fmt has them;
// vertex sizes and weights are checked for form and discarded.
//
// Checks: the header (2 to 4 fields, a valid fmt, ncon only with vertex weights), that there are
// at least n adjacency lines and that any line past the n-th is blank, every token (neighbors in
// [1, n], a weight after every neighbor when fmt has edge weights), and that the lines list
// exactly 2m arcs. Symmetry of the lists (u lists v iff v lists u) is not checked.
//
// Parsing runs in two parallel passes: the first counts the adjacency lines of every chunk so
// each chunk knows the vertex its first line belongs to; the second parses, into arc arrays
// sized by a count of the tokens (parse_arc_chunks).
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "chunk_parse.hpp"
#include "frontier/errors.hpp"
#include "text_readers.hpp"
#include "text_scan.hpp"

namespace frontier::io {
namespace {

struct MetisHeader {
  std::uint64_t vertices = 0;
  std::uint64_t edges = 0;
  bool vertex_sizes = false;
  bool vertex_weights = false;
  bool edge_weights = false;
  std::uint64_t ncon = 0;  // vertex weights per vertex (0 without vertex weights)
  std::string fmt = "000";
  const char* header_line = nullptr;
  const char* body = nullptr;
};

bool is_comment_or_blank(const char* line) {
  const char* p = skip_blanks(line);
  return *p == '%' || *p == '\n';
}

MetisHeader parse_header(const TextBuffer& text) {
  if (text.size() == 0) throw IoError(text.name(), 0, "empty file: expected a METIS header 'n m'");
  const char* line = text.begin();
  while (line < text.end() && is_comment_or_blank(line)) line = next_line(line);
  if (line >= text.end()) {
    text.fail_line(text.line_of(text.end() - 1), "missing METIS header 'n m [fmt [ncon]]'");
  }
  MetisHeader header;
  header.header_line = line;
  const char* p = skip_blanks(line);
  ScanStatus status = scan_unsigned(p, header.vertices);
  if (status != ScanStatus::Ok)
    text.fail(line, "bad header: " + scan_problem(status, "vertex count", p));
  p = skip_blanks(p);
  status = scan_unsigned(p, header.edges);
  if (status != ScanStatus::Ok)
    text.fail(line, "bad header: " + scan_problem(status, "edge count", p));
  p = skip_blanks(p);
  if (*p != '\n') {
    const char* start = p;
    while (!ends_token(*p)) ++p;
    const std::string_view fmt(start, static_cast<std::size_t>(p - start));
    const bool binary = fmt.find_first_not_of("01") == std::string_view::npos;
    if (fmt.empty() || fmt.size() > 3 || !binary) {
      text.fail(line, "bad header: fmt " + token_at(start) +
                          " must be up to three binary digits (0, 1, 10, 11, 100, ..., 111)");
    }
    header.fmt = std::string(3 - fmt.size(), '0') + std::string(fmt);
    header.vertex_sizes = header.fmt[0] == '1';
    header.vertex_weights = header.fmt[1] == '1';
    header.edge_weights = header.fmt[2] == '1';
    header.ncon = header.vertex_weights ? 1 : 0;
    p = skip_blanks(p);
    if (*p != '\n') {
      if (!header.vertex_weights) {
        text.fail(line, "bad header: ncon " + token_at(p) + " given but fmt has no vertex weights");
      }
      status = scan_unsigned(p, header.ncon);
      if (status != ScanStatus::Ok)
        text.fail(line, "bad header: " + scan_problem(status, "ncon", p));
      if (header.ncon == 0) text.fail(line, "bad header: ncon must be at least 1");
      p = skip_blanks(p);
      if (*p != '\n') text.fail(line, "bad header: unexpected " + token_at(p) + " after ncon");
    }
  }
  checked_vertex_count(text, line, header.vertices, "vertex count");
  header.body = p + 1;
  return header;
}

}  // namespace

EdgeList<VertexId> parse_metis(const TextBuffer& text, const ReadOptions& options,
                               GraphFileInfo& info) {
  const MetisHeader header = parse_header(text);
  info.declared_vertices = header.vertices;
  info.declared_edges = header.edges;
  info.variant = "fmt=" + header.fmt +
                 (header.ncon > 1 ? " ncon=" + std::to_string(header.ncon) : std::string());
  const bool weighted = header.edge_weights && options.keep_weights;
  const std::uint64_t n = header.vertices;
  const char* const text_end = text.end();
  const std::vector<LineChunk> chunks =
      split_lines(header.body, text.end(), parse_chunk_bytes(text.end() - header.body));
  const std::int64_t chunk_count = static_cast<std::int64_t>(chunks.size());

  // Pass 1: adjacency lines per chunk, then the vertex of each chunk's first line.
  std::vector<std::uint64_t> first_vertex(chunks.size() + 1, 0);
#pragma omp parallel for schedule(dynamic, 1) if (chunk_count > 1)
  for (std::int64_t c = 0; c < chunk_count; ++c) {
    std::uint64_t lines = 0;
    for (const char* line = chunks[c].begin; line < chunks[c].end; line = next_line(line)) {
      if (*skip_blanks(line) != '%') ++lines;
    }
    first_vertex[c + 1] = lines;
  }
  for (std::size_t c = 0; c < chunks.size(); ++c) first_vertex[c + 1] += first_vertex[c];
  const std::uint64_t adjacency_lines = first_vertex[chunks.size()];
  if (adjacency_lines < n) {
    text.fail_line(text.line_of(text.end() - 1),
                   "file ends after " + std::to_string(adjacency_lines) +
                       " adjacency lines but the header (line " +
                       std::to_string(text.line_of(header.header_line)) + ") declares " +
                       std::to_string(n) + " vertices",
                   text.line_text(header.header_line));
  }

  // Pass 2: parse every line. Bound: a token per arc (two with edge weights), counted in one
  // vectorized pass; exact unless comments or vertex sizes and weights add tokens.
  const std::size_t tokens_per_arc = header.edge_weights ? 2 : 1;
  auto most_arcs = [tokens_per_arc](const LineChunk& chunk) {
    return count_tokens(chunk.begin, chunk.end) / tokens_per_arc;
  };
  auto parse = [&](std::size_t c, const LineChunk& chunk, ArcWindow<VertexId> arcs,
                   std::monostate&) {
    std::uint64_t vertex = first_vertex[c];
    const char* p = chunk.begin;
    while (p < chunk.end) {
      const char* line = p;
      p = skip_blanks(p);
      if (*p == '%') {
        p = next_line(p);
        continue;
      }
      if (vertex >= n) {
        if (*p != '\n') {
          throw LineError{line, "adjacency line for vertex " + std::to_string(vertex + 1) +
                                    ", but the header declares " + std::to_string(n) + " vertices"};
        }
        ++p;
        continue;
      }
      const std::uint64_t leading = (header.vertex_sizes ? 1 : 0) + header.ncon;
      for (std::uint64_t k = 0; k < leading; ++k) {
        std::uint64_t ignored = 0;
        const ScanStatus status = scan_unsigned(p, ignored);
        if (status != ScanStatus::Ok) {
          const bool size = header.vertex_sizes && k == 0;
          throw LineError{line, scan_problem(status, size ? "vertex size" : "vertex weight", p)};
        }
        p = skip_blanks(p);
      }
      const auto u = static_cast<VertexId>(vertex);
      while (*p != '\n') {
        std::uint64_t neighbor = 0;
        ScanStatus status = scan_unsigned(p, neighbor);
        if (status != ScanStatus::Ok) throw LineError{line, scan_problem(status, "neighbor", p)};
        if (neighbor == 0 || neighbor > n) {
          throw LineError{line, "vertex id " + std::to_string(neighbor) + " out of range [1, " +
                                    std::to_string(n) + "]"};
        }
        p = skip_blanks(p);
        double weight = 1.0;
        if (header.edge_weights) {
          status = scan_real(p, text_end, weight);
          if (status != ScanStatus::Ok) {
            throw LineError{line, "neighbor " + std::to_string(neighbor) + " has no valid edge " +
                                      "weight: " + scan_problem(status, "edge weight", p)};
          }
          if (!fits_weight(weight)) {
            throw LineError{line, "edge weight does not fit a 32-bit float"};
          }
          p = skip_blanks(p);
        }
        arcs.add(u, static_cast<VertexId>(neighbor - 1), static_cast<Weight>(weight));
      }
      ++p;
      ++vertex;
    }
    return arcs.size();
  };
  EdgeList<VertexId> edges;
  edges.num_vertices = static_cast<VertexId>(n);
  edges.directed = false;
  parse_arc_chunks<std::monostate>(text, chunks, weighted, edges, most_arcs, parse);
  const std::uint64_t arcs = edges.size();
  if (arcs % 2 != 0 || arcs / 2 != header.edges) {
    text.fail(header.header_line,
              "the adjacency lines list " + std::to_string(arcs) +
                  " arcs but the header declares " + std::to_string(header.edges) +
                  " edges, which need twice as many arcs (each edge in both endpoints' lines)");
  }
  return edges;
}

}  // namespace frontier::io
