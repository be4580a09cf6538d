/// @file graph500.hpp
/// @brief Graph500-style BFS benchmark runs (after the Graph500 reference code, src/main.c), the
/// benchmark contract written once: Kronecker generation (untimed), kernel 1 construction
/// (timed), BFS from distinct random roots of degree >= 1 (each timed from the start of the
/// search until the parent array is written, each validated against the five Graph500 rules),
/// and the official statistics block with harmonic-mean TEPS.
///
/// Where the graph lives and the searches run is the config's placement, as the reference's
/// bfs_custom.c plugs into its main.c:
///  - Engine: one device. On the CPU the graph is generated and built on the host; on a GPU it
///    is generated and built on the GPU itself and stays there (or, with build_on_device off,
///    built on the host and uploaded);
///  - Ranks: the graph split over ranks in this process (DistributedBfs), simulated on the CPU
///    or one per GPU; every rank generates its own tuple range and the arcs travel to their
///    owners (frontier/partition/slices.hpp);
///  - MpiProcesses: one process per GPU (`mpirun -np N`): MPI routes the generated arcs to their
///    owners (MPI_Alltoallv), bootstraps NCCL and carries tiny host values; after every search
///    the label arrays are combined (MPI_Allreduce) and each process validates its own slice. A
///    search's time is the slowest process's; verdicts and counts are summed.
/// Every placement draws the same roots for a seed (one root stream, one sampler; degrees
/// answered by wherever the graph lives), so a seed names the same searches on one device and on
/// many, and the same nedge for each.
///
/// Counting edges for TEPS follows the reference validator: nedge of one search is the number of
/// generated tuples (u, v) with u != v and u in the searched component; duplicate tuples count
/// every time, self loops never. (On ranks: half the arcs whose tail was reached, which is the
/// same number, since the graph holds both arcs of every such tuple.)
///
/// @code
///   frontier::runs::Graph500Config config;
///   config.scale = 20;
///   auto result = frontier::runs::run_graph500(config, [](const auto& run, int total) {
///     std::fprintf(stderr, "BFS %d/%d: %g TEPS\n", run.index + 1, total, run.teps);
///   });
///   std::fputs(frontier::runs::format_graph500_statistics(result).c_str(), stdout);
/// @endcode
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "frontier/bfs.hpp"
#include "frontier/csr_graph.hpp"
#include "frontier/device.hpp"
#include "frontier/distributed_bfs.hpp"
#include "frontier/distribution/vertex_distribution.hpp"
#include "frontier/engine.hpp"
#include "frontier/memory_sizing.hpp"
#include "frontier/partition/slices.hpp"
#include "frontier/runs/graph500_statistics.hpp"
#include "frontier/types.hpp"

namespace frontier::runs {

/// Where the graph of a Graph500 run lives and its searches run (see the file comment).
enum class Graph500Placement {
  /// One Engine on `device` (the CPU or one GPU).
  Engine,
  /// `ranks` ranks in this process: simulated on the CPU, or one per GPU of `device`.
  Ranks,
  /// One process per GPU of an MPI job; every process calls run_graph500 with the same config.
  MpiProcesses,
};

/// "engine", "ranks" or "mpi-processes": what parse_graph500_placement() reads back.
std::string_view to_string(Graph500Placement placement);
/// @throws InvalidArgument for a name to_string() does not give.
Graph500Placement parse_graph500_placement(std::string_view name);

/// The largest scale whose 2^scale vertices 32-bit vertex ids hold: the limit of the engine,
/// of MPI processes and of ranks asked for 32-bit ids.
inline constexpr int kMaxGraph500Scale32BitIds = 30;
/// The largest scale of a run on ranks with 64-bit vertex ids.
inline constexpr int kMaxGraph500Scale64BitIds = 42;
/// The largest scale on GPU ranks: their arcs keep global ids in 32 bits (GpuRankTarget).
inline constexpr int kMaxGraph500ScaleGpuRanks = 32;

/// What a Graph500 run does.
struct Graph500Config {
  /// log2 of the vertex count, 1..graph500_max_scale(config): 30 on the engine and under MPI
  /// (vertex ids are 32-bit there), on ranks with 64-bit vertex ids 32 on GPUs and 42 on the CPU.
  int scale = 16;
  /// Generated tuples per vertex (the graph has edgefactor * 2^scale tuples). At least 1.
  int edgefactor = 16;
  /// Seeds the generator and the root sampler; the same seed gives the same graph and roots.
  std::uint64_t seed = 1;
  /// BFS roots wanted (64 in the official benchmark). Fewer are used when the graph has fewer
  /// vertices of degree >= 1.
  int roots = 64;
  /// Search options (predecessors are always computed; on ranks the strategy picks between
  /// direction-optimizing and top-down levels, with alpha and beta).
  BfsOptions bfs;
  /// Validate every search (the official benchmark does). When false the validate times are
  /// reported as -1, as the reference does.
  bool validate = true;
  /// Engine on a GPU: validate on the host (validate_bfs_tree on the host CSR) instead of on the
  /// GPU against the resident graph (Engine::validate), for comparison. Same rules, same words.
  bool validate_on_host = false;

