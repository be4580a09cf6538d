// Graph500 on two GPU ranks with 64-bit global vertex ids (runs/src/graph500/rank_backend.cpp on
// DistributedBfs<std::int64_t>): every GPU building its own slice, or the slices built on the host
// and uploaded, validated or not (nedge then counted on GPU 0 over the regenerated tuples), gives
// the same graph, roots, nedge and reach as the 32-bit run of the same seed and as the CPU
// simulation of the same ranks; `frontier graph500 --gpus 2 --vertex-ids 64` prints the same
// nedge figures as `--vertex-ids 32`. Skipped without two GPUs.
#include <gtest/gtest.h>

#include <string>
#include <utility>

#include "frontier/device.hpp"
#include "frontier/runs/graph500.hpp"
#include "support/cli_runner.hpp"
#include "support/require_gpu.hpp"

namespace frontier::runs {
namespace {

Graph500Config two_ranks(Device device, int vertex_id_bits) {
  Graph500Config config;
  config.scale = 13;
  config.edgefactor = 16;
  config.seed = 9;
  config.roots = 12;
  config.placement = Graph500Placement::Ranks;
  config.ranks = 2;
  config.device = std::move(device);
  config.vertex_id_bits = vertex_id_bits;
  return config;
}

Device two_gpus() { return Device{DeviceKind::Cuda, {0, 1}}; }

void expect_same_runs(const Graph500Result& got, const Graph500Result& expected,
                      const std::string& what) {
  EXPECT_EQ(got.num_vertices, expected.num_vertices) << what;
  EXPECT_EQ(got.num_arcs, expected.num_arcs) << what;
  ASSERT_EQ(got.runs.size(), expected.runs.size()) << what;
  for (std::size_t i = 0; i < got.runs.size(); ++i) {
    EXPECT_EQ(got.runs[i].root, expected.runs[i].root) << what << " run " << i;
    EXPECT_EQ(got.runs[i].nedge, expected.runs[i].nedge) << what << " run " << i;
    EXPECT_EQ(got.runs[i].vertices_reached, expected.runs[i].vertices_reached) << what;
    EXPECT_EQ(got.runs[i].validate_seconds >= 0.0, got.config.validate) << what << " " << i;
  }
}

TEST(Graph500WideIdsGpu, TwoGpuRanksMatchThirtyTwoBitIdsAndTheCpuSimulation) {
  FRONTIER_REQUIRE_GPUS(2);
  const Graph500Result simulated = run_graph500(two_ranks(Device::cpu(), 64));
  const Graph500Result narrow = run_graph500(two_ranks(two_gpus(), 32));
  ASSERT_EQ(narrow.runs.size(), 12u);
  expect_same_runs(simulated, narrow, "64-bit simulated ranks vs 32-bit GPU ranks");
  for (const bool build_on_device : {true, false}) {
    for (const bool validate : {true, false}) {
      const std::string what = std::string("64-bit GPU ranks, built on the ") +
                               (build_on_device ? "GPUs" : "host") +
                               (validate ? ", validated" : ", not validated");
      Graph500Config config = two_ranks(two_gpus(), 64);
      config.build_on_device = build_on_device;
      config.validate = validate;
      const Graph500Result wide = run_graph500(config);
      EXPECT_EQ(wide.config.vertex_id_bits, 64) << what;
      EXPECT_EQ(wide.built_on_device, build_on_device) << what;
      expect_same_runs(wide, narrow, what);
    }
  }
}

TEST(Graph500WideIdsGpu, CommandLineOnTwoGpus) {
  FRONTIER_REQUIRE_GPUS(2);
  const std::string run = "graph500 --gpus 2 --scale 12 --roots 8 --seed 4 --vertex-ids ";
  const test::CliRun narrow = test::run_cli(run + "32");
  const test::CliRun wide = test::run_cli(run + "64");
  ASSERT_EQ(narrow.exit_code, 0) << narrow.output();
  ASSERT_EQ(wide.exit_code, 0) << wide.output();
  for (const char* key : {"NBFS:", "min_nedge:", "median_nedge:", "max_nedge:"}) {
    const std::size_t at = narrow.out.find(key);
    ASSERT_NE(at, std::string::npos) << key << "\n" << narrow.out;
    const std::string line = narrow.out.substr(at, narrow.out.find('\n', at) - at);
    EXPECT_NE(wide.out.find(line), std::string::npos) << line << "\n" << wide.out;
  }
  EXPECT_NE(wide.err.find("64-bit vertex ids"), std::string::npos) << wide.err;
}

}  // namespace
}  // namespace frontier::runs
