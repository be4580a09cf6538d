// DIMACS9 shortest-path graph reader (.gr).
//
// Format (9th DIMACS Implementation Challenge, "Shortest Paths", 2006):
//   c <comment>          comment lines, anywhere
//   p sp <n> <m>         the problem line, exactly once, before any arc
//   a <u> <v> <w>        one arc u -> v of length w; ids 1-based in [1, n]
// Lengths are integers in the challenge files; any finite number that fits a 32-bit float is
// accepted. Blank lines are skipped.
//
// Graph semantics (read_graph.hpp): directed, one weighted arc per `a` line (ids made 0-based).
// Checks: the problem line (`sp`, two counts, nothing else; a second one is an error), every arc
// line (ids in range, a weight present, no extra tokens), unknown line types, and the arc count:
// the `a` lines must number exactly m (too few names the last line, too many the first extra arc).
#include <algorithm>
#include <string>
#include <vector>

#include "chunk_parse.hpp"
#include "frontier/errors.hpp"
#include "text_readers.hpp"
#include "text_scan.hpp"

namespace frontier::io {
namespace {

struct Dimacs9Header {
  std::uint64_t vertices = 0;
  std::uint64_t arcs = 0;
  const char* problem_line = nullptr;
  const char* body = nullptr;
};

// Parses lines up to and including the problem line.
Dimacs9Header parse_header(const TextBuffer& text) {
  if (text.size() == 0) {
    throw IoError(text.name(), 0, "empty file: expected a DIMACS9 problem line 'p sp n m'");
  }
  Dimacs9Header header;
  const char* line = text.begin();
  while (line < text.end()) {
    const char* p = skip_blanks(line);
    if (*p == '\n' || *p == 'c') {
      line = next_line(p);
      continue;
    }
    if (*p == 'a') text.fail(line, "arc line before the problem line 'p sp n m'");
    if (*p != 'p' || !is_blank(p[1])) {
      text.fail(line, "unknown line type " + token_at(p) + " (expected 'c', 'p' or 'a')");
    }
    p = skip_blanks(p + 1);
    if (p[0] != 's' || p[1] != 'p' || !is_blank(p[2])) {
      text.fail(line, "unsupported problem type " + token_at(p) + " (expected 'p sp n m')");
    }
    p = skip_blanks(p + 2);
    ScanStatus status = scan_unsigned(p, header.vertices);
    if (status != ScanStatus::Ok) text.fail(line, scan_problem(status, "vertex count", p));
    p = skip_blanks(p);
    status = scan_unsigned(p, header.arcs);
    if (status != ScanStatus::Ok) text.fail(line, scan_problem(status, "arc count", p));
    p = skip_blanks(p);
    if (*p != '\n') text.fail(line, "unexpected " + token_at(p) + " after 'p sp n m'");
    checked_vertex_count(text, line, header.vertices, "vertex count");
    header.problem_line = line;
    header.body = p + 1;
    return header;
  }
  text.fail_line(text.line_of(text.end() - 1), "missing problem line 'p sp n m'");
}

bool is_arc_line(const char* line) { return *skip_blanks(line) == 'a'; }

}  // namespace

EdgeList<VertexId> parse_dimacs9(const TextBuffer& text, const ReadOptions& options,
                                 GraphFileInfo& info) {
  const Dimacs9Header header = parse_header(text);
  info.declared_vertices = header.vertices;
  info.declared_edges = header.arcs;
  info.variant = "sp";
  const bool weighted = options.keep_weights;
  const std::uint64_t n = header.vertices;
  const char* const text_end = text.end();
  const std::vector<LineChunk> chunks =
      split_lines(header.body, text.end(), parse_chunk_bytes(text.end() - header.body));

  // Bound: an arc per line not starting with 'c' (and per 8 bytes, "a 1 1 1\n"), counted in one
  // vectorized pass; exact unless blank lines or indented comments sit among the arcs.
  auto most_arcs = [](const LineChunk& chunk) {
    constexpr std::size_t kShortestArcLine = 8;
    return std::min(count_lines_not_starting_with(chunk.begin, chunk.end, 'c'),
                    static_cast<std::size_t>(chunk.end - chunk.begin) / kShortestArcLine);
  };
  auto parse = [&](std::size_t, const LineChunk& chunk, ArcWindow<VertexId> arcs,
                   RecordCount& out) {
    const char* p = chunk.begin;
    while (p < chunk.end) {
      const char* line = p;
      p = skip_blanks(p);
      if (skip_empty_or_comment_line(p, "c")) continue;
      if (*p == 'p') throw LineError{line, "a second problem line"};
      if (*p != 'a' || !is_blank(p[1])) {
        throw LineError{line, "unknown line type " + token_at(p) + " (expected 'c', 'p' or 'a')"};
      }
      p = skip_blanks(p + 1);
      std::uint64_t ids[2] = {0, 0};
      for (std::uint64_t& id : ids) {
        const ScanStatus status = scan_unsigned(p, id);
        if (status != ScanStatus::Ok) throw LineError{line, scan_problem(status, "vertex id", p)};
        if (id == 0 || id > n) {
          throw LineError{line, "vertex id " + std::to_string(id) + " out of range [1, " +
                                    std::to_string(n) + "]"};
        }
        p = skip_blanks(p);
      }
      double length = 0.0;
      const ScanStatus status = scan_real(p, text_end, length);
      if (status != ScanStatus::Ok) throw LineError{line, scan_problem(status, "arc length", p)};
      if (!fits_weight(length)) {
        throw LineError{line, "arc length does not fit a 32-bit float weight"};
      }
      p = skip_blanks(p);
      if (*p != '\n') throw LineError{line, "unexpected " + token_at(p) + " after 'a u v w'"};
      ++p;
      ++out.records;
      arcs.add(static_cast<VertexId>(ids[0] - 1), static_cast<VertexId>(ids[1] - 1),
               static_cast<Weight>(length));
    }
    return arcs.size();
  };
  EdgeList<VertexId> edges;
  edges.num_vertices = static_cast<VertexId>(n);
  edges.directed = true;
  const std::vector<RecordCount> parsed =
      parse_arc_chunks<RecordCount>(text, chunks, weighted, edges, most_arcs, parse);
  check_declared_count(text, chunks, parsed, header.arcs, header.problem_line, "arcs", is_arc_line);
  return edges;
}

}  // namespace frontier::io
