// graph500_memory.cpp — sizing a Graph500 run before anything is allocated (graph500_memory.hpp),
// so that a scale too large for this machine is a clear OutOfMemory error, saying what would fit,
// instead of a crash part-way through.
#include "frontier/runs/graph500_memory.hpp"

#include <algorithm>
#include <cstdint>
#include <string>

#include "frontier/csr_builder.hpp"
#include "frontier/detail/host_memory.hpp"
#include "frontier/device.hpp"
#include "frontier/distributed_bfs.hpp"
#include "frontier/errors.hpp"
#include "frontier/runs/graph500.hpp"
#include "frontier/types.hpp"

namespace frontier::runs {
namespace {

// The most GPUs the OutOfMemory advice considers (one process, one rank per GPU).
constexpr int kMostPlannedGpus = 8;

std::string run_words(int scale, int edgefactor) {
  return "graph500 at scale " + std::to_string(scale) + ", edgefactor " +
         std::to_string(edgefactor);
}

// " (scale S is the largest that fits)" or " (not even scale 1 fits)".
std::string largest_scale_advice(int largest) {
  return largest > 0 ? " (scale " + std::to_string(largest) + " is the largest that fits)"
                     : " (not even scale 1 fits)";
}

}  // namespace

Graph500HostRole graph500_host_role(const Graph500Config& config) {
  if (!config.device.is_cuda() || !config.build_on_device) return Graph500HostRole::BuildsGraph;
  return config.validate && config.validate_on_host ? Graph500HostRole::ValidatesGraph
                                                    : Graph500HostRole::None;
}

Graph500HostBytes graph500_host_memory(int scale, int edgefactor, Graph500HostRole host,
                                       IdBytes ids) {
  const std::uint64_t n = std::uint64_t{1} << scale;
  const std::uint64_t tuples = static_cast<std::uint64_t>(edgefactor) * n;
  const std::uint64_t arcs = 2 * tuples;
  Graph500HostBytes bytes;
  if (host == Graph500HostRole::None) return bytes;
  const bool built_here = host == Graph500HostRole::BuildsGraph;
  if (built_here) {
    bytes.tuples = 2 * tuples * ids.vertex;
    bytes.construction = ids.vertex == sizeof(VertexId)
                             ? csr_build_peak_bytes<VertexId, EdgeId>(n, arcs, false)
                             : csr_build_peak_bytes<std::int64_t, EdgeId>(n, arcs, false);
  }
  bytes.graph = host_graph_bytes(n, arcs, false, ids);
  bytes.search = bfs_host_bytes(n, built_here, true, ids);
  return bytes;
}

Graph500HostBytes graph500_run_host_memory(const Graph500Config& config) {
  const Graph500HostRole role = graph500_host_role(config);
  Graph500HostBytes bytes = graph500_host_memory(config.scale, config.edgefactor, role);
  if (graph500_search_order(config) == SearchOrder::DegreeClasses &&
      role == Graph500HostRole::BuildsGraph) {
    const std::uint64_t n = std::uint64_t{1} << config.scale;
    bytes.search_order =
        search_order_host_bytes(n, 2 * static_cast<std::uint64_t>(config.edgefactor) * n, false);
  }
  return bytes;
}

Graph500DeviceBytes graph500_device_memory(int scale, int edgefactor, SearchOrder order) {
  const std::uint64_t n = std::uint64_t{1} << scale;
  const std::uint64_t arcs = 2 * static_cast<std::uint64_t>(edgefactor) * n;
  Graph500DeviceBytes bytes;
  bytes.construction = device_csr_build_bytes(n, arcs);
  bytes.search = bfs_device_bytes(n, arcs, false);
  bytes.nedge_count =
      device_buffer_bytes(n, sizeof(std::uint32_t)) + device_buffer_bytes(1, sizeof(std::uint64_t));
  bytes.kept_labels = device_buffer_bytes(n, sizeof(std::int32_t)) +
                      device_buffer_bytes(n, sizeof(VertexId)) + 2 * device_buffer_bytes(n, 1) +
                      device_buffer_bytes((n + 1) / 2, 1);
  if (order == SearchOrder::DegreeClasses) {
    bytes.search_order = search_order_device_bytes(n);
  }
  bytes.headroom = kDeviceMemoryHeadroom;
  return bytes;
}

namespace {

template <typename VertexT>
Graph500RankBytes rank_memory(int scale, int edgefactor, int gpus, VertexLayout layout, bool peer,
                              bool labels_on_host) {
  const std::uint64_t n = std::uint64_t{1} << scale;
  const std::uint64_t arcs_per_vertex = 2 * static_cast<std::uint64_t>(edgefactor);
  const VertexDistribution<VertexT> distribution{layout, static_cast<VertexT>(n), gpus};
  const IdBytes ids{sizeof(VertexT), sizeof(EdgeId)};
  Graph500RankBytes bytes;
  if (labels_on_host) bytes.host = bfs_host_bytes(n, false, false, ids);
  std::uint64_t largest_local = 0;
  for (int rank = 0; rank < gpus; ++rank) {
    largest_local =
        std::max(largest_local, static_cast<std::uint64_t>(distribution.local_count(rank)));
  }
  for (int rank = 0; rank < gpus; ++rank) {
    const auto local = static_cast<std::uint64_t>(distribution.local_count(rank));
    Graph500RankDeviceBytes gpu;
    gpu.arcs = arcs_per_vertex * local;
    DeviceCsrBuildBytes build =
        device_csr_build_bytes(local, gpu.arcs, IdBytes{sizeof(GpuRankTarget<VertexT>), ids.edge});
    build.degree_table = rank_degree_table_bytes(static_cast<std::uint64_t>(gpus), largest_local);
    gpu.construction = build.peak();
    gpu.search =
        distributed_rank_device_bytes<VertexT, EdgeId>(distribution, rank, gpu.arcs, peer) +
        kDistributedNcclBufferBytes;
    gpu.check = device_buffer_bytes(n, sizeof(std::int32_t)) +
                device_buffer_bytes(largest_local, sizeof(std::int32_t)) +
                device_buffer_bytes((largest_local + 31) / 32, sizeof(std::uint32_t)) +
                device_buffer_bytes(3, sizeof(std::uint64_t));
    bytes.gpus.push_back(gpu);
  }
  return bytes;
}

}  // namespace

Graph500RankBytes graph500_rank_memory(int scale, int edgefactor, int gpus, VertexLayout layout,
                                       bool peer, int vertex_id_bits, bool labels_on_host) {
  Graph500Config config;
  config.scale = scale;
  config.vertex_id_bits = vertex_id_bits;
  return graph500_vertex_id_bits(config) == 64
             ? rank_memory<std::int64_t>(scale, edgefactor, gpus, layout, peer, labels_on_host)
             : rank_memory<std::int32_t>(scale, edgefactor, gpus, layout, peer, labels_on_host);
}

Graph500HostBytes graph500_cpu_ranks_memory(const Graph500Config& config) {
  const IdBytes ids{graph500_vertex_id_bits(config) == 64 ? sizeof(std::int64_t) : sizeof(VertexId),
                    sizeof(EdgeId)};
  return graph500_host_memory(config.scale, config.edgefactor, Graph500HostRole::BuildsGraph, ids);
}

std::uint64_t graph500_memory_bytes(int scale, int edgefactor, Graph500HostRole host, IdBytes ids) {
  return graph500_host_memory(scale, edgefactor, host, ids).peak();
}

std::uint64_t graph500_device_bytes(int scale, int edgefactor, SearchOrder order) {
  return graph500_device_memory(scale, edgefactor, order).peak();
}

int largest_fitting_scale(const std::function<std::uint64_t(int scale)>& bytes_at_scale,
                          std::uint64_t budget, int max_scale) {
  int largest = 0;
  for (int scale = 1; scale <= max_scale && bytes_at_scale(scale) <= budget; ++scale) {
    largest = scale;
  }
  return largest;
}

int largest_graph500_host_scale(int edgefactor, Graph500HostRole host,
                                std::uint64_t available_bytes) {
  return largest_fitting_scale(
      [=](int scale) { return graph500_memory_bytes(scale, edgefactor, host); }, available_bytes);
}

int largest_graph500_device_scale(int edgefactor, std::uint64_t free_bytes, SearchOrder order) {
  return largest_fitting_scale(
      [=](int scale) { return graph500_device_bytes(scale, edgefactor, order); }, free_bytes);
}

void check_graph500_memory_fits(int scale, int edgefactor, Graph500HostRole host,
                                std::uint64_t available_bytes, IdBytes ids) {
  if (available_bytes == 0) return;
  const std::uint64_t needed = graph500_memory_bytes(scale, edgefactor, host, ids);
  if (needed > available_bytes) {
    throw OutOfMemory(
        run_words(scale, edgefactor) + " on the host" +
            largest_scale_advice(largest_graph500_host_scale(edgefactor, host, available_bytes)),
        needed, available_bytes);
  }
}

void check_graph500_memory(int scale, int edgefactor, Graph500HostRole host, IdBytes ids) {
  check_graph500_memory_fits(scale, edgefactor, host, detail::available_host_memory_bytes(), ids);
}

int fewest_graph500_gpus(int scale, int edgefactor, std::uint64_t free_bytes_per_gpu) {
  for (int gpus = 2; gpus <= kMostPlannedGpus; gpus *= 2) {
    const Graph500RankBytes bytes =
        graph500_rank_memory(scale, edgefactor, gpus, VertexLayout::Striped, false);
    if (bytes.device_peak() <= free_bytes_per_gpu) return gpus;
  }
  return 0;
}

void check_graph500_device_memory(int scale, int edgefactor, int device_id, SearchOrder order) {
  const std::uint64_t needed = graph500_device_bytes(scale, edgefactor, order);
  const CudaDeviceInfo info = cuda_device_info(device_id);
  if (needed > info.free_bytes) {
    // Ranks search the graph's own order, so they are advice only for a run in it.
    const int gpus = order == SearchOrder::AsGiven
                         ? fewest_graph500_gpus(scale, edgefactor, info.free_bytes)
                         : 0;
    const std::string spread = gpus > 0 ? "; " + std::to_string(gpus) +
                                              " GPUs with as much free memory hold it: --gpus " +
                                              std::to_string(gpus) + " (--plan --gpus " +
                                              std::to_string(gpus) + " prints the bytes per GPU)"
                                        : "";
    throw OutOfMemory(run_words(scale, edgefactor) + " on GPU " + std::to_string(device_id) +
                          " (CSR construction, graph and BFS buffers at the peak)" +
                          largest_scale_advice(
                              largest_graph500_device_scale(edgefactor, info.free_bytes, order)) +
                          spread,
                      needed, info.free_bytes);
  }
}

}  // namespace frontier::runs
