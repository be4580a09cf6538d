// Graphs made on the GPU (engine/src/graph/cuda) against their host counterparts, exactly:
// Kronecker tuples from generate_kronecker_on_device equal io::generate_kronecker for several
// scales, seeds, initiators and slices (and slices concatenate to the whole list); CSRs from
// build_csr_on_device equal build_csr (offsets and neighbours, reverse graphs of directed inputs
// too) for Kronecker graphs and for small hand-made and random lists with self loops and
// duplicates, under every combination of builder options; bad endpoints give build_csr's exact
// error; sizes that cannot fit give OutOfMemory with bytes needed above bytes free; a BfsRunner
// that adopts a device-built CSR gives the reference depths. Skipped without a GPU.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "bfs/cuda/bfs_cuda.hpp"
#include "frontier/bfs_validate.hpp"
#include "frontier/csr_builder.hpp"
#include "frontier/device.hpp"
#include "frontier/errors.hpp"
#include "frontier/io/generate_kronecker.hpp"
#include "frontier/random.hpp"
#include "frontier/reference_bfs.hpp"
#include "graph/cuda/device_graph_build.hpp"
#include "support/csr_expectations.hpp"
#include "support/require_gpu.hpp"
#include "support/test_graphs.hpp"

namespace frontier {
namespace {

template <typename VertexT>
void expect_same_edges(const EdgeList<VertexT>& device, const EdgeList<VertexT>& host,
                       const std::string& what) {
  EXPECT_EQ(device.num_vertices, host.num_vertices) << what;
  EXPECT_EQ(device.directed, host.directed) << what;
  ASSERT_EQ(device.size(), host.size()) << what;
  EXPECT_TRUE(device.sources == host.sources) << what << ": sources differ";
  EXPECT_TRUE(device.targets == host.targets) << what << ": targets differ";
}

std::string describe(const KroneckerParams& p) {
  return "scale " + std::to_string(p.scale) + " edgefactor " + std::to_string(p.edgefactor) +
         " seed " + std::to_string(p.seed) + " a,b,c " + std::to_string(p.a) + "," +
         std::to_string(p.b) + "," + std::to_string(p.c) + (p.scramble ? "" : " unscrambled");
}

// Every builder option combination build_csr accepts (remove_duplicates needs sorting).
std::vector<CsrBuildOptions> all_build_options() {
  std::vector<CsrBuildOptions> all;
  for (int bits = 0; bits < 16; ++bits) {
    CsrBuildOptions options;
    options.symmetrize = (bits & 1) != 0;
    options.remove_self_loops = (bits & 2) != 0;
    options.remove_duplicates = (bits & 4) != 0;
    options.sort_neighbors = true;
    options.hubs_first = (bits & 8) != 0;
    all.push_back(options);
  }
  return all;
}

std::string describe(const CsrBuildOptions& o) {
  return std::string("symmetrize=") + (o.symmetrize ? "1" : "0") +
         " remove_self_loops=" + (o.remove_self_loops ? "1" : "0") +
         " remove_duplicates=" + (o.remove_duplicates ? "1" : "0") +
         " hubs_first=" + (o.hubs_first ? "1" : "0");
}

// The device CSR of `edges` equals build_csr's, forward and (directed) reverse; both builders
// refuse hubs first for a directed result.
template <typename VertexT>
void expect_device_build_matches(const EdgeList<VertexT>& edges, const CsrBuildOptions& options,
                                 const std::string& what) {
  if (options.hubs_first && edges.directed && !options.symmetrize) {
    EXPECT_THROW((build_csr<VertexT, EdgeId>(edges, options)), InvalidArgument) << what;
    const cuda::DeviceEdgeList<VertexT> d_edges = cuda::DeviceEdgeList<VertexT>::upload(edges);
    EXPECT_THROW((cuda::build_csr_on_device<VertexT, EdgeId>(d_edges, options)), InvalidArgument)
        << what;
    return;
  }
  const CsrGraph<VertexT, EdgeId> host = build_csr<VertexT, EdgeId>(edges, options);
  const cuda::DeviceEdgeList<VertexT> d_edges = cuda::DeviceEdgeList<VertexT>::upload(edges);
  const cuda::ResidentGraph<VertexT, EdgeId> resident =
      cuda::build_csr_on_device<VertexT, EdgeId>(d_edges, options);
  const std::string label = what + " [" + describe(options) + "]";
  EXPECT_EQ(resident.num_vertices(), host.num_vertices()) << label;
  EXPECT_EQ(resident.num_arcs(), host.num_arcs()) << label;
  test::expect_same_csr(resident.to_host(), host, label);
  if (host.directed())
    test::expect_same_csr(resident.reverse_to_host(), host.reverse(), label + " rev");
}

// ---------------------------------------------------------------------------------------------
// Kronecker generation

TEST(KroneckerOnDevice, WholeListsEqualHostGenerator) {
  FRONTIER_REQUIRE_GPU();
  std::vector<KroneckerParams> cases;
  for (int scale : {0, 1, 2, 5, 9, 12, 16}) {
    for (std::uint64_t seed : {1ULL, 7ULL, 0xdeadbeefcafef00dULL}) {
      cases.push_back(test::kronecker_params(scale, seed, 16));
    }
  }
  KroneckerParams unscrambled = test::kronecker_params(11, 3, 8);
  unscrambled.scramble = false;
  cases.push_back(unscrambled);
  KroneckerParams uniform = test::kronecker_params(10, 5, 4);
  uniform.a = uniform.b = uniform.c = 0.25;
  cases.push_back(uniform);
  KroneckerParams corner =
      test::kronecker_params(7, 9, 3);  // every edge in quadrant A: (0, 0) unscrambled
  corner.a = 1.0;
  corner.b = corner.c = 0.0;
  cases.push_back(corner);
  cases.push_back(test::kronecker_params(13, 11, 1));  // odd scale, edgefactor 1
  cases.push_back(test::kronecker_params(4, 2, 0));    // no edges at all
  for (const KroneckerParams& params : cases) {
    const EdgeList<VertexId> host = io::generate_kronecker<VertexId>(params);
    const EdgeList<VertexId> device =
        cuda::generate_kronecker_on_device<VertexId>(params, 0, kAllEdges).to_host();
    expect_same_edges(device, host, describe(params));
  }
}

TEST(KroneckerOnDevice, SlicesEqualHostSlicesAndConcatenateToTheWhole) {
  FRONTIER_REQUIRE_GPU();
  const KroneckerParams params = test::kronecker_params(12, 42, 16);
  const std::uint64_t total = kronecker_edge_count(params);
  const EdgeList<VertexId> whole = io::generate_kronecker<VertexId>(params);
  // Uneven cuts, including empty slices and one at the very end.
  const std::vector<std::uint64_t> cuts = {0,     0,         1,         255,   256,  257,
                                           10007, total / 2, total - 1, total, total};
  EdgeList<VertexId> joined;
  for (std::size_t k = 0; k + 1 < cuts.size(); ++k) {
    const std::uint64_t first = cuts[k];
    const std::uint64_t count = cuts[k + 1] - cuts[k];
    const EdgeList<VertexId> slice =
        cuda::generate_kronecker_on_device<VertexId>(params, first, count).to_host();
    expect_same_edges(slice, io::generate_kronecker<VertexId>(params, first, count),
                      "slice [" + std::to_string(first) + ", +" + std::to_string(count) + ")");
    joined.sources.insert(joined.sources.end(), slice.sources.begin(), slice.sources.end());
    joined.targets.insert(joined.targets.end(), slice.targets.begin(), slice.targets.end());
  }
  EXPECT_TRUE(joined.sources == whole.sources);
  EXPECT_TRUE(joined.targets == whole.targets);
  // "To the end" from the middle.
  expect_same_edges(cuda::generate_kronecker_on_device<VertexId>(params, 1000, kAllEdges).to_host(),
                    io::generate_kronecker<VertexId>(params, 1000, kAllEdges), "tail from 1000");
}

TEST(KroneckerOnDevice, SixtyFourBitIdsEqualHostGenerator) {
  FRONTIER_REQUIRE_GPU();
  for (int scale : {3, 14, 33}) {
    const KroneckerParams params = test::kronecker_params(scale, 123, 16);
    // Scale 33 has 2^37 tuples: take slices near the start and the end.
    const std::uint64_t total = kronecker_edge_count(params);
    const std::uint64_t count = std::min<std::uint64_t>(total, 100000);
    for (std::uint64_t first : {std::uint64_t{0}, total - count}) {
      expect_same_edges(
          cuda::generate_kronecker_on_device<std::int64_t>(params, first, count).to_host(),
          io::generate_kronecker<std::int64_t>(params, first, count),
          describe(params) + " from " + std::to_string(first));
    }
  }
}

TEST(KroneckerOnDevice, RejectsWhatTheHostGeneratorRejects) {
  FRONTIER_REQUIRE_GPU();
  const KroneckerParams params = test::kronecker_params(10, 1, 16);
  const std::uint64_t total = kronecker_edge_count(params);
  EXPECT_THROW(cuda::generate_kronecker_on_device<VertexId>(params, total + 1, 0), InvalidArgument);
  EXPECT_THROW(cuda::generate_kronecker_on_device<VertexId>(params, 10, total), InvalidArgument);
  EXPECT_THROW(cuda::generate_kronecker_on_device<VertexId>(test::kronecker_params(31, 1, 1), 0, 1),
               InvalidArgument);
  EXPECT_THROW(cuda::generate_kronecker_on_device<VertexId>(test::kronecker_params(-1, 1, 1), 0, 1),
               InvalidArgument);
  EXPECT_THROW(cuda::generate_kronecker_on_device<VertexId>(test::kronecker_params(5, 1, -2), 0, 1),
               InvalidArgument);
  KroneckerParams bad = params;
  bad.a = 0.9;
  bad.b = 0.2;
  EXPECT_THROW(cuda::generate_kronecker_on_device<VertexId>(bad, 0, 1), InvalidArgument);
  bad = params;
  bad.c = -0.1;
  EXPECT_THROW(cuda::generate_kronecker_on_device<VertexId>(bad, 0, 1), InvalidArgument);
}

TEST(KroneckerOnDevice, TooLargeIsOutOfMemoryWithBytesNeededAndFree) {
  FRONTIER_REQUIRE_GPU();
  // Scale 30, edgefactor 64: 2^36 tuples, 512 GiB of ids; nothing is allocated.
  const KroneckerParams params = test::kronecker_params(30, 1, 64);
  try {
    cuda::generate_kronecker_on_device<VertexId>(params, 0, kAllEdges);
    FAIL() << "expected OutOfMemory";
  } catch (const OutOfMemory& error) {
    EXPECT_EQ(error.bytes_needed(), 2 * (std::uint64_t{1} << 36) * sizeof(VertexId));
    EXPECT_LT(error.bytes_free(), error.bytes_needed());
    EXPECT_GT(error.bytes_free(), 0u);
    EXPECT_NE(std::string(error.what()).find("generating"), std::string::npos) << error.what();
  }
  // The GPU is still usable afterwards.
  const KroneckerParams small = test::kronecker_params(6, 1, 4);
  expect_same_edges(cuda::generate_kronecker_on_device<VertexId>(small, 0, kAllEdges).to_host(),
                    io::generate_kronecker<VertexId>(small), "after OutOfMemory");
}

// ---------------------------------------------------------------------------------------------
// CSR construction

TEST(CsrOnDevice, KroneckerGraph500BuildEqualsHost) {
  FRONTIER_REQUIRE_GPU();
  CsrBuildOptions graph500;
  graph500.symmetrize = true;
  graph500.remove_self_loops = true;
  for (int scale : {1, 4, 10, 14, 17}) {
    for (std::uint64_t seed : {1ULL, 99ULL}) {
      const KroneckerParams params = test::kronecker_params(scale, seed, 16);
      const EdgeList<VertexId> host_edges = io::generate_kronecker<VertexId>(params);
      const CsrGraph<VertexId, EdgeId> host = build_csr<VertexId, EdgeId>(host_edges, graph500);
      const cuda::DeviceEdgeList<VertexId> d_edges =
          cuda::generate_kronecker_on_device<VertexId>(params, 0, kAllEdges);
      const auto resident = cuda::build_csr_on_device<VertexId, EdgeId>(d_edges, graph500);
      test::expect_same_csr(resident.to_host(), host, describe(params));
    }
  }
}

TEST(CsrOnDevice, KroneckerEveryOptionEqualsHost) {
  FRONTIER_REQUIRE_GPU();
  for (bool directed : {false, true}) {
    EdgeList<VertexId> edges = io::generate_kronecker<VertexId>(test::kronecker_params(11, 5, 16));
    edges.directed = directed;
    for (const CsrBuildOptions& options : all_build_options()) {
      expect_device_build_matches(edges, options,
                                  std::string("kronecker 11 ") + (directed ? "directed" : ""));
    }
  }
}

TEST(CsrOnDevice, SmallListsWithLoopsAndDuplicatesEqualHost) {
  FRONTIER_REQUIRE_GPU();
  using Pairs = std::vector<std::pair<VertexId, VertexId>>;
  const std::vector<std::pair<VertexId, Pairs>> lists = {
      {0, {}},                                        // no vertices
      {1, {}},                                        // one isolated vertex
      {1, {{0, 0}}},                                  // one self loop
      {1, {{0, 0}, {0, 0}, {0, 0}}},                  // repeated self loop
      {2, {{0, 1}, {1, 0}, {0, 1}}},                  // both directions, duplicated
      {5, {{4, 0}, {3, 1}, {4, 0}, {2, 2}, {0, 4}}},  // loop, duplicates, isolated vertex
      {6, {{5, 5}, {5, 4}, {4, 5}, {5, 4}, {0, 5}, {5, 0}, {3, 3}, {3, 3}, {1, 2}}},
      {4, {{3, 2}, {3, 1}, {3, 0}, {3, 2}, {3, 1}, {3, 0}, {3, 3}}},  // one hub, all twice
  };
  for (const auto& [n, pairs] : lists) {
    for (bool directed : {false, true}) {
      const EdgeList<VertexId> edges = test::edge_list<VertexId>(n, pairs, directed);
      for (const CsrBuildOptions& options : all_build_options()) {
        expect_device_build_matches(edges, options,
                                    "n=" + std::to_string(n) +
                                        " m=" + std::to_string(pairs.size()) +
                                        (directed ? " directed" : " undirected"));
      }
    }
  }
}

TEST(CsrOnDevice, DenseRandomListsFullOfDuplicatesEqualHost) {
  FRONTIER_REQUIRE_GPU();
  // Few vertices, many tuples drawn by counter_random: long runs of equal targets, and lists
  // long enough for the segmented sort's large-segment path.
  for (VertexId n : {3, 64, 1000}) {
    for (std::int64_t m : {1, 100, 200000}) {
      EdgeList<VertexId> edges;
      edges.num_vertices = n;
      edges.directed = true;
      for (std::int64_t i = 0; i < m; ++i) {
        edges.sources.push_back(static_cast<VertexId>(uniform_below(counter_random(17, 2 * i), n)));
        edges.targets.push_back(
            static_cast<VertexId>(uniform_below(counter_random(17, 2 * i + 1), n)));
      }
      for (const CsrBuildOptions& options : all_build_options()) {
        expect_device_build_matches(edges, options,
                                    "random n=" + std::to_string(n) + " m=" + std::to_string(m));
      }
    }
  }
}

TEST(CsrOnDevice, SixtyFourBitIdsEqualHost) {
  FRONTIER_REQUIRE_GPU();
  EdgeList<std::int64_t> edges =
      io::generate_kronecker<std::int64_t>(test::kronecker_params(12, 3, 8));
  for (const CsrBuildOptions& options : all_build_options()) {
    expect_device_build_matches(edges, options, "kronecker 12, 64-bit ids");
  }
}

TEST(CsrOnDevice, UnsortedBuildHasTheHostDegreesAndNeighbourMultisets) {
  FRONTIER_REQUIRE_GPU();
  const EdgeList<VertexId> edges =
      io::generate_kronecker<VertexId>(test::kronecker_params(10, 8, 16));
  CsrBuildOptions unsorted;
  unsorted.symmetrize = true;
  unsorted.sort_neighbors = false;
  const CsrGraph<VertexId, EdgeId> host =
      build_csr<VertexId, EdgeId>(edges, CsrBuildOptions{true, false, false, true});
  const auto resident = cuda::build_csr_on_device<VertexId, EdgeId>(
      cuda::DeviceEdgeList<VertexId>::upload(edges), unsorted);
  const CsrGraph<VertexId, EdgeId> device = resident.to_host();
  ASSERT_TRUE(device.offsets() == host.offsets());
  for (VertexId v = 0; v < host.num_vertices(); ++v) {
    std::vector<VertexId> list(device.neighbors(v).begin(), device.neighbors(v).end());
    std::sort(list.begin(), list.end());
    ASSERT_TRUE(
        std::equal(list.begin(), list.end(), host.neighbors(v).begin(), host.neighbors(v).end()))
        << "vertex " << v;
  }
}

TEST(CsrOnDevice, BadEndpointGivesTheHostBuildersError) {
  FRONTIER_REQUIRE_GPU();
  for (const auto& pairs : std::vector<std::vector<std::pair<VertexId, VertexId>>>{
           {{0, 1}, {1, 2}, {3, 5}, {4, 9}, {0, 0}},  // first bad tuple is index 2
           {{-1, 0}},
           {{0, 1}, {2, -7}}}) {
    const EdgeList<VertexId> edges = test::edge_list<VertexId>(5, pairs, false);
    std::string host_message;
    try {
      build_csr<VertexId, EdgeId>(edges);
    } catch (const InvalidArgument& error) {
      host_message = error.what();
    }
    ASSERT_FALSE(host_message.empty());
    try {
      cuda::build_csr_on_device<VertexId, EdgeId>(cuda::DeviceEdgeList<VertexId>::upload(edges));
      FAIL() << "expected InvalidArgument";
    } catch (const InvalidArgument& error) {
      EXPECT_EQ(std::string(error.what()), host_message);
    }
  }
  CsrBuildOptions bad;
  bad.remove_duplicates = true;
  bad.sort_neighbors = false;
  const auto d_pair =
      cuda::DeviceEdgeList<VertexId>::upload(test::edge_list<VertexId>(2, {{0, 1}}, true));
  using Builder = cuda::ResidentGraph<VertexId, EdgeId> (*)(const cuda::DeviceEdgeList<VertexId>&,
                                                            const CsrBuildOptions&);
  const Builder build = &cuda::build_csr_on_device<VertexId, EdgeId>;
  EXPECT_THROW(build(d_pair, bad), InvalidArgument);
  EdgeList<VertexId> weighted = test::edge_list<VertexId>(2, {{0, 1}}, true);
  weighted.weights = {1.0f};
  EXPECT_THROW(cuda::DeviceEdgeList<VertexId>::upload(weighted), InvalidArgument);
}

TEST(CsrOnDevice, TooManyVerticesIsOutOfMemoryWithBytesNeededAndFree) {
  FRONTIER_REQUIRE_GPU();
  // 2^40 vertices: the offsets alone take 8 TiB; nothing is allocated.
  EdgeList<std::int64_t> edges;
  edges.num_vertices = std::int64_t{1} << 40;
  const auto d_edges = cuda::DeviceEdgeList<std::int64_t>::upload(edges);
  try {
    cuda::build_csr_on_device<std::int64_t, EdgeId>(d_edges);
    FAIL() << "expected OutOfMemory";
  } catch (const OutOfMemory& error) {
    EXPECT_GE(error.bytes_needed(), 2 * (std::uint64_t{1} << 40) * sizeof(EdgeId));
    EXPECT_LT(error.bytes_free(), error.bytes_needed());
    EXPECT_NE(std::string(error.what()).find("CSR offsets"), std::string::npos) << error.what();
  }
}

// ---------------------------------------------------------------------------------------------
// Adoption by the BFS runner

template <typename VertexT>
void expect_adopted_bfs_matches_reference(const EdgeList<VertexT>& edges,
                                          const CsrBuildOptions& options,
                                          const std::vector<VertexT>& sources) {
  const CsrGraph<VertexT, EdgeId> host = build_csr<VertexT, EdgeId>(edges, options);
  cuda::ResidentGraph<VertexT, EdgeId> resident = cuda::build_csr_on_device<VertexT, EdgeId>(
      cuda::DeviceEdgeList<VertexT>::upload(edges), options);
  cuda::BfsRunner<VertexT, EdgeId> runner(std::move(resident));
  EXPECT_EQ(resident.num_vertices(), 0);  // handed over
  EXPECT_EQ(runner.num_vertices(), host.num_vertices());
  EXPECT_EQ(runner.num_arcs(), host.num_arcs());
  EXPECT_EQ(runner.directed(), host.directed());
  for (VertexT source : sources) {
    const LabelVector<std::int32_t> expected = reference_bfs(host, source).depth;
    for (cuda::BfsCudaStrategy strategy :
         {cuda::BfsCudaStrategy::Hybrid, cuda::BfsCudaStrategy::DirectionOptimizing}) {
      cuda::BfsCudaOptions bfs;
      bfs.strategy = strategy;
      const BfsResult<VertexT> result = runner.run(source, bfs);
      EXPECT_TRUE(result.depth == expected) << "source " << source;
      const BfsValidation validation =
          validate_bfs_tree<VertexT, EdgeId>(host, source, std::span<const VertexT>(result.parent),
                                             std::span<const std::int32_t>(result.depth));
      EXPECT_TRUE(validation.valid) << validation.failure;
    }
  }
}

TEST(BfsRunnerAdoption, DeviceBuiltKroneckerGivesReferenceDepths) {
  FRONTIER_REQUIRE_GPU();
  CsrBuildOptions graph500;
  graph500.symmetrize = true;
  graph500.remove_self_loops = true;
  const EdgeList<VertexId> edges =
      io::generate_kronecker<VertexId>(test::kronecker_params(14, 2, 16));
  const CsrGraph<VertexId, EdgeId> host = build_csr<VertexId, EdgeId>(edges, graph500);
  std::vector<VertexId> sources;
  for (VertexId v = 0; v < host.num_vertices() && sources.size() < 4; v += 97) {
    if (host.degree(v) > 0) sources.push_back(v);
  }
  expect_adopted_bfs_matches_reference(edges, graph500, sources);
}

TEST(BfsRunnerAdoption, DeviceBuiltDirectedGraphUsesItsDeviceReverse) {
  FRONTIER_REQUIRE_GPU();
  EdgeList<VertexId> edges = io::generate_kronecker<VertexId>(test::kronecker_params(12, 4, 8));
  edges.directed = true;
  expect_adopted_bfs_matches_reference(edges, CsrBuildOptions{}, std::vector<VertexId>{0, 5, 77});
}

TEST(BfsRunnerAdoption, EmptyHandleIsRejected) {
  FRONTIER_REQUIRE_GPU();
  cuda::ResidentGraph<VertexId, EdgeId> empty;
  using Runner = cuda::BfsRunner<VertexId, EdgeId>;
  EXPECT_THROW(Runner{std::move(empty)}, InvalidArgument);
}

}  // namespace
}  // namespace frontier
