// Launch policy of the ParallelList CUDA storage: a plain printable value, one for every GPU
// generation so far (the kernels are bandwidth-bound grid-stride loops; nothing here depends on
// the architecture yet).
#pragma once

#include <cstdint>
#include <string>

namespace frontier::cuda {

struct ParallelListCudaPolicy {
  /// Threads per block of every kernel: 256 keeps 8 blocks per SM resident on Hopper and
  /// Ampere, enough to hide the latency of the random link accesses.
  int block_threads = 256;
  /// Blocks per SM of a grid-stride launch: beyond 32 resident warps per SM the random
  /// accesses gain nothing; grids stay small enough to launch in a few microseconds.
  int blocks_per_sm = 8;
  /// Erase: pointer-jumping hops a thread follows per round before the host checks for
  /// unfinished runs. Random selections leave runs of a few slots, which finish in one round;
  /// 16 hops bound a round's worst thread while long runs (erase-all) still converge in
  /// O(log run) rounds, since every hop follows an already shortened jump.
  int max_hops_per_round = 16;
  /// Erase: slots the first slot of a run walks (through next[]) to link around it in the
  /// common case; longer runs fall back to the pointer-jumping rounds. A random selection of
  /// half the elements leaves runs of 2 on average and longer than 64 with probability 2^-64.
  int max_walk_hops = 64;

  std::string describe() const {
    return "block_threads=" + std::to_string(block_threads) +
           " blocks_per_sm=" + std::to_string(blocks_per_sm) +
           " max_hops_per_round=" + std::to_string(max_hops_per_round) +
           " max_walk_hops=" + std::to_string(max_walk_hops);
  }
};

}  // namespace frontier::cuda
