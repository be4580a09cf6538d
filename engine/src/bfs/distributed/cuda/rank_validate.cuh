/// @file bfs/distributed/cuda/rank_validate.cuh
/// @brief The Graph500 rules of validate_distributed_bfs() checked on the GPU ranks against
/// their resident slices, so that a run whose slices were built on the GPUs (rank_slice_build.cuh)
/// is validated without any slice on the host. One thread per owned vertex checks rules 1 and 2
/// and, for a vertex of a few hundred arcs at most, rules 3-5 over its out-arcs (undirected
/// slices: rule 5 finds the parent among the vertex's own arcs); a heavier vertex's arcs are
/// queued in chunks that whole blocks check, so that no thread walks a hub alone. The smallest
/// failing local index wins, as on the host. Two ways in:
///  - check_rank_on_device: global parent and depth arrays on the host go up to the rank's GPU;
///    a failure's vertex and arcs come back and the host words it with the function the host
///    validator uses (vertex_rules.hpp), so both say the same thing;
///  - check_ranks_in_place (every rank in this process) and check_process_rank_in_place (one
///    rank of a multi-process run): the last search's labels never leave the GPUs. Each GPU
///    assembles the global depths from every rank's local depths and visited bitmap (copied
///    between the GPUs, or all-gathered over the communicator, rank-major) and reads its own
///    parents where the search wrote them; only counts come back, and, where a rule is broken,
///    the labels the wording needs.
#pragma once

#include <nccl.h>

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "bfs/distributed/cuda/cuda_rank_search.cuh"
#include "bfs/distributed/vertex_rules.hpp"
#include "cuda/device_buffer.cuh"

namespace frontier::distributed {

/// Checks `rank`'s vertices and arcs (an undirected slice) against the global `parent` and
/// `depth` arrays of a search from `source`.
/// @throws InvalidArgument for a directed slice or arrays that are not num_vertices long;
/// OutOfMemory if the two arrays do not fit the rank's GPU; CudaError if a CUDA call fails.
template <typename VertexT, typename EdgeT>
RankCheck check_rank_on_device(const CudaRankSearch<VertexT, EdgeT>& rank, bool directed,
                               VertexT source, std::span<const VertexT> parent,
                               std::span<const std::int32_t> depth);

/// One GPU's buffers for check_ranks_in_place: the global depths (num_vertices), another rank's
/// local depths and visited bitmap as they arrive (then the heavy vertices' queue and rule-5
/// bits), and the result words. Allocated by the first check and kept for the next searches'
/// (4 bytes a vertex and 4 a local vertex).
struct InPlaceCheckBuffers {
  cuda::DeviceBuffer<std::int32_t> depth;
  cuda::DeviceBuffer<std::int32_t> peer_depth;
  cuda::DeviceBuffer<std::uint32_t> peer_visited;
  cuda::DeviceBuffer<unsigned long long> results;
};

/// Device bytes check_ranks_in_place allocates on each GPU of `distribution`'s ranks.
template <typename VertexT>
std::uint64_t in_place_check_bytes(const VertexDistribution<VertexT>& distribution);

/// Checks the last search of every rank of the run (`ranks`, all of them in this process, in
/// rank order, undirected slices, predecessors kept) from `source` where its labels lie; every
/// GPU works at once. `buffers` holds one entry per rank, allocated here on first use.
/// @throws InvalidArgument if `ranks` is not every rank of its distribution or the search kept
/// no parents; OutOfMemory (before allocating) if the buffers do not fit a GPU; CudaError.
template <typename VertexT, typename EdgeT>
InPlaceCheck check_ranks_in_place(
    std::span<const std::unique_ptr<CudaRankSearch<VertexT, EdgeT>>> ranks, VertexT source,
    std::vector<InPlaceCheckBuffers>& buffers);

/// The same for one rank of a multi-process run (every process calls it, for the same search):
/// the depths all-gathered over `comm`, rank-major, into `buffers` (allocated on first use); the
/// verdict is this rank's alone (its vertices' rules, its counts).
/// @throws InvalidArgument if the search kept no parents; OutOfMemory; CudaError; NcclError.
template <typename VertexT, typename EdgeT>
InPlaceCheck check_process_rank_in_place(const CudaRankSearch<VertexT, EdgeT>& rank,
                                         ncclComm_t comm, VertexT source,
                                         InPlaceCheckBuffers& buffers);

}  // namespace frontier::distributed
