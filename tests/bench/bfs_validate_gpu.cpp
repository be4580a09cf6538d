// Benchmark: Graph500 validation on the GPU against the host validator (validate_bfs_tree on the
// host CSR) on the same trees, beside two floors measured in the same run.
//
// The Graph500 graph of the given scale (edgefactor 16, seed 1) is built on the GPU and kept
// there; for each of `roots` roots (the hub, then the vertex of degree >= 1 found from spread
// starting points) one GPU search with predecessors leaves the tree on the GPU
// (Engine::bfs_on_device into one reused DeviceBfsResult, as the Graph500 backend runs it), and
// three validators check it, best of `repetitions` each, host clock around synchronous calls:
// the host validator on the labels copied back; the GPU validator in place
// (Engine::validate of the device labels, what the Graph500 backend times); and the GPU
// validator on host labels (Engine::validate of a BfsResult, which uploads them first). The
// floors: streaming the arcs' targets once at the copy bandwidth, and one random 4-byte gather
// per arc from an n-entry table (the level of each arc's head, the one gather an arc check
// needs). All verdicts must agree, or the run fails. Columns: host ms, in-place ms, upload ms,
// host / in-place, in-place / gather floor.
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
#include "frontier/device_bfs_result.hpp"
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

bool same_verdict(const BfsValidation& a, const BfsValidation& b) {
  return a.valid == b.valid && a.failure == b.failure &&
         a.arcs_in_component == b.arcs_in_component && a.vertices_in_tree == b.vertices_in_tree;
}

}  // namespace

int main(int argc, char** argv) {
  const Args args = parse(argc, argv);
  try {
    if (frontier::cuda_device_count() == 0) throw frontier::CudaError("no CUDA GPU");
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
    const std::uint64_t n = static_cast<std::uint64_t>(graph.num_vertices());
    constexpr std::uint64_t kCopyBytes = std::uint64_t{1} << 30;
    const frontier::test::DeviceFloors floors = frontier::test::measure_device_floors(
        0, kCopyBytes, n * sizeof(std::int32_t), args.repetitions);
    const double copy_floor_seconds = arcs * sizeof(VertexId) / floors.copy_bytes_per_second;
    const double gather_floor_seconds = arcs / floors.gathers_per_second;
    std::printf(
        "scale %d: %llu vertices, %.0f arcs; floors: targets streamed once %.2f ms (copy %.1f "
        "GB/s), one gather per arc from %llu MB %.2f ms\n",
        args.scale, static_cast<unsigned long long>(n), arcs, copy_floor_seconds * 1e3,
        floors.copy_bytes_per_second / 1e9,
        static_cast<unsigned long long>(n * sizeof(std::int32_t) >> 20),
        gather_floor_seconds * 1e3);
    std::printf("%10s %12s %10s %12s %12s %9s %10s\n", "root", "reached", "host ms", "in-place ms",
                "upload ms", "ratio", "x gather");
    frontier::BfsOptions options;
    options.predecessors = true;
    frontier::DeviceBfsResult<VertexId> labels;
    double host_total = 0.0;
    double in_place_total = 0.0;
    for (const VertexId root : pick_roots(graph, args.roots)) {
      engine.bfs_on_device(std::span<const VertexId>(&root, 1), options, labels);
      const BfsResult<VertexId> tree = labels.to_host();
      BfsValidation host;
      BfsValidation in_place;
      BfsValidation uploaded;
      const double host_seconds = best_seconds(args.repetitions, host, [&] {
        return frontier::validate_bfs_tree(graph, root, std::span<const VertexId>(tree.parent),
                                           std::span<const std::int32_t>(tree.depth));
      });
      const double in_place_seconds =
          best_seconds(args.repetitions, in_place, [&] { return engine.validate(labels); });
      const double upload_seconds =
          best_seconds(args.repetitions, uploaded, [&] { return engine.validate(tree); });
      if (!host.valid || !same_verdict(host, in_place) || !same_verdict(host, uploaded)) {
        std::fprintf(stderr, "root %d: the validators disagree: host '%s', gpu '%s', '%s'\n",
                     static_cast<int>(root), host.failure.c_str(), in_place.failure.c_str(),
                     uploaded.failure.c_str());
        return 1;
      }
      host_total += host_seconds;
      in_place_total += in_place_seconds;
      std::printf("%10d %12lld %10.2f %12.3f %12.3f %8.1fx %9.2fx\n", static_cast<int>(root),
                  static_cast<long long>(tree.vertices_reached), host_seconds * 1e3,
                  in_place_seconds * 1e3, upload_seconds * 1e3, host_seconds / in_place_seconds,
                  in_place_seconds / gather_floor_seconds);
    }
    std::printf("total: host %.1f ms, gpu in place %.1f ms: %.1fx the host validator\n",
                host_total * 1e3, in_place_total * 1e3, host_total / in_place_total);
  } catch (const frontier::Error& error) {
    std::fprintf(stderr, "%s\n", error.what());
    return 1;
  }
  return 0;
}
