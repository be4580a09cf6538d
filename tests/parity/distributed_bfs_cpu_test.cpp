// The distributed BFS with p = 1, 2, 3, 4 ranks simulated in one process (CPU exchange): exact
// depths against the sequential oracle and parents that pass the Graph500 rules (both the whole-
// graph validator and the slice-by-slice one), for striped and block ownership, on hand-made
// graphs, generated random and Kronecker graphs (built whole, and generated in place per rank),
// and every real dataset; the distributed validator catches broken trees; bad input is an error.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <span>
#include <string>
#include <vector>

#include "frontier/bfs_validate.hpp"
#include "frontier/csr_builder.hpp"
#include "frontier/distributed_bfs.hpp"
#include "frontier/errors.hpp"
#include "frontier/io/generate_kronecker.hpp"
#include "frontier/io/read_graph.hpp"
#include "frontier/partition/slices.hpp"
#include "frontier/reference_bfs.hpp"
#include "support/dataset_manifest.hpp"
#include "support/test_graphs.hpp"
#include "support/test_paths.hpp"

namespace frontier {
namespace {

// Runs one search and checks it; returns the result for further checks.
template <typename VertexT>
DistributedBfsResult<VertexT> expect_search_matches(DistributedBfs<VertexT, EdgeId>& search,
                                                    const CsrGraph<VertexT, EdgeId>& graph,
                                                    VertexT source,
                                                    bool direction_optimizing = false) {
  SCOPED_TRACE("source " + std::to_string(source) + ", ranks " + std::to_string(search.ranks()) +
               (direction_optimizing ? ", direction-optimizing" : ", top-down"));
  const BfsResult<VertexT> expected = reference_bfs(graph, source);
  DistributedBfsOptions options;
  options.bfs.strategy =
      direction_optimizing ? BfsStrategy::DirectionOptimizing : BfsStrategy::TopDown;
  const DistributedBfsResult<VertexT> actual = search.run(source, options);
  EXPECT_EQ(actual.bfs.depth, expected.depth);
  if (actual.bfs.depth != expected.depth) return actual;
  EXPECT_EQ(actual.bfs.vertices_reached, expected.vertices_reached);
  EXPECT_EQ(actual.bfs.source, source);
  EXPECT_EQ(actual.bfs.parent.size(), expected.parent.size());
  const BfsValidation whole =
      validate_bfs_tree<VertexT, EdgeId>(graph, source, std::span<const VertexT>(actual.bfs.parent),
                                         std::span<const std::int32_t>(actual.bfs.depth));
  EXPECT_TRUE(whole.valid) << whole.failure;
  const BfsValidation sliced = validate_distributed_bfs<VertexT, EdgeId>(
      search.slices(), source, actual.bfs.parent, actual.bfs.depth);
  EXPECT_TRUE(sliced.valid) << sliced.failure;
  EXPECT_EQ(sliced.vertices_in_tree, whole.vertices_in_tree);
  const BfsValidation last = search.validate_last_search(source);
  EXPECT_TRUE(last.valid) << last.failure;
  EXPECT_EQ(last.vertices_in_tree, sliced.vertices_in_tree);
  EXPECT_EQ(last.arcs_in_component, sliced.arcs_in_component);
  const std::int64_t arcs = sliced.arcs_in_component;
  // Arcs out of reached vertices: what a top-down search examines, once each.
  std::int64_t reached_arcs = 0;
  for (VertexT v = 0; v < graph.num_vertices(); ++v) {
    if (expected.depth[v] >= 0) reached_arcs += graph.degree(v);
  }
  EXPECT_EQ(arcs, reached_arcs);
  // One statistics entry per level, the frontier sizes those of the oracle.
  EXPECT_EQ(actual.bfs.levels.size(), expected.levels.size());
  for (std::size_t l = 0; l < std::min(expected.levels.size(), actual.bfs.levels.size()); ++l) {
    EXPECT_EQ(actual.bfs.levels[l].frontier_vertices, expected.levels[l].frontier_vertices);
  }
  EXPECT_EQ(actual.exchange.size(), actual.bfs.levels.size());
  std::int64_t bytes = 0;
  for (std::size_t l = 0; l < actual.exchange.size(); ++l) {
    const DistributedLevelStats& level = actual.exchange[l];
    if (actual.bfs.levels[l].direction == BfsDirection::TopDown) {
      EXPECT_LE(level.bytes_exchanged,
                level.items_binned * static_cast<std::int64_t>(2 * sizeof(VertexT)));
    } else {
      EXPECT_TRUE(direction_optimizing);
      EXPECT_EQ(level.items_binned, 0);
    }
    bytes += level.bytes_exchanged;
  }
  EXPECT_EQ(bytes, actual.bytes_exchanged);
  if (!direction_optimizing) {
    EXPECT_EQ(actual.bfs.edges_examined, reached_arcs);
  }
  if (search.ranks() == 1) {
    EXPECT_EQ(actual.bytes_exchanged, 0);
  }
  return actual;
}

template <typename VertexT>
void check_graph(const CsrGraph<VertexT, EdgeId>& graph, const std::vector<VertexT>& sources) {
  for (const VertexLayout layout : {VertexLayout::Striped, VertexLayout::Block}) {
    for (int ranks = 1; ranks <= 4; ++ranks) {
      SCOPED_TRACE(std::string(to_string(layout)));
      DistributedBfs<VertexT, EdgeId> search(partition::slice_graph(graph, layout, ranks),
                                             Device::cpu());
      for (const VertexT source : sources) {
        expect_search_matches(search, graph, source, false);
        expect_search_matches(search, graph, source, true);
      }
    }
  }
}

TEST(DistributedBfsCpu, TinyGraphs) {
  // One vertex; a path; two components; a star; a directed cycle with a tail.
  check_graph(test::graph_from_pairs<std::int32_t>(1, {}, false), {0});
  check_graph(
      test::graph_from_pairs<std::int32_t>(6, {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 5}}, false),
      {0, 3, 5});
  check_graph(
      test::graph_from_pairs<std::int32_t>(7, {{0, 1}, {1, 2}, {4, 5}, {5, 6}, {6, 4}}, false),
      {0, 3, 4});
  check_graph(test::graph_from_pairs<std::int32_t>(
                  9, {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {0, 5}, {0, 6}, {0, 7}, {0, 8}}, false),
              {0, 8});
  check_graph(
      test::graph_from_pairs<std::int32_t>(5, {{0, 1}, {1, 2}, {2, 0}, {2, 3}, {4, 3}}, true),
      {0, 3, 4});
}

TEST(DistributedBfsCpu, RandomGraphs) {
  for (const bool directed : {false, true}) {
    for (const std::int32_t n : {2, 31, 500, 4000}) {
      SCOPED_TRACE("n " + std::to_string(n) + (directed ? " directed" : " undirected"));
      CsrBuildOptions options;
      options.symmetrize = !directed;
      const auto graph = build_csr<std::int32_t, EdgeId>(
          test::random_edge_list<std::int32_t>(n, 3 * static_cast<std::int64_t>(n), 11 + n,
                                               directed),
          options);
      check_graph(graph, {0, n / 2, n - 1});
    }
  }
}

TEST(DistributedBfsCpu, SixtyFourBitIds) {
  CsrBuildOptions options;
  options.symmetrize = true;
  const auto graph = build_csr<std::int64_t, EdgeId>(
      test::random_edge_list<std::int64_t>(2000, 5000, 9, false), options);
  check_graph<std::int64_t>(graph, {0, 1999});
}

TEST(DistributedBfsCpu, DepthsOnlyRun) {
  const auto graph =
      build_csr<std::int32_t, EdgeId>(test::random_edge_list<std::int32_t>(300, 900, 4, true), {});
  DistributedBfs<std::int32_t, EdgeId> search(
      partition::slice_graph(graph, VertexLayout::Striped, 3), Device::cpu());
  DistributedBfsOptions options;
  options.bfs.predecessors = false;
  const auto actual = search.run(7, options);
  EXPECT_EQ(actual.bfs.depth, reference_bfs(graph, 7).depth);
  EXPECT_TRUE(actual.bfs.parent.empty());
  // A predecessor run after a depth-only one on the same resident graph.
  expect_search_matches(search, graph, 7, false);
  options.gather_labels = false;
  const auto bare = search.run(7, options);
  EXPECT_TRUE(bare.bfs.depth.empty());
  EXPECT_EQ(bare.bfs.vertices_reached, actual.bfs.vertices_reached);
}

// Kronecker graphs generated in place per rank: same depths as the whole graph's oracle.
TEST(DistributedBfsCpu, KroneckerGeneratedInPlace) {
  const KroneckerParams params = test::kronecker_params(12, 2);
  const auto whole = test::graph500_graph<std::int32_t, EdgeId>(params);
  for (int ranks = 1; ranks <= 4; ++ranks) {
    DistributedBfs<std::int32_t, EdgeId> search(
        partition::generate_kronecker_slices<std::int32_t, EdgeId>(params, VertexLayout::Striped,
                                                                   ranks),
        Device::cpu());
    for (const std::int32_t source : {0, 1, 77, 4095}) {
      if (whole.degree(source) == 0) continue;
      expect_search_matches(search, whole, source, false);
      // A Kronecker graph's middle levels are large: direction-optimizing runs go bottom-up.
      const auto run = expect_search_matches(search, whole, source, true);
      int bottom_up = 0;
      for (const BfsLevelStats& level : run.bfs.levels) {
        bottom_up += level.direction == BfsDirection::BottomUp;
      }
      EXPECT_GT(bottom_up, 0);
      EXPECT_LT(run.bfs.edges_examined, whole.num_arcs());
    }
  }
}

// DistributedBfsOptions::small_level_arcs only chooses how bins travel: never fixed-size, the
// default bound, or every top-down level that the bounds allow give the oracle's depths, valid
// trees and the same levels.
TEST(DistributedBfsCpu, SmallLevelArcsOption) {
  const KroneckerParams params = test::kronecker_params(11, 3);
  const auto whole = test::graph500_graph<std::int32_t, EdgeId>(params);
  for (const int ranks : {1, 2, 3, 4}) {
    DistributedBfs<std::int32_t, EdgeId> search(
        partition::slice_graph(whole, VertexLayout::Striped, ranks), Device::cpu());
    for (const std::int32_t source : {0, 5, 1000}) {
      if (whole.degree(source) == 0) continue;
      const BfsResult<std::int32_t> expected = reference_bfs(whole, source);
      std::vector<DistributedLevelStats> first;
      for (const std::int64_t arcs : {std::int64_t{0}, std::int64_t{1} << 15,
                                      static_cast<std::int64_t>(whole.num_vertices())}) {
        SCOPED_TRACE(std::to_string(ranks) + " ranks, source " + std::to_string(source) +
                     ", small_level_arcs " + std::to_string(arcs));
        DistributedBfsOptions options;
        options.bfs.strategy = BfsStrategy::TopDown;
        options.small_level_arcs = arcs;
        const auto actual = search.run(source, options);
        EXPECT_EQ(actual.bfs.depth, expected.depth);
        const BfsValidation valid = validate_bfs_tree<std::int32_t, EdgeId>(
            whole, source, std::span<const std::int32_t>(actual.bfs.parent),
            std::span<const std::int32_t>(actual.bfs.depth));
        EXPECT_TRUE(valid.valid) << valid.failure;
        if (first.empty()) first = actual.exchange;
        ASSERT_EQ(actual.exchange.size(), first.size());
        for (std::size_t l = 0; l < first.size(); ++l) {
          EXPECT_EQ(actual.exchange[l].frontier_vertices, first[l].frontier_vertices) << l;
          EXPECT_EQ(actual.exchange[l].items_binned, first[l].items_binned) << l;
          EXPECT_EQ(actual.exchange[l].bytes_exchanged, first[l].bytes_exchanged) << l;
        }
      }
    }
  }
}

TEST(DistributedBfsCpu, RealDatasets) {
  if (!test::real_datasets_available()) GTEST_SKIP() << "no real datasets folder";
  const auto folder = test::real_datasets_dir();
  const std::vector<std::string> names = test::manifest_datasets(folder);
  ASSERT_FALSE(names.empty());
  for (const std::string& name : names) {
    SCOPED_TRACE(name);
    const Graph graph = io::read_graph(folder / name).graph;
    VertexId hub = 0;
    for (VertexId v = 0; v < graph.num_vertices(); ++v) {
      if (graph.degree(v) > graph.degree(hub)) hub = v;
    }
    for (int ranks = 1; ranks <= 4; ++ranks) {
      DistributedBfs<VertexId, EdgeId> search(
          partition::slice_graph(graph, VertexLayout::Striped, ranks), Device::cpu());
      for (const bool direction_optimizing : {false, true}) {
        expect_search_matches(search, graph, hub, direction_optimizing);
        expect_search_matches(search, graph, graph.num_vertices() - 1, direction_optimizing);
      }
    }
  }
}

TEST(DistributedBfsCpu, ValidatorCatchesBrokenTrees) {
  const auto graph =
      test::graph_from_pairs<std::int32_t>(6, {{0, 1}, {1, 2}, {2, 3}, {0, 4}, {4, 3}}, false);
  DistributedBfs<std::int32_t, EdgeId> search(
      partition::slice_graph(graph, VertexLayout::Striped, 2), Device::cpu());
  const auto good = search.run(0);
  const auto slices = search.slices();
  const auto check = [&](LabelVector<std::int32_t> parent, LabelVector<std::int32_t> depth) {
    const BfsValidation verdict =
        validate_distributed_bfs<std::int32_t, EdgeId>(slices, 0, parent, depth);
    EXPECT_EQ(verdict.valid, verdict.failure.empty());
    return verdict.failure;
  };
  EXPECT_EQ(check(good.bfs.parent, good.bfs.depth), "");
  auto parent = good.bfs.parent;
  auto depth = good.bfs.depth;
  depth[3] = 3;  // too deep: the arc 4-3 spans two levels, and the parent is not one level up
  EXPECT_NE(check(parent, depth), "");
  parent = good.bfs.parent;
  depth = good.bfs.depth;
  parent[2] = 4;  // 4 is one level up but not a neighbour of 2
  EXPECT_NE(check(parent, depth).find("rule 5"), std::string::npos) << check(parent, depth);
  parent = good.bfs.parent;
  depth = good.bfs.depth;
  parent[5] = 0;  // an isolated vertex claimed as reached
  depth[5] = 1;
  EXPECT_NE(check(parent, depth), "");
  parent = good.bfs.parent;
  depth = good.bfs.depth;
  parent[3] = -1;  // a reachable vertex left out
  depth[3] = -1;
  EXPECT_NE(check(parent, depth).find("rule 4"), std::string::npos) << check(parent, depth);
  parent = good.bfs.parent;
  depth = good.bfs.depth;
  parent[0] = 1;
  EXPECT_NE(check(parent, depth).find("rule 1"), std::string::npos);
  EXPECT_NE(check({0, 0}, {0, 1}), "");
}

TEST(DistributedBfsCpu, LastSearchValidatedWithoutGatheredLabels) {
  CsrBuildOptions build;
  build.symmetrize = true;
  const auto graph = build_csr<std::int32_t, EdgeId>(
      test::random_edge_list<std::int32_t>(300, 900, 7, false), build);
  DistributedBfs<std::int32_t, EdgeId> search(
      partition::slice_graph(graph, VertexLayout::Striped, 3), Device::cpu());
  DistributedBfsOptions options;
  options.gather_labels = false;
  const DistributedBfsResult<std::int32_t> result = search.run(5, options);
  EXPECT_TRUE(result.bfs.depth.empty());
  const BfsValidation verdict = search.validate_last_search(5);
  EXPECT_TRUE(verdict.valid) << verdict.failure;
  const BfsResult<std::int32_t> expected = reference_bfs(graph, 5);
  const BfsValidation whole = validate_bfs_tree<std::int32_t, EdgeId>(
      graph, 5, std::span<const std::int32_t>(expected.parent),
      std::span<const std::int32_t>(expected.depth));
  EXPECT_EQ(verdict.vertices_in_tree, whole.vertices_in_tree);
  EXPECT_EQ(verdict.arcs_in_component, whole.arcs_in_component);
  EXPECT_THROW(search.validate_last_search(6), InvalidArgument);
  options.bfs.predecessors = false;
  search.run(5, options);
  EXPECT_THROW(search.validate_last_search(5), InvalidArgument);
}

// Slices that say undirected but hold the arc 0 -> 1 alone: the search from 0 reaches 1, whose
// own arcs (where rule 5 looks in an undirected graph) lack its parent.
TEST(DistributedBfsCpu, LastSearchValidationNamesABrokenRule) {
  const auto one_way = test::graph_from_pairs<std::int32_t>(4, {{0, 1}, {0, 2}, {2, 0}}, true);
  for (const VertexLayout layout : {VertexLayout::Striped, VertexLayout::Block}) {
    auto slices = partition::slice_graph(one_way, layout, 2);
    for (auto& slice : slices) slice.directed = false;
    DistributedBfs<std::int32_t, EdgeId> search(std::move(slices), Device::cpu());
    DistributedBfsOptions options;
    options.bfs.strategy = BfsStrategy::TopDown;
    search.run(0, options);
    const BfsValidation verdict = search.validate_last_search(0);
    EXPECT_FALSE(verdict.valid);
    EXPECT_NE(verdict.failure.find("rule 5"), std::string::npos) << verdict.failure;
    EXPECT_NE(verdict.failure.find("at vertex 1 "), std::string::npos) << verdict.failure;
  }
}

TEST(DistributedBfsCpu, BadInputIsAnError) {
  const auto graph = test::graph_from_pairs<std::int32_t>(4, {{0, 1}, {2, 3}}, false);
  auto slices = partition::slice_graph(graph, VertexLayout::Striped, 2);
  DistributedBfs<std::int32_t, EdgeId> search(slices, Device::cpu());
  EXPECT_THROW(search.run(-1), InvalidArgument);
  EXPECT_THROW(search.run(4), InvalidArgument);
  DistributedBfsOptions bad;
  bad.bfs.alpha = 0;
  EXPECT_THROW(search.run(0, bad), InvalidArgument);
  // The single-device strategies are not distributed ones.
  for (const BfsStrategy strategy :
       {BfsStrategy::BottomUp, BfsStrategy::Hybrid, BfsStrategy::TwoPhase,
        BfsStrategy::ContractExpand, BfsStrategy::ExpandContract}) {
    DistributedBfsOptions single_device;
    single_device.bfs.strategy = strategy;
    EXPECT_THROW(search.run(0, single_device), InvalidArgument) << to_string(strategy);
  }
  DistributedBfsOptions negative;
  negative.small_level_arcs = -1;
  EXPECT_THROW(search.run(0, negative), InvalidArgument);
  EXPECT_THROW((DistributedBfs<std::int32_t, EdgeId>({}, Device::cpu())), InvalidArgument);
  auto missing = slices;
  missing.pop_back();
  EXPECT_THROW((DistributedBfs<std::int32_t, EdgeId>(missing, Device::cpu())), InvalidArgument);
  auto swapped = slices;
  std::swap(swapped[0], swapped[1]);
  EXPECT_THROW((DistributedBfs<std::int32_t, EdgeId>(swapped, Device::cpu())), InvalidArgument);
  auto broken = slices;
  broken[1].targets.push_back(0);
  EXPECT_THROW((DistributedBfs<std::int32_t, EdgeId>(broken, Device::cpu())), ValidationError);
  // Two slices cannot run on one GPU; with no GPU at all the error names the backend.
  EXPECT_THROW((DistributedBfs<std::int32_t, EdgeId>(slices, Device::cuda(0))), Error);
}

}  // namespace
}  // namespace frontier
