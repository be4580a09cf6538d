// Graph500 BFS validation: checks a parent array (and optionally a depth array) against the five
// rules listed in bfs_validate.hpp, independently of the search that produced it.
//
// Source: the Graph500 reference code's validate.c (graph500.org, versions 2 and 3) states the
// rules; this is an independent shared-memory implementation in O(n + m) work, parallel with
// OpenMP, that never follows a parent chain without a bound:
//  (1) range: every parent is -1 or a vertex id; the source is its own parent;
//  (2) tree levels: the children of every vertex are gathered into a CSR (a counting sort by
//      parent) and the tree is walked level by level down from the source. A vertex with a
//      parent that this walk does not reach sits on a cycle or on a chain that ends away from the
//      source (rule 1); its chain is followed at most n steps to say which;
//  (3) depth (when given): depth[v] == -1 exactly where parent[v] == -1, depth[source] == 0,
//      and depth[v] == depth[parent[v]] + 1 on every tree edge (rule 2). A depth array that
//      passes this with 0 at the sources alone holds the tree levels (its parent chains descend
//      to the sources): one pass over the vertices checks that first and skips (2) and (3);
//      only an array that fails it takes the walk, which names the problem;
//  (4) one parallel pass over all arcs checks rules 3 and 4 on the tree levels and confirms rule
//      5: in an undirected graph by finding parent[u] in u's own list, in a directed one by
//      marking v whenever an arc parent[v] -> v is seen (a last vertex pass then finds any
//      reached vertex left unconfirmed).
// Directed graphs: an arc u -> v from a reached u must reach v (rule 4) with
// level(v) <= level(u) + 1 (rule 3); arcs leaving unreached vertices are unconstrained; rule 5
// needs the arc parent[v] -> v itself.
// Several sources: each is its own parent at level 0 and the walk of step (2) starts from all of
// them (a forest). A search that stopped early (depth limit, target) followed no arc out of its
// deepest level, so rule 4 binds only arcs leaving shallower vertices.
//
// Failures are reported for the smallest offending vertex or arc id, so the message does not
// depend on the thread count. A rule 1 failure stops the validation (levels are undefined);
// otherwise every failing rule among depth, 2, 5, 4 and 3 is reported, in that order. The GPU
// validator (cuda/bfs_validate_cuda.cu) keeps the same order and takes its words from the same
// functions (bfs_validate_messages.hpp).
#include "frontier/bfs_validate.hpp"

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <limits>
#include <string>
#include <vector>

#include "bfs/bfs_validate_messages.hpp"
#include "frontier/detail/parallel.hpp"
#include "frontier/errors.hpp"

