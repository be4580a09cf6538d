// Kernel 1 without a tuple list (engine/src/graph/cuda/csr_build_cuda.cu, kronecker_edges.cu):
// the CSR built on the GPU in two passes over the Kronecker generator equals build_csr of the
// host generator's list (same offsets, so the same degrees, and the same sorted neighbours, so
// the same multisets) for several scales, edgefactors, seeds, every builder option (hubs first
// among them) and 64-bit ids; graphs large enough for several sort batches, and a list longer
// than a whole batch window, sort as the host sorts; build_kronecker_on_device gives an Engine on
// that graph, with or without a host copy of it; nedge counted over tuples regenerated on the GPU
// equals the count over the host's tuples. Built in the degree-class order, graph and order equal
// the host's renumbering, and the engine on it answers in the generator's ids. Skipped without a
// GPU.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "frontier/csr_builder.hpp"
#include "frontier/device.hpp"
#include "frontier/device_bfs_result.hpp"
#include "frontier/device_build.hpp"
#include "frontier/engine.hpp"
#include "frontier/errors.hpp"
#include "frontier/io/generate_kronecker.hpp"
#include "frontier/random.hpp"
#include "frontier/reference_bfs.hpp"
#include "graph/cuda/device_graph_build.hpp"
#include "graph/degree_order.hpp"
#include "support/bfs_query_checks.hpp"
#include "support/csr_expectations.hpp"
#include "support/require_gpu.hpp"
#include "support/test_graphs.hpp"

