// Benchmark: the sequential reference BFS on a G(n, M) random graph, in TEPS, beside the floor
// of a sequential random gather over the same arrays (read depth[target] for every arc in CSR
// order: the irregular accesses any BFS over all arcs has to make).
//
// Usage: frontier_bench_reference_bfs [log2_vertices=20] [edge_factor=4] [roots=8]
// Graph500 conventions: undirected, m = edge_factor * n edge tuples, TEPS = input edges in the
// searched component / seconds, harmonic mean over the roots; every search is validated.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "frontier/bfs_validate.hpp"
#include "frontier/csr_builder.hpp"
#include "frontier/detail/timer.hpp"
#include "frontier/random.hpp"
#include "frontier/reference_bfs.hpp"

namespace {

using frontier::EdgeId;
using frontier::VertexId;

constexpr std::uint64_t kSeed = 77;

}  // namespace

int main(int argc, char** argv) {
  const int log2_vertices = argc > 1 ? std::atoi(argv[1]) : 20;
  const int edge_factor = argc > 2 ? std::atoi(argv[2]) : 4;
  const int roots = argc > 3 ? std::max(1, std::atoi(argv[3])) : 8;
  try {
    const VertexId n = VertexId{1} << log2_vertices;
    const std::int64_t m = static_cast<std::int64_t>(edge_factor) * n;
    frontier::EdgeList<VertexId> edges;
    edges.num_vertices = n;
    edges.directed = false;
    edges.sources.resize(static_cast<std::size_t>(m));
    edges.targets.resize(static_cast<std::size_t>(m));
#pragma omp parallel for schedule(static)
    for (std::int64_t i = 0; i < m; ++i) {
      edges.sources[i] =
          static_cast<VertexId>(frontier::uniform_below(frontier::counter_random(kSeed, 2 * i), n));
      edges.targets[i] = static_cast<VertexId>(
          frontier::uniform_below(frontier::counter_random(kSeed, 2 * i + 1), n));
    }
    frontier::CsrBuildOptions options;
    options.symmetrize = true;
    const auto graph = frontier::build_csr<VertexId, EdgeId>(edges, options);
    std::printf("graph: %d vertices, %lld edge tuples, %lld arcs\n", n, static_cast<long long>(m),
                static_cast<long long>(graph.num_arcs()));

    // Floor: sequential random gather depth[targets[e]] over all arcs.
    std::vector<std::int32_t> depth(static_cast<std::size_t>(n), 1);
    double gather_best = 1e30;
    std::int64_t checksum = 0;
    for (int r = 0; r < 3; ++r) {
      const frontier::detail::Timer timer;
      std::int64_t sum = 0;
      for (const VertexId v : graph.targets()) sum += depth[v];
      gather_best = std::min(gather_best, timer.seconds());
      checksum += sum;
    }
    const double gather_rate = static_cast<double>(graph.num_arcs()) / gather_best;

    double inverse_teps_sum = 0.0;
    double arcs_per_second_sum = 0.0;
    int valid = 0;
    for (int r = 0; r < roots; ++r) {
      VertexId root = 0;
      for (std::uint64_t i = 0;; ++i) {  // a root with at least one edge, as Graph500 does
        root = static_cast<VertexId>(
            frontier::uniform_below(frontier::counter_random(kSeed + 1, r * 1000 + i), n));
        if (graph.degree(root) > 0) break;
      }
      const auto result = frontier::reference_bfs(graph, root);
      const auto check =
          frontier::validate_bfs_tree(graph, root, std::span<const VertexId>(result.parent),
                                      std::span<const std::int32_t>(result.depth));
      valid += check.valid ? 1 : 0;
      const double input_edges = static_cast<double>(check.arcs_in_component) / 2.0;
      const double teps = input_edges / result.seconds;
      inverse_teps_sum += 1.0 / teps;
      arcs_per_second_sum += static_cast<double>(result.edges_examined) / result.seconds;
      std::printf("root %-8d reached %-8lld levels %-3zu %.4f s  %.3e TEPS  %s\n", root,
                  static_cast<long long>(result.vertices_reached), result.levels.size(),
                  result.seconds, teps, check.valid ? "valid" : check.failure.c_str());
    }
    const double harmonic_teps = roots / inverse_teps_sum;
    const double arcs_per_second = arcs_per_second_sum / roots;
    std::printf("reference BFS: harmonic mean %.3e TEPS (%.3e arcs examined/s), %d/%d valid\n",
                harmonic_teps, arcs_per_second, valid, roots);
    std::printf("floor: sequential random gather %.3e arcs/s (checksum %lld)\n", gather_rate,
                static_cast<long long>(checksum));
    std::printf("reference BFS arcs/s / gather floor = %.2f\n", arcs_per_second / gather_rate);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "error: %s\n", error.what());
    return 1;
  }
  return 0;
}
