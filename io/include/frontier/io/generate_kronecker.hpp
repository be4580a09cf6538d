/// @file generate_kronecker.hpp
/// @brief Graph500 Kronecker edge lists on the host, in parallel (OpenMP). The edges are those
/// of frontier/generators/kronecker.hpp: edge i depends only on (params, i), so any slice of the
/// list can be generated on its own (by another thread, rank or GPU) and equals that slice of
/// the whole list, whatever the thread count.
#pragma once

#include <cstdint>

#include "frontier/edge_list.hpp"
#include "frontier/generators/kronecker.hpp"

namespace frontier::io {

/// Edges [first_edge, first_edge + count) of the Kronecker graph (count = kAllEdges: to the
/// end), as undirected raw tuples (self loops and duplicates kept) on 2^scale vertices.
/// @throws InvalidArgument as frontier::kronecker_slice_length() (bad params, a slice past the
/// end, 2^scale vertices that do not fit VertexT); OutOfMemory if the arrays cannot be allocated.
template <typename VertexT>
EdgeList<VertexT> generate_kronecker(const KroneckerParams& params, std::uint64_t first_edge = 0,
                                     std::uint64_t count = kAllEdges);

extern template EdgeList<std::int32_t> generate_kronecker(const KroneckerParams&, std::uint64_t,
                                                          std::uint64_t);
extern template EdgeList<std::int64_t> generate_kronecker(const KroneckerParams&, std::uint64_t,
                                                          std::uint64_t);

}  // namespace frontier::io
