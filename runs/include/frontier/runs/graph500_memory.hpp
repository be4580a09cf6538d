/// @file graph500_memory.hpp
/// @brief The memory a Graph500 run needs, by part, computed before anything is allocated: what
/// run_graph500's checks compare with free memory (check_graph500_memory,
/// check_graph500_device_memory), what `frontier graph500 --plan` prints, and the largest scale
/// that fits a memory size, all from these functions.
///
/// The host peak of a run built on the host is the generated tuples (kept for counting nedge)
/// plus the larger of kernel 1 (the CSR builder's peak) and the searches (the CSR, one search's
/// arrays and the validator's); a run built on the GPU keeps no tuples on the host. The device
/// peak of a run built on the GPU is the larger of construction (device_csr_build_bytes: the CSR
/// built in two passes over the generator, with no tuple list and a bounded sort buffer) and
/// search (the single-GPU BFS's graph and buffers, bfs_device_bytes, plus the depths uploaded to
/// count nedge over the regenerated tuples), plus the headroom the device checks keep free.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "frontier/distribution/vertex_distribution.hpp"
#include "frontier/memory_sizing.hpp"
#include "frontier/runs/graph500.hpp"

namespace frontier::runs {

/// Host bytes of a Graph500 run on one device, by part.
struct Graph500HostBytes {
  /// The generated tuples, kept for counting nedge (a run built on the GPU regenerates them
  /// there instead: 0).
  std::uint64_t tuples = 0;
  /// Kernel 1 on the host: the CSR builder's peak beside the tuples (csr_build_peak_bytes). A
  /// run built on the GPU builds it there (0).
  std::uint64_t construction = 0;
  /// The CSR on the host: built there, or copied back for the host validator (else 0).
  std::uint64_t graph = 0;
  /// One search's arrays on the host and the validator's.
  BfsHostBytes search;
  /// The renumbered copy an engine with SearchOrder::DegreeClasses keeps beside the graph
  /// (search_order_host_bytes), else 0.
  std::uint64_t search_order = 0;

  std::uint64_t peak() const {
    return tuples + std::max(construction, graph + search_order + search.total());
  }
};

/// Device bytes of a Graph500 run built on one GPU, by part.
struct Graph500DeviceBytes {
  /// Kernel 1: the CSR built from tuples regenerated in two passes (device_csr_build_bytes).
  DeviceCsrBuildBytes construction;
  /// The searches: the resident CSR and the BFS runner's buffers.
  BfsDeviceBytes search;
  /// Counting nedge after a search, from its depths on the GPU: each vertex's tuples, counted
  /// once (count_kronecker_tuples_by_source), and the sum.
  std::uint64_t nedge_count = 0;
  /// Each search's labels kept on the GPU (depth and parent, one pair reused for every root) and
  /// the GPU validator's work arrays (byte and nibble levels, parent-arc marks), held between
  /// searches.
  std::uint64_t kept_labels = 0;
  /// SearchOrder::DegreeClasses: the order, both directions, made during kernel 1 and kept
  /// through the searches, and a search's labels rewritten in it for the GPU validator; else 0.
  std::uint64_t search_order = 0;
  /// Kept free by every device check (kDeviceMemoryHeadroom).
  std::uint64_t headroom = 0;

  std::uint64_t searching() const { return search.total() + nedge_count + kept_labels; }
  std::uint64_t peak() const {
    return std::max(construction.peak(), searching()) + search_order + headroom;
  }
};

/// Host bytes of a run at this size, by what the host holds (`host`). Built on the GPU, kernel 1
/// runs there and the host holds no tuples (nedge is counted on the GPU): the copied CSR and the
/// labels the host validator reads (ValidatesGraph), or nothing (None).
Graph500HostBytes graph500_host_memory(int scale, int edgefactor,
                                       Graph500HostRole host = Graph500HostRole::BuildsGraph,
                                       IdBytes ids = {});

/// graph500_host_memory for `config` as run_graph500 runs it on the engine: its host role, and
/// the renumbered copy of its search order.
Graph500HostBytes graph500_run_host_memory(const Graph500Config& config);

/// Device bytes of a run at this size built on one GPU, its vertices in `order`.
Graph500DeviceBytes graph500_device_memory(int scale, int edgefactor,
                                           SearchOrder order = SearchOrder::AsGiven);

/// Device bytes of one GPU rank of a Graph500 run on GPU ranks (--gpus N), each rank building its
/// slice on its own GPU, by part:
///  - arcs: the rank's arcs (a count), estimated as the graph's 2 * edgefactor * 2^scale arcs in
///    proportion to the vertices it owns (the generator's vertex permutation spreads the arcs
///    evenly; a run logs the measured edge balance);
///  - construction: kernel 1 on the rank's GPU, its rows' offsets, its arcs and the placement
///    cursors or a sort batch (device_csr_build_bytes over its rows);
///  - search: the slice, the rank's search and exchange buffers (distributed_rank_device_bytes)
///    and NCCL's own buffers;
///  - check: a search checked on the rank's GPU where its labels lie, beside the search buffers:
///    every vertex's depth, another rank's local depths and visited bitmap as they arrive
///    (validation; an unvalidated nedge needs less);
/// and, in the peak, the headroom every device check keeps free (kDeviceMemoryHeadroom).
struct Graph500RankDeviceBytes {
  std::uint64_t arcs = 0;
  std::uint64_t construction = 0;
  std::uint64_t search = 0;
  std::uint64_t check = 0;

