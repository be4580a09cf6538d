// Matrix Market coordinate reader.
//
// Format (NIST Matrix Market, "The Matrix Market Exchange Formats: Initial Design", 1996):
//   %%MatrixMarket matrix coordinate <field> <symmetry>     banner, words case-insensitive
//   % comment lines ...                                     (blank lines tolerated)
//   rows columns entries                                    size line
//   i j [value]                                             `entries` lines, 1-based indices
// field: pattern (no value), integer, real; symmetry: general, symmetric, skew-symmetric.
// Rejected with a clear message: `array` (dense) files, `complex` fields, `hermitian` symmetry,
// `pattern skew-symmetric` (not allowed by the format), non-square symmetric matrices.
//
// Graph semantics (read_graph.hpp): entry (i, j) is the arc i-1 -> j-1. general: directed, one
// arc per entry. symmetric: undirected, an off-diagonal entry gives both arcs (the same weight),
// a diagonal entry one self loop; entries from either triangle are accepted. skew-symmetric:
// undirected, entry (i, j, v) gives i->j with v and j->i with -v; a diagonal entry is an error.
// A non-square general matrix becomes a graph on max(rows, columns) vertices (logged as a
// warning): row ids must lie in [1, rows] and column ids in [1, columns].
//
// Checks: the banner, the size line (three counts, nothing else), every entry (ids in range,
// value present exactly when the field needs one, no extra tokens), and the entry count: fewer
// entries than declared is an error naming the last line, more is an error naming the first
// extra entry. '%' lines and blank lines between entries are skipped.
#include <algorithm>
#include <cctype>
#include <string>
#include <string_view>
#include <vector>

#include "chunk_parse.hpp"
#include "frontier/detail/log.hpp"
#include "frontier/errors.hpp"
#include "text_readers.hpp"
#include "text_scan.hpp"

namespace frontier::io {
namespace {

enum class MtxField { Pattern, Integer, Real };
enum class MtxSymmetry { General, Symmetric, SkewSymmetric };

struct MtxHeader {
  MtxField field = MtxField::Pattern;
  MtxSymmetry symmetry = MtxSymmetry::General;
  std::uint64_t rows = 0;
  std::uint64_t columns = 0;
  std::uint64_t entries = 0;
  const char* size_line = nullptr;
  const char* body = nullptr;
  std::string variant;
};

std::vector<std::string> lower_words(std::string_view line) {
  std::vector<std::string> words;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && is_blank(line[i])) ++i;
    std::size_t j = i;
    while (j < line.size() && !is_blank(line[j])) ++j;
    if (j > i) {
      std::string word(line.substr(i, j - i));
      for (char& c : word) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      words.push_back(std::move(word));
    }
    i = j;
  }
  return words;
}

void parse_banner(const TextBuffer& text, MtxHeader& header) {
  const char* line = text.begin();
  const std::vector<std::string> words = lower_words(text.line_text(line));
  if (words.empty() || words[0] != "%%matrixmarket") {
    text.fail(line,
              "missing Matrix Market banner: the first line must read "
              "'%%MatrixMarket matrix coordinate <field> <symmetry>'");
  }
  if (words.size() != 5) {
    text.fail(line,
              "the banner needs four words after %%MatrixMarket: "
              "matrix coordinate <field> <symmetry>");
  }
  if (words[1] != "matrix") {
    text.fail(line, "unsupported Matrix Market object '" + words[1] + "' (expected 'matrix')");
  }
  if (words[2] == "array") {
    text.fail(line,
              "dense 'array' Matrix Market files are not supported; a graph needs the "
              "sparse 'coordinate' format");
  }
  if (words[2] != "coordinate") {
    text.fail(line, "unknown Matrix Market format '" + words[2] + "' (expected 'coordinate')");
  }
  if (words[3] == "pattern") {
    header.field = MtxField::Pattern;
  } else if (words[3] == "integer") {
    header.field = MtxField::Integer;
  } else if (words[3] == "real" || words[3] == "double") {
    header.field = MtxField::Real;
  } else if (words[3] == "complex") {
    text.fail(line,
              "complex-valued matrices are not supported (field must be pattern, integer "
              "or real)");
  } else {
    text.fail(line,
              "unknown Matrix Market field '" + words[3] + "' (expected pattern, integer or real)");
  }
  if (words[4] == "general") {
    header.symmetry = MtxSymmetry::General;
  } else if (words[4] == "symmetric") {
    header.symmetry = MtxSymmetry::Symmetric;
  } else if (words[4] == "skew-symmetric") {
    header.symmetry = MtxSymmetry::SkewSymmetric;
  } else if (words[4] == "hermitian") {
    text.fail(line,
              "hermitian matrices are not supported (symmetry must be general, symmetric "
              "or skew-symmetric)");
  } else {
    text.fail(line, "unknown Matrix Market symmetry '" + words[4] +
                        "' (expected general, symmetric or skew-symmetric)");
  }
  if (header.field == MtxField::Pattern && header.symmetry == MtxSymmetry::SkewSymmetric) {
    text.fail(line, "a pattern matrix cannot be skew-symmetric");
  }
  header.variant = words[2] + " " + words[3] + " " + words[4];
}

