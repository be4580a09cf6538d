// no_mpi.cpp — the one stand-in for the MPI launchers in a build where MPI was not found (CMake
// compiles it instead of mpi/ and graph500/mpi_backend.cpp): every entry point that needs MPI
// says so with InvalidArgument.
#include <memory>
#include <span>

#include "frontier/errors.hpp"
#include "frontier/runs/mpi_bfs.hpp"
#include "graph500/graph500_backend.hpp"

namespace frontier::runs {
namespace {

[[noreturn]] void no_mpi() {
  throw InvalidArgument(
      "this build of frontier has no MPI launcher (MPI was not found at build time)");
}

}  // namespace

bool mpi_built() { return false; }

MpiBfsResult run_bfs_mpi(Graph, std::span<const VertexId>, VertexLayout,
                         const DistributedBfsOptions&, bool, GpuTransport) {
  no_mpi();
}

std::unique_ptr<Graph500Backend> make_mpi_backend(const Graph500Config&) { no_mpi(); }

}  // namespace frontier::runs
