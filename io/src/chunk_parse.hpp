// Parallel parsing of line chunks, straight into one set of arc arrays (internal to frontier_io).
//
// parse_chunks() runs one parse function per LineChunk in an OpenMP loop. A parse function
// reports malformed input by throwing LineError (a position and a problem); the driver catches
// it inside the loop (exceptions may not leave an OpenMP region), stops starting chunks that lie
// after the failed one, and finally rethrows the failure of the earliest chunk in file order as
// an IoError naming the file, the line and the line's text. So the error reported is the first
// one in the file, whatever the thread timing.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <exception>
#include <numeric>
#include <string>
#include <vector>

#include "frontier/detail/parallel.hpp"
#include "frontier/detail/progress.hpp"
#include "frontier/edge_list.hpp"
#include "text_source.hpp"

namespace frontier::io {

/// Malformed input found while parsing a chunk: where, and what is wrong.
struct LineError {
  const char* at;
  std::string problem;
};

/// Runs parse(chunk_index, chunk, result) for every chunk in parallel; see the file comment.
template <typename Result, typename Parse>
std::vector<Result> parse_chunks(const TextBuffer& text, const std::vector<LineChunk>& chunks,
                                 Parse&& parse) {
  const std::int64_t count = static_cast<std::int64_t>(chunks.size());
  std::vector<Result> results(chunks.size());
  std::vector<LineError> line_errors(chunks.size(), LineError{nullptr, {}});
  std::vector<std::exception_ptr> other_errors(chunks.size());
  std::atomic<std::int64_t> first_failed{count};
  std::atomic<std::uint64_t> bytes_done{0};
  std::uint64_t total_bytes = 0;
  for (const LineChunk& chunk : chunks)
    total_bytes += static_cast<std::uint64_t>(chunk.end - chunk.begin);
  detail::Progress progress("parsing " + text.name(), total_bytes, "MB", 1e-6);
  // A team no larger than the chunks: a text of a few chunks wakes only the threads it uses.
  const int threads = static_cast<int>(std::clamp<std::int64_t>(count, 1, detail::max_threads()));
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads) if (count > 1)
  for (std::int64_t c = 0; c < count; ++c) {
    if (c > first_failed.load(std::memory_order_relaxed)) continue;
    bool failed = false;
    try {
      parse(static_cast<std::size_t>(c), chunks[c], results[c]);
    } catch (LineError& error) {
      line_errors[c] = std::move(error);
      failed = true;
    } catch (...) {
      other_errors[c] = std::current_exception();
      failed = true;
    }
    if (failed) {
      std::int64_t seen = first_failed.load(std::memory_order_relaxed);
      while (c < seen && !first_failed.compare_exchange_weak(seen, c)) {
      }
    }
    const std::uint64_t size = static_cast<std::uint64_t>(chunks[c].end - chunks[c].begin);
    progress.update(bytes_done.fetch_add(size, std::memory_order_relaxed) + size);
  }
  progress.finish();
  const std::int64_t failed = first_failed.load();
  if (failed < count) {
    if (other_errors[failed]) std::rethrow_exception(other_errors[failed]);
    text.fail(line_errors[failed].at, line_errors[failed].problem);
  }
  return results;
}

/// The arcs one chunk parses, written in file order into its window of the arc arrays that all
/// chunks share (see parse_arc_chunks).
template <typename VertexT>
class ArcWindow {
 public:
  ArcWindow(VertexT* sources, VertexT* targets, Weight* weights) noexcept
      : sources_(sources), targets_(targets), weights_(weights) {}

  /// Appends the arc source -> target; its weight is kept where the arrays keep weights.
  void add(VertexT source, VertexT target, Weight weight) noexcept {
    sources_[size_] = source;
    targets_[size_] = target;
    if (weights_ != nullptr) weights_[size_] = weight;
    ++size_;
  }

  /// Appends the arc source -> target of a record without a weight, leaving its weight slot
  /// unwritten: for readers that reject such a record where the file has weights.
  void add_unweighted(VertexT source, VertexT target) noexcept {
    sources_[size_] = source;
    targets_[size_] = target;
    ++size_;
  }

  std::size_t size() const noexcept { return size_; }

 private:
  VertexT* sources_;
  VertexT* targets_;
  Weight* weights_;  // null: the arrays keep no weights
  std::size_t size_ = 0;
};

