// The multi-GPU (distributed) options shared by `frontier bfs` and `frontier graph500`:
// --gpus N (one rank per GPU, one process), --ranks N (N ranks simulated on the CPU, the same
// level loop with bins moved through memory), --distributed (one process per GPU under mpirun,
// MPI bootstrapping NCCL), --layout striped|block, --transport auto|peer|nccl (how --gpus ranks
// reach each other); the distributed `bfs`, printing results in the single-device form; and the
// placement and the extra log lines of a distributed `graph500`.
#pragma once

#include <cxxopts.hpp>

#include <string>
#include <vector>

#include "frontier/bfs.hpp"
#include "frontier/csr_graph.hpp"
#include "frontier/device.hpp"
#include "frontier/distributed_bfs.hpp"
#include "frontier/distribution/vertex_distribution.hpp"
#include "frontier/io/read_graph.hpp"
#include "frontier/runs/graph500.hpp"

namespace frontier::cli {

/// Where the distributed options put a run.
struct DistributedPlacement {
  /// Ranks in this process (--gpus N or --ranks N); 0 when none was asked for.
  int ranks = 0;
  /// The GPUs of --gpus N (0 .. N-1), the CPU for --ranks N.
  Device device = Device::cpu();
  VertexLayout layout = VertexLayout::Striped;
  GpuTransport transport = GpuTransport::Auto;
  /// --distributed: one process per GPU under mpirun.
  bool mpi = false;
  /// --gpus 1: no ranks; the single-GPU engine runs on GPU 0 (`device`), being faster than the
  /// distributed code on one GPU.
  bool single_gpu_engine = false;
};

/// Adds the "Distributed" option group.
void add_distributed_options(cxxopts::Options& options);

/// The ranks and devices the options ask for (--gpus 1: the single-GPU engine on GPU 0).
/// @throws UsageError for two of --gpus, --ranks, --distributed, a count below 1, more GPUs than
///         present, --distributed without a GPU, an unknown --layout or --transport.
DistributedPlacement distributed_placement(const cxxopts::ParseResult& result);

/// `frontier bfs --gpus N | --ranks N | --distributed`: slices the graph, searches from every
/// source, validates when asked (slice by slice in one process; on process 0 with the whole
/// graph under mpirun), prints the search table (plus bytes exchanged) or JSON; under mpirun only
/// process 0 prints; `levels` adds every search's levels (ranks in this process only). Uses
/// bfs.predecessors, and bottom-up levels when bfs.strategy is direction-optimizing. Sources are
/// reported as the file's ids (`file`: its path and, after --renumber, the file's id of every
/// vertex).
int run_distributed_bfs(Graph graph, const io::GraphFileInfo& file,
                        const std::vector<VertexId>& sources, const DistributedPlacement& run,
                        const BfsOptions& bfs, bool validate, bool json, bool levels);

/// `frontier graph500 --gpus N | --ranks N | --distributed`: the run's placement on ranks or MPI
/// processes; the config stays on the engine (at config.device, or GPU 0 for --gpus 1) when none
/// was asked for.
void place_graph500(const DistributedPlacement& placement, runs::Graph500Config& config);

/// What a distributed `graph500` logs beside the statistics block: the edge balance; on ranks in
/// this process the first search level by level and the traffic per search; the searches'
/// untimed warm-up barriers. Nothing for a run on the engine.
void log_distributed_graph500(const runs::Graph500Result& result);

}  // namespace frontier::cli
