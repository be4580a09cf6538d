/// @file list_ranking.hpp
/// @brief List ranking and list prefix ("scan along a linked list") on the CPU and on CUDA GPUs.
///
/// A list forest is given by `successor`: successor[v] is the node after v, or -1
/// (kInvalidVertex) when v is a tail. Heads (nodes nobody points at) are found, not given, and
/// any number of lists may share the array. Every node must lie on exactly one list: a successor
/// out of range, a node with two predecessors, or a cycle is rejected with a typed error before
/// any result is written (detection is O(n) and never walks a cycle).
///
/// Algorithms: the sequential two-pass walk (the oracle); Helman & JaJa's sparse-ruling-set
/// method (random splitters, one sequential walk per sublist, rank the splitter list, fix up) on
/// OpenMP, and its GPU form by Wei & JaJa, "Optimization of Linked List Prefix Computations on
/// Multithreaded GPUs Using CUDA" (IPDPS 2010); Wyllie's pointer jumping as the baseline.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "frontier/device.hpp"

namespace frontier {

/// The associative operator of a list prefix.
enum class ListOp { Sum, Min, Max };

/// Which algorithm ranks the list. Auto picks Sequential for small CPU inputs, HelmanJaja
/// otherwise (on the GPU this is Wei–JaJa's variant). Sequential runs on the CPU only.
enum class ListRankingAlgorithm { Auto, Sequential, HelmanJaja, Wyllie };

/// The top-level sublist walk the GPU Wei–JaJa ran: None where no GPU level ran (CPU, Wyllie,
/// inputs ranked wholly on the host); InPlace marks each walked node in the packed array and
/// fixes every prefix up afterwards; Staged (unit values and sums, i.e. ranks, on large
/// inputs) walks read-only and scatters the prefixes through shared-memory windows.
enum class ListWalk { None, InPlace, Staged };

/// Parses "auto", "sequential", "helman-jaja" (also "hj", "wei-jaja") or "wyllie".
/// @throws InvalidArgument on other names.
ListRankingAlgorithm parse_list_ranking_algorithm(std::string_view name);
/// The name parse_list_ranking_algorithm reads back.
std::string_view to_string(ListRankingAlgorithm algorithm);
/// Parses "sum", "min" or "max". @throws InvalidArgument on other names.
ListOp parse_list_op(std::string_view name);
/// The name parse_list_op reads back.
std::string_view to_string(ListOp op);
/// "none", "in-place" or "staged": what parse_list_walk() reads back.
std::string_view to_string(ListWalk walk);
/// @throws InvalidArgument on a name to_string() does not give.
ListWalk parse_list_walk(std::string_view name);

struct ListRankingOptions {
  Device device = Device::cpu();
  ListRankingAlgorithm algorithm = ListRankingAlgorithm::Auto;
  /// Seed of the counter-based generator that places the random splitters. Results do not
  /// depend on it; only the sublist boundaries (and so the timing) do.
  std::uint64_t seed = 1;
  /// Random splitters for Helman–JaJa / Wei–JaJa (heads are always added); 0 = the backend's
  /// tuned default (see list_ranking_tuning.hpp).
  std::int64_t sublists = 0;
  /// GPU only: lists (and splitter lists, at every level of the recursion) shorter than this
  /// are ranked by the sequential walk on the host; -1 = the tuned default, 0 = never (every
  /// level on the GPU, down to the last node).
  std::int64_t host_rank_below = -1;
};

struct ListRankingStats {
  /// Wall-clock seconds of the whole call (validation and, on the GPU, transfers included).
  double seconds = 0.0;
  /// Number of lists (heads) in the forest.
  std::int64_t lists = 0;
  /// Sublists of the top level (heads + distinct random splitters); 0 for Sequential/Wyllie.
  std::int64_t sublists = 0;
  /// GPU recursion depth of the splitter-list ranking (1 = ranked on the host); pointer-jumping
  /// rounds for Wyllie; 0 otherwise.
  std::int64_t levels = 0;
  /// The algorithm that actually ran (Auto resolved).
  ListRankingAlgorithm algorithm = ListRankingAlgorithm::Auto;
  /// Helman–JaJa / Wei–JaJa only (0 otherwise): seconds of the top level's phases — checking
  /// the successors and placing the splitters; the sublist walks; ranking the splitter list
  /// (recursively on the GPU); the fix-up pass.
  double check_seconds = 0.0;
  double walk_seconds = 0.0;
  double splitter_seconds = 0.0;
  double fixup_seconds = 0.0;
  /// The GPU's top-level walk (None off the GPU Wei–JaJa).
  ListWalk gpu_walk = ListWalk::None;
};

/// Inclusive list prefix: prefix[v] = values[head] op ... op values[v] along v's own list.
/// Integer sums wrap modulo 2^bits (two's complement). Double sums may differ from the
/// sequential order in the last bits, since the parallel algorithms regroup the terms.
/// `prefix` may not alias `values` or `successor`.
/// @throws InvalidArgument on mismatched sizes, a successor outside [-1, n), a node with two
///         predecessors, or an algorithm the device does not run;
/// @throws ValidationError when the successors contain a cycle (also a cycle with no head);
/// @throws CudaError when a GPU is asked for and none is usable (or the build has no CUDA);
/// @throws OutOfMemory when the GPU lacks the memory (bytes needed and free are named).
template <typename VertexT, typename ValueT>
ListRankingStats list_prefix(std::span<const VertexT> successor, std::span<const ValueT> values,
                             ListOp op, std::span<ValueT> prefix,
                             const ListRankingOptions& options = {});

/// List ranking: rank[v] = 0-based position of v in its own list (head = 0).
/// @throws the same errors as list_prefix.
template <typename VertexT>
std::vector<VertexT> list_rank(std::span<const VertexT> successor,
                               const ListRankingOptions& options = {},
                               ListRankingStats* stats = nullptr);

}  // namespace frontier
