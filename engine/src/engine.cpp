// engine.cpp — Engine: a resident graph plus the device its queries run on (see engine.hpp).
#include "frontier/engine.hpp"

#include <mutex>
#include <utility>

#include "bfs/bfs_dispatch.hpp"
#include "bfs_cuda/bfs_cuda.hpp"
#include "frontier/detail/log.hpp"
#include "frontier/errors.hpp"

namespace frontier {
namespace detail {

/// What an Engine keeps on its GPU: the BFS runner (graph, reverse graph and every search
/// buffer), used by one search at a time.
struct EngineResidentState {
  std::mutex mutex;
  cuda::BfsRunner<VertexId, EdgeId> bfs_runner;

  EngineResidentState(const Graph& graph, int device_id) : bfs_runner(graph, device_id) {}
};

}  // namespace detail

Engine::Engine(Graph graph, Device device)
    : graph_(std::make_shared<const Graph>(std::move(graph))), device_(std::move(device)) {
  if (device_.is_cuda() && device_.cuda_ids.empty()) {
    throw InvalidArgument("a CUDA engine needs at least one GPU id");
  }
  graph_->check_invariants();
  if (device_.is_cuda()) {
    resident_ = std::make_shared<detail::EngineResidentState>(*graph_, single_gpu_id(device_));
  } else if (graph_->directed()) {
    graph_->reverse();
  }
  detail::logger().debug("engine: graph with {} vertices and {} arcs resident on the {}",
                         graph_->num_vertices(), graph_->num_edges(),
                         device_.is_cuda() ? "GPU" : "CPU");
}

BfsResult<VertexId> Engine::bfs(VertexId source, const BfsOptions& options) const {
  BfsOptions on_device = options;
  on_device.device = device_;
  if (!resident_) return frontier::bfs(*graph_, source, on_device);
  detail::check_bfs_arguments(*graph_, source, on_device);
  const std::lock_guard<std::mutex> lock(resident_->mutex);
  return resident_->bfs_runner.run(source, to_cuda_options(on_device));
}

}  // namespace frontier
