// bfs.cpp — frontier::bfs(): checks the arguments once and dispatches to a backend.
// The CPU backend is bfs_cpu.cpp; the CUDA backend is not part of this build yet.
#include "frontier/bfs.hpp"

#include <string>

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

}  // namespace

template <typename VertexT, typename EdgeT>
BfsResult<VertexT> bfs(const CsrGraph<VertexT, EdgeT>& graph, VertexT source,
                       const BfsOptions& options) {
  check_bfs_arguments(graph, source, options);
  if (options.device.is_cuda()) {
    throw Error("the CUDA BFS backend is not available yet; run BFS on the CPU (Device::cpu())");
  }
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
