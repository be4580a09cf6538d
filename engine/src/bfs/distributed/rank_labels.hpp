/// @file bfs/distributed/rank_labels.hpp
/// @brief One rank's labels into the global depth and parent arrays (internal, plain host C++),
/// taking the rank's visited bitmap as the authority: a GPU rank does not reset its depth and
/// parent arrays between searches, so a local vertex whose visited bit is clear was not reached
/// by this search, whatever its depth and parent entries hold.
#pragma once

#include <cstdint>
#include <span>

#include "frontier/distribution/vertex_distribution.hpp"

namespace frontier::distributed {

/// For every local vertex l of `rank`: global(rank, l) gets depth and parent local_depth[l] and
/// local_parent[l] when bit l of `visited` is set (parent kInvalidVertex when `predecessors` is
/// false), else kUnreachedDepth and kInvalidVertex. `parent` may be empty (not written);
/// `local_parent` is read only when `predecessors` and `parent` is not empty.
/// @throws InvalidArgument if the local arrays are shorter than the rank's local count or the
/// bitmap has fewer than (local count + 31) / 32 words.
template <typename VertexT>
void scatter_rank_labels(const VertexDistribution<VertexT>& distribution, int rank,
                         std::span<const std::uint32_t> visited,
                         std::span<const std::int32_t> local_depth,
                         std::span<const VertexT> local_parent, bool predecessors,
                         std::span<std::int32_t> depth, std::span<VertexT> parent);

}  // namespace frontier::distributed