  Graph500Placement placement = Graph500Placement::Engine;
  /// Engine: the CPU or one GPU. Ranks: the CPU (simulated ranks) or one GPU per rank.
  /// MpiProcesses: unused (each process drives the GPU of its rank on its node).
  Device device = Device::cpu();
  /// Engine on a GPU: generate the tuples and build the CSR on the GPU (true), or on the host
  /// followed by an upload (false, for comparison). Ranks on GPUs and MpiProcesses: every rank
  /// builds its own slice on its GPU (true; the host holds no arc), or the slices are generated,
  /// routed and built on the host, then uploaded (false). Either way the graph is bit for bit the
  /// same.
  bool build_on_device = true;
  /// Engine: how the engine numbers the vertices it searches (EngineOptions::search_order). The
  /// degree-class order renumbers the graph as part of kernel 1, where the graph is built: on
  /// the GPU (build_on_device), whose graph then has no host copy for validate_on_host; or on
  /// the host. Unset: graph500_search_order() picks.
  std::optional<SearchOrder> search_order;
  /// Ranks: how many (on a GPU device, as many as device.cuda_ids). MpiProcesses: unused (the
  /// job's size; the result's config holds it).
  int ranks = 1;
  /// Ranks and MpiProcesses: which rank owns which vertex.
  VertexLayout layout = VertexLayout::Striped;
  /// Ranks on GPUs and MpiProcesses: how the GPU ranks reach each other.
  GpuTransport transport = GpuTransport::Auto;
  /// Ranks and MpiProcesses: time the phases of every level (DistributedBfsOptions::time_phases;
  /// slows the searches).
  bool time_phases = false;
  /// Ranks and MpiProcesses: DistributedBfsOptions::small_level_arcs.
  std::int64_t small_level_arcs = DistributedBfsOptions{}.small_level_arcs;
  /// Width of the global vertex ids, 32 or 64; 0 picks the narrowest that holds 2^scale
  /// vertices (graph500_vertex_id_bits). 64 runs on ranks only (simulated or on GPUs); the
  /// same seed gives the same graph, roots and searches at either width.
  int vertex_id_bits = 0;
};

/// One timed search.
struct Graph500Run {
  /// 0-based position among the roots.
  int index = 0;
  /// Wide enough for a run with 64-bit vertex ids.
  std::int64_t root = 0;
  /// From the start of the search until the parent array is written (in device memory for a
  /// GPU search; the copy back to the host for validation is not timed); the slowest process's
  /// under MPI.
  double seconds = 0.0;
  /// Input tuples in the searched component (see the file comment).
  std::int64_t nedge = 0;
  /// nedge / seconds.
  double teps = 0.0;
  /// Validation time (counting nedge and checking the five rules; under MPI also combining the
  /// labels), -1 when not validated.
  double validate_seconds = -1.0;
  std::int64_t vertices_reached = 0;
  /// BFS levels (the search's depth + 1).
  std::int32_t levels = 0;
  /// Each level's direction, frontier, arcs examined and time, as the search reported them.
  std::vector<BfsLevelStats> level_stats;
};

/// What a run on ranks (in this process or one per MPI process) measures beside the official
/// figures.
struct Graph500DistributedDetails {
  /// The GPU ranks' transport (Auto on the CPU).
  GpuTransport transport = GpuTransport::Auto;
  partition::BalanceReport balance;
  /// Bytes that crossed between ranks, per search.
  std::vector<std::int64_t> bytes_exchanged;
  /// Per search, the untimed barrier before its clock (DistributedBfsResult::warm_up_seconds;
  /// the slowest process's under MPI).
  std::vector<double> warm_up_seconds;
  /// Per-level traffic (and, with time_phases, phases) of every timed search, in root order.
  std::vector<std::vector<DistributedLevelStats>> search_levels;
};

/// Everything a run measured.
struct Graph500Result {
  /// The config as run: under MPI, `device` is this process's GPU and `ranks` the job's size;
  /// `vertex_id_bits` is the width the run used (32 or 64).
  Graph500Config config;
  std::int64_t num_vertices = 0;
  /// Generated tuples (edgefactor * 2^scale).
  std::int64_t num_tuples = 0;
  /// Arcs of the constructed graph (both directions of every non-loop tuple).
  std::int64_t num_arcs = 0;
  /// Kronecker generation (not an official figure); the slowest process's under MPI. 0 when
  /// built on the GPU, where kernel 1 runs the generator inside its own two passes.
  double generation_seconds = 0.0;
  /// Kernel 1: CSR construction (symmetrized, self loops dropped, duplicates kept) and making it
  /// resident where the searches run. Built on the GPU: the device CSR build in two passes over
  /// the Kronecker generator (no tuple list) plus the BFS runner sizing and allocating its
  /// buffers, host clock around synchronous steps; the host copy (host_copy_seconds) is
  /// excluded. On ranks: the arcs routed to their owners, every slice built and made resident
  /// (the slowest process's under MPI).
  double construction_seconds = 0.0;
  /// Built on the GPU and validated on the host (validate_on_host): copying the CSR to the host
  /// for the host validator (part of neither figure above); 0 otherwise (the CSR stays on the
  /// GPU alone).
  double host_copy_seconds = 0.0;
  /// Whether generation and construction ran on the GPU (Engine placement) or on every rank's
  /// GPU (GPU ranks and MPI processes).
  bool built_on_device = false;
  /// MPI processes that ran the benchmark (1 for a single-process run), printed as
  /// num_mpi_processes.
  int mpi_processes = 1;
  /// This process's rank among them (0 for a single-process run). Every process holds the same
  /// figures; one of them reports.
  int mpi_rank = 0;
  std::vector<Graph500Run> runs;
  Graph500Statistics time;
  Graph500Statistics nedge;
  Graph500TepsStatistics teps;
  Graph500Statistics validate;
  /// Ranks and MpiProcesses placements only.
  std::optional<Graph500DistributedDetails> distributed;
};

/// Called after every search (and its validation) with the run and the number of roots; under
/// MPI on process 0 only.
using Graph500Progress = std::function<void(const Graph500Run& run, int total_runs)>;

/// Arcs of the run's graph before self loops are dropped (both arcs of every tuple:
/// 2 * edgefactor * 2^scale), what Device::automatic() weighs; 0 for a scale or edgefactor out of
/// range.
std::int64_t graph500_arcs(const Graph500Config& config);

/// Runs the benchmark where config.placement says; an Engine on Device::automatic() goes where
/// resolve_device() puts graph500_arcs(config) arcs.
/// @throws InvalidArgument for a config out of range (scale, edgefactor, roots, BFS options, a
///         placement that does not match its devices or ranks), or MpiProcesses in a build
///         without MPI.
/// @throws OutOfMemory if the run's estimated memory exceeds the memory available now (the
///         host's; an Engine built on a GPU also the GPU's).
/// @throws ValidationError naming the root and the broken rule if a search fails validation (on
///         every process under MPI).
/// @throws CudaError for a GPU placement without a usable GPU or CUDA backend.
Graph500Result run_graph500(const Graph500Config& config, const Graph500Progress& progress = {});

/// The order the run searches in: config.search_order, or where that is unset, the degree-class
/// order for an engine whose graph kernel 1 builds on the GPU (made there at no extra pass, and
/// searched faster at every scale measured: docs/results.md) unless the host validator reads
/// the graph, and the graph's own order for every other run (on the host the renumbering is a
/// second copy and a pass over the arcs that one run of 64 searches does not always repay).
SearchOrder graph500_search_order(const Graph500Config& config);

/// Graph500Config::search_order from its name: "auto" (unset, for graph500_search_order() to
/// pick), "given" or "degree" (as parse_search_order()).
/// @throws InvalidArgument for any other name.
std::optional<SearchOrder> parse_graph500_search_order(std::string_view name);

/// The width of the run's global vertex ids: config.vertex_id_bits, or where that is 0, 32 up to
/// scale kMaxGraph500Scale32BitIds and 64 above.
int graph500_vertex_id_bits(const Graph500Config& config);

/// The largest scale the config's placement and id width take: on ranks with 64-bit ids (or ids
/// picked by the scale) kMaxGraph500ScaleGpuRanks on GPUs and kMaxGraph500Scale64BitIds on the
/// CPU; kMaxGraph500Scale32BitIds otherwise.
int graph500_max_scale(const Graph500Config& config);

/// The size checks run_graph500 makes of `config` before anything is sized or allocated (what a
/// memory plan needs too): an id width of 0, 32 or 64 (64 on ranks only), a scale in
/// [1, graph500_max_scale(config)] (a message saying which placement takes a larger one), an
/// edgefactor and a root count of at least 1. @throws InvalidArgument naming the first bad
/// field.
void check_graph500_size(const Graph500Config& config);

/// The official statistics block, line for line as the reference's main.c prints it
/// ("SCALE:", "edgefactor:", "NBFS:", ..., "bfs  harmonic_mean_TEPS:     !  ...",
/// "bfs  stddev_validate:"), each line ending in '\n'; num_mpi_processes is mpi_processes.
std::string format_graph500_statistics(const Graph500Result& result);

/// Up to `count` distinct vertices of degree >= 1, drawn uniformly with counter_random from
/// stream `seed` (draw i is a pure function of (seed, i)). Draws stop after 4n + 1024 tries,
/// so a graph with fewer eligible vertices gives fewer roots. run_graph500 draws its roots so,
/// from a stream derived from the config's seed. @throws InvalidArgument if count < 1.
std::vector<VertexId> choose_graph500_roots(const Graph& graph, int count, std::uint64_t seed);

/// What the host holds in a Graph500 run on one device, which sizes its host memory.
enum class Graph500HostRole {
  /// Kernel 1 on the host: the tuples (kept to count nedge) and the CSR builder, then the CSR,
  /// one search's labels and the validator's arrays.
  BuildsGraph,
  /// Kernel 1 on the GPU, the CSR copied back for the host validator (validate_on_host), with
  /// the labels it reads.
  ValidatesGraph,
  /// Kernel 1, the searches and their checks on the GPU: nothing that grows with the graph.
  None,
};

/// The host's role in a run of `config` on one device (the engine placement).
Graph500HostRole graph500_host_role(const Graph500Config& config);

/// Bytes a run at this size needs on the host at its peak: graph500_host_memory(scale,
/// edgefactor, host, ids).peak() (graph500_memory.hpp has the parts), an estimate made before
/// anything is allocated. `host`: what the host holds; `ids`: the widths of vertex and edge ids
/// (ranks simulated on the CPU with 64-bit vertex ids hold 8-byte ids).
std::uint64_t graph500_memory_bytes(int scale, int edgefactor,
                                    Graph500HostRole host = Graph500HostRole::BuildsGraph,
                                    IdBytes ids = {});

/// Device bytes a run built on the GPU needs at its peak, the headroom the device checks keep
/// free included: graph500_device_memory(scale, edgefactor, order).peak() (graph500_memory.hpp).
/// An estimate made before anything is allocated; each step checks its exact needs again.
std::uint64_t graph500_device_bytes(int scale, int edgefactor,
                                    SearchOrder order = SearchOrder::AsGiven);

/// Throws OutOfMemory when graph500_memory_bytes(scale, edgefactor, host, ids) exceeds
/// `available_bytes`, saying the largest scale that fits; does nothing when available_bytes is 0
/// (unknown).
void check_graph500_memory_fits(int scale, int edgefactor, Graph500HostRole host,
                                std::uint64_t available_bytes, IdBytes ids = {});

/// check_graph500_memory_fits against MemAvailable in /proc/meminfo; does nothing where
/// /proc/meminfo cannot be read.
void check_graph500_memory(int scale, int edgefactor,
                           Graph500HostRole host = Graph500HostRole::BuildsGraph, IdBytes ids = {});

/// Throws OutOfMemory naming GPU `device_id` when graph500_device_bytes(scale, edgefactor, order)
/// exceeds its free memory now, saying the largest scale that fits; CudaError when it cannot be
/// queried.
void check_graph500_device_memory(int scale, int edgefactor, int device_id,
                                  SearchOrder order = SearchOrder::AsGiven);

}  // namespace frontier::runs
