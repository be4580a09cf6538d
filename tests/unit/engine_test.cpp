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