  std::uint64_t peak() const {
    return std::max(construction, search + check) + kDeviceMemoryHeadroom;
  }
};

/// Bytes of a Graph500 run on `gpus` GPU ranks of one process, every rank building its slice on
/// its own GPU: the host holds no tuple and no arc, only the labels of a search.
struct Graph500RankBytes {
  /// The host: the depth and parent of every vertex, gathered from the ranks after a search
  /// where the run keeps them (an unvalidated run); a validated run checks the labels on the
  /// GPUs where they lie and holds none.
  BfsHostBytes host;
  /// One entry per GPU: rank r on GPU r at index r.
  std::vector<Graph500RankDeviceBytes> gpus;

  std::uint64_t host_peak() const { return host.total(); }
  /// The largest GPU's peak.
  std::uint64_t device_peak() const {
    std::uint64_t peak = 0;
    for (const Graph500RankDeviceBytes& gpu : gpus) peak = std::max(peak, gpu.peak());
    return peak;
  }
  /// Every GPU's peak summed: the device bytes of the node that holds them all.
  std::uint64_t node_device_bytes() const {
    std::uint64_t total = 0;
    for (const Graph500RankDeviceBytes& gpu : gpus) total += gpu.peak();
    return total;
  }
};

/// Bytes of a run at this size on `gpus` GPU ranks laid out by `layout`, sized for the peer
/// transport's buffers (`peer`) or NCCL's (the larger; what a plan without GPUs assumes), with
/// global vertex ids of `vertex_id_bits` (32 or 64; 0: graph500_vertex_id_bits' pick for the
/// scale), which size the labels, the slice's arcs and the search buffers; the host's labels are
/// counted where `labels_on_host` (a run that does not validate gathers them).
Graph500RankBytes graph500_rank_memory(int scale, int edgefactor, int gpus, VertexLayout layout,
                                       bool peer = false, int vertex_id_bits = 0,
                                       bool labels_on_host = true);

/// The largest scale in 1..max_scale (by default kMaxGraph500Scale32BitIds, one device) whose
/// `bytes_at_scale(scale)` is at most `budget` (bytes grow with the scale); 0 when not even scale
/// 1 fits.
int largest_fitting_scale(const std::function<std::uint64_t(int scale)>& bytes_at_scale,
                          std::uint64_t budget, int max_scale = kMaxGraph500Scale32BitIds);

/// Host bytes of a Graph500 run on `config.ranks` ranks simulated on the CPU: every slice, the
/// tuples and the builder on this host, as one device's run built here with ids of the run's
/// width (graph500_vertex_id_bits); what the run's own memory check compares with MemAvailable.
Graph500HostBytes graph500_cpu_ranks_memory(const Graph500Config& config);

/// The largest scale whose host peak (graph500_memory_bytes) fits `available_bytes`.
int largest_graph500_host_scale(int edgefactor, Graph500HostRole host,
                                std::uint64_t available_bytes);

/// The largest scale whose device peak (graph500_device_bytes, headroom included) fits a GPU
/// with `free_bytes` free.
int largest_graph500_device_scale(int edgefactor, std::uint64_t free_bytes,
                                  SearchOrder order = SearchOrder::AsGiven);

/// The fewest GPUs (2, 4 or 8, one rank each, striped) whose every rank fits
/// `free_bytes_per_gpu` for a Graph500 run at `scale`; 0 if 8 do not.
int fewest_graph500_gpus(int scale, int edgefactor, std::uint64_t free_bytes_per_gpu);

}  // namespace frontier::runs
