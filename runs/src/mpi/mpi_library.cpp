// mpi_library.cpp — Open MPI opened on first use (mpi_library.hpp).
#include "mpi/mpi_library.hpp"

#include "frontier/detail/shared_library.hpp"
#include "frontier/errors.hpp"

namespace frontier::runs::mpi {

const MpiLibrary& mpi_library() {
  static const detail::LoadedLibrary<MpiLibrary> loaded = detail::load_library<MpiLibrary>(
      kMpiLibraryName, RTLD_GLOBAL,
      [](detail::SymbolFinder& find, MpiLibrary& library) {
        FRONTIER_MPI_FUNCTIONS(FRONTIER_FIND_SYMBOL)
#define FRONTIER_MPI_HANDLE_LOOKUP(field, global, type) find(library.field, #global);
        FRONTIER_MPI_HANDLES(FRONTIER_MPI_HANDLE_LOOKUP)
#undef FRONTIER_MPI_HANDLE_LOOKUP
      },
      "--distributed runs under Open MPI: install it (libopenmpi3)");
  if (!loaded.error.empty()) throw Error(loaded.error);
  return loaded.table;
}

}  // namespace frontier::runs::mpi
