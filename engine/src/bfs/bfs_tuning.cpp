// bfs_tuning.cpp — builds and prints the CPU BFS policy (see bfs_tuning.hpp).
#include "bfs/bfs_tuning.hpp"

#include <omp.h>

#include <string>

namespace frontier::cpu {

std::string BfsCpuPolicy::describe() const {
  return "strategy=" + std::string(to_string(strategy)) + " alpha=" + std::to_string(alpha) +
         " beta=" + std::to_string(beta) + " threads=" + std::to_string(threads) +
         " local_queue_capacity=" + std::to_string(local_queue_capacity) +
         " top_down_chunk=" + std::to_string(top_down_chunk) +
         " bottom_up_chunk_words=" + std::to_string(bottom_up_chunk_words) +
         " parallel_min_arcs=" + std::to_string(parallel_min_arcs) +
         " parallel_min_vertices=" + std::to_string(parallel_min_vertices);
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