namespace frontier {
namespace {

CsrBuildOptions graph500_build() {
  CsrBuildOptions options;
  options.symmetrize = true;
  options.remove_self_loops = true;
  return options;
}

std::string describe(const KroneckerParams& p, const CsrBuildOptions& o) {
  return "scale " + std::to_string(p.scale) + " edgefactor " + std::to_string(p.edgefactor) +
         " seed " + std::to_string(p.seed) + " symmetrize=" + (o.symmetrize ? "1" : "0") +
         " remove_self_loops=" + (o.remove_self_loops ? "1" : "0") +
         " remove_duplicates=" + (o.remove_duplicates ? "1" : "0") +
         " hubs_first=" + (o.hubs_first ? "1" : "0");
}

// The CSR built from the generator equals build_csr of the host generator's tuples.
template <typename VertexT>
void expect_generator_build_matches(const KroneckerParams& params, const CsrBuildOptions& options) {
  const CsrGraph<VertexT, EdgeId> host =
      build_csr<VertexT, EdgeId>(io::generate_kronecker<VertexT>(params), options);
  const cuda::ResidentGraph<VertexT, EdgeId> resident =
      cuda::build_kronecker_csr_on_device<VertexT, EdgeId>(params, options);
  test::expect_same_csr(resident.to_host(), host, describe(params, options));
}

// Tuples (u, v), u != v, with u reached: the reference validator's nedge over the host's list.
std::int64_t host_reached_tuples(const EdgeList<VertexId>& tuples,
                                 const std::vector<std::int32_t>& depth) {
  std::int64_t count = 0;
  for (std::size_t i = 0; i < tuples.size(); ++i) {
    if (tuples.sources[i] != tuples.targets[i] && depth[tuples.sources[i]] != kUnreachedDepth) {
      ++count;
    }
  }
  return count;
}

TEST(KroneckerCsrOnDevice, Graph500BuildEqualsHostForScalesEdgefactorsAndSeeds) {
  FRONTIER_REQUIRE_GPU();
  for (int scale : {0, 1, 3, 8, 12, 15}) {
    for (int edgefactor : {1, 4, 16}) {
      for (std::uint64_t seed : {2ULL, 77ULL, 0xfeedfacecafebeefULL}) {
        expect_generator_build_matches<VertexId>(test::kronecker_params(scale, seed, edgefactor),
                                                 graph500_build());
      }
    }
  }
}

TEST(KroneckerCsrOnDevice, EveryBuilderOptionEqualsHost) {
  FRONTIER_REQUIRE_GPU();
  for (int bits = 0; bits < 32; ++bits) {
    CsrBuildOptions options;
    options.symmetrize = (bits & 1) != 0;
    options.remove_self_loops = (bits & 2) != 0;
    options.remove_duplicates = (bits & 4) != 0;
    options.sort_neighbors = (bits & 8) != 0 || options.remove_duplicates;
    options.hubs_first = (bits & 16) != 0;
    if (!options.sort_neighbors) continue;  // unsorted lists: the next test
    expect_generator_build_matches<VertexId>(test::kronecker_params(11, 5, 8), options);
    expect_generator_build_matches<std::int64_t>(test::kronecker_params(10, 6, 8), options);
  }
}

TEST(KroneckerCsrOnDevice, UnsortedBuildHasTheHostDegreesAndNeighbourMultisets) {
  FRONTIER_REQUIRE_GPU();
  CsrBuildOptions unsorted = graph500_build();
  unsorted.sort_neighbors = false;
  const KroneckerParams params = test::kronecker_params(12, 9, 16);
  const Graph host =
      build_csr<VertexId, EdgeId>(io::generate_kronecker<VertexId>(params), graph500_build());
  const Graph device =
      cuda::build_kronecker_csr_on_device<VertexId, EdgeId>(params, unsorted).to_host();
  ASSERT_TRUE(device.offsets() == host.offsets()) << "degrees differ";
  std::vector<VertexId> targets = device.targets();
  for (VertexId v = 0; v < device.num_vertices(); ++v) {
    std::sort(targets.begin() + device.offsets()[v], targets.begin() + device.offsets()[v + 1]);
  }
  EXPECT_TRUE(targets == host.targets()) << "neighbour multisets differ";
}

TEST(KroneckerCsrOnDevice, GraphsOfSeveralSortBatchesEqualHost) {
  FRONTIER_REQUIRE_GPU();
  // Vertices plus arcs past 2^24 (the sort batch window): scale 19 and 20 at edgefactor 16
  // sort in two and three batches.
  CsrBuildOptions hubs_first = graph500_build();
  hubs_first.hubs_first = true;
  for (int scale : {19, 20}) {
    expect_generator_build_matches<VertexId>(test::kronecker_params(scale, 3, 16),
                                             graph500_build());
    expect_generator_build_matches<VertexId>(test::kronecker_params(scale, 3, 16), hubs_first);
  }
}

TEST(KroneckerCsrOnDevice, AListLongerThanTheBatchWindowSortsAsOnTheHost) {
  FRONTIER_REQUIRE_GPU();
  // Vertex 0 gets 2^24 + 1000 arcs, a batch of its own past the window; the other vertices'
  // lists share batches before and after it.
  constexpr VertexId n = 5000;
  const std::int64_t hub_arcs = (std::int64_t{1} << 24) + 1000;
  EdgeList<VertexId> edges;
  edges.num_vertices = n;
  edges.directed = true;
  for (std::int64_t i = 0; i < hub_arcs + 20000; ++i) {
    const bool to_hub = i < hub_arcs;
    edges.sources.push_back(
        to_hub ? 0 : static_cast<VertexId>(uniform_below(counter_random(23, 2 * i), n)));
    edges.targets.push_back(static_cast<VertexId>(uniform_below(counter_random(23, 2 * i + 1), n)));
  }
  CsrBuildOptions options;
  const Graph host = build_csr<VertexId, EdgeId>(edges, options);
  const auto d_edges = cuda::DeviceEdgeList<VertexId>::upload(edges);
  const auto resident = cuda::build_csr_on_device<VertexId, EdgeId>(d_edges, options);
  test::expect_same_csr(resident.to_host(), host, "hub of 2^24 + 1000 arcs");
  test::expect_same_csr(resident.reverse_to_host(), host.reverse(), "hub, reverse");
}

TEST(KroneckerCsrOnDevice, BuildOnDeviceGivesAnEngineOnTheHostGraph) {
  FRONTIER_REQUIRE_GPU();
  const KroneckerParams params = test::kronecker_params(13, 4, 16);
  const Graph host =
      build_csr<VertexId, EdgeId>(io::generate_kronecker<VertexId>(params), graph500_build());
  DeviceBuiltGraph built = build_kronecker_on_device(params, graph500_build(), Device::cuda(0));
  test::expect_same_csr(built.engine.graph(), host, "build_kronecker_on_device");
  EXPECT_GT(built.csr_build_seconds, 0.0);
  const VertexId source = 0;
  const BfsResult<VertexId> expected = reference_bfs(host, source);
  const BfsResult<VertexId> got = built.engine.bfs(source);
  EXPECT_TRUE(got.depth == expected.depth);
}

// HostCopy::None: the engine answers from the GPU's CSR alone, the same sizes, degrees and
// depths as the host graph's, and says so when asked for a host graph it does not keep.
TEST(KroneckerCsrOnDevice, BuildOnDeviceWithoutAHostCopy) {
  FRONTIER_REQUIRE_GPU();
  const KroneckerParams params = test::kronecker_params(13, 4, 16);
  const Graph host =
      build_csr<VertexId, EdgeId>(io::generate_kronecker<VertexId>(params), graph500_build());
  DeviceBuiltGraph built =
      build_kronecker_on_device(params, graph500_build(), Device::cuda(0), HostCopy::None);
  const Engine& engine = built.engine;
  EXPECT_FALSE(engine.has_host_graph());
  EXPECT_EQ(built.host_copy_seconds, 0.0);
  EXPECT_THROW(static_cast<void>(engine.graph()), InvalidArgument);
  EXPECT_EQ(engine.num_vertices(), host.num_vertices());
  EXPECT_EQ(engine.num_arcs(), host.num_arcs());
  std::vector<VertexId> vertices(static_cast<std::size_t>(host.num_vertices()));
  for (VertexId v = 0; v < host.num_vertices(); ++v) vertices[static_cast<std::size_t>(v)] = v;
  const std::vector<EdgeId> degrees = engine.out_degrees(vertices);
  ASSERT_EQ(degrees.size(), vertices.size());
  for (VertexId v = 0; v < host.num_vertices(); ++v) {
    ASSERT_EQ(degrees[static_cast<std::size_t>(v)], host.degree(v)) << v;
  }
  const std::vector<VertexId> outside = {0, host.num_vertices()};
  EXPECT_THROW(static_cast<void>(engine.out_degrees(outside)), InvalidArgument);
  for (const VertexId source : {VertexId{0}, host.num_vertices() - 1}) {
    EXPECT_TRUE(engine.bfs(source).depth == reference_bfs(host, source).depth) << source;
  }
  EXPECT_TRUE(engine.validate(engine.bfs_on_device(VertexId{0})).valid);  // with parents
}

// Kernel 1 in the degree-class order: graph and order equal the host's renumbering of the host
// build, for several scales and seeds, with and without hubs first (which the sorted lists make
// moot) and without symmetrizing.
TEST(KroneckerCsrOnDevice, DegreeOrderedBuildEqualsTheHostsRenumbering) {
  FRONTIER_REQUIRE_GPU();
  CsrBuildOptions hubs = graph500_build();
  hubs.hubs_first = true;
  CsrBuildOptions one_way;
  one_way.remove_self_loops = true;
  for (const CsrBuildOptions& options : {graph500_build(), hubs, one_way}) {
    for (const auto& [scale, seed] : {std::pair{1, 2}, std::pair{9, 3}, std::pair{14, 4}}) {
      const KroneckerParams params = test::kronecker_params(scale, seed, 8);
      SCOPED_TRACE(describe(params, options));
      const detail::DegreeOrderedGraph<VertexId, EdgeId> host = detail::order_by_degree_class(
          build_csr<VertexId, EdgeId>(io::generate_kronecker<VertexId>(params), options));
      const cuda::DegreeOrderedResidentGraph built =
          cuda::build_kronecker_csr_on_device_by_degree(params, options);
      const LabelVector<VertexId> new_id = built.order.new_id.to_host();
      const LabelVector<VertexId> old_id = built.order.old_id.to_host();
      EXPECT_TRUE(std::equal(new_id.begin(), new_id.end(), host.new_id.begin(), host.new_id.end()));
      EXPECT_TRUE(std::equal(old_id.begin(), old_id.end(), host.old_id.begin(), host.old_id.end()));
      test::expect_same_csr(built.graph.to_host(), host.graph, "degree-ordered build");
    }
  }
}

TEST(KroneckerCsrOnDevice, DegreeOrderedBuildKeepsNoDuplicateRemovalAndNoHostCopy) {
  FRONTIER_REQUIRE_GPU();
  const KroneckerParams params = test::kronecker_params(8, 2, 4);
  CsrBuildOptions deduplicated = graph500_build();
  deduplicated.sort_neighbors = true;
  deduplicated.remove_duplicates = true;
  EXPECT_THROW(
      static_cast<void>(cuda::build_kronecker_csr_on_device_by_degree(params, deduplicated)),
      InvalidArgument);
  EngineOptions by_degree;
  by_degree.search_order = SearchOrder::DegreeClasses;
  EXPECT_THROW(static_cast<void>(build_kronecker_on_device(
                   params, graph500_build(), Device::cuda(0), HostCopy::Graph, by_degree)),
               InvalidArgument);
}

// An engine on a graph built on the GPU in the degree order answers in the generator's ids:
// degrees, depths and trees of one source and of several (the lookup of more than a few ids
// runs on the GPU), depth limits and targets, as the oracle on the host build; validation of
// host labels and of labels on the GPU accepts its trees and rejects a broken one, saying its
// ids are the order's.
TEST(KroneckerCsrOnDevice, BuildOnDeviceInTheDegreeOrderAnswersInTheGeneratorsIds) {
  FRONTIER_REQUIRE_GPU();
  const KroneckerParams params = test::kronecker_params(13, 4, 16);
  CsrBuildOptions build = graph500_build();
  build.hubs_first = true;
  const Graph host = build_csr<VertexId, EdgeId>(io::generate_kronecker<VertexId>(params), build);
  EngineOptions by_degree;
  by_degree.search_order = SearchOrder::DegreeClasses;
  const DeviceBuiltGraph built =
      build_kronecker_on_device(params, build, Device::cuda(0), HostCopy::None, by_degree);
  const Engine& engine = built.engine;
  EXPECT_EQ(engine.search_order(), SearchOrder::DegreeClasses);
  EXPECT_FALSE(engine.has_host_graph());
  EXPECT_EQ(engine.num_arcs(), host.num_arcs());
  std::vector<VertexId> vertices(static_cast<std::size_t>(host.num_vertices()));
  for (VertexId v = 0; v < host.num_vertices(); ++v) vertices[static_cast<std::size_t>(v)] = v;
  const std::vector<EdgeId> degrees = engine.out_degrees(vertices);
  for (VertexId v = 0; v < host.num_vertices(); ++v) {
    ASSERT_EQ(degrees[static_cast<std::size_t>(v)], host.degree(v)) << v;
  }
  std::vector<VertexId> many = test::spread_sources(host);
  for (const VertexId v : {VertexId{7}, VertexId{1000}, VertexId{4097}}) many.push_back(v);
  std::sort(many.begin(), many.end());
  many.erase(std::unique(many.begin(), many.end()), many.end());
  ASSERT_GT(many.size(), 4u);
  const std::vector<std::vector<VertexId>> source_sets = {{many.front()}, many};
  for (const std::vector<VertexId>& sources : source_sets) {
    const std::span<const VertexId> seeds(sources);
    const std::vector<std::int32_t> oracle = test::nearest_source_depths(host, seeds);
    std::vector<BfsOptions> queries(3);
    queries[1].depth_limit = 2;
    queries[2].target = std::max_element(oracle.begin(), oracle.end()) - oracle.begin();
    for (const BfsOptions& options : queries) {
      SCOPED_TRACE(std::to_string(sources.size()) + " source(s), limit " +
                   (options.depth_limit ? std::to_string(*options.depth_limit) : "-") +
                   ", target " + (options.target ? std::to_string(*options.target) : "-"));
      const BfsResult<VertexId> copied = engine.bfs(seeds, options);
      EXPECT_EQ(copied.sources, sources);
      test::expect_query_matches_oracle(host, seeds, options, copied);
      const DeviceBfsResult<VertexId> kept = engine.bfs_on_device(seeds, options);
      test::expect_query_matches_oracle(host, seeds, options, kept.to_host());
      const BfsValidation in_place = engine.validate(kept);
      EXPECT_TRUE(in_place.valid) << in_place.failure;
      const BfsValidation from_host = engine.validate(copied);
      EXPECT_TRUE(from_host.valid) << from_host.failure;
    }
  }
  // A vertex two levels down given the root as its parent: no arc joins them.
  const VertexId root = many.front();
  BfsResult<VertexId> broken = engine.bfs(root);
  const auto two = std::find(broken.depth.begin(), broken.depth.end(), 2);
  ASSERT_NE(two, broken.depth.end());
  broken.parent[static_cast<std::size_t>(two - broken.depth.begin())] = root;
  const BfsValidation rejected = engine.validate(broken);
  EXPECT_FALSE(rejected.valid);
  EXPECT_NE(rejected.failure.find("degree order"), std::string::npos) << rejected.failure;
}

TEST(KroneckerCsrOnDevice, NedgeOverRegeneratedTuplesEqualsTheHostCount) {
  FRONTIER_REQUIRE_GPU();
  for (int scale : {1, 9, 14}) {
    for (std::uint64_t seed : {1ULL, 31ULL}) {
      const KroneckerParams params = test::kronecker_params(scale, seed, 16);
      const EdgeList<VertexId> tuples = io::generate_kronecker<VertexId>(params);
      const Graph graph = build_csr<VertexId, EdgeId>(tuples, graph500_build());
      const auto n = static_cast<std::size_t>(graph.num_vertices());
      std::vector<std::vector<std::int32_t>> depths;
      depths.emplace_back(n, kUnreachedDepth);  // nothing reached
      depths.emplace_back(n, 0);                // everything reached
      for (const VertexId root : {VertexId{0}, static_cast<VertexId>(n - 1)}) {
        const BfsResult<VertexId> tree = reference_bfs(graph, root);
        depths.emplace_back(tree.depth.begin(), tree.depth.end());
      }
      for (const std::vector<std::int32_t>& depth : depths) {
        EXPECT_EQ(count_kronecker_tuples_reached(params, std::span<const std::int32_t>(depth),
                                                 Device::cuda(0)),
                  host_reached_tuples(tuples, depth))
            << "scale " << scale << " seed " << seed;
      }
    }
  }
}

TEST(KroneckerCsrOnDevice, NedgeNeedsOneDepthPerVertex) {
  FRONTIER_REQUIRE_GPU();
  const std::vector<std::int32_t> depth(100, 0);
  EXPECT_THROW(
      count_kronecker_tuples_reached(test::kronecker_params(7, 1, 16),
                                     std::span<const std::int32_t>(depth), Device::cuda(0)),
      InvalidArgument);
  EXPECT_THROW(count_kronecker_tuples_reached(test::kronecker_params(7, 1, 16),
                                              std::span<const std::int32_t>(depth), Device::cpu()),
               InvalidArgument);
}

}  // namespace
}  // namespace frontier
