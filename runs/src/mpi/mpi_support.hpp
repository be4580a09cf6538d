// MPI pieces shared by the one-process-per-GPU launchers (graph500/mpi_backend.cpp,
// mpi/mpi_bfs.cpp), compiled only when MPI was found: every MPI call is checked (the world
// communicator returns errors instead of aborting) and a failure throws frontier::Error naming
// the call.
#pragma once

#include <cstdint>

#include "frontier/distributed_bfs.hpp"
#include "frontier/distribution/rank_graph.hpp"
#include "frontier/partition/slices.hpp"

namespace frontier::runs::mpi {

/// Throws when `code` is not MPI_SUCCESS, with MPI's text for it.
void check(int code, const char* call);

/// Initializes MPI when the caller has not (and finalizes what it initialized); sets
/// MPI_ERRORS_RETURN on the world communicator.
class Scope {
 public:
  Scope();
  ~Scope();
  Scope(const Scope&) = delete;
  Scope& operator=(const Scope&) = delete;

 private:
  bool owns_ = false;
};

int world_rank();
int world_size();
double max_over_ranks(double value);
std::int64_t sum_over_ranks(std::int64_t value);

/// This process's GPU: its rank among the processes of its node.
/// @throws InvalidArgument when the node runs more processes than it has GPUs.
int node_gpu(int rank);

/// This process's place in the NCCL communicator: rank 0 makes the unique id, MPI broadcasts
/// it; num_arcs is the sum of every process's `local_arcs`; one_node says whether every process
/// shares this one's node; the ranks are to reach each other through `transport`.
ProcessRank join(int rank, int ranks, int gpu, std::int64_t local_arcs, GpuTransport transport);

/// Every process's vertex and arc counts (its own: `local_vertices`, `local_arcs`), gathered
/// into the balance report (same on all).
partition::BalanceReport gather_edge_balance(std::int64_t local_vertices, std::int64_t local_arcs);

}  // namespace frontier::runs::mpi
