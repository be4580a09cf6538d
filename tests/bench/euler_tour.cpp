// Benchmark: Euler-tour tree operations (parent, depth, preorder, postorder, subtree size) on a
// random recursive tree of 2^scale vertices, beside its floor measured in the same run: list
// ranking of a random list with as many elements as the tour (2n - 1: 2(n - 1) arcs plus one tree
// entry). Goal on the GPU: euler_tour_ops <= 3x that ranking.
//
// Usage: frontier_bench_euler_tour [scale=25] [repetitions=3] [device=gpu|cpu|both]
// GPU figures are the best of `repetitions` timed runs after one warm-up; the CPU runs once. Two
// comparisons, each like with like: the whole public calls (host arrays in and out, so both include
// their host<->GPU copies and result vectors, wall clock around the call), and the part on the
// device (euler_tour_ops minus its copies, against ranking the list with its arrays already on the
// GPU). The GPU result is compared with the CPU result when both run.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <string>
#include <vector>

#include "frontier/csr_builder.hpp"
#include "frontier/detail/log.hpp"
#include "frontier/detail/timer.hpp"
#include "frontier/device.hpp"
#include "frontier/errors.hpp"
#include "frontier/euler_tour.hpp"
#include "frontier/io/generate_list.hpp"
#include "frontier/io/generate_tree.hpp"
#include "frontier/list_ranking.hpp"
#include "support/cuda/list_ranking_bench_support.hpp"

namespace {

using frontier::EulerTourOptions;
using frontier::RootedForest;
using frontier::VertexId;

struct Best {
  double seconds = std::numeric_limits<double>::infinity();
  RootedForest<VertexId> result;  // of the best run (stats)
};

Best time_euler_tour(const frontier::Graph& tree, const frontier::Device& device, int repetitions,
                     bool warm_up) {
  EulerTourOptions options;
  options.device = device;
  if (warm_up) frontier::euler_tour_ops<VertexId, frontier::EdgeId>(tree, {}, options);
  Best best;
  for (int r = 0; r < repetitions; ++r) {
    auto result = frontier::euler_tour_ops<VertexId, frontier::EdgeId>(tree, {}, options);
    if (result.seconds < best.seconds) {
      best.seconds = result.seconds;
      best.result = std::move(result);
    }
  }
  return best;
}

/// Wall clock of the public list_rank call (host arrays: copies and the result vector
/// included), best of `repetitions`.
double time_list_rank(const std::vector<VertexId>& successor, const frontier::Device& device,
                      int repetitions, bool warm_up) {
  frontier::ListRankingOptions options;
  options.device = device;
  if (warm_up) frontier::list_rank<VertexId>(successor, options);
  double best = std::numeric_limits<double>::infinity();
  for (int r = 0; r < repetitions; ++r) {
    const frontier::detail::Timer timer;
    const auto rank = frontier::list_rank<VertexId>(successor, options);
    best = std::min(best, timer.seconds());
  }
  return best;
}

/// Ranking of the same list with its arrays already on the GPU (no copies), best of
/// `repetitions` after a warm-up: the floor of the device-resident part of euler_tour_ops.
double time_list_rank_resident(const std::vector<VertexId>& successor, int repetitions) {
  std::vector<VertexId> prefix(successor.size());
  return frontier::test::time_list_prefix_resident<VertexId, VertexId>(
             successor, {}, frontier::ListOp::Sum, prefix,
             frontier::ListRankingAlgorithm::HelmanJaja, repetitions, 1, 0)
      .best_seconds;
}

bool same_result(const RootedForest<VertexId>& a, const RootedForest<VertexId>& b) {
  return a.parent == b.parent && a.depth == b.depth && a.preorder == b.preorder &&
         a.postorder == b.postorder && a.subtree_size == b.subtree_size && a.roots == b.roots;
}

/// `whole_floor`: list_rank of a random list of as many elements, host arrays (copies
/// included); `resident_floor`: the same ranking with the arrays on the device (0: not measured).
void print_breakdown(const char* label, const Best& best, double whole_floor,
                     double resident_floor) {
  const auto& s = best.result.stats;
  const double resident = best.seconds - s.transfer_seconds;
  std::printf(
      "%-4s whole call (host arrays, copies included) %9.2f ms   list_rank whole call %8.2f ms  "
      "ratio %.2fx\n",
      label, best.seconds * 1e3, whole_floor * 1e3, best.seconds / whole_floor);
  if (resident_floor > 0) {
    std::printf(
        "%-4s on the device (total minus copies)       %9.2f ms   list_rank resident   %8.2f ms  "
        "ratio %.2fx\n",
        label, resident * 1e3, resident_floor * 1e3, resident / resident_floor);
  }
  std::printf("%-4s   copies host<->dev   %10.2f ms\n", label, s.transfer_seconds * 1e3);
  std::printf("%-4s   checks and twins    %10.2f ms\n", label, s.check_seconds * 1e3);
  std::printf("%-4s   components, roots   %10.2f ms\n", label, s.components_seconds * 1e3);
  std::printf("%-4s   tour successors     %10.2f ms\n", label, s.tour_seconds * 1e3);
  std::printf("%-4s   ranking the tour    %10.2f ms\n", label, s.ranking_seconds * 1e3);
  std::printf("%-4s   derive results      %10.2f ms\n", label, s.derive_seconds * 1e3);
  std::printf("%-4s   without copies      %10.2f ms   (%.2fx its own ranking step)\n", label,
              resident * 1e3, resident / s.ranking_seconds);
}

}  // namespace

