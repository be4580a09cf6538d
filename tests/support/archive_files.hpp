// Compressed files and archives for the reader tests, built in memory with libarchive's write
// API (so no gzip/bzip2/xz/zstd/tar tool need be installed): compressed() wraps bytes in one
// stream of a compression; archived() packs named members into a tar (optionally compressed) or
// a zip.
#pragma once

#include <archive.h>
#include <archive_entry.h>

#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace frontier::test {

/// The compressions the reader recognises, by the names GraphFileInfo::compression gives, with
/// the file name extension each usually has.
struct Compression {
  const char* name;
  const char* extension;
};
inline constexpr Compression kCompressions[] = {
    {"gzip", ".gz"}, {"bzip2", ".bz2"}, {"xz", ".xz"}, {"zstd", ".zst"}};

/// A member of an archive: its path inside and its content.
using Member = std::pair<std::string, std::string>;

namespace archive_detail {

inline la_ssize_t append(struct archive*, void* out, const void* buffer, size_t length) {
  static_cast<std::string*>(out)->append(static_cast<const char*>(buffer), length);
  return static_cast<la_ssize_t>(length);
}

inline void check(struct archive* a, int status) {
  if (status < ARCHIVE_WARN) {
    const std::string message = archive_error_string(a) != nullptr ? archive_error_string(a) : "";
    archive_write_free(a);
    throw std::runtime_error("libarchive write failed: " + message);
  }
}

// Writes `members` in `format` ("raw", "ustar", "zip") through `filter` ("" for none).
inline std::string write(const std::vector<Member>& members, const std::string& format,
                         const std::string& filter) {
  std::string out;
  struct archive* a = archive_write_new();
  if (!filter.empty()) check(a, archive_write_add_filter_by_name(a, filter.c_str()));
  check(a, archive_write_set_format_by_name(a, format.c_str()));
  // No zero padding after the compressed stream (the reader would take it for another zstd frame),
  // as the gzip/bzip2/xz/zstd tools write them.
  check(a, archive_write_set_bytes_in_last_block(a, 1));
  check(a, archive_write_open(a, &out, nullptr, append, nullptr));
  for (const auto& [name, content] : members) {
    struct archive_entry* entry = archive_entry_new();
    archive_entry_set_pathname(entry, name.c_str());
    archive_entry_set_filetype(entry, AE_IFREG);
    archive_entry_set_perm(entry, 0644);
    archive_entry_set_size(entry, static_cast<la_int64_t>(content.size()));
    const int status = archive_write_header(a, entry);
    archive_entry_free(entry);
    check(a, status);
    if (!content.empty() && archive_write_data(a, content.data(), content.size()) !=
                                static_cast<la_ssize_t>(content.size())) {
      check(a, ARCHIVE_FATAL);
    }
  }
  check(a, archive_write_close(a));
  archive_write_free(a);
  return out;
}

}  // namespace archive_detail

/// `bytes` as one stream of `compression` ("gzip", "bzip2", "xz", "zstd").
inline std::string compressed(std::string_view bytes, const std::string& compression) {
  return archive_detail::write({{"data", std::string(bytes)}}, "raw", compression);
}

/// A tar ("tar") or zip ("zip") archive holding `members`, compressed with `compression` ("" for
/// none; tar only).
inline std::string archived(const std::vector<Member>& members, const std::string& kind = "tar",
                            const std::string& compression = "gzip") {
  return archive_detail::write(members, kind == "zip" ? "zip" : "ustar",
                               kind == "zip" ? "" : compression);
}

}  // namespace frontier::test
