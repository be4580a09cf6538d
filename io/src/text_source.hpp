// Whole-file text input for the graph readers (internal to frontier_io).
//
// read_text_file() loads a file into one contiguous buffer, inflating it on the fly when it starts
// with the gzip magic bytes 1f 8b (whatever its extension). Invariants of the resulting TextBuffer:
//  - text() is the file's (decompressed) content, plus one '\n' appended when the content does
//    not already end with one, so every line, the last included, ends with '\n'; parsers can scan
//    a line without bounds checks;
//  - line numbers are 1-based and derived from the text itself (line_of() counts '\n' before a
//    position), so parsers only carry pointers and pay for line numbers on the error path alone.
// split_lines() cuts a range of whole lines into chunks for OpenMP parsing; every chunk starts at
// a line start and ends just after a '\n'.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace frontier::io {

/// Frees malloc'd memory (the text buffer grows with realloc while a gzip stream inflates).
struct FreeDeleter {
  void operator()(char* pointer) const noexcept { std::free(pointer); }
};
using ByteArray = std::unique_ptr<char, FreeDeleter>;

/// A file's text in memory (see the file comment for its invariants).
class TextBuffer {
 public:
  TextBuffer() = default;
  TextBuffer(std::string name, ByteArray data, std::size_t size, bool gzip);

  /// The name used in error messages (the path as the caller gave it).
  const std::string& name() const noexcept { return name_; }
  const char* begin() const noexcept { return data_.get(); }
  const char* end() const noexcept { return data_.get() + size_; }
  std::size_t size() const noexcept { return size_; }
  std::string_view text() const noexcept { return {data_.get(), size_}; }
  bool gzip() const noexcept { return gzip_; }

  /// 1-based number of the line holding `at` (begin() <= at <= end()).
  std::size_t line_of(const char* at) const;
  /// The line holding `at`, without its line ending.
  std::string_view line_text(const char* at) const;
  /// Throws IoError naming this file, the line holding `at` and that line as the token.
  [[noreturn]] void fail(const char* at, const std::string& problem) const;
  /// Throws IoError naming this file and `line` with `token`.
  [[noreturn]] void fail_line(std::size_t line, const std::string& problem,
                              std::string_view token = {}) const;

 private:
  std::string name_;
  ByteArray data_;
  std::size_t size_ = 0;
  bool gzip_ = false;
};

/// Reads `path` whole, inflating gzip content (detected by its magic bytes).
/// @throws IoError if the file cannot be read or its gzip stream is corrupt or truncated.
TextBuffer read_text_file(const std::filesystem::path& path);

/// A run of whole lines: begin is a line start, end is just past a '\n' (or begin == end).
struct LineChunk {
  const char* begin = nullptr;
  const char* end = nullptr;
};

/// Splits [begin, end) (whole lines) into chunks of about `chunk_bytes` each, cut after '\n'.
std::vector<LineChunk> split_lines(const char* begin, const char* end, std::size_t chunk_bytes);

/// The chunk size used for parallel parsing of `bytes` bytes: large enough to amortize the
/// per-chunk work, small enough to balance over the threads.
std::size_t parse_chunk_bytes(std::size_t bytes);

/// Returns the start of the line after the one holding `at` (the line's '\n' must exist).
const char* next_line(const char* at) noexcept;

/// Steps `p` (which stands after a line's leading blanks) over the rest of that line when the line
/// is empty or a comment, i.e. starts with one of `comment_marks`; returns whether it did.
inline bool skip_empty_or_comment_line(const char*& p, std::string_view comment_marks) noexcept {
  if (*p == '\n') {
    ++p;
    return true;
  }
  if (comment_marks.find(*p) == std::string_view::npos) return false;
  p = next_line(p);
  return true;
}

}  // namespace frontier::io
