// The single-GPU BFS's bounded edge queues (bfs_cuda_sizing.hpp): max(n, m) items on graphs small
// enough, never more than 768 MiB for the four edge arrays, hub-chunk slots following the queue,
// and bfs_device_bytes() growing by a fixed amount per vertex once the queues are capped.
#include <gtest/gtest.h>

#include <cstdint>

#include "bfs/cuda/bfs_cuda_sizing.hpp"
#include "frontier/memory_sizing.hpp"

namespace frontier {
namespace {

using cuda::bfs_edge_queue_slots;
using cuda::bfs_hub_chunk_slots;
using cuda::kBfsEdgeBufferBytes;

constexpr std::uint64_t kMiB = std::uint64_t{1} << 20;

TEST(BfsQueueSizing, SmallGraphsKeepMaxOfVerticesAndArcs) {
  EXPECT_EQ(bfs_edge_queue_slots(1000, 5000, 4), 5000u);
  EXPECT_EQ(bfs_edge_queue_slots(9000, 5000, 4), 9000u);
  EXPECT_EQ(bfs_edge_queue_slots(1, 0, 8), 1u);
  EXPECT_EQ(bfs_edge_queue_slots(0, 0, 4), 1u);
}

TEST(BfsQueueSizing, LargeGraphsAreCappedAt768MiBForFourArrays) {
  EXPECT_EQ(kBfsEdgeBufferBytes, 768 * kMiB);
  // 32-bit ids: 4 arrays of 4 bytes, 48 Mi items; 64-bit ids: 24 Mi items.
  EXPECT_EQ(bfs_edge_queue_slots(std::uint64_t{1} << 26, std::uint64_t{1} << 31, 4), 48 * kMiB);
  EXPECT_EQ(bfs_edge_queue_slots(std::uint64_t{1} << 26, std::uint64_t{1} << 31, 8), 24 * kMiB);
  // The cap is where max(n, m) reaches it, exactly.
  EXPECT_EQ(bfs_edge_queue_slots(1, 48 * kMiB - 1, 4), 48 * kMiB - 1);
  EXPECT_EQ(bfs_edge_queue_slots(1, 48 * kMiB + 1, 4), 48 * kMiB);
}

TEST(BfsQueueSizing, HubChunkSlotsFollowTheQueue) {
  // A queue of q items holds hub lists of at most q arcs: q / 512 + q / 4096 + 1 chunks.
  EXPECT_EQ(bfs_hub_chunk_slots(48 * kMiB), 48 * kMiB / 512 + 48 * kMiB / 4096 + 1);
  EXPECT_EQ(bfs_hub_chunk_slots(1), 1u);
  // A hub level adds lists from 256 arcs on, at most 4096 of them and at most q / 256: from 1 Mi
  // to 16 Mi items that is 4096 lists, more than q / 4096.
  EXPECT_EQ(bfs_hub_chunk_slots(kMiB), kMiB / 512 + 4096 + 1);
  EXPECT_EQ(bfs_hub_chunk_slots(kMiB / 2), kMiB / 2 / 512 + kMiB / 2 / 256 + 1);
  EXPECT_EQ(bfs_hub_chunk_slots(16 * kMiB), 16 * kMiB / 512 + 4096 + 1);
}

TEST(BfsQueueSizing, DeviceBytesAreCsrPlusPerVertexPlusFixed) {
  // Past the cap, one more vertex adds the same bytes whatever the arcs: depth, parent, the first
  // in-neighbour, two vertex queues (4 bytes each with 32-bit ids), three bitmaps; the edge
  // queues stay 768 MiB.
  const std::uint64_t n = std::uint64_t{1} << 26;
  const BfsDeviceBytes small = bfs_device_bytes(n, std::uint64_t{1} << 31, false);
  const BfsDeviceBytes large = bfs_device_bytes(n, std::uint64_t{1} << 33, false);
  EXPECT_EQ(small.edge_queues, 768 * kMiB);
  EXPECT_EQ(large.edge_queues, 768 * kMiB);
  EXPECT_EQ(large.buffers(), small.buffers());
  EXPECT_EQ(small.labels + small.first_in_neighbours + small.vertex_queue, 20 * n);
  EXPECT_EQ(small.bitmaps, 3 * n / 8);
  // Fixed part: edge queues, hub chunks, counters, pass tiles: under 1 GiB; the whole working
  // set beyond the CSR under 20.4 bytes per vertex plus 772 MiB.
  EXPECT_LT(small.edge_queues + small.bookkeeping, 800 * kMiB);
  EXPECT_LE(small.buffers(), n * 204 / 10 + 772 * kMiB);
  // 64-bit vertex ids: 36.4 bytes per vertex, the edge queues still 768 MiB.
  const BfsDeviceBytes wide = bfs_device_bytes(n, std::uint64_t{1} << 31, false, IdBytes{8, 8});
  EXPECT_EQ(wide.edge_queues, 768 * kMiB);
  EXPECT_EQ(wide.labels + wide.first_in_neighbours + wide.vertex_queue, 36 * n);
}

}  // namespace
}  // namespace frontier
