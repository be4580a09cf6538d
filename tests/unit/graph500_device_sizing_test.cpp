// The device-memory estimate of Graph500 runs built on the GPU (graph500_device_bytes), checked
// against its documented composition computed by hand, and what a GPU run does where no GPU
// backend or GPU exists (a CudaError, never a crash). The GPU-side behaviour is in
// tests/gpu/graph500_gpu_test.cpp.
#include <gtest/gtest.h>

#include <cstdint>

#include "frontier/device.hpp"
#include "frontier/errors.hpp"
#include "frontier/runs/graph500.hpp"

namespace frontier::runs {
namespace {

constexpr std::uint64_t kHeadroom = std::uint64_t{256} << 20;

TEST(Graph500DeviceBytes, ScaleOneIsConstructionBound) {
  // n = 2, 32 tuples, 64 arcs. Construction: tuples 2*32*4 = 256, offsets 3*8 = 24, cursors
  // 2*8 = 16, arcs and sort buffer 2*64*4 = 512, sort allowance 16*2 + 64 MiB.
  // Search: offsets 24, arcs 256, labels and vertex queue 2*12 = 24, bitmaps 3*8 = 24,
  // edge queues 4*64*4 = 1024 -- far smaller.
  EXPECT_EQ(graph500_device_bytes(1, 16), 256u + 24 + 16 + 512 + 32 + (64u << 20) + kHeadroom);
}

TEST(Graph500DeviceBytes, ScaleTwentySixIsSearchBound) {
  // n = 2^26, 2^30 tuples, 2^31 arcs. Search, the BFS runner's buffers each rounded to 256
  // bytes (bfs_device_bytes): offsets 536871168, arcs 8589934592, labels and vertex queue
  // 805306368, bitmaps 3 * 2^23 = 25165824, edge queues 34359738368, hub chunks (2^22 + 2^19 + 1
  // of 32 bytes) 150995200 and counters 16896. Construction (27984396296) is smaller.
  EXPECT_EQ(graph500_device_bytes(26, 16), 44468028416u + kHeadroom);
}

TEST(Graph500DeviceBytes, GrowsWithSizeAndScale27FitsAnH200) {
  EXPECT_LT(graph500_device_bytes(20, 16), graph500_device_bytes(21, 16));
  EXPECT_LT(graph500_device_bytes(20, 16), graph500_device_bytes(20, 32));
  // An H200 has about 139 GiB usable: scale 27 (about 82.8 GiB) fits, scale 28 does not.
  constexpr std::uint64_t kH200Bytes = std::uint64_t{139} << 30;
  EXPECT_LT(graph500_device_bytes(27, 16), kH200Bytes);
  EXPECT_GT(graph500_device_bytes(28, 16), kH200Bytes);
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
