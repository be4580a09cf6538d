// graph500_gpu_graph.cpp — steps 2 and 3 of a Graph500 run on one GPU (see graph500_graph.hpp).
//
//  a. check the run's device peak (graph500_device_bytes) against the GPU's free memory;
//  b. generation: the Kronecker tuples made on the GPU (bit-identical to the host generator),
//     then copied to the host (untimed: nedge counting reads them there);
//  c. kernel 1, timed on the host clock around synchronous steps: the CSR built on the GPU from
//     the resident tuples (endpoint check, degree count, scan, placement, segmented sort), then
//     the tuples freed and the BFS runner sizing and allocating its search buffers around the
//     adopted CSR; the copy of the CSR to the host (for root choice and validation) made between
//     the two parts is excluded and reported as host_copy_seconds.
// Invariant: the host graph is a copy of the device CSR the searches traverse.
#include <memory>
#include <string>
#include <utility>

#include "bfs/bfs_dispatch.hpp"
#include "bfs_cuda/bfs_cuda.hpp"
#include "frontier/csr_builder.hpp"
#include "frontier/detail/log.hpp"
#include "frontier/detail/timer.hpp"
#include "frontier/device.hpp"
#include "frontier/errors.hpp"
#include "graph500_graph.hpp"
#include "graph_build_cuda/device_graph_build.hpp"

namespace frontier::io {
namespace {

class RunnerSearcher final : public Graph500Searcher {
 public:
  RunnerSearcher(Graph graph, cuda::BfsRunner<VertexId, EdgeId> runner, Device device)
      : graph_(std::move(graph)), runner_(std::move(runner)), device_(std::move(device)) {}
  const Graph& graph() const override { return graph_; }
  BfsResult<VertexId> bfs(VertexId root, const BfsOptions& options) override {
    BfsOptions on_device = options;
    on_device.device = device_;
    detail::check_bfs_arguments(graph_, root, on_device);
    return runner_.run(root, to_cuda_options(on_device));
  }

 private:
  Graph graph_;
  cuda::BfsRunner<VertexId, EdgeId> runner_;
  Device device_;
};

void check_device_memory(const Graph500Config& config, int device_id) {
  const std::uint64_t needed = graph500_device_bytes(config.scale, config.edgefactor);
  const CudaDeviceInfo info = cuda_device_info(device_id);
  if (needed > info.free_bytes) {
    throw OutOfMemory("graph500 at scale " + std::to_string(config.scale) + ", edgefactor " +
                          std::to_string(config.edgefactor) + " on GPU " +
                          std::to_string(device_id) +
                          " (tuples, CSR construction, graph and BFS buffers at the peak)",
                      needed, info.free_bytes);
  }
}

}  // namespace

Graph500Graph make_graph500_graph_on_device(const Graph500Config& config) {
  auto& log = detail::logger();
  const int device_id = single_gpu_id(config.device);
  // a. The whole run's device peak, before anything is allocated.
  check_device_memory(config, device_id);
  Graph500Graph made;
  made.built_on_device = true;

  // b. Generation on the GPU, then a host copy of the tuples.
  detail::Timer timer;
  cuda::DeviceEdgeList<VertexId> d_tuples = cuda::generate_kronecker_on_device<VertexId>(
      graph500_kronecker_params(config), 0, ~std::uint64_t{0}, device_id);
  made.generation_seconds = timer.seconds();
  timer.restart();
  made.tuples = d_tuples.to_host();
  made.host_copy_seconds = timer.seconds();

  // c. Kernel 1 on the GPU.
  timer.restart();
  CsrBuildOptions build;
  build.symmetrize = true;
  build.remove_self_loops = true;
  cuda::ResidentGraph<VertexId, EdgeId> resident =
      cuda::build_csr_on_device<VertexId, EdgeId>(d_tuples, build);
  const double build_seconds = timer.seconds();
  timer.restart();
  Graph host_graph = resident.to_host();
  const double csr_copy_seconds = timer.seconds();
  made.host_copy_seconds += csr_copy_seconds;
  timer.restart();
  d_tuples.release();
  cuda::BfsRunner<VertexId, EdgeId> runner(std::move(resident));
  const double adopt_seconds = timer.seconds();
  made.construction_seconds = build_seconds + adopt_seconds;
  log.info(
      "graph500: GPU construction {:.3f} s = CSR build {:.3f} s + BFS buffers {:.3f} s "
      "(host copies, untimed: tuples and CSR {:.3f} s)",
      made.construction_seconds, build_seconds, adopt_seconds, made.host_copy_seconds);
  made.searcher =
      std::make_unique<RunnerSearcher>(std::move(host_graph), std::move(runner), config.device);
  return made;
}

}  // namespace frontier::io
