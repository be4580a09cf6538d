// graph500_graph.hpp — what steps 2 and 3 of a Graph500 run produce (graph500_run.cpp): the
// generated tuples and the constructed graph on the host (for root choice, nedge counting and
// validation), the Engine that runs BFS where the graph is resident, and the times of
// generation and construction. Two ways to get there: everything on the host then an Engine on
// the configured device (graph500_host_graph.cpp), or generation and construction on the GPU
// with host copies made outside the timed construction (graph500_gpu_graph.cpp).
#pragma once

#include <optional>

#include "frontier/bfs.hpp"
#include "frontier/bfs_result.hpp"
#include "frontier/csr_graph.hpp"
#include "frontier/edge_list.hpp"
#include "frontier/engine.hpp"
#include "frontier/generators/kronecker.hpp"
#include "frontier/io/graph500.hpp"

namespace frontier::io {

struct Graph500Graph {
  /// The generated tuples, on the host.
  EdgeList<VertexId> tuples;
  /// The constructed graph, resident where the searches run; engine->graph() is on the host.
  std::optional<Engine> engine;
  double generation_seconds = 0.0;
  double construction_seconds = 0.0;
  /// Copies of device data to the host that are part of neither figure (0 on the host path).
  double host_copy_seconds = 0.0;
  bool built_on_device = false;
};

/// The Kronecker parameters of a run.
KroneckerParams graph500_kronecker_params(const Graph500Config& config);

/// Generation and construction on the host; searches on config.device (a GPU gets an upload).
Graph500Graph make_graph500_graph_on_host(const Graph500Config& config);

/// Generation and construction on GPU config.device (one id), the CSR adopted by the BFS runner
/// without a host round trip. @throws OutOfMemory when graph500_device_bytes() exceeds the GPU's
/// free memory; CudaError without a CUDA backend or GPU.
Graph500Graph make_graph500_graph_on_device(const Graph500Config& config);

}  // namespace frontier::io
