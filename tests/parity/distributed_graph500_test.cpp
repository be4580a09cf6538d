// Graph500 on ranks simulated on the CPU (runs::run_graph500 placed on Ranks) against the run on
// the engine: the same roots, the same nedge and level count for each, every search validated
// slice by slice; and `frontier bfs|graph500 --ranks N` from the command line, with its usage
// errors; the names of the GPU transports.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "frontier/device.hpp"
#include "frontier/distributed_bfs.hpp"
#include "frontier/errors.hpp"
#include "frontier/partition/slices.hpp"
#include "frontier/runs/graph500.hpp"
#include "support/cli_runner.hpp"
#include "support/test_graphs.hpp"
#include "support/test_paths.hpp"

namespace frontier {
namespace {

TEST(DistributedGraph500, SameRootsAndEdgesAsSingleDevice) {
  runs::Graph500Config config;
  config.scale = 11;
  config.edgefactor = 16;
  config.roots = 12;
  config.seed = 7;
  config.device = Device::cpu();
  const runs::Graph500Result single = runs::run_graph500(config);
  EXPECT_FALSE(single.distributed.has_value());
  for (const auto layout : {VertexLayout::Striped, VertexLayout::Block}) {
    for (int ranks = 1; ranks <= 4; ++ranks) {
      SCOPED_TRACE(std::to_string(ranks) + " ranks, " + std::string(to_string(layout)));
      runs::Graph500Config on_ranks = config;
      on_ranks.placement = runs::Graph500Placement::Ranks;
      on_ranks.ranks = ranks;
      on_ranks.layout = layout;
      const runs::Graph500Result result = runs::run_graph500(on_ranks);
      ASSERT_TRUE(result.distributed.has_value());
      const runs::Graph500DistributedDetails& distributed = *result.distributed;
      EXPECT_EQ(result.num_vertices, single.num_vertices);
      EXPECT_EQ(result.num_tuples, single.num_tuples);
      EXPECT_EQ(result.num_arcs, single.num_arcs);
      ASSERT_EQ(result.runs.size(), single.runs.size());
      for (std::size_t i = 0; i < single.runs.size(); ++i) {
        EXPECT_EQ(result.runs[i].root, single.runs[i].root) << "run " << i;
        EXPECT_EQ(result.runs[i].nedge, single.runs[i].nedge) << "run " << i;
        EXPECT_EQ(result.runs[i].vertices_reached, single.runs[i].vertices_reached) << "run " << i;
        EXPECT_EQ(result.runs[i].levels, single.runs[i].levels) << "run " << i;
        EXPECT_GE(result.runs[i].validate_seconds, 0.0);
      }
      EXPECT_EQ(distributed.balance.per_rank.size(), static_cast<std::size_t>(ranks));
      ASSERT_EQ(distributed.bytes_exchanged.size(), single.runs.size());
      if (ranks == 1) {
        EXPECT_EQ(distributed.bytes_exchanged.front(), 0);
      }
      if (ranks > 1) {
        EXPECT_GT(distributed.bytes_exchanged.front(), 0);
      }
      ASSERT_EQ(distributed.search_levels.size(), single.runs.size());
      EXPECT_EQ(distributed.search_levels.front().size(),
                static_cast<std::size_t>(single.runs.front().levels));
      const std::string block = runs::format_graph500_statistics(result);
      EXPECT_NE(block.find("harmonic_mean_TEPS"), std::string::npos);
    }
  }
}

TEST(DistributedGraph500, BadConfigurationsAreErrors) {
  runs::Graph500Config config;
  config.scale = 8;
  config.placement = runs::Graph500Placement::Ranks;
  config.ranks = 0;
  EXPECT_THROW(runs::run_graph500(config), InvalidArgument);
  config.ranks = 2;
  config.device = Device::cuda(0);  // one GPU for two ranks
  EXPECT_THROW(runs::run_graph500(config), InvalidArgument);
  config.device = Device::cpu();
  config.scale = 31;
  config.vertex_id_bits = 32;  // ranks take scale 31 with 64-bit ids
  EXPECT_THROW(runs::run_graph500(config), InvalidArgument);
  config.vertex_id_bits = 0;
  config.scale = runs::kMaxGraph500Scale64BitIds + 1;
  EXPECT_THROW(runs::run_graph500(config), InvalidArgument);
  config.scale = 8;
  config.roots = 0;
  EXPECT_THROW(runs::run_graph500(config), InvalidArgument);
}

TEST(DistributedGraph500, CommandLineOnSimulatedRanks) {
  const std::string karate = test::bundled_dataset("karate.mtx").string();
  test::CliRun run = test::run_cli("bfs " + karate + " --ranks 3 --sources 5 --validate");
  EXPECT_EQ(run.exit_code, 0) << run.output();
  EXPECT_NE(run.output().find("5 search(es) on 3 cpu rank(s) (striped)"), std::string::npos)
      << run.output();
  run = test::run_cli("bfs " + karate + " --ranks 2 --layout block --source 0 --validate --json");
  EXPECT_EQ(run.exit_code, 0) << run.output();
  EXPECT_NE(run.output().find("\"layout\":\"block\""), std::string::npos) << run.output();
  EXPECT_NE(run.output().find("\"vertices_reached\":34"), std::string::npos) << run.output();
  run = test::run_cli("graph500 --ranks 2 --scale 9 --roots 4");
  EXPECT_EQ(run.exit_code, 0) << run.output();
  EXPECT_NE(run.output().find("NBFS:                           4"), std::string::npos)
      << run.output();
  EXPECT_NE(run.output().find("edge balance: min"), std::string::npos) << run.output();
  // Usage errors: exit code 2.
  EXPECT_EQ(test::run_cli("bfs " + karate + " --ranks 2 --gpus 2").exit_code, 2);
  EXPECT_EQ(test::run_cli("bfs " + karate + " --ranks 0").exit_code, 2);
  EXPECT_EQ(test::run_cli("bfs " + karate + " --ranks 2 --layout diagonal").exit_code, 2);
  EXPECT_EQ(test::run_cli("graph500 --gpus 64 --scale 8").exit_code, 2);
  EXPECT_EQ(test::run_cli("graph500 --distributed --gpus 2 --scale 8").exit_code, 2);
  // One process per GPU: refused where none is present (on a GPU machine it runs as one
  // process, which tests/multi_gpu covers with mpirun).
  if (cuda_device_count() == 0) {
    EXPECT_EQ(test::run_cli("bfs " + karate + " --distributed").exit_code, 2);
    EXPECT_EQ(test::run_cli("graph500 --distributed --scale 8").exit_code, 2);
  }
  EXPECT_EQ(test::run_cli("bfs " + karate + " --ranks 2 --output x.txt").exit_code, 2);
  // The GPU ranks' transport: a known name.
  const test::CliRun bad = test::run_cli("bfs " + karate + " --ranks 2 --transport pigeon");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("unknown GPU transport 'pigeon' (expected auto, peer or nccl)"),
            std::string::npos)
      << bad.output();
  EXPECT_EQ(test::run_cli("bfs " + karate + " --ranks 2 --transport nccl --source 0").exit_code, 0);
}

TEST(DistributedGraph500, TransportNames) {
  EXPECT_EQ(to_string(GpuTransport::Auto), "auto");
  EXPECT_EQ(to_string(GpuTransport::Peer), "peer");
  EXPECT_EQ(to_string(GpuTransport::Nccl), "nccl");
  // Simulated ranks have no GPU transport.
  const Graph graph = test::graph_from_pairs<VertexId>(4, {{0, 1}, {1, 2}}, false);
  DistributedBfs<VertexId, EdgeId> cpu(partition::slice_graph(graph, VertexLayout::Striped, 2),
                                       Device::cpu(), GpuTransport::Peer);
  EXPECT_EQ(cpu.transport(), GpuTransport::Auto);
  EXPECT_EQ(cpu.run(0).bfs.depth, (std::vector<std::int32_t>{0, 1, 2, -1}));
}

}  // namespace
}  // namespace frontier
