// GPU validation in place (Engine::bfs_on_device into one reused DeviceBfsResult, then
// Engine::validate of the device labels), as the Graph500 GPU backend runs it, against the host
// validator on the same labels copied back: same verdict, words and counts, search after search
// in the same arrays; and the validator's fast path (depths that are the tree levels, checked in
// one vertex pass, arcs read through nibble levels below depth 15, byte levels below 255, the
// 32-bit depths beyond) falling back to the full checks wherever the depths are not the tree
// levels, with the host's words: a second vertex at depth 0 that is its own parent, trees around
// the nibble and byte limits damaged, a stopped-early search. nedge counted from the device depths
// equals the count from host depths. Skipped without a GPU.
#include <gtest/gtest.h>

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "frontier/bfs_validate.hpp"
#include "frontier/csr_builder.hpp"
#include "frontier/device.hpp"
#include "frontier/device_bfs_result.hpp"
#include "frontier/device_build.hpp"
#include "frontier/engine.hpp"
#include "frontier/errors.hpp"
#include "support/require_gpu.hpp"
#include "support/test_graphs.hpp"

namespace frontier {
namespace {

BfsValidation host_verdict(const Graph& graph, std::span<const VertexId> sources,
                           const std::vector<VertexId>& parent,
                           const std::vector<std::int32_t>& depth, bool stopped_early) {
  return validate_bfs_tree(graph, sources, std::span<const VertexId>(parent),
                           std::span<const std::int32_t>(depth), stopped_early);
}

void expect_same_verdict(const BfsValidation& host, const BfsValidation& gpu) {
  EXPECT_EQ(gpu.valid, host.valid);
  EXPECT_EQ(gpu.failure, host.failure);
  EXPECT_EQ(gpu.vertices_in_tree, host.vertices_in_tree);
  EXPECT_EQ(gpu.arcs_in_component, host.arcs_in_component);
}

// Host labels validated on the GPU (uploaded by Engine::validate, then the in-place validator).
BfsValidation gpu_verdict(const Engine& gpu, const BfsResult<VertexId>& tree,
                          const std::vector<VertexId>& parent,
                          const std::vector<std::int32_t>& depth) {
  BfsResult<VertexId> labels = tree;
  labels.parent.assign(parent.begin(), parent.end());
  labels.depth.assign(depth.begin(), depth.end());
  return gpu.validate(labels);
}

// The in-place verdict on `labels` equals the host validator's on them copied back, which
// accepts them.
void expect_in_place_verdict_of_host(const Graph& graph, const Engine& gpu,
                                     const DeviceBfsResult<VertexId>& labels) {
  const BfsResult<VertexId> on_host = labels.to_host();
  const std::vector<VertexId> parent(on_host.parent.begin(), on_host.parent.end());
  const std::vector<std::int32_t> depth(on_host.depth.begin(), on_host.depth.end());
  const BfsValidation host = host_verdict(graph, std::span<const VertexId>(on_host.sources), parent,
                                          depth, on_host.stopped_early());
  ASSERT_TRUE(host.valid) << host.failure;
  expect_same_verdict(host, gpu.validate(labels));
}

TEST(BfsValidateInPlaceGpu, SearchAfterSearchInOneSetOfArrays) {
  FRONTIER_REQUIRE_GPU();
  const Graph graph = test::graph500_graph(test::kronecker_params(14, 21));
  const Engine gpu(graph, Device::cuda(0));
  BfsOptions options;
  options.predecessors = true;
  DeviceBfsResult<VertexId> labels;
  const VertexId* parent_array = nullptr;
  const std::int32_t* depth_array = nullptr;
  for (const VertexId source : test::spread_sources(graph)) {
    SCOPED_TRACE("source " + std::to_string(source));
    gpu.bfs_on_device(std::span<const VertexId>(&source, 1), options, labels);
    if (parent_array == nullptr) {
      parent_array = labels.parent.data();
      depth_array = labels.depth.data();
    }
    EXPECT_EQ(labels.parent.data(), parent_array);
    EXPECT_EQ(labels.depth.data(), depth_array);
    EXPECT_EQ(labels.to_host().depth, gpu.bfs(source).depth);
    expect_in_place_verdict_of_host(graph, gpu, labels);
  }
}

BfsOptions stopping_at(std::int32_t depth_limit) {
  BfsOptions options;
  options.predecessors = true;
  options.depth_limit = depth_limit;
  return options;
}

TEST(BfsValidateInPlaceGpu, StoppedEarlySearchInPlace) {
  FRONTIER_REQUIRE_GPU();
  const Graph graph = test::graph500_graph(test::kronecker_params(12, 23));
  const Engine gpu(graph, Device::cuda(0));
  const std::vector<VertexId> sources = test::spread_sources(graph);
  for (const std::int32_t limit : {0, 1, 2}) {
    SCOPED_TRACE("depth limit " + std::to_string(limit));
    DeviceBfsResult<VertexId> labels;
    gpu.bfs_on_device(std::span<const VertexId>(sources), stopping_at(limit), labels);
    expect_in_place_verdict_of_host(graph, gpu, labels);
  }
}

TEST(BfsValidateInPlaceGpu, FastPathFallsBackWhereDepthsAreNotLevels) {
  FRONTIER_REQUIRE_GPU();
  const Graph graph = test::graph500_graph(test::kronecker_params(12, 29));
  const Engine gpu(graph, Device::cuda(0));
  const VertexId source = test::spread_sources(graph).front();
  const BfsResult<VertexId> tree = gpu.bfs(source);
  const std::span<const VertexId> sources(&source, 1);
  const std::vector<VertexId> parent(tree.parent.begin(), tree.parent.end());
  const std::vector<std::int32_t> depth(tree.depth.begin(), tree.depth.end());
  VertexId reached = kInvalidVertex<VertexId>;
  VertexId unreached = kInvalidVertex<VertexId>;
  for (VertexId v = 0; v < graph.num_vertices(); ++v) {
    if (depth[v] >= 2 && reached == kInvalidVertex<VertexId>) reached = v;
    if (depth[v] == kUnreachedDepth && unreached == kInvalidVertex<VertexId>) unreached = v;
  }
  ASSERT_NE(reached, kInvalidVertex<VertexId>);
  struct Damage {
    std::string what;
    std::vector<VertexId> parent;
    std::vector<std::int32_t> depth;
  };
  std::vector<Damage> damages;
  // A second root: its own parent at depth 0, consistent everywhere but in the count of depths 0.
  damages.push_back({"a reached vertex its own parent at depth 0", parent, depth});
  damages.back().parent[reached] = reached;
  damages.back().depth[reached] = 0;
  if (unreached != kInvalidVertex<VertexId>) {
    damages.push_back({"an unreached vertex its own parent at depth 0", parent, depth});
    damages.back().parent[unreached] = unreached;
    damages.back().depth[unreached] = 0;
  }
  // The source at depth 0 but not its own parent.
  damages.push_back({"the source's parent another vertex", parent, depth});
  damages.back().parent[source] = parent[reached];
  // A parent out of range: the fast pass must not read depth[parent] there.
  damages.push_back({"a parent far out of range", parent, depth});
  damages.back().parent[reached] = graph.num_vertices() + 1000;
  for (const Damage& damage : damages) {
    SCOPED_TRACE(damage.what);
    const BfsValidation host = host_verdict(graph, sources, damage.parent, damage.depth, false);
    EXPECT_FALSE(host.valid);
    expect_same_verdict(host, gpu_verdict(gpu, tree, damage.parent, damage.depth));
  }
}

TEST(BfsValidateInPlaceGpu, TreesAroundTheNibbleAndByteDepthLimits) {
  FRONTIER_REQUIRE_GPU();
  constexpr VertexId kN = 1000;
  const Graph graph = test::path_graph(kN);
  const Engine gpu(graph, Device::cuda(0));
  const BfsResult<VertexId> tree = gpu.bfs(0);
  const std::span<const VertexId> sources(tree.sources);
  const std::vector<VertexId> parent(tree.parent.begin(), tree.parent.end());
  const std::vector<std::int32_t> depth(tree.depth.begin(), tree.depth.end());
  expect_same_verdict(host_verdict(graph, sources, parent, depth, false),
                      gpu_verdict(gpu, tree, parent, depth));
  // Deep vertices around the nibble and byte limits cut from the tree (levels read as nibbles
  // below depth 15, bytes below 255, 32-bit depths beyond), with depths to match: rule 4 names
  // the arc from the tree's side, as on the host.
  for (const VertexId cut : {VertexId{2}, VertexId{14}, VertexId{15}, VertexId{16}, VertexId{254},
                             VertexId{255}, VertexId{256}, VertexId{700}}) {
    SCOPED_TRACE("cut at " + std::to_string(cut));
    std::vector<VertexId> cut_parent = parent;
    std::vector<std::int32_t> cut_depth = depth;
    for (VertexId v = cut; v < kN; ++v) {
      cut_parent[v] = kInvalidVertex<VertexId>;
      cut_depth[v] = kUnreachedDepth;
    }
    const BfsValidation host = host_verdict(graph, sources, cut_parent, cut_depth, false);
    EXPECT_FALSE(host.valid);
    expect_same_verdict(host, gpu_verdict(gpu, tree, cut_parent, cut_depth));
  }
}

TEST(BfsValidateInPlaceGpu, RejectsLabelsItCannotValidate) {
  FRONTIER_REQUIRE_GPU();
  const Graph graph = test::path_graph(50);
  const Engine cpu(graph);
  const Engine gpu(graph, Device::cuda(0));
  DeviceBfsResult<VertexId> labels = gpu.bfs_on_device(0);
  EXPECT_THROW(cpu.validate(labels), InvalidArgument);
  BfsOptions depth_only;
  depth_only.predecessors = false;
  const std::vector<VertexId> sources = {0};
  gpu.bfs_on_device(std::span<const VertexId>(sources), depth_only, labels);
  EXPECT_TRUE(labels.parent.empty());
  EXPECT_THROW(gpu.validate(labels), InvalidArgument);
}

// A search's nedge as the Graph500 backend counts it on the GPU, from each vertex's tuples
// counted once, equals the count over tuples regenerated for that search, which
// KroneckerCsrOnDevice holds to the host count over the tuple list.
TEST(BfsValidateInPlaceGpu, NedgeFromPerVertexTupleCountsEqualsRegeneratedTuples) {
  FRONTIER_REQUIRE_GPU();
  CsrBuildOptions build;
  build.symmetrize = true;
  build.remove_self_loops = true;
  for (int scale : {1, 9, 12}) {
    for (std::uint64_t seed : {1ULL, 31ULL}) {
      const KroneckerParams params = test::kronecker_params(scale, seed);
      const DeviceBuiltGraph built = build_kronecker_on_device(params, build, Device::cuda(0));
      const DeviceArray<std::uint32_t> counts =
          count_kronecker_tuples_by_source(params, Device::cuda(0));
      ASSERT_EQ(counts.size(), std::size_t{1} << scale);
      const Graph& graph = built.engine.graph();
      std::vector<VertexId> sources = test::spread_sources(graph);
      // An isolated vertex reaches only itself: its nedge is 0.
      for (VertexId v = 0; v < graph.num_vertices(); ++v) {
        if (graph.degree(v) == 0) {
          sources.push_back(v);
          break;
        }
      }
      for (const VertexId source : sources) {
        const DeviceBfsResult<VertexId> labels = built.engine.bfs_on_device(source);
        const std::int64_t expected = count_kronecker_tuples_reached(params, labels.depth);
        EXPECT_EQ(count_kronecker_tuples_reached(counts, labels.depth), expected)
            << "scale " << scale << " seed " << seed << " source " << source;
        if (graph.degree(source) == 0) EXPECT_EQ(expected, 0);
      }
    }
  }
}

TEST(BfsValidateInPlaceGpu, NedgeFromTupleCountsNeedsOneCountPerDepth) {
  FRONTIER_REQUIRE_GPU();
  CsrBuildOptions build;
  build.symmetrize = true;
  build.remove_self_loops = true;
  const KroneckerParams params = test::kronecker_params(8, 1);
  const DeviceBuiltGraph built = build_kronecker_on_device(params, build, Device::cuda(0));
  const DeviceBfsResult<VertexId> labels = built.engine.bfs_on_device(0);
  KroneckerParams smaller = params;
  smaller.scale = 7;
  const DeviceArray<std::uint32_t> counts =
      count_kronecker_tuples_by_source(smaller, Device::cuda(0));
  EXPECT_THROW(count_kronecker_tuples_reached(counts, labels.depth), InvalidArgument);
  EXPECT_THROW(count_kronecker_tuples_by_source(params, Device::cpu()), InvalidArgument);
}

TEST(BfsValidateInPlaceGpu, NedgeFromDeviceDepthsEqualsHostDepths) {
  FRONTIER_REQUIRE_GPU();
  const KroneckerParams params = test::kronecker_params(12, 31);
  CsrBuildOptions build;
  build.symmetrize = true;
  build.remove_self_loops = true;
  const DeviceBuiltGraph built = build_kronecker_on_device(params, build, Device::cuda(0));
  const VertexId source = test::spread_sources(built.engine.graph()).front();
  const DeviceBfsResult<VertexId> labels = built.engine.bfs_on_device(source);
  const BfsResult<VertexId> on_host = labels.to_host();
  EXPECT_EQ(count_kronecker_tuples_reached(params, labels.depth),
            count_kronecker_tuples_reached(params, std::span<const std::int32_t>(on_host.depth),
                                           Device::cuda(0)));
  const DeviceBfsResult<VertexId> other = built.engine.bfs_on_device(source);
  KroneckerParams smaller = params;
  smaller.scale = 11;
  EXPECT_THROW(count_kronecker_tuples_reached(smaller, other.depth), InvalidArgument);
}

}  // namespace
}  // namespace frontier
