// distributed_rank_host_bytes() against what a simulated rank allocates: the heap a
// CpuRankSearch takes when it is made (glibc's counters), which its figure must cover to within
// the allocator's per-block overhead, leaving only the global bitmap a bottom-up level adds.
// Sanitizer builds replace glibc's allocator, whose counters then stand still: the test skips.
#include <gtest/gtest.h>

#include <malloc.h>

#include <cstdint>
#include <memory>

#include "bfs/distributed/cpu/cpu_rank_search.hpp"
#include "frontier/distributed_bfs.hpp"
#include "frontier/distribution/rank_graph.hpp"
#include "frontier/distribution/vertex_distribution.hpp"

namespace frontier {
namespace {

std::uint64_t heap_in_use() {
  const struct mallinfo2 info = ::mallinfo2();
  return static_cast<std::uint64_t>(info.uordblks) + static_cast<std::uint64_t>(info.hblkhd);
}

template <typename VertexT>
void expect_rank_bytes_cover_its_buffers(VertexLayout layout, VertexT n, int ranks, int rank) {
  SCOPED_TRACE(std::to_string(ranks) + " ranks, rank " + std::to_string(rank) + ", " +
               std::to_string(sizeof(VertexT) * 8) + "-bit ids");
  RankGraph<VertexT, EdgeId> slice;
  slice.distribution = VertexDistribution<VertexT>{layout, n, ranks};
  slice.rank = rank;
  slice.offsets.assign(static_cast<std::size_t>(slice.distribution.local_count(rank)) + 1, 0);
  const std::uint64_t before = heap_in_use();
  const auto search = std::make_unique<distributed::CpuRankSearch<VertexT, EdgeId>>(slice);
  const std::uint64_t allocated = heap_in_use() - before;
  if (allocated == 0) GTEST_SKIP() << "glibc's allocator is not the one in use";
  const std::uint64_t global_bitmap = (static_cast<std::uint64_t>(n) + 31) / 32 * 4;
  const std::uint64_t figure = distributed_rank_host_bytes(slice.distribution, rank);
  // Blocks carry a few words of header each and mapped ones round up to pages.
  constexpr std::uint64_t kAllocatorSlack = 64 * 1024;
  EXPECT_LE(allocated, figure - global_bitmap + kAllocatorSlack);
  EXPECT_GE(allocated + kAllocatorSlack, figure - global_bitmap);
}

TEST(CpuRankBytes, CoverWhatASimulatedRankAllocates) {
  expect_rank_bytes_cover_its_buffers<std::int32_t>(VertexLayout::Striped, 1 << 20, 4, 1);
  expect_rank_bytes_cover_its_buffers<std::int32_t>(VertexLayout::Block, 3'000'001, 7, 6);
  expect_rank_bytes_cover_its_buffers<std::int64_t>(VertexLayout::Striped, 1 << 20, 3, 0);
}

}  // namespace
}  // namespace frontier
