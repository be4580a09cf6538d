// Edge list -> CSR by stable counting sorts over vertex blocks (see csr_builder.hpp).
//
// Steps: (1) validate endpoints; with sorted lists wanted, group the arcs by target block and
// counting-sort each block by target; then group the arcs by source block, keeping their order;
// (2) count degrees block by block and (3) scan them into offsets; (4) place each source block's
// arcs into its contiguous range of the CSR, which leaves every list sorted by target, and sort
// arcs to the same target by weight; (5) optionally squeeze out duplicates and rebuild offsets.
// Every pass writes sequential streams or a cache-sized range and needs no atomics, so hub
// vertices cost no contention and the result does not depend on the thread count. The grouped
// arcs live in temporary arrays: two copies of (source, target[, weight]) per arc.
//
// A graph whose vertex range fits the caches takes two stable counting sorts over the whole
// vertex range instead, on the calling thread: count, place the arcs' sources by target into one
// temporary array, place the arcs by source into the CSR. Blocks and grouped copies pay off only
// when threads share the work or the vertex range outgrows the cache; for a small graph they are
// extra passes (graph/csr_build_policy.hpp says where each way wins). Both ways give the same CSR.
#include "frontier/csr_builder.hpp"

#include <algorithm>
#include <numeric>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "frontier/detail/hub_arc.hpp"
#include "frontier/detail/log.hpp"
#include "frontier/detail/parallel.hpp"
#include "frontier/detail/timer.hpp"
#include "frontier/errors.hpp"
#include "frontier/label_vector.hpp"
#include "graph/csr_build_policy.hpp"

namespace frontier {
namespace {

template <typename VertexT>
void check_edge_list(const EdgeList<VertexT>& edges) {
  if (edges.targets.size() != edges.sources.size()) {
    throw InvalidArgument("edge list has " + std::to_string(edges.sources.size()) +
                          " sources but " + std::to_string(edges.targets.size()) + " targets");
  }
  if (edges.has_weights() && edges.weights.size() != edges.sources.size()) {
    throw InvalidArgument("edge list has " + std::to_string(edges.weights.size()) +
                          " weights for " + std::to_string(edges.sources.size()) + " edges");
  }
  if (edges.num_vertices < 0) throw InvalidArgument("edge list has a negative vertex count");
  const std::int64_t m = static_cast<std::int64_t>(edges.size());
  // A branch-free test of every edge (as unsigned, a negative id is out of range too), which
  // vectorizes; only a list that fails it is searched for its first bad edge.
  using Unsigned = std::make_unsigned_t<VertexT>;
  const auto n = static_cast<Unsigned>(edges.num_vertices);
  int any_bad = 0;
  const bool use_threads = detail::worth_threads_streaming(m);
#pragma omp parallel for reduction(| : any_bad) schedule(static) if (use_threads)
  for (std::int64_t i = 0; i < m; ++i) {
    any_bad |= static_cast<int>(static_cast<Unsigned>(edges.sources[i]) >= n) |
               static_cast<int>(static_cast<Unsigned>(edges.targets[i]) >= n);
  }
  if (any_bad != 0) {
    std::int64_t first_bad = 0;
    while (static_cast<Unsigned>(edges.sources[first_bad]) < n &&
           static_cast<Unsigned>(edges.targets[first_bad]) < n) {
      ++first_bad;
    }
    throw InvalidArgument(
        "edge " + std::to_string(first_bad) + " (" + std::to_string(edges.sources[first_bad]) +
        ", " + std::to_string(edges.targets[first_bad]) + ") has an endpoint outside [0, " +
        std::to_string(edges.num_vertices) + ")");
  }
}

// Vertices in blocks of 2^shift: at least 2^11 vertices (a block's arcs fit a core's cache while
// they are placed), at most 2^12 blocks (each part of the input writes one stream per block).
// The input is split into `parts` equal parts, one per thread.
struct BlockLayout {
  BlockLayout(std::int64_t vertices, std::int64_t threads) : vertices(vertices), parts(threads) {
    int bits = 0;
    while (bits < 62 && (std::int64_t{1} << bits) < vertices) ++bits;
    shift = std::max(11, bits - 12);
    blocks = vertices == 0 ? 0 : ((vertices - 1) >> shift) + 1;
  }
  std::int64_t first_vertex(std::int64_t block) const { return block << shift; }
  std::int64_t last_vertex(std::int64_t block) const {
    return std::min(vertices, (block + 1) << shift);
  }

