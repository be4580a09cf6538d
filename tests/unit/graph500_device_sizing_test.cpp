// The device-memory estimate of Graph500 runs built on the GPU (graph500_device_bytes), checked
// against its documented composition computed by hand, and what a GPU run does where no GPU
// backend or GPU exists (a CudaError, never a crash). The GPU-side behaviour is in
// tests/gpu/graph500_gpu_test.cpp.
#include <gtest/gtest.h>

#include <cstdint>

#include "frontier/device.hpp"
#include "frontier/errors.hpp"
#include "frontier/runs/graph500.hpp"
#include "frontier/runs/graph500_memory.hpp"

namespace frontier::runs {
namespace {

constexpr std::uint64_t kHeadroom = std::uint64_t{256} << 20;

TEST(Graph500DeviceBytes, ScaleOneIsConstructionBound) {
  // n = 2, 32 tuples, 64 arcs; every buffer rounded to 256 bytes. Construction (no tuple list):
  // offsets 256, arcs 256, then the larger of the cursors (256) and the sort's second buffer
  // (64 ids: 256) plus its scratch allowance (16 * 2 + 1 MiB) = 256 + 256 + 256 + 32 + 2^20.
  // Search: graph 512, labels 512, bitmaps 768, first in-neighbours 256, vertex queue 256, edge
  // queues 1024, hub chunks,
  // counters, the kept labels and the validator's arrays a few KiB more -- far smaller.
  EXPECT_EQ(graph500_device_bytes(1, 16), 256u + 256 + 256 + 32 + (1u << 20) + kHeadroom);
}

TEST(Graph500DeviceBytes, ScaleTwentySixIsSearchBound) {
  // n = 2^26, 2^30 tuples, 2^31 arcs. Search, the BFS runner's buffers each rounded to 256
  // bytes (bfs_device_bytes): offsets 536871168, arcs 8589934592, labels, the first
  // in-neighbours and two vertex queues 5 * 2^28 = 1342177280, bitmaps 3 * 2^23 = 25165824, edge
  // queues 768 MiB = 805306368 (2^24 * 3 ids each), hub chunks (98304 + 12288 + 1 of 32 bytes)
  // 3539200, counters 16896, the bottom-up gate 256 and the pass tiles (2^15 + 1 of 8 bytes)
  // 262400 plus their state 256 = 11303274240; beside them the labels
  // kept on the GPU (depth and parent, 2^28 each) and the validator's byte levels and parent-arc
  // marks (2^26 each) and nibble levels (2^25), 704643072, and nedge's tuple count per vertex
  // (2^28) and sum (256). Construction (9663676672, below) is smaller.
  EXPECT_EQ(graph500_device_bytes(26, 16),
            11303274240u + 704643072u + 268435456u + 256u + kHeadroom);
}

TEST(Graph500DeviceBytes, ConstructionHoldsNoTuplesAndNoSecondArcBuffer) {
  // Kernel 1 at scale 26: offsets (2^26 + 1) * 8 rounded = 536871168, arcs 2^31 * 4 =
  // 8589934592, and the cursors 2^26 * 8 = 536870912, larger than the sort's batch buffer
  // (2^25 ids = 134217728) plus its scratch allowance (16 * 2^24 + 2^20 = 269484032).
  const Graph500DeviceBytes at26 = graph500_device_memory(26, 16);
  EXPECT_EQ(at26.construction.peak(), 536871168u + 8589934592u + 536870912u);
  EXPECT_EQ(at26.construction.sort_buffer, std::uint64_t{1} << 27);
  // Scale 28: 2147483904 + 34359738368 + 2147483648 (about 36 GiB: the CSR and the cursors), and
  // scale 29 about 72 GiB: kernel 1 alone fits an H100 at scale 28 and an H200 at scale 29.
  EXPECT_EQ(graph500_device_memory(28, 16).construction.peak(),
            2147483904u + 34359738368u + 2147483648u);
  constexpr std::uint64_t kH100Bytes = std::uint64_t{79} << 30;
  constexpr std::uint64_t kH200Bytes = std::uint64_t{139} << 30;
  EXPECT_LT(graph500_device_memory(28, 16).construction.peak(), kH100Bytes);
  EXPECT_LT(graph500_device_memory(29, 16).construction.peak(), kH200Bytes);
}

TEST(Graph500DeviceBytes, GrowsWithSizeAndScale28FitsAnH100And29AnH200) {
  EXPECT_LT(graph500_device_bytes(20, 16), graph500_device_bytes(21, 16));
  EXPECT_LT(graph500_device_bytes(20, 16), graph500_device_bytes(20, 32));
  // The BFS buffers are the CSR plus about 20.4 bytes per vertex and 772 MiB, the labels a
  // validated run keeps on the GPU 10.5 more per vertex, and nedge's tuple counts 4 more: scale
  // 28 needs 46947256320 bytes (43.7 GiB), scale 29 92817213440 (86.4 GiB), scale 30 about 172
  // GiB. An H100 has about 79 GiB usable, an H200 about 139 GiB.
  constexpr std::uint64_t kH100Bytes = std::uint64_t{79} << 30;
  constexpr std::uint64_t kH200Bytes = std::uint64_t{139} << 30;
  EXPECT_EQ(graph500_device_bytes(28, 16), 46947256320u);
  EXPECT_EQ(graph500_device_bytes(29, 16), 92817213440u);
  EXPECT_LT(graph500_device_bytes(28, 16), kH100Bytes);
  EXPECT_GT(graph500_device_bytes(29, 16), kH100Bytes);
  EXPECT_LT(graph500_device_bytes(29, 16), kH200Bytes);
  EXPECT_GT(graph500_device_bytes(30, 16), kH200Bytes);
}

// The degree-class order built on the GPU: both directions of the order (4-byte ids, 8 bytes a
// vertex) held from kernel 1 on, and a search's labels rewritten in it for the validator (depth
// and parent, 8 more), beside whichever of construction and search is larger: 2^29 * 16 = 8 GiB
// more at scale 29, which still fits an H200.
TEST(Graph500DeviceBytes, TheDegreeOrderAddsSixteenBytesAVertex) {
  for (const int scale : {10, 26, 29}) {
    const std::uint64_t n = std::uint64_t{1} << scale;
    EXPECT_EQ(graph500_device_memory(scale, 16, SearchOrder::DegreeClasses).search_order, 16 * n);
    EXPECT_EQ(graph500_device_bytes(scale, 16, SearchOrder::DegreeClasses),
              graph500_device_bytes(scale, 16) + 16 * n)
        << scale;
  }
  EXPECT_EQ(graph500_device_memory(26, 16).search_order, 0u);
  constexpr std::uint64_t kH200Bytes = std::uint64_t{139} << 30;
  EXPECT_LT(graph500_device_bytes(29, 16, SearchOrder::DegreeClasses), kH200Bytes);
}

// The OutOfMemory advice of a run too large for one GPU: the fewest of 2, 4, 8 GPUs whose every
// rank fits the same free memory, by the plan of graph500_rank_memory.
TEST(Graph500DeviceBytes, FewestGpusThatHoldARun) {
  const auto peak = [](int scale, int gpus) {
    return graph500_rank_memory(scale, 16, gpus, VertexLayout::Striped, false).device_peak();
  };
  EXPECT_GT(peak(28, 2), peak(28, 4));
  EXPECT_EQ(fewest_graph500_gpus(28, 16, peak(28, 2)), 2);
  EXPECT_EQ(fewest_graph500_gpus(28, 16, peak(28, 2) - 1), 4);
  EXPECT_EQ(fewest_graph500_gpus(28, 16, peak(28, 4)), 4);
  EXPECT_EQ(fewest_graph500_gpus(28, 16, peak(28, 8)), 8);
  EXPECT_EQ(fewest_graph500_gpus(28, 16, peak(28, 8) - 1), 0);
  // Scale 29 on one 80 GB H100 (about 79 GiB free) is refused, but two of them hold it.
  constexpr std::uint64_t kH100Bytes = std::uint64_t{79} << 30;
  EXPECT_GT(graph500_device_bytes(29, 16), kH100Bytes);
  EXPECT_EQ(fewest_graph500_gpus(29, 16, kH100Bytes), 2);
}

TEST(Graph500DeviceBytes, GpuRunWithoutAGpuIsACudaError) {
  if (cuda_device_count() > 0) GTEST_SKIP() << "a GPU is present (tests/gpu covers GPU runs)";
  Graph500Config config;
  config.scale = 6;
  config.roots = 2;
  config.device = Device::cuda(0);
  EXPECT_THROW(run_graph500(config), CudaError);
}

}  // namespace
}  // namespace frontier::runs
