// Graph500 runs on the GPU (runs/src/graph500/engine_backend.cpp, rank_backend.cpp): a run
// whose tuples and CSR are made on the GPU finds the same roots, arc count and per-root nedge as
// the host-built run of the same seed, validates every tree, and reports its construction as
// built on the device, with no host copy of the CSR unless the host validator reads it; so does a
// run on one GPU rank, and a run built in the degree-class order; a size beyond the GPU is
// OutOfMemory naming graph500_device_bytes() and the free bytes before anything is allocated.
// Skipped without a GPU.
#include <gtest/gtest.h>

#include <string>

#include "frontier/device.hpp"
#include "frontier/errors.hpp"
#include "frontier/runs/graph500.hpp"
#include "support/graph500_checks.hpp"
#include "support/require_gpu.hpp"

namespace frontier::runs {
namespace {

Graph500Config small_config(Device device, bool build_on_device) {
  Graph500Config config;
  config.scale = 13;
  config.edgefactor = 16;
  config.seed = 5;
  config.roots = 16;
  config.device = device;
  config.build_on_device = build_on_device;
  return config;
}

TEST(Graph500Gpu, DeviceBuiltRunMatchesHostBuiltRun) {
  FRONTIER_REQUIRE_GPU();
  const Graph500Result cpu = run_graph500(small_config(Device::cpu(), true));
  const Graph500Result gpu = run_graph500(small_config(Device::cuda(0), true));
  EXPECT_FALSE(cpu.built_on_device);
  EXPECT_TRUE(gpu.built_on_device);
  EXPECT_GT(gpu.construction_seconds, 0.0);
  // Validated on the GPU, the run keeps the CSR there alone: no host copy.
  EXPECT_EQ(gpu.host_copy_seconds, 0.0);
  EXPECT_EQ(cpu.host_copy_seconds, 0.0);
  ASSERT_EQ(gpu.runs.size(), 16u);
  test::expect_same_graph500_runs(gpu, cpu, "GPU-built vs CPU", false);
}

// The host validator reads a host copy of the GPU-built CSR: the same roots, nedge and verdicts.
TEST(Graph500Gpu, HostValidatedRunCopiesTheGraphBack) {
  FRONTIER_REQUIRE_GPU();
  const Graph500Result on_gpu = run_graph500(small_config(Device::cuda(0), true));
  Graph500Config config = small_config(Device::cuda(0), true);
  config.validate_on_host = true;
  const Graph500Result on_host = run_graph500(config);
  EXPECT_GT(on_host.host_copy_seconds, 0.0);
  ASSERT_EQ(on_host.runs.size(), 16u);
  test::expect_same_graph500_runs(on_host, on_gpu, "validated on the host vs on the GPU", true);
}

TEST(Graph500Gpu, HostBuildOnTheGpuMatchesDeviceBuild) {
  FRONTIER_REQUIRE_GPU();
  const Graph500Result device_built = run_graph500(small_config(Device::cuda(0), true));
  const Graph500Result host_built = run_graph500(small_config(Device::cuda(0), false));
  EXPECT_FALSE(host_built.built_on_device);
  test::expect_same_graph500_runs(device_built, host_built, "device-built vs host-built on the GPU",
                                  true);
}

// Kernel 1 in the degree-class order on the GPU: the same roots, arcs and per-root nedge, every
// tree validated on the GPU in the generator's ids, as the graph's own order.
TEST(Graph500Gpu, DegreeOrderBuiltOnTheGpuMatchesTheGraphsOrder) {
  FRONTIER_REQUIRE_GPU();
  Graph500Config config = small_config(Device::cuda(0), true);
  config.search_order = SearchOrder::AsGiven;
  const Graph500Result given = run_graph500(config);
  config.search_order = std::nullopt;  // the automatic pick on a GPU-built graph
  const Graph500Result ordered = run_graph500(config);
  EXPECT_EQ(ordered.config.search_order, SearchOrder::DegreeClasses);
  EXPECT_TRUE(ordered.built_on_device);
  EXPECT_EQ(ordered.host_copy_seconds, 0.0);
  ASSERT_EQ(ordered.runs.size(), 16u);
  test::expect_same_graph500_runs(ordered, given, "degree order vs the graph's, GPU-built", true);
}

TEST(Graph500Gpu, OneGpuRankMatchesTheEngine) {
  FRONTIER_REQUIRE_GPU();
  const Graph500Result engine = run_graph500(small_config(Device::cuda(0), true));
  Graph500Config config = small_config(Device::cuda(0), true);
  config.placement = Graph500Placement::Ranks;
  config.ranks = 1;
  const Graph500Result rank = run_graph500(config);
  ASSERT_TRUE(rank.distributed.has_value());
  EXPECT_EQ(rank.distributed->bytes_exchanged.size(), rank.runs.size());
  test::expect_same_graph500_runs(rank, engine, "one GPU rank vs the engine on the GPU", false);
}

TEST(Graph500Gpu, TooLargeForTheGpuIsOutOfMemoryBeforeAllocating) {
  FRONTIER_REQUIRE_GPU();
  try {
    // The check a run built on the GPU makes before it allocates anything.
    check_graph500_device_memory(30, 16, 0);
    FAIL() << "expected OutOfMemory";
  } catch (const OutOfMemory& error) {
    EXPECT_EQ(error.bytes_needed(), graph500_device_bytes(30, 16));
    EXPECT_LT(error.bytes_free(), error.bytes_needed());
    EXPECT_NE(std::string(error.what()).find("GPU 0"), std::string::npos) << error.what();
  }
  // A run of that size stops at that sizing step, before its first allocation: its error names
  // the whole run's device peak (an allocation that failed later would name its own size). The
  // GPU's free memory is not compared before and after: other test programs share the GPU.
  // Built on the GPU, the run searches in the degree order unless told otherwise, whose order
  // the peak counts too.
  Graph500Config config = small_config(Device::cuda(0), true);
  config.scale = 30;
  for (const SearchOrder order : {SearchOrder::DegreeClasses, SearchOrder::AsGiven}) {
    SCOPED_TRACE(std::string(to_string(order)));
    if (order == SearchOrder::AsGiven) config.search_order = order;
    try {
      run_graph500(config);
      FAIL() << "expected OutOfMemory";
    } catch (const OutOfMemory& error) {
      EXPECT_EQ(error.bytes_needed(), graph500_device_bytes(30, 16, order)) << error.what();
    }
  }
}

}  // namespace
}  // namespace frontier::runs
