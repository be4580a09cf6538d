/// @file generate_uniform.hpp
/// @brief Uniform random multigraphs G(n, M) on the host, in parallel (OpenMP); edge i is that
/// of frontier/generators/uniform.hpp, so slices are independent and thread-count free.
#pragma once

#include <cstdint>

#include "frontier/edge_list.hpp"
#include "frontier/generators/uniform.hpp"
#include "frontier/io/generate_kronecker.hpp"

namespace frontier::io {

/// Edges [first_edge, first_edge + count) of G(n, M) (count = kAllEdges: to the end) as
/// undirected raw tuples (self loops and duplicates kept) on params.num_vertices vertices.
/// @throws InvalidArgument for a negative n or M, M > 0 with n == 0, n beyond VertexT, or a
/// slice past the end; OutOfMemory if the arrays cannot be allocated.
template <typename VertexT>
EdgeList<VertexT> generate_uniform(const UniformParams& params, std::uint64_t first_edge = 0,
                                   std::uint64_t count = kAllEdges);

extern template EdgeList<std::int32_t> generate_uniform(const UniformParams&, std::uint64_t,
                                                        std::uint64_t);
extern template EdgeList<std::int64_t> generate_uniform(const UniformParams&, std::uint64_t,
                                                        std::uint64_t);

}  // namespace frontier::io
