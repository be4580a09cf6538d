/// @file list_prefix_generic.hpp
/// @brief Header-only CPU list prefix for any associative operator (the code behind the compiled
/// CPU backend of list_ranking.hpp, and the tests' generic-operator checks).
///
/// Three algorithms over a successor array (successor[v] = next node or -1 at a tail):
///  - list_prefix_sequential: the oracle. Pass 1 finds each node's predecessor (rejecting
///    out-of-range successors and nodes with two predecessors); pass 2 walks every list from its
///    head. If the walks cover fewer than n nodes the rest lie on cycles, which are rejected.
///  - list_prefix_helman_jaja: Helman & JaJa, "Designing Practical Efficient Algorithms for
///    Symmetric Multiprocessors" (ALENEX 1999), sparse ruling set: every head plus s random
///    splitters (counter_random(seed, i)) cut the lists into sublists; OpenMP threads walk the
///    sublists sequentially, recording each node's local prefix and sublist; the short list of
///    sublists is ranked sequentially; a parallel fix-up pass combines each node's local prefix
///    with the prefix of the sublists before it.
///  - list_prefix_wyllie: Wyllie's pointer jumping (1979) over predecessor links, O(n log n)
///    work, double-buffered rounds; the baseline.
///
/// Invariants the walks rely on, established by check_list_successors before any walk: every
/// successor is in [-1, n) and every node has at most one predecessor. Then each component is a
/// path (from a head) or a cycle; a walk from a splitter stops at the next splitter or a tail, so
/// no walk loops, and the sublists reachable from heads cover exactly n nodes iff there is no
/// cycle. The operator must be associative; it need not be commutative or have an identity.
#pragma once

#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <cstdint>
#include <limits>
#include <span>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#if defined(_OPENMP)
#include <omp.h>
#endif

#include "frontier/errors.hpp"
#include "frontier/list_ranking.hpp"
#include "frontier/random.hpp"
#include "frontier/types.hpp"

namespace frontier {

/// Sum that wraps modulo 2^bits for integers (no signed-overflow UB) and adds plainly for
/// floating point. Identity: 0 (-0.0 for floating point, the exact additive identity).
template <typename ValueT>
struct ListSumOp {
  FRONTIER_HOST_DEVICE ValueT operator()(ValueT a, ValueT b) const {
    if constexpr (std::is_integral_v<ValueT>) {
      using U = std::make_unsigned_t<ValueT>;
      return static_cast<ValueT>(static_cast<U>(a) + static_cast<U>(b));
    } else {
      return a + b;
    }
  }
  FRONTIER_HOST_DEVICE static constexpr ValueT identity() {
    if constexpr (std::is_integral_v<ValueT>) {
      return ValueT{0};
    } else {
      return ValueT{-0.0};
    }
  }
};

/// Minimum. Identity: the largest value (+infinity for floating point).
template <typename ValueT>
struct ListMinOp {
  FRONTIER_HOST_DEVICE ValueT operator()(ValueT a, ValueT b) const { return b < a ? b : a; }
  FRONTIER_HOST_DEVICE static constexpr ValueT identity() {
    if constexpr (std::numeric_limits<ValueT>::has_infinity) {
      return std::numeric_limits<ValueT>::infinity();
    } else {
      return std::numeric_limits<ValueT>::max();
    }
  }
};

/// Maximum. Identity: the lowest value (-infinity for floating point).
template <typename ValueT>
struct ListMaxOp {
  FRONTIER_HOST_DEVICE ValueT operator()(ValueT a, ValueT b) const { return a < b ? b : a; }
  FRONTIER_HOST_DEVICE static constexpr ValueT identity() {
    if constexpr (std::numeric_limits<ValueT>::has_infinity) {
      return -std::numeric_limits<ValueT>::infinity();
    } else {
      return std::numeric_limits<ValueT>::lowest();
    }
  }
};

namespace detail {

/// Seconds since `start` on the steady clock (phase timings in the stats).
inline double list_seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

inline int list_max_threads() {
#if defined(_OPENMP)
  return omp_get_max_threads();
#else
  return 1;
#endif
}

/// One bit per node, set atomically; bit v of word v / 64.
class NodeBitmap {
 public:
  explicit NodeBitmap(std::int64_t n) : n_(n), words_(static_cast<std::size_t>((n + 63) / 64), 0) {}
  std::int64_t size() const { return n_; }
  std::size_t word_count() const { return words_.size(); }
  bool test(std::int64_t v) const { return (words_[v >> 6] >> (v & 63)) & 1u; }
  /// Sets bit v; returns whether it was already set. Safe from many threads.
  bool test_and_set(std::int64_t v) {
    const std::uint64_t bit = std::uint64_t{1} << (v & 63);
    return (std::atomic_ref<std::uint64_t>(words_[v >> 6])
                .fetch_or(bit, std::memory_order_relaxed) &
            bit) != 0;
  }
  std::uint64_t word(std::size_t w) const { return words_[w]; }
  std::uint64_t& word(std::size_t w) { return words_[w]; }
  /// Mask of the bits of word w that stand for nodes (the last word may be partial).
  std::uint64_t valid_mask(std::size_t w) const {
    const std::int64_t rest = n_ - static_cast<std::int64_t>(w) * 64;
    return rest >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << rest) - 1;
  }

