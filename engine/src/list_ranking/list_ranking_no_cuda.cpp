// The CPU-only build's definitions of the CUDA list ranking entry points
// (list_ranking_cuda.hpp, list_ranking_bench_support.hpp): each throws CudaError, so code that
// names them links everywhere and fails clearly where no CUDA backend was built.
#include "frontier/errors.hpp"
#include "list_ranking_bench_support.hpp"
#include "list_ranking_cuda.hpp"

#if !FRONTIER_HAVE_CUDA
namespace frontier::cuda {
namespace {

[[noreturn]] void no_cuda() {
  throw CudaError(
      "list ranking on the GPU: this build of frontier has no CUDA backend (nvcc was "
      "not found at build time)");
}

}  // namespace

template <typename VertexT, typename ValueT>
ListRankingStats list_prefix_device(const VertexT*, const ValueT*, ValueT*, std::int64_t, ListOp,
                                    std::uint64_t, void*, ListRankingAlgorithm, std::int64_t,
                                    std::int64_t) {
  no_cuda();
}

template <typename VertexT>
ListRankingStats list_rank_device(const VertexT*, VertexT*, std::int64_t, std::uint64_t, void*,
                                  ListRankingAlgorithm) {
  no_cuda();
}

#define FRONTIER_INSTANTIATE_NO_CUDA_LIST_PREFIX(VertexT, ValueT)                         \
  template ListRankingStats list_prefix_device<VertexT, ValueT>(                          \
      const VertexT*, const ValueT*, ValueT*, std::int64_t, ListOp, std::uint64_t, void*, \
      ListRankingAlgorithm, std::int64_t, std::int64_t);
FRONTIER_INSTANTIATE_NO_CUDA_LIST_PREFIX(std::int32_t, std::int32_t)
FRONTIER_INSTANTIATE_NO_CUDA_LIST_PREFIX(std::int32_t, std::int64_t)
FRONTIER_INSTANTIATE_NO_CUDA_LIST_PREFIX(std::int32_t, double)
FRONTIER_INSTANTIATE_NO_CUDA_LIST_PREFIX(std::int64_t, std::int32_t)
FRONTIER_INSTANTIATE_NO_CUDA_LIST_PREFIX(std::int64_t, std::int64_t)
FRONTIER_INSTANTIATE_NO_CUDA_LIST_PREFIX(std::int64_t, double)
#undef FRONTIER_INSTANTIATE_NO_CUDA_LIST_PREFIX
template ListRankingStats list_rank_device<std::int32_t>(const std::int32_t*, std::int32_t*,
                                                         std::int64_t, std::uint64_t, void*,
                                                         ListRankingAlgorithm);
template ListRankingStats list_rank_device<std::int64_t>(const std::int64_t*, std::int64_t*,
                                                         std::int64_t, std::uint64_t, void*,
                                                         ListRankingAlgorithm);

template <typename VertexT, typename ValueT>
ResidentTiming time_list_prefix_resident(std::span<const VertexT>, std::span<const ValueT>, ListOp,
                                         std::span<ValueT>, ListRankingAlgorithm, int,
                                         std::uint64_t, std::int64_t) {
  no_cuda();
}

template <typename VertexT>
double time_pointer_chase(std::span<const VertexT>, VertexT, std::int64_t, int) {
  no_cuda();
}

double time_device_allocation(std::uint64_t, int) { no_cuda(); }

template ResidentTiming time_list_prefix_resident<std::int32_t, std::int32_t>(
    std::span<const std::int32_t>, std::span<const std::int32_t>, ListOp, std::span<std::int32_t>,
    ListRankingAlgorithm, int, std::uint64_t, std::int64_t);
template ResidentTiming time_list_prefix_resident<std::int64_t, std::int64_t>(
    std::span<const std::int64_t>, std::span<const std::int64_t>, ListOp, std::span<std::int64_t>,
    ListRankingAlgorithm, int, std::uint64_t, std::int64_t);
template double time_pointer_chase<std::int32_t>(std::span<const std::int32_t>, std::int32_t,
                                                 std::int64_t, int);
template double time_pointer_chase<std::int64_t>(std::span<const std::int64_t>, std::int64_t,
                                                 std::int64_t, int);

}  // namespace frontier::cuda
#endif
