// SNAP edge-list reader (.txt, .el, .edges, .snap, .tsv).
//
// Format (Stanford Network Analysis Project edge lists):
//   # comment lines ('#' or '%' as the first non-blank character)
//   <source> <target> [<weight>]      one edge per line, ids 0-based non-negative integers
// Columns are separated by spaces and/or tabs; CRLF line endings and blank lines are accepted.
// A third column, when present, is a weight (kept when ReadOptions::keep_weights); either every
// edge line has one or none does.
//
// The header: SNAP writes "# Nodes: N Edges: M" among the comments before the first edge line.
// M is the number of edge lines; N is the number of distinct ids the edge lines name (SNAP counts
// the nodes that occur, not the largest id + 1). Both are checked against the file, and a
// mismatch is a warning, not an error: the header is a comment, and the edge lines are the data.
// Nothing is allocated from N or M: the arc arrays are sized from the text's line count.
//
// Graph semantics (read_graph.hpp): directed, one arc per edge line, ids as written, so
// n = largest id + 1 (an id above 2^31 - 2 is an error then). With ReadOptions::renumber the
// distinct ids are mapped to 0..k-1 in increasing order and n = k (= the header's N), so sparse
// or huge ids (up to 2^63 - 1) load compactly, and GraphFileInfo::original_ids maps each vertex
// back to its id in the file. An empty (0-byte) file is an error; a file of comments only is an
// empty graph.
//
// Sparse ids: with ids as written, every id up to the largest is a vertex, the ones that no edge
// line names included. When more than half of the ids are unused (ca-CondMat: 108,300 ids, 23,133
// named), a warning says so and points to renumbering. When the unused ids would make the graph
// mostly empty vertices (more than kMostlyEmptyRatio ids per named one, and over
// kMostlyEmptyMinIds ids: a 12-byte line "0 200000000" asks for 2 * 10^8 vertices), the read is
// refused before the CSR is allocated, naming renumbering as the way to load the file: it gives
// the same graph on the named ids, and results map back through the original ids.
//
// Checks: every line (two non-negative integer ids, an optional finite weight, nothing else), a
// consistent column count, and the id limits above.
#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdint>
#include <cstring>
#include <numeric>
#include <string>
#include <string_view>
#include <vector>

#include "chunk_parse.hpp"
#include "frontier/detail/log.hpp"
#include "frontier/detail/parallel.hpp"
#include "frontier/errors.hpp"
#include "text_readers.hpp"
#include "text_scan.hpp"

