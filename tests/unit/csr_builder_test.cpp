// build_csr, transpose / CsrGraph::reverse and CsrGraph::check_invariants against hand-worked
// CSR arrays and against a plain sequential re-implementation on random edge lists.
#include "frontier/csr_builder.hpp"

#include <gtest/gtest.h>
#include <omp.h>

#include <algorithm>
#include <cstdint>
#include <tuple>
#include <utility>
#include <vector>

#include "frontier/errors.hpp"
#include "support/test_graphs.hpp"

namespace frontier {
namespace {

using test::edge_list;
using Csr = CsrGraph<std::int32_t, EdgeId>;

std::vector<EdgeId> offsets_of(const Csr& graph) { return graph.offsets(); }
std::vector<std::int32_t> targets_of(const Csr& graph) { return graph.targets(); }

// Sequential reference: sorted (source, target, weight) arcs as build_csr should store them.
std::vector<std::tuple<std::int32_t, std::int32_t, Weight>> expected_arcs(
    const EdgeList<std::int32_t>& edges, const CsrBuildOptions& options) {
  std::vector<std::tuple<std::int32_t, std::int32_t, Weight>> arcs;
  for (std::size_t i = 0; i < edges.size(); ++i) {
    const std::int32_t u = edges.sources[i];
    const std::int32_t v = edges.targets[i];
    const Weight w = edges.has_weights() ? edges.weights[i] : Weight{0};
    if (options.remove_self_loops && u == v) continue;
    arcs.emplace_back(u, v, w);
    if (options.symmetrize && u != v) arcs.emplace_back(v, u, w);
  }
  std::sort(arcs.begin(), arcs.end());
  if (options.remove_duplicates) {
    arcs.erase(std::unique(arcs.begin(), arcs.end(),
                           [](const auto& a, const auto& b) {
                             return std::get<0>(a) == std::get<0>(b) &&
                                    std::get<1>(a) == std::get<1>(b);
                           }),
               arcs.end());
  }
  return arcs;
}

std::vector<std::tuple<std::int32_t, std::int32_t, Weight>> arc_tuples(const Csr& graph) {
  std::vector<std::tuple<std::int32_t, std::int32_t, Weight>> arcs;
  for (std::int32_t u = 0; u < graph.num_vertices(); ++u) {
    for (EdgeId e = graph.offsets()[u]; e < graph.offsets()[u + 1]; ++e) {
      arcs.emplace_back(u, graph.targets()[e], graph.has_weights() ? graph.weights()[e] : 0.0f);
    }
  }
  return arcs;
}

TEST(CsrBuilder, DirectedKeepsArcsAsGiven) {
  const auto graph = build_csr<std::int32_t, EdgeId>(
      edge_list<std::int32_t>(4, {{2, 1}, {0, 3}, {0, 1}, {2, 0}}, true));
  EXPECT_TRUE(graph.directed());
  EXPECT_EQ(offsets_of(graph), (std::vector<EdgeId>{0, 2, 2, 4, 4}));
  EXPECT_EQ(targets_of(graph), (std::vector<std::int32_t>{1, 3, 0, 1}));
  EXPECT_FALSE(graph.has_weights());
  EXPECT_NO_THROW(graph.check_invariants());
}

TEST(CsrBuilder, SymmetrizeStoresBothArcs) {
  CsrBuildOptions options;
  options.symmetrize = true;
  const auto graph = build_csr<std::int32_t, EdgeId>(
      edge_list<std::int32_t>(4, {{0, 1}, {1, 2}, {3, 1}}, true), options);
  EXPECT_FALSE(graph.directed());
  EXPECT_EQ(offsets_of(graph), (std::vector<EdgeId>{0, 1, 4, 5, 6}));
  EXPECT_EQ(targets_of(graph), (std::vector<std::int32_t>{1, 0, 2, 3, 1, 1}));
  EXPECT_EQ(graph.num_arcs(), 6);
}

TEST(CsrBuilder, SelfLoopsKeptOnceOrRemoved) {
  const auto edges = edge_list<std::int32_t>(3, {{0, 0}, {0, 1}, {2, 2}, {1, 2}}, false);
  CsrBuildOptions keep;
  keep.symmetrize = true;
  const auto kept = build_csr<std::int32_t, EdgeId>(edges, keep);
  EXPECT_EQ(offsets_of(kept), (std::vector<EdgeId>{0, 2, 4, 6}));
  EXPECT_EQ(targets_of(kept), (std::vector<std::int32_t>{0, 1, 0, 2, 1, 2}));

  CsrBuildOptions drop = keep;
  drop.remove_self_loops = true;
  const auto dropped = build_csr<std::int32_t, EdgeId>(edges, drop);
  EXPECT_EQ(offsets_of(dropped), (std::vector<EdgeId>{0, 1, 3, 4}));
  EXPECT_EQ(targets_of(dropped), (std::vector<std::int32_t>{1, 0, 2, 1}));
}

TEST(CsrBuilder, DuplicateRemovalKeepsSmallestWeight) {
  auto edges = edge_list<std::int32_t>(3, {{0, 1}, {0, 1}, {0, 2}, {0, 1}, {1, 0}}, true);
  edges.weights = {5.0f, 2.0f, 7.0f, 3.5f, 9.0f};
  CsrBuildOptions options;
  options.remove_duplicates = true;
  const auto graph = build_csr<std::int32_t, EdgeId>(edges, options);
  EXPECT_EQ(offsets_of(graph), (std::vector<EdgeId>{0, 2, 3, 3}));
  EXPECT_EQ(targets_of(graph), (std::vector<std::int32_t>{1, 2, 0}));
  EXPECT_EQ(graph.weights(), (std::vector<Weight>{2.0f, 7.0f, 9.0f}));

  // Symmetrized: (1, 0) with weight 9 and the three (0, 1) collapse to weight 2 both ways.
  options.symmetrize = true;
  const auto both = build_csr<std::int32_t, EdgeId>(edges, options);
  EXPECT_EQ(offsets_of(both), (std::vector<EdgeId>{0, 2, 3, 4}));
  EXPECT_EQ(targets_of(both), (std::vector<std::int32_t>{1, 2, 0, 0}));
  EXPECT_EQ(both.weights(), (std::vector<Weight>{2.0f, 7.0f, 2.0f, 7.0f}));
}

TEST(CsrBuilder, DuplicatesKeptWithoutTheOption) {
  const auto graph =
      build_csr<std::int32_t, EdgeId>(edge_list<std::int32_t>(2, {{0, 1}, {0, 1}, {0, 1}}, true));
  EXPECT_EQ(targets_of(graph), (std::vector<std::int32_t>{1, 1, 1}));
}

TEST(CsrBuilder, RemoveDuplicatesNeedsSorting) {
  CsrBuildOptions options;
  options.remove_duplicates = true;
  options.sort_neighbors = false;
  EXPECT_THROW(
      (build_csr<std::int32_t, EdgeId>(edge_list<std::int32_t>(2, {{0, 1}}, true), options)),
      InvalidArgument);
}

TEST(CsrBuilder, AdjacencyIsSortedByTargetThenWeight) {
  auto edges = edge_list<std::int32_t>(4, {{0, 3}, {0, 1}, {0, 2}, {0, 1}}, true);
  edges.weights = {1.0f, 4.0f, 2.0f, 3.0f};
  const auto graph = build_csr<std::int32_t, EdgeId>(edges);
  EXPECT_EQ(targets_of(graph), (std::vector<std::int32_t>{1, 1, 2, 3}));
  EXPECT_EQ(graph.weights(), (std::vector<Weight>{3.0f, 4.0f, 2.0f, 1.0f}));
}

TEST(CsrBuilder, EmptyAndSingleVertex) {
  const auto none = build_csr<std::int32_t, EdgeId>(edge_list<std::int32_t>(0, {}, true));
  EXPECT_EQ(none.num_vertices(), 0);
  EXPECT_EQ(none.num_arcs(), 0);
  EXPECT_EQ(offsets_of(none), (std::vector<EdgeId>{0}));
  EXPECT_NO_THROW(none.check_invariants());

  const auto isolated = build_csr<std::int32_t, EdgeId>(edge_list<std::int32_t>(1, {}, false));
  EXPECT_EQ(isolated.num_vertices(), 1);
  EXPECT_EQ(offsets_of(isolated), (std::vector<EdgeId>{0, 0}));

  CsrBuildOptions options;
  options.symmetrize = true;
  const auto loop =
      build_csr<std::int32_t, EdgeId>(edge_list<std::int32_t>(1, {{0, 0}}, false), options);
  EXPECT_EQ(offsets_of(loop), (std::vector<EdgeId>{0, 1}));
  EXPECT_EQ(targets_of(loop), (std::vector<std::int32_t>{0}));
}

TEST(CsrBuilder, OutOfRangeEndpointThrows) {
  EXPECT_THROW(
      (build_csr<std::int32_t, EdgeId>(edge_list<std::int32_t>(3, {{0, 1}, {1, 3}}, true))),
      InvalidArgument);
  EXPECT_THROW((build_csr<std::int32_t, EdgeId>(edge_list<std::int32_t>(3, {{-1, 1}}, true))),
               InvalidArgument);
  EXPECT_THROW((build_csr<std::int32_t, EdgeId>(edge_list<std::int32_t>(0, {{0, 0}}, true))),
               InvalidArgument);
  auto mismatched = edge_list<std::int32_t>(3, {{0, 1}}, true);
  mismatched.targets.push_back(2);
  EXPECT_THROW((build_csr<std::int32_t, EdgeId>(mismatched)), InvalidArgument);
  auto bad_weights = edge_list<std::int32_t>(3, {{0, 1}, {1, 2}}, true);
  bad_weights.weights = {1.0f};
  EXPECT_THROW((build_csr<std::int32_t, EdgeId>(bad_weights)), InvalidArgument);
}

TEST(CsrBuilder, TransposeAndReverse) {
  auto edges = edge_list<std::int32_t>(4, {{0, 1}, {0, 2}, {2, 1}, {3, 0}, {1, 1}}, true);
  edges.weights = {1.0f, 2.0f, 3.0f, 4.0f, 5.0f};
  const auto graph = build_csr<std::int32_t, EdgeId>(edges);
  const auto transposed = transpose(graph);
  EXPECT_TRUE(transposed.directed());
  EXPECT_EQ(offsets_of(transposed), (std::vector<EdgeId>{0, 1, 4, 5, 5}));
  EXPECT_EQ(targets_of(transposed), (std::vector<std::int32_t>{3, 0, 1, 2, 0}));
  EXPECT_EQ(transposed.weights(), (std::vector<Weight>{4.0f, 1.0f, 5.0f, 3.0f, 2.0f}));

  const Csr& reversed = graph.reverse();
  EXPECT_EQ(offsets_of(reversed), offsets_of(transposed));
  EXPECT_EQ(targets_of(reversed), targets_of(transposed));
  EXPECT_EQ(&graph.reverse(), &reversed) << "reverse() is cached";
  // Transposing twice gives the graph back.
  const auto twice = transpose(transposed);
  EXPECT_EQ(arc_tuples(twice), arc_tuples(graph));

  CsrBuildOptions options;
  options.symmetrize = true;
  const auto undirected = build_csr<std::int32_t, EdgeId>(edges, options);
  EXPECT_EQ(&undirected.reverse(), &undirected);
}

TEST(CsrBuilder, ReverseOfRandomDirectedGraph) {
  const auto edges = test::random_edge_list<std::int32_t>(3000, 20000, 3, true);
  const auto graph = build_csr<std::int32_t, EdgeId>(edges);
  std::vector<std::tuple<std::int32_t, std::int32_t, Weight>> flipped;
  for (const auto& [u, v, w] : arc_tuples(graph)) flipped.emplace_back(v, u, w);
  std::sort(flipped.begin(), flipped.end());
  EXPECT_EQ(arc_tuples(graph.reverse()), flipped);
}

// build_csr(edges) against expected_arcs under every combination of symmetrize, self-loop and
// duplicate removal.
void expect_reference_arcs_under_all_options(const EdgeList<std::int32_t>& edges) {
  for (const bool symmetrize : {false, true}) {
    for (const bool self_loops : {false, true}) {
      for (const bool duplicates : {false, true}) {
        CsrBuildOptions options;
        options.symmetrize = symmetrize;
        options.remove_self_loops = self_loops;
        options.remove_duplicates = duplicates;
        const auto graph = build_csr<std::int32_t, EdgeId>(edges, options);
        EXPECT_NO_THROW(graph.check_invariants());
        EXPECT_EQ(arc_tuples(graph), expected_arcs(edges, options))
            << "weighted " << edges.has_weights() << " symmetrize " << symmetrize << " self loops "
            << self_loops << " duplicates " << duplicates;
      }
    }
  }
}

TEST(CsrBuilder, MatchesSequentialReferenceOnRandomGraphs) {
  auto edges = test::random_edge_list<std::int32_t>(500, 6000, 17, true);
  edges.weights.resize(edges.size());
  for (std::size_t i = 0; i < edges.size(); ++i) {
    edges.weights[i] = static_cast<Weight>(uniform_below(counter_random(18, i), 10));
  }
  expect_reference_arcs_under_all_options(edges);
}

TEST(CsrBuilder, SameResultOnOneAndTwoThreads) {
  auto edges = test::random_edge_list<std::int32_t>(100000, 400000, 5, true);
  edges.weights.resize(edges.size());
  for (std::size_t i = 0; i < edges.size(); ++i) {
    edges.weights[i] = static_cast<Weight>(uniform_below(counter_random(6, i), 1000));
  }
  CsrBuildOptions options;
  options.symmetrize = true;
  options.remove_duplicates = true;
  const int threads = omp_get_max_threads();
  omp_set_num_threads(1);
  const auto one = build_csr<std::int32_t, EdgeId>(edges, options);
  omp_set_num_threads(2);
  const auto two = build_csr<std::int32_t, EdgeId>(edges, options);
  omp_set_num_threads(threads);
  EXPECT_EQ(one.offsets(), two.offsets());
  EXPECT_EQ(one.targets(), two.targets());
  EXPECT_EQ(one.weights(), two.weights());
  EXPECT_GT(one.num_arcs(), 0);
}

// Hand-worked: lists 0, 1 and 3 have vertex 2 (degree 4) after their first arc, so it swaps
// places with it, weight and all; list 2 already starts with a neighbour of the top degree (0,
// tied with 1 and 3), and so does list 6 (1, tied with 3).
TEST(CsrBuilder, HubsFirstSwapsTheHighestDegreeNeighbourToTheFront) {
  EdgeList<std::int32_t> edges = test::edge_list<std::int32_t>(
      7, {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {2, 3}, {2, 4}, {4, 5}, {6, 1}, {6, 3}}, false);
  edges.weights = {1, 2, 3, 4, 5, 6, 7, 8, 9};
  CsrBuildOptions options;
  options.symmetrize = true;
  options.hubs_first = true;
  const Csr graph = build_csr<std::int32_t, EdgeId>(edges, options);
  EXPECT_EQ(offsets_of(graph), (std::vector<EdgeId>{0, 3, 6, 10, 13, 15, 16, 18}));
  EXPECT_EQ(targets_of(graph),
            (std::vector<std::int32_t>{2, 1, 3, 2, 0, 6, 0, 1, 3, 4, 2, 0, 6, 2, 5, 4, 1, 3}));
  EXPECT_EQ(graph.weights(),
            (std::vector<Weight>{2, 1, 3, 4, 1, 8, 2, 4, 5, 6, 5, 3, 9, 6, 7, 7, 8, 9}));
}

TEST(CsrBuilder, HubsFirstNeedsAnUndirectedGraph) {
  CsrBuildOptions options;
  options.hubs_first = true;
  const auto directed = test::edge_list<std::int32_t>(3, {{0, 1}, {1, 2}}, true);
  EXPECT_THROW((build_csr<std::int32_t, EdgeId>(directed, options)), InvalidArgument);
  options.symmetrize = true;
  const Csr symmetrized = build_csr<std::int32_t, EdgeId>(directed, options);
  EXPECT_EQ(targets_of(symmetrized), (std::vector<std::int32_t>{1, 0, 2, 1}));
}

// arcs_of lists every arc in CSR order, and build_csr of the list gives the graph back.
TEST(CsrBuilder, ArcsOfRebuildsTheGraph) {
  auto edges = test::random_edge_list<std::int32_t>(300, 2000, 31, true);
  edges.weights.resize(edges.size());
  for (std::size_t i = 0; i < edges.size(); ++i) edges.weights[i] = static_cast<Weight>(i % 7);
  for (const bool symmetrize : {false, true}) {
    CsrBuildOptions options;
    options.symmetrize = symmetrize;
    const Csr graph = build_csr<std::int32_t, EdgeId>(edges, options);
    const EdgeList<std::int32_t> arcs = arcs_of(graph);
    ASSERT_EQ(arcs.size(), static_cast<std::size_t>(graph.num_arcs()));
    EXPECT_EQ(arcs.directed, graph.directed());
    EXPECT_EQ(arcs.sources[static_cast<std::size_t>(graph.offsets()[5])], 5);
    const Csr rebuilt = build_csr<std::int32_t, EdgeId>(arcs, CsrBuildOptions{});
    EXPECT_EQ(offsets_of(rebuilt), offsets_of(graph));
    EXPECT_EQ(targets_of(rebuilt), targets_of(graph));
    EXPECT_EQ(rebuilt.weights(), graph.weights());
    EXPECT_EQ(rebuilt.directed(), graph.directed());
  }
}

TEST(CsrBuilder, SixtyFourBitVertices) {
  CsrBuildOptions options;
  options.symmetrize = true;
  const auto graph = build_csr<std::int64_t, EdgeId>(
      test::edge_list<std::int64_t>(3, {{0, 2}, {2, 1}}, false), options);
  EXPECT_EQ(graph.offsets(), (std::vector<EdgeId>{0, 1, 2, 4}));
  EXPECT_EQ(graph.targets(), (std::vector<std::int64_t>{2, 2, 0, 1}));
}

TEST(CsrGraph, CheckInvariantsCatchesBreaches) {
  EXPECT_NO_THROW(Csr({0, 1, 2}, {1, 0}, {}, false).check_invariants());
  EXPECT_THROW(Csr({1, 1, 2}, {1, 0}, {}, false).check_invariants(), ValidationError);
  EXPECT_THROW(Csr({0, 2, 1, 2}, {1, 0}, {}, true).check_invariants(), ValidationError);
  EXPECT_THROW(Csr({0, 1, 2}, {1, 2}, {}, true).check_invariants(), ValidationError);
  EXPECT_THROW(Csr({0, 1, 2}, {-1, 0}, {}, true).check_invariants(), ValidationError);
}

TEST(CsrGraph, ConstructorChecksSizes) {
  EXPECT_THROW(Csr({}, {}, {}, true), InvalidArgument);
  EXPECT_THROW(Csr({0, 1, 3}, {1, 0}, {}, true), InvalidArgument);
  EXPECT_THROW(Csr({0, 1, 2}, {1, 0}, {1.0f}, true), InvalidArgument);
  const Csr weighted({0, 1, 2}, {1, 0}, {1.0f, 2.0f}, false);
  EXPECT_TRUE(weighted.has_weights());
  EXPECT_EQ(weighted.memory_bytes(),
            3 * sizeof(EdgeId) + 2 * sizeof(std::int32_t) + 2 * sizeof(Weight));
}

// 300,000 vertices (many vertex blocks), 200,000 edges: a third from vertex 7 or to vertex
// 299,999 (hubs at both ends of the id range), a fifth repeating an earlier edge with another
// weight, self loops among the rest.
EdgeList<std::int32_t> skewed_edge_list() {
  constexpr std::int32_t n = 300000;
  constexpr std::int64_t m = 200000;
  EdgeList<std::int32_t> edges;
  edges.num_vertices = n;
  edges.directed = true;
  for (std::int64_t i = 0; i < m; ++i) {
    auto u = static_cast<std::int32_t>(uniform_below(counter_random(41, i), n));
    auto v = static_cast<std::int32_t>(uniform_below(counter_random(42, i), n));
    const std::uint64_t kind = uniform_below(counter_random(43, i), 15);
    if (kind < 3) u = 7;
    if (kind >= 3 && kind < 5) v = n - 1;
    if (kind >= 5 && kind < 8 && i > 0) {
      const auto earlier = static_cast<std::size_t>(uniform_below(counter_random(44, i), i));
      u = edges.sources[earlier];
      v = edges.targets[earlier];
    }
    if (kind == 8) v = u;
    edges.sources.push_back(u);
    edges.targets.push_back(v);
    edges.weights.push_back(static_cast<Weight>(uniform_below(counter_random(45, i), 4)));
  }
  return edges;
}

class CsrBuilderBlocks : public ::testing::TestWithParam<int> {
 protected:
  void SetUp() override {
    threads_ = omp_get_max_threads();
    omp_set_num_threads(GetParam());
  }
  void TearDown() override { omp_set_num_threads(threads_); }

