// The multi-GPU (distributed) options shared by `frontier bfs` and `frontier graph500`:
// --gpus N (one rank per GPU, one process), --ranks N (N ranks simulated on the CPU, the same
// level loop with bins moved through memory), --distributed (one process per GPU under mpirun,
// MPI bootstrapping NCCL), --layout striped|block, --transport auto|peer|nccl (how --gpus ranks
// reach each other); and the distributed versions of both commands, printing results in the
// single-device form.
#pragma once

#include <cxxopts.hpp>

#include <optional>
#include <string>
#include <vector>

#include "frontier/bfs.hpp"
#include "frontier/csr_graph.hpp"
#include "frontier/io/graph500.hpp"
#include "frontier/partition/graph500_distributed.hpp"

namespace frontier::cli {

/// Adds the "Distributed" option group.
void add_distributed_options(cxxopts::Options& options);

/// The ranks and devices the options ask for; ranks == 0 when no distributed run was asked for.
/// run.mpi is set by --distributed.
/// @throws UsageError for two of --gpus, --ranks, --distributed, a count below 1, more GPUs than
///         present, an unknown --transport, or --transport peer with --distributed.
partition::DistributedRunConfig distributed_run_config(const cxxopts::ParseResult& result);

/// `frontier bfs --gpus N | --ranks N | --distributed`: slices the graph, searches from every
/// source, validates when asked (slice by slice in one process; on process 0 with the whole
/// graph under mpirun), prints the search table (plus bytes exchanged) or JSON; under mpirun only
/// process 0 prints. Uses bfs.predecessors, and bottom-up levels when bfs.strategy is
/// direction-optimizing.
int run_distributed_bfs(Graph graph, const std::string& path, const std::vector<VertexId>& sources,
                        const partition::DistributedRunConfig& run, const BfsOptions& bfs,
                        bool validate, bool json);

/// `frontier graph500 --gpus N | --ranks N | --distributed`: the distributed run. Returns the
/// result to print (in the single-device form), or nothing on the MPI processes other than
/// rank 0, which print nothing.
std::optional<io::Graph500Result> run_distributed_graph500(
    const io::Graph500Config& config, const partition::DistributedRunConfig& run);

}  // namespace frontier::cli
