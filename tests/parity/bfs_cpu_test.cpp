// CPU BFS (direction-optimizing, OpenMP) against the sequential oracle: exact depths, parents
// that pass the Graph500 rules, and per-level statistics that add up — over generated and
// hand-made graphs (undirected, directed, disconnected, isolated sources), 1 and 2 threads, and
// settings that force top-down only, bottom-up only, or bottom-up-heavy switching.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <map>
#include <ostream>
#include <string>
#include <tuple>
#include <vector>

#include "frontier/bfs.hpp"
#include "frontier/bfs_validate.hpp"
#include "frontier/csr_builder.hpp"
#include "frontier/errors.hpp"
#include "frontier/io/generators.hpp"
#include "frontier/log.hpp"
#include "frontier/random.hpp"
#include "frontier/reference_bfs.hpp"

namespace frontier {
namespace {

using TestGraph = CsrGraph<VertexId, EdgeId>;

TestGraph build(const EdgeList<VertexId>& edges, bool symmetrize) {
  CsrBuildOptions options;
  options.symmetrize = symmetrize;
  return build_csr<VertexId, EdgeId>(edges, options);
}

EdgeList<VertexId> edge_list(VertexId n, const std::vector<std::pair<VertexId, VertexId>>& pairs,
                             bool directed) {
  EdgeList<VertexId> edges;
  edges.num_vertices = n;
  edges.directed = directed;
  for (auto [u, v] : pairs) {
    edges.sources.push_back(u);
    edges.targets.push_back(v);
  }
  return edges;
}

// A directed random graph: m arcs drawn with counter_random from stream `seed`.
TestGraph random_directed(VertexId n, std::int64_t m, std::uint64_t seed) {
  EdgeList<VertexId> edges;
  edges.num_vertices = n;
  edges.directed = true;
  for (std::int64_t i = 0; i < m; ++i) {
    edges.sources.push_back(static_cast<VertexId>(uniform_below(counter_random(seed, 2 * i), n)));
    edges.targets.push_back(
        static_cast<VertexId>(uniform_below(counter_random(seed, 2 * i + 1), n)));
  }
  return build(edges, false);
}

// Several disjoint copies of a Kronecker graph side by side (vertex ids shifted per copy), plus
// a few isolated vertices at the end.
TestGraph disconnected_kronecker(int copies, int scale) {
  EdgeList<VertexId> edges;
  const VertexId block = VertexId{1} << scale;
  edges.num_vertices = copies * block + 7;
  edges.directed = false;
  for (int c = 0; c < copies; ++c) {
    KroneckerParams params;
    params.scale = scale;
    params.edgefactor = 4;
    params.seed = 100 + c;
    const auto part = io::generate_kronecker<VertexId>(params);
    for (std::size_t i = 0; i < part.size(); ++i) {
      edges.sources.push_back(part.sources[i] + c * block);
      edges.targets.push_back(part.targets[i] + c * block);
    }
  }
  return build(edges, true);
}

struct GraphCase {
  std::string name;
  std::function<TestGraph()> make;
};

std::vector<GraphCase> graph_cases() {
  return {
      {"kronecker_s10",
       [] {
         KroneckerParams p;
         p.scale = 10;
         return build(io::generate_kronecker<VertexId>(p), true);
       }},
      {"kronecker_s14_ef8",
       [] {
         KroneckerParams p;
         p.scale = 14;
         p.edgefactor = 8;
         p.seed = 7;
         return build(io::generate_kronecker<VertexId>(p), true);
       }},
      {"kronecker_directed_s12",
       [] {
         KroneckerParams p;
         p.scale = 12;
         p.seed = 3;
         auto edges = io::generate_kronecker<VertexId>(p);
         edges.directed = true;
         return build(edges, false);
       }},
      {"uniform_sparse_disconnected",
       [] {
         UniformParams p;
         p.num_vertices = 20000;
         p.num_edges = 12000;
         p.seed = 5;
         return build(io::generate_uniform<VertexId>(p), true);
       }},
      {"uniform_dense",
       [] {
         UniformParams p;
         p.num_vertices = 3000;
         p.num_edges = 60000;
         p.seed = 9;
         return build(io::generate_uniform<VertexId>(p), true);
       }},
      {"grid_2d_97x61", [] { return build(io::generate_grid_2d<VertexId>(97, 61), true); }},
      {"grid_3d_20x17x13", [] { return build(io::generate_grid_3d<VertexId>(20, 17, 13), true); }},
      {"random_directed_sparse", [] { return random_directed(5000, 6000, 11); }},
      {"random_directed_dense", [] { return random_directed(4000, 80000, 12); }},
      {"disconnected_kronecker", [] { return disconnected_kronecker(3, 9); }},
      {"path_1000",
       [] {
         std::vector<std::pair<VertexId, VertexId>> pairs;
         for (VertexId v = 0; v + 1 < 1000; ++v) pairs.emplace_back(v, v + 1);
         return build(edge_list(1000, pairs, false), true);
       }},
      {"directed_cycle_500",
       [] {
         std::vector<std::pair<VertexId, VertexId>> pairs;
         for (VertexId v = 0; v < 500; ++v) pairs.emplace_back(v, (v + 1) % 500);
         return build(edge_list(500, pairs, true), false);
       }},
      {"star_loops_duplicates",
       [] {
         std::vector<std::pair<VertexId, VertexId>> pairs;
         for (VertexId v = 1; v < 300; ++v) pairs.emplace_back(0, v);
         for (VertexId v = 1; v < 300; v += 3) pairs.emplace_back(v, v);
         for (VertexId v = 1; v < 300; v += 5) pairs.emplace_back(0, v);
         return build(edge_list(300, pairs, false), true);
       }},
      {"single_vertex", [] { return build(edge_list(1, {}, false), true); }},
      {"two_isolated_vertices", [] { return build(edge_list(2, {}, false), true); }},
      {"one_edge",
       [] {
         return build(edge_list(2, {{0, 1}}, false), true);
       }},
      {"bitmap_word_edges_129",
       [] {
         // 129 vertices: the frontier bitmap has a partial last word.
         std::vector<std::pair<VertexId, VertexId>> pairs;
         for (VertexId v = 1; v < 129; ++v) pairs.emplace_back(v / 2, v);
         return build(edge_list(129, pairs, false), true);
       }},
  };
}

const TestGraph& cached_graph(const GraphCase& graph_case) {
  static std::map<std::string, TestGraph> cache;
  auto it = cache.find(graph_case.name);
  if (it == cache.end()) it = cache.emplace(graph_case.name, graph_case.make()).first;
  return it->second;
}

// The vertex of largest out-degree (the smallest such id).
VertexId hub_of(const TestGraph& graph) {
  VertexId hub = 0;
  for (VertexId v = 0; v < graph.num_vertices(); ++v) {
    if (graph.degree(v) > graph.degree(hub)) hub = v;
  }
  return hub;
}

// Sources: vertex 0, the middle vertex, the last vertex (often isolated in generated graphs) and
// the hub.
std::vector<VertexId> sources_of(const TestGraph& graph) {
  const VertexId n = graph.num_vertices();
  std::vector<VertexId> sources = {0, n / 2, n - 1, hub_of(graph)};
  std::sort(sources.begin(), sources.end());
  sources.erase(std::unique(sources.begin(), sources.end()), sources.end());
  return sources;
}

// Checks one search completely against the oracle.
void expect_matches_reference(const TestGraph& graph, VertexId source, const BfsOptions& options) {
  SCOPED_TRACE("source " + std::to_string(source));
  const BfsResult<VertexId> expected = reference_bfs(graph, source);
  const BfsResult<VertexId> actual = bfs(graph, source, options);

  ASSERT_EQ(actual.source, source);
  ASSERT_EQ(actual.depth, expected.depth);
  ASSERT_EQ(actual.vertices_reached, expected.vertices_reached);
  if (options.predecessors) {
    ASSERT_EQ(actual.parent.size(), static_cast<std::size_t>(graph.num_vertices()));
    const BfsValidation validation =
        validate_bfs_tree<VertexId, EdgeId>(graph, source, std::span<const VertexId>(actual.parent),
                                            std::span<const std::int32_t>(actual.depth));
    EXPECT_TRUE(validation.valid) << validation.failure;
    EXPECT_EQ(validation.vertices_in_tree, expected.vertices_reached);
  } else {
    EXPECT_TRUE(actual.parent.empty());
  }

  // Per-level statistics: one entry per depth, frontier sizes = vertices at that depth.
  const std::int32_t max_depth = *std::max_element(actual.depth.begin(), actual.depth.end());
  ASSERT_EQ(actual.levels.size(), static_cast<std::size_t>(max_depth) + 1);
  std::vector<std::int64_t> per_depth(static_cast<std::size_t>(max_depth) + 1, 0);
  std::vector<std::int64_t> out_arcs(static_cast<std::size_t>(max_depth) + 1, 0);
  for (VertexId v = 0; v < graph.num_vertices(); ++v) {
    if (actual.depth[v] < 0) continue;
    ++per_depth[actual.depth[v]];
    out_arcs[actual.depth[v]] += graph.degree(v);
  }
  std::int64_t examined = 0;
  for (std::size_t level = 0; level < actual.levels.size(); ++level) {
    const BfsLevelStats& stats = actual.levels[level];
    EXPECT_EQ(stats.level, static_cast<std::int32_t>(level));
    EXPECT_EQ(stats.frontier_vertices, per_depth[level]) << "level " << level;
    EXPECT_GE(stats.seconds, 0.0);
    if (stats.direction == BfsDirection::TopDown) {
      // A top-down step looks at every out-arc of its frontier exactly once.
      EXPECT_EQ(stats.edges_examined, out_arcs[level]) << "level " << level;
    }
    if (options.strategy == BfsStrategy::TopDown) {
      EXPECT_EQ(stats.direction, BfsDirection::TopDown);
    }
    if (options.strategy == BfsStrategy::BottomUp) {
      EXPECT_EQ(stats.direction, BfsDirection::BottomUp);
    }
    examined += stats.edges_examined;
  }
  EXPECT_EQ(actual.edges_examined, examined);
}

struct OptionsCase {
  std::string name;
  BfsOptions options;
};

std::vector<OptionsCase> options_cases() {
  std::vector<OptionsCase> cases;
  for (int threads : {1, 2}) {
    const std::string t = "_t" + std::to_string(threads);
    BfsOptions base;
    base.threads = threads;
    cases.push_back({"direction_optimizing" + t, base});
    BfsOptions top_down = base;
    top_down.strategy = BfsStrategy::TopDown;
    cases.push_back({"top_down_only" + t, top_down});
    BfsOptions bottom_up = base;
    bottom_up.strategy = BfsStrategy::BottomUp;
    cases.push_back({"bottom_up_only" + t, bottom_up});
    BfsOptions bottom_up_heavy = base;
    bottom_up_heavy.alpha = 1000000;
    bottom_up_heavy.beta = 1000000;
    cases.push_back({"bottom_up_heavy" + t, bottom_up_heavy});
    BfsOptions reluctant = base;
    reluctant.alpha = 1;
    reluctant.beta = 1;
    cases.push_back({"switch_reluctant" + t, reluctant});
    BfsOptions depth_only = base;
    depth_only.predecessors = false;
    cases.push_back({"depth_only" + t, depth_only});
  }
  return cases;
}

// Test names and failure messages show the case names, not the bytes of the structs.
void PrintTo(const GraphCase& graph_case, std::ostream* out) { *out << graph_case.name; }
void PrintTo(const OptionsCase& options_case, std::ostream* out) { *out << options_case.name; }

class BfsCpuParity : public testing::TestWithParam<std::tuple<GraphCase, OptionsCase>> {};

TEST_P(BfsCpuParity, MatchesReference) {
  const auto& [graph_case, options_case] = GetParam();
  const TestGraph& graph = cached_graph(graph_case);
  for (VertexId source : sources_of(graph)) {
    expect_matches_reference(graph, source, options_case.options);
  }
}

INSTANTIATE_TEST_SUITE_P(Cpu, BfsCpuParity,
                         testing::Combine(testing::ValuesIn(graph_cases()),
                                          testing::ValuesIn(options_cases())),
                         [](const testing::TestParamInfo<BfsCpuParity::ParamType>& info) {
                           return std::get<0>(info.param).name + "_" + std::get<1>(info.param).name;
                         });

TEST(BfsCpu, BottomUpHeavySettingsReallyRunBottomUp) {
  KroneckerParams p;
  p.scale = 12;
  const TestGraph graph = build(io::generate_kronecker<VertexId>(p), true);
  BfsOptions options;
  options.alpha = 1000000;
  options.beta = 1000000;
  const VertexId hub = hub_of(graph);
  const auto result = bfs(graph, hub, options);
  const auto bottom_up = std::count_if(result.levels.begin(), result.levels.end(), [](auto& l) {
    return l.direction == BfsDirection::BottomUp;
  });
  // alpha so large that the first frontier already counts as large, beta so large that no
  // frontier counts as small: every level runs bottom-up.
  EXPECT_EQ(bottom_up, static_cast<long>(result.levels.size()));
  EXPECT_EQ(result.depth, reference_bfs(graph, hub).depth);
}

TEST(BfsCpu, DefaultSettingsSwitchOnKronecker) {
  // A scale-14 Kronecker graph searched from its hub: Beamer's rule goes bottom-up for the
  // large middle levels and the search does fewer arc checks than top-down only.
  KroneckerParams p;
  p.scale = 14;
  const TestGraph graph = build(io::generate_kronecker<VertexId>(p), true);
  const VertexId hub = hub_of(graph);
  const auto adaptive = bfs(graph, hub, BfsOptions{});
  BfsOptions top_down;
  top_down.strategy = BfsStrategy::TopDown;
  const auto classic = bfs(graph, hub, top_down);
  EXPECT_TRUE(std::any_of(adaptive.levels.begin(), adaptive.levels.end(),
                          [](auto& l) { return l.direction == BfsDirection::BottomUp; }));
  EXPECT_EQ(adaptive.levels.front().direction, BfsDirection::TopDown);
  EXPECT_LT(adaptive.edges_examined, classic.edges_examined);
  EXPECT_EQ(adaptive.depth, classic.depth);
}

TEST(BfsCpu, IsolatedSourceReachesOnlyItself) {
  const TestGraph graph = build(edge_list(5, {{1, 2}, {2, 3}}, false), true);
  for (BfsStrategy strategy :
       {BfsStrategy::DirectionOptimizing, BfsStrategy::TopDown, BfsStrategy::BottomUp}) {
    BfsOptions options;
    options.strategy = strategy;
    const auto result = bfs(graph, VertexId{4}, options);
    EXPECT_EQ(result.depth, (std::vector<std::int32_t>{-1, -1, -1, -1, 0}));
    EXPECT_EQ(result.parent, (std::vector<VertexId>{-1, -1, -1, -1, 4}));
    EXPECT_EQ(result.vertices_reached, 1);
    ASSERT_EQ(result.levels.size(), 1U);
    EXPECT_EQ(result.levels[0].frontier_vertices, 1);
  }
}

TEST(BfsCpu, DirectedGraphFollowsArcDirection) {
  // 0 -> 1 -> 2, 3 -> 0: from 0 the search must not reach 3.
  const TestGraph graph = build(edge_list(4, {{0, 1}, {1, 2}, {3, 0}}, true), false);
  for (BfsStrategy strategy :
       {BfsStrategy::DirectionOptimizing, BfsStrategy::TopDown, BfsStrategy::BottomUp}) {
    BfsOptions options;
    options.strategy = strategy;
    const auto result = bfs(graph, VertexId{0}, options);
    EXPECT_EQ(result.depth, (std::vector<std::int32_t>{0, 1, 2, -1}));
    EXPECT_EQ(result.parent, (std::vector<VertexId>{0, 0, 1, -1}));
  }
}

TEST(BfsCpu, SixtyFourBitVertexIds) {
  EdgeList<std::int64_t> edges;
  edges.num_vertices = 300;
  edges.directed = false;
  for (std::int64_t v = 0; v + 1 < 300; ++v) {
    edges.sources.push_back(v);
    edges.targets.push_back((v * 7 + 3) % 300);
  }
  CsrBuildOptions build_options;
  build_options.symmetrize = true;
  const auto graph = build_csr<std::int64_t, std::int64_t>(edges, build_options);
  for (BfsStrategy strategy :
       {BfsStrategy::DirectionOptimizing, BfsStrategy::TopDown, BfsStrategy::BottomUp}) {
    BfsOptions options;
    options.strategy = strategy;
    options.threads = 2;
    const auto expected = reference_bfs(graph, std::int64_t{5});
    const auto actual = bfs(graph, std::int64_t{5}, options);
    EXPECT_EQ(actual.depth, expected.depth);
    const auto validation = validate_bfs_tree<std::int64_t, std::int64_t>(
        graph, 5, std::span<const std::int64_t>(actual.parent),
        std::span<const std::int32_t>(actual.depth));
    EXPECT_TRUE(validation.valid) << validation.failure;
  }
}

TEST(BfsCpu, RepeatedSearchesGiveTheSameDepths) {
  KroneckerParams p;
  p.scale = 11;
  const TestGraph graph = build(io::generate_kronecker<VertexId>(p), true);
  BfsOptions options;
  options.threads = 2;
  const auto first = bfs(graph, VertexId{1}, options);
  for (int i = 0; i < 5; ++i) EXPECT_EQ(bfs(graph, VertexId{1}, options).depth, first.depth);
}

TEST(BfsCpu, DebugLogHasOneLinePerLevel) {
  const TestGraph graph = build(edge_list(4, {{0, 1}, {1, 2}, {2, 3}}, false), true);
  const LogLevel saved = log_level();
  set_log_level(LogLevel::Debug);
  testing::internal::CaptureStderr();
  BfsOptions options;
  options.strategy = BfsStrategy::TopDown;
  bfs(graph, VertexId{0}, options);
  const std::string log = testing::internal::GetCapturedStderr();
  set_log_level(saved);
  for (int level = 0; level < 4; ++level) {
    const std::string expected = "bfs level   " + std::to_string(level) + " top-down  frontier";
    EXPECT_NE(log.find(expected), std::string::npos) << "missing '" << expected << "' in\n" << log;
  }
  EXPECT_EQ(log.find("bfs level   4"), std::string::npos) << log;
}

TEST(BfsCpuErrors, RejectsBadArguments) {
  const TestGraph graph = build(edge_list(3, {{0, 1}}, false), true);
  EXPECT_THROW(bfs(graph, VertexId{3}, {}), InvalidArgument);
  EXPECT_THROW(bfs(graph, VertexId{-1}, {}), InvalidArgument);
  BfsOptions negative_threads;
  negative_threads.threads = -2;
  EXPECT_THROW(bfs(graph, VertexId{0}, negative_threads), InvalidArgument);
  BfsOptions zero_alpha;
  zero_alpha.alpha = 0;
  EXPECT_THROW(bfs(graph, VertexId{0}, zero_alpha), InvalidArgument);
  BfsOptions zero_beta;
  zero_beta.beta = 0;
  EXPECT_THROW(bfs(graph, VertexId{0}, zero_beta), InvalidArgument);
  const TestGraph empty;
  EXPECT_THROW(bfs(empty, VertexId{0}, {}), InvalidArgument);
}

// The GPU-only strategies are refused by the CPU backend with a message naming the strategy.
TEST(BfsCpuErrors, GpuOnlyStrategiesAreRefusedOnTheCpu) {
  const TestGraph graph = build(edge_list(3, {{0, 1}}, false), true);
  for (BfsStrategy strategy : {BfsStrategy::Hybrid, BfsStrategy::TwoPhase,
                               BfsStrategy::ContractExpand, BfsStrategy::ExpandContract}) {
    BfsOptions options;
    options.strategy = strategy;
    try {
      bfs(graph, VertexId{0}, options);
      ADD_FAILURE() << strategy_name(strategy) << ": no exception";
    } catch (const InvalidArgument& error) {
      EXPECT_NE(std::string(error.what()).find(strategy_name(strategy)), std::string::npos)
          << error.what();
    }
  }
}

TEST(BfsCpuErrors, MessagesNameTheProblem) {
  const TestGraph graph = build(edge_list(3, {{0, 1}}, false), true);
  try {
    bfs(graph, VertexId{7}, {});
    FAIL() << "no exception";
  } catch (const InvalidArgument& error) {
    EXPECT_NE(std::string(error.what()).find("source 7 is out of range [0, 3)"), std::string::npos)
        << error.what();
  }
  try {
    const TestGraph empty;
    bfs(empty, VertexId{0}, {});
    FAIL() << "no exception";
  } catch (const InvalidArgument& error) {
    EXPECT_NE(std::string(error.what()).find("empty"), std::string::npos) << error.what();
  }
}

TEST(BfsCpuErrors, CudaDeviceRunsOnTheGpuOrThrowsCudaError) {
  const TestGraph graph = build(edge_list(3, {{0, 1}}, false), true);
  BfsOptions options;
  options.device = Device::cuda(0);
  if (cuda_device_count() == 0) {
    EXPECT_THROW(bfs(graph, VertexId{0}, options), CudaError);
  } else {
    EXPECT_EQ(bfs(graph, VertexId{0}, options).depth, reference_bfs(graph, VertexId{0}).depth);
  }
}

TEST(BfsStrategyNames, RoundTrip) {
  for (BfsStrategy strategy :
       {BfsStrategy::DirectionOptimizing, BfsStrategy::TopDown, BfsStrategy::BottomUp}) {
    EXPECT_EQ(parse_bfs_strategy(strategy_name(strategy)), strategy);
  }
  for (BfsStrategy strategy : {BfsStrategy::Hybrid, BfsStrategy::TwoPhase,
                               BfsStrategy::ContractExpand, BfsStrategy::ExpandContract}) {
    EXPECT_EQ(parse_bfs_strategy(strategy_name(strategy)), strategy);
    EXPECT_TRUE(is_gpu_only(strategy)) << strategy_name(strategy);
  }
  EXPECT_STREQ(strategy_name(BfsStrategy::ExpandContract), "expand-contract");
  EXPECT_FALSE(is_gpu_only(BfsStrategy::DirectionOptimizing));
  EXPECT_FALSE(is_gpu_only(BfsStrategy::TopDown));
  EXPECT_FALSE(is_gpu_only(BfsStrategy::BottomUp));
  EXPECT_EQ(parse_bfs_strategy("td"), BfsStrategy::TopDown);
  EXPECT_EQ(parse_bfs_strategy("bu"), BfsStrategy::BottomUp);
  EXPECT_EQ(parse_bfs_strategy("do"), BfsStrategy::DirectionOptimizing);
  EXPECT_THROW(parse_bfs_strategy("sideways"), InvalidArgument);
}

}  // namespace
}  // namespace frontier
