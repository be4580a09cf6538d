// `--plan` of `frontier graph500` and `frontier bfs FILE`: the host and device bytes a run will
// need at its peak, by part, against the free memory where it can be known, printed before
// anything is allocated. The figures come from the sizing functions the runs' own memory checks
// use (runs/graph500_memory.hpp, frontier/memory_sizing.hpp, io/graph_size.hpp).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "frontier/device.hpp"
#include "frontier/distributed_bfs.hpp"
#include "frontier/distribution/vertex_distribution.hpp"
#include "frontier/io/read_graph.hpp"
#include "frontier/runs/graph500.hpp"

namespace frontier::cli {

/// Free memory where it can be known: MemAvailable, and the GPU's free bytes when one is present.
struct FreeMemory {
  std::optional<std::uint64_t> host;
  std::optional<std::uint64_t> device;
  /// Why the device figure is missing ("no GPU found"); empty when known or not asked for.
  std::string device_note;
};

/// The free memory of this host and, for a GPU device (or auto, where a GPU is present), of its
/// first GPU.
FreeMemory query_free_memory(const Device& device);

/// Free memory of this host and of GPUs 0 .. gpus - 1 (unknown for those not present here).
struct FreeRankMemory {
  std::optional<std::uint64_t> host;
  std::vector<std::optional<std::uint64_t>> gpus;
};

FreeRankMemory query_free_gpu_memory(int gpus);

/// Prints the plan of a Graph500 run on config.ranks GPU ranks (--gpus N, each GPU building its
/// own slice; text or JSON) for `free`: the id width (graph500_vertex_id_bits), the host bytes,
/// every GPU's and the node's (their sum); returns 0.
int print_graph500_rank_plan(const runs::Graph500Config& config, const FreeRankMemory& free,
                             bool json);

/// Prints the plan of a Graph500 run on config.ranks ranks simulated on the CPU (--ranks N; text
/// or JSON) for `free`: the id width, the host bytes by part (graph500_cpu_ranks_memory) and the
/// largest scale that fits this host; returns 0.
int print_graph500_cpu_ranks_plan(const runs::Graph500Config& config, const FreeMemory& free,
                                  bool json);

/// Prints the plan of a Graph500 run on one device (text or JSON) for `free`; returns 0.
int print_graph500_plan(const runs::Graph500Config& config, const FreeMemory& free, bool json);

/// What a `bfs FILE` run does beside reading the file.
struct BfsFilePlanRequest {
  std::string path;
  io::ReadOptions read;
  Device device = Device::cpu();  // auto: resolved for the arcs the file holds
  bool validate = false;
  SearchOrder search_order = SearchOrder::AsGiven;
};

/// Prints the plan of a `bfs FILE` run (text or JSON) for `free`; returns 0.
int print_bfs_file_plan(const BfsFilePlanRequest& request, const FreeMemory& free, bool json);

/// The ranks of a `bfs FILE --gpus N | --ranks N` run.
struct BfsFileRanks {
  int count = 2;
  /// --gpus N (GPUs 0 .. N-1, one rank each) rather than --ranks N (simulated on the CPU).
  bool on_gpus = true;
  VertexLayout layout = VertexLayout::Striped;
  GpuTransport transport = GpuTransport::Auto;
};

/// Prints the plan of a `bfs FILE` run on ranks (text or JSON) for `free`: the host bytes by
/// part (the file read, the graph cut into slices beside itself, the slices and gathered labels
/// while searching, and the simulated ranks' buffers) and, for GPUs, every GPU's and the node's,
/// each rank's arcs estimated in proportion to its vertices; returns 0.
/// @throws InvalidArgument for a file with more vertices than 32-bit ids hold.
int print_bfs_file_rank_plan(const BfsFilePlanRequest& request, const BfsFileRanks& ranks,
                             const FreeRankMemory& free, bool json);

}  // namespace frontier::cli
