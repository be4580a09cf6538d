// Graph500 with 64-bit global vertex ids on ranks simulated on the CPU: the same seed gives the
// same graph, roots, nedge, levels and validation as the run with 32-bit ids; where each width is
// taken (64-bit ids past scale 30 on ranks only, the engine and MPI refusing larger scales with a
// message naming the placement that takes them); the plan of a scale-31 run on four GPUs, sized
// with 8-byte ids, per GPU and per node; and the usage errors of `--vertex-ids`.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "frontier/distributed_bfs.hpp"
#include "frontier/errors.hpp"
#include "frontier/memory_sizing.hpp"
#include "frontier/runs/graph500.hpp"
#include "frontier/runs/graph500_memory.hpp"
#include "support/cli_runner.hpp"
#include "support/json_text.hpp"

namespace frontier {
namespace {

using test::CliRun;
using test::json_value;
using test::run_cli;

runs::Graph500Config ranks_config(int ranks, int vertex_id_bits, bool validate) {
  runs::Graph500Config config;
  config.scale = 11;
  config.edgefactor = 8;
  config.roots = 10;
  config.seed = 5;
  config.placement = runs::Graph500Placement::Ranks;
  config.device = Device::cpu();
  config.ranks = ranks;
  config.vertex_id_bits = vertex_id_bits;
  config.validate = validate;
  return config;
}

TEST(Graph500WideIds, RanksGiveTheSameRunAtEitherIdWidth) {
  for (const int ranks : {2, 3}) {
    for (const bool validate : {true, false}) {
      SCOPED_TRACE(std::to_string(ranks) + " ranks, validate " + std::to_string(validate));
      const runs::Graph500Result narrow = runs::run_graph500(ranks_config(ranks, 32, validate));
      const runs::Graph500Result wide = runs::run_graph500(ranks_config(ranks, 64, validate));
      EXPECT_EQ(narrow.config.vertex_id_bits, 32);
      EXPECT_EQ(wide.config.vertex_id_bits, 64);
      EXPECT_EQ(wide.num_vertices, narrow.num_vertices);
      EXPECT_EQ(wide.num_arcs, narrow.num_arcs);
      ASSERT_EQ(wide.runs.size(), narrow.runs.size());
      ASSERT_EQ(narrow.runs.size(), 10u);
      for (std::size_t i = 0; i < narrow.runs.size(); ++i) {
        EXPECT_EQ(wide.runs[i].root, narrow.runs[i].root) << "run " << i;
        EXPECT_EQ(wide.runs[i].nedge, narrow.runs[i].nedge) << "run " << i;
        EXPECT_EQ(wide.runs[i].levels, narrow.runs[i].levels) << "run " << i;
        EXPECT_EQ(wide.runs[i].vertices_reached, narrow.runs[i].vertices_reached) << "run " << i;
        EXPECT_EQ(wide.runs[i].validate_seconds >= 0.0, validate) << "run " << i;
      }
      ASSERT_TRUE(wide.distributed.has_value());
      EXPECT_EQ(wide.distributed->balance.max_arcs, narrow.distributed->balance.max_arcs);
      EXPECT_EQ(wide.distributed->bytes_exchanged.size(), narrow.runs.size());
    }
  }
}

// The runs' roots and nedge, read from `graph500 --json` in run order.
std::vector<std::string> roots_and_nedge(const std::string& json) {
  std::vector<std::string> values;
  for (const std::string key : {"\"root\":", "\"nedge\":"}) {
    const std::size_t runs = json.find("\"runs\":[");
    for (std::size_t at = json.find(key, runs); at != std::string::npos;
         at = json.find(key, at + 1)) {
      const std::size_t from = at + key.size();
      values.push_back(key + json.substr(from, json.find_first_of(",}", from) - from));
    }
  }
  return values;
}

TEST(Graph500WideIds, CommandLineRunsMatchAtEitherWidth) {
  for (const std::string ranks : {"2", "3"}) {
    const std::string run = "graph500 --scale 10 --roots 6 --seed 3 --json --ranks " + ranks;
    const CliRun narrow = run_cli(run + " --vertex-ids 32");
    const CliRun wide = run_cli(run + " --vertex-ids 64");
    ASSERT_EQ(narrow.exit_code, 0) << narrow.output();
    ASSERT_EQ(wide.exit_code, 0) << wide.output();
    const std::vector<std::string> expected = roots_and_nedge(narrow.out);
    EXPECT_EQ(expected.size(), 12u) << narrow.out;
    EXPECT_EQ(roots_and_nedge(wide.out), expected) << wide.out;
    EXPECT_NE(wide.err.find("64-bit vertex ids"), std::string::npos) << wide.err;
    EXPECT_EQ(narrow.err.find("64-bit vertex ids"), std::string::npos) << narrow.err;
    // The default at this scale is 32-bit, and its output the same.
    const CliRun by_default = run_cli(run);
    ASSERT_EQ(by_default.exit_code, 0) << by_default.output();
    EXPECT_EQ(roots_and_nedge(by_default.out), expected);
  }
}

TEST(Graph500WideIds, TheIdWidthAndLargestScaleOfEachPlacement) {
  runs::Graph500Config config;
  config.scale = runs::kMaxGraph500Scale32BitIds;
  EXPECT_EQ(runs::graph500_vertex_id_bits(config), 32);
  config.scale = runs::kMaxGraph500Scale32BitIds + 1;
  EXPECT_EQ(runs::graph500_vertex_id_bits(config), 64);
  config.vertex_id_bits = 32;
  EXPECT_EQ(runs::graph500_vertex_id_bits(config), 32);
  config.vertex_id_bits = 0;
  EXPECT_EQ(runs::graph500_max_scale(config), 30);
  config.placement = runs::Graph500Placement::MpiProcesses;
  EXPECT_EQ(runs::graph500_max_scale(config), 30);
  config.placement = runs::Graph500Placement::Ranks;
  EXPECT_EQ(runs::graph500_max_scale(config), 42);
  config.vertex_id_bits = 64;
  EXPECT_EQ(runs::graph500_max_scale(config), 42);
  config.device = Device{DeviceKind::Cuda, {0, 1}};
  EXPECT_EQ(runs::graph500_max_scale(config), 32);
  EXPECT_EQ(std::uint64_t{1} << runs::kMaxGraph500ScaleGpuRanks, kMaxGpuRankVertices);
  config.vertex_id_bits = 32;
  EXPECT_EQ(runs::graph500_max_scale(config), 30);
}

// The message of check_graph500_size's refusal of `config`; empty when accepted.
std::string refusal(const runs::Graph500Config& config) {
  try {
    runs::check_graph500_size(config);
  } catch (const InvalidArgument& error) {
    return error.what();
  }
  return {};
}

TEST(Graph500WideIds, OneDeviceAndMpiRefuseScalesPastThirtyTwoBitIds) {
  runs::Graph500Config config;
  config.scale = 31;
  EXPECT_EQ(refusal(config),
            "graph500 scale 31 is out of range [1, 30] on one device (vertex ids are 32-bit "
            "there); ranks take larger scales with 64-bit vertex ids: --gpus N (N >= 2) up to "
            "32, --ranks N up to 42");
  EXPECT_THROW(runs::run_graph500(config), InvalidArgument);
  config.placement = runs::Graph500Placement::MpiProcesses;
  EXPECT_NE(refusal(config).find("[1, 30] under MPI (vertex ids are 32-bit there)"),
            std::string::npos)
      << refusal(config);
  config.placement = runs::Graph500Placement::Ranks;
  config.ranks = 4;
  EXPECT_EQ(refusal(config), "");
  config.scale = 43;
  EXPECT_EQ(refusal(config), "graph500 scale 43 is out of range [1, 42] (vertex ids are 64-bit)");
  // GPU ranks keep their arcs' global ids in 32 bits: 2^32 vertices at most.
  config.device = Device{DeviceKind::Cuda, {0, 1, 2, 3}};
  config.scale = 32;
  EXPECT_EQ(refusal(config), "");
  config.scale = 33;
  EXPECT_EQ(refusal(config),
            "graph500 scale 33 is out of range [1, 32] on GPU ranks (their arcs keep 32-bit "
            "vertex ids); --ranks N simulates ranks on the CPU up to 42");
  config.device = Device::cpu();
  // 64-bit ids are asked of ranks only; widths other than 32 and 64 are refused.
  config.scale = 10;
  config.vertex_id_bits = 16;
  EXPECT_EQ(refusal(config), "graph500 vertex ids are 32 or 64 bits wide, not 16");
  config.vertex_id_bits = 64;
  config.placement = runs::Graph500Placement::Engine;
  EXPECT_NE(refusal(config).find("64-bit vertex ids runs on ranks"), std::string::npos);

  const CliRun engine = run_cli("graph500 --scale 31 --device cpu");
  EXPECT_EQ(engine.exit_code, 2) << engine.output();
  EXPECT_NE(engine.err.find("scale 31 is out of range [1, 30] on one device"), std::string::npos)
      << engine.output();
  EXPECT_NE(engine.err.find("--gpus N (N >= 2) up to 32, --ranks N up to 42"), std::string::npos)
      << engine.output();
}

TEST(Graph500WideIds, BadVertexIdWidthsAreUsageErrors) {
  for (const std::string value : {"48", "0", "abc", "''", "-64"}) {
    const CliRun run = run_cli("graph500 --scale 8 --ranks 2 --roots 2 --vertex-ids " + value);
    EXPECT_EQ(run.exit_code, 2) << value << "\n" << run.output();
    EXPECT_NE(run.err.find("usage error"), std::string::npos) << value << "\n" << run.output();
    EXPECT_EQ(run.out.find("harmonic_mean_TEPS"), std::string::npos) << run.out;
  }
  // 64-bit ids on the engine: refused, whatever the scale.
  const CliRun engine = run_cli("graph500 --scale 8 --device cpu --vertex-ids 64");
  EXPECT_EQ(engine.exit_code, 2) << engine.output();
  EXPECT_NE(engine.err.find("64-bit vertex ids runs on ranks"), std::string::npos)
      << engine.output();
}

TEST(Graph500WideIds, PlanAtScaleThirtyOneOnFourGpusUsesEightByteIdsAndFourByteArcs) {
  const runs::Graph500RankBytes wide = runs::graph500_rank_memory(31, 16, 4, VertexLayout::Striped);
  const CliRun json = run_cli("graph500 --scale 31 --gpus 4 --plan --json");
  ASSERT_EQ(json.exit_code, 0) << json.output();
  EXPECT_EQ(json_value(json.out, "vertex_id_bits"), "64") << json.out;
  EXPECT_EQ(json_value(json.out, "device_bytes"), std::to_string(wide.device_peak())) << json.out;
  EXPECT_EQ(json_value(json.out, "host_bytes"), "0") << json.out;  // validated on the GPUs
  EXPECT_EQ(json_value(json.out, "node_device_bytes"), std::to_string(wide.node_device_bytes()))
      << json.out;
  EXPECT_EQ(wide.node_device_bytes(), 4 * wide.gpus[0].peak());

  // 8-byte ids in the labels and the search buffers; the slice's arcs in 4-byte words.
  const std::uint64_t n = std::uint64_t{1} << 31;
  EXPECT_EQ(wide.host.labels, n * (sizeof(std::int32_t) + sizeof(std::int64_t)));
  const VertexDistribution<std::int64_t> distribution{VertexLayout::Striped,
                                                      static_cast<std::int64_t>(n), 4};
  const runs::Graph500RankDeviceBytes& gpu = wide.gpus[0];
  EXPECT_EQ(gpu.arcs, 2 * 16 * (n / 4));
  DeviceCsrBuildBytes build =
      device_csr_build_bytes(n / 4, gpu.arcs, IdBytes{sizeof(std::uint32_t), sizeof(EdgeId)});
  build.degree_table = rank_degree_table_bytes(4, n / 4);
  EXPECT_EQ(gpu.construction, build.peak());
  EXPECT_EQ(build.degree_table, n * sizeof(std::uint32_t));
  const std::uint64_t with_slice =
      distributed_rank_device_bytes<std::int64_t, EdgeId>(distribution, 0, gpu.arcs, false);
  const std::uint64_t without_slice =
      distributed_rank_device_bytes<std::int64_t, EdgeId>(distribution, 0, gpu.arcs, false, false);
  EXPECT_EQ(with_slice - without_slice, device_buffer_bytes(gpu.arcs, sizeof(std::uint32_t)) +
                                            device_buffer_bytes(n / 4 + 1, sizeof(EdgeId)));
  const std::uint64_t search =
      distributed_rank_device_bytes<std::int64_t, EdgeId>(distribution, 0, gpu.arcs, false);
  EXPECT_EQ(gpu.search, search + kDistributedNcclBufferBytes);

  // Sane figures: about twice scale 30's at the same width, and GiB, not PiB.
  const runs::Graph500RankBytes wide_30 =
      runs::graph500_rank_memory(30, 16, 4, VertexLayout::Striped, false, 64);
  const double growth =
      static_cast<double>(wide.device_peak()) / static_cast<double>(wide_30.device_peak());
  EXPECT_GT(growth, 1.8);
  EXPECT_LT(growth, 2.2);
  const runs::Graph500RankBytes narrow_30 =
      runs::graph500_rank_memory(30, 16, 4, VertexLayout::Striped);
  EXPECT_GT(wide_30.device_peak(), narrow_30.device_peak());
  EXPECT_LT(wide.device_peak(), std::uint64_t{1} << 40);  // under 1 TiB per GPU
  const CliRun text = run_cli("graph500 --scale 31 --gpus 4 --plan");
  ASSERT_EQ(text.exit_code, 0) << text.output();
  for (const char* part : {"64-bit vertex ids", "\nnode: ", " GiB peak"}) {
    EXPECT_NE(text.out.find(part), std::string::npos) << part << "\n" << text.out;
  }
  for (const char* unit : {"TiB", "PiB", "EiB"}) {
    EXPECT_EQ(text.out.find(unit), std::string::npos) << unit << "\n" << text.out;
  }
}

TEST(Graph500WideIds, PlansAskedForSixtyFourBitIdsAtSmallScales) {
  const CliRun narrow = run_cli("graph500 --scale 20 --gpus 2 --plan --json");
  const CliRun wide = run_cli("graph500 --scale 20 --gpus 2 --plan --json --vertex-ids 64");
  ASSERT_EQ(narrow.exit_code, 0) << narrow.output();
  ASSERT_EQ(wide.exit_code, 0) << wide.output();
  EXPECT_EQ(json_value(narrow.out, "vertex_id_bits"), "32");
  EXPECT_EQ(json_value(wide.out, "vertex_id_bits"), "64");
  EXPECT_EQ(
      json_value(wide.out, "device_bytes"),
      std::to_string(
          runs::graph500_rank_memory(20, 16, 2, VertexLayout::Striped, false, 64).device_peak()));
  EXPECT_LT(std::stoull(json_value(narrow.out, "device_bytes")),
            std::stoull(json_value(wide.out, "device_bytes")));
  // The one-device plan refuses 64-bit ids.
  const CliRun engine = run_cli("graph500 --scale 20 --gpus 1 --plan --vertex-ids 64");
  EXPECT_EQ(engine.exit_code, 2) << engine.output();
}

}  // namespace
}  // namespace frontier
