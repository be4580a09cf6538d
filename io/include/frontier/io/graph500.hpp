/// @file graph500.hpp
/// @brief Graph500-style BFS benchmark runs (after the Graph500 reference code, src/main.c):
/// Kronecker generation (untimed), kernel 1 construction (timed; on a GPU run both happen on the
/// GPU, and the CSR stays there for the searches), BFS from distinct random roots
/// of degree >= 1 (each timed from the start of the search until the parent array is written,
/// each validated against the five Graph500 rules), and the official statistics block with
/// harmonic-mean TEPS.
///
/// Counting edges for TEPS follows the reference validator: nedge of one search is the number of
/// generated tuples (u, v) with u != v and u in the searched component; duplicate tuples count
/// every time, self loops never.
///
/// @code
///   frontier::io::Graph500Config config;
///   config.scale = 20;
///   auto result = frontier::io::run_graph500(config, [](const auto& run, int total) {
///     std::fprintf(stderr, "BFS %d/%d: %g TEPS\n", run.index + 1, total, run.teps);
///   });
///   std::fputs(frontier::io::format_graph500_statistics(result).c_str(), stdout);
/// @endcode
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "frontier/bfs.hpp"
#include "frontier/csr_graph.hpp"
#include "frontier/device.hpp"
#include "frontier/types.hpp"

