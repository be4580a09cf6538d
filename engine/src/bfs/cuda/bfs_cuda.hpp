/// @file bfs_cuda.hpp
/// @brief The single-GPU BFS backend behind frontier::bfs (internal; plain host C++, no CUDA
/// headers). A BfsRunner uploads a graph once and answers many searches from it.
///
/// Algorithm: Merrill, Garland, Grimshaw, "Scalable GPU Graph Traversal" (PPoPP 2012) and
/// Merrill's thesis, "Allocation-oriented Algorithm Design with Application to GPU Computing"
/// (2011), ch. 6: queue-based top-down levels that expand a vertex queue into an edge queue of
/// neighbours (scan + warp + CTA gathering) and contract the edge queue back into a vertex queue
/// (bitmask status lookup, warp and history culling), either as two kernels or fused into one;
/// plus Beamer's direction-optimizing bottom-up levels over a bitmap frontier (SC 2012). Runs of
/// small fused levels go back to back in one cooperative launch (grid-wide barrier between
/// levels), so high-diameter graphs do not pay a host round trip per level.
///
/// Invariants of every search: a vertex is claimed (its visited bit set by one atomicOr) exactly
/// once, by the level that labels it, so each vertex enters the vertex queue at most once and an
/// edge queue never holds more than num_arcs() items; depths are exact; a parent is some
/// neighbour one level up. Adjacency lists of hub size are copied into the edge queue by an
/// edge-balanced pass over fixed-size chunks (bfs_hub.cuh) instead of by one CTA each. The edge
/// queues hold at most max(n, m) items and 768 MiB together (bfs_cuda_sizing.hpp): a level whose
/// edge frontier is longer is expanded in passes that each fit one (bfs_pass.cuh), so a search
/// holds the graph, about 20.4 bytes per vertex with 32-bit ids (36.4 with 64-bit ones) and
/// under 800 MiB more.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "frontier/bfs_result.hpp"
#include "frontier/bfs_validate.hpp"
#include "frontier/csr_graph.hpp"
#include "graph/cuda/device_graph_build.hpp"

