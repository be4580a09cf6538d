// graph500_backend.hpp — what the Graph500 driver (graph500_driver.cpp) asks of the place where
// the graph lives, as the reference's main.c asks bfs_custom.c: size the run, generate, construct
// (kernel 1), say which candidate roots have edges, search, count nedge and validate, and combine
// a time across processes. Three implementations, one file each: the engine on one device
// (engine_backend.cpp), ranks in this process (rank_backend.cpp), one MPI process per GPU
// (mpi_backend.cpp, or the stand-in in no_mpi.cpp where MPI was not found).
//
// The backend's vertex ids are the run's (32-bit, or 64-bit on ranks; graph500_vertex_id_bits).
// The driver calls the steps in this order, on every process alike under MPI (several steps are
// collective there): place, check_memory, generate, construct, has_edges (once per round of root
// candidates), search once untimed, then per root: search, slowest (its time; on ranks also its
// warm-up), check, and with validation slowest (the validation time).
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>

#include "frontier/distributed_bfs.hpp"
#include "frontier/runs/graph500.hpp"
#include "frontier/types.hpp"

namespace frontier::runs {

/// One search as a backend reports it: the labels (an MPI process holds only its own vertices'
/// until check() combines them) and, on ranks, what moved between them (empty on the engine).
template <typename VertexT>
using BasicGraph500Search = DistributedBfsResult<VertexT>;
using Graph500Search = BasicGraph500Search<VertexId>;

/// check()'s answer for one search.
struct Graph500Check {
  /// Input tuples in the searched component.
  std::int64_t nedge = 0;
  /// The broken rule and where, empty when valid or not validated.
  std::string failure;
};

/// A backend whose global vertex ids are VertexT: 32-bit (Graph500Backend) on the engine and
/// under MPI, 32- or 64-bit on ranks in this process (graph500_vertex_id_bits).
template <typename VertexT>
class BasicGraph500Backend {
 public:
  using Search = BasicGraph500Search<VertexT>;

  virtual ~BasicGraph500Backend() = default;

  /// Fills what the placement adds to the result: the distributed details on ranks; under MPI
  /// also this process's GPU and the job's size (result.config.device and .ranks),
  /// mpi_processes and mpi_rank.
  virtual void place(Graph500Result& /*result*/) const {}
  /// 1. @throws OutOfMemory when the run cannot fit, before anything is allocated.
  virtual void check_memory() const = 0;
  /// 2. Generates the tuples (untimed for the benchmark); returns the seconds it took.
  virtual double generate() = 0;
  /// 3. Kernel 1: fills construction_seconds, num_arcs and what else the backend measures
  ///    (host_copy_seconds, built_on_device, distributed->transport and ->balance).
  virtual void construct(Graph500Result& result) = 0;
  /// 4. Sets has_edges[i] to 1 when candidates[i] has degree >= 1, else 0.
  virtual void has_edges(std::span<const VertexT> candidates,
                         std::span<unsigned char> has_edges) = 0;
  /// 5. One search from `root` with predecessors, timed by its own clock.
  virtual Search search(VertexT root) = 0;
  /// nedge of `search` and, with `validate`, its check against the five Graph500 rules (plus
  /// the backend's own consistency checks).
  virtual Graph500Check check(Search& search, VertexT root, bool validate) = 0;
  /// The slowest process's `seconds` (this process's own outside MPI).
  virtual double slowest(double seconds) { return seconds; }
};

using Graph500Backend = BasicGraph500Backend<VertexId>;

/// The backends, for a config that check_graph500_config() accepted.
std::unique_ptr<Graph500Backend> make_engine_backend(const Graph500Config& config);
/// VertexT: std::int32_t or std::int64_t, as graph500_vertex_id_bits(config) says.
template <typename VertexT>
std::unique_ptr<BasicGraph500Backend<VertexT>> make_rank_backend(const Graph500Config& config);
/// @throws InvalidArgument in a build without MPI, or with more processes on a node than GPUs.
std::unique_ptr<Graph500Backend> make_mpi_backend(const Graph500Config& config);

/// The options of every distributed search of a run (Ranks and MpiProcesses).
DistributedBfsOptions distributed_search_options(const Graph500Config& config);

}  // namespace frontier::runs
