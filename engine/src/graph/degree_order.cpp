// degree_order.cpp — see degree_order.hpp.
#include "graph/degree_order.hpp"

#include <omp.h>

#include <algorithm>
#include <array>
#include <string>

#include "frontier/detail/host_memory.hpp"
#include "frontier/detail/parallel.hpp"
#include "frontier/errors.hpp"
#include "frontier/memory_sizing.hpp"

namespace frontier::detail {
namespace {

/// Classes of 64-bit degrees: 0 (no arcs) and 1..64.
constexpr int kClasses = 65;

template <typename EdgeT>
std::uint64_t degree_of(const std::vector<EdgeT>& offsets, std::int64_t v) {
  return static_cast<std::uint64_t>(offsets[v + 1] - offsets[v]);
}

// old_id: the vertices by class, highest first, stably. Each thread counts its static block's
// classes; a block's vertices of class c go after every earlier block's of that class.
template <typename VertexT, typename EdgeT>
std::vector<VertexT> class_order(const std::vector<EdgeT>& offsets, std::int64_t n) {
  const int threads = worth_threads(n) ? max_threads() : 1;
  std::vector<std::array<std::int64_t, kClasses>> counts(static_cast<std::size_t>(threads));
  std::vector<VertexT> old_id(static_cast<std::size_t>(n));
  const std::int64_t block = (n + threads - 1) / threads;
#pragma omp parallel num_threads(threads) if (threads > 1)
  {
    const int t = omp_get_thread_num();
    const std::int64_t begin = std::min(n, block * t);
    const std::int64_t end = std::min(n, begin + block);
    std::array<std::int64_t, kClasses>& mine = counts[static_cast<std::size_t>(t)];
    mine.fill(0);
    for (std::int64_t v = begin; v < end; ++v) ++mine[degree_class(degree_of(offsets, v))];
#pragma omp barrier
#pragma omp single
    {
      std::int64_t next = 0;
      for (int c = kClasses - 1; c >= 0; --c) {
        for (auto& of_thread : counts) {
          const std::int64_t here = of_thread[c];
          of_thread[c] = next;
          next += here;
        }
      }
    }
    for (std::int64_t v = begin; v < end; ++v) {
      old_id[static_cast<std::size_t>(mine[degree_class(degree_of(offsets, v))]++)] =
          static_cast<VertexT>(v);
    }
  }
  return old_id;
}

// `graph`'s lists in new ids: list i is old vertex old_id[i]'s, its targets renamed and sorted.
template <typename VertexT, typename EdgeT>
CsrGraph<VertexT, EdgeT> renumber(const CsrGraph<VertexT, EdgeT>& graph,
                                  const std::vector<VertexT>& new_id,
                                  const std::vector<VertexT>& old_id) {
  const std::int64_t n = graph.num_vertices();
  const std::vector<EdgeT>& offsets = graph.offsets();
  const std::vector<VertexT>& targets = graph.targets();
  std::vector<EdgeT> new_offsets(static_cast<std::size_t>(n) + 1);
#pragma omp parallel for schedule(static) if (worth_threads(n))
  for (std::int64_t i = 0; i < n; ++i) {
    new_offsets[i] = offsets[old_id[i] + 1] - offsets[old_id[i]];
  }
  new_offsets[n] = 0;
  parallel_exclusive_scan(new_offsets.data(), new_offsets.size());
  std::vector<VertexT> new_targets(targets.size());
#pragma omp parallel for schedule(dynamic, 1024) if (worth_threads(n))
  for (std::int64_t i = 0; i < n; ++i) {
    const VertexT old = old_id[i];
    VertexT* out = new_targets.data() + new_offsets[i];
    const EdgeT length = offsets[old + 1] - offsets[old];
    for (EdgeT e = 0; e < length; ++e) out[e] = new_id[targets[offsets[old] + e]];
    std::sort(out, out + length);
  }
  return CsrGraph<VertexT, EdgeT>(std::move(new_offsets), std::move(new_targets), {},
                                  graph.directed());
}

}  // namespace

template <typename VertexT, typename EdgeT>
DegreeOrderedGraph<VertexT, EdgeT> order_by_degree_class(const CsrGraph<VertexT, EdgeT>& graph) {
  if (graph.has_weights()) {
    throw InvalidArgument("the degree order renumbers unweighted graphs; this one has weights");
  }
  const std::int64_t n = graph.num_vertices();
  const std::uint64_t needed = search_order_host_bytes(
      static_cast<std::uint64_t>(n), static_cast<std::uint64_t>(graph.num_arcs()), graph.directed(),
      IdBytes{sizeof(VertexT), sizeof(EdgeT)});
  const std::uint64_t available = available_host_memory_bytes();
  if (available != 0 && needed > available) {
    throw OutOfMemory("renumbering the graph by degree needs a second copy of it in host memory",
                      needed, available);
  }
  DegreeOrderedGraph<VertexT, EdgeT> ordered;
  ordered.old_id = class_order<VertexT>(graph.offsets(), n);
  ordered.new_id.resize(static_cast<std::size_t>(n));
#pragma omp parallel for schedule(static) if (worth_threads(n))
  for (std::int64_t i = 0; i < n; ++i) ordered.new_id[ordered.old_id[i]] = static_cast<VertexT>(i);
  ordered.graph = renumber(graph, ordered.new_id, ordered.old_id);
  return ordered;
}

template <typename VertexT, typename EdgeT>
BfsResult<VertexT> relabel_result(const DegreeOrderedGraph<VertexT, EdgeT>& ordered,
                                  const BfsResult<VertexT>& found, int threads) {
  BfsResult<VertexT> result;
  result.source = ordered.old_id[found.source];
  for (const VertexT s : found.sources) result.sources.push_back(ordered.old_id[s]);
  result.levels = found.levels;
  result.vertices_reached = found.vertices_reached;
  result.edges_examined = found.edges_examined;
  result.seconds = found.seconds;
  result.stop = found.stop;
  const auto n = static_cast<std::int64_t>(found.depth.size());
  const VertexT* new_id = ordered.new_id.data();
  const VertexT* old_id = ordered.old_id.data();
  const int team = worth_threads(n) ? (threads > 0 ? threads : max_threads()) : 1;
  result.depth = LabelVector<std::int32_t>(static_cast<std::size_t>(n));
  const bool parents = !found.parent.empty();
  if (parents) result.parent = LabelVector<VertexT>(static_cast<std::size_t>(n));
  std::int32_t* depth = result.depth.data();
  VertexT* parent = parents ? result.parent.data() : nullptr;
#pragma omp parallel for schedule(static) num_threads(team) if (team > 1)
  for (std::int64_t v = 0; v < n; ++v) {
    const VertexT at = new_id[v];
    depth[v] = found.depth[at];
    if (parent != nullptr) {
      const VertexT p = found.parent[at];
      parent[v] = p < 0 ? p : old_id[p];
    }
  }
  return result;
}

template struct DegreeOrderedGraph<std::int32_t, std::int64_t>;
template DegreeOrderedGraph<std::int32_t, std::int64_t> order_by_degree_class(
    const CsrGraph<std::int32_t, std::int64_t>&);
template BfsResult<std::int32_t> relabel_result(
    const DegreeOrderedGraph<std::int32_t, std::int64_t>&, const BfsResult<std::int32_t>&, int);

}  // namespace frontier::detail