namespace frontier::cuda {

/// How the top-down levels are run, and whether bottom-up levels may be used.
enum class BfsCudaStrategy {
  /// Fused contract-expand while the edge queue is smaller than the resident thread count (many
  /// such levels per cooperative launch), two-phase (expand kernel + contract kernel) otherwise.
  /// Top-down only.
  Hybrid,
  /// Two kernels per level (expand, contract), whatever the frontier size.
  TwoPhase,
  /// One fused contract-expand launch per level, whatever the frontier size.
  ContractExpand,
  /// Hybrid top-down levels, switching to bottom-up ones by Beamer's alpha/beta rule (checked
  /// after every level, inside multi-level launches too).
  DirectionOptimizing,
  /// Bottom-up at every level after the source's.
  BottomUp,
  /// One fused expand-contract launch per level over vertex queues (Merrill's expand-contract;
  /// the edge queue never reaches memory). Kept for comparison.
  ExpandContract,
};

/// "hybrid", "two-phase", "contract-expand", "direction-optimizing", "bottom-up" or
/// "expand-contract".
std::string_view to_string(BfsCudaStrategy strategy);

struct BfsCudaOptions {
  BfsCudaStrategy strategy = BfsCudaStrategy::DirectionOptimizing;
  /// Compute BfsResult::parent (a BFS tree). Depths are always computed.
  bool predecessors = true;
  /// Beamer's switches; <= 0 takes the tuning policy's value.
  double alpha = 0.0;
  double beta = 0.0;
  /// Copy depths (and parents) back to the host. A benchmark that times repeated searches may
  /// turn this off; BfsResult then carries the statistics only.
  bool copy_labels = true;
  /// Run top-down levels whose edge queue holds at most a few thousand items in one cluster of
  /// CTAs, many per launch (hybrid strategies). Off: such levels go to the cooperative grid launch,
  /// as larger ones do; benchmarks compare the two.
  bool cluster_levels = true;
  /// Keep CSR arc indices in 64 bits in the cluster level kernel even where 32 bits hold them
  /// (graphs of fewer than 2^32 arcs list them in 32, a shorter scan; larger graphs always use
  /// 64). Tests run both listings on small graphs.
  bool cluster_wide_arc_indices = false;
  /// Stop after the level that labels this depth (BfsOptions::depth_limit).
  std::optional<std::int32_t> depth_limit;
  /// Stop after the level that labels this vertex (BfsOptions::target): its depth is posted
  /// with each level's counts.
  std::optional<std::int64_t> target;
  /// Items each edge queue may hold in this search, at most what the runner allocated (0: all
  /// of it). A level whose edge frontier is longer is expanded in passes; tests set tiny values
  /// to run every strategy through them.
  std::uint64_t edge_queue_capacity = 0;
};

/// Work counters of the last search, for benchmarks and tests (BfsResult has the per-level view).
struct BfsCudaRunStats {
  /// Items written to edge queues by top-down expansion (every neighbour of every expanded vertex).
  std::int64_t edge_queue_items = 0;
  /// Items that passed the bitmask, warp and history culls and reached the atomic claim.
  std::int64_t culling_survivors = 0;
  /// Vertices claimed (= vertices reached).
  std::int64_t vertices_claimed = 0;
  /// Of those, the ones claimed by top-down levels (through the culls and the atomic claim).
  std::int64_t vertices_claimed_top_down = 0;
  /// In-arcs read by bottom-up levels.
  std::int64_t bottom_up_arcs_examined = 0;
  /// Sum of the out-degrees of the reached vertices: the arcs a queue-based search must look at.
  std::int64_t logical_arcs = 0;
  /// Arcs of hub lists copied by the edge-balanced hub pass (part of edge_queue_items).
  std::int64_t hub_arcs = 0;
  /// Levels run by each kind of step (fused ones in single- or multi-level launches).
  int fused_levels = 0;
  /// Levels run by the cluster level kernel (the expansion of its last level included, when the
  /// wide kernels ran it).
  int cluster_levels = 0;
  int two_phase_levels = 0;
  int bottom_up_levels = 0;
  /// Of those, the steps queued behind the step before them (launched before the host had that
  /// one's counts).
  int bottom_up_levels_queued = 0;
  int expand_contract_levels = 0;
  /// Cooperative launches that ran several small contract-expand levels back to back.
  int multi_level_launches = 0;
  /// Launches of the cluster level kernel.
  int cluster_level_launches = 0;
  /// Passes of the levels whose edge frontier did not fit an edge queue (each expands at most a
  /// queue's capacity of arcs and contracts them).
  int edge_queue_passes = 0;
  /// Multi-level launches that stopped because Beamer's rule turned the search bottom-up.
  int in_launch_switches = 0;
  /// Expansions of a few vertices with many arcs, every list of a CTA's length as hub chunks.
  int hub_levels = 0;
};

/// Keeps one graph resident on one GPU and runs BFS from any source.
///
/// Construction sizes every device buffer (graph, reverse graph for directed inputs, labels,
/// bitmaps, vertex and edge queues) against the GPU's free memory and throws OutOfMemory naming
/// bytes needed and bytes free before allocating anything; searches allocate nothing.
/// Not thread-safe: one search at a time per runner.
template <typename VertexT, typename EdgeT>
class BfsRunner {
 public:
  /// Uploads `graph` to CUDA device `device_id`.
  /// @throws InvalidArgument if the graph has no vertices.
  /// @throws OutOfMemory if the buffers do not fit in the free device memory.
  /// @throws CudaError if a CUDA call fails (no GPU, bad device id, ...).
  BfsRunner(const CsrGraph<VertexT, EdgeT>& graph, int device_id = 0);
  /// Adopts a graph already resident on a GPU (built there by build_csr_on_device) and sizes the
  /// search buffers on that GPU, without a host round trip; `graph` is left empty.
  /// @throws InvalidArgument if `graph` is empty; OutOfMemory, CudaError as above.
  explicit BfsRunner(ResidentGraph<VertexT, EdgeT>&& graph);
  ~BfsRunner();
  BfsRunner(BfsRunner&&) noexcept;
  BfsRunner& operator=(BfsRunner&&) noexcept;
  BfsRunner(const BfsRunner&) = delete;
  BfsRunner& operator=(const BfsRunner&) = delete;

