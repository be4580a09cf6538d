/// @file bfs/distributed/transport/nccl_library.hpp
/// @brief NCCL opened on first use (dlopen), not linked. Only GPU ranks (--gpus N,
/// --distributed) use it, and linking it made every program that embeds the engine load it at
/// start: about 1.1 ms of a `frontier bfs karate.mtx` that took 4.6 ms in all.
#pragma once

#include <nccl.h>

namespace frontier::distributed {

// Every NCCL function the GPU ranks call, one list for the table's fields and their lookup.
#define FRONTIER_NCCL_FUNCTIONS(X) \
  X(ncclGetErrorString)            \
  X(ncclGetVersion)                \
  X(ncclGetUniqueId)               \
  X(ncclCommInitRank)              \
  X(ncclCommInitAll)               \
  X(ncclCommDestroy)               \
  X(ncclCommAbort)                 \
  X(ncclGroupStart)                \
  X(ncclGroupEnd)                  \
  X(ncclSend)                      \
  X(ncclRecv)                      \
  X(ncclAllGather)                 \
  X(ncclAllReduce)

#if defined(NCCL_VERSION_CODE) && NCCL_VERSION_CODE >= NCCL_VERSION(2, 27, 0)
#define FRONTIER_HAVE_NCCL_WINDOWS 1
// Symmetric windows (NCCL 2.27 on), looked up where the headers know them and used only where
// the library opened has them all.
#define FRONTIER_NCCL_WINDOW_FUNCTIONS(X) \
  X(ncclMemAlloc)                         \
  X(ncclMemFree)                          \
  X(ncclCommWindowRegister)               \
  X(ncclCommWindowDeregister)
#else
#define FRONTIER_HAVE_NCCL_WINDOWS 0
#define FRONTIER_NCCL_WINDOW_FUNCTIONS(X)
#endif

/// NCCL's functions, each field named as the function it points to.
struct NcclLibrary {
#define FRONTIER_NCCL_FIELD(name) decltype(&::name) name = nullptr;
  FRONTIER_NCCL_FUNCTIONS(FRONTIER_NCCL_FIELD)
  FRONTIER_NCCL_WINDOW_FUNCTIONS(FRONTIER_NCCL_FIELD)
#undef FRONTIER_NCCL_FIELD

  /// Whether the library opened has every window function (an older NCCL may not).
  bool has_windows() const noexcept;
};

/// NCCL (kNcclLibraryName), opened and looked up once per process; thread-safe.
/// @throws NcclError saying that the GPU ranks need it, when it cannot be opened or lacks one of
///         FRONTIER_NCCL_FUNCTIONS.
const NcclLibrary& nccl_library();

/// The shared object nccl_library() opens: the soname of NCCL 2, the one the headers describe.
inline constexpr const char* kNcclLibraryName = "libnccl.so.2";

}  // namespace frontier::distributed
