// build_csr on edge lists large enough to be split among threads and vertex blocks: hub vertices,
// repeated arcs with different weights, against a plain sequential re-implementation.
#include <gtest/gtest.h>
#include <omp.h>

#include <algorithm>
#include <cstdint>
#include <tuple>
#include <vector>

#include "frontier/csr_builder.hpp"
#include "frontier/random.hpp"

namespace frontier {
namespace {

using Arc = std::tuple<std::int32_t, std::int32_t, Weight>;

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

std::vector<Arc> expected_arcs(const EdgeList<std::int32_t>& edges,
                               const CsrBuildOptions& options) {
  std::vector<Arc> arcs;
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
                           [](const Arc& a, const Arc& b) {
                             return std::get<0>(a) == std::get<0>(b) &&
                                    std::get<1>(a) == std::get<1>(b);
                           }),
               arcs.end());
  }
  return arcs;
}

// The graph's arcs in storage order; with `sort_lists`, each list sorted first.
std::vector<Arc> arcs_of(const CsrGraph<std::int32_t, EdgeId>& graph, bool sort_lists) {
  std::vector<Arc> arcs;
  for (std::int32_t u = 0; u < graph.num_vertices(); ++u) {
    const auto begin = arcs.size();
    for (EdgeId e = graph.offsets()[u]; e < graph.offsets()[u + 1]; ++e) {
      arcs.emplace_back(u, graph.targets()[e], graph.has_weights() ? graph.weights()[e] : 0.0f);
    }
    if (sort_lists) std::sort(arcs.begin() + static_cast<std::ptrdiff_t>(begin), arcs.end());
  }
  return arcs;
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
  for (const bool weighted : {true, false}) {
    if (!weighted) edges.weights.clear();
    for (const bool symmetrize : {false, true}) {
      for (const bool self_loops : {false, true}) {
        for (const bool duplicates : {false, true}) {
          CsrBuildOptions options;
          options.symmetrize = symmetrize;
          options.remove_self_loops = self_loops;
          options.remove_duplicates = duplicates;
          const auto graph = build_csr<std::int32_t, EdgeId>(edges, options);
          EXPECT_NO_THROW(graph.check_invariants());
          EXPECT_EQ(arcs_of(graph, false), expected_arcs(edges, options))
              << "weighted " << weighted << " symmetrize " << symmetrize << " self loops "
              << self_loops << " duplicates " << duplicates;
        }
      }
    }
  }
}

TEST_P(CsrBuilderBlocks, UnsortedListsHoldTheSameArcs) {
  const auto edges = skewed_edge_list();
  CsrBuildOptions options;
  options.symmetrize = true;
  options.sort_neighbors = false;
  const auto graph = build_csr<std::int32_t, EdgeId>(edges, options);
  EXPECT_NO_THROW(graph.check_invariants());
  EXPECT_EQ(arcs_of(graph, true), expected_arcs(edges, options));
}

INSTANTIATE_TEST_SUITE_P(Threads, CsrBuilderBlocks, ::testing::Values(1, 2));

}  // namespace
}  // namespace frontier
