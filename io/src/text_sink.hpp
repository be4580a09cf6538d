// Output file for the text graph writers (internal to frontier_io): plain or gzip-compressed.
//
// The text goes through an OutputFile (frontier/io/output_file.hpp): a writer that fails half-way
// never leaves a truncated graph under the requested name. Every failed write, flush or rename
// throws IoError naming the file and the OS error.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include "frontier/io/output_file.hpp"

namespace frontier::io {

class TextSink {
 public:
  /// Opens `path` for writing; `gzip` compresses with zlib (level 6).
  /// @throws IoError if the file cannot be created.
  TextSink(const std::filesystem::path& path, bool gzip);
  TextSink(const TextSink&) = delete;
  TextSink& operator=(const TextSink&) = delete;
  /// Drops the unfinished file if close() was not reached. Never throws.
  ~TextSink();

  void write(std::string_view text);
  /// Flushes, closes and moves the file into place. @throws IoError on failure.
  void close();

 private:
  [[noreturn]] void fail(const std::string& problem);

  OutputFile file_;
  void* gz_ = nullptr;  // gzFile; void* keeps zlib.h out of this header
};

/// True when `path` ends in ".gz" (the writers then compress).
bool has_gzip_suffix(const std::filesystem::path& path);

}  // namespace frontier::io
