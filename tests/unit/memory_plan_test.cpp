// The sizing functions behind `--plan` and the memory checks: the BFS device figures by part,
// the Graph500 host and device peaks and the largest scale that fits a memory size, the
// OutOfMemory message (bytes needed, bytes free, what would fit) for a budget given by the test,
// and graph files sized from their headers or a scan against the CSR read_graph() builds.
#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <string>

#include "frontier/csr_builder.hpp"
#include "frontier/csr_graph.hpp"
#include "frontier/errors.hpp"
#include "frontier/io/binary_csr.hpp"
#include "frontier/io/graph_size.hpp"
#include "frontier/io/read_graph.hpp"
#include "frontier/memory_sizing.hpp"
#include "frontier/runs/graph500.hpp"
#include "frontier/runs/graph500_memory.hpp"
#include "support/temp_files.hpp"
#include "support/test_paths.hpp"

namespace frontier {
namespace {

using runs::graph500_device_bytes;
using runs::graph500_memory_bytes;

constexpr runs::Graph500HostRole kBuilds = runs::Graph500HostRole::BuildsGraph;

TEST(BfsDeviceBytes, PartsFollowTheRunnerBuffers) {
  // n = 1000, m = 5000: depth and parent 4000 bytes each (rounded to 4096), 32 bitmap words
  // (128 bytes, one granule) three times, two vertex queues of 4000 bytes, edge queues of
  // max(n, m) ids: 4 x 20000 (20224 rounded).
  const BfsDeviceBytes bytes = bfs_device_bytes(1000, 5000, false);
  EXPECT_EQ(bytes.graph, device_buffer_bytes(1001, 8) + device_buffer_bytes(5000, 4));
  EXPECT_EQ(bytes.labels, 2u * 4096);
  EXPECT_EQ(bytes.bitmaps, 3u * 256);
  EXPECT_EQ(bytes.vertex_queue, 2u * 4096);
  EXPECT_EQ(bytes.edge_queues, 4u * 20224);
  EXPECT_EQ(bytes.total(), bytes.graph + bytes.buffers());
  // A directed graph keeps its reverse CSR too; the buffers do not change.
  const BfsDeviceBytes directed = bfs_device_bytes(1000, 5000, true);
  EXPECT_EQ(directed.graph, 2 * bytes.graph);
  EXPECT_EQ(directed.buffers(), bytes.buffers());
}

TEST(BfsDeviceBytes, DeviceBufferBytesRoundsToTheGranule) {
  EXPECT_EQ(device_buffer_bytes(0, 4), 256u);
  EXPECT_EQ(device_buffer_bytes(64, 4), 256u);
  EXPECT_EQ(device_buffer_bytes(65, 4), 512u);
  EXPECT_TRUE(fits_device_memory(100, kDeviceMemoryHeadroom + 100));
  EXPECT_FALSE(fits_device_memory(101, kDeviceMemoryHeadroom + 100));
}

// Ranks simulated on the CPU with 64-bit vertex ids hold 8-byte ids in the tuples, the builder,
// the graph and the labels: the host estimate grows with them.
TEST(Graph500Plan, WideIdsAreSizedWithEightBytes) {
  const IdBytes wide{sizeof(std::int64_t), sizeof(EdgeId)};
  const runs::Graph500HostBytes narrow = runs::graph500_host_memory(20, 16);
  const runs::Graph500HostBytes host =
      runs::graph500_host_memory(20, 16, runs::Graph500HostRole::BuildsGraph, wide);
  EXPECT_EQ(host.tuples, 2 * narrow.tuples);
  EXPECT_EQ(host.construction,
            (csr_build_peak_bytes<std::int64_t, EdgeId>(std::uint64_t{1} << 20,
                                                        2 * 16 * (std::uint64_t{1} << 20), false)));
  EXPECT_GT(host.graph, narrow.graph);
  EXPECT_EQ(host.peak(), graph500_memory_bytes(20, 16, runs::Graph500HostRole::BuildsGraph, wide));
  EXPECT_GT(host.peak(), narrow.peak());
}

TEST(Graph500Plan, PeaksAreTheSumsOfTheirParts) {
  const runs::Graph500HostBytes host = runs::graph500_host_memory(20, 16);
  EXPECT_EQ(host.peak(), graph500_memory_bytes(20, 16));
  EXPECT_EQ(host.tuples, 2u * 16 * (1u << 20) * sizeof(VertexId));
  // Built on the GPU the host never holds the builder or the tuples (nedge regenerates them on
  // the GPU); it keeps a copy of the CSR and the labels only for the host validator.
  const runs::Graph500HostBytes validates =
      runs::graph500_host_memory(20, 16, runs::Graph500HostRole::ValidatesGraph);
  EXPECT_EQ(validates.construction, 0u);
  EXPECT_EQ(validates.tuples, 0u);
  EXPECT_EQ(validates.graph, host.graph);
  EXPECT_GT(validates.search.labels, 0u);
  EXPECT_LT(validates.peak(), host.peak());
  EXPECT_EQ(runs::graph500_host_memory(20, 16, runs::Graph500HostRole::None).peak(), 0u);
  const runs::Graph500DeviceBytes device = runs::graph500_device_memory(20, 16);
  EXPECT_EQ(device.peak(), graph500_device_bytes(20, 16));
  EXPECT_EQ(
      device.search.total(),
      bfs_device_bytes(std::uint64_t{1} << 20, 2 * 16 * (std::uint64_t{1} << 20), false).total());
  EXPECT_EQ(device.headroom, kDeviceMemoryHeadroom);
}

TEST(Graph500Plan, HostAndDeviceBytesGrowWithScale) {
  for (int scale = 1; scale < 30; ++scale) {
    EXPECT_LT(graph500_memory_bytes(scale, 16), graph500_memory_bytes(scale + 1, 16)) << scale;
    EXPECT_LE(graph500_device_bytes(scale, 16), graph500_device_bytes(scale + 1, 16)) << scale;
  }
}

TEST(Graph500Plan, LargestScaleIsTheLastWhoseBytesFitTheBudget) {
  for (const std::uint64_t budget :
       {std::uint64_t{1} << 30, std::uint64_t{24} << 30, std::uint64_t{80} << 30,
        std::uint64_t{141} << 30, std::uint64_t{2} << 40}) {
    for (const runs::Graph500HostRole role :
         {runs::Graph500HostRole::BuildsGraph, runs::Graph500HostRole::ValidatesGraph,
          runs::Graph500HostRole::None}) {
      const int host = runs::largest_graph500_host_scale(16, role, budget);
      ASSERT_GT(host, 0) << budget;
      EXPECT_LE(graph500_memory_bytes(host, 16, role), budget);
      if (host < 30) EXPECT_GT(graph500_memory_bytes(host + 1, 16, role), budget);
    }
    const int device = runs::largest_graph500_device_scale(16, budget);
    ASSERT_GT(device, 0) << budget;
    EXPECT_LE(graph500_device_bytes(device, 16), budget);
    if (device < 30) EXPECT_GT(graph500_device_bytes(device + 1, 16), budget);
  }
  // Just one byte short of a scale's peak leaves the scale below it.
  EXPECT_EQ(runs::largest_graph500_host_scale(16, kBuilds, graph500_memory_bytes(22, 16)), 22);
  EXPECT_EQ(runs::largest_graph500_host_scale(16, kBuilds, graph500_memory_bytes(22, 16) - 1), 21);
  EXPECT_EQ(runs::largest_graph500_device_scale(16, 1), 0);
  // The generic search on any size function.
  EXPECT_EQ(runs::largest_fitting_scale([](int scale) { return std::uint64_t{1} << scale; }, 1000),
            9);
}

TEST(Graph500Plan, OutOfMemorySaysNeededFreeAndTheLargestScaleThatFits) {
  const std::uint64_t budget = std::uint64_t{1} << 30;
  const int fits = runs::largest_graph500_host_scale(16, kBuilds, budget);
  try {
    runs::check_graph500_memory_fits(fits + 1, 16, kBuilds, budget);
    FAIL() << "no exception";
  } catch (const OutOfMemory& error) {
    const std::string message = error.what();
    EXPECT_EQ(error.bytes_needed(), graph500_memory_bytes(fits + 1, 16));
    EXPECT_EQ(error.bytes_free(), budget);
    EXPECT_NE(message.find("scale " + std::to_string(fits + 1)), std::string::npos) << message;
    EXPECT_NE(message.find("scale " + std::to_string(fits) + " is the largest that fits"),
              std::string::npos)
        << message;
    EXPECT_NE(message.find("needs " + format_bytes(graph500_memory_bytes(fits + 1, 16))),
              std::string::npos)
        << message;
    EXPECT_NE(message.find("only " + format_bytes(budget)), std::string::npos) << message;
  }
  EXPECT_NO_THROW(runs::check_graph500_memory_fits(fits, 16, kBuilds, budget));
  // Unknown free memory (0): no check.
  EXPECT_NO_THROW(runs::check_graph500_memory_fits(30, 16, kBuilds, 0));
  try {
    runs::check_graph500_memory_fits(5, 16, kBuilds, 1000);
    FAIL() << "no exception";
  } catch (const OutOfMemory& error) {
    EXPECT_NE(std::string(error.what()).find("not even scale 1 fits"), std::string::npos)
        << error.what();
  }
}

TEST(Graph500Plan, HugeCpuRunIsRefusedWithTheLargestScaleThatFits) {
  if (!std::ifstream("/proc/meminfo")) GTEST_SKIP() << "no /proc/meminfo";
  runs::Graph500Config config;
  config.scale = 30;
  config.edgefactor = 1 << 20;
  try {
    runs::run_graph500(config);
    FAIL() << "no exception";
  } catch (const OutOfMemory& error) {
    const std::string message = error.what();
    EXPECT_EQ(error.bytes_needed(), graph500_memory_bytes(30, 1 << 20));
    EXPECT_NE(message.find("are free"), std::string::npos) << message;
    EXPECT_NE(message.find("fits"), std::string::npos) << message;
  }
}

// Bytes of the CSR read_graph() built.
std::uint64_t csr_bytes(const Graph& graph) {
  return graph.offsets().size() * sizeof(EdgeId) + graph.targets().size() * sizeof(VertexId) +
         graph.weights().size() * sizeof(Weight);
}

struct SizedFile {
  const char* name;
  bool symmetrize;
};

class GraphFileSizeTest : public ::testing::TestWithParam<SizedFile> {};

TEST_P(GraphFileSizeTest, AgreesWithTheGraphReadGraphBuilds) {
  io::ReadOptions options;
  options.symmetrize = GetParam().symmetrize;
  const auto path = test::bundled_dataset(GetParam().name);
  const io::GraphFileSize size = io::graph_file_size(path, options);
  const io::LoadedGraph loaded = io::read_graph(path, options);
  const Graph& graph = loaded.graph;
  EXPECT_EQ(size.vertices, static_cast<std::uint64_t>(graph.num_vertices()));
  EXPECT_EQ(size.directed, graph.directed());
  EXPECT_EQ(size.weighted, graph.has_weights());
  // The arcs are exact, or an upper bound (symmetric Matrix Market diagonals).
  EXPECT_GE(size.arcs, static_cast<std::uint64_t>(graph.num_arcs()));
  if (size.exact) EXPECT_EQ(size.arcs, static_cast<std::uint64_t>(graph.num_arcs()));
  EXPECT_GE(host_graph_bytes(size.vertices, size.arcs, size.weighted), csr_bytes(graph));
  if (size.exact) {
    EXPECT_EQ(host_graph_bytes(size.vertices, size.arcs, size.weighted), csr_bytes(graph));
  }
}

INSTANTIATE_TEST_SUITE_P(
    Bundled, GraphFileSizeTest,
    ::testing::Values(SizedFile{"karate.mtx", false}, SizedFile{"tiny_directed.mtx", false},
                      SizedFile{"tiny_undirected.mtx.gz", false}, SizedFile{"tiny.gr", false},
                      SizedFile{"tiny.graph", false}, SizedFile{"tiny_weighted.graph", false},
                      SizedFile{"tiny_compressed.graph.gz", false}, SizedFile{"tiny.txt", false},
                      SizedFile{"tiny.txt", true}, SizedFile{"tiny_crlf_weighted.txt", false}));

TEST(GraphFileSize, BinaryCsrHeaderGivesExactCounts) {
  const test::TempDir dir;
  const io::LoadedGraph loaded = io::read_graph(test::bundled_dataset("tiny_weighted.graph"));
  const auto path = dir.path() / "tiny.fcsr";
  io::write_binary_csr(loaded.graph, path);
  const io::GraphFileSize size = io::graph_file_size(path);
  EXPECT_TRUE(size.exact);
  EXPECT_EQ(size.method, "fcsr header");
  EXPECT_EQ(size.text_bytes, 0u);
  EXPECT_EQ(size.vertices, static_cast<std::uint64_t>(loaded.graph.num_vertices()));
  EXPECT_EQ(size.arcs, static_cast<std::uint64_t>(loaded.graph.num_arcs()));
  EXPECT_EQ(host_graph_bytes(size.vertices, size.arcs, size.weighted), csr_bytes(loaded.graph));
}

}  // namespace
}  // namespace frontier