  std::int64_t vertices;
  std::int64_t parts;
  int shift = 0;
  std::int64_t blocks = 0;
};

template <typename VertexT>
struct ArcArrays {
  void allocate(std::size_t arcs, bool weighted) {
    ends.resize(arcs);
    weights.resize(weighted ? arcs : 0);
  }
  struct Ends {
    VertexT source;
    VertexT target;
  };
  LabelVector<Ends> ends;
  LabelVector<Weight> weights;
};

// Copies the arcs of items [0, items) (item_arcs(i, arc) calls arc(u, v, weight) for each) into
// `out`, grouped by the block of their source (or target), stably: each part of the items counts
// its arcs per block, the counts are scanned (block-major, then part) and every part copies its
// arcs into place, one sequential stream per block and no atomics. Returns where each block
// begins, and the arc count last.
template <typename EdgeT, typename VertexT, typename ItemArcs>
std::vector<EdgeT> group_by_block(const BlockLayout& layout, std::int64_t items,
                                  const ItemArcs& item_arcs, bool by_target, bool weighted,
                                  ArcArrays<VertexT>& out) {
  const std::int64_t parts = layout.parts;
  const std::int64_t blocks = layout.blocks;
  const int shift = layout.shift;
  auto block_of = [&](VertexT u, VertexT v) { return (by_target ? v : u) >> shift; };
  std::vector<EdgeT> begin(static_cast<std::size_t>(blocks * parts) + 1, 0);
#pragma omp parallel for schedule(static, 1) if (parts > 1)
  for (std::int64_t part = 0; part < parts; ++part) {
    std::vector<EdgeT> count(static_cast<std::size_t>(blocks), 0);
    for (std::int64_t i = items * part / parts; i < items * (part + 1) / parts; ++i) {
      item_arcs(i, [&](VertexT u, VertexT v, Weight) { ++count[block_of(u, v)]; });
    }
    for (std::int64_t b = 0; b < blocks; ++b) begin[b * parts + part] = count[b];
  }
  const EdgeT arcs =
      detail::parallel_exclusive_scan(begin.data(), static_cast<std::size_t>(blocks * parts));
  begin[blocks * parts] = arcs;
  out.allocate(static_cast<std::size_t>(arcs), weighted);
#pragma omp parallel for schedule(static, 1) if (parts > 1)
  for (std::int64_t part = 0; part < parts; ++part) {
    std::vector<EdgeT> cursor(static_cast<std::size_t>(blocks));
    for (std::int64_t b = 0; b < blocks; ++b) cursor[b] = begin[b * parts + part];
    for (std::int64_t i = items * part / parts; i < items * (part + 1) / parts; ++i) {
      item_arcs(i, [&](VertexT u, VertexT v, Weight w) {
        const EdgeT slot = cursor[block_of(u, v)]++;
        out.ends[slot] = {u, v};
        if (weighted) out.weights[slot] = w;
      });
    }
  }
  std::vector<EdgeT> block_begin(static_cast<std::size_t>(blocks) + 1);
  for (std::int64_t b = 0; b <= blocks; ++b) block_begin[b] = begin[b * parts];
  return block_begin;
}

// Orders the arcs of every target block by target, stably (a counting sort in cache).
template <typename EdgeT, typename VertexT>
void sort_blocks_by_target(const BlockLayout& layout, const std::vector<EdgeT>& block_begin,
                           ArcArrays<VertexT>& arcs) {
  const bool weighted = !arcs.weights.empty();
#pragma omp parallel if (layout.parts > 1)
  {
    std::vector<EdgeT> cursor((std::size_t{1} << layout.shift) + 1);
    ArcArrays<VertexT> sorted;
#pragma omp for schedule(dynamic, 1)
    for (std::int64_t b = 0; b < layout.blocks; ++b) {
      const EdgeT begin = block_begin[b];
      const EdgeT count = block_begin[b + 1] - begin;
      const std::int64_t first = layout.first_vertex(b);
      std::fill(cursor.begin(), cursor.end(), EdgeT{0});
      for (EdgeT a = begin; a < begin + count; ++a) ++cursor[arcs.ends[a].target - first + 1];
      for (std::size_t v = 1; v < cursor.size(); ++v) cursor[v] += cursor[v - 1];
      sorted.allocate(static_cast<std::size_t>(count), weighted);
      for (EdgeT a = begin; a < begin + count; ++a) {
        const EdgeT slot = cursor[arcs.ends[a].target - first]++;
        sorted.ends[slot] = arcs.ends[a];
        if (weighted) sorted.weights[slot] = arcs.weights[a];
      }
      std::copy(sorted.ends.begin(), sorted.ends.end(), arcs.ends.begin() + begin);
      if (weighted) {
        std::copy(sorted.weights.begin(), sorted.weights.end(), arcs.weights.begin() + begin);
      }
    }
  }
}

// Sorts by weight every run of equal targets in the list [begin, end), sorted by target.
template <typename VertexT, typename EdgeT>
void sort_weights_of_equal_targets(const VertexT* targets, Weight* weights, EdgeT begin,
                                   EdgeT end) {
  for (EdgeT run = begin; run < end;) {
    EdgeT run_end = run + 1;
    while (run_end < end && targets[run_end] == targets[run]) ++run_end;
    if (run_end - run > 1) std::sort(weights + run, weights + run_end);
    run = run_end;
  }
}

// Removes adjacent duplicate targets of every (sorted) list and compacts the arrays.
template <typename VertexT, typename EdgeT>
void remove_duplicate_arcs(std::vector<EdgeT>& offsets, std::vector<VertexT>& targets,
                           std::vector<Weight>& weights) {
  const std::int64_t n = static_cast<std::int64_t>(offsets.size()) - 1;
  std::vector<EdgeT> kept(static_cast<std::size_t>(n) + 1, 0);
  const bool use_threads =
      detail::worth_threads_streaming(static_cast<std::int64_t>(targets.size()));
#pragma omp parallel for schedule(dynamic, 1024) if (use_threads)
  for (std::int64_t v = 0; v < n; ++v) {
    EdgeT count = 0;
    for (EdgeT e = offsets[v]; e < offsets[v + 1]; ++e) {
      if (e == offsets[v] || targets[e] != targets[e - 1]) ++count;
    }
    kept[v] = count;
  }
  const EdgeT total =
      use_threads ? detail::parallel_exclusive_scan(kept.data(), static_cast<std::size_t>(n))
                  : detail::exclusive_scan(kept.data(), static_cast<std::size_t>(n));
  kept[n] = total;
  std::vector<VertexT> new_targets(static_cast<std::size_t>(total));
  std::vector<Weight> new_weights(weights.empty() ? 0 : static_cast<std::size_t>(total));
#pragma omp parallel for schedule(dynamic, 1024) if (use_threads)
  for (std::int64_t v = 0; v < n; ++v) {
    EdgeT out = kept[v];
    for (EdgeT e = offsets[v]; e < offsets[v + 1]; ++e) {
      if (e == offsets[v] || targets[e] != targets[e - 1]) {
        new_targets[out] = targets[e];
        if (!weights.empty()) new_weights[out] = weights[e];
        ++out;
      }
    }
  }
  offsets.swap(kept);
  targets.swap(new_targets);
  weights.swap(new_weights);
}

// CsrBuildOptions::hubs_first: in every list, the first neighbour of the highest degree swaps
// places with the first arc (its weight with it).
template <typename VertexT, typename EdgeT>
void put_hubs_first(const std::vector<EdgeT>& offsets, std::vector<VertexT>& targets,
                    std::vector<Weight>& weights) {
  const std::int64_t n = static_cast<std::int64_t>(offsets.size()) - 1;
  const auto degree = [&](VertexT u) { return offsets[u + 1] - offsets[u]; };
  const bool use_threads =
      detail::worth_threads_streaming(static_cast<std::int64_t>(targets.size()));
#pragma omp parallel for schedule(dynamic, 1024) if (use_threads)
  for (std::int64_t v = 0; v < n; ++v) {
    const EdgeT begin = offsets[v];
    const EdgeT hub = detail::hub_arc(targets.data(), begin, offsets[v + 1], degree);
    if (hub != begin) {
      std::swap(targets[begin], targets[hub]);
      if (!weights.empty()) std::swap(weights[begin], weights[hub]);
    }
  }
}

// Whether the counting sorts on the calling thread build a graph of `vertices` and `arcs` (see
// csr_build_policy.hpp), with the threads a parallel region would have.
bool counting_sorts(std::int64_t vertices, std::int64_t arcs, bool sort_by_target) {
  return detail::CsrBuildPolicy{}.counting_sorts(vertices, arcs, detail::max_threads(),
                                                 sort_by_target);
}

// The CSR of a small input on the calling thread (see the file comment): the counting sort by
// target (when lists are to be sorted) into one temporary array, then the stable one by source
// straight into `targets`. Fills offsets (n + 1), targets and weights (when weighted).
//
// No cursor array: vertex u's degree is counted in offsets[u + 1], which the scan turns into u's
// first slot and the placement advances to u's end, i.e. to u + 1's first slot, where it belongs.
// The arcs ordered by target keep only their sources (and weights): an arc's target is the
// vertex whose range holds it, so the scratch is half the size of whole arcs. Whole arcs, which
// make the placement one flat loop, were no faster on real graphs (docs/tuning.md).
template <typename EdgeT, typename VertexT, typename ItemArcs>
void build_serially(std::int64_t n, std::int64_t items, const ItemArcs& item_arcs,
                    bool sort_neighbors, bool weighted, std::vector<EdgeT>& offsets,
                    std::vector<VertexT>& targets, std::vector<Weight>& weights) {
  offsets.assign(static_cast<std::size_t>(n) + 1, 0);
  std::vector<EdgeT> by_target_begin(sort_neighbors ? static_cast<std::size_t>(n) : 0, 0);
  EdgeT* source_slot = offsets.data() + 1;
  for (std::int64_t i = 0; i < items; ++i) {
    item_arcs(i, [&](VertexT u, VertexT v, Weight) {
      ++source_slot[u];
      if (sort_neighbors) ++by_target_begin[v];
    });
  }
  const EdgeT arcs = detail::exclusive_scan(source_slot, static_cast<std::size_t>(n));
  targets.resize(static_cast<std::size_t>(arcs));
  weights.resize(weighted ? static_cast<std::size_t>(arcs) : 0);
  auto place = [&](VertexT u, VertexT v, Weight w) {
    const EdgeT slot = source_slot[u]++;
    targets[slot] = v;
    if (weighted) weights[slot] = w;
  };
  if (!sort_neighbors) {
    for (std::int64_t i = 0; i < items; ++i) item_arcs(i, place);
    return;
  }
  detail::exclusive_scan(by_target_begin.data(), static_cast<std::size_t>(n));
  LabelVector<VertexT> sources_by_target(static_cast<std::size_t>(arcs));
  LabelVector<Weight> weights_by_target(weighted ? static_cast<std::size_t>(arcs) : 0);
  for (std::int64_t i = 0; i < items; ++i) {
    item_arcs(i, [&](VertexT u, VertexT v, Weight w) {
      const EdgeT slot = by_target_begin[v]++;
      sources_by_target[slot] = u;
      if (weighted) weights_by_target[slot] = w;
    });
  }
  EdgeT a = 0;
  for (std::int64_t v = 0; v < n; ++v) {
    for (; a < by_target_begin[v]; ++a) {
      place(sources_by_target[a], static_cast<VertexT>(v),
            weighted ? weights_by_target[a] : Weight{});
    }
  }
  if (weighted) {
    for (std::int64_t v = 0; v < n; ++v) {
      sort_weights_of_equal_targets(targets.data(), weights.data(), offsets[v], offsets[v + 1]);
    }
  }
}

}  // namespace

template <typename VertexT, typename EdgeT>
CsrGraph<VertexT, EdgeT> build_csr(const EdgeList<VertexT>& edges, const CsrBuildOptions& options) {
  if (options.remove_duplicates && !options.sort_neighbors) {
    throw InvalidArgument("remove_duplicates needs sort_neighbors");
  }
  const bool directed = edges.directed && !options.symmetrize;
  if (options.hubs_first && directed) {
    throw InvalidArgument("hubs_first needs an undirected graph (or symmetrize)");
  }
  detail::Timer step;
  check_edge_list(edges);
  const double validate_seconds = step.seconds();
  step.restart();
  const std::int64_t n = edges.num_vertices;
  const std::int64_t m = static_cast<std::int64_t>(edges.size());
  const bool weighted = edges.has_weights();
  const BlockLayout layout(n, detail::worth_threads(m) ? detail::max_threads() : 1);
  // Calls arc(u, v, weight) for every arc that edge i contributes.
  auto edge_arcs = [&](std::int64_t i, auto&& arc) {
    const VertexT u = edges.sources[i];
    const VertexT v = edges.targets[i];
    if (options.remove_self_loops && u == v) return;
    const Weight w = weighted ? edges.weights[i] : Weight{};
    arc(u, v, w);
    if (options.symmetrize && u != v) arc(v, u, w);
  };

  if (counting_sorts(n, options.symmetrize ? 2 * m : m, options.sort_neighbors)) {
    std::vector<EdgeT> offsets;
    std::vector<VertexT> targets;
    std::vector<Weight> weights;
    build_serially(n, m, edge_arcs, options.sort_neighbors, weighted, offsets, targets, weights);
    const double sort_seconds = step.seconds();
    step.restart();
    if (options.remove_duplicates) remove_duplicate_arcs(offsets, targets, weights);
    if (options.hubs_first) put_hubs_first(offsets, targets, weights);
    detail::logger().debug(
        "build_csr: {} edges -> {} arcs on one thread: validate {:.6f} s, counting sorts {:.6f} "
        "s, squeeze {:.6f} s",
        m, targets.size(), validate_seconds, sort_seconds, step.seconds());
    return CsrGraph<VertexT, EdgeT>(std::move(offsets), std::move(targets), std::move(weights),
                                    directed);
  }

  // (1) With sorted lists wanted, the arcs are first ordered by target (a stable counting sort,
  // block by block), so that the stable placement by source below leaves every list sorted.
  ArcArrays<VertexT> by_source;
  std::vector<EdgeT> source_blocks;
  double group_by_target_seconds = 0;
  double sort_by_target_seconds = 0;
  if (options.sort_neighbors) {
    ArcArrays<VertexT> by_target;
    const std::vector<EdgeT> target_blocks =
        group_by_block<EdgeT>(layout, m, edge_arcs, /*by_target=*/true, weighted, by_target);
    group_by_target_seconds = step.seconds();
    step.restart();
    sort_blocks_by_target(layout, target_blocks, by_target);
    sort_by_target_seconds = step.seconds();
    step.restart();
    auto sorted_arcs = [&](std::int64_t a, auto&& arc) {
      arc(by_target.ends[a].source, by_target.ends[a].target,
          weighted ? by_target.weights[a] : Weight{});
    };
    source_blocks = group_by_block<EdgeT>(layout, static_cast<std::int64_t>(target_blocks.back()),
                                          sorted_arcs, /*by_target=*/false, weighted, by_source);
  } else {
    source_blocks =
        group_by_block<EdgeT>(layout, m, edge_arcs, /*by_target=*/false, weighted, by_source);
  }
  const EdgeT arcs = source_blocks.back();
  const double group_by_source_seconds = step.seconds();
  step.restart();

  // (2) degrees, block by block: a block's vertices and arcs are its own.
  std::vector<EdgeT> offsets(static_cast<std::size_t>(n) + 1, 0);
#pragma omp parallel for schedule(dynamic, 1) if (layout.parts > 1)
  for (std::int64_t b = 0; b < layout.blocks; ++b) {
    for (EdgeT a = source_blocks[b]; a < source_blocks[b + 1]; ++a)
      ++offsets[by_source.ends[a].source];
  }
  // (3) offsets
  detail::parallel_exclusive_scan(offsets.data(), static_cast<std::size_t>(n));
  offsets[n] = arcs;
  const double degree_seconds = step.seconds();
  step.restart();

  // (4) placement, block by block: a block's arcs land in the contiguous range
  // [offsets[first vertex], offsets[last vertex + 1]), in the order (1) left them; arcs to the
  // same target are then ordered by weight.
  std::vector<VertexT> targets(static_cast<std::size_t>(arcs));
  std::vector<Weight> weights(weighted ? static_cast<std::size_t>(arcs) : 0);
#pragma omp parallel if (layout.parts > 1)
  {
    std::vector<EdgeT> cursor(std::size_t{1} << layout.shift);
#pragma omp for schedule(dynamic, 1)
    for (std::int64_t b = 0; b < layout.blocks; ++b) {
      const std::int64_t first = layout.first_vertex(b);
      const std::int64_t last = layout.last_vertex(b);
      for (std::int64_t v = first; v < last; ++v) cursor[v - first] = offsets[v];
      for (EdgeT a = source_blocks[b]; a < source_blocks[b + 1]; ++a) {
        const EdgeT slot = cursor[by_source.ends[a].source - first]++;
        targets[slot] = by_source.ends[a].target;
        if (weighted) weights[slot] = by_source.weights[a];
      }
      if (weighted && options.sort_neighbors) {
        for (std::int64_t v = first; v < last; ++v) {
          sort_weights_of_equal_targets(targets.data(), weights.data(), offsets[v], offsets[v + 1]);
        }
      }
    }
  }
  const double place_seconds = step.seconds();
  step.restart();
  // (5) duplicates
  if (options.remove_duplicates) remove_duplicate_arcs(offsets, targets, weights);
  const double squeeze_seconds = step.seconds();
  step.restart();
  if (options.hubs_first) put_hubs_first(offsets, targets, weights);
  detail::logger().debug(
      "build_csr: {} edges -> {} arcs: validate {:.3f} s, group by target block {:.3f} s, sort "
      "by target {:.3f} s, group by source block {:.3f} s, degrees and scan {:.3f} s, "
      "placement {:.3f} s, squeeze {:.3f} s, hubs first {:.3f} s",
      m, targets.size(), validate_seconds, group_by_target_seconds, sort_by_target_seconds,
      group_by_source_seconds, degree_seconds, place_seconds, squeeze_seconds, step.seconds());

  return CsrGraph<VertexT, EdgeT>(std::move(offsets), std::move(targets), std::move(weights),
                                  directed);
}

template <typename VertexT, typename EdgeT>
EdgeList<VertexT> arcs_of(const CsrGraph<VertexT, EdgeT>& graph) {
  EdgeList<VertexT> edges;
  edges.num_vertices = graph.num_vertices();
  edges.directed = graph.directed();
  const std::int64_t n = graph.num_vertices();
  edges.sources.resize(static_cast<std::size_t>(graph.num_arcs()));
  edges.targets = graph.targets();
  edges.weights = graph.weights();
  const auto& offsets = graph.offsets();
#pragma omp parallel for schedule(dynamic, 1024) if (detail::worth_threads(graph.num_arcs()))
  for (std::int64_t u = 0; u < n; ++u) {
    for (EdgeT e = offsets[u]; e < offsets[u + 1]; ++e) edges.sources[e] = static_cast<VertexT>(u);
  }
  return edges;
}

template <typename VertexT, typename EdgeT>
CsrGraph<VertexT, EdgeT> transpose(const CsrGraph<VertexT, EdgeT>& graph) {
  const std::int64_t n = graph.num_vertices();
  const bool weighted = graph.has_weights();
  // The reversed arcs come in increasing order of their target (the forward source), and the
  // placement by source is stable, so every list comes out sorted without the counting sort by
  // target. Equal arcs' weights still need that sort to come out in weight order.
  const bool sort_neighbors = weighted;
  if (counting_sorts(n, graph.num_arcs(), sort_neighbors)) {
    // Vertex by vertex, the arcs reversed straight from the CSR: no edge list, no checks.
    auto reversed_arcs = [&](std::int64_t u, auto&& arc) {
      for (EdgeT e = graph.offsets()[u]; e < graph.offsets()[u + 1]; ++e) {
        arc(graph.targets()[e], static_cast<VertexT>(u), weighted ? graph.weights()[e] : Weight{});
      }
    };
    std::vector<EdgeT> offsets;
    std::vector<VertexT> targets;
    std::vector<Weight> weights;
    build_serially(n, n, reversed_arcs, sort_neighbors, weighted, offsets, targets, weights);
    return CsrGraph<VertexT, EdgeT>(std::move(offsets), std::move(targets), std::move(weights),
                                    true);
  }
  EdgeList<VertexT> reversed;
  reversed.num_vertices = graph.num_vertices();
  reversed.directed = true;
  reversed.sources.resize(static_cast<std::size_t>(graph.num_arcs()));
  reversed.targets.resize(static_cast<std::size_t>(graph.num_arcs()));
  if (weighted) reversed.weights = graph.weights();
  const auto& offsets = graph.offsets();
#pragma omp parallel for schedule(dynamic, 1024) if (detail::worth_threads(graph.num_arcs()))
  for (std::int64_t u = 0; u < n; ++u) {
    for (EdgeT e = offsets[u]; e < offsets[u + 1]; ++e) {
      reversed.sources[e] = graph.targets()[e];
      reversed.targets[e] = static_cast<VertexT>(u);
    }
  }
  CsrBuildOptions build;
  build.sort_neighbors = sort_neighbors;
  return build_csr<VertexT, EdgeT>(reversed, build);
}

template CsrGraph<std::int32_t, std::int64_t> build_csr(const EdgeList<std::int32_t>&,
                                                        const CsrBuildOptions&);
template CsrGraph<std::int64_t, std::int64_t> build_csr(const EdgeList<std::int64_t>&,
                                                        const CsrBuildOptions&);
template EdgeList<std::int32_t> arcs_of(const CsrGraph<std::int32_t, std::int64_t>&);
template EdgeList<std::int64_t> arcs_of(const CsrGraph<std::int64_t, std::int64_t>&);
template CsrGraph<std::int32_t, std::int64_t> transpose(
    const CsrGraph<std::int32_t, std::int64_t>&);
template CsrGraph<std::int64_t, std::int64_t> transpose(
    const CsrGraph<std::int64_t, std::int64_t>&);

}  // namespace frontier
