// SNAP edge-list reader (.txt, .el, .edges, .snap, .tsv).
//
// Format (Stanford Network Analysis Project edge lists):
//   # comment lines ('#' or '%' as the first non-blank character)
//   <source> <target> [<weight>]      one edge per line, ids 0-based non-negative integers
// Columns are separated by spaces and/or tabs; CRLF line endings and blank lines are accepted.
// A third column, when present, is a weight (kept when ReadOptions::keep_weights); either every
// edge line has one or none does.
//
// Graph semantics (read_graph.hpp): directed, one arc per edge line, ids as written, so
// n = largest id + 1 (an id above 2^31 - 2 is an error then). With ReadOptions::renumber the
// distinct ids are mapped to 0..k-1 in increasing order and n = k, so sparse or huge ids (up to
// 2^63 - 1) load compactly. An empty (0-byte) file is an error; a file of comments only is an
// empty graph.
//
// Checks: every line (two non-negative integer ids, an optional finite weight, nothing else), a
// consistent column count, and the id limits above.
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "chunk_parse.hpp"
#include "frontier/detail/parallel.hpp"
#include "frontier/errors.hpp"
#include "text_readers.hpp"
#include "text_scan.hpp"

namespace frontier::io {
namespace {

// Arcs of one chunk with ids of type IdT, as written in the file.
template <typename IdT>
struct SnapChunk : ArcChunk<IdT> {
  std::uint64_t max_id = 0;
  const char* first_two_columns = nullptr;
  const char* first_three_columns = nullptr;
};

template <typename IdT>
std::vector<SnapChunk<IdT>> parse_lines(const TextBuffer& text, const ReadOptions& options,
                                        std::uint64_t id_limit) {
  const char* const text_end = text.end();
  const std::vector<LineChunk> chunks =
      split_lines(text.begin(), text.end(), parse_chunk_bytes(text.size()));
  const bool keep_weights = options.keep_weights;
  auto parse = [&](std::size_t, const LineChunk& chunk, SnapChunk<IdT>& out) {
    constexpr std::size_t kShortestEdgeLine = 4;  // "0 1\n"
    out.reserve_for(chunk, kShortestEdgeLine, keep_weights);
    const char* p = chunk.begin;
    while (p < chunk.end) {
      const char* line = p;
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
                                                      : " that 32-bit ids allow (renumbering "
                                                        "maps sparse ids to 0..k-1)")};
        }
        out.max_id = std::max(out.max_id, id);
        p = skip_blanks(p);
      }
      if (*p == '\n') {
        if (out.first_two_columns == nullptr) out.first_two_columns = line;
      } else {
        double weight = 0.0;
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
        if (out.first_three_columns == nullptr) out.first_three_columns = line;
        if (keep_weights) out.weights.push_back(static_cast<Weight>(weight));
      }
      ++p;
      ++out.records;
      out.sources.push_back(static_cast<IdT>(ids[0]));
      out.targets.push_back(static_cast<IdT>(ids[1]));
    }
  };
  std::vector<SnapChunk<IdT>> parsed = parse_chunks<SnapChunk<IdT>>(text, chunks, parse);

  // Either every edge line has a weight or none has: report the first line that differs from
  // the first edge line.
  const char* first_two = nullptr;
  const char* first_three = nullptr;
  for (const SnapChunk<IdT>& chunk : parsed) {
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

template <typename IdT>
std::uint64_t max_id_of(const std::vector<SnapChunk<IdT>>& chunks) {
  std::uint64_t max_id = 0;
  for (const SnapChunk<IdT>& chunk : chunks) max_id = std::max(max_id, chunk.max_id);
  return max_id;
}

// Maps the ids in `edges` (stored as int64) to 0..k-1 in increasing id order; returns k.
std::uint64_t renumber_ids(const TextBuffer& text, const std::vector<std::int64_t>& sources,
                           const std::vector<std::int64_t>& targets, std::uint64_t max_id,
                           std::vector<VertexId>& new_sources, std::vector<VertexId>& new_targets) {
  const std::int64_t m = static_cast<std::int64_t>(sources.size());
  new_sources.resize(sources.size());
  new_targets.resize(targets.size());
  if (m == 0) return 0;
  // Dense ids: mark the ids that occur, then a prefix sum gives each its new number. Used when
  // the id range is small next to the number of ids (the marker array stays proportional).
  constexpr std::uint64_t kDenseSlack = std::uint64_t{1} << 20;
  if (max_id < kMaxVertices && max_id + 1 <= 4 * 2 * static_cast<std::uint64_t>(m) + kDenseSlack) {
    std::vector<VertexId> number(static_cast<std::size_t>(max_id) + 1, 0);
#pragma omp parallel for schedule(static) if (detail::worth_threads(m))
    for (std::int64_t i = 0; i < m; ++i) {
      std::atomic_ref<VertexId>(number[sources[i]]).store(1, std::memory_order_relaxed);
      std::atomic_ref<VertexId>(number[targets[i]]).store(1, std::memory_order_relaxed);
    }
    const VertexId distinct = detail::parallel_exclusive_scan(number.data(), number.size());
#pragma omp parallel for schedule(static) if (detail::worth_threads(m))
    for (std::int64_t i = 0; i < m; ++i) {
      new_sources[i] = number[sources[i]];
      new_targets[i] = number[targets[i]];
    }
    return static_cast<std::uint64_t>(distinct);
  }
  // Sparse ids: sort the distinct ids and look each one up.
  std::vector<std::int64_t> ids;
  ids.reserve(2 * sources.size());
  ids.insert(ids.end(), sources.begin(), sources.end());
  ids.insert(ids.end(), targets.begin(), targets.end());
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
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
  EdgeList<VertexId> edges;
  edges.directed = true;
  bool weight_column = false;
  std::uint64_t n = 0;
  if (options.renumber) {
    std::vector<SnapChunk<std::int64_t>> parsed =
        parse_lines<std::int64_t>(text, options, static_cast<std::uint64_t>(INT64_MAX));
    weight_column = has_weight_column(parsed);
    const std::uint64_t max_id = max_id_of(parsed);
    info.declared_edges = total_records(parsed);
    EdgeList<std::int64_t> wide;
    gather_arcs(parsed, weight_column && options.keep_weights, wide);
    n = renumber_ids(text, wide.sources, wide.targets, max_id, edges.sources, edges.targets);
    edges.weights = std::move(wide.weights);
  } else {
    std::vector<SnapChunk<VertexId>> parsed =
        parse_lines<VertexId>(text, options, kMaxVertices - 1);
    weight_column = has_weight_column(parsed);
    info.declared_edges = total_records(parsed);
    n = info.declared_edges > 0 ? max_id_of(parsed) + 1 : 0;
    gather_arcs(parsed, weight_column && options.keep_weights, edges);
  }
  edges.num_vertices = static_cast<VertexId>(n);
  info.declared_vertices = n;
  info.variant = std::string(weight_column ? "weighted" : "unweighted") +
                 (options.renumber ? " renumbered" : "");
  return edges;
}

}  // namespace frontier::io
