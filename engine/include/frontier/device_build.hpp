/// @file device_build.hpp
/// @brief A Kronecker graph generated and built on one GPU and kept resident there for searches,
/// without a round trip through the host: the tuples are generated on the GPU (bit for bit what
/// the host generator makes), the CSR is built from them on the GPU (endpoint check, degree count,
/// scan, placement, segmented sort) and adopted by an Engine in place. Host copies of the tuples
/// and of the CSR are made on the way (Graph500 counts nedge and validates on the host) and timed
/// apart, so a caller can report generation and construction as the benchmark defines them.
///
/// @code
///   frontier::KroneckerParams params;
///   params.scale = 24;
///   frontier::CsrBuildOptions build;
///   build.symmetrize = true;
///   build.remove_self_loops = true;
///   frontier::DeviceBuiltGraph made =
///       frontier::build_kronecker_on_device(params, build, frontier::Device::cuda(0));
///   frontier::BfsResult<> tree = made.engine.bfs(0);
/// @endcode
#pragma once

#include "frontier/csr_builder.hpp"
#include "frontier/device.hpp"
#include "frontier/edge_list.hpp"
#include "frontier/engine.hpp"
#include "frontier/generators/kronecker.hpp"
#include "frontier/types.hpp"

namespace frontier {

/// What build_kronecker_on_device() made, and how long each step took (host clock around
/// synchronous steps).
struct DeviceBuiltGraph {
  /// The generated tuples, copied to the host.
  EdgeList<VertexId> tuples;
  /// The CSR resident on the GPU, ready for queries; engine.graph() is its host copy.
  Engine engine;
  /// Generating the tuples on the GPU.
  double generation_seconds = 0.0;
  /// Building the CSR on the GPU from the resident tuples.
  double csr_build_seconds = 0.0;
  /// Freeing the tuples, sizing and allocating the BFS buffers around the adopted CSR and
  /// warming the GPU up for the first search (Engine::warm_up_seconds() of it).
  double search_buffers_seconds = 0.0;
  /// Copying the tuples and the CSR to the host (part of neither figure above).
  double host_copy_seconds = 0.0;
};

/// Generates the Kronecker tuples of `params` on GPU `device` (one id), builds the CSR there with
/// `build` and keeps it resident in an Engine on that GPU.
/// @throws InvalidArgument for bad params or a device that is not one GPU; OutOfMemory when a step
///         does not fit the GPU's free memory; CudaError without a usable GPU or CUDA backend.
DeviceBuiltGraph build_kronecker_on_device(const KroneckerParams& params,
                                           const CsrBuildOptions& build, const Device& device);

}  // namespace frontier
