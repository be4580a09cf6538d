// MPI pieces shared by the one-process-per-GPU launchers (graph500/mpi_backend.cpp,
// mpi/mpi_bfs.cpp), compiled only when Open MPI was found: the only file that calls MPI
// (through mpi_library.hpp, opened when the first launcher starts). Every call is checked (the
// world communicator returns errors instead of aborting) and a failure throws frontier::Error
// naming the call. Collectives run over every process of the world communicator.
#pragma once

#include <cstdint>
#include <span>

#include "frontier/distributed_bfs.hpp"
#include "frontier/distribution/rank_graph.hpp"
#include "frontier/partition/slices.hpp"

namespace frontier::runs::mpi {

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
/// Element by element, the maximum over every process's `values`, in place on every process.
void max_over_ranks(std::span<std::uint8_t> values);
void max_over_ranks(std::span<std::int32_t> values);
/// The same maximum in place on process 0 only; the others' values stay as they were.
void max_to_first(std::span<std::int32_t> values);
/// Process 0's `values` on every process.
void broadcast_from_first(std::span<std::int64_t> values);
/// Every process waits for all.
void barrier();
/// One value to each process and one from each: received[r] is what process r sent here.
void all_to_all(std::span<const std::int64_t> sent, std::span<std::int64_t> received);
/// Runs of ids to each process and from each: process r's run in `sent` starts at
/// sent_at[r] and holds sent_counts[r] ids; what process r sent here lands at received_at[r]
/// (received_counts[r] ids, as it announced).
void all_to_all(std::span<const std::int32_t> sent, std::span<const int> sent_counts,
                std::span<const int> sent_at, std::span<std::int32_t> received,
                std::span<const int> received_counts, std::span<const int> received_at);
/// Every process's `part` (the same length on all), in process order, into `table`.
void all_gather(std::span<const std::uint32_t> part, std::span<std::uint32_t> table);

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
