/// @file bfs/distributed/cuda/rank_validate.cuh
/// @brief The Graph500 rules of validate_distributed_bfs() checked for one GPU rank against its
/// resident slice, so that a run whose slices were built on the GPUs (rank_slice_build.cuh) is
/// validated without any slice on the host. The global parent and depth arrays go up to the
/// rank's GPU, one thread per owned vertex checks rules 1-5 over its out-arcs (undirected slices:
/// rule 5 finds the parent among the vertex's own arcs), and the smallest failing local index
/// wins, as on the host; that one vertex's arcs come back and the host words the failure with
/// the same function the host validator uses (vertex_rules.hpp), so both say the same thing.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "bfs/distributed/cuda/cuda_rank_search.cuh"
#include "bfs/distributed/vertex_rules.hpp"

namespace frontier::distributed {

/// Checks `rank`'s vertices and arcs (an undirected slice) against the global `parent` and
/// `depth` arrays of a search from `source`.
/// @throws InvalidArgument for a directed slice or arrays that are not num_vertices long;
/// OutOfMemory if the two arrays do not fit the rank's GPU; CudaError if a CUDA call fails.
template <typename VertexT, typename EdgeT>
RankCheck check_rank_on_device(const CudaRankSearch<VertexT, EdgeT>& rank, bool directed,
                               VertexT source, std::span<const VertexT> parent,
                               std::span<const std::int32_t> depth);

}  // namespace frontier::distributed
