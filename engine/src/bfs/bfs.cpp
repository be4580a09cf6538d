// bfs.cpp — frontier::bfs(): checks the arguments once and dispatches to a backend.
// The CPU backend is bfs_cpu.cpp; the CUDA backend is cuda/ (a BfsRunner per call here; an
// Engine keeps one resident instead; in a build without CUDA its constructor throws CudaError).
#include "frontier/bfs.hpp"

#include <span>
#include <string>
#include <vector>

#include "bfs/bfs_cpu.hpp"
#include "bfs/bfs_dispatch.hpp"
#include "bfs/cuda/bfs_cuda.hpp"
#include "cuda/device_query.hpp"
#include "frontier/errors.hpp"

namespace frontier {
namespace {

template <typename VertexT, typename EdgeT>
BfsResult<VertexT> cuda_bfs(const CsrGraph<VertexT, EdgeT>& graph, std::span<const VertexT> sources,
                            const BfsOptions& options, const Device& device) {
  cuda::BfsRunner<VertexT, EdgeT> runner(graph, single_gpu_id(device));
  return runner.run(sources, to_cuda_options(options));
}

}  // namespace

int single_gpu_id(const Device& device) {
  if (device.cuda_ids.size() > 1) {
    throw InvalidArgument("BFS runs on one GPU; " + std::to_string(device.cuda_ids.size()) +
                          " GPU ids were given");
  }
  const int id = device.cuda_ids.empty() ? 0 : device.cuda_ids.front();
  cuda::require_device(id);
  return id;
}

cuda::BfsCudaOptions to_cuda_options(const BfsOptions& options) {
  cuda::BfsCudaOptions cuda_options;
  cuda_options.predecessors = options.predecessors;
  cuda_options.alpha = bfs_alpha(options, true);
  cuda_options.beta = options.beta;
  cuda_options.depth_limit = options.depth_limit;
  cuda_options.target = options.target;
  switch (options.strategy) {
    case BfsStrategy::DirectionOptimizing:
      cuda_options.strategy = cuda::BfsCudaStrategy::DirectionOptimizing;
      break;
    case BfsStrategy::TopDown:
    case BfsStrategy::Hybrid:
      cuda_options.strategy = cuda::BfsCudaStrategy::Hybrid;
      break;
    case BfsStrategy::TwoPhase:
      cuda_options.strategy = cuda::BfsCudaStrategy::TwoPhase;
      break;
    case BfsStrategy::ContractExpand:
      cuda_options.strategy = cuda::BfsCudaStrategy::ContractExpand;
      break;
    case BfsStrategy::ExpandContract:
      cuda_options.strategy = cuda::BfsCudaStrategy::ExpandContract;
      break;
    case BfsStrategy::BottomUp:
      cuda_options.strategy = cuda::BfsCudaStrategy::BottomUp;
      break;
  }
  return cuda_options;
}

int bfs_alpha(const BfsOptions& options, bool one_gpu) {
  return options.alpha.value_or(one_gpu ? kDefaultGpuBfsAlpha : kDefaultBfsAlpha);
}

void check_bfs_options(const BfsOptions& options) {
  if (options.threads < 0) {
    throw InvalidArgument("BFS thread count " + std::to_string(options.threads) +
                          " is negative (use 0 for all threads)");
  }
  if (options.alpha && *options.alpha < 1) {
    throw InvalidArgument("BFS alpha " + std::to_string(*options.alpha) + " must be at least 1");
  }
  if (options.beta < 1) {
    throw InvalidArgument("BFS beta " + std::to_string(options.beta) + " must be at least 1");
  }
  if (options.depth_limit && *options.depth_limit < 0) {
    throw InvalidArgument("BFS depth limit " + std::to_string(*options.depth_limit) +
                          " is negative (0 labels the sources alone)");
  }
  if (options.target && *options.target < 0) {
    throw InvalidArgument("BFS target " + std::to_string(*options.target) + " is negative");
  }
}

template <typename VertexT, typename EdgeT>
BfsResult<VertexT> bfs(const CsrGraph<VertexT, EdgeT>& graph,
                       std::type_identity_t<std::span<const VertexT>> sources,
                       const BfsOptions& options, const Device& requested) {
  const Device device = resolve_device(requested, static_cast<std::int64_t>(graph.num_arcs()),
                                       is_gpu_only(options.strategy));
  detail::check_bfs_arguments(graph, sources, options, device);
  const std::vector<VertexT> distinct = detail::distinct_sources(sources);
  if (device.is_cuda()) {
    return cuda_bfs(graph, std::span<const VertexT>(distinct), options, device);
  }
  return cpu::bfs(graph, std::span<const VertexT>(distinct), options);
}

template <typename VertexT, typename EdgeT>
BfsResult<VertexT> bfs(const CsrGraph<VertexT, EdgeT>& graph, VertexT source,
                       const BfsOptions& options, const Device& device) {
  return bfs(graph, std::span<const VertexT>(&source, 1), options, device);
}

template BfsResult<std::int32_t> bfs(const CsrGraph<std::int32_t, std::int64_t>&, std::int32_t,
                                     const BfsOptions&, const Device&);
template BfsResult<std::int64_t> bfs(const CsrGraph<std::int64_t, std::int64_t>&, std::int64_t,
                                     const BfsOptions&, const Device&);
template BfsResult<std::int32_t> bfs(const CsrGraph<std::int32_t, std::int64_t>&,
                                     std::span<const std::int32_t>, const BfsOptions&,
                                     const Device&);
template BfsResult<std::int64_t> bfs(const CsrGraph<std::int64_t, std::int64_t>&,
                                     std::span<const std::int64_t>, const BfsOptions&,
                                     const Device&);

}  // namespace frontier
