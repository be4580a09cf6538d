// SearchOrder::DegreeClasses: an Engine that searches a copy of its graph renumbered by degree
// class answers in the graph's own ids exactly as the engine on the graph as given does (depths,
// valid trees, several sources, targets, depth limits, threads), and the renumbering itself is a
// stable grouping by class that keeps every list. GPU engines with the order:
// gpu/engine_search_order_gpu_test.cpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "frontier/csr_builder.hpp"
#include "frontier/engine.hpp"
#include "frontier/errors.hpp"
#include "frontier/io/generate_kronecker.hpp"
#include "frontier/reference_bfs.hpp"
#include "graph/degree_order.hpp"

namespace frontier {
namespace {

Graph kronecker_graph(int scale, bool directed) {
  KroneckerParams params;
  params.scale = scale;
  params.seed = 7;
  auto edges = io::generate_kronecker<VertexId>(params);
  edges.directed = directed;
  CsrBuildOptions options;
  options.symmetrize = !directed;
  return build_csr<VertexId, EdgeId>(edges, options);
}

EngineOptions by_degree() {
  EngineOptions options;
  options.search_order = SearchOrder::DegreeClasses;
  return options;
}

std::uint64_t degree(const Graph& graph, VertexId v) {
  return static_cast<std::uint64_t>(graph.degree(v));
}

// Scale 11 renumbers on one thread, scale 17 (131,072 vertices) on the OpenMP team.
class SearchOrderGraphs : public ::testing::TestWithParam<int> {};

TEST_P(SearchOrderGraphs, RenumberingGroupsByClassStablyAndKeepsEveryList) {
  for (const bool directed : {false, true}) {
    const Graph graph = kronecker_graph(GetParam(), directed);
    const auto ordered = detail::order_by_degree_class(graph);
    const auto n = static_cast<std::size_t>(graph.num_vertices());
    ASSERT_EQ(ordered.old_id.size(), n);
    ASSERT_EQ(ordered.new_id.size(), n);
    for (std::size_t i = 0; i < n; ++i) {
      ASSERT_EQ(ordered.new_id[ordered.old_id[i]], static_cast<VertexId>(i)) << i;
    }
    for (std::size_t i = 1; i < n; ++i) {
      const int before = detail::degree_class(degree(graph, ordered.old_id[i - 1]));
      const int here = detail::degree_class(degree(graph, ordered.old_id[i]));
      ASSERT_GE(before, here) << "new id " << i;
      if (before == here) ASSERT_LT(ordered.old_id[i - 1], ordered.old_id[i]) << "new id " << i;
    }
    // The first new ids hold the vertices of the highest degree, the last ones those without arcs.
    std::uint64_t largest = 0;
    for (VertexId v = 0; v < graph.num_vertices(); ++v)
      largest = std::max(largest, degree(graph, v));
    EXPECT_EQ(degree(graph, ordered.old_id.front()), largest);
    EXPECT_EQ(degree(graph, ordered.old_id.back()), 0u);
    EXPECT_EQ(ordered.graph.num_arcs(), graph.num_arcs());
    EXPECT_EQ(ordered.graph.directed(), directed);
    for (std::size_t i = 0; i < n; ++i) {
      const auto new_list = ordered.graph.neighbors(static_cast<VertexId>(i));
      ASSERT_TRUE(std::is_sorted(new_list.begin(), new_list.end())) << i;
      std::vector<VertexId> back;
      for (const VertexId t : new_list) back.push_back(ordered.old_id[t]);
      std::sort(back.begin(), back.end());
      const auto old_list = graph.neighbors(ordered.old_id[i]);
      std::vector<VertexId> expected(old_list.begin(), old_list.end());
      std::sort(expected.begin(), expected.end());
      ASSERT_EQ(back, expected) << "old vertex " << ordered.old_id[i];
    }
  }
}

TEST_P(SearchOrderGraphs, SearchesAnswerInTheGraphsIdsLikeTheGraphAsGiven) {
  for (const bool directed : {false, true}) {
    const Graph graph = kronecker_graph(GetParam(), directed);
    const Engine given(graph);
    const Engine ordered(graph, Device::cpu(), by_degree());
    EXPECT_EQ(given.search_order(), SearchOrder::AsGiven);
    EXPECT_EQ(ordered.search_order(), SearchOrder::DegreeClasses);
    const VertexId n = graph.num_vertices();
    for (const int threads : {1, 2}) {
      BfsOptions options;
      options.threads = threads;
      for (VertexId source = 3; source < n; source += n / 5) {
        const BfsResult<VertexId> expected = given.bfs(source, options);
        const BfsResult<VertexId> found = ordered.bfs(source, options);
        EXPECT_EQ(found.source, source);
        EXPECT_EQ(found.depth, reference_bfs(graph, source).depth) << "source " << source;
        EXPECT_EQ(found.vertices_reached, expected.vertices_reached);
        const BfsValidation valid = ordered.validate(found);
        EXPECT_TRUE(valid.valid) << valid.failure;
        EXPECT_TRUE(validate_bfs_tree(graph, source, std::span<const VertexId>(found.parent),
                                      std::span<const std::int32_t>(found.depth))
                        .valid);
      }
    }
  }
}

TEST_P(SearchOrderGraphs, SeveralSourcesTargetsAndDepthLimitsAsOnTheGraphAsGiven) {
  const Graph graph = kronecker_graph(GetParam(), false);
  const Engine given(graph);
  const Engine ordered(graph, Device::cpu(), by_degree());
  const VertexId n = graph.num_vertices();
  VertexId from = 5;
  while (graph.degree(from) == 0) ++from;
  const std::vector<VertexId> sources = {n - 1, from, n / 2, from};
  const BfsResult<VertexId> expected = given.bfs(sources);
  const BfsResult<VertexId> found = ordered.bfs(sources);
  EXPECT_EQ(found.sources, expected.sources);
  EXPECT_EQ(found.source, expected.source);
  EXPECT_EQ(found.depth, expected.depth);
  EXPECT_TRUE(ordered.validate(found).valid);

  BfsOptions limited;
  limited.depth_limit = 1;
  const BfsResult<VertexId> near = ordered.bfs(from, limited);
  EXPECT_EQ(near.depth, given.bfs(from, limited).depth);
  EXPECT_EQ(near.stop, BfsStop::DepthLimit);
  EXPECT_TRUE(ordered.validate(near).valid);

  // A target two levels out: the search stops after labelling it, as the unrenumbered one does.
  const BfsResult<VertexId> full = given.bfs(from);
  const auto two = std::find(full.depth.begin(), full.depth.end(), 2);
  ASSERT_NE(two, full.depth.end());
  BfsOptions targeted;
  targeted.target = static_cast<std::int64_t>(two - full.depth.begin());
  const BfsResult<VertexId> to_target = ordered.bfs(from, targeted);
  EXPECT_EQ(to_target.depth, given.bfs(from, targeted).depth);
  EXPECT_EQ(to_target.depth[static_cast<std::size_t>(*targeted.target)], 2);
  EXPECT_EQ(to_target.stop, BfsStop::TargetReached);
}

INSTANTIATE_TEST_SUITE_P(Scales, SearchOrderGraphs, ::testing::Values(11, 17));

TEST(SearchOrder, ErrorsNameTheCallersVertices) {
  const Engine ordered(kronecker_graph(10, false), Device::cpu(), by_degree());
  try {
    ordered.bfs(1024);
    FAIL() << "expected InvalidArgument";
  } catch (const InvalidArgument& error) {
    EXPECT_NE(std::string(error.what()).find("1024"), std::string::npos) << error.what();
  }
  BfsOptions options;
  options.target = 5000;
  EXPECT_THROW(ordered.bfs(0, options), InvalidArgument);
}

TEST(SearchOrder, WeightedGraphsAreRefused) {
  EdgeList<VertexId> edges;
  edges.num_vertices = 3;
  edges.sources = {0, 1};
  edges.targets = {1, 2};
  edges.weights = {1.0f, 2.0f};
  edges.directed = false;
  CsrBuildOptions build;
  build.symmetrize = true;
  const Graph weighted = build_csr<VertexId, EdgeId>(edges, build);
  EXPECT_THROW(Engine(weighted, Device::cpu(), by_degree()), InvalidArgument);
}

}  // namespace
}  // namespace frontier