/// Parses every chunk straight into the empty edge list `arcs` (sources, targets and, if
/// `weighted`, weights): most_arcs(chunk) bounds the arcs a chunk can yield, whatever its text
/// (malformed lines included, since a chunk may write arcs before it meets the error). The arrays
/// are sized once to the sum of the bounds, each chunk gets the window of slots that starts at the
/// sum of the bounds before it (on one thread: where the arcs before it end), and
/// parse(chunk_index, chunk, window, result) runs on all chunks as parse_chunks() runs them (the
/// first error in file order is reported), returning the arcs it added. The window comes by
/// value: a local of the parse function, which its loop can keep in registers. The slots a chunk
/// leaves empty (comment or blank lines, diagonal entries) are squeezed out after, in file order
/// (an arc only moves down): none where the bounds are exact or one thread parsed, so the arcs
/// are never copied and no page beyond theirs is touched. Returns the chunks' results.
template <typename Result, typename VertexT, typename MostArcs, typename Parse>
std::vector<Result> parse_arc_chunks(const TextBuffer& text, const std::vector<LineChunk>& chunks,
                                     bool weighted, EdgeList<VertexT>& arcs, MostArcs&& most_arcs,
                                     Parse&& parse) {
  const std::int64_t count = static_cast<std::int64_t>(chunks.size());
  std::vector<std::size_t> first_slot(chunks.size() + 1, 0);
  const int threads = static_cast<int>(std::clamp<std::int64_t>(count, 1, detail::max_threads()));
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads) if (count > 1)
  for (std::int64_t c = 0; c < count; ++c) first_slot[c + 1] = most_arcs(chunks[c]);
  std::partial_sum(first_slot.begin(), first_slot.end(), first_slot.begin());
  arcs.sources.resize(first_slot.back());
  arcs.targets.resize(first_slot.back());
  arcs.weights.resize(weighted ? first_slot.back() : 0);
  VertexT* const sources = arcs.sources.data();
  VertexT* const targets = arcs.targets.data();
  Weight* const weights = weighted ? arcs.weights.data() : nullptr;
  // A team of one (parse_chunks asks for no more threads than chunks) runs the chunks in file
  // order, so each can start where the arcs before it end, leaving nothing to squeeze.
  const bool in_order = std::min<std::int64_t>(count, detail::max_threads()) <= 1;
  std::size_t next_free = 0;
  std::vector<std::size_t> start(chunks.size(), 0);
  std::vector<std::size_t> parsed(chunks.size(), 0);
  std::vector<Result> results = parse_chunks<Result>(
      text, chunks, [&](std::size_t c, const LineChunk& chunk, Result& result) {
        const std::size_t first = in_order ? next_free : first_slot[c];
        start[c] = first;
        parsed[c] = parse(c, chunk,
                          ArcWindow<VertexT>(sources + first, targets + first,
                                             weighted ? weights + first : nullptr),
                          result);
        if (in_order) next_free = first + parsed[c];
      });

  std::size_t kept = 0;
  for (std::size_t c = 0; c < chunks.size(); ++c) {
    const std::size_t first = start[c];
    const std::size_t size = parsed[c];
    if (first != kept && size > 0) {
      std::memmove(sources + kept, sources + first, size * sizeof(VertexT));
      std::memmove(targets + kept, targets + first, size * sizeof(VertexT));
      if (weighted) std::memmove(weights + kept, weights + first, size * sizeof(Weight));
    }
    kept += size;
  }
  arcs.sources.resize(kept);
  arcs.targets.resize(kept);
  arcs.weights.resize(weighted ? kept : 0);
  return results;
}

/// What a chunk of a format with a declared record count finds: the records that count toward
/// the header's total (entries, `a` lines).
struct RecordCount {
  std::uint64_t records = 0;
};

/// Sum of the chunks' record counts.
template <typename Result>
std::uint64_t total_records(const std::vector<Result>& chunks) {
  std::uint64_t total = 0;
  for (const Result& chunk : chunks) total += chunk.records;
  return total;
}

/// The chunk holding record number `index` (0-based, counted over all chunks), and the number of
/// records before that chunk. Requires index < total_records(chunks).
template <typename Result>
std::pair<std::size_t, std::uint64_t> chunk_of_record(const std::vector<Result>& chunks,
                                                      std::uint64_t index) {
  std::uint64_t before = 0;
  for (std::size_t c = 0; c < chunks.size(); ++c) {
    if (index < before + chunks[c].records) return {c, before};
    before += chunks[c].records;
  }
  return {chunks.size(), before};
}

/// Checks that the chunks hold exactly `declared` records, as the header line at `header`
/// declares. Too few: an error naming the file's last line. Too many: an error naming the first
/// record beyond the declared count, found by rescanning its chunk with is_record(line_start).
template <typename Result, typename IsRecord>
void check_declared_count(const TextBuffer& text, const std::vector<LineChunk>& chunks,
                          const std::vector<Result>& results, std::uint64_t declared,
                          const char* header, const std::string& noun, IsRecord&& is_record) {
  const std::uint64_t total = total_records(results);
  if (total == declared) return;
  const std::string header_line = std::to_string(text.line_of(header));
  if (total < declared) {
    text.fail_line(text.line_of(text.end() - 1),
                   "file ends after " + std::to_string(total) + " " + noun + " but line " +
                       header_line + " declares " + std::to_string(declared),
                   text.line_text(header));
  }
  const auto [c, before] = chunk_of_record(results, declared);
  std::uint64_t seen = before;
  for (const char* line = chunks[c].begin; line < chunks[c].end; line = next_line(line)) {
    if (!is_record(line)) continue;
    if (seen == declared) {
      text.fail(line, "more " + noun + " than the " + std::to_string(declared) +
                          " declared on line " + header_line);
    }
    ++seen;
  }
  text.fail(header, "more " + noun + " than declared");
}

}  // namespace frontier::io
