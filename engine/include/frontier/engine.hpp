/// @file engine.hpp
/// @brief The embeddable entry point: an Engine keeps one graph resident on a device and answers
/// many queries against it.
///
/// @code
///   #include <frontier/engine.hpp>
///   #include <frontier/io/load_engine.hpp>
///
///   frontier::Engine engine = frontier::io::load_engine("road.gr");   // or Engine(graph)
///   frontier::BfsResult<> tree = engine.bfs(0);
///   std::int32_t hops = tree.depth[42];                                  // -1: unreachable
/// @endcode
///
/// Loading from a file lives in the io library (frontier::io::load_engine in
/// frontier/io/load_engine.hpp) so that the engine library does not depend on the readers.
#pragma once

#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "frontier/bfs.hpp"
#include "frontier/bfs_result.hpp"
#include "frontier/bfs_validate.hpp"
#include "frontier/csr_graph.hpp"
#include "frontier/device.hpp"
#include "frontier/device_bfs_result.hpp"

namespace frontier {

namespace detail {
struct EngineResidentState;
template <typename VertexT, typename EdgeT>
struct DegreeOrderedGraph;
}  // namespace detail

struct CsrBuildOptions;
struct DeviceBuiltGraph;
enum class HostCopy;
struct KroneckerParams;

/// How an Engine numbers the vertices it searches. Its results always use the graph's own ids.
enum class SearchOrder {
  /// The graph's ids.
  AsGiven,
  /// A renumbered copy, vertices grouped by degree class (floor(log2 degree), highest first,
  /// vertices without arcs last; the graph's order within a class), which a search of a skewed
  /// graph (Kronecker, social networks) reads in denser runs. The engine keeps the copy beside
  /// the graph (as many host bytes again, plus 8 bytes a vertex), and each search maps its
  /// sources in and its labels back (a pass over the vertices, inside the search's time), so
  /// it pays for many searches of one graph, not for one. On a GPU the copy is made on the host
  /// and uploaded in place of the graph, with the order (8 more device bytes a vertex).
  DegreeClasses,
};

/// "given" or "degree": what parse_search_order() reads back.
std::string_view to_string(SearchOrder order);
/// @throws InvalidArgument naming the accepted names for any other.
SearchOrder parse_search_order(std::string_view name);

/// What an Engine prepares besides the resident graph.
struct EngineOptions {
  SearchOrder search_order = SearchOrder::AsGiven;
};

/// A graph kept resident on one device, ready for repeated queries.
///
/// Queries are const and may run concurrently from several threads. Copies of an Engine share
/// the same (immutable) graph.
class Engine {
 public:
  /// Takes the graph and prepares it for queries on `device`: checks the CSR invariants; on the
  /// CPU builds the reverse graph of a directed graph (read by bottom-up BFS steps); on a GPU
  /// uploads the graph once, sizes every BFS buffer and warms the GPU up (kernels loaded, every
  /// kind of launch and copy done once), so that no query pays for any of it and the first
  /// search is as fast as the following ones. Device::automatic() is resolved here, once, for
  /// the graph's arcs (resolve_device()); device() then names the device chosen.
  /// @throws ValidationError if the graph breaks a CSR invariant.
  /// @throws InvalidArgument if `device` is a CUDA device without ids, or with more than one.
  /// @throws OutOfMemory if the graph and the BFS buffers do not fit the GPU's free memory.
  /// @throws CudaError if the GPU cannot be used (or this build has no CUDA backend).
  /// With `options.search_order` DegreeClasses it also builds the renumbered copy; @throws
  /// InvalidArgument for it on a weighted graph, OutOfMemory where the copy does not fit the
  /// host's available memory (or the order the GPU's).
  explicit Engine(Graph graph, Device device = Device::cpu(), const EngineOptions& options = {});

  /// As Engine(Graph, Device), sharing a graph its owner keeps as well (the Python package's
  /// Graph), so that nothing is copied. The graph must not change while the Engine lives.
  /// @throws InvalidArgument if `graph` is null; the rest as Engine(Graph, Device).
  explicit Engine(std::shared_ptr<const Graph> graph, Device device = Device::cpu(),
                  const EngineOptions& options = {});

  /// Whether the engine keeps its graph in host memory: always, except for a graph built on the
  /// GPU without a host copy (build_kronecker_on_device with HostCopy::None), which lives on the
  /// GPU alone.
  bool has_host_graph() const noexcept { return graph_ != nullptr; }
  /// The resident graph, in host memory.
  /// @throws InvalidArgument if the engine keeps no host copy (!has_host_graph()).
  const Graph& graph() const;
  VertexId num_vertices() const noexcept;
  EdgeId num_arcs() const noexcept;
  /// The out-degree of each of `vertices`: from the host graph, or from the GPU's where the
  /// engine keeps no host copy.
  /// @throws InvalidArgument for a vertex out of range; CudaError on a CUDA error.
  std::vector<EdgeId> out_degrees(std::span<const VertexId> vertices) const;
  /// Where queries run.
  const Device& device() const noexcept { return device_; }
  /// The numbering searches run in (EngineOptions::search_order).
  SearchOrder search_order() const noexcept;
  /// Seconds the warm-up took when the engine was built (part of building it): on a GPU, kernels
  /// loaded and one search per strategy; on the CPU, the OpenMP threads started (0 for a graph
  /// small enough to be searched on one thread).
  double warm_up_seconds() const noexcept;

