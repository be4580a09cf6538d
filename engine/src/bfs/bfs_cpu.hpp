// bfs_cpu.hpp — entry point of the OpenMP BFS backend (internal; reached through frontier::bfs).
#pragma once

#include <span>

#include "frontier/bfs.hpp"

namespace frontier::cpu {

/// Direction-optimizing BFS from distinct `sources`. Arguments are already checked by
/// frontier::bfs().
template <typename VertexT, typename EdgeT>
BfsResult<VertexT> bfs(const CsrGraph<VertexT, EdgeT>& graph, std::span<const VertexT> sources,
                       const BfsOptions& options);

}  // namespace frontier::cpu
