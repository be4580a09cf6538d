// Host-side plan of the staged read-only walk (staged_walk_kernels.cuh): whether a level-0
// unit-value ranking of n nodes and `sublists` sublists fits the 8-byte record, and the record
// layout, step cap, launch shape and memory it takes. Plain host C++ (tested on the CPU,
// tests/unit/staged_walk_plan_test.cpp).
// Invariants of a usable plan: n <= INT32_MAX (node ids and sublist ids are 32-bit in the
// kernels); 2^low_bits · buckets >= n; 2^sublist_bits > sublists (no record equals the
// all-ones sentinel); low_bits + sublist_bits + local_bits = 64 with max_steps < 2^local_bits,
// so every local prefix the walk records fits its field; window_bits <= low_bits and a bucket
// holds at most split_threads windows; a bucket's region holds its nodes plus one partial
// segment per walk block.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <limits>
#include <string>
#include <utility>

#include "list_ranking/cuda/list_ranking_tuning.hpp"

namespace frontier::cuda {

/// The compile-time shape of the staged kernels, as plain numbers for the plan.
struct StagedWalkLimits {
  int bucket_bits = 0;
  int walker_warps_per_block = 0;
  int split_threads = 0;
};

struct StagedWalkPlan {
  bool usable = false;
  /// Why the plan is not usable (empty when it is).
  std::string reason;
  int low_bits = 0;
  int sublist_bits = 0;
  int local_bits = 0;
  int window_bits = 0;
  /// Longest sublist (in nodes) a walk may record before it stops and flags the result.
  std::uint64_t max_steps = 0;
  /// Buckets that hold nodes: ceil(n / 2^low_bits).
  std::int64_t buckets = 0;
  std::int64_t blocks = 0;
  std::int64_t chunk = 0;
  /// Record slots per bucket region.
  std::uint64_t region = 0;
  std::int64_t windows = 0;
  /// Device bytes beyond the in-place level's arrays: regions, cursors, counters and the
  /// per-sublist offsets of the scatter.
  std::uint64_t bytes = 0;
};

/// The plan for n nodes, `sublists` sublists of which `random_splitters` were drawn at random,
/// values of `value_bytes` bytes, and `resident_blocks` walk blocks resident at once.
inline StagedWalkPlan plan_staged_walk(std::int64_t n, std::int64_t sublists,
                                       std::int64_t random_splitters, int value_bytes,
                                       std::int64_t resident_blocks,
                                       const ListRankingCudaPolicy& policy,
                                       const StagedWalkLimits& limits) {
  StagedWalkPlan plan;
  const auto refuse = [&plan](std::string why) {
    plan.usable = false;
    plan.reason = std::move(why);
    return plan;
  };
  if (n < 2 || n > std::numeric_limits<std::int32_t>::max()) {
    return refuse("node count outside [2, 2^31)");
  }
  if (sublists < 1 || sublists > n) return refuse("sublist count outside [1, n]");
  if (resident_blocks < 1) return refuse("no walk block fits a multiprocessor");
  if (policy.staged_walk_segment < 32 || policy.staged_walk_segment % 32 != 0) {
    return refuse("segment not a positive multiple of 32 records");
  }
  // 1. Record layout: bucket = node >> low_bits, at most 2^bucket_bits buckets.
  const int node_bits = static_cast<int>(std::bit_width(static_cast<std::uint64_t>(n - 1)));
  plan.low_bits = std::max(1, node_bits - limits.bucket_bits);
  plan.buckets = (n + (std::int64_t{1} << plan.low_bits) - 1) >> plan.low_bits;
  plan.sublist_bits = static_cast<int>(std::bit_width(static_cast<std::uint64_t>(sublists)));
  plan.local_bits = 64 - plan.low_bits - plan.sublist_bits;
  if (plan.local_bits < policy.staged_walk_min_local_bits) {
    return refuse("local prefix field of " + std::to_string(plan.local_bits) + " bits");
  }
  // 2. Step cap: far above any valid sublist's length, so that only invalid input reaches it.
  const std::int64_t mean = (n + std::max<std::int64_t>(1, random_splitters) - 1) /
                            std::max<std::int64_t>(1, random_splitters);
  const std::uint64_t wanted = static_cast<std::uint64_t>(std::max<std::int64_t>(
      policy.staged_walk_min_steps, policy.staged_walk_steps_per_mean * mean));
  const std::uint64_t local_max =
      plan.local_bits >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << plan.local_bits) - 1;
  plan.max_steps =
      std::min({wanted, static_cast<std::uint64_t>(n), local_max,
                static_cast<std::uint64_t>(std::numeric_limits<std::uint32_t>::max())});
  // 3. Windows: a shared-memory window of 2^window_bits values per scatter block.
  plan.window_bits =
      std::min(policy.staged_walk_window_bits - (value_bytes > 4 ? 1 : 0), plan.low_bits);
  if ((std::int64_t{1} << (plan.low_bits - plan.window_bits)) > limits.split_threads) {
    return refuse("more windows per bucket than split threads");
  }
  plan.windows = (n + (std::int64_t{1} << plan.window_bits) - 1) >> plan.window_bits;
  // 4. Launch: enough blocks for one sublist per walker lane, at most one resident wave.
  const std::int64_t lanes_per_block = std::int64_t{limits.walker_warps_per_block} * 32;
  plan.blocks = std::clamp<std::int64_t>((sublists + lanes_per_block - 1) / lanes_per_block, 1,
                                         resident_blocks);
  const std::int64_t walkers = plan.blocks * limits.walker_warps_per_block;
  plan.chunk = (sublists + walkers - 1) / walkers;
  // 5. Regions: a bucket's nodes plus one partially used segment per block.
  const auto segment = static_cast<std::uint64_t>(policy.staged_walk_segment);
  const std::uint64_t per_bucket =
      std::min<std::uint64_t>(std::uint64_t{1} << plan.low_bits, static_cast<std::uint64_t>(n));
  plan.region = (per_bucket + static_cast<std::uint64_t>(plan.blocks) * segment + segment - 1) /
                segment * segment;
  if (plan.region > 0xfffff000ull) return refuse("bucket region too large");
  plan.bytes = static_cast<std::uint64_t>(plan.buckets) * plan.region * 8 +
               (std::uint64_t{1} << limits.bucket_bits) * 4 +
               static_cast<std::uint64_t>(plan.windows) * 4 +
               static_cast<std::uint64_t>(sublists) * static_cast<std::uint64_t>(value_bytes) + 64;
  plan.usable = true;
  return plan;
}

}  // namespace frontier::cuda
