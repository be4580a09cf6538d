/// @file graph500_distributed.hpp
/// @brief Graph500 on a distributed graph (one rank per GPU, or ranks simulated on the CPU):
/// generation and construction per rank (slices.hpp: each rank generates its own tuple range and
/// the arcs travel to their owners), searches by DistributedBfs, validation slice by slice
/// (validate_distributed_bfs), and the same statistics as the single-device run
/// (io::Graph500Result, printed by io::format_graph500_statistics).
///
/// Roots are drawn exactly as io::run_graph500 draws them (same stream of the seed, same
/// skipping of isolated and repeated vertices), so a seed names the same roots on one GPU and
/// on many. nedge of a search is half the arcs whose tail was reached, which equals the
/// reference validator's count of non-loop input tuples in the component (the graph holds both
/// arcs of every such tuple).
#pragma once

#include <cstdint>
#include <vector>

#include "frontier/device.hpp"
#include "frontier/distributed_bfs.hpp"
#include "frontier/distribution/vertex_distribution.hpp"
#include "frontier/io/graph500.hpp"
#include "frontier/partition/slices.hpp"

namespace frontier::partition {

/// Where the ranks of a distributed Graph500 run live.
struct DistributedRunConfig {
  /// Ranks: one per GPU in `device.cuda_ids` on CUDA, simulated in this process on the CPU.
  int ranks = 1;
  Device device = Device::cpu();
  VertexLayout layout = VertexLayout::Striped;
  /// One process per GPU under MPI (graph500_mpi.hpp) instead of one process for all ranks;
  /// `ranks` and `device` then come from the MPI job.
  bool mpi = false;
  /// Time the phases of every level (DistributedBfsOptions::time_phases; slows the searches).
  bool time_phases = false;
  /// DistributedBfsOptions::small_level_arcs (fixed-size bins up to this frontier size).
  std::int64_t small_level_arcs = DistributedBfsOptions{}.small_level_arcs;
  /// How GPU ranks of one process reach each other (processes under MPI always use NCCL).
  GpuTransport transport = GpuTransport::Auto;
};

struct DistributedGraph500Result {
  /// Every official figure, in the single-device form.
  io::Graph500Result graph500;
  /// The GPU ranks' transport (Auto on the CPU).
  GpuTransport transport = GpuTransport::Auto;
  BalanceReport balance;
  /// Bytes that crossed between ranks, per search.
  std::vector<std::int64_t> bytes_exchanged;
  /// Per search, the untimed barrier before its clock (DistributedBfsResult::warm_up_seconds).
  std::vector<double> warm_up_seconds;
  /// Per-level traffic (and, with time_phases, phases) of the first timed search.
  std::vector<DistributedLevelStats> first_search_levels;
  /// The same for every timed search, in root order (first_search_levels is the first).
  std::vector<std::vector<DistributedLevelStats>> search_levels;
};

/// Runs the benchmark. @throws as io::run_graph500 does, plus InvalidArgument when ranks < 1 or
/// the GPU count differs from ranks.
DistributedGraph500Result run_graph500_distributed(const io::Graph500Config& config,
                                                   const DistributedRunConfig& run,
                                                   const io::Graph500Progress& progress = {});

/// Up to `count` roots as io::choose_graph500_roots draws them, reading degrees from the slices.
std::vector<VertexId> choose_distributed_roots(std::span<const RankGraph<VertexId, EdgeId>> slices,
                                               int count, std::uint64_t seed);

}  // namespace frontier::partition
