// graph500_roots.hpp — the one root sampler of every Graph500 run (graph500_roots.cpp): the
// degrees come from wherever the graph lives (a host CSR, the slices of ranks in this process,
// or the owners of an MPI job, asked once per round of candidates).
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "frontier/csr_graph.hpp"
#include "frontier/types.hpp"

namespace frontier::runs {

/// Sets has_edges[i] to 1 when candidates[i] has degree >= 1, else 0.
template <typename VertexT>
using HasEdges =
    std::function<void(std::span<const VertexT> candidates, std::span<unsigned char> has_edges)>;

/// HasEdges for a graph held whole on the host.
void mark_vertices_with_edges(const Graph& graph, std::span<const VertexId> candidates,
                              std::span<unsigned char> has_edges);

/// Up to `count` distinct vertices of degree >= 1 among `num_vertices`, drawn as
/// choose_graph500_roots() draws them; `has_edges` is asked about rounds of candidates, in draw
/// order. The draws do not depend on VertexT (std::int32_t or std::int64_t), so a seed names the
/// same roots at either id width. @throws InvalidArgument if count < 1.
template <typename VertexT>
std::vector<VertexT> draw_graph500_roots(std::int64_t num_vertices, int count, std::uint64_t seed,
                                         const HasEdges<VertexT>& has_edges);

}  // namespace frontier::runs
