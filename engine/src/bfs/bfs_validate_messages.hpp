/// @file bfs_validate_messages.hpp
/// @brief The words of every BFS validation failure, shared by the host validator
/// (bfs_validate.cpp) and the GPU one (cuda/bfs_validate_cuda.cu), so that both name the same
/// failure the same way. Each validator finds the smallest offending vertex or arc of a rule and
/// passes the values the message quotes; the order in which rules are checked and reported is
/// the validators' (see bfs_validate.cpp's file comment).
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <string>

#include "frontier/bfs_validate.hpp"

namespace frontier::detail {

/// What a search for the smallest offending id returns when nothing offends.
inline constexpr std::int64_t kNoValidationFailure = std::numeric_limits<std::int64_t>::max();

/// Appends `text` to result.failure, "; "-separated from an earlier failure.
void add_validation_failure(BfsValidation& result, const std::string& text);

/// How messages name the roots: "the source" for one, "a source" for several.
std::string validation_root_name(std::size_t source_count);

/// Sources, parent array and depth array that fit a graph of `n` vertices.
/// @throws InvalidArgument if `sources` is empty, holds a vertex out of range or one twice
///         (naming the first repeat), or an array's size is not n (an empty depth array is
///         allowed).
template <typename VertexT>
void check_validation_arguments(std::int64_t n, std::span<const VertexT> sources,
                                std::size_t parent_size, std::size_t depth_size);

/// Rule 1: parent[v] == p is neither -1 nor a vertex id.
std::string parent_out_of_range_failure(std::int64_t v, std::int64_t p, std::int64_t n);
/// Rule 1: a source whose parent is not itself.
std::string source_not_own_parent_failure(std::int64_t source, std::int64_t p);
/// Rule 1: `start` has a parent but the walk down from the sources does not reach it. Follows at
/// most n parent links from `start` and names the chain's end or the cycle it falls into.
template <typename VertexT>
std::string detached_vertex_failure(std::span<const VertexT> parent, VertexT start,
                                    const std::string& root);
/// The depth array at v disagrees with the parent array (-1 exactly when unreached, 0 at a
/// source, never below -1).
std::string depth_inconsistent_failure(std::int64_t v, std::int64_t p, std::int32_t depth,
                                       bool is_source, const std::string& root);
/// Rule 2: the tree edge p -> v joins depths that do not differ by one.
std::string tree_edge_levels_failure(std::int64_t p, std::int64_t v, std::int32_t depth_p,
                                     std::int32_t depth_v);
/// Rule 5: no arc p -> v for v's parent p.
std::string parent_not_adjacent_failure(std::int64_t v, std::int64_t p);
/// Rule 4: the arc u -> v joins a reached and an unreached vertex (`unreached`).
std::string arc_leaves_tree_failure(std::int64_t u, std::int64_t v, std::int64_t unreached,
                                    const std::string& root);
/// Rule 3: the arc u -> v joins levels too far apart.
std::string arc_levels_failure(std::int64_t u, std::int64_t v, std::int32_t level_u,
                               std::int32_t level_v, bool directed);

}  // namespace frontier::detail