namespace frontier::io {
namespace {

// Sparse ids (see the file comment): warn when more than half of the ids up to the largest are
// unused and at least kSparseMinUnused of them are (a few isolated ids cost nothing and are often
// meant); refuse when there are more than kMostlyEmptyRatio ids per named id and over
// kMostlyEmptyMinIds ids in all (the CSR's offsets then cost 128 MiB and more for nothing).
constexpr std::uint64_t kSparseMinUnused = 1024;
constexpr std::uint64_t kMostlyEmptyRatio = 16;
constexpr std::uint64_t kMostlyEmptyMinIds = std::uint64_t{1} << 24;

// The "# Nodes: N Edges: M" comment before the first edge line, and where the leading comment
// and blank lines end.
struct SnapHeader {
  const char* line = nullptr;  // null: the file has no such line
  std::uint64_t nodes = 0;
  std::uint64_t edges = 0;
  const char* body = nullptr;  // the first line that is neither blank nor a comment, or the end
};

// The count after `label` on the line [line, line_end), if the line has `label` and a number.
bool scan_labelled_count(std::string_view line, std::string_view label, std::uint64_t& value) {
  const std::size_t at = line.find(label);
  if (at == std::string_view::npos) return false;
  const char* p = skip_blanks(line.data() + at + label.size());
  return scan_unsigned(p, value) == ScanStatus::Ok;
}

SnapHeader find_header(const TextBuffer& text) {
  SnapHeader header;
  const char* p = text.begin();
  while (p < text.end()) {
    const char* line = p;
    p = skip_blanks(p);
    if (*p == '\n') {
      ++p;
      continue;
    }
    if (*p != '#' && *p != '%') {
      p = line;
      break;
    }
    p = next_line(p);
    const std::string_view view(line, static_cast<std::size_t>(p - line));
    SnapHeader counts;
    if (header.line == nullptr && scan_labelled_count(view, "Nodes:", counts.nodes) &&
        scan_labelled_count(view, "Edges:", counts.edges)) {
      header = counts;
      header.line = line;
    }
  }
  header.body = p;
  return header;
}

// Warns where the header's counts differ from what the edge lines hold.
void check_header(const TextBuffer& text, const SnapHeader& header, std::uint64_t edge_lines,
                  std::uint64_t distinct_ids) {
  if (header.line == nullptr) return;
  const std::size_t line = text.line_of(header.line);
  if (header.edges != edge_lines) {
    detail::logger().warn("{}: line {} declares {} edges but the file holds {} edge lines",
                          text.name(), line, header.edges, edge_lines);
  }
  if (header.nodes != distinct_ids) {
    detail::logger().warn("{}: line {} declares {} nodes but the edge lines name {} distinct ids",
                          text.name(), line, header.nodes, distinct_ids);
  }
}

// What one chunk's edge lines hold beyond their arcs.
struct SnapChunk {
  std::uint64_t records = 0;
  std::uint64_t max_id = 0;
  const char* first_two_columns = nullptr;
  const char* first_three_columns = nullptr;
};

// Whether the line at `line` has a third column (after two tokens).
bool has_third_column(const char* line) {
  const char* p = skip_blanks(line);
  for (int column = 0; column < 2; ++column) {
    while (!ends_token(*p)) ++p;
    p = skip_blanks(p);
  }
  return *p != '\n';
}

// Parses every edge line from `body` on (the leading comments skipped) into `arcs` (sources and
// targets with ids of type IdT as written, and the weights when the first edge line has a third
// column and options.keep_weights: a file whose lines differ in columns is an error); returns
// what each chunk found. The leading comments skipped, a file whose comments all come first, as
// SNAP writes them, leaves no slot empty.
template <typename IdT>
std::vector<SnapChunk> parse_lines(const TextBuffer& text, const char* body,
                                   const ReadOptions& options, std::uint64_t id_limit,
                                   EdgeList<IdT>& arcs) {
  const char* const text_end = text.end();
  const std::vector<LineChunk> chunks =
      split_lines(body, text_end, parse_chunk_bytes(static_cast<std::size_t>(text_end - body)));
  // Bound: an arc per line (and per 4 bytes, "0 1\n", for a file of many blank lines), counted
  // in one vectorized pass; exact unless comments or blank lines sit among the edge lines.
  auto most_arcs = [](const LineChunk& chunk) {
    constexpr std::size_t kShortestEdgeLine = 4;
    return std::min(count_lines(chunk.begin, chunk.end),
                    static_cast<std::size_t>(chunk.end - chunk.begin) / kShortestEdgeLine);
  };
  const bool weighted = options.keep_weights && body < text_end && has_third_column(body);
  auto parse = [&](std::size_t, const LineChunk& chunk, ArcWindow<IdT> arcs, SnapChunk& out) {
    std::uint64_t max_id = 0;
    const char* first_two_columns = nullptr;
    const char* first_three_columns = nullptr;
    const char* p = chunk.begin;
    while (p < chunk.end) {
      const char* line = p;
      // Most edge lines are two short ids and a line end: those take the plain scan, and every
      // other line the checks below, which name any problem.
      std::uint32_t plain[2];
      if (scan_plain_id_pair(p, plain[0], plain[1])) {
        max_id = std::max<std::uint64_t>(max_id, std::max(plain[0], plain[1]));
        if (first_two_columns == nullptr) first_two_columns = line;
        // In a weighted file a two-column line is an error (below).
        arcs.add_unweighted(static_cast<IdT>(plain[0]), static_cast<IdT>(plain[1]));
        continue;
      }
      p = skip_blanks(p);
      if (skip_empty_or_comment_line(p, "#%")) continue;
      std::uint64_t ids[2] = {0, 0};
      for (std::uint64_t& id : ids) {
        const ScanStatus status = scan_unsigned(p, id);
        if (status != ScanStatus::Ok) throw LineError{line, scan_problem(status, "vertex id", p)};
        if (id > id_limit) {
          throw LineError{line, "vertex id " + std::to_string(id) + " exceeds the largest id " +
                                    std::to_string(id_limit) +
                                    (options.renumber ? std::string()
                                                      : " that 32-bit ids allow (--renumber "
                                                        "maps the ids to 0..k-1)")};
        }
        max_id = std::max(max_id, id);
        p = skip_blanks(p);
      }
      double weight = 0.0;
      if (*p == '\n') {
        if (first_two_columns == nullptr) first_two_columns = line;
      } else {
        const ScanStatus status = scan_real(p, text_end, weight);
        if (status != ScanStatus::Ok) {
          throw LineError{line, scan_problem(status, "weight (third column)", p)};
        }
        if (!fits_weight(weight)) throw LineError{line, "weight does not fit a 32-bit float"};
        p = skip_blanks(p);
        if (*p != '\n') {
          throw LineError{line, "unexpected " + token_at(p) +
                                    " (expected 'source target' or 'source target weight')"};
        }
        if (first_three_columns == nullptr) first_three_columns = line;
      }
      ++p;
      arcs.add(static_cast<IdT>(ids[0]), static_cast<IdT>(ids[1]), static_cast<Weight>(weight));
    }
    out = {arcs.size(), max_id, first_two_columns, first_three_columns};
    return arcs.size();
  };
  std::vector<SnapChunk> parsed =
      parse_arc_chunks<SnapChunk>(text, chunks, weighted, arcs, most_arcs, parse);

  // Either every edge line has a weight or none has: report the first line that differs from
  // the first edge line.
  const char* first_two = nullptr;
  const char* first_three = nullptr;
  for (const SnapChunk& chunk : parsed) {
    if (first_two == nullptr) first_two = chunk.first_two_columns;
    if (first_three == nullptr) first_three = chunk.first_three_columns;
  }
  if (first_two != nullptr && first_three != nullptr) {
    const bool weighted_first = first_three < first_two;
    const char* odd = weighted_first ? first_two : first_three;
    const char* first = weighted_first ? first_three : first_two;
    text.fail(odd, std::string("this line has ") + (weighted_first ? "2" : "3") +
                       " columns but line " + std::to_string(text.line_of(first)) + " has " +
                       (weighted_first ? "3" : "2") + "; every edge line needs the same columns");
  }
  return parsed;
}

std::uint64_t max_id_of(const std::vector<SnapChunk>& chunks) {
  std::uint64_t max_id = 0;
  for (const SnapChunk& chunk : chunks) max_id = std::max(max_id, chunk.max_id);
  return max_id;
}

// Maps the ids to 0..k-1 in increasing id order: fills new_sources/new_targets and
// original_ids (the id of each new number, increasing); returns k.
std::uint64_t renumber_ids(const TextBuffer& text, const std::vector<std::int64_t>& sources,
                           const std::vector<std::int64_t>& targets, std::uint64_t max_id,
                           std::vector<VertexId>& new_sources, std::vector<VertexId>& new_targets,
                           std::vector<std::int64_t>& original_ids) {
  const std::int64_t m = static_cast<std::int64_t>(sources.size());
  new_sources.resize(sources.size());
  new_targets.resize(targets.size());
  original_ids.clear();
  if (m == 0) return 0;
  // Dense ids: mark the ids that occur, then a prefix sum gives each its new number. Used when
  // the id range is small next to the number of ids (the marker array stays proportional).
  constexpr std::uint64_t kDenseSlack = std::uint64_t{1} << 20;
  if (max_id < kMaxVertices && max_id + 1 <= 4 * 2 * static_cast<std::uint64_t>(m) + kDenseSlack) {
    const std::int64_t range = static_cast<std::int64_t>(max_id) + 1;
    std::vector<VertexId> number(static_cast<std::size_t>(range), 0);
#pragma omp parallel for schedule(static) if (detail::worth_threads(m))
    for (std::int64_t i = 0; i < m; ++i) {
      std::atomic_ref<VertexId>(number[sources[i]]).store(1, std::memory_order_relaxed);
      std::atomic_ref<VertexId>(number[targets[i]]).store(1, std::memory_order_relaxed);
    }
    const VertexId distinct = detail::parallel_exclusive_scan(number.data(), number.size());
    original_ids.resize(static_cast<std::size_t>(distinct));
    // After the exclusive scan, id i occurs exactly when the next id's number is larger.
#pragma omp parallel for schedule(static) if (detail::worth_threads(range))
    for (std::int64_t id = 0; id < range; ++id) {
      const VertexId next = id + 1 < range ? number[id + 1] : distinct;
      if (next != number[id]) original_ids[number[id]] = id;
    }
#pragma omp parallel for schedule(static) if (detail::worth_threads(m))
    for (std::int64_t i = 0; i < m; ++i) {
      new_sources[i] = number[sources[i]];
      new_targets[i] = number[targets[i]];
    }
    return static_cast<std::uint64_t>(distinct);
  }
  // Sparse ids: sort the distinct ids and look each one up.
  std::vector<std::int64_t>& ids = original_ids;
  ids.reserve(2 * sources.size());
  ids.insert(ids.end(), sources.begin(), sources.end());
  ids.insert(ids.end(), targets.begin(), targets.end());
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  ids.shrink_to_fit();
  if (ids.size() > kMaxVertices) {
    throw IoError(text.name(), 0,
                  std::to_string(ids.size()) + " distinct vertex ids exceed the " +
                      std::to_string(kMaxVertices) + " vertices that 32-bit ids can hold");
  }
  auto lookup = [&ids](std::int64_t id) {
    return static_cast<VertexId>(std::lower_bound(ids.begin(), ids.end(), id) - ids.begin());
  };
#pragma omp parallel for schedule(static) if (detail::worth_threads(m))
  for (std::int64_t i = 0; i < m; ++i) {
    new_sources[i] = lookup(sources[i]);
    new_targets[i] = lookup(targets[i]);
  }
  return ids.size();
}

// The number of distinct ids among the arcs, all below id_range. A bitmap over the range when it
// is no larger than the arcs themselves (a few bits per id), else a sorted copy of the ids, so
// the cost follows the file's size, never the largest id's.
std::uint64_t count_distinct_ids(const EdgeList<VertexId>& edges, std::uint64_t id_range) {
  const std::int64_t m = static_cast<std::int64_t>(edges.size());
  if (m == 0) return 0;
  constexpr std::uint64_t kBitsPerWord = 64;
  if (id_range <= kBitsPerWord * 2 * static_cast<std::uint64_t>(m)) {
    std::vector<std::uint64_t> seen((id_range + kBitsPerWord - 1) / kBitsPerWord, 0);
    const auto bit_of = [](VertexId id) {
      return std::uint64_t{1} << (static_cast<std::size_t>(id) % kBitsPerWord);
    };
    if (detail::worth_threads(m) && detail::max_threads() > 1) {
      // Reading before writing keeps the cache lines of ids seen before shared between threads.
      const auto mark = [&seen, &bit_of](VertexId id) {
        std::atomic_ref<std::uint64_t> word(seen[static_cast<std::size_t>(id) / kBitsPerWord]);
        const std::uint64_t bit = bit_of(id);
        if ((word.load(std::memory_order_relaxed) & bit) == 0) {
          word.fetch_or(bit, std::memory_order_relaxed);
        }
      };
#pragma omp parallel for schedule(static)
      for (std::int64_t i = 0; i < m; ++i) {
        mark(edges.sources[i]);
        mark(edges.targets[i]);
      }
    } else {
      // One thread: plain ors, no locked instruction and no branch per id.
      for (std::int64_t i = 0; i < m; ++i) {
        seen[static_cast<std::size_t>(edges.sources[i]) / kBitsPerWord] |= bit_of(edges.sources[i]);
        seen[static_cast<std::size_t>(edges.targets[i]) / kBitsPerWord] |= bit_of(edges.targets[i]);
      }
    }
    const std::int64_t words = static_cast<std::int64_t>(seen.size());
    std::uint64_t distinct = 0;
#pragma omp parallel for schedule(static) reduction(+ : distinct) if (detail::worth_threads(words))
    for (std::int64_t w = 0; w < words; ++w) distinct += std::popcount(seen[w]);
    return distinct;
  }
  std::vector<VertexId> ids;
  ids.reserve(2 * edges.size());
  ids.insert(ids.end(), edges.sources.begin(), edges.sources.end());
  ids.insert(ids.end(), edges.targets.begin(), edges.targets.end());
  std::sort(ids.begin(), ids.end());
  return static_cast<std::uint64_t>(std::unique(ids.begin(), ids.end()) - ids.begin());
}

// With ids as written: warns when most ids up to the largest are unused, and refuses a graph of
// mostly unused ids before its CSR is allocated (see the file comment).
void check_id_density(const TextBuffer& text, std::uint64_t id_range, std::uint64_t distinct) {
  const std::uint64_t unused = id_range - distinct;
  if (id_range > kMostlyEmptyMinIds && id_range / kMostlyEmptyRatio > distinct) {
    throw IoError(text.name(), 0,
                  "vertex ids run up to " + std::to_string(id_range - 1) +
                      " but the edge lines name only " + std::to_string(distinct) +
                      " distinct ids: a graph over the ids as written would have " +
                      std::to_string(id_range) + " vertices, " + std::to_string(unused) +
                      " of them in no edge line; load it with --renumber (ids become 0..k-1 in "
                      "increasing order and results name the original ids)");
  }
  if (unused > distinct && unused >= kSparseMinUnused) {
    detail::logger().warn(
        "{}: sparse vertex ids: they run up to {} but the edge lines name only {} distinct ids, "
        "so {} vertices are in no edge line; --renumber maps the ids to 0..k-1 in increasing "
        "order (results name the original ids)",
        text.name(), id_range - 1, distinct, unused);
  }
}

}  // namespace

EdgeList<VertexId> parse_snap(const TextBuffer& text, const ReadOptions& options,
                              GraphFileInfo& info) {
  if (text.size() == 0) {
    throw IoError(text.name(), 0, "empty file: expected SNAP edge lines 'source target'");
  }
  auto has_weight_column = [](const auto& parsed) {
    return std::any_of(parsed.begin(), parsed.end(),
                       [](const auto& chunk) { return chunk.first_three_columns != nullptr; });
  };
  const SnapHeader header = find_header(text);
  EdgeList<VertexId> edges;
  edges.directed = true;
  bool weight_column = false;
  std::uint64_t n = 0;
  if (options.renumber) {
    EdgeList<std::int64_t> wide;
    const std::vector<SnapChunk> parsed =
        parse_lines(text, header.body, options, static_cast<std::uint64_t>(INT64_MAX), wide);
    weight_column = has_weight_column(parsed);
    const std::uint64_t max_id = max_id_of(parsed);
    info.declared_edges = total_records(parsed);
    n = renumber_ids(text, wide.sources, wide.targets, max_id, edges.sources, edges.targets,
                     info.original_ids);
    edges.weights = std::move(wide.weights);
    check_header(text, header, info.declared_edges, n);
  } else {
    const std::vector<SnapChunk> parsed =
        parse_lines(text, header.body, options, kMaxVertices - 1, edges);
    weight_column = has_weight_column(parsed);
    info.declared_edges = total_records(parsed);
    n = info.declared_edges > 0 ? max_id_of(parsed) + 1 : 0;
    // The distinct ids feed the header's check and the sparse-id checks; without a header and
    // with at most kSparseMinUnused ids neither can say anything, so the count is skipped.
    if (header.line != nullptr || n > kSparseMinUnused) {
      const std::uint64_t distinct = count_distinct_ids(edges, n);
      check_header(text, header, info.declared_edges, distinct);
      check_id_density(text, n, distinct);
    }
  }
  edges.num_vertices = static_cast<VertexId>(n);
  info.declared_vertices = n;
  info.variant = std::string(weight_column ? "weighted" : "unweighted") +
                 (options.renumber ? " renumbered" : "");
  return edges;
}

}  // namespace frontier::io
