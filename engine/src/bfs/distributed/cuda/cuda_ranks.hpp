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
#include "bfs/distributed/vertex_rules.hpp"
#include "frontier/distributed_bfs.hpp"
#include "frontier/distribution/rank_graph.hpp"
#include "frontier/generators/kronecker.hpp"

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
  /// Arcs of local rank i's slice (ranks()[i]).
  virtual std::int64_t local_arcs(std::size_t i) const = 0;
  /// Arcs of every rank of the run together (a process of a multi-process run: summed over the
  /// communicator when it was built).
  virtual std::int64_t total_arcs() const = 0;
  /// Out-degree of vertex v, owned by a local rank, read from its GPU.
  virtual std::int64_t degree(VertexT v) const = 0;
  /// The Graph500 rules for local rank i's vertices and arcs (undirected slices), checked on its
  /// GPU (rank_validate.cuh).
  virtual RankCheck check(std::size_t i, VertexT source, std::span<const VertexT> parent,
                          std::span<const std::int32_t> depth) = 0;
  /// The Graph500 rules over the last search's labels where they lie (rank_validate.cuh): every
  /// rank's when this process holds them all, else its own rank's, the depths all-gathered over
  /// the communicator (every process must call it for the same search).
  /// @throws InvalidArgument when the search kept no parents.
  virtual InPlaceCheck check_in_place(VertexT source) = 0;
  /// A host copy of local rank i's slice.
  virtual RankGraph<VertexT, EdgeT> slice_to_host(std::size_t i) const = 0;
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

/// Kernel 1 on the GPUs: every rank r of gpu_ids.size() ranks builds its slice of the Kronecker
/// graph of `params` (laid out by `layout`) on GPU gpu_ids[r] (rank_slice_build.cuh), each GPU
/// at once; the host holds no slice. Every GPU is sized for its rank once the arc counts are
/// known and before its arcs are allocated.
/// @throws InvalidArgument for bad parameters; otherwise as make_cuda_rank_group.
template <typename VertexT, typename EdgeT>
std::unique_ptr<CudaRankGroup<VertexT, EdgeT>> make_kronecker_rank_group(
    const KroneckerParams& params, VertexLayout layout, std::span<const int> gpu_ids,
    GpuTransport transport);

/// One process of a multi-process run builds its own rank's slice of the Kronecker graph on
/// process.gpu; the ranks' arc counts are summed over the communicator.
template <typename VertexT, typename EdgeT>
std::unique_ptr<CudaRankGroup<VertexT, EdgeT>> make_kronecker_process_rank(
    const KroneckerParams& params, VertexLayout layout, const ProcessRank& process);

/// The factories above for vertex ids VertexT and 64-bit offsets, instantiated by the CUDA
/// backend and by its stand-in (no_nccl.cpp) alike.
#define FRONTIER_INSTANTIATE_CUDA_RANK_GROUPS(VertexT)                                        \
  template std::unique_ptr<CudaRankGroup<VertexT, std::int64_t>> make_cuda_rank_group(        \
      std::span<const RankGraph<VertexT, std::int64_t>>, std::span<const int>, GpuTransport); \
  template std::unique_ptr<CudaRankGroup<VertexT, std::int64_t>> make_cuda_process_rank(      \
      const RankGraph<VertexT, std::int64_t>&, const ProcessRank&);                           \
  template std::unique_ptr<CudaRankGroup<VertexT, std::int64_t>> make_kronecker_rank_group(   \
      const KroneckerParams&, VertexLayout, std::span<const int>, GpuTransport);              \
  template std::unique_ptr<CudaRankGroup<VertexT, std::int64_t>> make_kronecker_process_rank( \
      const KroneckerParams&, VertexLayout, const ProcessRank&);

/// ncclGetUniqueId's bytes. @throws CudaError without NCCL.
NcclUniqueId nccl_unique_id();

}  // namespace frontier::distributed
