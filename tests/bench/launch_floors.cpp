// The latency floors that bound a BFS on small and high-diameter graphs, side by side on one GPU:
// an empty kernel launch + stream synchronization (what a level pays that returns to the host),
// one more queued launch, one grid-wide barrier of a cooperative kernel with every SM holding as
// many blocks as fit (what a level pays inside a persistent kernel), a CUDA graph of K empty
// kernels launched + synchronized and one more node in it, and a host round trip (a kernel
// writes a counter, copied into pinned memory, stream synchronized: the count a level loop reads).
//
// Usage: frontier_bench_launch_floors [--device=0] [--repetitions=200] [--barriers=1000]
//          [--graph-nodes=16] [--json]
// --json prints one JSON document on stdout. Without a GPU it says so and exits 0.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "frontier/device.hpp"
#include "frontier/errors.hpp"
#include "support/cuda/launch_floors.hpp"

namespace {

struct Settings {
  int device = 0;
  int repetitions = 200;
  int barriers = 1000;
  int graph_nodes = 16;
  bool json = false;
};

Settings parse(int argc, char** argv) {
  Settings settings;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const auto value = [&](const char* name) -> const char* {
      const std::size_t length = std::strlen(name);
      return arg.compare(0, length, name) == 0 ? arg.c_str() + length : nullptr;
    };
    if (const char* v = value("--device=")) {
      settings.device = std::atoi(v);
    } else if (const char* v = value("--repetitions=")) {
      settings.repetitions = std::atoi(v);
    } else if (const char* v = value("--barriers=")) {
      settings.barriers = std::atoi(v);
    } else if (const char* v = value("--graph-nodes=")) {
      settings.graph_nodes = std::atoi(v);
    } else if (arg == "--json") {
      settings.json = true;
    } else {
      throw frontier::InvalidArgument("unknown argument '" + arg + "'");
    }
  }
  if (settings.repetitions < 1) throw frontier::InvalidArgument("--repetitions must be >= 1");
  return settings;
}

std::string json_string(const std::string& text) {
  std::string quoted = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') quoted += '\\';
    quoted += c;
  }
  return quoted + "\"";
}

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
}

void print_json(const frontier::test::LaunchFloors& f, const std::string& device) {
  std::printf(
      "{\"device\": %s, \"repetitions\": %d, \"launch_sync_us\": %.6g, "
      "\"queued_launch_us\": %.6g, \"grid_barrier_us\": %.6g, \"barrier_blocks\": %d, "
      "\"block_threads\": %d, \"barriers\": %d, \"graph_nodes\": %d, "
      "\"graph_launch_sync_us\": %.6g, \"graph_node_us\": %.6g, \"round_trip_us\": %.6g}\n",
      json_string(device).c_str(), f.repetitions, f.launch_sync_us, f.queued_launch_us,
      f.grid_barrier_us, f.barrier_blocks, f.block_threads, f.barriers, f.graph_nodes,
      f.graph_launch_sync_us, f.graph_node_us, f.round_trip_us);
}

}  // namespace

int main(int argc, char** argv) {
  try {
    const Settings settings = parse(argc, argv);
    if (frontier::cuda_device_count() <= settings.device) {
      if (settings.json) {
        std::printf("{\"device\": null, \"skipped\": \"no CUDA GPU %d\"}\n", settings.device);
      } else {
        std::printf("no CUDA GPU %d: nothing to measure\n", settings.device);
      }
      return 0;
    }
    const frontier::CudaDeviceInfo device = frontier::cuda_device_info(settings.device);
    const frontier::test::LaunchFloors floors = frontier::test::measure_launch_floors(
        settings.device, settings.repetitions, settings.barriers, settings.graph_nodes);
    if (settings.json) {
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
