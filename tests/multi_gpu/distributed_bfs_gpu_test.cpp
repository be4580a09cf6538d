// The distributed BFS on 1, 2 and 4 GPUs (one rank per GPU, one process; NCCL moving the bins,
// and, where the GPUs have peer access, the peer transport reading them in place): exact depths
// against the sequential oracle and parents that pass the Graph500 rules, on
// generated random and Kronecker graphs (the latter also generated in place per rank), on every
// real dataset, with striped and block ownership; the GPU run equals the CPU simulation level
// by level (bitmap and queue frontier parts alike); `frontier bfs|graph500 --gpus N` validate their
// searches; `mpirun -np 2 frontier graph500 --distributed` (one process per GPU) gives the
// single-process run's figures. Skipped with fewer than 2 GPUs (the single-GPU case runs too when 2
// or more are present).
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <span>
#include <string>
#include <vector>

#include "frontier/bfs_validate.hpp"
#include "frontier/csr_builder.hpp"
#include "frontier/device.hpp"
#include "frontier/distributed_bfs.hpp"
#include "frontier/errors.hpp"
#include "frontier/io/generate_kronecker.hpp"
#include "frontier/io/read_graph.hpp"
#include "frontier/partition/slices.hpp"
#include "frontier/reference_bfs.hpp"
#include "frontier/runs/mpi_bfs.hpp"
#include "support/cli_runner.hpp"
#include "support/dataset_manifest.hpp"
#include "support/gpu_devices.hpp"
#include "support/require_gpu.hpp"
#include "support/test_graphs.hpp"
#include "support/test_paths.hpp"