  /// Breadth-first search from `source` on the engine's device. Searches on one GPU run one at
  /// a time (serialized).
  /// @throws InvalidArgument if `source` is out of range or an option is invalid.
  /// @throws Error if the device's BFS backend is not part of this build.
  BfsResult<VertexId> bfs(VertexId source, const BfsOptions& options = {}) const;

  /// One breadth-first search from several sources (see frontier::bfs): every vertex at its
  /// distance to the nearest source.
  /// @throws InvalidArgument if `sources` is empty, a source or the target is out of range, or
  ///         an option is invalid.
  BfsResult<VertexId> bfs(std::span<const VertexId> sources, const BfsOptions& options = {}) const;

  /// Breadth-first search on a GPU engine whose depth (and parent) stay on the GPU, in memory
  /// of their own that the result owns (frontier/device_bfs_result.hpp): for GPU code that
  /// reads them there (a kernel, CuPy, PyTorch) without a copy to the host and back. The labels
  /// equal those bfs() returns and are complete on return; later searches leave them alone.
  /// @throws InvalidArgument on a CPU engine (whose labels are in host memory: use bfs()), and
  ///         as bfs().
  /// @throws OutOfMemory if the labels (4 bytes per vertex, as much again with parents) do not
  ///         fit the GPU's free memory; CudaError on a CUDA error.
  DeviceBfsResult<VertexId> bfs_on_device(VertexId source, const BfsOptions& options = {}) const;

  /// bfs_on_device from several sources (see the multi-source bfs()).
  DeviceBfsResult<VertexId> bfs_on_device(std::span<const VertexId> sources,
                                          const BfsOptions& options = {}) const;

  /// bfs_on_device into `result`, whose arrays are reused when they already hold this graph's
  /// labels on this engine's GPU (a search after the first allocates nothing): for a loop of
  /// searches (Graph500's roots) that each read or validate the labels before the next. The
  /// arrays are overwritten in place, and with them every copy of them.
  void bfs_on_device(std::span<const VertexId> sources, const BfsOptions& options,
                     DeviceBfsResult<VertexId>& result) const;

  /// Checks `result`, a search with predecessors on this graph, against the five Graph500 rules
  /// (frontier/bfs_validate.hpp: its sources, its depths, and rule 4 relaxed for a search that
  /// stopped early), with validate_bfs_tree's messages. On a GPU engine the checks run on the GPU
  /// against the resident graph (the labels are uploaded); on the CPU engine it is
  /// validate_bfs_tree. To validate on the host whatever the device, call validate_bfs_tree on
  /// graph().
  /// @throws InvalidArgument if the result has no parents or labels of another size.
  /// @throws OutOfMemory if the GPU validator's work arrays (5.5 bytes per vertex, 16 to 24 more
  ///         when the depths are not those of the parents) do not fit; CudaError on a CUDA error.
  BfsValidation validate(const BfsResult<VertexId>& result) const;

  /// validate() on a search whose labels are on this engine's GPU (bfs_on_device), in place:
  /// nothing n-sized crosses to the host. The validator's work arrays (2.5 bytes per vertex) are
  /// allocated by the first validation and kept by the engine.
  /// @throws InvalidArgument on a CPU engine, for labels on another GPU, without parents or with
  ///         labels of another size; OutOfMemory, CudaError as validate().
  BfsValidation validate(const DeviceBfsResult<VertexId>& result) const;

 private:
  // A graph built on the GPU (device_build.hpp) is adopted where it lies.
  friend DeviceBuiltGraph build_kronecker_on_device(const KroneckerParams& params,
                                                    const CsrBuildOptions& build,
                                                    const Device& device, HostCopy host_copy,
                                                    const EngineOptions& options);
  Engine(std::shared_ptr<const Graph> graph, Device device,
         std::shared_ptr<detail::EngineResidentState> resident);

  /// Null when the graph was built on the GPU without a host copy.
  std::shared_ptr<const Graph> graph_;
  Device device_;
  /// Device-resident copies (the GPU BFS runner); null on the CPU.
  std::shared_ptr<detail::EngineResidentState> resident_;
  double cpu_warm_up_seconds_ = 0.0;
  /// The renumbered copy a CPU engine searches (SearchOrder::DegreeClasses); null otherwise (a
  /// GPU engine keeps the renumbered graph and its order on the GPU alone).
  std::shared_ptr<const detail::DegreeOrderedGraph<VertexId, EdgeId>> ordered_;
};

}  // namespace frontier
