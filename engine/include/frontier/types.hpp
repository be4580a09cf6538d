/// @file types.hpp
/// @brief Vertex and edge index types shared by every part of frontier.
///
/// Vertex ids are signed so that -1 can mean "none" (an unreached vertex's depth and parent).
/// Widths are template parameters of the containers; these aliases are the defaults.
#pragma once

#include <cstdint>
#include <limits>

#if defined(__CUDACC__)
#define FRONTIER_HOST_DEVICE __host__ __device__
#else
#define FRONTIER_HOST_DEVICE
#endif

namespace frontier {

/// Default vertex id: 32-bit, enough for 2^31 - 1 vertices (Graph500 scale 30).
using VertexId = std::int32_t;
/// Default edge offset: 64-bit, since a scale-27 Kronecker graph has more than 2^32 arcs.
using EdgeId = std::int64_t;

/// Marks "no vertex": the parent of an unreached vertex, the tail's successor in a list.
template <typename VertexT>
inline constexpr VertexT kInvalidVertex = static_cast<VertexT>(-1);

/// Depth of a vertex that a search did not reach.
inline constexpr std::int32_t kUnreachedDepth = -1;

}  // namespace frontier
