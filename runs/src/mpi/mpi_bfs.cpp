// mpi_bfs.cpp — BFS on a graph file with one MPI process per GPU (see mpi_bfs.hpp).
#include "frontier/runs/mpi_bfs.hpp"

#include <span>
#include <string>
#include <utility>

#include "frontier/bfs_validate.hpp"
#include "frontier/detail/log.hpp"
#include "frontier/errors.hpp"
#include "frontier/partition/slices.hpp"
#include "mpi/mpi_support.hpp"

namespace frontier::runs {

bool mpi_built() { return true; }

MpiBfsResult run_bfs_mpi(Graph graph, std::span<const VertexId> sources, VertexLayout layout,
                         const DistributedBfsOptions& options, bool validate,
                         GpuTransport transport) {
  auto& log = detail::logger();
  const mpi::Scope scope;
  MpiBfsResult out;
  out.rank = mpi::world_rank();
  out.ranks = mpi::world_size();
  const VertexId n = graph.num_vertices();
  if (n == 0) throw InvalidArgument("bfs: the graph has no vertices");
  for (const VertexId source : sources) {
    if (source < 0 || source >= n) {
      throw InvalidArgument("bfs: source " + std::to_string(source) + " is outside [0, " +
                            std::to_string(n) + ")");
    }
  }
  // 1. One GPU per process of a node; this process's slice; process 0 keeps the whole graph.
  const int gpu = mpi::node_gpu(out.rank);
  const VertexDistribution<VertexId> distribution{layout, n, out.ranks};
  RankGraph<VertexId, EdgeId> own = partition::slice_graph(graph, distribution, out.rank);
  if (out.rank != 0) graph = Graph();
  // 2. NCCL through MPI; the balance report.
  const ProcessRank process =
      mpi::join(out.rank, out.ranks, gpu, static_cast<std::int64_t>(own.local_arcs()), transport);
  out.balance = mpi::gather_edge_balance(static_cast<std::int64_t>(own.local_vertices()),
                                         static_cast<std::int64_t>(own.local_arcs()));
  DistributedBfs<VertexId, EdgeId> search(std::move(own), process);
  if (out.rank == 0) {
    log.info("bfs: {} {} processes, one GPU each, {} transport; edge balance max/mean {:.3f}",
             out.ranks, to_string(layout), to_string(search.transport()), out.balance.imbalance);
  }
  // 3. The searches, every process in step.
  DistributedBfsOptions run_options = options;
  run_options.bfs.predecessors = options.bfs.predecessors || validate;
  run_options.gather_labels = true;
  const ReachedEdgeCounter<VertexId, EdgeId> count_reached_edges(graph);
  for (const VertexId source : sources) {
    DistributedBfsResult<VertexId> result = search.run(source, run_options);
    MpiBfsSearch one;
    one.source = source;
    one.seconds = mpi::max_over_ranks(result.bfs.seconds);
    one.vertices_reached = result.bfs.vertices_reached;
    one.levels = static_cast<std::int32_t>(result.bfs.levels.size());
    one.bytes_exchanged = result.bytes_exchanged;
    // Process 0 receives the combined labels: every vertex has one owner, the other processes
    // hold -1 there, so the maximum is the owner's value.
    mpi::max_to_first(result.bfs.depth);
    if (validate) mpi::max_to_first(result.bfs.parent);
    // 4. Process 0 counts and validates; the verdict goes to every process.
    std::string failure;
    if (out.rank == 0) {
      one.reached_edges = count_reached_edges(result.bfs.depth);
      if (validate) {
        const BfsValidation check =
            validate_bfs_tree<VertexId, EdgeId>(graph, source, result.bfs.parent, result.bfs.depth);
        failure = check.valid ? "" : check.failure;
      }
    }
    std::int64_t counts[2] = {one.reached_edges, failure.empty() ? 0 : 1};
    mpi::broadcast_from_first(counts);
    one.reached_edges = counts[0];
    if (counts[1] != 0) {
      throw ValidationError("search from " + std::to_string(source) + ": " +
                            (out.rank == 0 ? failure : "process 0 found a broken tree"));
    }
    one.validated = validate;
    out.searches.push_back(one);
  }
  return out;
}

}  // namespace frontier::runs
