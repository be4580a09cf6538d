// Output file for the text graph writers (internal to frontier_io): plain or gzip-compressed.
//
// The text goes to a temporary file next to the target ("<name>.partial"), which is renamed onto
// the target by close(); a writer that fails half-way therefore never leaves a truncated graph
// under the requested name. Every failed write, flush or rename throws IoError naming the file.
#pragma once

#include <cstdio>
#include <filesystem>
#include <string>
#include <string_view>

namespace frontier::io {

class TextSink {
 public:
  /// Opens `path` for writing; `gzip` compresses with zlib (level 6).
  /// @throws IoError if the file cannot be created.
  TextSink(const std::filesystem::path& path, bool gzip);
  TextSink(const TextSink&) = delete;
  TextSink& operator=(const TextSink&) = delete;
  /// Removes the temporary file if close() was not reached. Never throws.
  ~TextSink();

  void write(std::string_view text);
  /// Flushes, closes and moves the file into place. @throws IoError on failure.
  void close();

 private:
  [[noreturn]] void fail(const std::string& problem);
  void discard() noexcept;

  std::filesystem::path path_;
  std::filesystem::path partial_;
  bool gzip_;
  std::FILE* file_ = nullptr;
  void* gz_ = nullptr;  // gzFile; void* keeps zlib.h out of this header
  bool finished_ = false;
};

/// True when `path` ends in ".gz" (the writers then compress).
bool has_gzip_suffix(const std::filesystem::path& path);

}  // namespace frontier::io
