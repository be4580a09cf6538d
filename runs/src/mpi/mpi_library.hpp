// mpi_library.hpp — Open MPI opened on first use (dlopen), not linked. Only the launchers of
// one process per GPU (--distributed) use it, and linking it made every program that reads a
// graph load libmpi and the eight libraries it pulls in at start. Open MPI's predefined handles
// (MPI_COMM_WORLD, MPI_INT64_T, ...) are addresses of its globals (ompi_mpi_comm_world, ...), so
// they are looked up by name too; only mpi_support.cpp calls through the table.
#pragma once

#include <mpi.h>

namespace frontier::runs::mpi {

#if !defined(OPEN_MPI)
#error "the MPI launchers open Open MPI at run time (its predefined handles are looked up by name)"
#endif

// Every MPI function the launchers call, one list for the table's fields and their lookup.
#define FRONTIER_MPI_FUNCTIONS(X) \
  X(MPI_Initialized)              \
  X(MPI_Init)                     \
  X(MPI_Finalized)                \
  X(MPI_Finalize)                 \
  X(MPI_Error_string)             \
  X(MPI_Comm_set_errhandler)      \
  X(MPI_Comm_rank)                \
  X(MPI_Comm_size)                \
  X(MPI_Comm_split_type)          \
  X(MPI_Comm_free)                \
  X(MPI_Barrier)                  \
  X(MPI_Bcast)                    \
  X(MPI_Reduce)                   \
  X(MPI_Allreduce)                \
  X(MPI_Allgather)                \
  X(MPI_Alltoall)                 \
  X(MPI_Alltoallv)

// The predefined handles they pass: the field, Open MPI's global behind the handle, its type.
#define FRONTIER_MPI_HANDLES(X)                               \
  X(comm_world, ompi_mpi_comm_world, MPI_Comm)                \
  X(comm_null, ompi_mpi_comm_null, MPI_Comm)                  \
  X(info_null, ompi_mpi_info_null, MPI_Info)                  \
  X(errors_return, ompi_mpi_errors_return, MPI_Errhandler)    \
  X(op_max, ompi_mpi_op_max, MPI_Op)                          \
  X(op_sum, ompi_mpi_op_sum, MPI_Op)                          \
  X(char_type, ompi_mpi_char, MPI_Datatype)                   \
  X(unsigned_char_type, ompi_mpi_unsigned_char, MPI_Datatype) \
  X(double_type, ompi_mpi_double, MPI_Datatype)               \
  X(int32_type, ompi_mpi_int32_t, MPI_Datatype)               \
  X(uint32_type, ompi_mpi_uint32_t, MPI_Datatype)             \
  X(int64_type, ompi_mpi_int64_t, MPI_Datatype)

/// Open MPI's functions, each field named as the function it points to, and its handles.
struct MpiLibrary {
#define FRONTIER_MPI_FUNCTION_FIELD(name) decltype(&::name) name = nullptr;
  FRONTIER_MPI_FUNCTIONS(FRONTIER_MPI_FUNCTION_FIELD)
#undef FRONTIER_MPI_FUNCTION_FIELD
#define FRONTIER_MPI_HANDLE_FIELD(field, global, type) type field = nullptr;
  FRONTIER_MPI_HANDLES(FRONTIER_MPI_HANDLE_FIELD)
#undef FRONTIER_MPI_HANDLE_FIELD
};

/// Open MPI (kMpiLibraryName), opened and looked up once per process; thread-safe. Opened
/// globally: the components Open MPI loads itself resolve their symbols in it.
/// @throws Error saying what --distributed needs, when it cannot be opened or lacks a function
///         or a handle.
const MpiLibrary& mpi_library();

/// The shared object mpi_library() opens: the soname of Open MPI 3 to 5's libmpi (Debian's
/// libopenmpi3).
inline constexpr const char* kMpiLibraryName = "libmpi.so.40";

}  // namespace frontier::runs::mpi
