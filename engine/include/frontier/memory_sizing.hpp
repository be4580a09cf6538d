/// @file memory_sizing.hpp
/// @brief What a search allocates, by part, computed before anything is allocated: the one
/// source of the figures the engine's memory checks compare with free memory and the figures
/// `--plan` prints. The single-GPU BFS sizes its buffers with bfs_device_bytes(), so a plan and
/// the check made when an Engine is built on a GPU agree byte for byte.
///
/// Device figures round every buffer up to the allocator's granule (device_buffer_bytes), as the
/// allocations do. Host figures are the arrays' sizes.
#pragma once

#include <cstdint>

#include "frontier/device.hpp"
#include "frontier/types.hpp"

namespace frontier {

/// cudaMalloc hands out 256-byte aligned blocks; every device estimate rounds a buffer up so.
inline constexpr std::uint64_t kDeviceAllocationGranule = 256;

/// Bytes one device buffer of `count` elements of `element_bytes` bytes takes (at least one
/// granule, so that an empty buffer still has a valid address).
constexpr std::uint64_t device_buffer_bytes(std::uint64_t count, std::uint64_t element_bytes) {
  const std::uint64_t bytes = count == 0 ? 1 : count * element_bytes;
  return (bytes + kDeviceAllocationGranule - 1) / kDeviceAllocationGranule *
         kDeviceAllocationGranule;
}

/// Widths of the id types a graph is stored with (the engine's VertexId and EdgeId by default).
struct IdBytes {
  std::uint64_t vertex = sizeof(VertexId);
  std::uint64_t edge = sizeof(EdgeId);
};

/// Device bytes of a CSR graph of `num_vertices` and `num_arcs` on one GPU: offsets and targets,
/// twice for a directed graph (its reverse CSR, which bottom-up levels read).
std::uint64_t device_graph_bytes(std::uint64_t num_vertices, std::uint64_t num_arcs, bool directed,
                                 IdBytes ids = {});

/// What a BFS on one GPU holds: the resident graph and the search buffers the runner allocates
/// once for all searches.
struct BfsDeviceBytes {
  /// CSR offsets and targets (and the reverse CSR of a directed graph).
  std::uint64_t graph = 0;
  /// Depth and parent per vertex.
  std::uint64_t labels = 0;
  /// The visited bitmap and the two frontier bitmaps.
  std::uint64_t bitmaps = 0;
  /// Each vertex's first in-neighbour, which bottom-up steps try before its list.
  std::uint64_t first_in_neighbours = 0;
  /// The vertex queue and a second one of n ids (the expand-contract strategy's other queue; the
  /// window offsets of a level expanded in passes).
  std::uint64_t vertex_queue = 0;
  /// Two edge queues and their predecessor queues, of at most max(n, m) ids each and at most
  /// 768 MiB together (longer edge frontiers are expanded in passes).
  std::uint64_t edge_queues = 0;
  /// Hub chunks of one level, the per-level counter ring, a multi-level launch's counters and
  /// the arc counts of the vertex-queue tiles a level expanded in passes uses.
  std::uint64_t bookkeeping = 0;

  /// Everything but the graph: what the runner allocates around a graph already resident.
  std::uint64_t buffers() const {
    return labels + bitmaps + first_in_neighbours + vertex_queue + edge_queues + bookkeeping;
  }
  std::uint64_t total() const { return graph + buffers(); }
};

/// What a BFS on one GPU of a graph with `num_vertices` and `num_arcs` allocates.
BfsDeviceBytes bfs_device_bytes(std::uint64_t num_vertices, std::uint64_t num_arcs, bool directed,
                                IdBytes ids = {});

/// What building the CSR of an undirected graph on one GPU from tuples it generates on the fly
/// (build_kronecker_on_device: two passes over the counter-based generator, no tuple list) holds:
/// the offsets and arcs throughout, beside first the placement cursors and then, once they are
/// freed, the adjacency sort's second buffer and scratch, which the sort's batches bound.
struct DeviceCsrBuildBytes {
  std::uint64_t offsets = 0;
  std::uint64_t cursors = 0;
  std::uint64_t arcs = 0;
  /// One sort batch's second buffer: the batch window's ids plus a list as long again (a longer
  /// list is a batch of its own and needs its own length: more than a Kronecker graph up to
  /// scale 30 has).
  std::uint64_t sort_buffer = 0;
  /// An allowance for the segmented sort's scratch: a few words per list of one batch.
  std::uint64_t sort_scratch = 0;
  /// A distributed rank's degree table for hubs first (rank_degree_table_bytes), held beside the
  /// finished slice once the sort is done; 0 on one GPU, whose lists give the degrees.
  std::uint64_t degree_table = 0;

