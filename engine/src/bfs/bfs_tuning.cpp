// bfs_tuning.cpp — builds and prints the CPU BFS policy (see bfs_tuning.hpp).
#include "bfs/bfs_tuning.hpp"

#include <omp.h>

#include <cstdint>
#include <string>

namespace frontier::cpu {

std::string BfsCpuPolicy::describe() const {
  return "strategy=" + std::string(to_string(strategy)) + " alpha=" + std::to_string(alpha) +
         " beta=" + std::to_string(beta) + " threads=" + std::to_string(threads) +
         " local_queue_capacity=" + std::to_string(local_queue_capacity) +
         " top_down_chunk=" + std::to_string(top_down_chunk) +
         " bottom_up_chunk_words=" + std::to_string(bottom_up_chunk_words) +
         " top_down_arcs_per_thread=" + std::to_string(top_down_arcs_per_thread) +
         " bottom_up_work_per_thread=" + std::to_string(bottom_up_work_per_thread) +
         " vertices_per_thread=" + std::to_string(vertices_per_thread);
}

int BfsCpuPolicy::threads_for(std::int64_t work, std::int64_t work_per_thread) const {
  return work >= 2 * work_per_thread ? threads : 1;
}

BfsCpuPolicy make_bfs_cpu_policy(const BfsOptions& options) {
  BfsCpuPolicy policy;
  policy.strategy = options.strategy;
  policy.alpha = options.alpha;
  policy.beta = options.beta;
  policy.threads = options.threads > 0 ? options.threads : omp_get_max_threads();
  return policy;
}

}  // namespace frontier::cpu
