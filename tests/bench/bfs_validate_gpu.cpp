// Benchmark: Graph500 validation on the GPU (Engine::validate on a GPU engine) against the host
// validator (validate_bfs_tree on the host CSR) on the same trees, beside the copy-bandwidth floor
// measured in the same run.
//
// The Graph500 graph of the given scale (edgefactor 16, seed 1) is built on the GPU and kept
// there; for each of `roots` roots (the hub, then the vertex of degree >= 1 found from spread
// starting points) one GPU search with predecessors gives the tree, which both validators check,
// best of `repetitions` each, host clock around synchronous calls. The GPU figure includes the
// upload of the tree's parents and depths (Engine::validate's input is a host BfsResult). The
// floor is the time to stream the arcs' targets once at the copy bandwidth, the one pass over the
// graph that any validator of rules 3 and 4 makes. Both verdicts must agree, or the run fails.
//
// Usage: frontier_bench_bfs_validate_gpu [--roots=4] [--repetitions=3] [scale=22]
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <span>
#include <vector>

#include "frontier/bfs_validate.hpp"
#include "frontier/csr_builder.hpp"
#include "frontier/detail/timer.hpp"
#include "frontier/device.hpp"
#include "frontier/device_build.hpp"
#include "frontier/engine.hpp"
#include "frontier/errors.hpp"
#include "frontier/generators/kronecker.hpp"
#include "support/cuda/device_floors.hpp"

namespace {

using frontier::BfsResult;
using frontier::BfsValidation;
using frontier::VertexId;

struct Args {
  int roots = 4;
  int repetitions = 3;
  int scale = 22;
};

Args parse(int argc, char** argv) {
  Args args;
  for (int i = 1; i < argc; ++i) {
    if (std::strncmp(argv[i], "--roots=", 8) == 0) {
      args.roots = std::max(1, std::atoi(argv[i] + 8));
    } else if (std::strncmp(argv[i], "--repetitions=", 14) == 0) {
      args.repetitions = std::max(1, std::atoi(argv[i] + 14));
    } else {
      args.scale = std::atoi(argv[i]);
    }
  }
  return args;
}

// Roots with an edge: the hub first, then from evenly spread starting points the next vertex of
// degree >= 1.
std::vector<VertexId> pick_roots(const frontier::Graph& graph, int count) {
  const VertexId n = graph.num_vertices();
  VertexId hub = 0;
  for (VertexId v = 0; v < n; ++v) {
    if (graph.degree(v) > graph.degree(hub)) hub = v;
  }
  std::vector<VertexId> roots = {hub};
  for (int k = 1; static_cast<int>(roots.size()) < count && k < 4 * count; ++k) {
    VertexId v = static_cast<VertexId>(static_cast<std::int64_t>(n) * k / (count + 1));
    while (v < n && graph.degree(v) == 0) ++v;
    if (v < n && std::find(roots.begin(), roots.end(), v) == roots.end()) roots.push_back(v);
  }
  return roots;
}

template <typename Validate>
double best_seconds(int repetitions, BfsValidation& verdict, Validate validate) {
  double best = 1e300;
  for (int r = 0; r < repetitions; ++r) {
    frontier::detail::Timer timer;
    verdict = validate();
    best = std::min(best, timer.seconds());
  }
  return best;
}

// The copy bandwidth of GPU 0 (bytes read + written per second).
double copy_floor(int repetitions) {
  constexpr std::uint64_t kFloorBytes = std::uint64_t{1} << 30;
  return frontier::test::measure_device_floors(0, kFloorBytes, kFloorBytes, repetitions)
      .copy_bytes_per_second;
}

}  // namespace

int main(int argc, char** argv) {
  const Args args = parse(argc, argv);
  try {
    if (frontier::cuda_device_count() == 0) throw frontier::CudaError("no CUDA GPU");
    const double copy_rate = copy_floor(args.repetitions);
    frontier::KroneckerParams params;
    params.scale = args.scale;
    params.edgefactor = 16;
    frontier::CsrBuildOptions graph500;
    graph500.symmetrize = true;
    graph500.remove_self_loops = true;
    frontier::DeviceBuiltGraph built =
        frontier::build_kronecker_on_device(params, graph500, frontier::Device::cuda(0));
    const frontier::Engine& engine = built.engine;
    const frontier::Graph& graph = engine.graph();
    const double arcs = static_cast<double>(graph.num_arcs());
    const double floor_seconds = arcs * sizeof(VertexId) / copy_rate;
    std::printf("scale %d: %d vertices, %.0f arcs; copy floor %.1f GB/s, targets once %.2f ms\n",
                args.scale, static_cast<int>(graph.num_vertices()), arcs, copy_rate / 1e9,
                floor_seconds * 1e3);
    std::printf("%10s %12s %12s %12s %8s %10s\n", "root", "reached", "host ms", "gpu ms", "ratio",
                "x floor");
    double host_total = 0.0;
    double gpu_total = 0.0;
    for (const VertexId root : pick_roots(graph, args.roots)) {
      const BfsResult<VertexId> tree = engine.bfs(root);
      BfsValidation host;
      BfsValidation gpu;
      const double host_seconds = best_seconds(args.repetitions, host, [&] {
        return frontier::validate_bfs_tree(graph, root, std::span<const VertexId>(tree.parent),
                                           std::span<const std::int32_t>(tree.depth));
      });
      const double gpu_seconds =
          best_seconds(args.repetitions, gpu, [&] { return engine.validate(tree); });
      if (!host.valid || !gpu.valid || host.arcs_in_component != gpu.arcs_in_component ||
          host.vertices_in_tree != gpu.vertices_in_tree) {
        std::fprintf(stderr, "root %d: the validators disagree: host '%s', gpu '%s'\n",
                     static_cast<int>(root), host.failure.c_str(), gpu.failure.c_str());
        return 1;
      }
      host_total += host_seconds;
      gpu_total += gpu_seconds;
      std::printf("%10d %12lld %12.2f %12.2f %7.1fx %9.1fx\n", static_cast<int>(root),
                  static_cast<long long>(tree.vertices_reached), host_seconds * 1e3,
                  gpu_seconds * 1e3, host_seconds / gpu_seconds, gpu_seconds / floor_seconds);
    }
    std::printf("total: host %.1f ms, gpu %.1f ms, gpu %.1fx faster\n", host_total * 1e3,
                gpu_total * 1e3, host_total / gpu_total);
  } catch (const frontier::Error& error) {
    std::fprintf(stderr, "%s\n", error.what());
    return 1;
  }
  return 0;
}
