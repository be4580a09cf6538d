/// @file graph500_mpi.hpp
/// @brief Graph500 with one process per GPU (`mpirun -np N frontier graph500 --distributed`):
/// MPI only bootstraps NCCL (rank 0 makes the ncclUniqueId, MPI broadcasts it) and carries tiny
/// host values (counts, verdicts, times), plus the one-time routing of the generated arcs to
/// their owners and the combination of the label arrays for validation. The searches run the
/// same level loop and NCCL exchange as the single-process run (DistributedBfs).
///
/// Each process: generates its own tuple range and bins the arcs by owner (slices.hpp); the bins
/// go to their owners with MPI_Alltoallv; the owner builds its slice and makes it resident on
/// the GPU of its node-local rank; roots are drawn as io::run_graph500 draws them (degrees
/// answered by their owners); after every search the label arrays are combined (MPI_Allreduce
/// MAX: every vertex has one owner, the other entries are -1) and each process validates its
/// own slice; the verdicts and arc counts are summed. A search's time is the slowest process's.
#pragma once

#include "frontier/distribution/vertex_distribution.hpp"
#include "frontier/io/graph500.hpp"
#include "frontier/partition/graph500_distributed.hpp"

namespace frontier::partition {

/// True when this build has the MPI launcher.
bool mpi_built();

/// What one process of an MPI run returns (the same figures on every process).
struct MpiGraph500Result {
  DistributedGraph500Result run;
  int rank = 0;
  int ranks = 1;
};

/// Runs the benchmark as one process of an MPI job (initializing and finalizing MPI if the
/// caller has not), the ranks reaching each other through `transport` (ProcessRank). Every
/// process of the job must call it with the same config.
/// @throws InvalidArgument for a bad config or a build without MPI; ValidationError on every
///         process if any process finds a broken tree; as io::run_graph500 otherwise.
MpiGraph500Result run_graph500_mpi(const io::Graph500Config& config, VertexLayout layout,
                                   GpuTransport transport = GpuTransport::Auto);

}  // namespace frontier::partition
