// `frontier graph500 --plan` and `frontier bfs FILE --plan`: the plan prints and exits 0 without
// running (with or without a GPU: on a machine without one, a GPU plan still gives the device
// figure and says the fit is unknown), its JSON carries host_bytes and device_bytes as integers
// equal to the sizing functions' figures, and a file's plan agrees with the CSR the file gives.
#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <regex>
#include <string>

#include "frontier/device.hpp"
#include "frontier/io/graph_size.hpp"
#include "frontier/io/read_graph.hpp"
#include "frontier/memory_sizing.hpp"
#include "frontier/runs/graph500.hpp"
#include "frontier/runs/graph500_memory.hpp"
#include "support/cli_runner.hpp"
#include "support/temp_files.hpp"
#include "support/test_paths.hpp"

namespace frontier {
namespace {

using test::CliRun;
using test::run_cli;

// The integer value of the first "key": N in a JSON text; nullopt when absent or not an integer.
std::optional<std::uint64_t> json_integer(const std::string& json, const std::string& key) {
  std::smatch match;
  if (!std::regex_search(json, match, std::regex("\"" + key + "\":(\\d+)[,}]"))) return {};
  return std::stoull(match[1].str());
}

// The literal value (true, false, null) of the first "key".
std::string json_literal(const std::string& json, const std::string& key) {
  std::smatch match;
  if (!std::regex_search(json, match, std::regex("\"" + key + "\":(true|false|null)"))) return {};
  return match[1].str();
}

TEST(CliPlan, Graph500CpuPlanPrintsAndExits) {
  const CliRun result = run_cli("graph500 --scale 12 --device cpu --plan");
  ASSERT_EQ(result.exit_code, 0) << result.output();
  EXPECT_NE(result.out.find("plan: graph500 at scale 12"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("host: "), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("largest scale that fits"), std::string::npos) << result.out;
  // Nothing ran: no statistics block.
  EXPECT_EQ(result.out.find("harmonic_mean_TEPS"), std::string::npos) << result.out;
}

TEST(CliPlan, Graph500JsonHasIntegerBytesFromTheSizingFunctions) {
  const CliRun result = run_cli("graph500 --scale 14 --edgefactor 8 --device cpu --plan --json");
  ASSERT_EQ(result.exit_code, 0) << result.output();
  EXPECT_EQ(json_integer(result.out, "host_bytes"), runs::graph500_memory_bytes(14, 8));
  EXPECT_EQ(json_integer(result.out, "device_bytes"), 0u);
  EXPECT_NE(json_literal(result.out, "fits"), "") << result.out;
  EXPECT_NE(result.out.find("\"largest_scale\":{"), std::string::npos) << result.out;
}

TEST(CliPlan, Graph500PlanOfTheDegreeOrderSizesTheRenumberedCopy) {
  const CliRun result =
      run_cli("graph500 --scale 14 --device cpu --search-order degree --plan --json");
  ASSERT_EQ(result.exit_code, 0) << result.output();
  const std::uint64_t n = std::uint64_t{1} << 14;
  EXPECT_EQ(json_integer(result.out, "search_order"),
            search_order_host_bytes(n, 2 * 16 * n, false));
  runs::Graph500Config config;
  config.scale = 14;
  config.search_order = SearchOrder::DegreeClasses;
  EXPECT_EQ(json_integer(result.out, "host_bytes"), runs::graph500_run_host_memory(config).peak());
  const CliRun given = run_cli("graph500 --scale 14 --device cpu --plan --json");
  EXPECT_EQ(json_integer(given.out, "search_order"), std::nullopt) << given.out;
}

TEST(CliPlan, Graph500GpuPlanOfTheDegreeOrderSizesTheOrderOnTheGpu) {
  const CliRun result =
      run_cli("graph500 --scale 14 --device gpu --search-order degree --plan --json");
  ASSERT_EQ(result.exit_code, 0) << result.output();
  EXPECT_EQ(json_integer(result.out, "device_bytes"),
            runs::graph500_device_bytes(14, 16, SearchOrder::DegreeClasses));
  EXPECT_EQ(json_integer(result.out, "search_order"), std::uint64_t{16} << 14) << result.out;
  // Nothing graph-sized on the host: the order is made where the graph is built.
  EXPECT_EQ(json_integer(result.out, "host_bytes"), 0u);
}

TEST(CliPlan, Graph500HostBytesGrowWithScale) {
  std::uint64_t previous = 0;
  for (const int scale : {10, 14, 18, 24, 30}) {
    const CliRun result =
        run_cli("graph500 --scale " + std::to_string(scale) + " --device cpu --plan --json");
    ASSERT_EQ(result.exit_code, 0) << result.output();
    const std::optional<std::uint64_t> bytes = json_integer(result.out, "host_bytes");
    ASSERT_TRUE(bytes) << result.out;
    EXPECT_GT(*bytes, previous) << scale;
    previous = *bytes;
  }
}

TEST(CliPlan, Graph500GpuPlanWithoutAGpuStillSizesTheDevice) {
  const CliRun result = run_cli("graph500 --scale 20 --device gpu --plan --json");
  ASSERT_EQ(result.exit_code, 0) << result.output();
  // Built on the GPU, the run searches in the degree order unless told otherwise.
  EXPECT_EQ(json_integer(result.out, "device_bytes"),
            runs::graph500_device_bytes(20, 16, SearchOrder::DegreeClasses));
  const CliRun given =
      run_cli("graph500 --scale 20 --device gpu --plan --json --search-order given");
  ASSERT_EQ(given.exit_code, 0) << given.output();
  EXPECT_EQ(json_integer(given.out, "device_bytes"), runs::graph500_device_bytes(20, 16));
  // Built, searched and validated on the GPU, the run holds nothing graph-sized on the host; the
  // host validator needs the CSR copied back and the labels.
  EXPECT_EQ(json_integer(result.out, "host_bytes"), 0u);
  const CliRun host_validated =
      run_cli("graph500 --scale 20 --device gpu --plan --json --host-validate");
  ASSERT_EQ(host_validated.exit_code, 0) << host_validated.output();
  EXPECT_EQ(json_integer(host_validated.out, "host_bytes"),
            runs::graph500_memory_bytes(20, 16, runs::Graph500HostRole::ValidatesGraph));
  EXPECT_GT(runs::graph500_memory_bytes(20, 16, runs::Graph500HostRole::ValidatesGraph), 0u);
  if (cuda_device_count() == 0) {
    EXPECT_EQ(json_literal(result.out, "fits"), "null") << result.out;
    const CliRun text = run_cli("graph500 --scale 20 --device gpu --plan");
    ASSERT_EQ(text.exit_code, 0) << text.output();
    EXPECT_NE(text.out.find("no GPU found"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("device: "), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("fits: unknown"), std::string::npos) << text.out;
  }
}

TEST(CliPlan, Graph500PlanOfAHugeRunAllocatesNothing) {
  const CliRun result = run_cli("graph500 --scale 30 --edgefactor 1048576 --device cpu --plan");
  ASSERT_EQ(result.exit_code, 0) << result.output();
  EXPECT_NE(result.out.find("fits: "), std::string::npos) << result.out;
}

// Ranks simulated on the CPU hold every slice, the tuples and the builder on this host: the plan
// is the host figure their run checks, with 8-byte ids above scale 30 and up to scale 42.
TEST(CliPlan, Graph500PlanOfRanksSimulatedOnTheCpu) {
  for (const int scale : {10, 30, 31, 42}) {
    const CliRun result =
        run_cli("graph500 --scale " + std::to_string(scale) + " --ranks 4 --plan --json");
    ASSERT_EQ(result.exit_code, 0) << scale << ": " << result.output();
    runs::Graph500Config config;
    config.scale = scale;
    config.placement = runs::Graph500Placement::Ranks;
    config.ranks = 4;
    const runs::Graph500HostBytes bytes = runs::graph500_cpu_ranks_memory(config);
    EXPECT_EQ(json_integer(result.out, "host_bytes"), bytes.peak()) << result.out;
    EXPECT_EQ(json_integer(result.out, "device_bytes"), 0u) << result.out;
    EXPECT_EQ(json_integer(result.out, "ranks"), 4u) << result.out;
    EXPECT_EQ(json_integer(result.out, "vertex_id_bits"), scale > 30 ? 64u : 32u) << result.out;
  }
  // 64-bit ids double the tuples' bytes against 32-bit ones at the same scale.
  const CliRun narrow = run_cli("graph500 --scale 20 --ranks 2 --plan --json");
  const CliRun wide = run_cli("graph500 --scale 20 --ranks 2 --vertex-ids 64 --plan --json");
  ASSERT_EQ(wide.exit_code, 0) << wide.output();
  EXPECT_EQ(json_integer(wide.out, "tuples"), 2 * *json_integer(narrow.out, "tuples"));
  const CliRun text = run_cli("graph500 --scale 12 --ranks 3 --plan");
  ASSERT_EQ(text.exit_code, 0) << text.output();
  EXPECT_NE(text.out.find("on 3 ranks simulated on the CPU"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("largest scale that fits"), std::string::npos) << text.out;
  const CliRun beyond = run_cli("graph500 --scale 43 --ranks 2 --plan");
  EXPECT_NE(beyond.exit_code, 0);
  EXPECT_NE(beyond.err.find("42"), std::string::npos) << beyond.err;
}

TEST(CliPlan, Graph500PlanRefusesMpiProcesses) {
  const CliRun result = run_cli("graph500 --scale 10 --distributed --plan");
  EXPECT_NE(result.exit_code, 0);
  EXPECT_NE(result.err.find("--plan"), std::string::npos) << result.err;
}

TEST(CliPlan, BfsFilePlanMatchesTheCsrTheFileGives) {
  for (const char* name :
       {"karate.mtx", "tiny.gr", "tiny.graph", "tiny.txt", "tiny_undirected.mtx.gz"}) {
    const auto path = test::bundled_dataset(name);
    const CliRun result = run_cli("bfs --device cpu --plan --json " + path.string());
    ASSERT_EQ(result.exit_code, 0) << name << ": " << result.output();
    const io::LoadedGraph loaded = io::read_graph(path);
    EXPECT_EQ(json_integer(result.out, "vertices"),
              static_cast<std::uint64_t>(loaded.graph.num_vertices()))
        << name;
    const std::optional<std::uint64_t> arcs = json_integer(result.out, "arcs");
    ASSERT_TRUE(arcs) << result.out;
    EXPECT_GE(*arcs, static_cast<std::uint64_t>(loaded.graph.num_arcs())) << name;
    const std::optional<std::uint64_t> graph = json_integer(result.out, "graph");
    ASSERT_TRUE(graph) << result.out;
    const std::uint64_t built = loaded.graph.offsets().size() * sizeof(EdgeId) +
                                loaded.graph.targets().size() * sizeof(VertexId) +
                                loaded.graph.weights().size() * sizeof(Weight);
    EXPECT_GE(*graph, built) << name;
    EXPECT_GE(*json_integer(result.out, "host_bytes"), *graph) << name;
    EXPECT_EQ(json_integer(result.out, "device_bytes"), 0u) << name;
  }
}

TEST(CliPlan, BfsFileGpuPlanGivesTheRunnerBytes) {
  const auto path = test::bundled_dataset("tiny_directed.mtx");
  const CliRun result = run_cli("bfs --device gpu --validate --plan --json " + path.string());
  ASSERT_EQ(result.exit_code, 0) << result.output();
  const io::LoadedGraph loaded = io::read_graph(path);
  const BfsDeviceBytes bytes =
      bfs_device_bytes(static_cast<std::uint64_t>(loaded.graph.num_vertices()),
                       static_cast<std::uint64_t>(loaded.graph.num_arcs()), true);
  EXPECT_EQ(json_integer(result.out, "device_bytes"), bytes.total() + kDeviceMemoryHeadroom);
  if (cuda_device_count() == 0) EXPECT_EQ(json_literal(result.out, "fits"), "null");
  const CliRun text = run_cli("bfs --device gpu --plan " + path.string());
  ASSERT_EQ(text.exit_code, 0) << text.output();
  EXPECT_NE(text.out.find("sized from the header, exact"), std::string::npos) << text.out;
}

// Ranks simulated on the CPU hold bins for every vertex each: 128 ranks of a 2^24-vertex file
// need ~33 GiB beside a 128 MiB graph. Where that does not fit, the plan says so and the run is
// refused before it allocates them, naming the same bytes.
TEST(CliPlan, SimulatedRanksThatDoNotFitArePlannedSoAndRefused) {
  const test::TempDir dir;
  const auto path = test::write_file(
      dir / "wide.mtx",
      "%%MatrixMarket matrix coordinate pattern symmetric\n16777216 16777216 1\n2 1\n");
  const CliRun plan = run_cli("bfs --ranks 128 --plan --json " + path.string());
  ASSERT_EQ(plan.exit_code, 0) << plan.output();
  const std::optional<std::uint64_t> buffers = json_integer(plan.out, "rank_buffers");
  ASSERT_TRUE(buffers) << plan.out;
  if (json_literal(plan.out, "fits") != "false") {
    GTEST_SKIP() << "this host holds " << *buffers << " bytes of rank buffers";
  }
  const CliRun run = run_cli("bfs --ranks 128 " + path.string());
  EXPECT_EQ(run.exit_code, 1) << run.output();
  EXPECT_NE(run.err.find("out of memory: the search buffers of 128 ranks simulated on the CPU"),
            std::string::npos)
      << run.err;
  EXPECT_NE(run.err.find("(" + std::to_string(*buffers) + " bytes)"), std::string::npos) << run.err;
}

}  // namespace
}  // namespace frontier
