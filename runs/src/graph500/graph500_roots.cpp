// graph500_roots.cpp — the search roots of a Graph500 run: distinct vertices of degree >= 1
// drawn uniformly by a counter-based generator, so a seed names the same roots on every machine
// and in every placement. As in the reference (src/main.c), a draw that repeats an earlier root
// or hits an isolated vertex is skipped, and drawing gives up after a bounded number of tries.
// The degrees are asked for a round of draws at a time, so that a graph spread over MPI processes
// answers each round with one collective.
#include "graph500/graph500_roots.hpp"

#include <algorithm>
#include <cstdint>
#include <vector>

#include "frontier/errors.hpp"
#include "frontier/random.hpp"
#include "frontier/runs/graph500.hpp"

namespace frontier::runs {
namespace {

// Root candidates whose degrees are asked for together.
constexpr std::uint64_t kRootDrawsPerRound = 4096;

}  // namespace

template <typename VertexT>
std::vector<VertexT> draw_graph500_roots(std::int64_t num_vertices, int count, std::uint64_t seed,
                                         const HasEdges<VertexT>& has_edges) {
  if (count < 1) throw InvalidArgument("a Graph500 run needs at least one root");
  const auto n = static_cast<std::uint64_t>(num_vertices);
  std::vector<VertexT> roots;
  if (n == 0) return roots;
  const std::uint64_t max_draws = 4 * n + 1024;
  const auto wanted = static_cast<std::size_t>(count);
  std::vector<VertexT> candidates;
  std::vector<unsigned char> eligible;
  for (std::uint64_t first = 0; first < max_draws && roots.size() < wanted;
       first += kRootDrawsPerRound) {
    const std::uint64_t round = std::min(kRootDrawsPerRound, max_draws - first);
    candidates.resize(round);
    eligible.assign(round, 0);
    for (std::uint64_t j = 0; j < round; ++j) {
      candidates[j] = static_cast<VertexT>(uniform_below(counter_random(seed, first + j), n));
    }
    has_edges(candidates, eligible);
    for (std::uint64_t j = 0; j < round && roots.size() < wanted; ++j) {
      if (eligible[j] == 0) continue;
      if (std::find(roots.begin(), roots.end(), candidates[j]) != roots.end()) continue;
      roots.push_back(candidates[j]);
    }
  }
  return roots;
}

template std::vector<std::int32_t> draw_graph500_roots(std::int64_t, int, std::uint64_t,
                                                       const HasEdges<std::int32_t>&);
template std::vector<std::int64_t> draw_graph500_roots(std::int64_t, int, std::uint64_t,
                                                       const HasEdges<std::int64_t>&);

void mark_vertices_with_edges(const Graph& graph, std::span<const VertexId> candidates,
                              std::span<unsigned char> has_edges) {
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    has_edges[i] = graph.degree(candidates[i]) > 0 ? 1 : 0;
  }
}

std::vector<VertexId> choose_graph500_roots(const Graph& graph, int count, std::uint64_t seed) {
  return draw_graph500_roots<VertexId>(
      graph.num_vertices(), count, seed,
      [&](std::span<const VertexId> candidates, std::span<unsigned char> has_edges) {
        mark_vertices_with_edges(graph, candidates, has_edges);
      });
}

}  // namespace frontier::runs
