// archive_library.cpp — libarchive opened on first use (archive_library.hpp).
#include "archive_library.hpp"

#include <string>

#include "frontier/detail/shared_library.hpp"
#include "frontier/errors.hpp"

namespace frontier::io {

const ArchiveLibrary& archive_library(const std::string& file) {
  static const detail::LoadedLibrary<ArchiveLibrary> loaded = detail::load_library<ArchiveLibrary>(
      kArchiveLibraryName, RTLD_LOCAL,
      [](detail::SymbolFinder& find, ArchiveLibrary& library) {
        FRONTIER_ARCHIVE_FUNCTIONS(FRONTIER_FIND_SYMBOL)
      },
      "install libarchive 3 (libarchive13) to read archives and bzip2, xz or zstd files");
  if (!loaded.error.empty()) throw IoError(file, 0, loaded.error);
  return loaded.table;
}

}  // namespace frontier::io
