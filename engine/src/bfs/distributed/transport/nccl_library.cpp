// nccl_library.cpp — NCCL opened on first use (nccl_library.hpp).
#include "bfs/distributed/transport/nccl_library.hpp"

#include "frontier/detail/shared_library.hpp"
#include "frontier/errors.hpp"

namespace frontier::distributed {

bool NcclLibrary::has_windows() const noexcept {
  bool all = FRONTIER_HAVE_NCCL_WINDOWS != 0;
#define FRONTIER_NCCL_PRESENT(name) all = all && name != nullptr;
  FRONTIER_NCCL_WINDOW_FUNCTIONS(FRONTIER_NCCL_PRESENT)
#undef FRONTIER_NCCL_PRESENT
  return all;
}

const NcclLibrary& nccl_library() {
  static const detail::LoadedLibrary<NcclLibrary> loaded = detail::load_library<NcclLibrary>(
      kNcclLibraryName, RTLD_LOCAL,
      [](detail::SymbolFinder& find, NcclLibrary& library) {
        FRONTIER_NCCL_FUNCTIONS(FRONTIER_FIND_SYMBOL)
#define FRONTIER_NCCL_OPTIONAL_LOOKUP(name) find(library.name, #name, false);
        FRONTIER_NCCL_WINDOW_FUNCTIONS(FRONTIER_NCCL_OPTIONAL_LOOKUP)
#undef FRONTIER_NCCL_OPTIONAL_LOOKUP
      },
      "GPU ranks talk through NCCL 2: install it (libnccl2) or add its folder to "
      "LD_LIBRARY_PATH");
  if (!loaded.error.empty()) throw NcclError(loaded.error);
  return loaded.table;
}

}  // namespace frontier::distributed