namespace frontier {
namespace {

constexpr std::int64_t kNoFailure = detail::kNoValidationFailure;
/// Below this many vertices a tree level is expanded by one thread.
constexpr std::size_t kParallelLevelThreshold = 4096;

// Levels of the forest encoded by `parent`, found by walking down from the sources (marked in
// `is_source`); -1 where the walk does not arrive. `reached` receives the number of vertices the
// walk visits.
template <typename VertexT>
std::vector<std::int32_t> tree_levels(std::span<const VertexT> parent,
                                      std::span<const VertexT> sources,
                                      const std::vector<std::uint8_t>& is_source,
                                      std::int64_t& reached) {
  const std::int64_t n = static_cast<std::int64_t>(parent.size());
  // (1) children counts, (2) scan into offsets, (3) scatter children.
  std::vector<VertexT> child_offsets(static_cast<std::size_t>(n) + 1, 0);
#pragma omp parallel for schedule(static) if (detail::worth_threads(n))
  for (std::int64_t v = 0; v < n; ++v) {
    const VertexT p = parent[v];
    if (p != kInvalidVertex<VertexT> && is_source[v] == 0) {
      std::atomic_ref<VertexT>(child_offsets[p]).fetch_add(1, std::memory_order_relaxed);
    }
  }
  const VertexT child_total =
      detail::parallel_exclusive_scan(child_offsets.data(), static_cast<std::size_t>(n));
  child_offsets[n] = child_total;
  std::vector<VertexT> children(static_cast<std::size_t>(child_total));
  {
    std::vector<VertexT> cursor(child_offsets.begin(), child_offsets.end() - 1);
#pragma omp parallel for schedule(static) if (detail::worth_threads(n))
    for (std::int64_t v = 0; v < n; ++v) {
      const VertexT p = parent[v];
      if (p != kInvalidVertex<VertexT> && is_source[v] == 0) {
        const VertexT slot =
            std::atomic_ref<VertexT>(cursor[p]).fetch_add(1, std::memory_order_relaxed);
        children[slot] = static_cast<VertexT>(v);
      }
    }
  }

  // (4) level-synchronous walk down the tree. Every vertex has one parent, so each is written
  // by exactly one frontier vertex and no two threads touch the same level entry.
  std::vector<std::int32_t> level(static_cast<std::size_t>(n), kUnreachedDepth);
  std::vector<VertexT> frontier(sources.begin(), sources.end());
  std::vector<VertexT> next;
  std::vector<std::int64_t> next_offsets;
  for (const VertexT source : sources) level[source] = 0;
  reached = static_cast<std::int64_t>(sources.size());
  for (std::int32_t depth = 1; !frontier.empty(); ++depth) {
    const std::size_t size = frontier.size();
    if (size < kParallelLevelThreshold) {
      next.clear();
      for (const VertexT u : frontier) {
        for (VertexT c = child_offsets[u]; c < child_offsets[u + 1]; ++c) {
          level[children[c]] = depth;
          next.push_back(children[c]);
        }
      }
    } else {
      next_offsets.assign(size + 1, 0);
#pragma omp parallel for schedule(static)
      for (std::size_t i = 0; i < size; ++i) {
        next_offsets[i] = child_offsets[frontier[i] + 1] - child_offsets[frontier[i]];
      }
      const std::int64_t next_size = detail::parallel_exclusive_scan(next_offsets.data(), size);
      next.resize(static_cast<std::size_t>(next_size));
#pragma omp parallel for schedule(dynamic, 256)
      for (std::size_t i = 0; i < size; ++i) {
        const VertexT u = frontier[i];
        std::int64_t out = next_offsets[i];
        for (VertexT c = child_offsets[u]; c < child_offsets[u + 1]; ++c) {
          level[children[c]] = depth;
          next[out++] = children[c];
        }
      }
    }
    reached += static_cast<std::int64_t>(next.size());
    frontier.swap(next);
  }
  return level;
}

/// The smallest failing id of each rule that the arc pass checks; kNoFailure where none fails.
struct ArcFailures {
  /// Rule 5: a vertex whose parent arc the pass did not see.
  std::int64_t unconfirmed_parent = kNoFailure;
  /// Rule 4: an arc between a reached and an unreached vertex.
  std::int64_t leaves_tree = kNoFailure;
  /// Rule 3: an arc whose levels are too far apart.
  std::int64_t too_far = kNoFailure;
};

/// One validation (steps (1)-(4) of the file comment), collecting failures into one result.
template <typename VertexT, typename EdgeT>
class TreeValidator {
 public:
  TreeValidator(const CsrGraph<VertexT, EdgeT>& graph, std::span<const VertexT> sources,
                std::span<const VertexT> parent, std::span<const std::int32_t> depth,
                bool stopped_early)
      : graph_(graph),
        sources_(sources),
        parent_(parent),
        depth_(depth),
        n_(graph.num_vertices()),
        stopped_early_(stopped_early),
        root_(detail::validation_root_name(sources.size())) {}

