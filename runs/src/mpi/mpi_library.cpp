// mpi_library.cpp — Open MPI opened on first use (mpi_library.hpp).
#include "mpi/mpi_library.hpp"

#include <dlfcn.h>

#include <string>

#include "frontier/errors.hpp"

namespace frontier::runs::mpi {
namespace {

// The opened library, or why it could not be opened.
struct Opened {
  MpiLibrary library;
  std::string error;
};

Opened open_mpi_library() {
  Opened opened;
  void* handle = dlopen(kMpiLibraryName, RTLD_NOW | RTLD_GLOBAL);
  if (handle == nullptr) {
    const char* reason = dlerror();
    opened.error = std::string("--distributed runs under Open MPI, but ") + kMpiLibraryName +
                   " cannot be opened (" + (reason != nullptr ? reason : "no reason given") +
                   "); install Open MPI (libopenmpi3)";
    return opened;
  }
  const auto lacks = [&opened](const char* name) {
    if (opened.error.empty()) {
      opened.error = std::string(kMpiLibraryName) + " has no " + name +
                     "; --distributed needs Open MPI (libopenmpi3), the MPI it was built with";
    }
  };
  // Kept open for the process's life: MPI stays initialized until the launcher finalizes it.
#define FRONTIER_MPI_LOOKUP(name)                                                  \
  opened.library.name = reinterpret_cast<decltype(&::name)>(dlsym(handle, #name)); \
  if (opened.library.name == nullptr) lacks(#name);
  FRONTIER_MPI_FUNCTIONS(FRONTIER_MPI_LOOKUP)
#undef FRONTIER_MPI_LOOKUP
#define FRONTIER_MPI_HANDLE_LOOKUP(field, global, type)                  \
  opened.library.field = reinterpret_cast<type>(dlsym(handle, #global)); \
  if (opened.library.field == nullptr) lacks(#global);
  FRONTIER_MPI_HANDLES(FRONTIER_MPI_HANDLE_LOOKUP)
#undef FRONTIER_MPI_HANDLE_LOOKUP
  return opened;
}

}  // namespace

const MpiLibrary& mpi_library() {
  static const Opened opened = open_mpi_library();
  if (!opened.error.empty()) throw Error(opened.error);
  return opened.library;
}

}  // namespace frontier::runs::mpi
