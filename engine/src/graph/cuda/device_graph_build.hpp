/// @file device_graph_build.hpp
/// @brief Graphs made on the GPU (internal; plain host C++, no CUDA headers): Kronecker edge
/// tuples generated on the device, and the CSR built on the device from tuples there or straight
/// from the generator, kept resident so that a BfsRunner can adopt it without a host round trip.
///
/// All are bit-identical to their host counterparts: generate_kronecker_on_device() equals
/// io::generate_kronecker() for the same parameters and slice (every tuple is the pure function
/// kronecker_edge(sampler, index) of generators/kronecker.hpp, evaluated on the device), and
/// build_csr_on_device() and build_kronecker_csr_on_device() equal frontier::build_csr() for the
/// same edge list and options (same offsets; every adjacency list sorted by target, so the order
/// does not depend on the scatter's interleaving on either side).
///
/// Every function checks its device allocations against the free device memory before making
/// them and throws OutOfMemory naming the bytes needed and the bytes free.
#pragma once

#include <cstdint>
#include <memory>
#include <span>

#include "frontier/csr_builder.hpp"
#include "frontier/csr_graph.hpp"
#include "frontier/device_array.hpp"
#include "frontier/distribution/rank_graph.hpp"
#include "frontier/edge_list.hpp"
#include "frontier/generators/kronecker.hpp"
#include "frontier/types.hpp"
#include "graph/cuda/device_search_order.hpp"

namespace frontier::cuda {

template <typename VertexT>
struct DeviceEdgeStorage;
template <typename VertexT, typename EdgeT>
class DeviceGraph;

/// Unweighted edge tuples resident on one GPU (an owning, move-only handle).
template <typename VertexT>
class DeviceEdgeList {
 public:
  /// An empty list on no device.
  DeviceEdgeList();
  explicit DeviceEdgeList(std::unique_ptr<DeviceEdgeStorage<VertexT>> storage);
  ~DeviceEdgeList();
  DeviceEdgeList(DeviceEdgeList&&) noexcept;
  DeviceEdgeList& operator=(DeviceEdgeList&&) noexcept;
  DeviceEdgeList(const DeviceEdgeList&) = delete;
  DeviceEdgeList& operator=(const DeviceEdgeList&) = delete;

  /// Copies `edges` to GPU `device_id`.
  /// @throws InvalidArgument if the list has weights or mismatched sizes; OutOfMemory if it does
  /// not fit; CudaError if a CUDA call fails.
  static DeviceEdgeList upload(const EdgeList<VertexT>& edges, int device_id = 0);

  /// A host copy (synchronous).
  EdgeList<VertexT> to_host() const;

  VertexT num_vertices() const noexcept;
  std::uint64_t size() const noexcept;
  bool directed() const noexcept;
  int device_id() const noexcept;
  /// Device bytes held.
  std::uint64_t device_bytes() const noexcept;
  /// Frees the device arrays now (the list becomes empty).
  void release() noexcept;

  /// The device arrays (for the CUDA translation units).
  const DeviceEdgeStorage<VertexT>& storage() const;

 private:
  std::unique_ptr<DeviceEdgeStorage<VertexT>> storage_;
};

/// A CSR graph resident on one GPU (an owning, move-only handle around DeviceGraph).
template <typename VertexT, typename EdgeT>
class ResidentGraph {
 public:
  ResidentGraph();
  ResidentGraph(DeviceGraph<VertexT, EdgeT> graph, int device_id);
  ~ResidentGraph();
  ResidentGraph(ResidentGraph&&) noexcept;
  ResidentGraph& operator=(ResidentGraph&&) noexcept;
  ResidentGraph(const ResidentGraph&) = delete;
  ResidentGraph& operator=(const ResidentGraph&) = delete;

  VertexT num_vertices() const noexcept;
  EdgeT num_arcs() const noexcept;
  bool directed() const noexcept;
  int device_id() const noexcept;
  std::uint64_t device_bytes() const noexcept;