namespace frontier {
namespace {

Device gpus(int count) { return Device::first_gpus(count); }

// GPU counts to try: 1, 2, 3 and 4 where present (3: a striped layout that is not a power of
// two and block parts that are not whole words, so the gathered bitmap is rewritten bit by bit;
// 2 and 4: striped one word at a time, block not at all). Every test runs several searches on one
// DistributedBfs, so the labels a search leaves on the GPUs (not reset: the visited bitmap masks
// them) meet the next.
std::vector<int> gpu_counts() { return test::present_gpu_counts({1, 2, 3, 4}); }

// Transports to try on `count` GPUs: NCCL always, peer memory where every pair of them has
// peer access (the automatic choice tells).
std::vector<GpuTransport> transports(int count) {
  std::vector<GpuTransport> out{GpuTransport::Nccl};
  const Graph tiny = test::graph_from_pairs<VertexId>(2, {{0, 1}}, false);
  const DistributedBfs<VertexId, EdgeId> probe(
      partition::slice_graph(tiny, VertexLayout::Striped, count), gpus(count));
  if (probe.transport() == GpuTransport::Peer) out.push_back(GpuTransport::Peer);
  return out;
}

// Returns the number of bottom-up levels the search ran.
int expect_matches(DistributedBfs<VertexId, EdgeId>& search, const Graph& graph, VertexId source,
                   bool predecessors = true, bool direction_optimizing = true) {
  SCOPED_TRACE("source " + std::to_string(source) + ", " + std::to_string(search.ranks()) +
               " GPUs, " + std::string(to_string(search.transport())) +
               (direction_optimizing ? ", direction-optimizing" : ", top-down"));
  const BfsResult<VertexId> expected = reference_bfs(graph, source);
  DistributedBfsOptions options;
  options.bfs.predecessors = predecessors;
  options.bfs.strategy =
      direction_optimizing ? BfsStrategy::DirectionOptimizing : BfsStrategy::TopDown;
  const DistributedBfsResult<VertexId> actual = search.run(source, options);
  int bottom_up = 0;
  for (const BfsLevelStats& level : actual.bfs.levels) {
    bottom_up += level.direction == BfsDirection::BottomUp;
  }
  EXPECT_EQ(actual.bfs.depth, expected.depth);
  if (actual.bfs.depth != expected.depth) return bottom_up;
  EXPECT_EQ(actual.bfs.vertices_reached, expected.vertices_reached);
  EXPECT_EQ(actual.bfs.levels.size(), expected.levels.size());
  if (!predecessors) {
    EXPECT_TRUE(actual.bfs.parent.empty());
    return bottom_up;
  }
  const BfsValidation whole = validate_bfs_tree<VertexId, EdgeId>(
      graph, source, std::span<const VertexId>(actual.bfs.parent),
      std::span<const std::int32_t>(actual.bfs.depth));
  EXPECT_TRUE(whole.valid) << whole.failure;
  const BfsValidation sliced = search.validate(source, actual.bfs.parent, actual.bfs.depth);
  EXPECT_TRUE(sliced.valid) << sliced.failure;
  EXPECT_EQ(sliced.vertices_in_tree, whole.vertices_in_tree);
  const BfsValidation in_place = search.validate_last_search(source);
  EXPECT_TRUE(in_place.valid) << in_place.failure;
  EXPECT_EQ(in_place.vertices_in_tree, whole.vertices_in_tree);
  EXPECT_EQ(in_place.arcs_in_component, sliced.arcs_in_component);
  return bottom_up;
}

// The CPU simulation's run `a` and the GPU's `b` of one search went through the same levels:
// directions, frontiers, items binned, bytes between ranks, arcs examined.
void expect_same_levels(const DistributedBfsResult<VertexId>& a,
                        const DistributedBfsResult<VertexId>& b) {
  ASSERT_EQ(a.exchange.size(), b.exchange.size());
  for (std::size_t l = 0; l < a.exchange.size(); ++l) {
    EXPECT_EQ(a.exchange[l].frontier_vertices, b.exchange[l].frontier_vertices) << "level " << l;
    EXPECT_EQ(a.exchange[l].items_binned, b.exchange[l].items_binned) << "level " << l;
    EXPECT_EQ(a.exchange[l].bytes_exchanged, b.exchange[l].bytes_exchanged) << "level " << l;
    EXPECT_EQ(a.bfs.levels[l].edges_examined, b.bfs.levels[l].edges_examined) << "level " << l;
    EXPECT_EQ(a.bfs.levels[l].direction, b.bfs.levels[l].direction) << "level " << l;
  }
}

// Runs check(cpu, gpu) on the CPU simulation and the GPU backend of `graph`, for every GPU
// count, both layouts and every transport.
template <typename Check>
void for_each_backend_pair(const Graph& graph, Check check) {
  for (const int count : gpu_counts()) {
    for (const GpuTransport transport : transports(count)) {
      for (const VertexLayout layout : {VertexLayout::Striped, VertexLayout::Block}) {
        SCOPED_TRACE(std::to_string(count) + " GPUs, " + std::string(to_string(layout)) + ", " +
                     std::string(to_string(transport)));
        DistributedBfs<VertexId, EdgeId> cpu(partition::slice_graph(graph, layout, count),
                                             Device::cpu());
        DistributedBfs<VertexId, EdgeId> gpu(partition::slice_graph(graph, layout, count),
                                             gpus(count), transport);
        check(cpu, gpu);
      }
    }
  }
}

TEST(DistributedBfsGpu, RandomGraphs) {
  FRONTIER_REQUIRE_GPUS(2);
  for (const bool directed : {false, true}) {
    for (const VertexId n : {1, 2, 1000, 50000}) {
      SCOPED_TRACE("n " + std::to_string(n) + (directed ? " directed" : " undirected"));
      CsrBuildOptions options;
      options.symmetrize = !directed;
      const Graph graph = build_csr<VertexId, EdgeId>(
          test::random_edge_list<VertexId>(n, 4 * static_cast<std::int64_t>(n), 21 + n, directed),
          options);
      for (const int count : gpu_counts()) {
        for (const GpuTransport transport : transports(count)) {
          for (const VertexLayout layout : {VertexLayout::Striped, VertexLayout::Block}) {
            DistributedBfs<VertexId, EdgeId> search(partition::slice_graph(graph, layout, count),
                                                    gpus(count), transport);
            expect_matches(search, graph, 0, true, false);
            expect_matches(search, graph, 0, true, true);
            expect_matches(search, graph, n - 1, true, true);
            expect_matches(search, graph, n / 2, false, true);
          }
        }
      }
    }
  }
}

TEST(DistributedBfsGpu, KroneckerGeneratedInPlace) {
  FRONTIER_REQUIRE_GPUS(2);
  const KroneckerParams params = test::kronecker_params(16, 5);
  const Graph whole = test::graph500_graph(params);
  for (const int count : gpu_counts()) {
    for (const GpuTransport transport : transports(count)) {
      DistributedBfs<VertexId, EdgeId> search(
          partition::generate_kronecker_slices<VertexId, EdgeId>(params, VertexLayout::Striped,
                                                                 count),
          gpus(count), transport);
      int searched = 0;
      for (VertexId source = 0; searched < 4; ++source) {
        if (whole.degree(source) == 0) continue;
        expect_matches(search, whole, source, true, false);
        EXPECT_GT(expect_matches(search, whole, source, true, true), 0)
            << "a Kronecker search goes bottom-up on its large levels";
        ++searched;
      }
    }
  }
}

// Kernel 1 on the GPUs (DistributedBfs from KroneckerParams): every rank's slice built on its
// own GPU equals the host-built one with the hubs first (over a degree table gathered from every
// GPU), the host holds none, the searches match the reference, and
// the GPU ranks' validation and degrees agree with the host's over the same slices, including
// on a broken tree (same failure, same wording).
TEST(DistributedBfsGpu, KroneckerBuiltOnEachGpu) {
  FRONTIER_REQUIRE_GPUS(2);
  const KroneckerParams params = test::kronecker_params(16, 5);
  const Graph whole = test::graph500_graph(params);
  for (const int count : gpu_counts()) {
    for (const VertexLayout layout : {VertexLayout::Striped, VertexLayout::Block}) {
      std::vector<RankGraph<VertexId, EdgeId>> host =
          partition::generate_kronecker_slices<VertexId, EdgeId>(params, layout, count);
      partition::put_hubs_first(std::span<RankGraph<VertexId, EdgeId>>(host));
      for (const GpuTransport transport : transports(count)) {
        DistributedBfs<VertexId, EdgeId> search(params, layout, gpus(count), transport);
        EXPECT_TRUE(search.slices().empty());
        const std::vector<RankGraph<VertexId, EdgeId>> built = search.slices_to_host();
        ASSERT_EQ(built.size(), host.size());
        std::int64_t arcs = 0;
        for (std::size_t r = 0; r < host.size(); ++r) {
          EXPECT_EQ(built[r].offsets, host[r].offsets) << "rank " << r;
          EXPECT_EQ(built[r].targets, host[r].targets) << "rank " << r;
          EXPECT_EQ(search.held_arcs()[r], static_cast<std::int64_t>(host[r].local_arcs()));
          arcs += static_cast<std::int64_t>(host[r].local_arcs());
        }
        EXPECT_EQ(search.num_arcs(), arcs);
        int searched = 0;
        for (VertexId source = 0; searched < 3; ++source) {
          EXPECT_EQ(search.degree(source), static_cast<std::int64_t>(whole.degree(source)));
          if (whole.degree(source) == 0) continue;
          expect_matches(search, whole, source, true, true);
          DistributedBfsResult<VertexId> result = search.run(source);
          const BfsValidation on_gpus =
              search.validate(source, result.bfs.parent, result.bfs.depth);
          const BfsValidation on_host = validate_distributed_bfs<VertexId, EdgeId>(
              host, source, result.bfs.parent, result.bfs.depth);
          EXPECT_TRUE(on_gpus.valid) << on_gpus.failure;
          EXPECT_EQ(on_gpus.arcs_in_component, on_host.arcs_in_component);
          EXPECT_EQ(on_gpus.vertices_in_tree, on_host.vertices_in_tree);
          // A broken tree: a reached vertex's parent moved to a vertex that is not its neighbour.
          for (VertexId v = 0; v < whole.num_vertices(); ++v) {
            if (v != source && result.bfs.depth[v] > 1) {
              result.bfs.parent[v] = source;
              break;
            }
          }
          const BfsValidation broken_gpus =
              search.validate(source, result.bfs.parent, result.bfs.depth);
          const BfsValidation broken_host = validate_distributed_bfs<VertexId, EdgeId>(
              host, source, result.bfs.parent, result.bfs.depth);
          EXPECT_FALSE(broken_gpus.valid);
          EXPECT_EQ(broken_gpus.failure, broken_host.failure);
          ++searched;
        }
      }
    }
  }
}

// The GPU backend and the CPU simulation run the same level loop: same levels and directions,
// same frontiers, same items binned (the filter passes each vertex once per rank either way),
// same arcs examined (bottom-up scans stop at the same first frontier neighbour).
TEST(DistributedBfsGpu, SameLevelsAsCpuSimulation) {
  FRONTIER_REQUIRE_GPUS(2);
  CsrBuildOptions options;
  options.symmetrize = true;
  const Graph graph = build_csr<VertexId, EdgeId>(
      test::random_edge_list<VertexId>(20000, 100000, 8, false), options);
  DistributedBfs<VertexId, EdgeId> cpu(partition::slice_graph(graph, VertexLayout::Striped, 2),
                                       Device::cpu());
  const auto a = cpu.run(3);
  for (const GpuTransport transport : transports(2)) {
    SCOPED_TRACE(to_string(transport));
    DistributedBfs<VertexId, EdgeId> gpu(partition::slice_graph(graph, VertexLayout::Striped, 2),
                                         gpus(2), transport);
    EXPECT_EQ(gpu.transport(), transport);
    const auto b = gpu.run(3);
    expect_same_levels(a, b);
    EXPECT_EQ(a.bfs.depth, b.bfs.depth);
  }
}

// The automatic choice: peer memory where every pair of GPUs has peer access (one process),
// NCCL when asked for; both give the same levels, traffic and depths on a Kronecker graph, and
// a DistributedBfs of each kind can live beside the other.
TEST(DistributedBfsGpu, TransportsAgree) {
  FRONTIER_REQUIRE_GPUS(2);
  const std::vector<GpuTransport> kinds = transports(2);
  if (kinds.size() < 2) GTEST_SKIP() << "GPUs 0 and 1 have no peer access";
  const KroneckerParams params = test::kronecker_params(14, 9);
  const Graph graph = test::graph500_graph(params);
  DistributedBfs<VertexId, EdgeId> automatic(
      partition::slice_graph(graph, VertexLayout::Striped, 2), gpus(2));
  EXPECT_EQ(automatic.transport(), GpuTransport::Peer);
  DistributedBfs<VertexId, EdgeId> nccl(partition::slice_graph(graph, VertexLayout::Striped, 2),
                                        gpus(2), GpuTransport::Nccl);
  EXPECT_EQ(nccl.transport(), GpuTransport::Nccl);
  int searched = 0;
  for (VertexId source = 0; searched < 4; ++source) {
    if (graph.degree(source) == 0) continue;
    ++searched;
    const auto a = nccl.run(source);
    const auto b = automatic.run(source);
    expect_same_levels(a, b);
    EXPECT_EQ(a.bfs.depth, b.bfs.depth);
    EXPECT_EQ(a.bfs.depth, reference_bfs(graph, source).depth);
  }
}

// A search whose first bottom-up level has a frontier of a few hubs: the ranks gather it as
// queues of local ids (DistributedLevelLoop.QueueFrontierParts shows the CPU simulation takes
// that path on this graph) and set them in a global bitmap on the GPU; same levels, bytes and
// arcs as the CPU simulation, the oracle's depths, valid parents; 1-4 GPUs, both layouts.
TEST(DistributedBfsGpu, QueueFrontierPartsAsCpuSimulation) {
  FRONTIER_REQUIRE_GPUS(2);
  const Graph graph = test::hub_graph(20000, 8, 7);
  for_each_backend_pair(graph, [&](auto& cpu, auto& gpu) {
    for (const VertexId source : {VertexId{0}, VertexId{1}, VertexId{19999}}) {
      expect_same_levels(cpu.run(source), gpu.run(source));
      expect_matches(gpu, graph, source);
    }
  });
}

// The same on Kronecker graphs, whose searches go bottom-up on the large levels (the engine's
// bottom-up agent over each rank's vertices) and come back top-down for the tail (its bitmap-to-
// queue agent), with small tail levels taking the fixed-size exchange: 1, 2 and 4 GPUs, both
// layouts (block ownership and 1 GPU take the gathered bitmap's general path), with and without
// parents.
TEST(DistributedBfsGpu, KroneckerLevelsAsCpuSimulation) {
  FRONTIER_REQUIRE_GPUS(2);
  const KroneckerParams params = test::kronecker_params(15, 12);
  const Graph graph = test::graph500_graph(params);
  for_each_backend_pair(graph, [&](auto& cpu, auto& gpu) {
    int searched = 0;
    bool back_top_down = false;  // some search switched back (the bitmap-to-queue path)
    for (VertexId source = 0; searched < 3; ++source) {
      if (graph.degree(source) == 0) continue;
      ++searched;
      for (const bool predecessors : {true, false}) {
        DistributedBfsOptions options;
        options.bfs.strategy = BfsStrategy::DirectionOptimizing;
        options.bfs.predecessors = predecessors;
        const auto a = cpu.run(source, options);
        const auto b = gpu.run(source, options);
        EXPECT_EQ(a.bfs.depth, b.bfs.depth);
        EXPECT_EQ(a.bfs.depth, reference_bfs(graph, source).depth);
        expect_same_levels(a, b);
        bool bottom_up = false;
        for (std::size_t l = 0; l < b.bfs.levels.size(); ++l) {
          const bool up = b.bfs.levels[l].direction == BfsDirection::BottomUp;
          back_top_down = back_top_down || (bottom_up && !up);
          bottom_up = bottom_up || up;
        }
        EXPECT_TRUE(bottom_up) << "source " << source;
        if (predecessors) {
          const BfsValidation valid = validate_bfs_tree<VertexId, EdgeId>(
              graph, source, std::span<const VertexId>(b.bfs.parent),
              std::span<const std::int32_t>(b.bfs.depth));
          EXPECT_TRUE(valid.valid) << valid.failure;
        }
      }
    }
    EXPECT_TRUE(back_top_down);
  });
}

// Two bottom-up levels in a row: under the peer transport the second reads the frontier the
// first stored into every rank's gathered bitmap, in gathered order (striped) or rewritten from
// this rank's memory (block parts of 25001 and 25000 vertices, not whole words).
TEST(DistributedBfsGpu, BottomUpAfterBottomUpAsCpuSimulation) {
  FRONTIER_REQUIRE_GPUS(2);
  constexpr VertexId kVertices = 50001;
  CsrBuildOptions options;
  options.symmetrize = true;
  const Graph graph = build_csr<VertexId, EdgeId>(
      test::random_edge_list<VertexId>(kVertices, 16 * static_cast<std::int64_t>(kVertices), 7,
                                       false),
      options);
  for_each_backend_pair(graph, [&](auto& cpu, auto& gpu) {
    for (const VertexId source : {VertexId{0}, kVertices / 2, kVertices - 1}) {
      SCOPED_TRACE("source " + std::to_string(source));
      DistributedBfsOptions search_options;
      search_options.bfs.strategy = BfsStrategy::DirectionOptimizing;
      search_options.bfs.predecessors = true;
      const auto a = cpu.run(source, search_options);
      const auto b = gpu.run(source, search_options);
      EXPECT_EQ(a.bfs.depth, reference_bfs(graph, source).depth);
      EXPECT_EQ(a.bfs.depth, b.bfs.depth);
      expect_same_levels(a, b);
      bool consecutive = false;
      for (std::size_t l = 1; l < b.bfs.levels.size(); ++l) {
        consecutive = consecutive || (b.bfs.levels[l - 1].direction == BfsDirection::BottomUp &&
                                      b.bfs.levels[l].direction == BfsDirection::BottomUp);
      }
      EXPECT_TRUE(consecutive) << "no two bottom-up levels in a row";
      const BfsValidation valid = validate_bfs_tree<VertexId, EdgeId>(
          graph, source, std::span<const VertexId>(b.bfs.parent),
          std::span<const std::int32_t>(b.bfs.depth));
      EXPECT_TRUE(valid.valid) << valid.failure;
    }
  });
}

TEST(DistributedBfsGpu, RealDatasets) {
  FRONTIER_REQUIRE_GPUS(2);
  if (!test::real_datasets_available()) GTEST_SKIP() << "no real datasets folder";
  const auto folder = test::real_datasets_dir();
  for (const std::string& name : test::manifest_datasets(folder)) {
    SCOPED_TRACE(name);
    const Graph graph = io::read_graph(folder / name).graph;
    VertexId hub = 0;
    for (VertexId v = 0; v < graph.num_vertices(); ++v) {
      if (graph.degree(v) > graph.degree(hub)) hub = v;
    }
    for (const int count : gpu_counts()) {
      for (const GpuTransport transport : transports(count)) {
        DistributedBfs<VertexId, EdgeId> search(
            partition::slice_graph(graph, VertexLayout::Striped, count), gpus(count), transport);
        expect_matches(search, graph, hub, true, false);
        expect_matches(search, graph, hub, true, true);
        expect_matches(search, graph, 0, true, true);
      }
    }
  }
}

TEST(DistributedBfsGpu, BadDeviceListsAreErrors) {
  FRONTIER_REQUIRE_GPUS(2);
  const Graph graph = test::graph_from_pairs<VertexId>(4, {{0, 1}, {2, 3}}, false);
  Device twice = gpus(2);
  twice.cuda_ids[1] = 0;
  EXPECT_THROW((DistributedBfs<VertexId, EdgeId>(
                   partition::slice_graph(graph, VertexLayout::Striped, 2), twice)),
               InvalidArgument);
  EXPECT_THROW((DistributedBfs<VertexId, EdgeId>(
                   partition::slice_graph(graph, VertexLayout::Striped, 3), gpus(2))),
               InvalidArgument);
  Device missing = gpus(2);
  missing.cuda_ids[1] = cuda_device_count();
  EXPECT_THROW((DistributedBfs<VertexId, EdgeId>(
                   partition::slice_graph(graph, VertexLayout::Striped, 2), missing)),
               CudaError);
}

// The command line: `frontier bfs --gpus 2 --validate` and `frontier graph500 --gpus 2`.
// The command's stdout followed by its stderr; its exit code goes to `exit_code`.
std::string run_cli(const std::string& arguments, int& exit_code,
                    const std::string& launcher = "") {
  const test::CliRun run = test::run_cli(arguments, launcher);
  exit_code = run.exit_code;
  return run.output();
}

TEST(DistributedBfsGpu, CommandLine) {
  FRONTIER_REQUIRE_GPUS(2);
  int code = -1;
  const std::string bfs = run_cli(
      "bfs " + test::bundled_dataset("karate.mtx").string() + " --gpus 2 --sources 4 --validate",
      code);
  EXPECT_EQ(code, 0) << bfs;
  EXPECT_NE(bfs.find("4 search(es) on 2 gpu rank(s)"), std::string::npos) << bfs;
  const std::string g500 = run_cli("graph500 --gpus 2 --scale 12 --roots 8", code);
  EXPECT_EQ(code, 0) << g500;
  EXPECT_NE(g500.find("NBFS:                           8"), std::string::npos) << g500;
  EXPECT_NE(g500.find("harmonic_mean_TEPS"), std::string::npos) << g500;
  for (const GpuTransport transport : transports(2)) {
    const std::string name = std::string(to_string(transport));
    const std::string chosen = run_cli("bfs " + test::bundled_dataset("karate.mtx").string() +
                                           " --gpus 2 --sources 4 --validate --transport " + name,
                                       code);
    EXPECT_EQ(code, 0) << chosen;
    EXPECT_NE(chosen.find("through the " + name + " transport"), std::string::npos) << chosen;
  }
}

// The line of a statistics block that starts with `key`.
std::string statistics_line(const std::string& block, const std::string& key) {
  const std::size_t at = block.find("\n" + key);
  if (at == std::string::npos) return {};
  return block.substr(at + 1, block.find('\n', at + 1) - at - 1);
}

// `mpirun -np 2 frontier graph500 --distributed`: one process per GPU, MPI bootstrapping NCCL;
// the same roots, so the same nedge figures, as the single-process run on 2 GPUs; the block
// counts the MPI processes.
TEST(DistributedBfsGpu, MpiProcessPerGpu) {
  FRONTIER_REQUIRE_GPUS(2);
  if (!runs::mpi_built()) GTEST_SKIP() << "built without MPI";
  if (std::system("command -v mpirun >/dev/null 2>&1") != 0) GTEST_SKIP() << "no mpirun";
  int code = -1;
  const std::string single = run_cli("graph500 --gpus 2 --scale 14 --roots 8", code);
  ASSERT_EQ(code, 0) << single;
  // Auto takes peer (CUDA IPC) for processes of one node whose GPUs reach each other.
  for (const std::string transport : {"auto", "peer", "nccl"}) {
    SCOPED_TRACE(transport);
    const std::string mpi =
        run_cli("graph500 --distributed --scale 14 --roots 8 --transport " + transport, code,
                "mpirun --allow-run-as-root --oversubscribe -np 2 ");
    ASSERT_EQ(code, 0) << mpi;
    const std::string used = transport == "nccl" ? "nccl" : "peer";
    EXPECT_NE(mpi.find(used + " transport)"), std::string::npos) << mpi;
    EXPECT_NE(mpi.find("NBFS:                           8"), std::string::npos) << mpi;
    for (const char* key : {"mean_nedge:", "min_nedge:", "max_nedge:"}) {
      EXPECT_EQ(statistics_line(mpi, key), statistics_line(single, key)) << key;
      EXPECT_FALSE(statistics_line(mpi, key).empty()) << key;
    }
    EXPECT_EQ(statistics_line(mpi, "num_mpi_processes:"), "num_mpi_processes:              2");
  }
  EXPECT_EQ(statistics_line(single, "num_mpi_processes:"), "num_mpi_processes:              1");
}

}  // namespace
}  // namespace frontier