  /// Breadth-first search from `source`. BfsResult::seconds is the search alone (from resetting
  /// the labels to the last level's count), without copying the labels back. Levels run together
  /// in one multi-level launch share its time evenly in BfsLevelStats::seconds.
  /// @throws InvalidArgument if source is out of range.
  /// @throws CudaError if a CUDA call fails.
  BfsResult<VertexT> run(VertexT source, const BfsCudaOptions& options = {});
  /// One search from several sources at depth 0 (each its own parent), as run() otherwise.
  /// @throws InvalidArgument if `sources` is empty, holds a vertex twice, or a source or the
  ///         target is out of range.
  BfsResult<VertexT> run(std::span<const VertexT> sources, const BfsCudaOptions& options = {});

  /// Checks the labels of a search on this runner's graph against the five Graph500 rules on the
  /// GPU, with validate_bfs_tree's order of checks and messages: `parent` and `depth` (empty:
  /// parents only) are uploaded over the runner's label buffers, so the last search's labels on
  /// the device are overwritten.
  /// @throws InvalidArgument as validate_bfs_tree; OutOfMemory if the validator's work arrays do
  ///         not fit; CudaError if a CUDA call fails.
  BfsValidation validate(std::span<const VertexT> sources, std::span<const VertexT> parent,
                         std::span<const std::int32_t> depth, bool stopped_early);
  /// validate() on labels already on this runner's GPU (`d_parent`, and `d_depth` unless null:
  /// num_vertices() entries each), in place: the arguments must have passed
  /// detail::check_validation_arguments. The validator's work arrays (2.5 bytes per vertex) are
  /// allocated by the first call and kept, so that later calls allocate nothing for a correct
  /// tree with its depths.
  /// @throws OutOfMemory if the work arrays do not fit; CudaError if a CUDA call fails.
  BfsValidation validate_on_device(std::span<const VertexT> sources, const VertexT* d_parent,
                                   const std::int32_t* d_depth, bool stopped_early);

  /// Does now what the first search would otherwise do lazily, and returns the seconds it took:
  /// loads every kernel a search can launch (CUDA loads modules on first use) and records its
  /// occupancy, then runs one search per strategy, with and without parents, from vertex 0 to
  /// depth 0 (the first plain and cooperative launches, memsets and posts), and
  /// copies a slice of the labels into pageable host memory (the driver's staging buffers).
  /// Leaves last_run_stats() empty. An Engine calls it when it is built.
  /// @throws CudaError if a CUDA call fails.
  double warm_up();

  /// Work counters of the last run().
  const BfsCudaRunStats& last_run_stats() const;

  VertexT num_vertices() const;
  EdgeT num_arcs() const;
  bool directed() const;
  /// The out-degree of each of `vertices`, read from the resident CSR: what a caller without a
  /// host copy of the graph asks (Graph500's root sampler). Every vertex must lie in
  /// [0, num_vertices()): the caller checks (Engine::out_degrees).
  /// @throws CudaError if a CUDA call fails.
  std::vector<EdgeT> out_degrees(std::span<const VertexT> vertices);
  /// Device bytes held by this runner.
  std::uint64_t device_bytes() const;
  /// Items each edge queue holds (bfs_edge_queue_slots: max(n, m) on graphs small enough).
  std::uint64_t edge_queue_capacity() const;

  /// Copies the last search's labels into `d_depth` and, unless it is null (or the search ran
  /// without predecessors), `d_parent`: num_vertices() elements each in memory of this runner's
  /// GPU, by one kernel on the runner's stream (a search writes the labels of the vertices it
  /// reaches only; the others come out unreached from the visited mask); returns once it is done.
  /// With `d_new_id` and `d_old_id` (a renumbered graph's order on this GPU: caller id -> search
  /// id and back) the labels are written in the caller's ids instead: label v from search vertex
  /// d_new_id[v], parents through d_old_id.
  /// @throws CudaError if a copy fails.
  void copy_labels_on_device(std::int32_t* d_depth, VertexT* d_parent,
                             const VertexT* d_new_id = nullptr, const VertexT* d_old_id = nullptr);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

extern template class BfsRunner<std::int32_t, std::int64_t>;
extern template class BfsRunner<std::int64_t, std::int64_t>;

}  // namespace frontier::cuda
