// The GPU BFS validator (Engine::validate on a GPU engine, BfsRunner::validate) against the host
// validator (validate_bfs_tree), its specification: on correct trees from CPU and GPU searches it
// accepts with the same counts; on every broken tree of support/broken_trees.hpp (with the
// depths, which take its fast path, and without, which takes pointer jumping) it gives the same
// verdict in the same words. Graphs: Kronecker (undirected, directed, several components), a
// uniform random graph, a long path (deep chains for the pointer jumping), a grid, 64-bit vertex
// ids, and the real datasets when present; searches from one source, several, and stopped by a
// depth limit. Skipped without a GPU.
#include <gtest/gtest.h>

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "bfs/cuda/bfs_cuda.hpp"
#include "frontier/bfs.hpp"
#include "frontier/bfs_validate.hpp"
#include "frontier/device.hpp"
#include "frontier/engine.hpp"
#include "frontier/errors.hpp"
#include "frontier/io/generators.hpp"
#include "frontier/io/read_graph.hpp"
#include "support/broken_trees.hpp"
#include "support/dataset_manifest.hpp"
#include "support/require_gpu.hpp"
#include "support/test_graphs.hpp"
#include "support/test_paths.hpp"

namespace frontier {
namespace {

// The host validator's verdict on `result`'s labels (what Engine::validate owes).
BfsValidation host_verdict(const Graph& graph, const BfsResult<VertexId>& result) {
  return validate_bfs_tree(graph, std::span<const VertexId>(result.sources),
                           std::span<const VertexId>(result.parent),
                           std::span<const std::int32_t>(result.depth), result.stopped_early());
}

void expect_same_verdict(const BfsValidation& host, const BfsValidation& gpu) {
  EXPECT_EQ(gpu.valid, host.valid);
  EXPECT_EQ(gpu.failure, host.failure);
  EXPECT_EQ(gpu.vertices_in_tree, host.vertices_in_tree);
  EXPECT_EQ(gpu.arcs_in_component, host.arcs_in_component);
}

// `tree` with its labels replaced (depths dropped when `depth` is empty).
BfsResult<VertexId> relabelled(const BfsResult<VertexId>& tree, const std::vector<VertexId>& parent,
                               const std::vector<std::int32_t>& depth) {
  BfsResult<VertexId> result;
  result.source = tree.source;
  result.sources = tree.sources;
  result.stop = tree.stop;
  result.parent.assign(parent.begin(), parent.end());
  result.depth.assign(depth.begin(), depth.end());
  return result;
}

// Correct trees from CPU and GPU searches from `sources` pass on the GPU as on the host; every
// broken tree made from the CPU tree gets the host's verdict and words, with depths and without.
void check_graph(const Graph& graph, const std::vector<VertexId>& sources) {
  const Engine cpu(graph);
  const Engine gpu(graph, Device::cuda(0));
  for (const VertexId source : sources) {
    SCOPED_TRACE("source " + std::to_string(source));
    const BfsResult<VertexId> cpu_tree = cpu.bfs(source);
    const BfsResult<VertexId> gpu_tree = gpu.bfs(source);
    for (const BfsResult<VertexId>* tree : {&cpu_tree, &gpu_tree}) {
      const BfsValidation host = host_verdict(graph, *tree);
      ASSERT_TRUE(host.valid) << host.failure;
      expect_same_verdict(host, gpu.validate(*tree));
      const BfsResult<VertexId> parents_only =
          relabelled(*tree, std::vector<VertexId>(tree->parent.begin(), tree->parent.end()), {});
      expect_same_verdict(host_verdict(graph, parents_only), gpu.validate(parents_only));
    }
    for (const auto& broken : test::broken_trees(graph, cpu_tree, 17 + source)) {
      SCOPED_TRACE(broken.damage);
      const BfsResult<VertexId> with_depth = relabelled(cpu_tree, broken.parent, broken.depth);
      const BfsValidation host = host_verdict(graph, with_depth);
      EXPECT_FALSE(host.valid);
      expect_same_verdict(host, gpu.validate(with_depth));
      const BfsResult<VertexId> parents_only = relabelled(cpu_tree, broken.parent, {});
      expect_same_verdict(host_verdict(graph, parents_only), gpu.validate(parents_only));
    }
  }
}

TEST(BfsValidateGpu, KroneckerTreesAndTheirDamage) {
  FRONTIER_REQUIRE_GPU();
  const Graph graph = test::graph500_graph(test::kronecker_params(14, 3));
  check_graph(graph, test::spread_sources(graph));
}

TEST(BfsValidateGpu, DirectedKronecker) {
  FRONTIER_REQUIRE_GPU();
  const Graph graph = test::kronecker_graph(test::kronecker_params(12, 5), true);
  check_graph(graph, test::spread_sources(graph));
}

TEST(BfsValidateGpu, SeveralComponentsAndIsolatedVertices) {
  FRONTIER_REQUIRE_GPU();
  const Graph graph = test::disconnected_kronecker(3, 10, 7, 50);
  check_graph(graph, test::spread_sources(graph));
}

TEST(BfsValidateGpu, UniformRandomGraph) {
  FRONTIER_REQUIRE_GPU();
  const Graph graph = test::uniform_graph(20000, 60000, 9);
  check_graph(graph, {0, 19999});
}

TEST(BfsValidateGpu, LongPathTakesManyJumpRounds) {
  FRONTIER_REQUIRE_GPU();
  const Graph graph = test::path_graph(100001);
  check_graph(graph, {0, 50000});
}

TEST(BfsValidateGpu, Grid) {
  FRONTIER_REQUIRE_GPU();
  const Graph graph = test::undirected_graph(io::generate_grid_2d<VertexId>(300, 200));
  check_graph(graph, {0, 30100});
}

TEST(BfsValidateGpu, LongCycleIsNamedAsOnTheHost) {
  FRONTIER_REQUIRE_GPU();
  constexpr VertexId kN = 20000;
  const Graph graph = test::path_graph(kN);
  std::vector<VertexId> parent(kN);
  for (VertexId v = 0; v < kN; ++v) parent[v] = v + 1 < kN ? v + 1 : 1;
  parent[0] = 0;
  const Engine gpu(graph, Device::cuda(0));
  BfsResult<VertexId> result = gpu.bfs(0);
  result = relabelled(result, parent, {});
  const BfsValidation host = host_verdict(graph, result);
  ASSERT_FALSE(host.valid);
  expect_same_verdict(host, gpu.validate(result));
}

TEST(BfsValidateGpu, SeveralSourcesAndDepthLimits) {
  FRONTIER_REQUIRE_GPU();
  const Graph graph = test::graph500_graph(test::kronecker_params(12, 11));
  const Engine gpu(graph, Device::cuda(0));
  const std::vector<VertexId> sources = test::spread_sources(graph);
  for (const std::int32_t limit : {0, 1, 2}) {
    SCOPED_TRACE("depth limit " + std::to_string(limit));
    BfsOptions options;
    options.depth_limit = limit;
    const BfsResult<VertexId> tree = gpu.bfs(std::span<const VertexId>(sources), options);
    const BfsValidation host = host_verdict(graph, tree);
    ASSERT_TRUE(host.valid) << host.failure;
    expect_same_verdict(host, gpu.validate(tree));
    // A vertex of the last level left unreached breaks nothing; one above it does (rule 4).
    std::vector<VertexId> parent(tree.parent.begin(), tree.parent.end());
    std::vector<std::int32_t> depth(tree.depth.begin(), tree.depth.end());
    for (VertexId v = 0; v < graph.num_vertices(); ++v) {
      if (depth[v] >= 1) {
        parent[v] = kInvalidVertex<VertexId>;
        depth[v] = kUnreachedDepth;
        const BfsResult<VertexId> cut = relabelled(tree, parent, depth);
        expect_same_verdict(host_verdict(graph, cut), gpu.validate(cut));
        break;
      }
    }
  }
  // Several sources, one of them not its own parent.
  const BfsResult<VertexId> tree = gpu.bfs(std::span<const VertexId>(sources));
  std::vector<VertexId> parent(tree.parent.begin(), tree.parent.end());
  parent[sources.back()] = kInvalidVertex<VertexId>;
  const BfsResult<VertexId> broken = relabelled(tree, parent, {});
  const BfsValidation host = host_verdict(graph, broken);
  EXPECT_FALSE(host.valid);
  expect_same_verdict(host, gpu.validate(broken));
}

TEST(BfsValidateGpu, RejectsMismatchedArgumentsAsTheHost) {
  FRONTIER_REQUIRE_GPU();
  const Graph graph = test::path_graph(5);
  const Engine gpu(graph, Device::cuda(0));
  BfsResult<VertexId> result = gpu.bfs(0);
  result.parent.resize(4);
  EXPECT_THROW(gpu.validate(result), InvalidArgument);
  result = gpu.bfs(0);
  result.depth.resize(3);
  EXPECT_THROW(gpu.validate(result), InvalidArgument);
  result = gpu.bfs(0);
  result.sources = {0, 0};
  EXPECT_THROW(gpu.validate(result), InvalidArgument);
}

TEST(BfsValidateGpu, SixtyFourBitVertices) {
  FRONTIER_REQUIRE_GPU();
  const auto graph = test::graph500_graph<std::int64_t, EdgeId>(test::kronecker_params(11, 13));
  cuda::BfsRunner<std::int64_t, EdgeId> runner(graph, 0);
  const BfsResult<std::int64_t> tree = runner.run(std::int64_t{0});
  const std::span<const std::int64_t> sources(tree.sources);
  for (const auto& broken : test::broken_trees(graph, tree, 5)) {
    SCOPED_TRACE(broken.damage);
    const BfsValidation host =
        validate_bfs_tree(graph, sources, std::span<const std::int64_t>(broken.parent),
                          std::span<const std::int32_t>(broken.depth), false);
    EXPECT_FALSE(host.valid);
    expect_same_verdict(host, runner.validate(sources, broken.parent, broken.depth, false));
  }
}

TEST(BfsValidateGpu, RealDatasets) {
  FRONTIER_REQUIRE_GPU();
  if (!test::real_datasets_available()) GTEST_SKIP() << "no real datasets folder";
  for (const std::string& name : test::manifest_datasets(test::real_datasets_dir())) {
    SCOPED_TRACE(name);
    const Graph graph = io::read_graph(test::real_datasets_dir() / name).graph;
    check_graph(graph, test::spread_sources(graph));
  }
}

}  // namespace
}  // namespace frontier
