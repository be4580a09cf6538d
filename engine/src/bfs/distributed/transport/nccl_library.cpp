// nccl_library.cpp — NCCL opened on first use (nccl_library.hpp).
#include "bfs/distributed/transport/nccl_library.hpp"

#include <dlfcn.h>

#include <string>

#include "frontier/errors.hpp"

namespace frontier::distributed {
namespace {

// The opened library, or why it could not be opened.
struct Opened {
  NcclLibrary library;
  std::string error;
};

Opened open_nccl_library() {
  Opened opened;
  void* handle = dlopen(kNcclLibraryName, RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) {
    const char* reason = dlerror();
    opened.error = std::string("GPU ranks talk through NCCL, but ") + kNcclLibraryName +
                   " cannot be opened (" + (reason != nullptr ? reason : "no reason given") +
                   "); install NCCL 2 (libnccl2) or add its folder to LD_LIBRARY_PATH";
    return opened;
  }
  // Kept open for the process's life: communicators hold its code.
#define FRONTIER_NCCL_LOOKUP(name)                                                       \
  opened.library.name = reinterpret_cast<decltype(&::name)>(dlsym(handle, #name));       \
  if (opened.library.name == nullptr && opened.error.empty()) {                          \
    opened.error = std::string(kNcclLibraryName) + " has no function " + #name +         \
                   "; GPU ranks need NCCL 2 (libnccl2) as the one they were built with"; \
  }
  FRONTIER_NCCL_FUNCTIONS(FRONTIER_NCCL_LOOKUP)
#undef FRONTIER_NCCL_LOOKUP
#define FRONTIER_NCCL_OPTIONAL_LOOKUP(name) \
  opened.library.name = reinterpret_cast<decltype(&::name)>(dlsym(handle, #name));
  FRONTIER_NCCL_WINDOW_FUNCTIONS(FRONTIER_NCCL_OPTIONAL_LOOKUP)
#undef FRONTIER_NCCL_OPTIONAL_LOOKUP
  return opened;
}

}  // namespace

bool NcclLibrary::has_windows() const noexcept {
  bool all = FRONTIER_HAVE_NCCL_WINDOWS != 0;
#define FRONTIER_NCCL_PRESENT(name) all = all && name != nullptr;
  FRONTIER_NCCL_WINDOW_FUNCTIONS(FRONTIER_NCCL_PRESENT)
#undef FRONTIER_NCCL_PRESENT
  return all;
}

const NcclLibrary& nccl_library() {
  static const Opened opened = open_nccl_library();
  if (!opened.error.empty()) throw NcclError(opened.error);
  return opened.library;
}

}  // namespace frontier::distributed
