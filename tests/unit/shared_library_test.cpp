// detail::load_library (frontier/detail/shared_library.hpp), which opens libarchive, NCCL and
// Open MPI on first use: a table is filled from the library, an absent optional symbol stays
// null, and a library or a required symbol that is missing gives an error naming it and ending
// with the caller's advice, without throwing.
#include <gtest/gtest.h>

#include <dlfcn.h>

#include <string>

#include "frontier/detail/shared_library.hpp"

namespace frontier {
namespace {

// zlib is linked into every frontier program, so it is always there to be opened again.
struct ZlibTable {
  const char* (*zlibVersion)() = nullptr;
  void* absent = nullptr;
};

TEST(SharedLibrary, FillsTheTableAndLeavesAnAbsentOptionalSymbolNull) {
  const auto loaded = detail::load_library<ZlibTable>(
      "libz.so.1", RTLD_LOCAL,
      [](detail::SymbolFinder& find, ZlibTable& table) {
        find(table.zlibVersion, "zlibVersion");
        find(table.absent, "frontier_no_such_symbol", false);
      },
      "advice");
  ASSERT_EQ(loaded.error, "");
  ASSERT_NE(loaded.table.zlibVersion, nullptr);
  EXPECT_EQ(std::string(loaded.table.zlibVersion()).substr(0, 2), "1.");
  EXPECT_EQ(loaded.table.absent, nullptr);
}

TEST(SharedLibrary, AMissingRequiredSymbolIsNamed) {
  const auto loaded = detail::load_library<ZlibTable>(
      "libz.so.1", RTLD_LOCAL,
      [](detail::SymbolFinder& find, ZlibTable& table) {
        find(table.absent, "frontier_no_such_symbol");
        find(table.zlibVersion, "zlibVersion");
      },
      "install zlib");
  EXPECT_EQ(loaded.error, "libz.so.1 has no frontier_no_such_symbol; install zlib");
}

TEST(SharedLibrary, AMissingLibraryIsNamedWithTheReason) {
  const auto loaded = detail::load_library<ZlibTable>(
      "libfrontier_no_such_library.so.1", RTLD_LOCAL,
      [](detail::SymbolFinder&, ZlibTable&) { ADD_FAILURE() << "nothing to fill"; }, "install it");
  EXPECT_EQ(loaded.error.rfind("cannot open libfrontier_no_such_library.so.1 (", 0), 0u)
      << loaded.error;
  EXPECT_NE(loaded.error.find("; install it"), std::string::npos) << loaded.error;
  EXPECT_EQ(loaded.table.zlibVersion, nullptr);
}

}  // namespace
}  // namespace frontier
