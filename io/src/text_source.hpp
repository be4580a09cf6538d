// Whole-file text input for the graph readers (internal to frontier_io).
//
// read_text_file() loads a file into one contiguous buffer. Plain files are read with read(2);
// a small gzip file is inflated whole by libdeflate; other compressed files (gzip, bzip2, xz,
// zstd, recognised by their magic bytes whatever the name) and tar or zip archives are decoded as
// a stream through libarchive, one member of an archive being the text. Only regular files are
// opened, so a FIFO or a device never blocks or floods the reader. Invariants of the resulting
// TextBuffer:
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

/// Frees malloc'd memory (the text buffer grows with realloc while a stream decompresses).
struct FreeDeleter {
  void operator()(char* pointer) const noexcept { std::free(pointer); }
};
using ByteArray = std::unique_ptr<char, FreeDeleter>;

/// How a text was stored in its file.
struct TextOrigin {
  /// "gzip", "bzip2", "xz" or "zstd"; empty for an uncompressed file.
  std::string compression;
  /// "tar" or "zip" when the text is a member of an archive; empty otherwise.
  std::string archive;
  /// The member's path inside the archive.
  std::string member;
};

/// A file's text in memory (see the file comment for its invariants).
class TextBuffer {
 public:
  TextBuffer() = default;
  TextBuffer(std::string name, ByteArray data, std::size_t size, TextOrigin origin);

  /// The name used in error messages: the path as the caller gave it, then ":MEMBER" for a
  /// member of an archive.
  const std::string& name() const noexcept { return name_; }
  const char* begin() const noexcept { return data_.get(); }
  const char* end() const noexcept { return data_.get() + size_; }
  std::size_t size() const noexcept { return size_; }
  std::string_view text() const noexcept { return {data_.get(), size_}; }
  const TextOrigin& origin() const noexcept { return origin_; }

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
  TextOrigin origin_;
};

/// gzip files of at most this many bytes are read whole and inflated by libdeflate, well over
/// twice zlib's speed; larger ones stream through libarchive. Whole-buffer decoding holds the
/// compressed file beside its text and reports no progress, so the bound keeps that copy small
/// and the decoding within Progress's silent first second even for text that compresses tenfold.
inline constexpr std::size_t kWholeGzipMaxBytes = std::size_t{32} << 20;

/// Reads `path` whole, decompressing it when it is compressed. For a tar or zip archive it reads
/// `member` when given, else the archive's one graph file (a member whose name has a graph
/// format's extension), else NAME/NAME.mtx of NAME.tar.gz (the SuiteSparse Matrix Collection's
/// layout).
/// @throws IoError if the path is not a regular file or cannot be read; if a stream is corrupt,
/// truncated, followed by other bytes or decompresses to something that is not text (a NUL byte
/// in its first block) or to more than the available memory; if `member` is given for a file that
/// is no archive or names no member; if an archive holds no graph file or several (the message
/// lists them).
TextBuffer read_text_file(const std::filesystem::path& path, const std::string& member = {});

/// `bytes` with every byte outside printable ASCII written as \xNN, cut to `max_bytes` of the
/// input (then "..." follows): safe to quote from a file in a one-line message.
std::string printable_excerpt(std::string_view bytes, std::size_t max_bytes = 80);

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

/// The number of '\n' in [begin, end).
std::size_t count_lines(const char* begin, const char* end) noexcept;

/// The number of lines in [begin, end) (whole lines) whose first byte is not `mark`.
std::size_t count_lines_not_starting_with(const char* begin, const char* end, char mark) noexcept;

/// The number of tokens in [begin, end) (whole lines), taking every byte up to ' ' (blanks, '\n'
/// and other control bytes) as a separator: at least the tokens the scanners of text_scan.hpp
/// take there, since each of those holds a digit.
std::size_t count_tokens(const char* begin, const char* end) noexcept;

/// Returns the start of the line after the one holding `at` (the line's '\n' must exist).
const char* next_line(const char* at) noexcept;

/// Steps `p` (which stands after a line's leading blanks) over the rest of that line when the line
/// is empty or a comment, i.e. starts with one of `comment_marks`; returns whether it did.
inline bool skip_empty_or_comment_line(const char*& p, std::string_view comment_marks) noexcept {
  if (*p == '\n') {
    ++p;
    return true;
  }
  // A loop over the one or two marks, not string_view::find: that is a memchr call per line.
  for (const char mark : comment_marks) {
    if (*p == mark) {
      p = next_line(p);
      return true;
    }
  }
  return false;
}

}  // namespace frontier::io
