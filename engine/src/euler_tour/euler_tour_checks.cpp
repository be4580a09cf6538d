// Sequential forest check: names the first defect of a graph that euler_tour_ops() cannot take.
//
// Runs only after a backend's fast parallel check found that something is wrong (and in tests),
// so it favours plain, obviously correct code over speed: one pass over the offsets, one over the
// arcs, binary searches for reverse arcs, a union-find for cycles, then the roots.
#include "euler_tour/euler_tour_checks.hpp"

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <string>
#include <vector>

#include "frontier/errors.hpp"

namespace frontier::detail {
namespace {

std::string edge_name(std::int64_t u, std::int64_t v) {
  std::string name(1, '{');
  name += std::to_string(std::min(u, v));
  name += ", ";
  name += std::to_string(std::max(u, v));
  name += '}';
  return name;
}

template <typename VertexT>
VertexT find_root(std::vector<VertexT>& link, VertexT x) {
  while (link[x] != x) {
    link[x] = link[link[x]];
    x = link[x];
  }
  return x;
}

}  // namespace

template <typename VertexT, typename EdgeT>
std::optional<std::string> find_forest_defect(const CsrGraph<VertexT, EdgeT>& forest,
                                              std::span<const VertexT> roots) {
  const auto& offsets = forest.offsets();
  const auto& targets = forest.targets();
  const std::int64_t n = forest.num_vertices();
  const std::int64_t m = static_cast<std::int64_t>(targets.size());

  // 1. Offsets start at 0 and never decrease; targets lie in range.
  if (offsets.front() != 0) {
    return "CSR offsets[0] is " + std::to_string(offsets.front()) + ", not 0";
  }
  for (std::int64_t v = 0; v < n; ++v) {
    if (offsets[v + 1] < offsets[v]) {
      return "CSR offsets decrease at vertex " + std::to_string(v);
    }
  }
  for (std::int64_t e = 0; e < m; ++e) {
    if (targets[e] < 0 || targets[e] >= n) {
      return "arc " + std::to_string(e) + " points to vertex " + std::to_string(targets[e]) +
             ", outside [0, " + std::to_string(n) + ")";
    }
  }

  // 2. No self loops; every adjacency list strictly increasing (sorted, no duplicate edge).
  for (std::int64_t u = 0; u < n; ++u) {
    for (EdgeT e = offsets[u]; e < offsets[u + 1]; ++e) {
      const std::int64_t v = targets[e];
      if (v == u) return "self loop at vertex " + std::to_string(u);
      if (e > offsets[u] && targets[e - 1] == v) return "duplicate edge " + edge_name(u, v);
      if (e > offsets[u] && targets[e - 1] > v) {
        return "adjacency list of vertex " + std::to_string(u) +
               " is not sorted (build the CSR with sorted neighbours)";
      }
    }
  }

  // 3. Every arc u->v has its reverse v->u.
  for (std::int64_t u = 0; u < n; ++u) {
    for (EdgeT e = offsets[u]; e < offsets[u + 1]; ++e) {
      const VertexT v = targets[e];
      const auto first = targets.begin() + offsets[v];
      const auto last = targets.begin() + offsets[v + 1];
      if (!std::binary_search(first, last, static_cast<VertexT>(u))) {
        return "arc " + std::to_string(u) + "->" + std::to_string(v) + " has no reverse arc " +
               std::to_string(v) + "->" + std::to_string(u) +
               " (an undirected graph stores both arcs of every edge)";
      }
    }
  }

  // 4. No cycles: union-find over the edges {u, v} with u < v, in CSR order.
  std::vector<VertexT> link(static_cast<std::size_t>(n));
  std::iota(link.begin(), link.end(), VertexT{0});
  std::int64_t components = n;
  std::optional<std::string> closing_edge;
  for (std::int64_t u = 0; u < n; ++u) {
    for (EdgeT e = offsets[u]; e < offsets[u + 1]; ++e) {
      const VertexT v = targets[e];
      if (v < u) continue;
      const VertexT a = find_root(link, static_cast<VertexT>(u));
      const VertexT b = find_root(link, v);
      if (a == b) {
        if (!closing_edge) closing_edge = edge_name(u, v);
        continue;
      }
      link[std::max(a, b)] = std::min(a, b);
      --components;
    }
  }
  const std::int64_t edges = m / 2;
  if (closing_edge) {
    return "not a forest: " + std::to_string(edges) + " edges on " + std::to_string(n) +
           " vertices in " + std::to_string(components) +
           (components == 1 ? " component" : " components") + ", a cycle exists (edge " +
           *closing_edge + " closes one)";
  }

  // 5. Roots: in range, one per tree.
  if (roots.empty()) return std::nullopt;
  std::vector<std::int64_t> root_of_tree(static_cast<std::size_t>(n), -1);
  for (const VertexT r : roots) {
    if (r < 0 || r >= n) {
      return "root " + std::to_string(r) + " is out of range [0, " + std::to_string(n) + ")";
    }
    const VertexT tree = find_root(link, r);
    if (root_of_tree[tree] >= 0) {
      return "roots " + std::to_string(root_of_tree[tree]) + " and " + std::to_string(r) +
             " lie in the same tree";
    }
    root_of_tree[tree] = r;
  }
  for (std::int64_t v = 0; v < n; ++v) {
    if (root_of_tree[find_root(link, static_cast<VertexT>(v))] < 0) {
      return "the tree of vertex " + std::to_string(v) + " has no root (" +
             std::to_string(roots.size()) + " roots given for " + std::to_string(components) +
             " trees)";
    }
  }
  return std::nullopt;
}

template <typename VertexT, typename EdgeT>
void throw_forest_defect(const CsrGraph<VertexT, EdgeT>& forest, std::span<const VertexT> roots,
                         const char* backend) {
  if (auto defect = find_forest_defect(forest, roots)) {
    throw InvalidArgument("euler_tour_ops: " + *defect);
  }
  throw ValidationError(std::string("euler_tour_ops: the ") + backend +
                        " check flagged a defect that the sequential check does not find");
}

#define FRONTIER_INSTANTIATE_FOREST_CHECKS(VertexT, EdgeT)                                     \
  template std::optional<std::string> find_forest_defect(const CsrGraph<VertexT, EdgeT>&,      \
                                                         std::span<const VertexT>);            \
  template void throw_forest_defect(const CsrGraph<VertexT, EdgeT>&, std::span<const VertexT>, \
                                    const char*);

FRONTIER_INSTANTIATE_FOREST_CHECKS(std::int32_t, std::int64_t)
FRONTIER_INSTANTIATE_FOREST_CHECKS(std::int64_t, std::int64_t)

#undef FRONTIER_INSTANTIATE_FOREST_CHECKS

}  // namespace frontier::detail