  BfsValidation run() {
    require_matching_arguments();
    // (1)-(2) Rule 1; a failure stops the validation, since the levels are then undefined.
    if (!parents_in_range() || !sources_are_own_parents()) return result_;
    // A depth array one more than the parent's depth on every tree edge, 0 at the sources only,
    // holds the tree levels themselves: every parent chain descends to a source. Else (2)-(3)
    // find what is wrong and say it.
    if (depth_.empty() || !depths_are_tree_levels()) {
      if (!tree_reaches_every_parented_vertex()) return result_;
      // (3) The given depth array against the parent array.
      if (!depth_.empty()) check_depths();
    }
    // (4) Every arc: rules 5, 4 and 3.
    check_arcs();
    result_.valid = result_.failure.empty();
    return result_;
  }

 private:
  /// Sources, parent array and depth array that fit the graph, or InvalidArgument; marks the
  /// sources.
  void require_matching_arguments() {
    detail::check_validation_arguments<VertexT>(n_, sources_, parent_.size(), depth_.size());
    is_source_.assign(static_cast<std::size_t>(std::max<std::int64_t>(n_, 0)), 0);
    for (const VertexT source : sources_) is_source_[source] = 1;
  }

  /// (1) Rule 1: every parent is -1 or a vertex id.
  bool parents_in_range() {
    const std::span<const VertexT> parent = parent_;
    const std::int64_t n = n_;
    std::int64_t bad_range = kNoFailure;
#pragma omp parallel for reduction(min : bad_range) schedule(static) if (detail::worth_threads(n))
    for (std::int64_t v = 0; v < n; ++v) {
      const VertexT p = parent[v];
      if (p != kInvalidVertex<VertexT> && (p < 0 || p >= n)) bad_range = std::min(bad_range, v);
    }
    if (bad_range == kNoFailure) return true;
    detail::add_validation_failure(
        result_, detail::parent_out_of_range_failure(bad_range, parent[bad_range], n));
    return false;
  }

  /// (1) Rule 1: every source is its own parent.
  bool sources_are_own_parents() {
    for (const VertexT source : sources_) {
      if (parent_[source] == source) continue;
      detail::add_validation_failure(
          result_, detail::source_not_own_parent_failure(source, parent_[source]));
      return false;
    }
    return true;
  }

  /// (2)-(3) in one pass where the depth array passes both: -1 exactly where the parent is, 0 at
  /// the sources and nowhere else, and depth[parent[v]] + 1 at every other vertex with a parent.
  /// Depths then fall by one along every parent chain and stop at 0 only at a source, so the
  /// chains end at sources (rule 1), the depths are the tree levels, and (3) has nothing to say.
  /// Takes the depths as the levels then; false leaves everything to (2) and (3).
  bool depths_are_tree_levels() {
    const std::span<const VertexT> parent = parent_;
    const std::span<const std::int32_t> depth = depth_;
    const std::vector<std::uint8_t>& is_source = is_source_;
    const std::int64_t n = n_;
    std::int64_t wrong = 0;
    std::int64_t reached = 0;
#pragma omp parallel for reduction(+ : wrong, reached) schedule(static) \
    if (detail::worth_threads(n))
    for (std::int64_t v = 0; v < n; ++v) {
      const VertexT p = parent[v];
      bool right = false;
      if (p == kInvalidVertex<VertexT>) {
        right = depth[v] == kUnreachedDepth;
      } else if (is_source[v] != 0) {
        right = depth[v] == 0;
      } else {
        right = depth[p] >= 0 && depth[v] == depth[p] + 1;
      }
      wrong += right ? 0 : 1;
      reached += p != kInvalidVertex<VertexT> ? 1 : 0;
    }
    if (wrong != 0) return false;
    levels_ = depth;
    result_.vertices_in_tree = reached;
    return true;
  }