 private:
  std::int64_t n_;
  std::vector<std::uint64_t> words_;
};

/// What check_list_successors learned: which nodes have a predecessor, and the head count.
struct ListStructure {
  NodeBitmap has_predecessor;
  std::int64_t heads = 0;
};

template <typename VertexT>
void check_list_sizes(std::size_t successors, std::size_t values, std::size_t prefix) {
  if (values != successors || prefix != successors) {
    throw InvalidArgument("list prefix: successor has " + std::to_string(successors) +
                          " entries, values " + std::to_string(values) + " and prefix " +
                          std::to_string(prefix) + "; all three must match");
  }
  if (successors > static_cast<std::size_t>(std::numeric_limits<VertexT>::max())) {
    throw InvalidArgument("list prefix: " + std::to_string(successors) +
                          " nodes do not fit the vertex type");
  }
}

/// Names the predecessors of `node` for an error message (error path only).
template <typename VertexT>
std::string list_predecessors_of(std::span<const VertexT> successor, std::int64_t node) {
  std::string names;
  int found = 0;
  for (std::size_t v = 0; v < successor.size() && found < 3; ++v) {
    if (static_cast<std::int64_t>(successor[v]) == node) {
      names += (found == 0 ? "" : ", ") + std::to_string(v);
      ++found;
    }
  }
  return names + (found >= 3 ? ", ..." : "");
}

/// Pass 1 of every algorithm: successors in [-1, n) and at most one predecessor per node.
/// O(n), parallel when `parallel` (relaxed atomic bit sets; no walk).
/// @throws InvalidArgument naming the first offending node.
template <typename VertexT>
ListStructure check_list_successors(std::span<const VertexT> successor, bool parallel) {
  const std::int64_t n = static_cast<std::int64_t>(successor.size());
  std::int64_t first_bad = n;
#pragma omp parallel for if (parallel) reduction(min : first_bad) schedule(static)
  for (std::int64_t v = 0; v < n; ++v) {
    const std::int64_t s = static_cast<std::int64_t>(successor[v]);
    if (s < -1 || s >= n) first_bad = std::min(first_bad, v);
  }
  if (first_bad < n) {
    throw InvalidArgument("list prefix: successor[" + std::to_string(first_bad) +
                          "] = " + std::to_string(static_cast<std::int64_t>(successor[first_bad])) +
                          " is outside [-1, " + std::to_string(n) + ")");
  }
  ListStructure structure{NodeBitmap(n), 0};
  std::int64_t shared_target = n;
#pragma omp parallel for if (parallel) reduction(min : shared_target) schedule(static)
  for (std::int64_t v = 0; v < n; ++v) {
    const std::int64_t s = static_cast<std::int64_t>(successor[v]);
    if (s >= 0 && structure.has_predecessor.test_and_set(s)) {
      shared_target = std::min(shared_target, s);
    }
  }
  if (shared_target < n) {
    throw InvalidArgument("list prefix: node " + std::to_string(shared_target) +
                          " has more than one predecessor (" +
                          list_predecessors_of(successor, shared_target) +
                          "); every node may follow at most one other");
  }
  std::int64_t heads = 0;
  const std::int64_t words = static_cast<std::int64_t>(structure.has_predecessor.word_count());
#pragma omp parallel for if (parallel) reduction(+ : heads) schedule(static)
  for (std::int64_t w = 0; w < words; ++w) {
    heads +=
        std::popcount(~structure.has_predecessor.word(w) & structure.has_predecessor.valid_mask(w));
  }
  structure.heads = heads;
  return structure;
}

/// The error for successors whose lists cover only `covered` of n nodes: the rest lie on
/// cycles. Finds one such node by walking from the heads (error path, O(n)).
template <typename VertexT>
ValidationError list_cycle_error(std::span<const VertexT> successor, const ListStructure& structure,
                                 std::int64_t covered) {
  const std::int64_t n = static_cast<std::int64_t>(successor.size());
  std::vector<bool> reached(static_cast<std::size_t>(n), false);
  for (std::int64_t h = 0; h < n; ++h) {
    if (structure.has_predecessor.test(h)) continue;
    for (std::int64_t u = h; u != -1; u = static_cast<std::int64_t>(successor[u]))
      reached[u] = true;
  }
  const auto on_cycle = std::find(reached.begin(), reached.end(), false) - reached.begin();
  return ValidationError("list prefix: the successors contain a cycle: the " +
                         std::to_string(structure.heads) + " heads reach only " +
                         std::to_string(covered) + " of " + std::to_string(n) + " nodes (node " +
                         std::to_string(on_cycle) + " lies on a cycle)");
}

/// Exclusive prefix of per-word popcounts (ranks of set bits); returns the total.
inline std::int64_t list_bit_ranks(const NodeBitmap& bits, std::vector<std::int64_t>& word_rank) {
  const std::size_t words = bits.word_count();
  word_rank.assign(words + 1, 0);
  for (std::size_t w = 0; w < words; ++w) {
    word_rank[w + 1] = word_rank[w] + std::popcount(bits.word(w));
  }
  return word_rank[words];
}

template <typename VertexT, typename ValueT, typename ValueAt, typename OpT>
ListRankingStats list_prefix_sequential_core(std::span<const VertexT> successor, ValueAt value_at,
                                             OpT op, ValueT* prefix) {
  const std::int64_t n = static_cast<std::int64_t>(successor.size());
  ListRankingStats stats;
  stats.algorithm = ListRankingAlgorithm::Sequential;
  const ListStructure structure = check_list_successors(successor, false);
  stats.lists = structure.heads;
  std::int64_t covered = 0;
  for (std::int64_t h = 0; h < n; ++h) {
    if (structure.has_predecessor.test(h)) continue;
    ValueT running = value_at(h);
    prefix[h] = running;
    ++covered;
    for (std::int64_t u = static_cast<std::int64_t>(successor[h]); u != -1;
         u = static_cast<std::int64_t>(successor[u])) {
      running = op(running, value_at(u));
      prefix[u] = running;
      ++covered;
    }
  }
  if (covered != n) throw list_cycle_error(successor, structure, covered);
  return stats;
}

/// Default random splitters for the OpenMP Helman–JaJa: enough sublists per thread that dynamic
/// scheduling evens out their geometric lengths, few enough that ranking them sequentially is
/// cheap next to the walks.
inline std::int64_t default_cpu_sublists(std::int64_t n, int threads) {
  constexpr std::int64_t kSublistsPerThread = 256;
  constexpr std::int64_t kMinNodesPerSublist = 16;
  return std::max<std::int64_t>(
      1,
      std::min(n / kMinNodesPerSublist, kSublistsPerThread * static_cast<std::int64_t>(threads)));
}

template <typename VertexT, typename ValueT, typename ValueAt, typename OpT>
ListRankingStats list_prefix_helman_jaja_core(std::span<const VertexT> successor, ValueAt value_at,
                                              OpT op, ValueT* prefix, std::int64_t random_splitters,
                                              std::uint64_t seed) {
  const std::int64_t n = static_cast<std::int64_t>(successor.size());
  ListRankingStats stats;
  stats.algorithm = ListRankingAlgorithm::HelmanJaja;
  auto phase_start = std::chrono::steady_clock::now();
  // 1. Validate; heads are the nodes without a predecessor.
  const ListStructure structure = check_list_successors(successor, true);
  stats.lists = structure.heads;
  if (n == 0) return stats;
  if (random_splitters <= 0) random_splitters = default_cpu_sublists(n, list_max_threads());
  // 2. Splitters: every head plus random nodes (duplicates merge).
  NodeBitmap is_splitter(n);
  const std::int64_t words = static_cast<std::int64_t>(is_splitter.word_count());
#pragma omp parallel for schedule(static)
  for (std::int64_t w = 0; w < words; ++w) {
    is_splitter.word(w) = ~structure.has_predecessor.word(w) & is_splitter.valid_mask(w);
  }
#pragma omp parallel for schedule(static)
  for (std::int64_t i = 0; i < random_splitters; ++i) {
    is_splitter.test_and_set(static_cast<std::int64_t>(uniform_below(
        counter_random(seed, static_cast<std::uint64_t>(i)), static_cast<std::uint64_t>(n))));
  }
  std::vector<std::int64_t> word_rank;
  const std::int64_t sublists = list_bit_ranks(is_splitter, word_rank);
  stats.sublists = sublists;
  const auto splitter_id = [&](std::int64_t v) {
    const std::uint64_t below = is_splitter.word(v >> 6) & ((std::uint64_t{1} << (v & 63)) - 1);
    return word_rank[v >> 6] + std::popcount(below);
  };
  std::vector<std::int64_t> splitter_node(static_cast<std::size_t>(sublists));
#pragma omp parallel for schedule(static)
  for (std::int64_t w = 0; w < words; ++w) {
    std::int64_t k = word_rank[w];
    for (std::uint64_t bits = is_splitter.word(w); bits != 0; bits &= bits - 1) {
      splitter_node[k++] = w * 64 + std::countr_zero(bits);
    }
  }
  stats.check_seconds = list_seconds_since(phase_start);
  phase_start = std::chrono::steady_clock::now();
  // 3. One sequential walk per sublist: local prefix and sublist of every node it covers.
  std::vector<VertexT> sublist_of(static_cast<std::size_t>(n));
  std::vector<ValueT> total(static_cast<std::size_t>(sublists));
  std::vector<std::int64_t> next(static_cast<std::size_t>(sublists));
  std::vector<std::int64_t> length(static_cast<std::size_t>(sublists));
#pragma omp parallel for schedule(dynamic, 4)
  for (std::int64_t k = 0; k < sublists; ++k) {
    std::int64_t u = splitter_node[k];
    ValueT running = value_at(u);
    prefix[u] = running;
    sublist_of[u] = static_cast<VertexT>(k);
    std::int64_t count = 1;
    for (u = static_cast<std::int64_t>(successor[u]); u != -1 && !is_splitter.test(u);
         u = static_cast<std::int64_t>(successor[u])) {
      running = op(running, value_at(u));
      prefix[u] = running;
      sublist_of[u] = static_cast<VertexT>(k);
      ++count;
    }
    total[k] = running;
    next[k] = u == -1 ? -1 : splitter_id(u);
    length[k] = count;
  }
  stats.walk_seconds = list_seconds_since(phase_start);
  phase_start = std::chrono::steady_clock::now();
  // 4. Rank the splitter list from the head sublists: offset[k] = totals of the sublists before
  //    k on its list. Nodes not covered from the heads lie on cycles.
  std::vector<ValueT> offset(static_cast<std::size_t>(sublists));
  std::vector<std::uint8_t> has_offset(static_cast<std::size_t>(sublists), 0);
  std::int64_t covered = 0;
  for (std::int64_t k = 0; k < sublists; ++k) {
    if (structure.has_predecessor.test(splitter_node[k])) continue;
    ValueT running = total[k];
    covered += length[k];
    for (std::int64_t j = next[k]; j != -1; j = next[j]) {
      offset[j] = running;
      has_offset[j] = 1;
      running = op(running, total[j]);
      covered += length[j];
    }
  }
  if (covered != n) throw list_cycle_error(successor, structure, covered);
    // 5. Fix-up: prepend the offset of each node's sublist.
#pragma omp parallel for schedule(static)
  for (std::int64_t v = 0; v < n; ++v) {
    const auto k = static_cast<std::size_t>(sublist_of[v]);
    if (has_offset[k]) prefix[v] = op(offset[k], prefix[v]);
  }
  stats.fixup_seconds = list_seconds_since(phase_start);
  return stats;
}

template <typename VertexT, typename ValueT, typename ValueAt, typename OpT>
ListRankingStats list_prefix_wyllie_core(std::span<const VertexT> successor, ValueAt value_at,
                                         OpT op, ValueT* prefix) {
  const std::int64_t n = static_cast<std::int64_t>(successor.size());
  ListRankingStats stats;
  stats.algorithm = ListRankingAlgorithm::Wyllie;
  const ListStructure structure = check_list_successors(successor, true);
  stats.lists = structure.heads;
  // 1. Predecessor links (unique after the check) and the values, double-buffered.
  std::vector<VertexT> pred(static_cast<std::size_t>(n), kInvalidVertex<VertexT>);
  std::vector<VertexT> pred_next(static_cast<std::size_t>(n));
  std::vector<ValueT> value(static_cast<std::size_t>(n));
  std::vector<ValueT> value_next(static_cast<std::size_t>(n));
#pragma omp parallel for schedule(static)
  for (std::int64_t v = 0; v < n; ++v) {
    value[v] = value_at(v);
    if (successor[v] != kInvalidVertex<VertexT>) pred[successor[v]] = static_cast<VertexT>(v);
  }
  // 2. Jump: value[v] absorbs the segment ending at pred[v], pred[v] = pred[pred[v]]. A path of
  //    length L is done after ceil(log2 L) rounds; a node still linked after that is on a cycle.
  const std::int64_t max_rounds = std::bit_width(static_cast<std::uint64_t>(n)) + 1;
  bool active = n > 0;
  std::int64_t rounds = 0;
  while (active && rounds < max_rounds) {
    active = false;
#pragma omp parallel for schedule(static) reduction(|| : active)
    for (std::int64_t v = 0; v < n; ++v) {
      const VertexT p = pred[v];
      if (p == kInvalidVertex<VertexT>) {
        value_next[v] = value[v];
        pred_next[v] = p;
      } else {
        value_next[v] = op(value[p], value[v]);
        pred_next[v] = pred[p];
        active = active || pred_next[v] != kInvalidVertex<VertexT>;
      }
    }
    pred.swap(pred_next);
    value.swap(value_next);
    ++rounds;
  }
  stats.levels = rounds;
  if (active) {
    std::int64_t covered = 0;
#pragma omp parallel for schedule(static) reduction(+ : covered)
    for (std::int64_t v = 0; v < n; ++v) covered += pred[v] == kInvalidVertex<VertexT> ? 1 : 0;
    throw list_cycle_error(successor, structure, covered);
  }
#pragma omp parallel for schedule(static)
  for (std::int64_t v = 0; v < n; ++v) prefix[v] = value[v];
  return stats;
}

}  // namespace detail

