/// @file bfs/distributed/cuda/cuda_ranks.hpp
/// @brief The GPU backend of the distributed BFS behind a plain host interface: one rank per
/// GPU, each with its slice resident in device memory and its own stream, bins moved by NCCL or
/// read in place through peer memory (internal; no CUDA or NCCL headers here).
#pragma once

#include <memory>
#include <span>
#include <vector>

#include "bfs/distributed/level_loop.hpp"
#include "bfs/distributed/rank_search.hpp"
#include "frontier/distributed_bfs.hpp"
#include "frontier/distribution/rank_graph.hpp"

namespace frontier::distributed {

/// Every local rank of this process on its GPU, each with its own exchange.
template <typename VertexT, typename EdgeT>
class CudaRankGroup {
 public:
  virtual ~CudaRankGroup() = default;
  virtual std::span<RankSearch<VertexT>* const> ranks() = 0;
  /// Peer or Nccl.
  virtual GpuTransport transport() const = 0;
  /// One search: the level loop over each local rank and its exchange, every rank from its own
  /// host thread when there are several. If a rank fails, the others give up, the group's
  /// communicators are aborted and every later run() throws.
  /// @throws CudaError / NcclError / Error.
  virtual LevelLoopResult run(VertexT source, const LevelLoopConfig& config) = 0;
};

/// One process drives slices.size() GPUs (gpu_ids[i] holds slices[i]) through `transport`
/// (Auto: Peer where every pair of the GPUs has peer access, else Nccl, whose communicators come
/// from ncclCommInitAll). Checks every GPU's free memory before allocating.
/// @throws CudaError / NcclError / OutOfMemory; CudaError naming the missing piece in a build
///         without CUDA or NCCL, or the pair of GPUs without peer access when Peer is asked for.
template <typename VertexT, typename EdgeT>
std::unique_ptr<CudaRankGroup<VertexT, EdgeT>> make_cuda_rank_group(
    std::span<const RankGraph<VertexT, EdgeT>> slices, std::span<const int> gpu_ids,
    GpuTransport transport);

/// One process of a multi-process run drives one GPU (process.gpu) holding its own slice; the
/// communicator comes from ncclCommInitRank(ranks, process.id, slice.rank).
template <typename VertexT, typename EdgeT>
std::unique_ptr<CudaRankGroup<VertexT, EdgeT>> make_cuda_process_rank(
    const RankGraph<VertexT, EdgeT>& slice, const ProcessRank& process);

/// ncclGetUniqueId's bytes. @throws CudaError without NCCL.
NcclUniqueId nccl_unique_id();

}  // namespace frontier::distributed
