// The GPU backend of the distributed BFS in a build without CUDA or without NCCL: asking for it
// is a clear CudaError naming what is missing.
#if !FRONTIER_HAVE_CUDA || !FRONTIER_HAVE_NCCL

#include <cstdint>

#include "bfs_distributed/cuda_ranks.hpp"
#include "bfs_distributed/exchange_latency.hpp"
#include "frontier/errors.hpp"

namespace frontier::distributed {

template <typename VertexT, typename EdgeT>
std::unique_ptr<CudaRankGroup<VertexT, EdgeT>> make_cuda_rank_group(
    std::span<const partition::RankGraph<VertexT, EdgeT>>, std::span<const int>, GpuTransport) {
#if !FRONTIER_HAVE_CUDA
  throw CudaError("this build of frontier has no CUDA backend (nvcc was not found at build time)");
#else
  throw CudaError(
      "this build of frontier has no multi-GPU backend (NCCL was not found at build "
      "time)");
#endif
}

template <typename VertexT, typename EdgeT>
std::unique_ptr<CudaRankGroup<VertexT, EdgeT>> make_cuda_process_rank(
    const partition::RankGraph<VertexT, EdgeT>&, const ProcessRank&) {
  return make_cuda_rank_group<VertexT, EdgeT>({}, {}, GpuTransport::Auto);
}

NcclUniqueId nccl_unique_id() {
  make_cuda_rank_group<std::int32_t, std::int64_t>({}, {}, GpuTransport::Auto);
  return {};
}

ExchangeLatency measure_exchange_latency(int, int, int, GpuTransport) {
  make_cuda_rank_group<std::int32_t, std::int64_t>({}, {}, GpuTransport::Auto);
  return {};
}

template std::unique_ptr<CudaRankGroup<std::int32_t, std::int64_t>> make_cuda_process_rank(
    const partition::RankGraph<std::int32_t, std::int64_t>&, const ProcessRank&);
template std::unique_ptr<CudaRankGroup<std::int64_t, std::int64_t>> make_cuda_process_rank(
    const partition::RankGraph<std::int64_t, std::int64_t>&, const ProcessRank&);
template std::unique_ptr<CudaRankGroup<std::int32_t, std::int64_t>> make_cuda_rank_group(
    std::span<const partition::RankGraph<std::int32_t, std::int64_t>>, std::span<const int>,
    GpuTransport);
template std::unique_ptr<CudaRankGroup<std::int64_t, std::int64_t>> make_cuda_rank_group(
    std::span<const partition::RankGraph<std::int64_t, std::int64_t>>, std::span<const int>,
    GpuTransport);

}  // namespace frontier::distributed

#endif
