// archive_library.cpp — libarchive opened on first use (archive_library.hpp).
#include "archive_library.hpp"

#include <dlfcn.h>

#include <string>

#include "frontier/errors.hpp"

namespace frontier::io {
namespace {

// The opened library, or why it could not be opened.
struct Opened {
  ArchiveLibrary library;
  std::string error;
};

Opened open_archive_library() {
  Opened opened;
  void* handle = dlopen(kArchiveLibraryName, RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) {
    const char* reason = dlerror();
    opened.error = std::string("cannot open ") + kArchiveLibraryName + " (" +
                   (reason != nullptr ? reason : "no reason given") +
                   "); install libarchive13 to read archives and bzip2, xz or zstd files";
    return opened;
  }
  // Kept open for the process's life: the decoders hold its functions.
#define FRONTIER_ARCHIVE_LOOKUP(name)                                                      \
  opened.library.name = reinterpret_cast<decltype(&::name)>(dlsym(handle, #name));         \
  if (opened.library.name == nullptr && opened.error.empty()) {                            \
    opened.error = std::string(kArchiveLibraryName) + " has no function " + #name +        \
                   "; install libarchive 3 (libarchive13) to read archives and bzip2, xz " \
                   "or zstd files";                                                        \
  }
  FRONTIER_ARCHIVE_FUNCTIONS(FRONTIER_ARCHIVE_LOOKUP)
#undef FRONTIER_ARCHIVE_LOOKUP
  return opened;
}

}  // namespace

const ArchiveLibrary& archive_library(const std::string& file) {
  static const Opened opened = open_archive_library();
  if (!opened.error.empty()) throw IoError(file, 0, opened.error);
  return opened.library;
}

}  // namespace frontier::io
