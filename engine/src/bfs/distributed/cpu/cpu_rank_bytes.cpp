// cpu_rank_bytes.cpp — the host bytes of one rank simulated on the CPU (distributed_bfs.hpp):
// what CpuRankSearch allocates beside its slice, in the same terms, so that a plan and the run's
// own check agree.
#include <cstdint>

#include "bfs/distributed/rank_search.hpp"
#include "frontier/distributed_bfs.hpp"

namespace frontier {

template <typename VertexT>
std::uint64_t distributed_rank_host_bytes(const VertexDistribution<VertexT>& distribution,
                                          int rank) {
  const auto n = static_cast<std::uint64_t>(distribution.num_vertices);
  const auto local = static_cast<std::uint64_t>(distribution.local_count(rank));
  const auto p = static_cast<std::uint64_t>(distribution.ranks);
  const std::uint64_t bitmap_words =
      distributed::bitmap_part_words(static_cast<std::int64_t>(distribution.max_local_count()));
  const std::uint64_t id = sizeof(VertexT);
  // Depth and parent per owned vertex; the frontier and the next one.
  const std::uint64_t labels = local * (sizeof(std::int32_t) + id) + 2 * local * id;
  // One bit per vertex already sent; the send bins (a pair per vertex at most) and the receive
  // bins (a pair per owned vertex from every rank); offsets and counts per rank.
  const std::uint64_t bins =
      (n + 63) / 64 * sizeof(std::uint64_t) + 2 * n * id + 2 * p * local * id + 3 * p * 8;
  // The frontier bitmap's parts (every rank's and its own) and, once a level runs bottom-up, the
  // gathered global bitmap.
  const std::uint64_t bitmaps =
      bitmap_words * (p + 1) * sizeof(std::uint32_t) + (n + 31) / 32 * sizeof(std::uint32_t);
  return labels + bins + bitmaps;
}

template std::uint64_t distributed_rank_host_bytes(const VertexDistribution<std::int32_t>&, int);
template std::uint64_t distributed_rank_host_bytes(const VertexDistribution<std::int64_t>&, int);

}  // namespace frontier
