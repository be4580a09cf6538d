// graph500_roots.cpp — the search roots of a Graph500 run: distinct vertices of degree >= 1
// drawn uniformly by a counter-based generator, so a seed names the same roots on every machine.
// As in the reference (src/main.c), a draw that repeats an earlier root or hits an isolated
// vertex is skipped, and drawing gives up after a bounded number of tries.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "frontier/errors.hpp"
#include "frontier/io/graph500.hpp"
#include "frontier/random.hpp"

namespace frontier::io {

std::vector<VertexId> choose_graph500_roots(const Graph& graph, int count, std::uint64_t seed) {
  if (count < 1) throw InvalidArgument("a Graph500 run needs at least one root");
  const auto n = static_cast<std::uint64_t>(graph.num_vertices());
  std::vector<VertexId> roots;
  if (n == 0) return roots;
  const std::uint64_t max_draws = 4 * n + 1024;
  for (std::uint64_t draw = 0; draw < max_draws && roots.size() < static_cast<std::size_t>(count);
       ++draw) {
    const auto root = static_cast<VertexId>(uniform_below(counter_random(seed, draw), n));
    if (graph.degree(root) == 0) continue;
    if (std::find(roots.begin(), roots.end(), root) != roots.end()) continue;
    roots.push_back(root);
  }
  return roots;
}

}  // namespace frontier::io
