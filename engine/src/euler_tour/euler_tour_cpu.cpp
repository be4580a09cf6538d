// CPU (OpenMP) backend of euler_tour_ops(): parent, depth, preorder, postorder and subtree size of
// every vertex of a forest from ONE list ranking of its Euler tour.
//
// Source: Tarjan & Vishkin (1985); JaJa, "An Introduction to Parallel Algorithms", 3.2. Steps:
//  1. checks in parallel (offsets, targets, self loops, sorted adjacency, reverse arcs); the twin
//     v->u of every arc u->v by binary search in v's sorted adjacency;
//  2. connected components by a lock-free union-find (ECL-CC's hooking: the larger
//     representative is hooked under the smaller, so a component's representative is its lowest
//     vertex and link[x] <= x always; Jaiganesh & Burtscher, HPDC 2018); edges == n - components
//     or the graph has a cycle;
//  3. roots: given (one per component) or the representatives in ascending order;
//  4. the successor of every tour element (layout in euler_tour_backend.hpp), ranked with
//     list_rank();
//  5. tour order, one scan of (entered, depth) pairs, and the per-vertex results.
// Any defect found by steps 1-3 is named by detail::throw_forest_defect().
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <limits>
#include <numeric>
#include <string>
#include <vector>

#include "euler_tour/euler_tour_backend.hpp"
#include "euler_tour/euler_tour_checks.hpp"
#include "frontier/detail/parallel.hpp"
#include "frontier/detail/timer.hpp"
#include "frontier/errors.hpp"