int main(int argc, char** argv) {
  try {
    const int scale = argc > 1 ? std::atoi(argv[1]) : 25;
    const int repetitions = argc > 2 ? std::max(1, std::atoi(argv[2])) : 3;
    const std::string which = argc > 3 ? argv[3] : "both";
    if (scale < 1 || scale > 30) throw frontier::InvalidArgument("scale must lie in [1, 30]");
    const bool gpu = (which == "gpu" || which == "both") && frontier::cuda_device_count() > 0;
    const bool cpu = which == "cpu" || which == "both";
    const std::int64_t n = std::int64_t{1} << scale;
    const std::uint64_t seed = 2024;

    frontier::detail::Timer setup;
    const auto edges =
        frontier::io::generate_tree<VertexId>(frontier::TreeShape::RandomRecursive, n, seed);
    frontier::CsrBuildOptions build;
    build.symmetrize = true;
    const auto tree = frontier::build_csr<VertexId, frontier::EdgeId>(edges, build);
    const std::int64_t elements = static_cast<std::int64_t>(tree.targets().size()) + 1;
    const auto list =
        frontier::io::generate_list<VertexId>(frontier::ListKind::Random, elements, seed + 1);
    frontier::detail::logger().info("setup: tree of {} vertices, list of {} nodes, {:.2f} s", n,
                                    elements, setup.seconds());

    std::printf(
        "Euler-tour ops: random recursive tree, n = 2^%d = %lld vertices, tour of %lld "
        "elements; best of %d\n",
        scale, static_cast<long long>(n), static_cast<long long>(elements), repetitions);
    Best on_gpu;
    Best on_cpu;
    if (gpu) {
      const double floor = time_list_rank(list, frontier::Device::cuda(0), repetitions, true);
      const double resident_floor = time_list_rank_resident(list, repetitions);
      on_gpu = time_euler_tour(tree, frontier::Device::cuda(0), repetitions, true);
      print_breakdown("GPU", on_gpu, floor, resident_floor);
    } else if (which != "cpu") {
      std::printf("GPU  skipped: no CUDA GPU\n");
    }
    if (cpu) {
      const double floor = time_list_rank(list, frontier::Device::cpu(), 1, false);
      on_cpu = time_euler_tour(tree, frontier::Device::cpu(), 1, false);
      print_breakdown("CPU", on_cpu, floor, 0.0);
    }
    if (gpu && cpu) {
      std::printf("GPU result equals CPU result: %s\n",
                  same_result(on_gpu.result, on_cpu.result) ? "yes" : "NO");
    }
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "frontier_bench_euler_tour: %s\n", e.what());
    return 1;
  }
}