  /// A host copy of the forward CSR (synchronous). The host graph builds its own reverse on
  /// demand, as any CsrGraph does.
  CsrGraph<VertexT, EdgeT> to_host() const;
  /// A host copy of the reverse CSR (in-arcs) of a directed graph, as a directed CsrGraph; of an
  /// undirected one, the same as to_host().
  CsrGraph<VertexT, EdgeT> reverse_to_host() const;

  /// Hands the device arrays over (to a BfsRunner); the handle is empty afterwards.
  /// @throws InvalidArgument if the handle is empty.
  DeviceGraph<VertexT, EdgeT> release_device_graph();

 private:
  std::unique_ptr<DeviceGraph<VertexT, EdgeT>> graph_;
  int device_id_ = -1;
};

/// Kronecker tuples [first_edge, first_edge + count) (count = ~0: to the end) made on GPU
/// `device_id`; equal to io::generate_kronecker<VertexT>(params, first_edge, count).
/// @throws InvalidArgument for parameters io::generate_kronecker rejects (scale, edgefactor,
/// initiator, a slice past the end, ids too wide for VertexT); OutOfMemory if the two arrays do
/// not fit; CudaError if a CUDA call fails.
template <typename VertexT>
DeviceEdgeList<VertexT> generate_kronecker_on_device(const KroneckerParams& params,
                                                     std::uint64_t first_edge, std::uint64_t count,
                                                     int device_id = 0);

/// The CSR of `edges` built on the GPU that holds them; equal to build_csr<VertexT, EdgeT>() of
/// the same tuples and options (offsets and neighbours). A directed result also gets its reverse
/// graph (in-arcs), built the same way from the swapped tuples. sort_neighbors = false leaves each
/// adjacency list in an unspecified order (as on the host).
/// @throws InvalidArgument if an endpoint lies outside [0, num_vertices) (naming the first such
/// tuple, as build_csr does) or remove_duplicates is set without sort_neighbors; OutOfMemory if
/// the CSR and its scratch do not fit; CudaError if a CUDA call fails.
template <typename VertexT, typename EdgeT>
ResidentGraph<VertexT, EdgeT> build_csr_on_device(const DeviceEdgeList<VertexT>& edges,
                                                  const CsrBuildOptions& options = {});

/// The CSR of the Kronecker tuples of `params` built on GPU `device_id` without ever holding them:
/// one pass over the generator counts the degrees, a second regenerates the tuples and places the
/// arcs, and the lists are sorted in bounded batches, so the device holds the offsets, the arcs,
/// the placement cursors (until the sort) and a sort buffer bounded by kSortBatchWindow and the
/// longest list (device_csr_build_bytes). Equal to build_csr<VertexT, EdgeT>() of
/// io::generate_kronecker<VertexT>(params) with the same options (undirected, as that list is).
/// @throws InvalidArgument for parameters io::generate_kronecker rejects or remove_duplicates
/// without sort_neighbors; OutOfMemory if a step does not fit; CudaError if a CUDA call fails.
template <typename VertexT, typename EdgeT>
ResidentGraph<VertexT, EdgeT> build_kronecker_csr_on_device(const KroneckerParams& params,
                                                            const CsrBuildOptions& options,
                                                            int device_id = 0);

/// A graph resident on one GPU in the degree-class order, and that order.
struct DegreeOrderedResidentGraph {
  /// The graph in search ids.
  ResidentGraph<VertexId, EdgeId> graph;
  DeviceSearchOrder order;
};

/// build_kronecker_csr_on_device() with the vertices renumbered by degree class on the GPU
/// (SearchOrder::DegreeClasses, graph/degree_order.hpp): pass 1's degrees are sorted into the
/// order (a stable radix sort of one-byte class keys) before the scan, and pass 2 places every arc
/// in the new ids, so no second copy of the arcs is ever made. The graph and order equal
/// order_by_degree_class(build_csr<VertexId, EdgeId>(io::generate_kronecker(params), options))
/// (every list sorted by new id; hubs_first has nothing left to do, since a sorted list already
/// starts in its highest class). The order adds 8 bytes a vertex beside the CSR.
/// @throws InvalidArgument as build_kronecker_csr_on_device, or with remove_duplicates (the order
/// comes from the arc counts before the lists are sorted); OutOfMemory if a step does not fit;
/// CudaError if a CUDA call fails.
DegreeOrderedResidentGraph build_kronecker_csr_on_device_by_degree(const KroneckerParams& params,
                                                                   const CsrBuildOptions& options,
                                                                   int device_id = 0);

/// Rank `rank`'s slice of the distributed Kronecker graph of `params` (distribution.num_vertices
/// must be 2^scale) built on GPU `device_id` as a distributed run builds it there
/// (rank_slice_build.cuh), then copied to the host: equal, offsets and targets, to
/// partition::generate_kronecker_slices()'s slice of the same rank.
/// @throws InvalidArgument for bad parameters, a mismatched distribution or a rank out of range;
/// OutOfMemory if a step does not fit; CudaError if a CUDA call fails.
template <typename VertexT, typename EdgeT>
RankGraph<VertexT, EdgeT> build_kronecker_rank_slice_on_device(
    const KroneckerParams& params, const VertexDistribution<VertexT>& distribution, int rank,
    int device_id = 0);

/// The Kronecker tuples (u, v) of `params` with u != v whose source u has a depth in `depth`
/// (one per vertex; kUnreachedDepth where unreached), regenerated on GPU `device_id`: the
/// Graph500 nedge of a search on the graph of those tuples, counted as the reference validator
/// counts it (each input edge once, self loops never, duplicates every time). Vertex ids are
/// VertexId (Graph500's).
/// @throws InvalidArgument for parameters io::generate_kronecker rejects or a depth array that is
/// not 2^scale long; OutOfMemory if the depths do not fit; CudaError if a CUDA call fails.
std::int64_t count_kronecker_tuples_reached(const KroneckerParams& params,
                                            std::span<const std::int32_t> depth, int device_id = 0);

/// The same count over depths already on GPU `device_id` (d_depth: 2^scale entries there, such
/// as a BFS runner's own depth array), with no upload and no per-vertex buffer.
/// @throws InvalidArgument for parameters io::generate_kronecker rejects; CudaError if a CUDA
/// call fails.
std::int64_t count_kronecker_tuples_reached(const KroneckerParams& params,
                                            const std::int32_t* d_depth, int device_id = 0);

/// For every vertex u, the Kronecker tuples (u, v) of `params` with u != v, counted on GPU
/// `device_id` in one pass over the regenerated tuples (4 bytes per vertex there): a search's
/// nedge is then the sum of these over the vertices it reached (sum_kronecker_tuples_reached),
/// with no tuple regenerated per search.
/// @throws InvalidArgument for parameters io::generate_kronecker rejects or a vertex with more
/// than 2^32 - 1 tuples; OutOfMemory if the counts do not fit; CudaError if a CUDA call fails.
DeviceArray<std::uint32_t> count_kronecker_tuples_by_source(const KroneckerParams& params,
                                                            int device_id = 0);

/// The sum of d_source_counts[v] (count_kronecker_tuples_by_source) over the n vertices v with a
/// depth in d_depth, both on GPU `device_id`: the count_kronecker_tuples_reached of those depths.
/// @throws CudaError if a CUDA call fails.
std::int64_t sum_kronecker_tuples_reached(const std::uint32_t* d_source_counts,
                                          const std::int32_t* d_depth, std::uint64_t n,
                                          int device_id = 0);

extern template class DeviceEdgeList<std::int32_t>;
extern template class DeviceEdgeList<std::int64_t>;
extern template class ResidentGraph<std::int32_t, std::int64_t>;
extern template class ResidentGraph<std::int64_t, std::int64_t>;

}  // namespace frontier::cuda
