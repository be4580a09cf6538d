/// @file cuda/launch_sizing.hpp
/// @brief Grid sizes of the backend's launches, from a count of work items and the threads of a
/// block. Plain host arithmetic: the caps (a resident wave, a policy's blocks per SM) come from
/// the caller.
#pragma once

#include <algorithm>
#include <cstdint>

namespace frontier::cuda {

/// Blocks of `block_threads` threads that give each of `items` items its own thread.
constexpr std::uint64_t blocks_covering(std::uint64_t items, std::uint64_t block_threads) {
  return (items + block_threads - 1) / block_threads;
}

/// The grid of a kernel over `items` items, one per thread, capped at `max_blocks` (a grid-stride
/// kernel loops over the rest); at least one block, so that an empty launch is still valid.
constexpr int capped_grid(std::uint64_t items, std::uint64_t block_threads,
                          std::uint64_t max_blocks) {
  return static_cast<int>(
      std::max<std::uint64_t>(1, std::min(blocks_covering(items, block_threads), max_blocks)));
}

}  // namespace frontier::cuda