/// Sequential inclusive list prefix with any associative `op` (the oracle).
/// @throws InvalidArgument / ValidationError as list_prefix in list_ranking.hpp.
template <typename VertexT, typename ValueT, typename OpT>
ListRankingStats list_prefix_sequential(std::span<const VertexT> successor,
                                        std::span<const ValueT> values, OpT op,
                                        std::span<ValueT> prefix) {
  detail::check_list_sizes<VertexT>(successor.size(), values.size(), prefix.size());
  return detail::list_prefix_sequential_core(
      successor, [&](std::int64_t v) { return values[v]; }, op, prefix.data());
}

/// Helman–JaJa inclusive list prefix on OpenMP with any associative `op`.
/// @param random_splitters random splitters besides the heads (0 = default for this machine).
/// @param seed counter_random stream of the splitters; results do not depend on it.
template <typename VertexT, typename ValueT, typename OpT>
ListRankingStats list_prefix_helman_jaja(std::span<const VertexT> successor,
                                         std::span<const ValueT> values, OpT op,
                                         std::span<ValueT> prefix,
                                         std::int64_t random_splitters = 0,
                                         std::uint64_t seed = 1) {
  detail::check_list_sizes<VertexT>(successor.size(), values.size(), prefix.size());
  return detail::list_prefix_helman_jaja_core(
      successor, [&](std::int64_t v) { return values[v]; }, op, prefix.data(), random_splitters,
      seed);
}

