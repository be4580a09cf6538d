// bfs.cpp — frontier::bfs(): checks the arguments once and dispatches to a backend.
// The CPU backend is bfs_cpu.cpp; the CUDA backend is bfs_cuda/ (a BfsRunner per call; in a
// build without CUDA its constructor throws CudaError).
#include "frontier/bfs.hpp"

#include <string>

#include "../bfs_cuda/bfs_cuda.hpp"
#include "bfs_cpu.hpp"
#include "frontier/errors.hpp"

namespace frontier {
namespace {

template <typename VertexT, typename EdgeT>
void check_bfs_arguments(const CsrGraph<VertexT, EdgeT>& graph, VertexT source,
                         const BfsOptions& options) {
  if (graph.num_vertices() == 0) {
    throw InvalidArgument("BFS needs a graph with at least one vertex; this graph is empty");
  }
  if (source < 0 || source >= graph.num_vertices()) {
    throw InvalidArgument("BFS source " + std::to_string(source) + " is out of range [0, " +
                          std::to_string(graph.num_vertices()) + ")");
  }
  check_bfs_options(options);
}

template <typename VertexT, typename EdgeT>
BfsResult<VertexT> cuda_bfs(const CsrGraph<VertexT, EdgeT>& graph, VertexT source,
                            const BfsOptions& options) {
  if (options.device.cuda_ids.size() > 1) {
    throw InvalidArgument("BFS runs on one GPU; " + std::to_string(options.device.cuda_ids.size()) +
                          " GPU ids were given");
  }
  const int device_id = options.device.cuda_ids.empty() ? 0 : options.device.cuda_ids.front();
  cuda::BfsCudaOptions cuda_options;
  cuda_options.predecessors = options.predecessors;
  cuda_options.alpha = options.alpha;
  cuda_options.beta = options.beta;
  switch (options.strategy) {
    case BfsStrategy::DirectionOptimizing:
      cuda_options.strategy = cuda::BfsCudaStrategy::DirectionOptimizing;
      break;
    case BfsStrategy::TopDown:
      cuda_options.strategy = cuda::BfsCudaStrategy::Hybrid;
      break;
    case BfsStrategy::BottomUp:
      cuda_options.strategy = cuda::BfsCudaStrategy::BottomUp;
      break;
  }
  cuda::BfsRunner<VertexT, EdgeT> runner(graph, device_id);
  return runner.run(source, cuda_options);
}

}  // namespace

void check_bfs_options(const BfsOptions& options) {
  if (options.threads < 0) {
    throw InvalidArgument("BFS thread count " + std::to_string(options.threads) +
                          " is negative (use 0 for all threads)");
  }
  if (options.alpha < 1) {
    throw InvalidArgument("BFS alpha " + std::to_string(options.alpha) + " must be at least 1");
  }
  if (options.beta < 1) {
    throw InvalidArgument("BFS beta " + std::to_string(options.beta) + " must be at least 1");
  }
}

template <typename VertexT, typename EdgeT>
BfsResult<VertexT> bfs(const CsrGraph<VertexT, EdgeT>& graph, VertexT source,
                       const BfsOptions& options) {
  check_bfs_arguments(graph, source, options);
  if (options.device.is_cuda()) return cuda_bfs(graph, source, options);
  return cpu::bfs(graph, source, options);
}

const char* strategy_name(BfsStrategy strategy) {
  switch (strategy) {
    case BfsStrategy::DirectionOptimizing:
      return "direction-optimizing";
    case BfsStrategy::TopDown:
      return "top-down";
    case BfsStrategy::BottomUp:
      return "bottom-up";
  }
  return "unknown";
}

BfsStrategy parse_bfs_strategy(std::string_view name) {
  if (name == "do" || name == "direction-optimizing" || name == "auto") {
    return BfsStrategy::DirectionOptimizing;
  }
  if (name == "top-down" || name == "td") return BfsStrategy::TopDown;
  if (name == "bottom-up" || name == "bu") return BfsStrategy::BottomUp;
  throw InvalidArgument("unknown BFS strategy '" + std::string(name) +
                        "' (expected direction-optimizing, top-down or bottom-up)");
}

const char* direction_name(BfsDirection direction) {
  return direction == BfsDirection::TopDown ? "top-down" : "bottom-up";
}

template BfsResult<std::int32_t> bfs(const CsrGraph<std::int32_t, std::int64_t>&, std::int32_t,
                                     const BfsOptions&);
template BfsResult<std::int64_t> bfs(const CsrGraph<std::int64_t, std::int64_t>&, std::int64_t,
                                     const BfsOptions&);

}  // namespace frontier
