// Benchmark: Graph500 generation and kernel-1 construction on one GPU
// (engine/src/graph/cuda), beside the copy-bandwidth floor measured in the same run.
//
// For each scale (edgefactor 16, seed 1), best of `repetitions`, host clock around synchronous
// calls: kernel 1 as `frontier graph500 --device gpu` runs it (build_kronecker_csr_on_device: two
// passes over the generator, no tuple list, rows sorted in bounded batches), and for comparison
// the path through a tuple list (the tuples made on the GPU, then the CSR built from them), both
// with the Graph500 options (symmetrized, self loops dropped). Beside each: the time the device's
// copy bandwidth (a grid-stride copy kernel, measure_device_floors) needs to move the bytes the
// step cannot avoid -- kernel 1 writes 2 arcs of one id per tuple; generation writes 2 ids per
// tuple; construction from tuples reads 2 ids per tuple and writes 2 arcs -- so "x floor" says how
// far from pure data movement each step is.
// The host-side figures (generate_kronecker + build_csr at the same scale) are printed with
// --host, for the speed-up.
//
// Usage: frontier_bench_graph500_gpu_build [--repetitions=3] [--host] [scales...=22 24 26]
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "frontier/csr_builder.hpp"
#include "frontier/detail/timer.hpp"
#include "frontier/device.hpp"
#include "frontier/errors.hpp"
#include "frontier/io/generate_kronecker.hpp"
#include "graph/cuda/device_graph_build.hpp"
#include "support/cuda/device_floors.hpp"

namespace {

using frontier::EdgeId;
using frontier::VertexId;

struct Args {
  int repetitions = 3;
  bool host = false;
  std::vector<int> scales;
};

Args parse(int argc, char** argv) {
  Args args;
  for (int i = 1; i < argc; ++i) {
    if (std::strncmp(argv[i], "--repetitions=", 14) == 0) {
      args.repetitions = std::max(1, std::atoi(argv[i] + 14));
    } else if (std::strcmp(argv[i], "--host") == 0) {
      args.host = true;
    } else {
      args.scales.push_back(std::atoi(argv[i]));
    }
  }
  if (args.scales.empty()) args.scales = {22, 24, 26};
  return args;
}

}  // namespace

int main(int argc, char** argv) {
  const Args args = parse(argc, argv);
  if (frontier::cuda_device_count() == 0) {
    std::fprintf(stderr, "no CUDA GPU\n");
    return 1;
  }
  try {
    constexpr std::uint64_t kFloorBytes = std::uint64_t{1} << 30;
    const frontier::test::DeviceFloors floors =
        frontier::test::measure_device_floors(0, kFloorBytes, kFloorBytes, args.repetitions);
    const double copy = floors.copy_bytes_per_second;
    std::printf("copy floor: %.1f GB/s (read + write, %llu MiB copy)\n", copy / 1e9,
                static_cast<unsigned long long>(floors.copy_bytes >> 20));
    frontier::CsrBuildOptions graph500;
    graph500.symmetrize = true;
    graph500.remove_self_loops = true;
    for (const int scale : args.scales) {
      frontier::KroneckerParams params;
      params.scale = scale;
      params.edgefactor = 16;
      const double tuples = static_cast<double>(frontier::kronecker_edge_count(params));
      const double id_bytes = sizeof(VertexId);
      double kernel1 = 1e300;
      double generate = 1e300;
      double build = 1e300;
      EdgeId arcs = 0;
      for (int r = 0; r < args.repetitions; ++r) {
        frontier::detail::Timer timer;
        {
          const auto resident =
              frontier::cuda::build_kronecker_csr_on_device<VertexId, EdgeId>(params, graph500);
          kernel1 = std::min(kernel1, timer.seconds());
          arcs = resident.num_arcs();
        }
        timer.restart();
        auto d_tuples = frontier::cuda::generate_kronecker_on_device<VertexId>(
            params, 0, frontier::kAllEdges, 0);
        generate = std::min(generate, timer.seconds());
        timer.restart();
        const auto resident =
            frontier::cuda::build_csr_on_device<VertexId, EdgeId>(d_tuples, graph500);
        build = std::min(build, timer.seconds());
        if (resident.num_arcs() != arcs) {
          throw frontier::InvalidArgument("the two kernel-1 paths built different arc counts");
        }
      }
      const double kernel1_floor = 2 * tuples * id_bytes / copy;
      const double generate_floor = 2 * tuples * id_bytes / copy;
      const double build_floor = 4 * tuples * id_bytes / copy;
      std::printf(
          "scale %d: %.0f tuples, %lld arcs | kernel 1 (no tuple list) %.4f s (%.2f Garcs/s, %.1fx "
          "copy floor %.4f s)\n",
          scale, tuples, static_cast<long long>(arcs), kernel1,
          static_cast<double>(arcs) / kernel1 / 1e9, kernel1 / kernel1_floor, kernel1_floor);
      std::printf(
          "scale %d through a tuple list: GPU generation %.4f s (%.2f Gtuples/s, %.1fx copy "
          "floor %.4f s) | GPU construction %.4f s (%.2f Garcs/s, %.1fx copy floor %.4f s)\n",
          scale, generate, tuples / generate / 1e9, generate / generate_floor, generate_floor,
          build, static_cast<double>(arcs) / build / 1e9, build / build_floor, build_floor);
      if (args.host) {
        frontier::detail::Timer timer;
        const auto edges = frontier::io::generate_kronecker<VertexId>(params);
        const double host_generate = timer.seconds();
        timer.restart();
        const auto graph = frontier::build_csr<VertexId, EdgeId>(edges, graph500);
        const double host_build = timer.seconds();
        std::printf(
            "scale %d host: generation %.3f s, construction %.3f s (GPU %.1fx, %.1fx; kernel 1 "
            "%.1fx the host's two steps)\n",
            scale, host_generate, host_build, host_generate / generate, host_build / build,
            (host_generate + host_build) / kernel1);
      }
      std::fflush(stdout);
    }
  } catch (const frontier::Error& error) {
    std::fprintf(stderr, "error: %s\n", error.what());
    return 1;
  }
  return 0;
}
