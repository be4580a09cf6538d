// The one stand-in for the multi-GPU BFS backend in a build without NCCL (CMake compiles it
// instead of the NCCL-dependent .cu files; without nvcc there is no NCCL either): asking for GPU
// ranks is a clear CudaError naming what is missing.
#include <cstdint>

#include "bfs/distributed/cuda/cuda_ranks.hpp"
#include "frontier/device.hpp"
#include "frontier/errors.hpp"

namespace frontier::distributed {
namespace {

[[noreturn]] void no_gpu_ranks() {
  if (!cuda_built()) {
    throw CudaError(
        "this build of frontier has no CUDA backend (nvcc was not found at build time)");
  }
  throw CudaError(
      "this build of frontier has no multi-GPU backend (NCCL was not found at build time)");
}

}  // namespace

template <typename VertexT, typename EdgeT>
std::unique_ptr<CudaRankGroup<VertexT, EdgeT>> make_cuda_rank_group(
    std::span<const RankGraph<VertexT, EdgeT>>, std::span<const int>, GpuTransport) {
  no_gpu_ranks();
}

template <typename VertexT, typename EdgeT>
std::unique_ptr<CudaRankGroup<VertexT, EdgeT>> make_cuda_process_rank(
    const RankGraph<VertexT, EdgeT>&, const ProcessRank&) {
  no_gpu_ranks();
}

template <typename VertexT, typename EdgeT>
std::unique_ptr<CudaRankGroup<VertexT, EdgeT>> make_kronecker_rank_group(const KroneckerParams&,
                                                                         VertexLayout,
                                                                         std::span<const int>,
                                                                         GpuTransport) {
  no_gpu_ranks();
}

template <typename VertexT, typename EdgeT>
std::unique_ptr<CudaRankGroup<VertexT, EdgeT>> make_kronecker_process_rank(const KroneckerParams&,
                                                                           VertexLayout,
                                                                           const ProcessRank&) {
  no_gpu_ranks();
}

NcclUniqueId nccl_unique_id() { no_gpu_ranks(); }

FRONTIER_INSTANTIATE_CUDA_RANK_GROUPS(std::int32_t)
FRONTIER_INSTANTIATE_CUDA_RANK_GROUPS(std::int64_t)

}  // namespace frontier::distributed
