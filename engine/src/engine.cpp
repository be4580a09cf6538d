// engine.cpp — Engine: a resident graph plus the device its queries run on (see engine.hpp).
#include "frontier/engine.hpp"

#include <utility>

#include "frontier/detail/log.hpp"
#include "frontier/errors.hpp"

namespace frontier {

Engine::Engine(Graph graph, Device device)
    : graph_(std::make_shared<const Graph>(std::move(graph))), device_(std::move(device)) {
  if (device_.is_cuda() && device_.cuda_ids.empty()) {
    throw InvalidArgument("a CUDA engine needs at least one GPU id");
  }
  graph_->check_invariants();
  if (!device_.is_cuda() && graph_->directed()) graph_->reverse();
  detail::logger().debug("engine: graph with {} vertices and {} arcs resident on the {}",
                         graph_->num_vertices(), graph_->num_edges(),
                         device_.is_cuda() ? "GPU" : "CPU");
}

BfsResult<VertexId> Engine::bfs(VertexId source, const BfsOptions& options) const {
  BfsOptions on_device = options;
  on_device.device = device_;
  return frontier::bfs(*graph_, source, on_device);
}

}  // namespace frontier