void parse_size_line(const TextBuffer& text, MtxHeader& header) {
  const char* line = next_line(text.begin());
  while (line < text.end()) {
    const char* p = skip_blanks(line);
    if (*p != '%' && *p != '\n') break;
    line = next_line(p);
  }
  if (line >= text.end()) {
    text.fail_line(text.line_of(text.end() - 1),
                   "missing size line 'rows columns entries' after the banner and comments");
  }
  const char* p = skip_blanks(line);
  std::uint64_t* const counts[] = {&header.rows, &header.columns, &header.entries};
  const char* const names[] = {"row count", "column count", "entry count"};
  for (int k = 0; k < 3; ++k) {
    const ScanStatus status = scan_unsigned(p, *counts[k]);
    if (status != ScanStatus::Ok) {
      text.fail(line, "bad size line: " + scan_problem(status, names[k], p) +
                          " (expected 'rows columns entries')");
    }
    p = skip_blanks(p);
  }
  if (*p != '\n') {
    text.fail(line, "bad size line: unexpected " + token_at(p) + " after 'rows columns entries'");
  }
  if (header.symmetry != MtxSymmetry::General && header.rows != header.columns) {
    text.fail(line, "a symmetric matrix must be square, but the size line declares " +
                        std::to_string(header.rows) + " x " + std::to_string(header.columns));
  }
  checked_vertex_count(text, line, header.rows, "row count");
  checked_vertex_count(text, line, header.columns, "column count");
  header.size_line = line;
  header.body = next_line(p);
}

// True for a line holding an entry (not blank, not a comment).
bool is_entry_line(const char* line) {
  const char* p = skip_blanks(line);
  return *p != '\n' && *p != '%';
}

[[noreturn]] void throw_out_of_range(const char* line, std::uint64_t id, std::uint64_t bound) {
  throw LineError{
      line, "vertex id " + std::to_string(id) + " out of range [1, " + std::to_string(bound) + "]"};
}

}  // namespace