  /// (2) Rule 1: the tree levels, walked down from the sources, reach every vertex with a
  /// parent; one they miss is on a cycle or a detached chain.
  bool tree_reaches_every_parented_vertex() {
    std::int64_t reached = 0;
    walked_levels_ = tree_levels(parent_, sources_, is_source_, reached);
    levels_ = walked_levels_;
    result_.vertices_in_tree = reached;
    const std::span<const VertexT> parent = parent_;
    const std::span<const std::int32_t> level = levels_;
    const std::int64_t n = n_;
    std::int64_t detached = kNoFailure;
#pragma omp parallel for reduction(min : detached) schedule(static) if (detail::worth_threads(n))
    for (std::int64_t v = 0; v < n; ++v) {
      if (parent[v] != kInvalidVertex<VertexT> && level[v] == kUnreachedDepth) {
        detached = std::min(detached, v);
      }
    }
    if (detached == kNoFailure) return true;
    detail::add_validation_failure(
        result_, detail::detached_vertex_failure(parent, static_cast<VertexT>(detached), root_));
    return false;
  }

  /// (3) The depth array is -1 exactly where the parent is, 0 at the source, and rule 2: one more
  /// than the parent's depth on every tree edge.
  void check_depths() {
    const std::span<const VertexT> parent = parent_;
    const std::span<const std::int32_t> depth = depth_;
    const std::vector<std::uint8_t>& is_source = is_source_;
    const std::int64_t n = n_;
    std::int64_t bad_consistency = kNoFailure;
    std::int64_t bad_tree_edge = kNoFailure;
#pragma omp parallel for reduction(min                               \
                                   : bad_consistency, bad_tree_edge) \
    schedule(static) if (detail::worth_threads(n))
    for (std::int64_t v = 0; v < n; ++v) {
      const VertexT p = parent[v];
      const bool has_parent = p != kInvalidVertex<VertexT>;
      if (depth[v] < kUnreachedDepth || has_parent != (depth[v] != kUnreachedDepth) ||
          (is_source[v] != 0 && depth[v] != 0)) {
        bad_consistency = std::min(bad_consistency, v);
      } else if (has_parent && is_source[v] == 0 && depth[p] != kUnreachedDepth &&
                 depth[v] != depth[p] + 1) {
        bad_tree_edge = std::min(bad_tree_edge, v);
      }
    }
    if (bad_consistency != kNoFailure) {
      detail::add_validation_failure(
          result_, detail::depth_inconsistent_failure(bad_consistency, parent[bad_consistency],
                                                      depth[bad_consistency],
                                                      is_source[bad_consistency] != 0, root_));
    }
    if (bad_tree_edge != kNoFailure) {
      const VertexT p = parent[bad_tree_edge];
      detail::add_validation_failure(
          result_,
          detail::tree_edge_levels_failure(p, bad_tree_edge, depth[p], depth[bad_tree_edge]));
    }
  }

