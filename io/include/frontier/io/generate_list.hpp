/// @file generate_list.hpp
/// @brief Successor arrays for list ranking, generated in parallel (OpenMP) from the pure
/// functions of frontier/generators/list.hpp: random, ordered and stride lists, and forests of
/// several lists. succ[v] is v's successor, -1 at a tail.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "frontier/generators/list.hpp"

namespace frontier::io {

/// One list through all n nodes (see ListKind). For n > 1 its head is not node 0.
/// `stride` is used by ListKind::Stride only.
/// @throws InvalidArgument for n < 0, n beyond VertexT, stride < 1, or a Stride list with
/// n >= 2^32; OutOfMemory if the array cannot be allocated.
template <typename VertexT>
std::vector<VertexT> generate_list(ListKind kind, std::int64_t n, std::uint64_t seed,
                                   std::int64_t stride = 1);

/// `lists` disjoint lists covering all n nodes: the list generate_list() makes, cut at
/// lists - 1 random positions (lengths vary). lists == 1 gives exactly generate_list().
/// @throws InvalidArgument as generate_list(), or unless 1 <= lists <= n (0 lists for n == 0).
template <typename VertexT>
std::vector<VertexT> generate_list_forest(ListKind kind, std::int64_t n, std::int64_t lists,
                                          std::uint64_t seed, std::int64_t stride = 1);

/// The head of generate_list(kind, n, seed, stride) without making the list; -1 for n == 0.
/// @throws InvalidArgument as generate_list().
std::int64_t list_head(ListKind kind, std::int64_t n, std::uint64_t seed, std::int64_t stride = 1);

extern template std::vector<std::int32_t> generate_list(ListKind, std::int64_t, std::uint64_t,
                                                        std::int64_t);
extern template std::vector<std::int64_t> generate_list(ListKind, std::int64_t, std::uint64_t,
                                                        std::int64_t);
extern template std::vector<std::int32_t> generate_list_forest(ListKind, std::int64_t, std::int64_t,
                                                               std::uint64_t, std::int64_t);
extern template std::vector<std::int64_t> generate_list_forest(ListKind, std::int64_t, std::int64_t,
                                                               std::uint64_t, std::int64_t);

}  // namespace frontier::io
