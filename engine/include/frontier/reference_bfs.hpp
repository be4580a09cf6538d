/// @file reference_bfs.hpp
/// @brief The sequential BFS every backend is held against (the oracle): a FIFO queue, arcs in
/// CSR order, so its depths are exact and its parents are the first discoverer in that order.
#pragma once

#include "frontier/bfs_result.hpp"
#include "frontier/csr_graph.hpp"

namespace frontier {

/// Depths and parents from `source`. @throws InvalidArgument if source is out of range.
template <typename VertexT, typename EdgeT>
BfsResult<VertexT> reference_bfs(const CsrGraph<VertexT, EdgeT>& graph, VertexT source);

}  // namespace frontier