namespace frontier::cpu {
namespace {

template <typename T>
T relaxed_load(T& x) {
  return std::atomic_ref<T>(x).load(std::memory_order_relaxed);
}

template <typename T>
void relaxed_store(T& x, T value) {
  std::atomic_ref<T>(x).store(value, std::memory_order_relaxed);
}

/// Representative of x's current set, halving the path on the way (link[x] <= x throughout).
template <typename VertexT>
VertexT representative(std::vector<VertexT>& link, VertexT x) {
  VertexT curr = relaxed_load(link[x]);
  if (curr == x) return curr;
  VertexT prev = x;
  VertexT next = relaxed_load(link[curr]);
  while (curr > next) {
    relaxed_store(link[prev], next);
    prev = curr;
    curr = next;
    next = relaxed_load(link[curr]);
  }
  return curr;
}

/// Joins the sets of a and b: the larger representative is hooked under the smaller by CAS.
template <typename VertexT>
void unite(std::vector<VertexT>& link, VertexT a, VertexT b) {
  VertexT ra = representative(link, a);
  VertexT rb = representative(link, b);
  while (ra != rb) {
    if (ra > rb) std::swap(ra, rb);
    VertexT expected = rb;
    if (std::atomic_ref<VertexT>(link[rb]).compare_exchange_strong(expected, ra,
                                                                   std::memory_order_relaxed)) {
      return;
    }
    rb = representative(link, expected);
  }
}

/// What the checks leave for the tour.
template <typename VertexT>
struct CheckedForest {
  /// twin[e]: the arc v->u of arc e = u->v.
  std::vector<VertexT> twin;
  /// One root per tree, in tree order.
  std::vector<VertexT> roots;
};

template <typename VertexT>
void require_ids_fit(std::int64_t elements, const char* what) {
  if (elements > static_cast<std::int64_t>(std::numeric_limits<VertexT>::max())) {
    throw InvalidArgument("euler_tour_ops: " + std::to_string(elements) + " " + what +
                          " do not fit the " + std::to_string(8 * sizeof(VertexT)) +
                          "-bit vertex type; use 64-bit vertex ids");
  }
}

template <typename VertexT, typename EdgeT>
CheckedForest<VertexT> check_forest(const CsrGraph<VertexT, EdgeT>& forest,
                                    std::span<const VertexT> roots, EulerTourStats* stats) {
  detail::Timer phase;
  const auto& offsets = forest.offsets();
  const auto& targets = forest.targets();
  const std::int64_t n = forest.num_vertices();
  const std::int64_t m = static_cast<std::int64_t>(targets.size());
  const auto defect = [&] { detail::throw_forest_defect(forest, roots, "CPU"); };

  // 1. Offsets and targets in range: later steps index with them.
  bool bad = offsets.front() != 0;
#pragma omp parallel for reduction(|| : bad)
  for (std::int64_t v = 0; v < n; ++v) bad = bad || offsets[v + 1] < offsets[v];
#pragma omp parallel for reduction(|| : bad)
  for (std::int64_t e = 0; e < m; ++e) bad = bad || targets[e] < 0 || targets[e] >= n;
  if (bad) defect();
  require_ids_fit<VertexT>(m, "arcs");

  // 2. Twins; self loops, unsorted or duplicate neighbours and missing reverse arcs are defects.
  CheckedForest<VertexT> checked;
  checked.twin.resize(static_cast<std::size_t>(m));
#pragma omp parallel for schedule(dynamic, 256) reduction(|| : bad)
  for (std::int64_t u = 0; u < n; ++u) {
    for (EdgeT e = offsets[u]; e < offsets[u + 1]; ++e) {
      const VertexT v = targets[e];
      if (v == u || (e > offsets[u] && targets[e - 1] >= v)) {
        bad = true;
        continue;
      }
      const auto first = targets.begin() + offsets[v];
      const auto last = targets.begin() + offsets[v + 1];
      const auto it = std::lower_bound(first, last, static_cast<VertexT>(u));
      if (it == last || *it != u) {
        bad = true;
        continue;
      }
      checked.twin[e] = static_cast<VertexT>(it - targets.begin());
    }
  }
  if (bad) defect();
  if (stats != nullptr) stats->check_seconds = phase.seconds();

  // 3. Components; a forest has exactly n - components edges.
  phase.restart();
  std::vector<VertexT> link(static_cast<std::size_t>(n));
#pragma omp parallel for
  for (std::int64_t v = 0; v < n; ++v) link[v] = static_cast<VertexT>(v);
#pragma omp parallel for schedule(dynamic, 256)
  for (std::int64_t u = 0; u < n; ++u) {
    for (EdgeT e = offsets[u]; e < offsets[u + 1]; ++e) {
      if (targets[e] < u) unite(link, static_cast<VertexT>(u), targets[e]);
    }
  }
  std::int64_t components = 0;
#pragma omp parallel for reduction(+ : components)
  for (std::int64_t v = 0; v < n; ++v) {
    const VertexT rep = representative(link, static_cast<VertexT>(v));
    relaxed_store(link[v], rep);
    components += rep == v ? 1 : 0;
  }
  if (m / 2 != n - components) defect();
  require_ids_fit<VertexT>(m + components, "tour elements (arcs plus trees)");

  // 4. Roots: given (each in range, one per component) or the representatives in id order.
  if (roots.empty()) {
    std::vector<VertexT> index(static_cast<std::size_t>(n));
#pragma omp parallel for
    for (std::int64_t v = 0; v < n; ++v) index[v] = link[v] == v ? 1 : 0;
    detail::parallel_exclusive_scan(index.data(), index.size());
    checked.roots.resize(static_cast<std::size_t>(components));
#pragma omp parallel for
    for (std::int64_t v = 0; v < n; ++v) {
      if (link[v] == v) checked.roots[index[v]] = static_cast<VertexT>(v);
    }
  } else {
    if (static_cast<std::int64_t>(roots.size()) != components) defect();
    std::vector<std::uint8_t> has_root(static_cast<std::size_t>(n), 0);
    for (const VertexT r : roots) {
      if (r < 0 || r >= n || has_root[link[r]]) defect();
      has_root[link[r]] = 1;
    }
    checked.roots.assign(roots.begin(), roots.end());
  }
  if (stats != nullptr) stats->components_seconds = phase.seconds();
  return checked;
}

/// successor[e] for every arc e = u->v: the arc after v->u in v's cyclic adjacency.
template <typename VertexT, typename EdgeT>
void arc_successors(const CsrGraph<VertexT, EdgeT>& forest, const std::vector<VertexT>& twin,
                    std::vector<VertexT>& successor) {
  const auto& offsets = forest.offsets();
  const auto& targets = forest.targets();
  const std::int64_t m = static_cast<std::int64_t>(targets.size());
#pragma omp parallel for
  for (std::int64_t e = 0; e < m; ++e) {
    const VertexT v = targets[e];
    const std::int64_t next = static_cast<std::int64_t>(twin[e]) + 1;
    successor[e] = static_cast<VertexT>(next == offsets[v + 1] ? offsets[v] : next);
  }
}

/// One step of the tour scan: L counts tree entries and down arcs, D is the depth.
template <typename VertexT>
struct TourCounts {
  VertexT entered = 0;
  VertexT depth = 0;
  TourCounts& operator+=(const TourCounts& other) {
    entered += other.entered;
    depth += other.depth;
    return *this;
  }
};

}  // namespace

template <typename VertexT, typename EdgeT>
std::vector<VertexT> euler_tour_successors(const CsrGraph<VertexT, EdgeT>& forest,
                                           std::span<const VertexT> roots) {
  const CheckedForest<VertexT> checked = check_forest(forest, roots, nullptr);
  const auto& offsets = forest.offsets();
  std::vector<VertexT> successor(forest.targets().size());
  arc_successors(forest, checked.twin, successor);
  const std::int64_t trees = static_cast<std::int64_t>(checked.roots.size());
#pragma omp parallel for
  for (std::int64_t t = 0; t < trees; ++t) {
    const VertexT r = checked.roots[t];
    if (offsets[r + 1] > offsets[r]) successor[checked.twin[offsets[r + 1] - 1]] = -1;
  }
  return successor;
}

template <typename VertexT, typename EdgeT>
RootedForest<VertexT> euler_tour_ops(const CsrGraph<VertexT, EdgeT>& forest,
                                     std::span<const VertexT> roots,
                                     const EulerTourOptions& options) {
  RootedForest<VertexT> result;
  CheckedForest<VertexT> checked = check_forest(forest, roots, &result.stats);

  // 4. Successors: arcs, then the tree entries that chain all tours into one list.
  detail::Timer phase;
  const auto& offsets = forest.offsets();
  const auto& targets = forest.targets();
  const std::int64_t n = forest.num_vertices();
  const std::int64_t m = static_cast<std::int64_t>(targets.size());
  const std::int64_t trees = static_cast<std::int64_t>(checked.roots.size());
  const std::int64_t total = m + trees;
  const std::vector<VertexT>& twin = checked.twin;
  std::vector<VertexT> successor(static_cast<std::size_t>(total));
  arc_successors(forest, twin, successor);
#pragma omp parallel for
  for (std::int64_t t = 0; t < trees; ++t) {
    const VertexT r = checked.roots[t];
    const VertexT after_tree = t + 1 < trees ? static_cast<VertexT>(m + t + 1) : VertexT{-1};
    if (offsets[r + 1] > offsets[r]) {
      successor[m + t] = static_cast<VertexT>(offsets[r]);
      successor[twin[offsets[r + 1] - 1]] = after_tree;
    } else {
      successor[m + t] = after_tree;
    }
  }
  result.stats.tour_elements = static_cast<std::uint64_t>(total);
  result.stats.tour_seconds = phase.seconds();

  phase.restart();
  ListRankingOptions ranking_options;
  ranking_options.device = Device::cpu();
  ranking_options.algorithm = options.ranking_algorithm;
  ranking_options.seed = options.seed;
  const std::vector<VertexT> pos =
      list_rank<VertexT>(successor, ranking_options, &result.stats.ranking);
  result.stats.ranking_seconds = phase.seconds();

  // 5. Tour order, the (entered, depth) scan, and the per-vertex results.
  phase.restart();
  std::vector<VertexT>& order = successor;  // successor is no longer needed
#pragma omp parallel for
  for (std::int64_t x = 0; x < total; ++x) order[pos[x]] = static_cast<VertexT>(x);
  std::vector<TourCounts<VertexT>> counts(static_cast<std::size_t>(total));
#pragma omp parallel for
  for (std::int64_t i = 0; i < total; ++i) {
    const std::int64_t x = order[i];
    if (x >= m) {
      counts[i] = {1, 0};
    } else if (i < pos[twin[x]]) {
      counts[i] = {1, 1};
    } else {
      counts[i] = {0, -1};
    }
  }
  detail::parallel_exclusive_scan(counts.data(), counts.size());

  result.parent.resize(static_cast<std::size_t>(n));
  result.depth.resize(static_cast<std::size_t>(n));
  result.preorder.resize(static_cast<std::size_t>(n));
  result.postorder.resize(static_cast<std::size_t>(n));
  result.subtree_size.resize(static_cast<std::size_t>(n));
  bool too_deep = false;
#pragma omp parallel for reduction(|| : too_deep)
  for (std::int64_t i = 0; i < total; ++i) {
    const std::int64_t x = order[i];
    std::int64_t v = 0;
    std::int64_t parent = 0;
    std::int64_t depth = 0;
    std::int64_t size = 0;
    if (x >= m) {
      const std::int64_t t = x - m;
      const std::int64_t next_entry = t + 1 < trees ? pos[x + 1] : total;
      v = parent = checked.roots[t];
      size = (next_entry - i + 1) / 2;
    } else {
      const std::int64_t up = pos[twin[x]];
      if (up < i) continue;
      v = targets[x];
      parent = targets[twin[x]];
      depth = counts[i].depth + 1;
      size = (up - i + 1) / 2;
    }
    const std::int64_t pre = counts[i].entered;
    too_deep = too_deep || depth > std::numeric_limits<std::int32_t>::max();
    result.parent[v] = static_cast<VertexT>(parent);
    result.depth[v] = static_cast<std::int32_t>(depth);
    result.preorder[v] = static_cast<VertexT>(pre);
    result.postorder[v] = static_cast<VertexT>(pre - depth + size - 1);
    result.subtree_size[v] = static_cast<VertexT>(size);
  }
  if (too_deep) throw InvalidArgument("euler_tour_ops: a tree is deeper than 2^31 - 1");
  result.roots = std::move(checked.roots);
  result.stats.derive_seconds = phase.seconds();
  return result;
}

#define FRONTIER_INSTANTIATE_EULER_TOUR_CPU(VertexT, EdgeT)                                \
  template RootedForest<VertexT> euler_tour_ops(                                           \
      const CsrGraph<VertexT, EdgeT>&, std::span<const VertexT>, const EulerTourOptions&); \
  template std::vector<VertexT> euler_tour_successors(const CsrGraph<VertexT, EdgeT>&,     \
                                                      std::span<const VertexT>);

FRONTIER_INSTANTIATE_EULER_TOUR_CPU(std::int32_t, std::int64_t)
FRONTIER_INSTANTIATE_EULER_TOUR_CPU(std::int64_t, std::int64_t)

#undef FRONTIER_INSTANTIATE_EULER_TOUR_CPU

}  // namespace frontier::cpu
