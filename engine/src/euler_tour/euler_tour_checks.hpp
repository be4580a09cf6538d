/// @file euler_tour_checks.hpp
/// @brief Internal: the sequential check that names the first defect of a would-be forest and its
/// roots. The fast parallel checks of both backends only detect that something is wrong; they then
/// call throw_forest_defect() so that every backend reports the same defect in the same words.
#pragma once

#include <optional>
#include <span>
#include <string>

#include "frontier/csr_graph.hpp"

namespace frontier::detail {

/// The first defect in check order, or nothing when `forest` is a forest (symmetric arcs, sorted
/// adjacency, no self loops, no duplicate edges, no cycles) and `roots` is empty or holds exactly
/// one in-range root per tree. Check order: offsets, arc targets, self loops and adjacency order
/// (by arc index), arc symmetry, cycles, roots.
template <typename VertexT, typename EdgeT>
std::optional<std::string> find_forest_defect(const CsrGraph<VertexT, EdgeT>& forest,
                                              std::span<const VertexT> roots);

/// Throws InvalidArgument with find_forest_defect()'s message. When it finds none, the fast check
/// named by `backend` was wrong: throws ValidationError saying so.
template <typename VertexT, typename EdgeT>
[[noreturn]] void throw_forest_defect(const CsrGraph<VertexT, EdgeT>& forest,
                                      std::span<const VertexT> roots, const char* backend);

}  // namespace frontier::detail
