// List ranking / list prefix: argument checks and dispatch to the CPU (OpenMP) or CUDA backend.
// The algorithms live in list_prefix_generic.hpp (CPU) and list_ranking_cuda.cu (GPU); see
// frontier/list_ranking.hpp for the contract.
#include "frontier/list_ranking.hpp"

#include <string>

#include "cuda/device_query.hpp"
#include "frontier/detail/log.hpp"
#include "frontier/detail/timer.hpp"
#include "frontier/errors.hpp"
#include "list_ranking/list_prefix_generic.hpp"
#include "list_ranking/list_ranking_backends.hpp"

namespace frontier {
namespace {

/// Below this many nodes Auto runs the sequential walk on the CPU: thread start-up would cost
/// more than the walk.
constexpr std::int64_t kCpuSequentialBelow = std::int64_t{1} << 16;

ListRankingAlgorithm resolve(const ListRankingOptions& options, std::int64_t n) {
  if (options.algorithm != ListRankingAlgorithm::Auto) return options.algorithm;
  if (options.device.is_cuda()) return ListRankingAlgorithm::HelmanJaja;
  return n < kCpuSequentialBelow ? ListRankingAlgorithm::Sequential
                                 : ListRankingAlgorithm::HelmanJaja;
}

void check_device(const ListRankingOptions& options, ListRankingAlgorithm algorithm) {
  if (!options.device.is_cuda()) return;
  if (!cuda_built()) {
    throw CudaError(
        "list prefix on the GPU: this build of frontier has no CUDA backend "
        "(nvcc was not found at build time)");
  }
  if (options.device.cuda_ids.size() > 1) {
    throw InvalidArgument("list prefix runs on one GPU; " +
                          std::to_string(options.device.cuda_ids.size()) + " were given");
  }
  const int id = options.device.cuda_ids.empty() ? 0 : options.device.cuda_ids.front();
  cuda::require_device(id);
  if (algorithm == ListRankingAlgorithm::Sequential) {
    throw InvalidArgument("list prefix: the Sequential algorithm runs on the CPU only");
  }
}

template <typename VertexT, typename ValueT>
ListRankingStats run(std::span<const VertexT> successor, const ValueT* values, ListOp op,
                     ValueT* prefix, ListRankingOptions options) {
  const detail::Timer timer;
  const std::int64_t n = static_cast<std::int64_t>(successor.size());
  options.device = resolve_device(options.device, n);
  const ListRankingAlgorithm algorithm = resolve(options, n);
  check_device(options, algorithm);
  ListRankingStats stats;
  if (options.device.is_cuda()) {
    stats = cuda::list_prefix_host(successor, values, op, prefix, algorithm, options);
  } else {
    stats =
        cpu::list_prefix(successor, values, op, prefix, algorithm, options.sublists, options.seed);
  }
  stats.algorithm = algorithm;
  stats.seconds = timer.seconds();
  return stats;
}

}  // namespace

template <typename VertexT, typename ValueT>
ListRankingStats list_prefix(std::span<const VertexT> successor, std::span<const ValueT> values,
                             ListOp op, std::span<ValueT> prefix,
                             const ListRankingOptions& options) {
  detail::check_list_sizes<VertexT>(successor.size(), values.size(), prefix.size());
  return run(successor, values.data(), op, prefix.data(), options);
}

template <typename VertexT>
std::vector<VertexT> list_rank(std::span<const VertexT> successor,
                               const ListRankingOptions& options, ListRankingStats* stats) {
  detail::check_list_sizes<VertexT>(successor.size(), successor.size(), successor.size());
  std::vector<VertexT> rank(successor.size());
  // Inclusive prefix counts of unit values, then one less: the head counts 1, rank 0.
  const ListRankingStats run_stats =
      run<VertexT, VertexT>(successor, nullptr, ListOp::Sum, rank.data(), options);
  const std::int64_t n = static_cast<std::int64_t>(rank.size());
#pragma omp parallel for schedule(static)
  for (std::int64_t v = 0; v < n; ++v) rank[v] -= 1;
  if (stats != nullptr) *stats = run_stats;
  return rank;
}

#define FRONTIER_INSTANTIATE_LIST_PREFIX(VertexT, ValueT)                           \
  template ListRankingStats list_prefix<VertexT, ValueT>(                           \
      std::span<const VertexT>, std::span<const ValueT>, ListOp, std::span<ValueT>, \
      const ListRankingOptions&);
FRONTIER_INSTANTIATE_LIST_PREFIX(std::int32_t, std::int32_t)
FRONTIER_INSTANTIATE_LIST_PREFIX(std::int32_t, std::int64_t)
FRONTIER_INSTANTIATE_LIST_PREFIX(std::int32_t, double)
FRONTIER_INSTANTIATE_LIST_PREFIX(std::int64_t, std::int32_t)
FRONTIER_INSTANTIATE_LIST_PREFIX(std::int64_t, std::int64_t)
FRONTIER_INSTANTIATE_LIST_PREFIX(std::int64_t, double)
#undef FRONTIER_INSTANTIATE_LIST_PREFIX

template std::vector<std::int32_t> list_rank<std::int32_t>(std::span<const std::int32_t>,
                                                           const ListRankingOptions&,
                                                           ListRankingStats*);
template std::vector<std::int64_t> list_rank<std::int64_t>(std::span<const std::int64_t>,
                                                           const ListRankingOptions&,
                                                           ListRankingStats*);

}  // namespace frontier