/// Wyllie pointer-jumping inclusive list prefix on OpenMP with any associative `op`.
template <typename VertexT, typename ValueT, typename OpT>
ListRankingStats list_prefix_wyllie(std::span<const VertexT> successor,
                                    std::span<const ValueT> values, OpT op,
                                    std::span<ValueT> prefix) {
  detail::check_list_sizes<VertexT>(successor.size(), values.size(), prefix.size());
  return detail::list_prefix_wyllie_core(
      successor, [&](std::int64_t v) { return values[v]; }, op, prefix.data());
}

/// CPU list prefix with any associative `op`, the algorithm chosen by `options`
/// (options.device must be the CPU; Auto = Sequential below 2^16 nodes, else Helman–JaJa).
template <typename VertexT, typename ValueT, typename OpT>
ListRankingStats list_prefix_generic(std::span<const VertexT> successor,
                                     std::span<const ValueT> values, OpT op,
                                     std::span<ValueT> prefix,
                                     const ListRankingOptions& options = {}) {
  if (options.device.is_cuda()) {
    throw InvalidArgument("list_prefix_generic runs on the CPU; use list_prefix for the GPU");
  }
  constexpr std::int64_t kSequentialBelow = std::int64_t{1} << 16;
  ListRankingAlgorithm algorithm = options.algorithm;
  if (algorithm == ListRankingAlgorithm::Auto) {
    algorithm = static_cast<std::int64_t>(successor.size()) < kSequentialBelow
                    ? ListRankingAlgorithm::Sequential
                    : ListRankingAlgorithm::HelmanJaja;
  }
  switch (algorithm) {
    case ListRankingAlgorithm::Sequential:
      return list_prefix_sequential(successor, values, op, prefix);
    case ListRankingAlgorithm::Wyllie:
      return list_prefix_wyllie(successor, values, op, prefix);
    default:
      return list_prefix_helman_jaja(successor, values, op, prefix, options.sublists, options.seed);
  }
}

}  // namespace frontier