  /// (4) One pass over the arcs for rules 3 and 4 and the parent arcs that confirm rule 5 (see
  /// the comments inside for what an undirected graph saves), then, for a directed graph, one
  /// over the vertices for any parent left unconfirmed. Counts the arcs in the component.
  ArcFailures find_arc_failures() {
    const std::span<const VertexT> parent = parent_;
    const std::span<const std::int32_t> level = levels_;
    const auto& offsets = graph_.offsets();
    const auto& targets = graph_.targets();
    const bool directed = graph_.directed();
    const std::vector<std::uint8_t>& is_source = is_source_;
    const std::int64_t n = n_;
    // Rule 4 binds arcs leaving a level below this one: all of them after a complete search,
    // those below the deepest labelled level after one that stopped early.
    std::int32_t deepest = 0;
#pragma omp parallel for reduction(max : deepest) schedule(static) if (detail::worth_threads(n))
    for (std::int64_t v = 0; v < n; ++v) deepest = std::max(deepest, level[v]);
    const std::int32_t followed_below =
        stopped_early_ ? deepest : std::numeric_limits<std::int32_t>::max();
    // Rule 5: in a directed graph the arc parent[v] -> v is confirmed from its tail's list, a
    // mark at v; in an undirected one the lists are symmetric, so u's own list holding parent[u]
    // confirms it with no load beyond the arc's target. Rules 3 and 4 hold for u -> v exactly
    // when they hold for its twin v -> u, so in an undirected graph the first pass checks only
    // arcs to a target no larger than their tail: one random access per edge, not three per arc.
    // Only when it finds a failure does a pass over every arc name the smallest failing arc.
    std::vector<std::uint8_t> confirmed(directed ? static_cast<std::size_t>(n) : 0, 0);
    const bool parallel = detail::worth_threads(n + static_cast<std::int64_t>(targets.size()));
    // The arcs' random loads are of levels: a copy of one byte per vertex, where the levels fit
    // one, keeps four times as many of them in the caches.
    constexpr std::int32_t kByteUnreached = std::numeric_limits<std::uint8_t>::max();
    std::vector<std::uint8_t> byte_level;
    if (deepest < kByteUnreached) {
      byte_level.resize(static_cast<std::size_t>(n));
#pragma omp parallel for schedule(static) if (detail::worth_threads(n))
      for (std::int64_t v = 0; v < n; ++v) {
        byte_level[v] = static_cast<std::uint8_t>(
            level[v] == kUnreachedDepth ? kByteUnreached : static_cast<std::int32_t>(level[v]));
      }
    }
    const auto int_level_of = [&level](VertexT v) { return level[v]; };
    const auto byte_level_of = [&byte_level](VertexT v) {
      const std::int32_t stored = byte_level[v];
      return stored == kByteUnreached ? kUnreachedDepth : stored;
    };
    auto scan = [&](bool lower_half, const auto& level_of) {
      std::int64_t unconfirmed = kNoFailure;
      std::int64_t bad_levels = kNoFailure;
      std::int64_t bad_span = kNoFailure;
      std::int64_t arcs_in_component = 0;
#pragma omp parallel for reduction(min : unconfirmed, bad_levels, bad_span) \
    reduction(+ : arcs_in_component) schedule(dynamic, 1024) if (parallel)
      for (std::int64_t u = 0; u < n; ++u) {
        const std::int32_t lu = level_of(static_cast<VertexT>(u));
        const VertexT parent_of_u = parent[u];
        bool parent_arc_seen = false;
        for (EdgeT e = offsets[u]; e < offsets[u + 1]; ++e) {
          const VertexT v = targets[e];
          if (!directed) {
            parent_arc_seen |= v == parent_of_u;
          } else if (parent[v] == u && is_source[v] == 0) {
            std::atomic_ref<std::uint8_t>(confirmed[v]).store(1, std::memory_order_relaxed);
          }
          if (lower_half && v > u) continue;
          const std::int32_t lv = level_of(v);
          const bool u_reached = lu != kUnreachedDepth;
          const bool v_reached = lv != kUnreachedDepth;
          if (u_reached && v_reached) {
            arcs_in_component += lower_half && v != u ? 2 : 1;
            const bool too_far = directed ? lv > lu + 1 : std::abs(lu - lv) > 1;
            if (too_far) bad_levels = std::min<std::int64_t>(bad_levels, e);
          } else if (u_reached != v_reached && (u_reached || !directed) &&
                     (u_reached ? lu : lv) < followed_below) {
            bad_span = std::min<std::int64_t>(bad_span, e);
          }
        }
        if (!directed && !parent_arc_seen && is_source[u] == 0 &&
            parent_of_u != kInvalidVertex<VertexT>) {
          unconfirmed = std::min(unconfirmed, u);
        }
      }
      result_.arcs_in_component = arcs_in_component;
      return ArcFailures{unconfirmed, bad_span, bad_levels};
    };
    const auto scan_all = [&](bool lower_half) {
      return byte_level.empty() ? scan(lower_half, int_level_of) : scan(lower_half, byte_level_of);
    };
    ArcFailures found = scan_all(!directed);
    if (!directed && (found.leaves_tree != kNoFailure || found.too_far != kNoFailure)) {
      found = scan_all(false);
    }
    if (directed) {
      std::int64_t unconfirmed = kNoFailure;
#pragma omp parallel for reduction(min : unconfirmed) schedule(static) if (detail::worth_threads(n))
      for (std::int64_t v = 0; v < n; ++v) {
        if (is_source[v] == 0 && parent[v] != kInvalidVertex<VertexT> && confirmed[v] == 0) {
          unconfirmed = std::min(unconfirmed, v);
        }
      }
      found.unconfirmed_parent = unconfirmed;
    }
    return found;
  }

