// rank_labels.cpp — scatter_rank_labels (rank_labels.hpp): one rank's labels into the global
// arrays, the visited bitmap deciding which local entries belong to the search that just ran.
// Invariant: a vertex is reported reached exactly when its visited bit is set.
#include "bfs/distributed/rank_labels.hpp"

#include <string>

#include "frontier/errors.hpp"
#include "frontier/types.hpp"

namespace frontier::distributed {

template <typename VertexT>
void scatter_rank_labels(const VertexDistribution<VertexT>& distribution, int rank,
                         std::span<const std::uint32_t> visited,
                         std::span<const std::int32_t> local_depth,
                         std::span<const VertexT> local_parent, bool predecessors,
                         std::span<std::int32_t> depth, std::span<VertexT> parent) {
  const auto count = static_cast<std::int64_t>(distribution.local_count(rank));
  const bool parents = predecessors && !parent.empty();
  if (static_cast<std::int64_t>(local_depth.size()) < count ||
      static_cast<std::int64_t>(visited.size()) < (count + 31) / 32 ||
      (parents && static_cast<std::int64_t>(local_parent.size()) < count)) {
    throw InvalidArgument("rank " + std::to_string(rank) + " has " + std::to_string(count) +
                          " local vertices but its labels or visited bitmap are shorter");
  }
#pragma omp parallel for schedule(static) if (count >= (std::int64_t{1} << 16))
  for (std::int64_t l = 0; l < count; ++l) {
    const VertexT global = distribution.global(rank, static_cast<VertexT>(l));
    const bool reached = (visited[static_cast<std::size_t>(l / 32)] >> (l % 32) & 1u) != 0;
    depth[global] = reached ? local_depth[l] : kUnreachedDepth;
    if (!parent.empty()) {
      parent[global] = reached && parents ? local_parent[l] : kInvalidVertex<VertexT>;
    }
  }
}

template void scatter_rank_labels(const VertexDistribution<std::int32_t>&, int,
                                  std::span<const std::uint32_t>, std::span<const std::int32_t>,
                                  std::span<const std::int32_t>, bool, std::span<std::int32_t>,
                                  std::span<std::int32_t>);
template void scatter_rank_labels(const VertexDistribution<std::int64_t>&, int,
                                  std::span<const std::uint32_t>, std::span<const std::int32_t>,
                                  std::span<const std::int64_t>, bool, std::span<std::int32_t>,
                                  std::span<std::int64_t>);

}  // namespace frontier::distributed
