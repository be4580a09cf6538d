/// @file generate_tree.hpp
/// @brief Random trees and forests for Euler-tour operations, generated in parallel (OpenMP)
/// from frontier/generators/tree.hpp. Each edge is (parent, child); the list is undirected
/// (directed = false) with n - trees edges.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "frontier/edge_list.hpp"
#include "frontier/generators/tree.hpp"

namespace frontier::io {

/// One tree on n vertices (n - 1 edges; none for n <= 1), labels randomly permuted.
/// Its root is tree_root(n, seed).
/// @throws InvalidArgument for n < 0 or n beyond VertexT; OutOfMemory if arrays do not fit.
template <typename VertexT>
EdgeList<VertexT> generate_tree(TreeShape shape, std::int64_t n, std::uint64_t seed);

/// `trees` disjoint trees of the given shape covering n vertices (n - trees edges), sizes as
/// equal as possible. Roots: forest_roots(n, trees, seed).
/// @throws InvalidArgument as generate_tree(), or unless 1 <= trees <= n (0 trees for n == 0).
template <typename VertexT>
EdgeList<VertexT> generate_forest(TreeShape shape, std::int64_t n, std::int64_t trees,
                                  std::uint64_t seed);

/// Root of generate_tree(shape, n, seed) for any shape; -1 for n == 0.
std::int64_t tree_root(std::int64_t n, std::uint64_t seed);

/// Roots of generate_forest(shape, n, trees, seed), tree by tree (any shape).
/// @throws InvalidArgument unless 1 <= trees <= n (0 trees for n == 0).
std::vector<std::int64_t> forest_roots(std::int64_t n, std::int64_t trees, std::uint64_t seed);

extern template EdgeList<std::int32_t> generate_tree(TreeShape, std::int64_t, std::uint64_t);
extern template EdgeList<std::int64_t> generate_tree(TreeShape, std::int64_t, std::uint64_t);
extern template EdgeList<std::int32_t> generate_forest(TreeShape, std::int64_t, std::int64_t,
                                                       std::uint64_t);
extern template EdgeList<std::int64_t> generate_forest(TreeShape, std::int64_t, std::int64_t,
                                                       std::uint64_t);

}  // namespace frontier::io
