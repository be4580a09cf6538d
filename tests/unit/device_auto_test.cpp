// Device::automatic() and `--device auto`: the choice as a pure function of the work's size and
// an injected "GPU usable" flag; its resolution on this machine (the CPU without a GPU, and for
// work below the threshold everywhere) by the Engine, the free BFS, list ranking and the Euler
// tour; the command line reporting the device it chose.
#include <gtest/gtest.h>

#include <numeric>
#include <string>
#include <vector>

#include "frontier/csr_builder.hpp"
#include "frontier/device.hpp"
#include "frontier/engine.hpp"
#include "frontier/euler_tour.hpp"
#include "frontier/io/generators.hpp"
#include "frontier/list_ranking.hpp"
#include "frontier/reference_bfs.hpp"
#include "support/cli_runner.hpp"
#include "support/test_paths.hpp"

namespace frontier {
namespace {

Graph grid_graph(std::int64_t side) {
  CsrBuildOptions options;
  options.symmetrize = true;
  return build_csr<VertexId, EdgeId>(io::generate_grid_2d<VertexId>(side, side), options);
}

TEST(DeviceAuto, ParsesAndPrintsAsAuto) {
  const Device device = parse_device("auto");
  EXPECT_TRUE(device.is_auto());
  EXPECT_FALSE(device.is_cuda());
  EXPECT_TRUE(device.cuda_ids.empty());
  EXPECT_EQ(to_string(DeviceKind::Auto), "auto");
  EXPECT_EQ(parse_device_kind("auto"), DeviceKind::Auto);
  EXPECT_TRUE(Device::automatic().is_auto());
  EXPECT_FALSE(parse_device("cpu").is_auto());
  EXPECT_FALSE(parse_device("gpu").is_auto());
}

TEST(DeviceAuto, WithoutAGpuChoosesTheCpuWhateverTheSize) {
  for (const std::int64_t arcs : {std::int64_t{0}, kAutoDeviceGpuMinArcs, std::int64_t{1} << 40}) {
    for (const bool gpu_only : {false, true}) {
      const DeviceChoice choice = choose_device(arcs, false, gpu_only);
      EXPECT_EQ(choice.device.kind, DeviceKind::Cpu) << arcs;
      EXPECT_NE(choice.reason.find("no usable CUDA GPU"), std::string::npos) << choice.reason;
    }
  }
}

TEST(DeviceAuto, WithAGpuChoosesItFromTheThresholdOn) {
  const DeviceChoice small = choose_device(kAutoDeviceGpuMinArcs - 1, true);
  EXPECT_EQ(small.device.kind, DeviceKind::Cpu);
  EXPECT_NE(small.reason.find(std::to_string(kAutoDeviceGpuMinArcs - 1) + " arcs"),
            std::string::npos)
      << small.reason;
  EXPECT_NE(small.reason.find("below"), std::string::npos) << small.reason;
  EXPECT_EQ(choose_device(0, true).device.kind, DeviceKind::Cpu);

  for (const std::int64_t arcs : {kAutoDeviceGpuMinArcs, std::int64_t{1} << 40}) {
    const DeviceChoice large = choose_device(arcs, true);
    EXPECT_TRUE(large.device.is_cuda()) << arcs;
    EXPECT_EQ(large.device.cuda_ids, std::vector<int>{0});
    EXPECT_NE(large.reason.find(std::to_string(arcs) + " arcs"), std::string::npos) << large.reason;
  }
}

TEST(DeviceAuto, WorkThatRunsOnTheGpuOnlyTakesItWhateverTheSize) {
  const DeviceChoice choice = choose_device(10, true, true);
  EXPECT_TRUE(choice.device.is_cuda());
  EXPECT_NE(choice.reason.find("GPU only"), std::string::npos) << choice.reason;
}

TEST(DeviceAuto, ResolvingLeavesAChosenDeviceAlone) {
  EXPECT_EQ(resolve_device(Device::cpu(), std::int64_t{1} << 40).kind, DeviceKind::Cpu);
  const Device gpu3 = resolve_device(Device::cuda(3), 0);
  EXPECT_TRUE(gpu3.is_cuda());
  EXPECT_EQ(gpu3.cuda_ids, std::vector<int>{3});
}

TEST(DeviceAuto, ResolvesToTheCpuWithoutAGpu) {
  if (cuda_device_count() > 0) GTEST_SKIP() << "a usable GPU is present";
  EXPECT_EQ(resolve_device(Device::automatic(), std::int64_t{1} << 40).kind, DeviceKind::Cpu);
  EXPECT_EQ(resolve_device(Device::automatic(), 1, true).kind, DeviceKind::Cpu);
}

// A 40 x 40 grid has 6240 arcs: below the threshold, so the CPU on every machine.
TEST(DeviceAuto, SmallWorkResolvesToTheCpuEverywhere) {
  ASSERT_LT(grid_graph(40).num_arcs(), kAutoDeviceGpuMinArcs);
  const Engine engine(grid_graph(40), Device::automatic());
  EXPECT_EQ(engine.device().kind, DeviceKind::Cpu);
  EXPECT_EQ(engine.warm_up_seconds(), 0.0);
  EXPECT_EQ(engine.bfs(0).depth, reference_bfs(engine.graph(), 0).depth);

  const Graph graph = grid_graph(40);
  const BfsResult<VertexId> free_search =
      bfs<VertexId, EdgeId>(graph, VertexId{5}, BfsOptions{}, Device::automatic());
  EXPECT_EQ(free_search.depth, reference_bfs(graph, 5).depth);

  // One list 0 -> 1 -> ... -> 999.
  std::vector<VertexId> successor(1000);
  std::iota(successor.begin(), successor.end(), 1);
  successor.back() = -1;
  ListRankingOptions ranking;
  ranking.device = Device::automatic();
  const std::vector<VertexId> rank = list_rank<VertexId>(successor, ranking);
  for (VertexId v = 0; v < 1000; ++v) ASSERT_EQ(rank[v], v);

  // A path 0 - 1 - 2 - 3 as a tree rooted at 0.
  EdgeList<VertexId> edges;
  edges.num_vertices = 4;
  edges.sources = {0, 1, 2};
  edges.targets = {1, 2, 3};
  edges.directed = false;
  CsrBuildOptions symmetric;
  symmetric.symmetrize = true;
  const Graph path = build_csr<VertexId, EdgeId>(edges, symmetric);
  EulerTourOptions euler;
  euler.device = Device::automatic();
  const RootedForest<VertexId> tree = euler_tour_ops<VertexId, EdgeId>(path, {}, euler);
  EXPECT_EQ(tree.depth, (std::vector<std::int32_t>{0, 1, 2, 3}));
}

TEST(DeviceAuto, CommandsReportTheDeviceTheyChose) {
  // Karate (156 arcs), a 1000-node list, a 100-vertex tree and a scale-6 Graph500 graph are all
  // below the threshold: the CPU on every machine.
  const std::string karate = test::bundled_dataset("karate.mtx").string();
  const test::CliRun bfs = test::run_cli("bfs --device auto --source 0 --json " + karate);
  ASSERT_EQ(bfs.exit_code, 0) << bfs.err;
  EXPECT_NE(bfs.out.find("\"device\":\"cpu\""), std::string::npos) << bfs.out;
  EXPECT_NE(bfs.out.find("\"warm_up_seconds\":0"), std::string::npos) << bfs.out;
  EXPECT_NE(bfs.err.find("device auto: CPU"), std::string::npos) << bfs.err;

  for (const std::string command :
       {"rank --device auto --nodes 1000 --json", "euler --device auto --random-tree 100 --json",
        "graph500 --device auto --scale 6 --roots 2 --json"}) {
    const test::CliRun run = test::run_cli(command);
    ASSERT_EQ(run.exit_code, 0) << command << "\n" << run.err;
    EXPECT_NE(run.out.find("\"device\":\"cpu\""), std::string::npos) << command << "\n" << run.out;
    EXPECT_NE(run.err.find("device auto: CPU"), std::string::npos) << command << "\n" << run.err;
  }
}

}  // namespace
}  // namespace frontier
