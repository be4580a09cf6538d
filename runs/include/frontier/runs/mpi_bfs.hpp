/// @file mpi_bfs.hpp
/// @brief BFS on a graph file with one process per GPU (`mpirun -np N frontier bfs FILE
/// --distributed`). MPI only bootstraps NCCL (rank 0 makes the ncclUniqueId, MPI broadcasts it)
/// and carries tiny host values plus, once per search, the labels that process 0 combines; the
/// searches run the same level loop and NCCL exchange as `frontier bfs --gpus N` in one process
/// (DistributedBfs).
///
/// Every process has read the same file and drawn the same sources; each keeps only its own
/// slice (partition::slice_graph), except process 0, which also keeps the whole graph to
/// validate the combined trees with the single-device validator (bfs_validate.hpp: the five
/// Graph500 rules, directed graphs included) and to count the arcs of each searched component.
/// A search's time is the slowest process's.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "frontier/csr_graph.hpp"
#include "frontier/distributed_bfs.hpp"
#include "frontier/distribution/vertex_distribution.hpp"
#include "frontier/partition/slices.hpp"

namespace frontier::runs {

/// True when this build has the MPI launchers (run_bfs_mpi, and run_graph500 on
/// Graph500Placement::MpiProcesses).
bool mpi_built();

/// One search of an MPI run, as every process reports it (arcs and validation from process 0).
struct MpiBfsSearch {
  VertexId source = 0;
  /// The slowest process's search time.
  double seconds = 0.0;
  std::int64_t vertices_reached = 0;
  std::int32_t levels = 0;
  /// Edges of the searched component, as frontier::reached_edges() counts them.
  std::int64_t reached_edges = 0;
  std::int64_t bytes_exchanged = 0;
  bool validated = false;
};

struct MpiBfsResult {
  int rank = 0;
  int ranks = 1;
  partition::BalanceReport balance;
  std::vector<MpiBfsSearch> searches;
};

/// Runs one search per source as one process of an MPI job (initializing and finalizing MPI if
/// the caller has not), the ranks reaching each other through `transport` (ProcessRank). Every
/// process must call it with the same graph, sources and options.
/// @throws InvalidArgument for a build without MPI, an empty graph, a source out of range or
///         more processes on a node than GPUs; ValidationError on every process when `validate`
///         and process 0 finds a broken tree.
MpiBfsResult run_bfs_mpi(Graph graph, std::span<const VertexId> sources, VertexLayout layout,
                         const DistributedBfsOptions& options, bool validate,
                         GpuTransport transport = GpuTransport::Auto);

}  // namespace frontier::runs