EdgeList<VertexId> parse_matrix_market(const TextBuffer& text, const ReadOptions& options,
                                       GraphFileInfo& info) {
  if (text.size() == 0) {
    throw IoError(text.name(), 0,
                  "empty file: expected a Matrix Market banner '%%MatrixMarket matrix coordinate "
                  "<field> <symmetry>'");
  }
  MtxHeader header;
  parse_banner(text, header);
  parse_size_line(text, header);
  const std::uint64_t n = std::max(header.rows, header.columns);
  if (header.rows != header.columns) {
    detail::logger().warn(
        "{}: the matrix is {} x {}, not square; reading it as a directed graph on "
        "max(rows, columns) = {} vertices",
        text.name(), header.rows, header.columns, n);
  }
  info.declared_vertices = n;
  info.declared_edges = header.entries;
  info.variant = header.variant;

  const MtxField field = header.field;
  const MtxSymmetry symmetry = header.symmetry;
  const bool weighted = field != MtxField::Pattern && options.keep_weights;
  const std::uint64_t rows = header.rows;
  const std::uint64_t columns = header.columns;
  const char* const text_end = text.end();
  const std::vector<LineChunk> chunks =
      split_lines(header.body, text.end(), parse_chunk_bytes(text.end() - header.body));

  // Bound: an entry per line not starting with '%' (and per 4 bytes, "1 1\n"), counted in one
  // vectorized pass, and two arcs per entry where symmetric; exact for general files without
  // blank lines among the entries (a symmetric file's diagonal entries leave a slot each).
  const std::size_t arcs_per_entry = symmetry == MtxSymmetry::General ? 1 : 2;
  auto most_arcs = [arcs_per_entry](const LineChunk& chunk) {
    constexpr std::size_t kShortestEntryLine = 4;
    return arcs_per_entry *
           std::min(count_lines_not_starting_with(chunk.begin, chunk.end, '%'),
                    static_cast<std::size_t>(chunk.end - chunk.begin) / kShortestEntryLine);
  };
  auto parse = [&](std::size_t, const LineChunk& chunk, ArcWindow<VertexId> arcs,
                   RecordCount& out) {
    const char* p = chunk.begin;
    while (p < chunk.end) {
      const char* line = p;
      p = skip_blanks(p);
      if (skip_empty_or_comment_line(p, "%")) continue;
      std::uint64_t row = 0;
      std::uint64_t column = 0;
      ScanStatus status = scan_unsigned(p, row);
      if (status != ScanStatus::Ok) throw LineError{line, scan_problem(status, "row index", p)};
      p = skip_blanks(p);
      status = scan_unsigned(p, column);
      if (status != ScanStatus::Ok) throw LineError{line, scan_problem(status, "column index", p)};
      if (row == 0 || row > rows) throw_out_of_range(line, row, rows);
      if (column == 0 || column > columns) throw_out_of_range(line, column, columns);
      double value = 1.0;
      if (field != MtxField::Pattern) {
        p = skip_blanks(p);
        if (field == MtxField::Integer) {
          std::int64_t integer = 0;
          status = scan_signed(p, integer);
          value = static_cast<double>(integer);
        } else {
          status = scan_real(p, text_end, value);
        }
        if (status != ScanStatus::Ok) {
          throw LineError{
              line,
              scan_problem(status, field == MtxField::Integer ? "integer value" : "real value", p)};
        }
        if (!fits_weight(value)) {
          throw LineError{line,
                          "value " + std::to_string(value) + " does not fit a 32-bit float weight"};
        }
      }
      p = skip_blanks(p);
      if (*p != '\n') {
        throw LineError{line, "unexpected " + token_at(p) + " after the entry (expected '" +
                                  (field == MtxField::Pattern ? "row column" : "row column value") +
                                  "')"};
      }
      ++p;
      ++out.records;
      const auto u = static_cast<VertexId>(row - 1);
      const auto v = static_cast<VertexId>(column - 1);
      arcs.add(u, v, static_cast<Weight>(value));
      if (symmetry == MtxSymmetry::General) continue;
      if (u == v) {
        if (symmetry == MtxSymmetry::SkewSymmetric) {
          throw LineError{line, "a skew-symmetric matrix cannot have a diagonal entry"};
        }
        continue;
      }
      arcs.add(v, u, static_cast<Weight>(symmetry == MtxSymmetry::SkewSymmetric ? -value : value));
    }
    return arcs.size();
  };
  EdgeList<VertexId> edges;
  edges.num_vertices = static_cast<VertexId>(n);
  edges.directed = symmetry == MtxSymmetry::General;
  const std::vector<RecordCount> parsed =
      parse_arc_chunks<RecordCount>(text, chunks, weighted, edges, most_arcs, parse);
  check_declared_count(text, chunks, parsed, header.entries, header.size_line, "entries",
                       is_entry_line);
  return edges;
}

}  // namespace frontier::io
