// archive_library.hpp — libarchive opened on first use (dlopen), not linked. Only archives (tar,
// zip) and bzip2, xz and zstd streams need it, and linking it made every program that reads a
// graph load it at start with the libraries it pulls in (libxml2, ICU, nettle, acl, lzma, zstd,
// lz4, bz2): about 0.9 ms of a `frontier bfs karate.mtx` that takes 4.7 ms in all.
#pragma once

#include <archive.h>
#include <archive_entry.h>

#include <string>

namespace frontier::io {

// Every libarchive function the stream decoder calls (text_source.cpp), one list for the table's
// fields and for their lookup.
#define FRONTIER_ARCHIVE_FUNCTIONS(X)  \
  X(archive_read_new)                  \
  X(archive_read_free)                 \
  X(archive_read_support_filter_gzip)  \
  X(archive_read_support_filter_bzip2) \
  X(archive_read_support_filter_xz)    \
  X(archive_read_support_filter_zstd)  \
  X(archive_read_support_format_tar)   \
  X(archive_read_support_format_zip)   \
  X(archive_read_support_format_raw)   \
  X(archive_read_support_format_empty) \
  X(archive_read_open_fd)              \
  X(archive_read_next_header)          \
  X(archive_read_data)                 \
  X(archive_read_data_skip)            \
  X(archive_filter_code)               \
  X(archive_filter_count)              \
  X(archive_filter_bytes)              \
  X(archive_format)                    \
  X(archive_error_string)              \
  X(archive_entry_pathname)            \
  X(archive_entry_filetype)

/// libarchive's functions, each field named as the function it points to.
struct ArchiveLibrary {
#define FRONTIER_ARCHIVE_FIELD(name) decltype(&::name) name = nullptr;
  FRONTIER_ARCHIVE_FUNCTIONS(FRONTIER_ARCHIVE_FIELD)
#undef FRONTIER_ARCHIVE_FIELD
};

/// libarchive (kArchiveLibraryName), opened and looked up once per process; thread-safe.
/// @throws IoError naming `file` (the file that needs it) when it cannot be opened or lacks a
///         function.
const ArchiveLibrary& archive_library(const std::string& file);

/// The shared object archive_library() opens: the soname of libarchive 3 (Debian's
/// libarchive13), the one the headers describe.
inline constexpr const char* kArchiveLibraryName = "libarchive.so.13";

}  // namespace frontier::io
