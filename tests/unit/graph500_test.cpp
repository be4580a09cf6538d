// The Graph500 driver: a small validated run, root choice, nedge counting, the statistics math
// on hand-made samples, the exact official output block, config errors alike for every
// placement, and the up-front memory check.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "frontier/csr_builder.hpp"
#include "frontier/device.hpp"
#include "frontier/errors.hpp"
#include "frontier/io/generate_kronecker.hpp"
#include "frontier/random.hpp"
#include "frontier/reference_bfs.hpp"
#include "frontier/runs/graph500.hpp"
#include "frontier/runs/mpi_bfs.hpp"

#include "support/test_graphs.hpp"

namespace frontier::runs {
namespace {

TEST(Graph500Statistics, OddSampleCount) {
  const std::vector<double> samples = {5, 1, 4, 2, 3};
  const Graph500Statistics s = graph500_statistics(samples);
  EXPECT_DOUBLE_EQ(s.min, 1);
  EXPECT_DOUBLE_EQ(s.firstquartile, 2);  // (x[1] + x[1]) / 2
  EXPECT_DOUBLE_EQ(s.median, 3);
  EXPECT_DOUBLE_EQ(s.thirdquartile, 4);  // (x[3] + x[3]) / 2
  EXPECT_DOUBLE_EQ(s.max, 5);
  EXPECT_DOUBLE_EQ(s.mean, 3);
  EXPECT_DOUBLE_EQ(s.stddev, std::sqrt(10.0 / 4.0));  // sample stddev, n - 1
}

TEST(Graph500Statistics, EvenSampleCountAveragesMiddlePairs) {
  const std::vector<double> samples = {4, 1, 3, 2};
  const Graph500Statistics s = graph500_statistics(samples);
  EXPECT_DOUBLE_EQ(s.firstquartile, 1.5);  // (x[0] + x[1]) / 2
  EXPECT_DOUBLE_EQ(s.median, 2.5);         // (x[1] + x[2]) / 2
  EXPECT_DOUBLE_EQ(s.thirdquartile, 3.5);  // (x[3] + x[2]) / 2
  EXPECT_DOUBLE_EQ(s.mean, 2.5);
  EXPECT_DOUBLE_EQ(s.stddev, std::sqrt(5.0 / 3.0));
}

TEST(Graph500Statistics, SixtyFourSamplesQuartileIndices) {
  // n = 64: first quartile (x[15] + x[16]) / 2, median (x[31] + x[32]) / 2,
  // third quartile (x[48] + x[47]) / 2.
  std::vector<double> samples;
  for (int i = 63; i >= 0; --i) samples.push_back(i * i);
  const Graph500Statistics s = graph500_statistics(samples);
  EXPECT_DOUBLE_EQ(s.firstquartile, (15.0 * 15 + 16 * 16) / 2);
  EXPECT_DOUBLE_EQ(s.median, (31.0 * 31 + 32 * 32) / 2);
  EXPECT_DOUBLE_EQ(s.thirdquartile, (48.0 * 48 + 47 * 47) / 2);
  EXPECT_DOUBLE_EQ(s.min, 0);
  EXPECT_DOUBLE_EQ(s.max, 63.0 * 63);
}

TEST(Graph500Statistics, SingleSampleHasZeroSpread) {
  const std::vector<double> samples = {7};
  const Graph500Statistics s = graph500_statistics(samples);
  EXPECT_DOUBLE_EQ(s.min, 7);
  EXPECT_DOUBLE_EQ(s.median, 7);
  EXPECT_DOUBLE_EQ(s.stddev, 0);
  EXPECT_THROW(graph500_statistics(std::vector<double>{}), InvalidArgument);
}

TEST(Graph500Statistics, HarmonicMeanAndStddevOfTeps) {
  // Two searches of 10 edges in 1 s and 2 s: TEPS 10 and 5.
  const std::vector<double> seconds = {1, 2};
  const std::vector<double> nedge = {10, 10};
  const Graph500TepsStatistics t = graph500_teps_statistics(seconds, nedge);
  EXPECT_DOUBLE_EQ(t.min, 5);
  EXPECT_DOUBLE_EQ(t.max, 10);
  EXPECT_DOUBLE_EQ(t.median, 1 / 0.15);
  EXPECT_DOUBLE_EQ(t.harmonic_mean, 2 / (1 / 10.0 + 1 / 5.0));
  // Seconds per edge 0.1 and 0.2: mean 0.15, stddev sqrt(2 * 0.05^2 / 1);
  // harmonic stddev = stddev / (mean^2 sqrt(n - 1)).
  EXPECT_NEAR(t.harmonic_stddev, std::sqrt(2 * 0.05 * 0.05) / (0.15 * 0.15), 1e-9);
  EXPECT_THROW(graph500_teps_statistics(seconds, std::vector<double>{1}), InvalidArgument);
}

TEST(Graph500Statistics, TepsQuartilesInvertSecondsPerEdge) {
  // TEPS 1, 2, 4, 8 (seconds per edge 1, 1/2, 1/4, 1/8).
  const std::vector<double> seconds = {1, 1, 1, 1};
  const std::vector<double> nedge = {1, 2, 4, 8};
  const Graph500TepsStatistics t = graph500_teps_statistics(seconds, nedge);
  EXPECT_DOUBLE_EQ(t.min, 1);
  EXPECT_DOUBLE_EQ(t.max, 8);
  EXPECT_DOUBLE_EQ(t.firstquartile, 1 / ((1.0 + 0.5) / 2));     // 1 / third quartile of s/e
  EXPECT_DOUBLE_EQ(t.thirdquartile, 1 / ((0.125 + 0.25) / 2));  // 1 / first quartile of s/e
  EXPECT_DOUBLE_EQ(t.harmonic_mean, 4 / (1 + 0.5 + 0.25 + 0.125));
}

Graph500Result hand_made_result() {
  Graph500Result result;
  result.config.scale = 12;
  result.config.edgefactor = 16;
  result.generation_seconds = 0.25;
  result.construction_seconds = 0.125;
  result.runs.resize(3);
  result.time = {0.001, 0.0015, 0.002, 0.0025, 0.003, 0.002, 0.0005};
  result.nedge = {65000, 65100, 65200, 65300, 65400, 65200, 123.456789012345};
  result.teps = {2e7, 2.5e7, 3e7, 3.5e7, 4e7, 2.9e7, 1.5e5};
  result.validate = {-1, -1, -1, -1, -1, -1, 0};
  return result;
}

TEST(Graph500Format, MatchesReferenceBlockExactly) {
  const std::string expected =
      "SCALE:                          12\n"
      "edgefactor:                     16\n"
      "NBFS:                           3\n"
      "graph_generation:               0.25\n"
      "num_mpi_processes:              1\n"
      "construction_time:              0.125\n"
      "bfs  min_time:                  0.001\n"
      "bfs  firstquartile_time:        0.0015\n"
      "bfs  median_time:               0.002\n"
      "bfs  thirdquartile_time:        0.0025\n"
      "bfs  max_time:                  0.003\n"
      "bfs  mean_time:                 0.002\n"
      "bfs  stddev_time:               0.0005\n"
      "min_nedge:                      65000\n"
      "firstquartile_nedge:            65100\n"
      "median_nedge:                   65200\n"
      "thirdquartile_nedge:            65300\n"
      "max_nedge:                      65400\n"
      "mean_nedge:                     65200\n"
      "stddev_nedge:                   123.45678901\n"
      "bfs  min_TEPS:                  2e+07\n"
      "bfs  firstquartile_TEPS:        2.5e+07\n"
      "bfs  median_TEPS:               3e+07\n"
      "bfs  thirdquartile_TEPS:        3.5e+07\n"
      "bfs  max_TEPS:                  4e+07\n"
      "bfs  harmonic_mean_TEPS:     !  2.9e+07\n"
      "bfs  harmonic_stddev_TEPS:      150000\n"
      "bfs  min_validate:              -1\n"
      "bfs  firstquartile_validate:    -1\n"
      "bfs  median_validate:           -1\n"
      "bfs  thirdquartile_validate:    -1\n"
      "bfs  max_validate:              -1\n"
      "bfs  mean_validate:             -1\n"
      "bfs  stddev_validate:           0\n";
  EXPECT_EQ(format_graph500_statistics(hand_made_result()), expected);
}

TEST(Graph500Format, PrintsTheMpiProcessCount) {
  Graph500Result result = hand_made_result();
  result.mpi_processes = 4;
  const std::string block = format_graph500_statistics(result);
  EXPECT_NE(block.find("\nnum_mpi_processes:              4\n"), std::string::npos) << block;
  EXPECT_EQ(block.find("num_mpi_processes:              1\n"), std::string::npos) << block;
}

TEST(Graph500Format, EveryValueStartsAtColumn32) {
  std::istringstream block(format_graph500_statistics(hand_made_result()));
  std::string line;
  int lines = 0;
  const std::regex shape(R"(^[A-Za-z_ ]+:(\s+|\s+!\s+)\S+$)");
  while (std::getline(block, line)) {
    ++lines;
    EXPECT_TRUE(std::regex_match(line, shape)) << line;
    ASSERT_GT(line.size(), 32U) << line;
    EXPECT_NE(line[32], ' ') << line;
    EXPECT_EQ(line[31], ' ') << line;
  }
  EXPECT_EQ(lines, 34);
}

// A scale-10 run end to end: every root distinct with degree >= 1, every search validated (the
// run throws otherwise), nedge as an independent count from the CSR, statistics consistent.
TEST(Graph500Run, SmallScaleRunIsValidAndCountsEdges) {
  Graph500Config config;
  config.scale = 10;
  config.edgefactor = 16;
  config.seed = 2;
  config.bfs.threads = 2;
  int calls = 0;
  const Graph500Result result = run_graph500(config, [&](const Graph500Run& run, int total) {
    EXPECT_EQ(run.index, calls);
    EXPECT_EQ(total, 64);
    ++calls;
  });
  EXPECT_EQ(calls, 64);
  ASSERT_EQ(result.runs.size(), 64U);
  EXPECT_EQ(result.num_vertices, 1024);
  EXPECT_EQ(result.num_tuples, 16 * 1024);

  // The same graph, built independently: nedge = (sum of degrees in the component) / 2 since
  // every non-loop tuple gives two arcs.
  const KroneckerParams params = test::kronecker_params(10, 2);
  const Graph graph = test::graph500_graph(params);
  EXPECT_EQ(result.num_arcs, graph.num_arcs());

  std::set<VertexId> roots;
  std::vector<double> seconds;
  for (const Graph500Run& run : result.runs) {
    EXPECT_TRUE(roots.insert(run.root).second) << "root " << run.root << " repeats";
    EXPECT_GE(graph.degree(run.root), 1);
    const auto reference = reference_bfs(graph, static_cast<VertexId>(run.root));
    std::int64_t degree_sum = 0;
    for (VertexId v = 0; v < graph.num_vertices(); ++v) {
      if (reference.depth[v] >= 0) degree_sum += graph.degree(v);
    }
    EXPECT_EQ(run.nedge * 2, degree_sum) << "root " << run.root;
    EXPECT_EQ(run.vertices_reached, reference.vertices_reached);
    EXPECT_GT(run.seconds, 0.0);
    EXPECT_GE(run.validate_seconds, 0.0);
    EXPECT_DOUBLE_EQ(run.teps, static_cast<double>(run.nedge) / run.seconds);
    seconds.push_back(run.seconds);
  }
  EXPECT_DOUBLE_EQ(result.time.mean, graph500_statistics(seconds).mean);
  EXPECT_LE(result.teps.min, result.teps.harmonic_mean);
  EXPECT_LE(result.teps.harmonic_mean, result.teps.max);
  EXPECT_GE(result.validate.min, 0.0);
}

TEST(Graph500Run, SameSeedSameRootsOtherSeedOtherRoots) {
  Graph500Config config;
  config.scale = 8;
  config.roots = 16;
  config.seed = 5;
  const auto first = run_graph500(config);
  const auto again = run_graph500(config);
  config.seed = 6;
  const auto other = run_graph500(config);
  std::vector<VertexId> a, b, c;
  std::vector<std::int64_t> na, nb;
  for (const auto& run : first.runs) a.push_back(run.root), na.push_back(run.nedge);
  for (const auto& run : again.runs) b.push_back(run.root), nb.push_back(run.nedge);
  for (const auto& run : other.runs) c.push_back(run.root);
  EXPECT_EQ(a, b);
  EXPECT_EQ(na, nb);
  EXPECT_NE(a, c);
}

TEST(Graph500Run, WithoutValidationReportsMinusOne) {
  Graph500Config config;
  config.scale = 8;
  config.roots = 4;
  config.validate = false;
  const auto result = run_graph500(config);
  for (const auto& run : result.runs) EXPECT_EQ(run.validate_seconds, -1.0);
  EXPECT_EQ(result.validate.mean, -1.0);
  EXPECT_EQ(result.validate.stddev, 0.0);
}

TEST(Graph500Roots, FewerEligibleVerticesThanRoots) {
  // Five vertices, only 1, 2 and 3 have edges.
  EdgeList<VertexId> edges;
  edges.num_vertices = 5;
  edges.directed = false;
  edges.sources = {1, 2};
  edges.targets = {2, 3};
  CsrBuildOptions build;
  build.symmetrize = true;
  const Graph graph = build_csr<VertexId, EdgeId>(edges, build);
  auto roots = choose_graph500_roots(graph, 64, 99);
  std::sort(roots.begin(), roots.end());
  EXPECT_EQ(roots, (std::vector<VertexId>{1, 2, 3}));
  EXPECT_THROW(choose_graph500_roots(graph, 0, 99), InvalidArgument);
}

// The sampler asks for degrees a round of draws at a time; its roots are those of drawing one
// vertex at a time (the reference's loop), so a seed keeps naming the same roots.
TEST(Graph500Roots, RoundsDrawWhatOneDrawAtATimeDraws) {
  const Graph graph = test::graph500_graph(test::kronecker_params(12, 3));
  const std::uint64_t seed = 41;
  for (const int count : {1, 64, 5000}) {
    std::vector<VertexId> expected;
    const auto n = static_cast<std::uint64_t>(graph.num_vertices());
    for (std::uint64_t draw = 0; draw < 4 * n + 1024 && expected.size() < std::size_t(count);
         ++draw) {
      const auto v = static_cast<VertexId>(uniform_below(counter_random(seed, draw), n));
      if (graph.degree(v) == 0) continue;
      if (std::find(expected.begin(), expected.end(), v) != expected.end()) continue;
      expected.push_back(v);
    }
    EXPECT_EQ(choose_graph500_roots(graph, count, seed), expected) << count << " roots";
  }
}

TEST(Graph500Config, RejectsOutOfRangeValues) {
  Graph500Config config;
  config.scale = 0;
  EXPECT_THROW(run_graph500(config), InvalidArgument);
  config.scale = 31;
  EXPECT_THROW(run_graph500(config), InvalidArgument);
  config.scale = 8;
  config.edgefactor = 0;
  EXPECT_THROW(run_graph500(config), InvalidArgument);
  config.edgefactor = 16;
  config.roots = 0;
  EXPECT_THROW(run_graph500(config), InvalidArgument);
  config.roots = 4;
  config.bfs.threads = -1;
  EXPECT_THROW(run_graph500(config), InvalidArgument);
}

// The driver checks the config before any placement does its own work (MPI_Init included), so
// every placement reports a bad value with the same error and the same words. (The largest scale
// depends on the placement: graph500_wide_ids_test.cpp.)
TEST(Graph500Config, EveryPlacementReportsTheSameErrors) {
  const auto bad_configs = [] {
    std::vector<Graph500Config> configs(4);
    configs[0].scale = 0;
    configs[1].edgefactor = 0;
    configs[2].roots = 0;
    configs[3].bfs.threads = -1;
    return configs;
  }();
  for (const Graph500Config& bad : bad_configs) {
    std::string engine_error;
    try {
      run_graph500(bad);
    } catch (const InvalidArgument& error) {
      engine_error = error.what();
    }
    ASSERT_FALSE(engine_error.empty()) << "the engine accepted a bad config";
    for (const Graph500Placement placement :
         {Graph500Placement::Ranks, Graph500Placement::MpiProcesses}) {
      SCOPED_TRACE(std::string(to_string(placement)));
      Graph500Config config = bad;
      config.placement = placement;
      config.ranks = 2;
      try {
        run_graph500(config);
        FAIL() << "no exception for: " << engine_error;
      } catch (const InvalidArgument& error) {
        EXPECT_EQ(std::string(error.what()), engine_error);
      }
    }
  }
}

TEST(Graph500Config, PlacementsCheckTheirDevicesAndRanks) {
  Graph500Config config;
  config.scale = 8;
  config.device = Device::cuda(0);
  config.device.cuda_ids.push_back(1);  // an engine runs on one GPU
  EXPECT_THROW(run_graph500(config), InvalidArgument);
  config.placement = Graph500Placement::Ranks;
  config.ranks = 3;  // two GPUs for three ranks
  EXPECT_THROW(run_graph500(config), InvalidArgument);
  config.device = Device::cpu();
  config.ranks = 0;
  EXPECT_THROW(run_graph500(config), InvalidArgument);
}

TEST(Graph500Config, PlacementNames) {
  EXPECT_EQ(to_string(Graph500Placement::Engine), "engine");
  EXPECT_EQ(to_string(Graph500Placement::Ranks), "ranks");
  EXPECT_EQ(to_string(Graph500Placement::MpiProcesses), "mpi-processes");
}

TEST(Graph500Config, MpiProcessesWithoutMpiIsAnError) {
  if (mpi_built()) GTEST_SKIP() << "built with MPI (tests/multi_gpu runs it under mpirun)";
  Graph500Config config;
  config.scale = 8;
  config.placement = Graph500Placement::MpiProcesses;
  EXPECT_THROW(run_graph500(config), InvalidArgument);
}

TEST(Graph500Memory, EstimateGrowsWithSizeAndTooLargeIsOutOfMemory) {
  EXPECT_LT(graph500_memory_bytes(16, 16), graph500_memory_bytes(17, 16));
  EXPECT_LT(graph500_memory_bytes(16, 16), graph500_memory_bytes(16, 32));
  // Tuples alone: 2 * 16 * 2^20 ids of 4 bytes.
  EXPECT_GE(graph500_memory_bytes(20, 16), std::uint64_t{2} * 16 * (1 << 20) * 4);
  // Kernel 1's peak (two grouped copies of every arc) is inside the estimate, beside the tuples.
  const std::uint64_t build_peak =
      csr_build_peak_bytes<VertexId, EdgeId>(std::uint64_t{1} << 20, 2 * 16 * (1 << 20), false);
  EXPECT_GE(graph500_memory_bytes(20, 16),
            std::uint64_t{2} * 16 * (1 << 20) * sizeof(VertexId) + build_peak);
  if (!std::ifstream("/proc/meminfo")) GTEST_SKIP() << "no /proc/meminfo";
  // 2^30 vertices x 2^20 edges each: petabytes, more than any machine has.
  Graph500Config config;
  config.scale = 30;
  config.edgefactor = 1 << 20;
  try {
    run_graph500(config);
    FAIL() << "no exception";
  } catch (const OutOfMemory& error) {
    EXPECT_EQ(error.bytes_needed(), graph500_memory_bytes(30, 1 << 20));
    EXPECT_GT(error.bytes_free(), 0U);
    EXPECT_NE(std::string(error.what()).find("scale 30"), std::string::npos) << error.what();
  }
}

// The degree-class search order (--search-order degree): the same roots and, per root, the same
// component and levels as the graph's own order; every tree validated in the generator's ids.
TEST(Graph500SearchOrder, DegreeOrderRunAnswersAsTheGraphsOrder) {
  Graph500Config config;
  config.scale = 12;
  config.roots = 16;
  config.seed = 4;
  config.bfs.threads = 2;
  config.search_order = SearchOrder::AsGiven;
  const Graph500Result given = run_graph500(config);
  config.search_order = SearchOrder::DegreeClasses;
  const Graph500Result ordered = run_graph500(config);
  ASSERT_EQ(ordered.runs.size(), given.runs.size());
  EXPECT_EQ(ordered.num_arcs, given.num_arcs);
  for (std::size_t i = 0; i < given.runs.size(); ++i) {
    SCOPED_TRACE("root " + std::to_string(given.runs[i].root));
    EXPECT_EQ(ordered.runs[i].root, given.runs[i].root);
    EXPECT_EQ(ordered.runs[i].nedge, given.runs[i].nedge);
    EXPECT_EQ(ordered.runs[i].vertices_reached, given.runs[i].vertices_reached);
    EXPECT_EQ(ordered.runs[i].levels, given.runs[i].levels);
    EXPECT_GE(ordered.runs[i].validate_seconds, 0.0);
  }
}

// Unset, the order is the degree order where kernel 1 runs on the GPU for the engine (and no
// host validator reads the graph), else the graph's; a set order is kept.
TEST(Graph500SearchOrder, AutomaticIsTheDegreeOrderWhereTheGpuBuildsTheGraph) {
  Graph500Config config;
  EXPECT_EQ(graph500_search_order(config), SearchOrder::AsGiven);  // auto device: the CPU's rule
  config.device = Device::cpu();
  EXPECT_EQ(graph500_search_order(config), SearchOrder::AsGiven);
  config.device = Device::cuda(0);
  EXPECT_EQ(graph500_search_order(config), SearchOrder::DegreeClasses);
  config.validate_on_host = true;
  EXPECT_EQ(graph500_search_order(config), SearchOrder::AsGiven);
  config.validate = false;  // nothing for the host validator to read
  EXPECT_EQ(graph500_search_order(config), SearchOrder::DegreeClasses);
  config.build_on_device = false;
  EXPECT_EQ(graph500_search_order(config), SearchOrder::AsGiven);
  config.build_on_device = true;
  config.placement = Graph500Placement::Ranks;
  EXPECT_EQ(graph500_search_order(config), SearchOrder::AsGiven);
  config.placement = Graph500Placement::Engine;
  config.search_order = SearchOrder::AsGiven;
  EXPECT_EQ(graph500_search_order(config), SearchOrder::AsGiven);
  config.device = Device::cpu();
  config.search_order = SearchOrder::DegreeClasses;
  EXPECT_EQ(graph500_search_order(config), SearchOrder::DegreeClasses);
  // A CPU run resolves the automatic order in its result's config.
  Graph500Config small;
  small.scale = 8;
  small.roots = 2;
  small.device = Device::cpu();
  EXPECT_EQ(run_graph500(small).config.search_order, SearchOrder::AsGiven);
}

// The CLI's and Python's names of the order: "auto" leaves it unset; an unknown name is refused
// with all three listed.
TEST(Graph500SearchOrder, NamesIncludeAuto) {
  EXPECT_EQ(parse_graph500_search_order("auto"), std::nullopt);
  EXPECT_EQ(parse_graph500_search_order("given"), SearchOrder::AsGiven);
  EXPECT_EQ(parse_graph500_search_order("degree"), SearchOrder::DegreeClasses);
  try {
    parse_graph500_search_order("fastest");
    FAIL() << "expected InvalidArgument";
  } catch (const InvalidArgument& error) {
    EXPECT_EQ(std::string(error.what()),
              "unknown search order 'fastest' (expected auto, given or degree)");
  }
}

// Ranks search the graph's own order; a graph renumbered while it is built on the GPU has no
// host copy for the host validator (refused before any GPU is touched).
TEST(Graph500SearchOrder, OnlyTheEngineAndNoHostValidatorOfAGpuBuiltGraph) {
  Graph500Config config;
  config.scale = 10;
  config.search_order = SearchOrder::DegreeClasses;
  config.placement = Graph500Placement::Ranks;
  config.ranks = 2;
  EXPECT_THROW(run_graph500(config), InvalidArgument);
  config.placement = Graph500Placement::Engine;
  config.device = Device::cuda(0);
  config.validate_on_host = true;
  try {
    run_graph500(config);
    FAIL() << "expected InvalidArgument";
  } catch (const InvalidArgument& error) {
    EXPECT_NE(std::string(error.what()).find("--host-build"), std::string::npos) << error.what();
  }
}

}  // namespace
}  // namespace frontier::runs
