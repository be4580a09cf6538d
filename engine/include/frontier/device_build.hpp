/// @file device_build.hpp
/// @brief A Kronecker graph generated and built on one GPU and kept resident there for searches,
/// without a round trip through the host and without a tuple list: the CSR is built on the GPU in
/// two passes over the counter-based generator (one counts the degrees, one regenerates the
/// tuples, bit for bit what the host generator makes, and places the arcs), its lists sorted in
/// bounded batches, and adopted by an Engine in place. A host copy of the CSR is made on the way
/// unless HostCopy::None says the GPU's is enough, and timed apart. What needs the tuples again,
/// Graph500's nedge, regenerates them on the GPU (count_kronecker_tuples_reached).
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

#include <cstdint>
#include <span>

#include "frontier/csr_builder.hpp"
#include "frontier/device.hpp"
#include "frontier/device_array.hpp"
#include "frontier/engine.hpp"
#include "frontier/generators/kronecker.hpp"
#include "frontier/types.hpp"

namespace frontier {

/// Whether build_kronecker_on_device() copies the CSR it built to the host.
enum class HostCopy {
  /// Engine::graph() is a host copy of the CSR (what a host validator or any host-side reader
  /// of the graph needs): as many bytes of host memory as the CSR takes on the GPU.
  Graph,
  /// The CSR lives on the GPU alone: no host memory, no copy time; Engine::graph() throws, and
  /// Engine::out_degrees() and the searches read the GPU's.
  None,
};

/// What build_kronecker_on_device() made, and how long each step took (host clock around
/// synchronous steps).
struct DeviceBuiltGraph {
  /// The CSR resident on the GPU, ready for queries; engine.graph() is its host copy where one
  /// was asked for.
  Engine engine;
  /// Building the CSR on the GPU, both passes over the generator included.
  double csr_build_seconds = 0.0;
  /// Sizing and allocating the BFS buffers around the adopted CSR and warming the GPU up for the
  /// first search (Engine::warm_up_seconds() of it).
  double search_buffers_seconds = 0.0;
  /// Copying the CSR to the host (part of neither figure above; 0 with HostCopy::None).
  double host_copy_seconds = 0.0;
};

/// Builds the CSR of the Kronecker tuples of `params` on GPU `device` (one id) with `build`, from
/// the generator without a tuple list, and keeps it resident in an Engine on that GPU, with a host
/// copy unless `host_copy` is HostCopy::None. The graph equals
/// build_csr(io::generate_kronecker(params), build).
/// With `options.search_order` DegreeClasses the vertices are renumbered by degree class during
/// the build, on the GPU (8 more bytes a vertex there for the order), and the engine answers in
/// the graph's own ids as an Engine given the host-built graph with that order does; such a graph
/// keeps no host copy (HostCopy::None).
/// @throws InvalidArgument for bad params, a device that is not one GPU, or the degree order with
///         HostCopy::Graph or build.remove_duplicates; OutOfMemory when a step does not fit the
///         GPU's free memory; CudaError without a usable GPU or CUDA backend.
DeviceBuiltGraph build_kronecker_on_device(const KroneckerParams& params,
                                           const CsrBuildOptions& build, const Device& device,
                                           HostCopy host_copy = HostCopy::Graph,
                                           const EngineOptions& options = {});

/// The Kronecker tuples (u, v) of `params` with u != v whose source u is reached in `depth` (one
/// depth per vertex, kUnreachedDepth where unreached), regenerated on GPU `device` (one id): the
/// Graph500 nedge of a search, counted as the reference validator counts it (each input edge
/// once, self loops never, duplicates every time) without keeping the tuples. Uploads the depths
/// (4 bytes per vertex) for the count.
/// @throws InvalidArgument for bad params, a depth array not 2^scale long or a device that is not
///         one GPU; OutOfMemory if the depths do not fit; CudaError without a usable GPU.
std::int64_t count_kronecker_tuples_reached(const KroneckerParams& params,
                                            std::span<const std::int32_t> depth,
                                            const Device& device);

/// count_kronecker_tuples_reached on depths already on a GPU (a DeviceBfsResult's), counted on
/// the GPU that holds them, with nothing n-sized copied.
/// @throws InvalidArgument for bad params or a depth array not 2^scale long; CudaError without a
///         usable GPU.
std::int64_t count_kronecker_tuples_reached(const KroneckerParams& params,
                                            const DeviceArray<std::int32_t>& depth);

/// For every vertex u, the Kronecker tuples (u, v) of `params` with u != v, counted once over the
/// tuples regenerated on GPU `device` (one id) and kept there, 4 bytes per vertex: with them a
/// search's nedge is a sum over the vertices it reached, where count_kronecker_tuples_reached on
/// the depths alone regenerates every tuple again.
/// @throws InvalidArgument for bad params, a device that is not one GPU or a vertex with more than
///         2^32 - 1 tuples; OutOfMemory if the counts do not fit; CudaError without a usable GPU.
DeviceArray<std::uint32_t> count_kronecker_tuples_by_source(const KroneckerParams& params,
                                                            const Device& device);

/// count_kronecker_tuples_reached from the per-vertex counts of count_kronecker_tuples_by_source
/// and a search's depths on the same GPU: the same number, from one pass over the vertices.
/// @throws InvalidArgument for arrays of different lengths or GPUs; CudaError without a usable
///         GPU.
std::int64_t count_kronecker_tuples_reached(const DeviceArray<std::uint32_t>& source_counts,
                                            const DeviceArray<std::int32_t>& depth);

}  // namespace frontier
