// bfs_tuning.cpp — builds and prints the CPU BFS policy (see bfs_tuning.hpp).
#include "bfs/bfs_tuning.hpp"

#include <omp.h>

#include <cstdint>
#include <string>

#include "frontier/detail/timer.hpp"

namespace frontier::cpu {

std::string BfsCpuPolicy::describe() const {
  return "strategy=" + std::string(to_string(strategy)) + " alpha=" + std::to_string(alpha) +
         " beta=" + std::to_string(beta) + " learn_alpha=" + (learn_alpha ? "1" : "0") +
         " threads=" + std::to_string(threads) +
         " local_queue_capacity=" + std::to_string(local_queue_capacity) +
         " top_down_chunk=" + std::to_string(top_down_chunk) +
         " top_down_hub_degree=" + std::to_string(top_down_hub_degree) +
         " top_down_pieces_per_thread=" + std::to_string(top_down_pieces_per_thread) +
         " bottom_up_chunk_words=" + std::to_string(bottom_up_chunk_words) +
         " top_down_arcs_per_thread=" + std::to_string(top_down_arcs_per_thread) +
         " bottom_up_work_per_thread=" + std::to_string(bottom_up_work_per_thread) +
         " vertices_per_thread=" + std::to_string(vertices_per_thread) +
         " serial_graph_work=" + std::to_string(serial_graph_work);
}

int BfsCpuPolicy::threads_for(std::int64_t work, std::int64_t work_per_thread) const {
  return work >= 2 * work_per_thread ? threads : 1;
}

BfsCpuPolicy make_bfs_cpu_policy(const BfsOptions& options) {
  BfsCpuPolicy policy;
  policy.strategy = options.strategy;
  policy.alpha = bfs_alpha(options, false);
  policy.learn_alpha = !options.alpha.has_value();
  policy.beta = options.beta;
  policy.threads = options.threads > 0 ? options.threads : omp_get_max_threads();
  return policy;
}

BfsCpuPolicy make_bfs_cpu_policy(const BfsOptions& options, std::int64_t vertices,
                                 std::int64_t arcs) {
  BfsCpuPolicy policy = make_bfs_cpu_policy(options);
  if (vertices + arcs < policy.serial_graph_work) policy.threads = 1;
  return policy;
}

double start_bfs_threads(std::int64_t vertices, std::int64_t arcs) {
  const BfsCpuPolicy policy = make_bfs_cpu_policy(BfsOptions{}, vertices, arcs);
  if (policy.threads == 1) return 0.0;
  const detail::Timer timer;
  int started = 0;
#pragma omp parallel num_threads(policy.threads) reduction(+ : started)
  started += 1;
  static_cast<void>(started);
  return timer.seconds();
}

}  // namespace frontier::cpu
