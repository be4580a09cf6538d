/// @file bfs.hpp
/// @brief Breadth-first search behind one call, on the CPU (OpenMP) or, later, CUDA GPUs.
///
/// The CPU backend is direction-optimizing (Beamer, Asanović, Patterson, SC 2012): it expands
/// small frontiers top-down (every frontier vertex pushes to its out-neighbours) and large ones
/// bottom-up (every unvisited vertex looks for a parent among its in-neighbours on a bitmap of
/// the frontier), switching with Beamer's alpha/beta rule. Depths are exact whatever the
/// direction; parents are some valid BFS tree (which one depends on thread timing).
///
/// Example:
/// @code
///   frontier::BfsOptions options;
///   options.threads = 4;
///   auto result = frontier::bfs(graph, frontier::VertexId{0}, options);
///   // result.depth[v] == -1 where v is unreachable; result.parent[source] == source
///
///   // One search from two sources, stopped once vertex 7 is labelled:
///   const std::vector<frontier::VertexId> sources{0, 33};
///   options.target = 7;
///   auto nearest = frontier::bfs(graph, std::span<const frontier::VertexId>(sources), options);
///   auto path = frontier::bfs_path(nearest, frontier::VertexId{7});  // {0 or 33, ..., 7}
/// @endcode
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <type_traits>

#include "frontier/bfs_result.hpp"
#include "frontier/csr_graph.hpp"
#include "frontier/device.hpp"

namespace frontier {

/// Which expansion directions a search may use.
enum class BfsStrategy {
  /// Top-down while the frontier is small, bottom-up while it is large (Beamer's rule).
  DirectionOptimizing,
  /// Top-down at every level (the classic queue-based search).
  TopDown,
  /// Bottom-up at every level, the first one included (for testing and study).
  BottomUp,
  /// GPU only, top-down at every level (Merrill): fused contract-expand while the edge queue is
  /// smaller than the resident thread count, two-phase otherwise. On the GPU, TopDown means this.
  Hybrid,
  /// GPU only, top-down: an expand kernel and a contract kernel per level.
  TwoPhase,
  /// GPU only, top-down: one fused contract-expand kernel per level.
  ContractExpand,
  /// GPU only, top-down: one fused expand-contract kernel per level over vertex queues (Merrill's
  /// third variant, kept for comparison).
  ExpandContract,
};

/// True for the strategies only the CUDA backend runs (Hybrid, TwoPhase, ContractExpand,
/// ExpandContract).
constexpr bool is_gpu_only(BfsStrategy strategy) {
  return strategy == BfsStrategy::Hybrid || strategy == BfsStrategy::TwoPhase ||
         strategy == BfsStrategy::ContractExpand || strategy == BfsStrategy::ExpandContract;
}

/// Beamer's defaults, as in the GAP Benchmark Suite.
inline constexpr int kDefaultBfsAlpha = 15;
inline constexpr int kDefaultBfsBeta = 18;
/// Alpha on one GPU, where a top-down level is relatively dearer than on the CPU (a large one
/// is claimed by random atomics, in passes when it outgrows an edge queue): from scale 28 on,
/// Graph500 searches keep level 2 top-down over hundreds of millions of arcs at 15
/// (docs/tuning.md).
inline constexpr int kDefaultGpuBfsAlpha = 25;

/// How a BFS runs.
struct BfsOptions {
  /// Fill BfsResult::parent (a BFS tree). Depths are always computed.
  bool predecessors = true;
  BfsStrategy strategy = BfsStrategy::DirectionOptimizing;
  /// Switch top-down -> bottom-up when the arcs leaving the frontier exceed 1/alpha of the arcs
  /// leaving vertices not yet expanded. Larger alpha switches sooner. Must be >= 1. Unset:
  /// kDefaultGpuBfsAlpha on one GPU, kDefaultBfsAlpha on the CPU and on ranks.
  std::optional<int> alpha;
  /// Switch bottom-up -> top-down when the frontier shrinks below num_vertices / beta vertices.
  /// Larger beta stays bottom-up longer. Must be >= 1.
  int beta = kDefaultBfsBeta;
  /// OpenMP threads; 0 means all (omp_get_max_threads()). Must be >= 0.
  int threads = 0;
  /// Stop after labelling this level: vertices more than depth_limit hops from every source stay
  /// unreached (BfsResult::stop == DepthLimit). Must be >= 0; 0 labels the sources alone.
  std::optional<std::int32_t> depth_limit;
  /// Stop after the level that labels this vertex (BfsResult::stop == TargetReached); with
  /// predecessors, bfs_path(result, target) is then a shortest path to it. Must be a vertex.
  std::optional<std::int64_t> target;
};

/// Breadth-first search from `source` on `device`: the CPU (OpenMP) or one CUDA GPU (the graph
/// is uploaded for this one search; an Engine keeps it resident for many).
///
/// On a directed graph top-down steps follow out-arcs and bottom-up steps read in-arcs through
/// graph.reverse(), which is built (and cached in the graph) on the first bottom-up step.
/// BfsResult::levels records every level's direction, frontier size, arcs examined and time;
/// the same lines are logged at debug level.
///
/// @throws InvalidArgument if the graph has no vertices, `source` is out of range, an option
///         is out of range (threads < 0, alpha < 1, beta < 1), or a GPU-only strategy is asked
///         of the CPU.
/// @throws CudaError if `device` is a GPU and this build has no CUDA backend or no usable GPU.
template <typename VertexT, typename EdgeT>
BfsResult<VertexT> bfs(const CsrGraph<VertexT, EdgeT>& graph, VertexT source,
                       const BfsOptions& options = {}, const Device& device = Device::cpu());

/// One search from several sources at depth 0: every vertex gets its distance to the nearest
/// source, and every source is its own parent. A source given twice counts once.
/// @throws InvalidArgument as the single-source bfs(), and if `sources` is empty or the target
///         is out of range.
template <typename VertexT, typename EdgeT>
BfsResult<VertexT> bfs(const CsrGraph<VertexT, EdgeT>& graph,
                       std::type_identity_t<std::span<const VertexT>> sources,
                       const BfsOptions& options = {}, const Device& device = Device::cpu());

/// Checks the options on their own (no graph needed), as bfs() does first.
/// @throws InvalidArgument if threads < 0, alpha < 1, beta < 1, depth_limit < 0 or target < 0.
void check_bfs_options(const BfsOptions& options);

/// The alpha a search uses: options.alpha where set, else kDefaultGpuBfsAlpha for a search on
/// one GPU (`one_gpu`) and kDefaultBfsAlpha on the CPU and on ranks.
int bfs_alpha(const BfsOptions& options, bool one_gpu);

/// "direction-optimizing", "top-down", "bottom-up", "hybrid", "two-phase", "contract-expand" or
/// "expand-contract": what parse_bfs_strategy() reads back.
std::string_view to_string(BfsStrategy strategy);

/// Parses a name to_string() gives, or "do"/"auto" (direction-optimizing), "td", "bu".
/// @throws InvalidArgument for other names.
BfsStrategy parse_bfs_strategy(std::string_view name);

/// "top-down" or "bottom-up": what parse_bfs_direction() reads back.
std::string_view to_string(BfsDirection direction);

/// @throws InvalidArgument for a name to_string() does not give.
BfsDirection parse_bfs_direction(std::string_view name);

}  // namespace frontier