  /// (4) Rules 5, 4 and 3, in that order.
  void check_arcs() {
    const ArcFailures found = find_arc_failures();
    const auto& offsets = graph_.offsets();
    const auto& targets = graph_.targets();
    auto arc_tail = [&](std::int64_t e) {
      return std::upper_bound(offsets.begin(), offsets.end(), static_cast<EdgeT>(e)) -
             offsets.begin() - 1;
    };
    if (found.unconfirmed_parent != kNoFailure) {
      const std::int64_t v = found.unconfirmed_parent;
      detail::add_validation_failure(result_, detail::parent_not_adjacent_failure(v, parent_[v]));
    }
    if (found.leaves_tree != kNoFailure) {
      const std::int64_t u = arc_tail(found.leaves_tree);
      const VertexT v = targets[found.leaves_tree];
      const std::int64_t unreached =
          levels_[u] == kUnreachedDepth ? u : static_cast<std::int64_t>(v);
      detail::add_validation_failure(result_,
                                     detail::arc_leaves_tree_failure(u, v, unreached, root_));
    }
    if (found.too_far != kNoFailure) {
      const std::int64_t u = arc_tail(found.too_far);
      const VertexT v = targets[found.too_far];
      detail::add_validation_failure(
          result_, detail::arc_levels_failure(u, v, levels_[u], levels_[v], graph_.directed()));
    }
  }

  const CsrGraph<VertexT, EdgeT>& graph_;
  std::span<const VertexT> sources_;
  std::span<const VertexT> parent_;
  std::span<const std::int32_t> depth_;
  std::int64_t n_;
  bool stopped_early_;
  /// How messages name the roots: "the source" or "a source".
  std::string root_;
  /// 1 at every source.
  std::vector<std::uint8_t> is_source_;
  /// Tree levels: -1 where no parent chain reaches a source. The depth array where it holds them
  /// (depths_are_tree_levels), else the walk of step (2).
  std::span<const std::int32_t> levels_;
  std::vector<std::int32_t> walked_levels_;
  BfsValidation result_;
};

}  // namespace

template <typename VertexT, typename EdgeT>
BfsValidation validate_bfs_tree(const CsrGraph<VertexT, EdgeT>& graph, VertexT source,
                                std::span<const VertexT> parent,
                                std::span<const std::int32_t> depth) {
  return validate_bfs_tree(graph, std::span<const VertexT>(&source, 1), parent, depth, false);
}

template <typename VertexT, typename EdgeT>
BfsValidation validate_bfs_tree(const CsrGraph<VertexT, EdgeT>& graph,
                                std::span<const VertexT> sources, std::span<const VertexT> parent,
                                std::span<const std::int32_t> depth, bool stopped_early) {
  return TreeValidator<VertexT, EdgeT>(graph, sources, parent, depth, stopped_early).run();
}

template <typename VertexT, typename EdgeT>
std::int64_t reached_arcs(const CsrGraph<VertexT, EdgeT>& graph,
                          std::span<const std::int32_t> depth) {
  const auto n = static_cast<std::int64_t>(graph.num_vertices());
  if (depth.size() != static_cast<std::size_t>(n)) {
    throw InvalidArgument("reached_arcs: " + std::to_string(depth.size()) + " depths for " +
                          std::to_string(n) + " vertices");
  }
  std::int64_t arcs = 0;
#pragma omp parallel for reduction(+ : arcs) schedule(static) if (detail::worth_threads(n))
  for (std::int64_t v = 0; v < n; ++v) {
    if (depth[v] >= 0) arcs += graph.degree(static_cast<VertexT>(v));
  }
  return arcs;
}

