// Per-rank slices (partition/slices.hpp): cut from a whole graph, they hold exactly the owned
// vertices' arcs in order; generated in place from Kronecker tuple ranges, they equal the slices
// of the whole graph build_csr() makes from the same tuples; bad inputs are clear errors; the
// edge balance report adds up.
#include "frontier/partition/slices.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "frontier/csr_builder.hpp"
#include "frontier/errors.hpp"
#include "frontier/io/generate_kronecker.hpp"
#include "support/test_graphs.hpp"

namespace frontier::partition {
namespace {

constexpr VertexLayout kLayouts[] = {VertexLayout::Striped, VertexLayout::Block};

// Every arc of the whole graph appears in its tail owner's slice at the right place.
template <typename VertexT>
void expect_slices_cover(const CsrGraph<VertexT, EdgeId>& graph,
                         const std::vector<RankGraph<VertexT, EdgeId>>& slices) {
  std::int64_t arcs = 0;
  for (const auto& slice : slices) {
    ASSERT_NO_THROW(slice.check_invariants());
    EXPECT_EQ(slice.directed, graph.directed());
    arcs += slice.local_arcs();
    for (VertexT local = 0; local < slice.local_vertices(); ++local) {
      const VertexT v = slice.distribution.global(slice.rank, local);
      const auto expected = graph.neighbors(v);
      ASSERT_EQ(slice.degree(local), static_cast<EdgeId>(expected.size())) << "vertex " << v;
      ASSERT_TRUE(std::equal(expected.begin(), expected.end(),
                             slice.targets.begin() + slice.offsets[local]))
          << "vertex " << v;
    }
  }
  EXPECT_EQ(arcs, graph.num_arcs());
}

TEST(PartitionSlices, SliceGraphCoversEveryArc) {
  for (const std::int32_t n : {1, 2, 7, 64, 1000}) {
    const auto graph = build_csr<std::int32_t, EdgeId>(
        test::random_edge_list<std::int32_t>(n, 5 * n, 17 + n, true), {});
    for (const VertexLayout layout : kLayouts) {
      for (int ranks = 1; ranks <= 5; ++ranks) {
        SCOPED_TRACE("n " + std::to_string(n) + " " + std::string(to_string(layout)) + " ranks " +
                     std::to_string(ranks));
        const auto slices = slice_graph(graph, layout, ranks);
        ASSERT_EQ(slices.size(), static_cast<std::size_t>(ranks));
        expect_slices_cover(graph, slices);
      }
    }
  }
}

TEST(PartitionSlices, SliceGraph64BitIds) {
  CsrBuildOptions options;
  options.symmetrize = true;
  const auto graph = build_csr<std::int64_t, EdgeId>(
      test::random_edge_list<std::int64_t>(300, 900, 5, false), options);
  expect_slices_cover(graph, slice_graph(graph, VertexLayout::Striped, 3));
}

TEST(PartitionSlices, SliceGraphRejectsBadArguments) {
  const auto graph = test::graph_from_pairs<std::int32_t>(4, {{0, 1}, {1, 2}}, false);
  EXPECT_THROW(slice_graph(graph, VertexLayout::Striped, 0), InvalidArgument);
  const VertexDistribution<std::int32_t> wrong_n{VertexLayout::Striped, 5, 2};
  EXPECT_THROW(slice_graph(graph, wrong_n, 0), InvalidArgument);
  const VertexDistribution<std::int32_t> dist{VertexLayout::Striped, 4, 2};
  EXPECT_THROW(slice_graph(graph, dist, 2), InvalidArgument);
  EXPECT_THROW(slice_graph(graph, dist, -1), InvalidArgument);
}

TEST(PartitionSlices, CheckInvariantsNamesTheBreach) {
  const auto graph = test::graph_from_pairs<std::int32_t>(4, {{0, 1}, {1, 2}}, false);
  auto slices = slice_graph(graph, VertexLayout::Striped, 2);
  auto bad_target = slices[0];
  bad_target.targets[0] = 9;
  EXPECT_THROW(bad_target.check_invariants(), ValidationError);
  auto bad_offsets = slices[1];
  bad_offsets.offsets.pop_back();
  EXPECT_THROW(bad_offsets.check_invariants(), ValidationError);
  auto bad_rank = slices[1];
  bad_rank.rank = 2;
  EXPECT_THROW(bad_rank.check_invariants(), ValidationError);
}

TEST(PartitionSlices, TupleRangesTileTheEdgeList) {
  for (const std::uint64_t tuples : {0ULL, 1ULL, 5ULL, 1000ULL, 1001ULL}) {
    for (int ranks = 1; ranks <= 7; ++ranks) {
      std::uint64_t next = 0;
      for (int rank = 0; rank < ranks; ++rank) {
        const auto [first, last] = kronecker_tuple_range(tuples, rank, ranks);
        EXPECT_EQ(first, next);
        EXPECT_LE(last - first, tuples / ranks + 1);
        EXPECT_GE(last - first, tuples / ranks);
        next = last;
      }
      EXPECT_EQ(next, tuples);
    }
  }
  EXPECT_THROW(kronecker_tuple_range(10, 3, 3), InvalidArgument);
}

// Hubs first over the degree table of every slice equals slicing the whole graph built with
// hubs_first; one rank's part of the table is its degrees, zero-padded to the largest rank.
TEST(PartitionSlices, HubsFirstOnSlicesEqualsWholeGraphHubsFirst) {
  KroneckerParams params;
  params.scale = 11;
  params.edgefactor = 8;
  params.seed = 21;
  CsrBuildOptions build;
  build.symmetrize = true;
  build.remove_self_loops = true;
  build.hubs_first = true;
  const auto whole =
      build_csr<std::int32_t, EdgeId>(io::generate_kronecker<std::int32_t>(params), build);
  for (const VertexLayout layout : kLayouts) {
    for (int ranks = 1; ranks <= 3; ++ranks) {
      SCOPED_TRACE(std::string(to_string(layout)) + " ranks " + std::to_string(ranks));
      auto slices = generate_kronecker_slices<std::int32_t, EdgeId>(params, layout, ranks);
      const std::vector<std::uint32_t> part = degree_table_part(slices.back());
      ASSERT_EQ(part.size(),
                static_cast<std::size_t>(slices.back().distribution.max_local_count()));
      for (std::int32_t v = 0; v < slices.back().local_vertices(); ++v) {
        ASSERT_EQ(part[v], static_cast<std::uint32_t>(slices.back().degree(v)));
      }
      for (std::size_t v = slices.back().local_vertices(); v < part.size(); ++v) {
        ASSERT_EQ(part[v], 0u);
      }
      put_hubs_first(std::span<RankGraph<std::int32_t, EdgeId>>(slices));
      const auto cut = slice_graph(whole, layout, ranks);
      for (int r = 0; r < ranks; ++r) {
        EXPECT_EQ(slices[r].offsets, cut[r].offsets) << "rank " << r;
        EXPECT_EQ(slices[r].targets, cut[r].targets) << "rank " << r;
      }
    }
  }
  auto slices = generate_kronecker_slices<std::int32_t, EdgeId>(params, VertexLayout::Striped, 2);
  EXPECT_THROW(put_hubs_first(slices[0], std::vector<std::uint32_t>(5)), InvalidArgument);
  EXPECT_THROW(degree_table(std::span<const RankGraph<std::int32_t, EdgeId>>(slices.data(), 1)),
               InvalidArgument);
}

// The in-place construction equals slicing the whole graph that Graph500 kernel 1 builds.
TEST(PartitionSlices, KroneckerInPlaceEqualsWholeGraphSlices) {
  for (const int scale : {1, 4, 10}) {
    KroneckerParams params;
    params.scale = scale;
    params.edgefactor = 8;
    params.seed = 3 + scale;
    CsrBuildOptions build;
    build.symmetrize = true;
    build.remove_self_loops = true;
    const auto whole =
        build_csr<std::int32_t, EdgeId>(io::generate_kronecker<std::int32_t>(params), build);
    for (const VertexLayout layout : kLayouts) {
      for (int ranks = 1; ranks <= 4; ++ranks) {
        SCOPED_TRACE("scale " + std::to_string(scale) + " " + std::string(to_string(layout)) +
                     " ranks " + std::to_string(ranks));
        const auto generated =
            generate_kronecker_slices<std::int32_t, EdgeId>(params, layout, ranks);
        const auto cut = slice_graph(whole, layout, ranks);
        ASSERT_EQ(generated.size(), cut.size());
        for (int r = 0; r < ranks; ++r) {
          EXPECT_EQ(generated[r].offsets, cut[r].offsets) << "rank " << r;
          EXPECT_EQ(generated[r].targets, cut[r].targets) << "rank " << r;
          EXPECT_FALSE(generated[r].directed);
        }
      }
    }
  }
}

TEST(PartitionSlices, KroneckerBinsGoToTailOwners) {
  KroneckerParams params;
  params.scale = 8;
  params.edgefactor = 4;
  const VertexDistribution<std::int32_t> dist{VertexLayout::Striped, 256, 3};
  std::int64_t arcs = 0;
  for (int rank = 0; rank < 3; ++rank) {
    const ArcBins<std::int32_t> bins = generate_kronecker_arcs(params, dist, rank);
    ASSERT_EQ(bins.offsets.size(), 4u);
    for (int d = 0; d < 3; ++d) {
      for (const std::int32_t u : bins.sources_for(d)) ASSERT_EQ(dist.owner(u), d);
    }
    for (std::size_t i = 0; i < bins.sources.size(); ++i) {
      ASSERT_NE(bins.sources[i], bins.targets[i]) << "self loops are dropped";
    }
    arcs += bins.offsets.back();
  }
  // Two arcs per non-loop tuple of the whole list.
  const auto tuples = io::generate_kronecker<std::int32_t>(params);
  std::int64_t non_loops = 0;
  for (std::size_t i = 0; i < tuples.size(); ++i)
    non_loops += tuples.sources[i] != tuples.targets[i];
  EXPECT_EQ(arcs, 2 * non_loops);
}

TEST(PartitionSlices, KroneckerRejectsBadArguments) {
  KroneckerParams params;
  params.scale = 4;
  EXPECT_THROW((generate_kronecker_slices<std::int32_t, EdgeId>(params, VertexLayout::Striped, 0)),
               InvalidArgument);
  params.scale = 31;
  EXPECT_THROW((generate_kronecker_slices<std::int32_t, EdgeId>(params, VertexLayout::Striped, 2)),
               InvalidArgument);
  params.scale = 4;
  const VertexDistribution<std::int32_t> wrong{VertexLayout::Striped, 15, 2};
  EXPECT_THROW(generate_kronecker_arcs(params, wrong, 0), InvalidArgument);
  params.a = 0.9;  // a + b + c > 1
  const VertexDistribution<std::int32_t> dist{VertexLayout::Striped, 16, 2};
  EXPECT_THROW(generate_kronecker_arcs(params, dist, 0), InvalidArgument);
}

TEST(PartitionSlices, BuildRankGraphRejectsForeignArcs) {
  const VertexDistribution<std::int32_t> dist{VertexLayout::Striped, 8, 2};
  const std::vector<std::int32_t> sources = {0, 1};  // 1 belongs to rank 1
  const std::vector<std::int32_t> targets = {3, 2};
  const std::vector<ArcSpan<std::int32_t>> received = {{sources, targets}};
  EXPECT_THROW((build_rank_graph<std::int32_t, EdgeId>(
                   dist, 0, std::span<const ArcSpan<std::int32_t>>(received), false)),
               InvalidArgument);
  const std::vector<std::int32_t> far = {0};
  const std::vector<std::int32_t> out_of_range = {8};
  const std::vector<ArcSpan<std::int32_t>> received2 = {{far, out_of_range}};
  EXPECT_THROW((build_rank_graph<std::int32_t, EdgeId>(
                   dist, 0, std::span<const ArcSpan<std::int32_t>>(received2), false)),
               InvalidArgument);
  // Arcs arriving from several senders in any order give sorted adjacency.
  const std::vector<std::int32_t> s1 = {2, 0};
  const std::vector<std::int32_t> t1 = {7, 5};
  const std::vector<std::int32_t> s2 = {2, 0, 2};
  const std::vector<std::int32_t> t2 = {1, 5, 3};
  const std::vector<ArcSpan<std::int32_t>> received3 = {{s1, t1}, {s2, t2}};
  const auto slice = build_rank_graph<std::int32_t, EdgeId>(
      dist, 0, std::span<const ArcSpan<std::int32_t>>(received3), true);
  EXPECT_EQ(slice.offsets, (std::vector<EdgeId>{0, 2, 5, 5, 5}));
  EXPECT_EQ(slice.targets, (std::vector<std::int32_t>{5, 5, 1, 3, 7}));
  EXPECT_TRUE(slice.directed);
}

TEST(PartitionSlices, EdgeBalanceReport) {
  const BalanceReport report = edge_balance({{0, 5, 10}, {1, 5, 30}, {2, 4, 20}});
  EXPECT_EQ(report.min_arcs, 10);
  EXPECT_EQ(report.max_arcs, 30);
  EXPECT_DOUBLE_EQ(report.mean_arcs, 20.0);
  EXPECT_DOUBLE_EQ(report.imbalance, 1.5);
  const std::string text = format_edge_balance(report);
  EXPECT_NE(text.find("rank 1: 5 vertices, 30 arcs (50.00%)\n"), std::string::npos) << text;
  EXPECT_NE(text.find("edge balance: min 10, max 30, mean 20.0, max/mean 1.500\n"),
            std::string::npos)
      << text;
  EXPECT_DOUBLE_EQ(edge_balance({{0, 3, 0}}).imbalance, 0.0);
  EXPECT_THROW(edge_balance({}), InvalidArgument);

  // Every arc of a Kronecker graph's slices is counted once; max/mean from the slices.
  KroneckerParams params;
  params.scale = 12;
  const auto slices =
      generate_kronecker_slices<std::int32_t, EdgeId>(params, VertexLayout::Striped, 4);
  const BalanceReport kron = edge_balance(std::span<const RankGraph<std::int32_t, EdgeId>>(slices));
  std::int64_t total = 0;
  for (const RankBalance& rank : kron.per_rank) total += rank.arcs;
  std::int64_t expected = 0;
  std::int64_t largest = 0;
  for (const auto& slice : slices) {
    expected += slice.local_arcs();
    largest = std::max<std::int64_t>(largest, slice.local_arcs());
  }
  EXPECT_EQ(total, expected);
  EXPECT_EQ(kron.max_arcs, largest);
  EXPECT_EQ(kron.per_rank.size(), 4u);
  EXPECT_DOUBLE_EQ(kron.imbalance,
                   static_cast<double>(largest) / (static_cast<double>(expected) / 4));
  EXPECT_GE(kron.imbalance, 1.0);
}

}  // namespace
}  // namespace frontier::partition
