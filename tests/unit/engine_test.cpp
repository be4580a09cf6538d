// Engine: a resident graph answering many BFS queries, equal to the free function; checks on
// construction; the device dispatch. Searches on every backend, repeated and concurrent ones
// included, are in parity/bfs_backends_test.cpp.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "frontier/csr_builder.hpp"
#include "frontier/engine.hpp"
#include "frontier/errors.hpp"
#include "frontier/io/generate_kronecker.hpp"
#include "frontier/reference_bfs.hpp"

namespace frontier {
namespace {

Graph kronecker_graph(int scale, bool directed) {
  KroneckerParams params;
  params.scale = scale;
  auto edges = io::generate_kronecker<VertexId>(params);
  edges.directed = directed;
  CsrBuildOptions options;
  options.symmetrize = !directed;
  return build_csr<VertexId, EdgeId>(edges, options);
}

TEST(Engine, AnswersManyQueriesLikeTheOracle) {
  const Engine engine(kronecker_graph(11, false));
  EXPECT_EQ(engine.graph().num_vertices(), 2048);
  EXPECT_FALSE(engine.device().is_cuda());
  for (VertexId source = 0; source < 2048; source += 97) {
    EXPECT_EQ(engine.bfs(source).depth, reference_bfs(engine.graph(), source).depth)
        << "source " << source;
  }
}

// An engine given a graph keeps it on the host; its sizes and out-degrees are the graph's.
TEST(Engine, SizesAndOutDegreesAreTheGraphs) {
  const Engine engine(kronecker_graph(10, true));
  EXPECT_TRUE(engine.has_host_graph());
  EXPECT_EQ(engine.num_vertices(), engine.graph().num_vertices());
  EXPECT_EQ(engine.num_arcs(), engine.graph().num_arcs());
  const std::vector<VertexId> vertices = {0, 1, 5, 1023, 5};
  const std::vector<EdgeId> degrees = engine.out_degrees(vertices);
  ASSERT_EQ(degrees.size(), vertices.size());
  for (std::size_t i = 0; i < vertices.size(); ++i) {
    EXPECT_EQ(degrees[i], engine.graph().degree(vertices[i])) << vertices[i];
  }
  EXPECT_TRUE(engine.out_degrees({}).empty());
  for (const VertexId outside : {VertexId{-1}, VertexId{1024}}) {
    const std::vector<VertexId> bad = {0, outside};
    try {
      static_cast<void>(engine.out_degrees(bad));
      ADD_FAILURE() << "expected InvalidArgument for " << outside;
    } catch (const InvalidArgument& error) {
      EXPECT_NE(std::string(error.what()).find("out of range [0, 1024)"), std::string::npos)
          << error.what();
    }
  }
}

TEST(Engine, CopiesShareTheGraph) {
  const Engine engine(kronecker_graph(8, false));
  const Engine copy = engine;  // NOLINT(performance-unnecessary-copy-initialization)
  EXPECT_EQ(&copy.graph(), &engine.graph());
}

TEST(Engine, RejectsBrokenGraphsAndBadDevices) {
  // One arc pointing at vertex 5 of a 1-vertex graph.
  Graph broken(std::vector<EdgeId>{0, 1}, std::vector<VertexId>{5}, {}, true);
  EXPECT_THROW(Engine{std::move(broken)}, ValidationError);
  Device no_ids;
  no_ids.kind = DeviceKind::Cuda;
  EXPECT_THROW(Engine(kronecker_graph(6, false), no_ids), InvalidArgument);
}

// Queries run where the engine lives: a CPU engine on the CPU, a GPU engine on its GPU, which
// it uploads to when it is made (so without a GPU it cannot be made).
TEST(Engine, SearchesWhereItLives) {
  const Engine cpu_engine(kronecker_graph(8, false));
  EXPECT_FALSE(cpu_engine.device().is_cuda());
  EXPECT_EQ(cpu_engine.bfs(0).depth, reference_bfs(cpu_engine.graph(), 0).depth);
  if (cuda_device_count() == 0) {
    EXPECT_THROW(Engine(kronecker_graph(8, false), Device::cuda(0)), CudaError);
  } else {
    const Engine gpu_engine(kronecker_graph(8, false), Device::cuda(0));
    EXPECT_TRUE(gpu_engine.device().is_cuda());
    EXPECT_EQ(gpu_engine.bfs(0).depth, reference_bfs(gpu_engine.graph(), 0).depth);
    EXPECT_EQ(gpu_engine.bfs(1).depth, reference_bfs(gpu_engine.graph(), 1).depth);
  }
}

TEST(Engine, ValidatesItsSearchesAndAsksForParents) {
  const Engine engine(kronecker_graph(8, false));
  EXPECT_TRUE(engine.validate(engine.bfs(3)).valid);
  BfsOptions no_parents;
  no_parents.predecessors = false;
  try {
    engine.validate(engine.bfs(3, no_parents));
    FAIL() << "a search without parents was validated";
  } catch (const InvalidArgument& error) {
    EXPECT_NE(std::string(error.what()).find("kept none"), std::string::npos) << error.what();
  }
}

TEST(Engine, BadSourceIsInvalidArgument) {
  const Engine engine(kronecker_graph(6, false));
  EXPECT_THROW(engine.bfs(64), InvalidArgument);
  EXPECT_THROW(engine.bfs(-1), InvalidArgument);
}

}  // namespace
}  // namespace frontier
