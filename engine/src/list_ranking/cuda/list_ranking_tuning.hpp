// Tuning of the CUDA list ranking (Wei–JaJa) as a plain, printable policy value, chosen per GPU
// generation. Host C++ only. Why each number (the measurements behind them: docs/tuning.md):
//  - nodes_per_sublist 128: shorter sublists grow the splitter list and offsets, longer the tail.
//  - deeper_nodes_per_sublist 32: longer slow the splitter walk, shorter enlarge the next level.
//  - walk_blocks_per_sm 8 × block_threads 256: full occupancy, one dependent load per lane.
//  - host_rank_below 2^14: a list this short walks faster on the host than in a GPU level.
//  - stream_blocks_per_sm 16: fewer streaming blocks in flight leave DRAM latency uncovered.
//  - staged_walk_min_nodes 2^16: a policy choice; below it either walk takes little time.
//  - staged_walk_max_local_share 1/2: a mostly in-order list walks faster in place (cache hits).
//  - staged walk step cap max(2^16, 64 means): stops a cycle; a valid sublist reaches it < 1e-18.
//  - staged_walk_window_bits 15: a 128 KiB window of values per scatter block in shared memory.
//  - staged_walk_segment 512: larger pads more region per walk block, smaller takes more atomics.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>

namespace frontier::cuda {

struct ListRankingCudaPolicy {
  int block_threads = 256;
  int walk_blocks_per_sm = 8;
  int stream_blocks_per_sm = 16;
  std::int64_t nodes_per_sublist = 128;
  std::int64_t deeper_nodes_per_sublist = 32;
  std::int64_t host_rank_below = std::int64_t{1} << 14;
  /// Staged read-only walk (level 0, unit values, sum): the smallest n that takes it.
  std::int64_t staged_walk_min_nodes = std::int64_t{1} << 16;
  /// Above this share of local successors (within kLocalSuccessorSpan nodes, counted by the
  /// check) the list is laid out mostly in order and level 0 keeps the in-place walk.
  double staged_walk_max_local_share = 0.5;
  /// Step cap of one staged walk: max(staged_walk_min_steps, staged_walk_steps_per_mean ·
  /// mean sublist length), at most n.
  std::int64_t staged_walk_min_steps = std::int64_t{1} << 16;
  std::int64_t staged_walk_steps_per_mean = 64;
  /// Fewer bits than this for the local prefix field: the in-place walk instead.
  int staged_walk_min_local_bits = 12;
  /// Window of the scatter, in nodes (log2) for 4-byte values; 8-byte values take one less.
  int staged_walk_window_bits = 15;
  /// Records per segment of a bucket's region (one atomicAdd each); a multiple of 32.
  int staged_walk_segment = 512;

  std::string describe() const {
    return "ListRankingCudaPolicy{block_threads=" + std::to_string(block_threads) +
           ", walk_blocks_per_sm=" + std::to_string(walk_blocks_per_sm) +
           ", stream_blocks_per_sm=" + std::to_string(stream_blocks_per_sm) +
           ", nodes_per_sublist=" + std::to_string(nodes_per_sublist) +
           ", deeper_nodes_per_sublist=" + std::to_string(deeper_nodes_per_sublist) +
           ", host_rank_below=" + std::to_string(host_rank_below) +
           ", staged_walk_min_nodes=" + std::to_string(staged_walk_min_nodes) +
           ", staged_walk_max_local_share=" + std::to_string(staged_walk_max_local_share) +
           ", staged_walk_min_steps=" + std::to_string(staged_walk_min_steps) +
           ", staged_walk_steps_per_mean=" + std::to_string(staged_walk_steps_per_mean) +
           ", staged_walk_min_local_bits=" + std::to_string(staged_walk_min_local_bits) +
           ", staged_walk_window_bits=" + std::to_string(staged_walk_window_bits) +
           ", staged_walk_segment=" + std::to_string(staged_walk_segment) + "}";
  }
};

/// The policy for a GPU of compute capability `compute_major` that holds `max_threads_per_sm`
/// resident threads per multiprocessor. Hopper's numbers were measured (tests/bench); on other
/// generations the walk still fills every multiprocessor, and pre-Volta parts, with smaller L2
/// caches, get longer sublists so that the splitter arrays stay cache-sized.
inline ListRankingCudaPolicy list_ranking_policy(int compute_major, int max_threads_per_sm) {
  ListRankingCudaPolicy policy;
  policy.walk_blocks_per_sm = std::max(1, max_threads_per_sm / policy.block_threads);
  if (compute_major < 7) policy.nodes_per_sublist = 256;
  return policy;
}

}  // namespace frontier::cuda
