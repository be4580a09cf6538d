// Kernel 1 of a distributed run on each rank's GPU (engine/src/graph/cuda/rank_slice_build.cuh):
// every rank's slice of P = 1, 2, 3, 4 ranks, built on GPU 0 one rank after another from the
// Kronecker parameters alone, equals partition::generate_kronecker_slices()'s slice of that rank
// (the host generator binned and built by build_rank_graph): same offsets and same sorted
// targets, for several scales, edgefactors and seeds, both layouts and 64-bit ids. Skipped
// without a GPU.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "frontier/distribution/rank_graph.hpp"
#include "frontier/distribution/vertex_distribution.hpp"
#include "frontier/errors.hpp"
#include "frontier/partition/slices.hpp"
#include "graph/cuda/device_graph_build.hpp"
#include "support/require_gpu.hpp"
#include "support/test_graphs.hpp"

namespace frontier {
namespace {

std::string describe(const KroneckerParams& params, VertexLayout layout, int ranks, int rank) {
  return "scale " + std::to_string(params.scale) + " edgefactor " +
         std::to_string(params.edgefactor) + " seed " + std::to_string(params.seed) + " " +
         std::string(to_string(layout)) + " rank " + std::to_string(rank) + " of " +
         std::to_string(ranks);
}

template <typename VertexT>
void expect_device_slices_match(const KroneckerParams& params, VertexLayout layout, int ranks) {
  const std::vector<RankGraph<VertexT, EdgeId>> host =
      partition::generate_kronecker_slices<VertexT, EdgeId>(params, layout, ranks);
  const VertexDistribution<VertexT> distribution{
      layout, static_cast<VertexT>(std::uint64_t{1} << params.scale), ranks};
  for (int rank = 0; rank < ranks; ++rank) {
    const RankGraph<VertexT, EdgeId> device =
        cuda::build_kronecker_rank_slice_on_device<VertexT, EdgeId>(params, distribution, rank, 0);
    const std::string what = describe(params, layout, ranks, rank);
    EXPECT_EQ(device.rank, rank) << what;
    EXPECT_EQ(device.distribution.layout, layout) << what;
    EXPECT_EQ(device.distribution.ranks, ranks) << what;
    EXPECT_FALSE(device.directed) << what;
    EXPECT_NO_THROW(device.check_invariants()) << what;
    ASSERT_EQ(device.offsets, host[rank].offsets) << what;
    ASSERT_EQ(device.targets, host[rank].targets) << what;
  }
}

TEST(RankSliceOnDevice, EveryRankEqualsTheHostSliceForScalesEdgefactorsSeedsAndLayouts) {
  FRONTIER_REQUIRE_GPU();
  for (int scale : {1, 4, 9, 13}) {
    for (int edgefactor : {1, 16}) {
      for (std::uint64_t seed : {2ULL, 0xfeedfacecafebeefULL}) {
        for (VertexLayout layout : {VertexLayout::Striped, VertexLayout::Block}) {
          for (int ranks : {1, 2, 3, 4}) {
            expect_device_slices_match<VertexId>(test::kronecker_params(scale, seed, edgefactor),
                                                 layout, ranks);
          }
        }
      }
    }
  }
}

TEST(RankSliceOnDevice, SixtyFourBitIdsEqualTheHostSlices) {
  FRONTIER_REQUIRE_GPU();
  for (VertexLayout layout : {VertexLayout::Striped, VertexLayout::Block}) {
    for (int ranks : {1, 3}) {
      expect_device_slices_match<std::int64_t>(test::kronecker_params(11, 5, 8), layout, ranks);
    }
  }
}

// Large enough for several sort batches per rank (kSortBatchWindow is 2^24 vertices plus arcs).
TEST(RankSliceOnDevice, SlicesSortedInSeveralBatchesEqualTheHostSlices) {
  FRONTIER_REQUIRE_GPU();
  expect_device_slices_match<VertexId>(test::kronecker_params(20, 9, 16), VertexLayout::Striped, 2);
}

TEST(RankSliceOnDevice, RefusesAMismatchedDistributionOrRank) {
  FRONTIER_REQUIRE_GPU();
  const KroneckerParams params = test::kronecker_params(6, 1, 4);
  const VertexDistribution<VertexId> wrong_size{VertexLayout::Striped, 32, 2};
  EXPECT_THROW(
      (cuda::build_kronecker_rank_slice_on_device<VertexId, EdgeId>(params, wrong_size, 0, 0)),
      InvalidArgument);
  const VertexDistribution<VertexId> distribution{VertexLayout::Striped, 64, 2};
  EXPECT_THROW(
      (cuda::build_kronecker_rank_slice_on_device<VertexId, EdgeId>(params, distribution, 2, 0)),
      InvalidArgument);
}

}  // namespace
}  // namespace frontier
