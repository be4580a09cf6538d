/// @file detail/shared_library.hpp
/// @brief Libraries opened on first use (dlopen) rather than linked, so that only the runs that
/// need them load them (libarchive, NCCL, Open MPI): a table of pointers filled once from the
/// library, or the reason it could not be, for the caller to throw as its own error.
#pragma once

#include <dlfcn.h>

#include <string>

namespace frontier::detail {

/// Looks symbols up in an opened library and remembers the first required one it missed.
class SymbolFinder {
 public:
  explicit SymbolFinder(void* handle) : handle_(handle) {}

  /// Points `field` at the symbol `name` (a function or an object), nullptr where absent; an
  /// absent required symbol is remembered.
  template <typename Pointer>
  void operator()(Pointer& field, const char* name, bool required = true) {
    field = reinterpret_cast<Pointer>(dlsym(handle_, name));
    if (field == nullptr && required && missing_.empty()) missing_ = name;
  }

  /// The first required symbol not found; empty when none was missed.
  const std::string& missing() const noexcept { return missing_; }

 private:
  void* handle_;
  std::string missing_;
};

/// For an X-macro list of symbols, inside a `fill(SymbolFinder& find, Table& library)`: points
/// the field named as each symbol at it (required).
#define FRONTIER_FIND_SYMBOL(name) find(library.name, #name);

/// A table filled from a library, or why it could not be (`error` is empty when it was).
template <typename Table>
struct LoadedLibrary {
  Table table;
  std::string error;
};

/// Opens `soname` (RTLD_NOW with `visibility`: RTLD_LOCAL, or RTLD_GLOBAL where the library's
/// own plugins resolve their symbols in it) for the process's life and fills a Table through
/// `fill(SymbolFinder&, Table&)`. Each error ends with `advice`: what needs the library and which
/// package gives it.
template <typename Table, typename Fill>
LoadedLibrary<Table> load_library(const char* soname, int visibility, Fill fill,
                                  const std::string& advice) {
  LoadedLibrary<Table> loaded;
  void* handle = dlopen(soname, RTLD_NOW | visibility);
  if (handle == nullptr) {
    const char* reason = dlerror();
    loaded.error = std::string("cannot open ") + soname + " (" +
                   (reason != nullptr ? reason : "no reason given") + "); " + advice;
    return loaded;
  }
  SymbolFinder find(handle);
  fill(find, loaded.table);
  if (!find.missing().empty()) {
    loaded.error = std::string(soname) + " has no " + find.missing() + "; " + advice;
  }
  return loaded;
}

}  // namespace frontier::detail