  std::uint64_t peak() const {
    const std::uint64_t sort = sort_buffer + sort_scratch;
    const std::uint64_t beside = cursors > sort ? cursors : sort;
    return offsets + arcs + (degree_table > beside ? degree_table : beside);
  }
};

/// The degree table every rank of a distributed Kronecker build reads for hubs first
/// (partition::degree_table's layout): `ranks` parts of `max_local` 4-byte degrees.
constexpr std::uint64_t rank_degree_table_bytes(std::uint64_t ranks, std::uint64_t max_local) {
  return device_buffer_bytes(ranks * max_local, sizeof(std::uint32_t));
}

/// The device peak of building an undirected CSR of `num_vertices` and `num_arcs` on one GPU from
/// generated tuples.
DeviceCsrBuildBytes device_csr_build_bytes(std::uint64_t num_vertices, std::uint64_t num_arcs,
                                           IdBytes ids = {});

/// Whether `bytes_needed` fit in `free_bytes` with kDeviceMemoryHeadroom left over (the rule of
/// every device memory check).
constexpr bool fits_device_memory(std::uint64_t bytes_needed, std::uint64_t free_bytes) {
  const std::uint64_t usable =
      free_bytes > kDeviceMemoryHeadroom ? free_bytes - kDeviceMemoryHeadroom : 0;
  return bytes_needed <= usable;
}

/// Host arrays of one search and its check on a graph of `num_vertices` (the graph itself aside).
struct BfsHostBytes {
  /// The result: depth and parent per vertex.
  std::uint64_t labels = 0;
  /// A CPU search's working set: its vertex queue and two frontier bitmaps.
  std::uint64_t search = 0;
  /// The validator's per-vertex arrays (depth, parent and a second parent pass).
  std::uint64_t validation = 0;

  std::uint64_t total() const { return labels + search + validation; }
};

/// Host bytes of one search on `num_vertices` vertices with vertex ids of ids.vertex bytes.
/// `cpu_search`: the search itself runs on the host (its working set counts); `validated`: the
/// tree is checked.
BfsHostBytes bfs_host_bytes(std::uint64_t num_vertices, bool cpu_search, bool validated,
                            IdBytes ids = {});

/// Host bytes of a CSR graph (offsets, targets, and weights when `weighted`), the reverse CSR
/// of a directed graph not included.
std::uint64_t host_graph_bytes(std::uint64_t num_vertices, std::uint64_t num_arcs, bool weighted,
                               IdBytes ids = {});

/// Host bytes an Engine with SearchOrder::DegreeClasses keeps beside the graph: the renumbered
/// CSR (and its reverse when `directed`) and both directions of the order.
std::uint64_t search_order_host_bytes(std::uint64_t num_vertices, std::uint64_t num_arcs,
                                      bool directed, IdBytes ids = {});

/// Device bytes a GPU engine with SearchOrder::DegreeClasses keeps beside the graph and its BFS
/// buffers: both directions of the order, and a search's depth and parent in the other numbering
/// (the labels on their way back to the host, or rewritten in search ids for validation).
std::uint64_t search_order_device_bytes(std::uint64_t num_vertices);

}  // namespace frontier
