// Parallel parsing of line chunks and gathering of their arcs (internal to frontier_io).
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

/// Arcs parsed from one chunk, in file order.
template <typename VertexT>
struct ArcChunk {
  std::vector<VertexT> sources;
  std::vector<VertexT> targets;
  std::vector<Weight> weights;
  /// Records that count toward the header's declared total (entries, `a` lines, edge lines).
  std::uint64_t records = 0;

  /// Reserves room for the most arcs `chunk` can hold, given the fewest bytes a record takes
  /// per arc it yields ("1 1\n": 4 bytes, 1 arc). Reserving address space touches no memory
  /// (pages are faulted in when written), and it spares the re-allocation and copying of growing
  /// arrays.
  void reserve_for(const LineChunk& chunk, std::size_t min_bytes_per_arc, bool weighted) {
    const auto arcs = static_cast<std::size_t>(chunk.end - chunk.begin) / min_bytes_per_arc + 1;
    sources.reserve(arcs);
    targets.reserve(arcs);
    if (weighted) weights.reserve(arcs);
  }
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

/// Moves the chunks' arcs (any ArcChunk-like type), in chunk order, into `out` (sources, targets
/// and, if `weighted`, weights); frees each chunk's arrays once copied.
template <typename Chunk, typename VertexT>
void gather_arcs(std::vector<Chunk>& chunks, bool weighted, EdgeList<VertexT>& out) {
  std::vector<std::size_t> start(chunks.size() + 1, 0);
  for (std::size_t c = 0; c < chunks.size(); ++c)
    start[c + 1] = start[c] + chunks[c].sources.size();
  const std::size_t total = start.back();
  out.sources.resize(total);
  out.targets.resize(total);
  out.weights.resize(weighted ? total : 0);
  const std::int64_t count = static_cast<std::int64_t>(chunks.size());
  const bool parallel = count > 1 && detail::worth_threads(static_cast<std::int64_t>(total));
#pragma omp parallel for schedule(dynamic, 1) if (parallel)
  for (std::int64_t c = 0; c < count; ++c) {
    Chunk& chunk = chunks[c];
    const std::size_t size = chunk.sources.size();
    if (size > 0) {
      std::memcpy(out.sources.data() + start[c], chunk.sources.data(), size * sizeof(VertexT));
      std::memcpy(out.targets.data() + start[c], chunk.targets.data(), size * sizeof(VertexT));
      if (weighted) {
        std::memcpy(out.weights.data() + start[c], chunk.weights.data(), size * sizeof(Weight));
      }
    }
    chunk = Chunk{};
  }
}

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