template <typename VertexT, typename EdgeT>
std::int64_t reached_edges(const CsrGraph<VertexT, EdgeT>& graph,
                           std::span<const std::int32_t> depth) {
  return ReachedEdgeCounter<VertexT, EdgeT>(graph)(depth);
}

template <typename VertexT, typename EdgeT>
ReachedEdgeCounter<VertexT, EdgeT>::ReachedEdgeCounter(const CsrGraph<VertexT, EdgeT>& graph)
    : graph_(&graph) {
  if (graph.directed()) return;
  const auto n = static_cast<std::int64_t>(graph.num_vertices());
  const int threads = detail::worth_threads(n + graph.num_arcs()) ? detail::max_threads() : 1;
  std::vector<std::vector<SelfLoops>> found(static_cast<std::size_t>(threads));
#pragma omp parallel for schedule(static) num_threads(threads)
  for (std::int64_t v = 0; v < n; ++v) {
    EdgeT arcs = 0;
    for (const VertexT target : graph.neighbors(static_cast<VertexT>(v))) {
      if (target == static_cast<VertexT>(v)) ++arcs;
    }
    if (arcs > 0)
      found[static_cast<std::size_t>(omp_get_thread_num())].push_back(
          {static_cast<VertexT>(v), arcs});
  }
  for (const std::vector<SelfLoops>& part : found) {
    self_loops_.insert(self_loops_.end(), part.begin(), part.end());
  }
}

template <typename VertexT, typename EdgeT>
std::int64_t ReachedEdgeCounter<VertexT, EdgeT>::operator()(
    std::span<const std::int32_t> depth) const {
  const std::int64_t arcs = reached_arcs(*graph_, depth);
  if (graph_->directed()) return arcs;
  std::int64_t self_loop_arcs = 0;
  for (const SelfLoops& loops : self_loops_) {
    if (depth[loops.vertex] >= 0) self_loop_arcs += loops.arcs;
  }
  return (arcs + self_loop_arcs) / 2;
}

template class ReachedEdgeCounter<std::int32_t, std::int64_t>;
template class ReachedEdgeCounter<std::int64_t, std::int64_t>;

template BfsValidation validate_bfs_tree(const CsrGraph<std::int32_t, std::int64_t>&, std::int32_t,
                                         std::span<const std::int32_t>,
                                         std::span<const std::int32_t>);
template BfsValidation validate_bfs_tree(const CsrGraph<std::int64_t, std::int64_t>&, std::int64_t,
                                         std::span<const std::int64_t>,
                                         std::span<const std::int32_t>);

template BfsValidation validate_bfs_tree(const CsrGraph<std::int32_t, std::int64_t>&,
                                         std::span<const std::int32_t>,
                                         std::span<const std::int32_t>,
                                         std::span<const std::int32_t>, bool);
template BfsValidation validate_bfs_tree(const CsrGraph<std::int64_t, std::int64_t>&,
                                         std::span<const std::int64_t>,
                                         std::span<const std::int64_t>,
                                         std::span<const std::int32_t>, bool);

template std::int64_t reached_arcs(const CsrGraph<std::int32_t, std::int64_t>&,
                                   std::span<const std::int32_t>);
template std::int64_t reached_arcs(const CsrGraph<std::int64_t, std::int64_t>&,
                                   std::span<const std::int32_t>);
template std::int64_t reached_edges(const CsrGraph<std::int32_t, std::int64_t>&,
                                    std::span<const std::int32_t>);
template std::int64_t reached_edges(const CsrGraph<std::int64_t, std::int64_t>&,
                                    std::span<const std::int32_t>);

}  // namespace frontier
