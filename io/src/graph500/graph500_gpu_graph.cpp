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

#include "frontier/csr_builder.hpp"
#include "frontier/detail/log.hpp"
#include "frontier/device.hpp"
#include "frontier/device_build.hpp"
#include "frontier/engine.hpp"
#include "frontier/errors.hpp"
#include "graph500_graph.hpp"

namespace frontier::io {
namespace {

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
  if (config.device.cuda_ids.size() != 1) {
    throw InvalidArgument("a Graph500 run built on the GPU runs on one GPU");
  }
  // a. The whole run's device peak, before anything is allocated.
  check_device_memory(config, config.device.cuda_ids.front());

  // b, c. Generation and kernel 1 on the GPU, the host copies timed apart.
  CsrBuildOptions build;
  build.symmetrize = true;
  build.remove_self_loops = true;
  DeviceBuiltGraph built =
      build_kronecker_on_device(graph500_kronecker_params(config), build, config.device);
  Graph500Graph made;
  made.built_on_device = true;
  made.tuples = std::move(built.tuples);
  made.generation_seconds = built.generation_seconds;
  made.construction_seconds = built.csr_build_seconds + built.search_buffers_seconds;
  made.host_copy_seconds = built.host_copy_seconds;
  detail::logger().info(
      "graph500: GPU construction {:.3f} s = CSR build {:.3f} s + BFS buffers {:.3f} s "
      "(host copies, untimed: tuples and CSR {:.3f} s)",
      made.construction_seconds, built.csr_build_seconds, built.search_buffers_seconds,
      made.host_copy_seconds);
  made.engine.emplace(std::move(built.engine));
  return made;
}

}  // namespace frontier::io
