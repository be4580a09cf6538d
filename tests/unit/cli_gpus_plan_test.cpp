// `frontier graph500 --gpus N --plan` sizes a run on N GPU ranks that each build their own slice
// on their GPU, with or without a GPU present: the host bytes are the labels alone (no tuples,
// no graph), every GPU has its own figures, equal to graph500_rank_memory()'s, and more GPUs need
// fewer bytes each. `--gpus 1` runs the single-GPU engine: its plan is the engine's and a run says
// so in its JSON, and `bfs FILE --gpus 1 --plan` is the one-GPU plan. `bfs FILE --gpus N --plan`
// sizes the host that reads and cuts the file and every GPU's slice and buffers, `--ranks N` the
// simulated ranks' buffers, from the functions their runs check.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>

#include "frontier/device.hpp"
#include "frontier/distributed_bfs.hpp"
#include "frontier/io/read_graph.hpp"
#include "frontier/memory_sizing.hpp"
#include "frontier/partition/slices.hpp"
#include "frontier/runs/graph500.hpp"
#include "frontier/runs/graph500_memory.hpp"
#include "support/cli_runner.hpp"
#include "support/json_text.hpp"
#include "support/require_gpu.hpp"
#include "support/test_paths.hpp"

namespace frontier {
namespace {

using test::CliRun;
using test::json_value;
using test::run_cli;

std::string text(std::uint64_t value) { return std::to_string(value); }

int count_of(const std::string& text, const std::string& what) {
  int count = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) {
    ++count;
  }
  return count;
}

TEST(CliGpusPlan, JsonGivesTheHostAndEveryGpuWithoutAGpuPresent) {
  const CliRun result = run_cli("graph500 --scale 20 --device gpu --gpus 2 --plan --json");
  ASSERT_EQ(result.exit_code, 0) << result.output();
  const runs::Graph500RankBytes bytes =
      runs::graph500_rank_memory(20, 16, 2, VertexLayout::Striped);
  // A validated run checks the labels on the GPUs: the host holds none of them.
  EXPECT_EQ(json_value(result.out, "host_bytes"), "0") << result.out;
  EXPECT_EQ(json_value(result.out, "device_bytes"), text(bytes.device_peak())) << result.out;
  EXPECT_EQ(json_value(result.out, "gpus"), "2") << result.out;
  EXPECT_NE(result.out.find("\"placement\":\"ranks\""), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("\"per_gpu\":["), std::string::npos) << result.out;
  EXPECT_EQ(count_of(result.out, "\"gpu\":"), 2) << result.out;
  EXPECT_NE(result.out.find("\"gpu\":1,"), std::string::npos) << result.out;
  // Unvalidated, the host holds the labels the ranks gather, not the graph the single-GPU run
  // copies back for the host validator.
  const CliRun gathered =
      run_cli("graph500 --scale 20 --device gpu --gpus 2 --plan --json --no-validate");
  ASSERT_EQ(gathered.exit_code, 0) << gathered.output();
  EXPECT_EQ(json_value(gathered.out, "host_bytes"), text(bytes.host_peak())) << gathered.out;
  EXPECT_EQ(json_value(gathered.out, "device_bytes"), text(bytes.device_peak())) << gathered.out;
  EXPECT_LT(bytes.host_peak(),
            runs::graph500_memory_bytes(20, 16, runs::Graph500HostRole::ValidatesGraph));
  EXPECT_EQ(bytes.host_peak(), bfs_host_bytes(std::uint64_t{1} << 20, false, false).total());
  EXPECT_EQ(
      runs::graph500_rank_memory(20, 16, 2, VertexLayout::Striped, false, 0, false).host_peak(),
      0u);
  if (cuda_device_count() < 2) {
    EXPECT_NE(result.out.find("\"free_bytes\":null"), std::string::npos) << result.out;
  }
}

TEST(CliGpusPlan, TextHasALinePerGpu) {
  const CliRun result = run_cli("graph500 --scale 18 --gpus 3 --layout block --plan");
  ASSERT_EQ(result.exit_code, 0) << result.output();
  EXPECT_NE(result.out.find("on 3 GPUs"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("host: "), std::string::npos) << result.out;
  for (const char* gpu : {"GPU 0: ", "GPU 1: ", "GPU 2: "}) {
    EXPECT_NE(result.out.find(gpu), std::string::npos) << gpu << "\n" << result.out;
  }
  EXPECT_NE(result.out.find("fits: "), std::string::npos) << result.out;
  EXPECT_EQ(result.out.find("harmonic_mean_TEPS"), std::string::npos) << result.out;
}

TEST(CliGpusPlan, MoreGpusNeedFewerBytesEachAndTheHostNoMore) {
  const runs::Graph500RankBytes two = runs::graph500_rank_memory(26, 16, 2, VertexLayout::Striped);
  const runs::Graph500RankBytes four = runs::graph500_rank_memory(26, 16, 4, VertexLayout::Striped);
  EXPECT_LT(four.device_peak(), two.device_peak());
  EXPECT_EQ(four.host_peak(), two.host_peak());
  // A scale too large for any plan's host is still planned, not refused.
  const CliRun huge = run_cli("graph500 --scale 30 --gpus 8 --plan --json");
  ASSERT_EQ(huge.exit_code, 0) << huge.output();
  EXPECT_EQ(json_value(huge.out, "device_bytes"),
            text(runs::graph500_rank_memory(30, 16, 8, VertexLayout::Striped).device_peak()));
}

TEST(CliGpusPlan, EveryGpuIsSizedFromItsShareOfTheArcs) {
  const int scale = 16;
  const int edgefactor = 8;
  for (const VertexLayout layout : {VertexLayout::Striped, VertexLayout::Block}) {
    const runs::Graph500RankBytes bytes = runs::graph500_rank_memory(scale, edgefactor, 3, layout);
    ASSERT_EQ(bytes.gpus.size(), 3u);
    const VertexDistribution<VertexId> distribution{layout, VertexId{1} << scale, 3};
    std::uint64_t arcs = 0;
    for (int rank = 0; rank < 3; ++rank) {
      const runs::Graph500RankDeviceBytes& gpu = bytes.gpus[static_cast<std::size_t>(rank)];
      const auto local = static_cast<std::uint64_t>(distribution.local_count(rank));
      EXPECT_EQ(gpu.arcs, 2 * static_cast<std::uint64_t>(edgefactor) * local);
      DeviceCsrBuildBytes build = device_csr_build_bytes(local, gpu.arcs);
      build.degree_table =
          rank_degree_table_bytes(3, static_cast<std::uint64_t>(distribution.max_local_count()));
      EXPECT_EQ(gpu.construction, build.peak());
      const std::uint64_t search =
          distributed_rank_device_bytes<VertexId, EdgeId>(distribution, rank, gpu.arcs, false);
      EXPECT_EQ(gpu.search, search + kDistributedNcclBufferBytes);
      EXPECT_EQ(gpu.peak(),
                std::max(gpu.construction, gpu.search + gpu.check) + kDeviceMemoryHeadroom);
      arcs += gpu.arcs;
    }
    EXPECT_EQ(arcs, 2 * static_cast<std::uint64_t>(edgefactor) << scale);
  }
}

// The `key` of the per_gpu entry of GPU `gpu`.
std::string per_gpu_value(const std::string& json, int gpu, const std::string& key) {
  const std::size_t at = json.find("{\"gpu\":" + std::to_string(gpu) + ",");
  return at == std::string::npos ? "absent" : json_value(json.substr(at), key);
}

TEST(CliGpusPlan, BfsFileOnGpuRanksSizesEveryGpuWithoutAGpuPresent) {
  const auto path = test::bundled_dataset("karate.mtx");
  const io::LoadedGraph loaded = io::read_graph(path);
  const auto n = static_cast<std::uint64_t>(loaded.graph.num_vertices());
  const CliRun result = run_cli("bfs --gpus 3 --transport nccl --plan --json " + path.string());
  ASSERT_EQ(result.exit_code, 0) << result.output();
  EXPECT_EQ(json_value(result.out, "gpus"), "3");
  EXPECT_EQ(json_value(result.out, "sized_for_transport"), "\"nccl\"");
  const VertexDistribution<VertexId> distribution{VertexLayout::Striped,
                                                  loaded.graph.num_vertices(), 3};
  std::uint64_t arcs = 0;
  std::uint64_t node = 0;
  std::uint64_t largest = 0;
  for (int gpu = 0; gpu < 3; ++gpu) {
    const std::uint64_t estimated = std::stoull(per_gpu_value(result.out, gpu, "arcs_estimated"));
    const std::uint64_t search =
        distributed_rank_device_bytes<VertexId, EdgeId>(distribution, gpu, estimated, false);
    EXPECT_EQ(per_gpu_value(result.out, gpu, "slice_and_search"), text(search));
    const std::uint64_t peak = search + kDistributedNcclBufferBytes + kDeviceMemoryHeadroom;
    EXPECT_EQ(per_gpu_value(result.out, gpu, "peak_bytes"), text(peak));
    arcs += estimated;
    node += peak;
    largest = std::max(largest, peak);
  }
  // Every arc is on some GPU: the estimates, shares of the vertices rounded up, cover them.
  EXPECT_GE(arcs, static_cast<std::uint64_t>(loaded.graph.num_arcs()));
  EXPECT_LT(arcs, static_cast<std::uint64_t>(loaded.graph.num_arcs()) + 3);
  EXPECT_EQ(json_value(result.out, "device_bytes"), text(largest));
  EXPECT_EQ(json_value(result.out, "node_device_bytes"), text(node));
  // The host cuts the graph into slices beside itself, then keeps the slices and the labels.
  const std::uint64_t graph = std::stoull(json_value(result.out, "graph"));
  const std::uint64_t slices = std::stoull(json_value(result.out, "slices"));
  EXPECT_EQ(json_value(result.out, "labels"), text(bfs_host_bytes(n, false, false).labels));
  EXPECT_GE(std::stoull(json_value(result.out, "host_bytes")), graph + slices);
  EXPECT_EQ(json_value(result.out, "rank_buffers"), "absent");
  if (cuda_device_count() == 0) EXPECT_EQ(json_value(result.out, "fits"), "null");

  const CliRun plain = run_cli("bfs --gpus 3 --plan " + path.string());
  ASSERT_EQ(plain.exit_code, 0) << plain.output();
  EXPECT_NE(plain.out.find("on 3 GPUs (one rank each, striped layout"), std::string::npos)
      << plain.out;
  EXPECT_EQ(count_of(plain.out, "\nGPU "), 3) << plain.out;
  EXPECT_NE(plain.out.find("node: "), std::string::npos) << plain.out;
}

TEST(CliGpusPlan, BfsFileOnSimulatedRanksSizesTheSlicesAndTheRanksBuffers) {
  const auto path = test::bundled_dataset("tiny_undirected.mtx");
  const io::LoadedGraph loaded = io::read_graph(path);
  const CliRun result = run_cli("bfs --ranks 4 --layout block --plan --json " + path.string());
  ASSERT_EQ(result.exit_code, 0) << result.output();
  EXPECT_EQ(json_value(result.out, "ranks"), "4");
  EXPECT_EQ(json_value(result.out, "device"), "\"cpu\"");
  EXPECT_EQ(json_value(result.out, "device_bytes"), "0");
  EXPECT_EQ(json_value(result.out, "per_gpu"), "absent");
  const VertexDistribution<VertexId> distribution{VertexLayout::Block, loaded.graph.num_vertices(),
                                                  4};
  std::uint64_t buffers = 0;
  for (int rank = 0; rank < 4; ++rank) buffers += distributed_rank_host_bytes(distribution, rank);
  EXPECT_EQ(json_value(result.out, "rank_buffers"), text(buffers));
  // The slices the run cuts, against the plan's (arcs estimated per rank, so at least as many).
  std::uint64_t cut = 0;
  for (const auto& slice : partition::slice_graph(loaded.graph, VertexLayout::Block, 4)) {
    cut += slice.offsets.size() * sizeof(EdgeId) + slice.targets.size() * sizeof(VertexId);
  }
  const std::uint64_t slices = std::stoull(json_value(result.out, "slices"));
  EXPECT_GE(slices, cut);
  EXPECT_LT(slices, cut + 4 * sizeof(VertexId));
  EXPECT_EQ(json_value(result.out, "fits"), "true");
}

TEST(CliGpusPlan, BfsFilePlanRefusesMpiProcessesAndTwoPlacements) {
  const std::string path = test::bundled_dataset("karate.mtx").string();
  for (const std::string arguments : {"bfs --distributed --plan ", "bfs --gpus 2 --ranks 2 --plan ",
                                      "bfs --ranks 0 --plan ", "bfs --gpus 0 --plan "}) {
    const CliRun result = run_cli(arguments + path);
    EXPECT_EQ(result.exit_code, 2) << arguments << result.output();
    EXPECT_NE(result.err.find("usage error"), std::string::npos) << arguments << result.err;
  }
}

TEST(CliGpusPlan, RefusesDistributedAndNoGpus) {
  for (const char* arguments :
       {"graph500 --scale 10 --distributed --plan", "graph500 --scale 10 --gpus 0 --plan",
        "graph500 --scale 10 --gpus 2 --ranks 2 --plan"}) {
    const CliRun result = run_cli(arguments);
    EXPECT_NE(result.exit_code, 0) << arguments;
  }
}

TEST(CliGpusPlan, OneGpuIsTheEnginePlan) {
  const CliRun result = run_cli("graph500 --scale 20 --gpus 1 --plan --json");
  ASSERT_EQ(result.exit_code, 0) << result.output();
  EXPECT_NE(result.out.find("\"placement\":\"engine\""), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("\"device\":\"gpu\""), std::string::npos) << result.out;
  EXPECT_EQ(json_value(result.out, "device_bytes"),
            text(runs::graph500_device_bytes(20, 16, SearchOrder::DegreeClasses)));
}

// A scale whose vertices do not fit 32-bit ids is refused where ids are 32-bit (one device, or
// ranks asked for 32-bit ids), by the plan as by the run, saying which placement takes it, and
// planned with 64-bit ids on GPU ranks; never sized with overflowed counts.
TEST(CliGpusPlan, AScaleBeyondThirtyTwoBitIdsIsPlannedOnRanksOnly) {
  for (const std::string gpus : {"", " --gpus 1"}) {
    const CliRun result = run_cli("graph500 --scale 31 --plan" + gpus);
    EXPECT_EQ(result.exit_code, 2) << gpus;
    EXPECT_NE(result.err.find("scale 31 is out of range [1, 30] on one device (vertex ids are "
                              "32-bit there); ranks take larger scales with 64-bit vertex ids"),
              std::string::npos)
        << result.output();
    EXPECT_EQ(result.out.find("PiB"), std::string::npos) << result.out;
  }
  const CliRun narrow = run_cli("graph500 --scale 31 --plan --gpus 4 --vertex-ids 32");
  EXPECT_EQ(narrow.exit_code, 2) << narrow.output();
  EXPECT_NE(narrow.err.find("scale 31 is out of range [1, 30] (vertex ids are 32-bit; 64-bit ids "
                            "take larger scales: --gpus N (N >= 2) up to 32, --ranks N up to 42)"),
            std::string::npos)
      << narrow.output();
  const CliRun planned = run_cli("graph500 --scale 31 --plan --gpus 4");
  ASSERT_EQ(planned.exit_code, 0) << planned.output();
  EXPECT_EQ(planned.out.find("PiB"), std::string::npos) << planned.out;
  // Past 2^32 vertices GPU ranks are refused, by the plan as by the run.
  const CliRun largest = run_cli("graph500 --scale 32 --plan --gpus 8");
  EXPECT_EQ(largest.exit_code, 0) << largest.output();
  const CliRun beyond = run_cli("graph500 --scale 33 --plan --gpus 8");
  EXPECT_EQ(beyond.exit_code, 2) << beyond.output();
  EXPECT_NE(beyond.err.find("scale 33 is out of range [1, 32] on GPU ranks"), std::string::npos)
      << beyond.output();
}

TEST(CliGpusPlan, BfsFileOnOneGpuIsTheDevicePlanAndMoreGpusAreRanks) {
  const std::string path = test::bundled_dataset("karate.mtx").string();
  const CliRun one = run_cli("bfs --gpus 1 --plan --json " + path);
  ASSERT_EQ(one.exit_code, 0) << one.output();
  const CliRun device = run_cli("bfs --device gpu --plan --json " + path);
  ASSERT_EQ(device.exit_code, 0) << device.output();
  EXPECT_EQ(json_value(one.out, "device_bytes"), json_value(device.out, "device_bytes"));
  EXPECT_NE(json_value(one.out, "device_bytes"), "0") << one.out;
  EXPECT_EQ(json_value(one.out, "per_gpu"), "absent") << one.out;
  const CliRun two = run_cli("bfs --gpus 2 --plan --json " + path);
  ASSERT_EQ(two.exit_code, 0) << two.output();
  EXPECT_EQ(json_value(two.out, "gpus"), "2") << two.out;
  EXPECT_EQ(count_of(two.out, "{\"gpu\":"), 2) << two.out;
}

TEST(CliGpusPlan, OneGpuRunsTheSingleGpuEngine) {
  FRONTIER_REQUIRE_GPU();
  const CliRun result = run_cli("graph500 --scale 10 --roots 2 --gpus 1 --json");
  ASSERT_EQ(result.exit_code, 0) << result.output();
  EXPECT_NE(result.out.find("\"placement\":\"engine\""), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("\"device\":\"gpu\""), std::string::npos) << result.out;
  EXPECT_NE(result.err.find("the single-GPU engine runs on GPU 0"), std::string::npos)
      << result.err;
  // bfs FILE: the engine's report (its warm-up), not the ranks' (their count and layout).
  const CliRun bfs =
      run_cli("bfs --gpus 1 --sources 2 --json " + test::bundled_dataset("karate.mtx").string());
  ASSERT_EQ(bfs.exit_code, 0) << bfs.output();
  EXPECT_NE(bfs.out.find("\"warm_up_seconds\""), std::string::npos) << bfs.out;
  EXPECT_EQ(bfs.out.find("\"ranks\""), std::string::npos) << bfs.out;
}

}  // namespace
}  // namespace frontier
