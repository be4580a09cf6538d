// Launch policy of the ParallelList CUDA storage: a plain printable value, one for every GPU
// generation so far, and the compile-time tile shape of the selection and linking kernels
// (parallel_list_tile_kernels.cuh). The measurements behind each choice: docs/tuning.md.
// Freed slots are reused before fresh ones: fresh slots alone would make a dense insert one run
// of stores but grow the high-water mark, the selection's scan and the memory every cycle.
#pragma once

#include <cstdint>
#include <string>

namespace frontier::cuda {

/// Threads of a select / link block: 128 matched or beat 256 (twice the tiles, half the size).
/// Each select thread has 4 state words and 4 value vectors in flight.
inline constexpr int kListTileThreads = 128;
/// Slots per thread of a tile: four quads of four slots (a quad is one 32-bit word of states and
/// one vector of four values). 16 makes a tile 2048 slots, its selection bitmap 64 words and its
/// count one 16-byte tally: n / 2048 tiles (about 5k for 10M slots).
inline constexpr int kListSlotsPerThread = 16;
/// Slots of one tile; the per-slot arrays are allocated in whole tiles (padding slots are free).
inline constexpr std::int64_t kListTileSlots =
    static_cast<std::int64_t>(kListTileThreads) * kListSlotsPerThread;

struct ParallelListCudaPolicy {
  /// Threads per block of the grid-stride kernels (append, insert_counts, the erase fallback,
  /// the index layer): 256 keeps 8 blocks per SM resident on Hopper and Ampere, enough to hide
  /// the latency of the random link accesses.
  int block_threads = 256;
  /// Blocks per SM of a grid-stride launch: beyond 32 resident warps per SM the random
  /// accesses gain nothing; grids stay small enough to launch in a few microseconds.
  int blocks_per_sm = 8;
  /// Erase: pointer-jumping hops a thread follows per round before the host checks for
  /// unfinished runs. Random selections leave runs of a few slots, which finish in one round;
  /// 16 hops bound a round's worst thread while long runs (erase-all) still converge in
  /// O(log run) rounds, since every hop follows an already shortened jump.
  int max_hops_per_round = 16;
  /// Erase: slots the survivor before a run walks (through next[]) to link around it in the
  /// common case; longer runs fall back to the pointer-jumping rounds. A random selection of
  /// half the elements leaves runs of 2 on average and longer than 64 with probability 2^-64.
  int max_walk_hops = 64;

  std::string describe() const {
    return "tile_threads=" + std::to_string(kListTileThreads) +
           " tile_slots=" + std::to_string(kListTileSlots) +
           " block_threads=" + std::to_string(block_threads) +
           " blocks_per_sm=" + std::to_string(blocks_per_sm) +
           " max_hops_per_round=" + std::to_string(max_hops_per_round) +
           " max_walk_hops=" + std::to_string(max_walk_hops);
  }
};

}  // namespace frontier::cuda