namespace frontier::io {

/// What a Graph500 run does.
struct Graph500Config {
  /// log2 of the vertex count, 1..30 (vertex ids are 32-bit).
  int scale = 16;
  /// Generated tuples per vertex (the graph has edgefactor * 2^scale tuples). At least 1.
  int edgefactor = 16;
  /// Seeds the generator and the root sampler; the same seed gives the same graph and roots.
  std::uint64_t seed = 1;
  /// BFS roots wanted (64 in the official benchmark). Fewer are used when the graph has fewer
  /// vertices of degree >= 1.
  int roots = 64;
  /// Where the searches run.
  Device device = Device::cpu();
  /// Search options (device is taken from `device`; predecessors are always computed).
  BfsOptions bfs;
  /// Validate every search (the official benchmark does). When false the validate times are
  /// reported as -1, as the reference does.
  bool validate = true;
  /// GPU runs: generate the tuples and build the CSR on the GPU (true), or on the host followed
  /// by an upload (false, for comparison). Either way the graph is bit for bit the same.
  bool build_on_device = true;
};

/// One timed search.
struct Graph500Run {
  /// 0-based position among the roots.
  int index = 0;
  VertexId root = 0;
  /// From the start of the search until the parent array is written (in device memory for a
  /// GPU search; the copy back to the host for validation is not timed).
  double seconds = 0.0;
  /// Input tuples in the searched component (see the file comment).
  std::int64_t nedge = 0;
  /// nedge / seconds.
  double teps = 0.0;
  /// Validation time (counting nedge from the tuples and checking the five rules), -1 when not
  /// validated.
  double validate_seconds = -1.0;
  std::int64_t vertices_reached = 0;
  /// BFS levels (the search's depth + 1).
  std::int32_t levels = 0;
};

/// Order statistics, mean and sample standard deviation, computed as the reference's
/// get_statistics(): quartiles average the two middle candidates, stddev divides by n - 1
/// (0 when n < 2, where the reference would print nan).
struct Graph500Statistics {
  double min = 0.0;
  double firstquartile = 0.0;
  double median = 0.0;
  double thirdquartile = 0.0;
  double max = 0.0;
  double mean = 0.0;
  double stddev = 0.0;
};

/// TEPS statistics as the reference derives them from seconds per edge: the order statistics
/// are inverted (min_TEPS = 1 / max seconds-per-edge, ...), harmonic_mean = 1 / mean
/// seconds-per-edge and harmonic_stddev = stddev / (mean^2 * sqrt(n - 1)) (Norris 1940).
struct Graph500TepsStatistics {
  double min = 0.0;
  double firstquartile = 0.0;
  double median = 0.0;
  double thirdquartile = 0.0;
  double max = 0.0;
  double harmonic_mean = 0.0;
  double harmonic_stddev = 0.0;
};

/// Everything a run measured.
struct Graph500Result {
  Graph500Config config;
  std::int64_t num_vertices = 0;
  /// Generated tuples (edgefactor * 2^scale).
  std::int64_t num_tuples = 0;
  /// Arcs of the constructed graph (both directions of every non-loop tuple).
  std::int64_t num_arcs = 0;
  /// Kronecker generation (not an official figure).
  double generation_seconds = 0.0;
  /// Kernel 1: CSR construction (symmetrized, self loops dropped, duplicates kept) and making it
  /// resident on the device. Built on the GPU: the device CSR build from the device-resident
  /// tuples plus the BFS runner sizing and allocating its buffers, host clock around synchronous
  /// steps; the host copies (host_copy_seconds) are excluded.
  double construction_seconds = 0.0;
  /// Built on the GPU: copying the tuples and the CSR to the host for root choice, nedge
  /// counting and validation (part of neither figure above); 0 otherwise.
  double host_copy_seconds = 0.0;
  /// Whether generation and construction ran on the GPU.
  bool built_on_device = false;
  /// MPI processes that ran the benchmark (1 for a single-process run), printed as
  /// num_mpi_processes.
  int mpi_processes = 1;
  std::vector<Graph500Run> runs;
  Graph500Statistics time;
  Graph500Statistics nedge;
  Graph500TepsStatistics teps;
  Graph500Statistics validate;
};

/// Called after every search (and its validation) with the run and the number of roots.
using Graph500Progress = std::function<void(const Graph500Run& run, int total_runs)>;

/// Runs the benchmark.
/// @throws InvalidArgument for a config out of range (scale, edgefactor, roots, BFS options).
/// @throws OutOfMemory if the run's estimated memory exceeds the memory available now.
/// @throws ValidationError naming the root and the broken rule if a search fails validation.
Graph500Result run_graph500(const Graph500Config& config, const Graph500Progress& progress = {});

/// Bytes a run at this size needs on the host (tuples, CSR and its construction scratch, one
/// search's arrays and the validator's), an estimate used before anything is allocated.
std::uint64_t graph500_memory_bytes(int scale, int edgefactor);

/// Device bytes a run built on the GPU needs at its peak: the larger of construction (tuples,
/// offsets, placement cursors, arcs, the sort's second buffer and an allowance for its scratch)
/// and search (CSR plus the BFS runner's labels, bitmaps and queues), plus the headroom the
/// device checks keep free. An estimate made before anything is allocated; each step checks its
/// exact needs again.
std::uint64_t graph500_device_bytes(int scale, int edgefactor);

/// Throws OutOfMemory when graph500_memory_bytes(scale, edgefactor) exceeds MemAvailable in
/// /proc/meminfo; does nothing where /proc/meminfo cannot be read.
void check_graph500_memory(int scale, int edgefactor);

/// Up to `count` distinct vertices of degree >= 1, drawn uniformly with counter_random from
/// stream `seed` (draw i is a pure function of (seed, i)). Draws stop after 4n + 1024 tries,
/// so a graph with fewer eligible vertices gives fewer roots.
std::vector<VertexId> choose_graph500_roots(const Graph& graph, int count, std::uint64_t seed);

/// Statistics of `samples` (see Graph500Statistics). @throws InvalidArgument if empty.
Graph500Statistics graph500_statistics(std::span<const double> samples);

/// TEPS statistics from per-search seconds and nedge (see Graph500TepsStatistics).
/// @throws InvalidArgument if the spans are empty or differ in length.
Graph500TepsStatistics graph500_teps_statistics(std::span<const double> seconds,
                                                std::span<const double> nedge);

/// The official statistics block, line for line as the reference's main.c prints it
/// ("SCALE:", "edgefactor:", "NBFS:", ..., "bfs  harmonic_mean_TEPS:     !  ...",
/// "bfs  stddev_validate:"), each line ending in '\n'; num_mpi_processes is mpi_processes.
std::string format_graph500_statistics(const Graph500Result& result);

}  // namespace frontier::io