 private:
  int threads_ = 1;
};

TEST_P(CsrBuilderBlocks, MatchesSequentialReference) {
  auto edges = skewed_edge_list();
  expect_reference_arcs_under_all_options(edges);
  edges.weights.clear();
  expect_reference_arcs_under_all_options(edges);
}

TEST_P(CsrBuilderBlocks, UnsortedListsHoldTheSameArcs) {
  const auto edges = skewed_edge_list();
  CsrBuildOptions options;
  options.symmetrize = true;
  options.sort_neighbors = false;
  const auto graph = build_csr<std::int32_t, EdgeId>(edges, options);
  EXPECT_NO_THROW(graph.check_invariants());
  auto arcs = arc_tuples(graph);
  std::sort(arcs.begin(), arcs.end());
  EXPECT_EQ(arcs, expected_arcs(edges, options));
}

// Hubs first on the parallel path: every list holds the arcs of the sorted build, starts with a
// neighbour of its highest degree, and differs from the sorted list by that one swap.
TEST_P(CsrBuilderBlocks, HubsFirstIsTheSortedListWithTheHubSwappedToTheFront) {
  const auto edges = skewed_edge_list();
  CsrBuildOptions options;
  options.symmetrize = true;
  const Csr sorted = build_csr<std::int32_t, EdgeId>(edges, options);
  options.hubs_first = true;
  const Csr hubs = build_csr<std::int32_t, EdgeId>(edges, options);
  ASSERT_EQ(offsets_of(hubs), offsets_of(sorted));
  std::int64_t swapped = 0;
  for (std::int32_t v = 0; v < sorted.num_vertices(); ++v) {
    const EdgeId begin = sorted.offsets()[v];
    const EdgeId end = sorted.offsets()[v + 1];
    if (begin == end) continue;
    EdgeId hub = begin;
    for (EdgeId e = begin; e < end; ++e) {
      if (sorted.degree(sorted.targets()[e]) > sorted.degree(sorted.targets()[hub])) hub = e;
    }
    std::vector<std::int32_t> expected(sorted.targets().begin() + begin,
                                       sorted.targets().begin() + end);
    std::vector<Weight> expected_weights(sorted.weights().begin() + begin,
                                         sorted.weights().begin() + end);
    std::swap(expected[0], expected[hub - begin]);
    std::swap(expected_weights[0], expected_weights[hub - begin]);
    swapped += hub != begin ? 1 : 0;
    ASSERT_EQ(
        std::vector<std::int32_t>(hubs.targets().begin() + begin, hubs.targets().begin() + end),
        expected)
        << "list " << v;
    ASSERT_EQ(std::vector<Weight>(hubs.weights().begin() + begin, hubs.weights().begin() + end),
              expected_weights)
        << "list " << v;
  }
  EXPECT_GT(swapped, 1000);
}

INSTANTIATE_TEST_SUITE_P(Threads, CsrBuilderBlocks, ::testing::Values(1, 2));

}  // namespace
}  // namespace frontier
