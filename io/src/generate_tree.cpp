// Random trees and forests on the host: checks the arguments, then writes every edge in
// parallel with one TreeLayout::edge() call each (generators/tree.hpp).
#include "frontier/io/generate_tree.hpp"

#include <string>

#include "frontier/detail/log.hpp"
#include "frontier/detail/timer.hpp"
#include "frontier/errors.hpp"
#include "generate_common.hpp"

namespace frontier::io {
namespace {

void check_tree_count(std::int64_t n, std::int64_t trees) {
  if (n < 0) throw InvalidArgument("tree vertex count " + std::to_string(n) + " is negative");
  const bool valid = n == 0 ? trees == 0 : (trees >= 1 && trees <= n);
  if (!valid) {
    throw InvalidArgument("a forest of " + std::to_string(n) + " vertices cannot hold " +
                          std::to_string(trees) + " trees (need 1 <= trees <= n)");
  }
}

}  // namespace

template <typename VertexT>
EdgeList<VertexT> generate_forest(TreeShape shape, std::int64_t n, std::int64_t trees,
                                  std::uint64_t seed) {
  detail::check_generator_vertex_count<VertexT>(n, "tree");
  check_tree_count(n, trees);
  detail::Timer timer;
  const TreeLayout layout(shape, n, trees, seed);
  const std::int64_t m = layout.num_edges();
  EdgeList<VertexT> edges =
      detail::allocate_generated_edges<VertexT>(n, static_cast<std::uint64_t>(m), "tree edges");
  VertexT* sources = edges.sources.data();
  VertexT* targets = edges.targets.data();
#pragma omp parallel for schedule(static)
  for (std::int64_t e = 0; e < m; ++e) {
    const EdgeEndpoints edge = layout.edge(e);
    sources[e] = static_cast<VertexT>(edge.source);
    targets[e] = static_cast<VertexT>(edge.target);
  }
  detail::logger().debug("{} forest: {} vertices, {} trees, seed {} in {:.3f} s", to_string(shape),
                         n, trees, seed, timer.seconds());
  return edges;
}

template <typename VertexT>
EdgeList<VertexT> generate_tree(TreeShape shape, std::int64_t n, std::uint64_t seed) {
  return generate_forest<VertexT>(shape, n, n > 0 ? 1 : 0, seed);
}

std::int64_t tree_root(std::int64_t n, std::uint64_t seed) {
  check_tree_count(n, n > 0 ? 1 : 0);
  if (n == 0) return -1;
  return TreeLayout(TreeShape::RandomRecursive, n, 1, seed).root(0);
}

std::vector<std::int64_t> forest_roots(std::int64_t n, std::int64_t trees, std::uint64_t seed) {
  check_tree_count(n, trees);
  const TreeLayout layout(TreeShape::RandomRecursive, n, trees, seed);
  std::vector<std::int64_t> roots(static_cast<std::size_t>(trees));
  for (std::int64_t t = 0; t < trees; ++t) roots[static_cast<std::size_t>(t)] = layout.root(t);
  return roots;
}

template EdgeList<std::int32_t> generate_tree(TreeShape, std::int64_t, std::uint64_t);
template EdgeList<std::int64_t> generate_tree(TreeShape, std::int64_t, std::uint64_t);
template EdgeList<std::int32_t> generate_forest(TreeShape, std::int64_t, std::int64_t,
                                                std::uint64_t);
template EdgeList<std::int64_t> generate_forest(TreeShape, std::int64_t, std::int64_t,
                                                std::uint64_t);

}  // namespace frontier::io
