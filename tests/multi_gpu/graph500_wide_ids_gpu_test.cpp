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
#include "support/graph500_checks.hpp"
#include "support/require_gpu.hpp"

namespace frontier::runs {
namespace {

Graph500Config two_ranks(Device device, int vertex_id_bits) {
  return {.scale = 13,
          .edgefactor = 16,
          .seed = 9,
          .roots = 12,
          .placement = Graph500Placement::Ranks,
          .device = std::move(device),
          .ranks = 2,
          .vertex_id_bits = vertex_id_bits};
}

Device two_gpus() { return Device{DeviceKind::Cuda, {0, 1}}; }

TEST(Graph500WideIdsGpu, TwoGpuRanksMatchThirtyTwoBitIdsAndTheCpuSimulation) {
  FRONTIER_REQUIRE_GPUS(2);
  const Graph500Result simulated = run_graph500(two_ranks(Device::cpu(), 64));
  const Graph500Result narrow = run_graph500(two_ranks(two_gpus(), 32));
  ASSERT_EQ(narrow.runs.size(), 12u);
  test::expect_same_graph500_runs(simulated, narrow, "64-bit simulated ranks vs 32-bit GPU ranks",
                                  false);
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
      test::expect_same_graph500_runs(wide, narrow, what, true);
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
