// Engines (and graphs built on the GPU) on two GPUs, each made while the other GPU is current:
// every buffer and the stream must belong to the engine's own GPU, and the searches of both, in
// turns, must match the sequential oracle. Skipped with fewer than 2 GPUs.
#include <gtest/gtest.h>

#include "frontier/bfs.hpp"
#include "frontier/csr_builder.hpp"
#include "frontier/device.hpp"
#include "frontier/device_build.hpp"
#include "frontier/engine.hpp"
#include "frontier/reference_bfs.hpp"
#include "support/bfs_checks.hpp"
#include "support/require_gpu.hpp"
#include "support/test_graphs.hpp"

namespace frontier {
namespace {

TEST(EnginePlacement, EnginesOnTwoGpusSearchInTurns) {
  FRONTIER_REQUIRE_GPUS(2);
  const Graph graph = test::kronecker_graph(test::kronecker_params(12, 7));
  // The second engine is made while the first one's GPU is current.
  const Engine first(graph, Device::cuda(0));
  const Engine second(graph, Device::cuda(1));
  for (const VertexId source : {VertexId{0}, VertexId{1000}}) {
    const BfsResult<VertexId> expected = reference_bfs(graph, source);
    test::expect_bfs_matches_reference(graph, first.bfs(source), expected, true);
    test::expect_bfs_matches_reference(graph, second.bfs(source), expected, true);
  }
}

TEST(EnginePlacement, GraphsBuiltOnTwoGpusSearchInTurns) {
  FRONTIER_REQUIRE_GPUS(2);
  CsrBuildOptions build;
  build.symmetrize = true;
  build.remove_self_loops = true;
  const KroneckerParams params = test::kronecker_params(12, 3);
  DeviceBuiltGraph first = build_kronecker_on_device(params, build, Device::cuda(0));
  DeviceBuiltGraph second = build_kronecker_on_device(params, build, Device::cuda(1));
  const Graph& graph = first.engine.graph();
  EXPECT_EQ(graph.offsets(), second.engine.graph().offsets());
  EXPECT_EQ(graph.targets(), second.engine.graph().targets());
  const BfsResult<VertexId> expected = reference_bfs(graph, VertexId{5});
  test::expect_bfs_matches_reference(graph, first.engine.bfs(5), expected, true);
  test::expect_bfs_matches_reference(graph, second.engine.bfs(5), expected, true);
}

}  // namespace
}  // namespace frontier
