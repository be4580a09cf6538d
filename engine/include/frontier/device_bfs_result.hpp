/// @file device_bfs_result.hpp
/// @brief What a search whose labels stay on the GPU returns (Engine::bfs_on_device): depth and
/// parent in device memory owned by the result, the statistics on the host.
///
/// @code
///   frontier::Engine engine(graph, frontier::Device::cuda(0));
///   frontier::DeviceBfsResult<> tree = engine.bfs_on_device(0);
///   const std::int32_t* d_depth = tree.depth.data();   // GPU memory, valid while tree.depth
///                                                      // (or a copy of it) lives
///   my_kernel<<<grid, block>>>(d_depth, tree.depth.size());
///   frontier::BfsResult<> on_host = tree.to_host();    // the labels copied back when needed
/// @endcode
///
/// Encoding as BfsResult's (bfs_result.hpp): depth -1 and parent -1 where unreached, depth 0 and
/// parent s for every source s. The labels are complete when the result is returned (no work
/// on them is pending on any stream), and a later search does not touch them.
#pragma once

#include <cstdint>

#include "frontier/bfs_result.hpp"
#include "frontier/device_array.hpp"
#include "frontier/types.hpp"

namespace frontier {

template <typename VertexT = VertexId>
struct DeviceBfsResult {
  /// Hop distance from the nearest source per vertex, -1 where unreached, on the GPU.
  DeviceArray<std::int32_t> depth;
  /// BFS-tree parent per vertex, -1 where unreached, on the GPU; empty when predecessors were
  /// not asked for.
  DeviceArray<VertexT> parent;
  /// The rest of the search's report (source, sources, levels, vertices_reached,
  /// edges_examined, seconds, stop); its own depth and parent are empty.
  BfsResult<VertexT> summary;

  /// The whole result in host memory: the summary with the labels copied from the GPU.
  /// @throws CudaError if a copy fails.
  BfsResult<VertexT> to_host() const {
    BfsResult<VertexT> host = summary;
    host.depth = depth.to_host();
    host.parent = parent.to_host();
    return host;
  }
};

}  // namespace frontier
