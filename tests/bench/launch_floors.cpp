// The latency floors that bound a BFS on small and high-diameter graphs, side by side on one GPU:
// an empty kernel launch + stream synchronization (what a level pays that returns to the host),
// one more queued launch, one grid-wide barrier of a cooperative kernel with every SM holding as
// many blocks as fit (what a level pays inside a persistent kernel), a CUDA graph of K empty
// kernels launched + synchronized and one more node in it, and a host round trip (a kernel
// writes a counter, copied into pinned memory, stream synchronized: the count a level loop reads;
// or posted by the kernel into mapped memory the host spins on).
//
// Usage: frontier_bench_launch_floors [--device 0] [--repetitions 200] [--barriers 1000]
//          [--graph-nodes 16] [--json]
// --json prints one JSON document on stdout. Without a GPU it says so and exits 0.
#include <cxxopts.hpp>

#include <cstdio>
#include <string>

#include "frontier/device.hpp"
#include "support/cuda/launch_floors.hpp"
#include "support/json_text.hpp"

namespace {

using frontier::test::json_string;

void print_text(const frontier::test::LaunchFloors& f, const std::string& device) {
  std::printf("launch floors on %s (median of %d, host clock)\n", device.c_str(), f.repetitions);
  std::printf("%-58s %10s\n", "floor", "us");
  std::printf("%-58s %10.2f\n", "empty kernel launch + stream sync", f.launch_sync_us);
  std::printf("%-58s %10.2f\n", "one more empty launch queued before the sync", f.queued_launch_us);
  const std::string barrier = "grid barrier (" + std::to_string(f.barrier_blocks) + " blocks x " +
                              std::to_string(f.block_threads) + ", " + std::to_string(f.barriers) +
                              " per kernel)";
  if (f.grid_barrier_us >= 0) {
    std::printf("%-58s %10.3f\n", barrier.c_str(), f.grid_barrier_us);
  } else {
    std::printf("%-58s %10s\n", "grid barrier", "n/a (no cooperative launch)");
  }
  const std::string graph =
      "CUDA graph of " + std::to_string(f.graph_nodes) + " empty kernels, launch + sync";
  std::printf("%-58s %10.2f\n", graph.c_str(), f.graph_launch_sync_us);
  std::printf("%-58s %10.3f\n", "one more node in that graph", f.graph_node_us);
  std::printf("%-58s %10.2f\n", "host round trip (kernel, copy to pinned, sync)", f.round_trip_us);
  std::printf("%-58s %10.2f\n", "host round trip (kernel posts to mapped memory, host spins)",
              f.mapped_round_trip_us);
}

void print_json(const frontier::test::LaunchFloors& f, const std::string& device) {
  std::printf(
      "{\"device\": %s, \"repetitions\": %d, \"launch_sync_us\": %.6g, "
      "\"queued_launch_us\": %.6g, \"grid_barrier_us\": %.6g, \"barrier_blocks\": %d, "
      "\"block_threads\": %d, \"barriers\": %d, \"graph_nodes\": %d, "
      "\"graph_launch_sync_us\": %.6g, \"graph_node_us\": %.6g, \"round_trip_us\": %.6g, "
      "\"mapped_round_trip_us\": %.6g}\n",
      json_string(device).c_str(), f.repetitions, f.launch_sync_us, f.queued_launch_us,
      f.grid_barrier_us, f.barrier_blocks, f.block_threads, f.barriers, f.graph_nodes,
      f.graph_launch_sync_us, f.graph_node_us, f.round_trip_us, f.mapped_round_trip_us);
}

}  // namespace

int main(int argc, char** argv) {
  try {
    cxxopts::Options options("frontier_bench_launch_floors",
                             "Launch, grid-barrier, CUDA-graph and host round-trip floors");
    // clang-format off
    options.add_options()
        ("device", "CUDA device id", cxxopts::value<int>()->default_value("0"))
        ("repetitions", "timed runs per figure (the median is printed)",
         cxxopts::value<int>()->default_value("200"))
        ("barriers", "grid barriers per cooperative kernel",
         cxxopts::value<int>()->default_value("1000"))
        ("graph-nodes", "empty kernels per CUDA graph (and per queue of launches)",
         cxxopts::value<int>()->default_value("16"))
        ("json", "one JSON document on stdout")
        ("h,help", "this help");
    // clang-format on
    const cxxopts::ParseResult result = options.parse(argc, argv);
    if (result.count("help") > 0) {
      std::printf("%s\n", options.help().c_str());
      return 0;
    }
    const int device_id = result["device"].as<int>();
    const bool json = result.count("json") > 0;
    if (frontier::cuda_device_count() <= device_id) {
      if (json) {
        std::printf("{\"device\": null, \"skipped\": \"no CUDA GPU %d\"}\n", device_id);
      } else {
        std::printf("no CUDA GPU %d: nothing to measure\n", device_id);
      }
      return 0;
    }
    const frontier::CudaDeviceInfo device = frontier::cuda_device_info(device_id);
    const frontier::test::LaunchFloors floors = frontier::test::measure_launch_floors(
        device_id, result["repetitions"].as<int>(), result["barriers"].as<int>(),
        result["graph-nodes"].as<int>());
    if (json) {
      print_json(floors, device.name);
    } else {
      print_text(floors, device.name);
    }
    return 0;
  } catch (const std::exception& error) {
    std::fprintf(stderr, "frontier_bench_launch_floors: %s\n", error.what());
    return 1;
  }
}
