/// @file bfs/distributed/cuda/gathered_bottom_up.cuh
/// @brief A GPU rank's bottom-up level under the peer transport (internal): the single-GPU
/// engine's BottomUpAgent (bfs/cuda/bfs_bottom_up.cuh) with a frontier policy that reads the
/// rank's own gathered bitmap and pushes the next frontier into every rank's.
///
/// A gathered bitmap holds every rank's frontier part (bitmap of its local ids, part_bits bits)
/// in rank order, so vertex u is bit owner(u) * part_bits + local(u) (gathered_bitmap.hpp). For a
/// striped layout over 2^shift ranks that is (u & mask) * part_bits + (u >> shift) with mask =
/// 2^shift - 1; mask = shift = 0 reads bit u itself (one rank, block layouts of whole-word parts,
/// or a frontier rewritten in global order first). Reading in place costs the agent a multiply
/// and a shift per arc, against a pass over the whole bitmap per level.
///
/// The next frontier's words are stored into every rank's next gathered bitmap at this rank's
/// part (peer memory, written while the level runs, so no all-gather follows): every word into
/// this rank's own, nonzero words into the others', whose owners zeroed those parts before the
/// barrier that started the level (PeerView::bitmaps), a chunk of consecutive words at a time
/// (one store of the warp per peer, not one small write over the link per word). After its last
/// store a block where a warp stored into a peer fences once at system scope, so that the level's
/// barrier publishes the words to every peer.
#pragma once

#include <cstdint>

#include "bfs/cuda/bfs_bottom_up.cuh"
#include "bfs/cuda/bfs_kernels.cuh"

namespace frontier::distributed {

struct GatheredFrontier {
  /// The frontier being expanded (this rank's memory).
  const std::uint32_t* bits = nullptr;
  /// Every rank's next gathered bitmap (a table of `ranks` addresses in this rank's memory).
  std::uint32_t* const* next = nullptr;
  std::uint64_t part_bits = 0;
  std::uint64_t mask = 0;
  int shift = 0;
  int ranks = 1;
  int rank = 0;
  /// This rank's part in a gathered bitmap: rank * part_bits / 32.
  std::uint64_t own_word = 0;

  template <typename Args, typename VertexT>
  __device__ __forceinline__ bool contains(const Args&, VertexT u) const {
    const auto v = static_cast<std::uint64_t>(u);
    const std::uint64_t bit = (v & mask) * part_bits + (v >> shift);
    return (bits[bit / 32] >> (bit % 32) & 1u) != 0;
  }

  /// Words a warp labels before it stores them: a peer gets them in one store of the warp
  /// (kChunkWords consecutive words) rather than one small write over the link per word.
  static constexpr int kChunkWords = 8;
  /// Lane i < count stores word first + i: into this rank's own part always, into the others'
  /// where nonzero.
  template <typename Args>
  __device__ __forceinline__ void store(const Args&, unsigned long long first, int count,
                                        std::uint32_t found) {
    const int lane = static_cast<int>(threadIdx.x % cuda::kWarpThreads);
    if (lane >= count) return;
    for (int r = 0; r < ranks; ++r) {
      if (r == rank) {
        next[r][own_word + first + lane] = found;
      } else if (found != 0) {
        next[r][own_word + first + lane] = found;
        pushed = true;
      }
    }
  }

  /// Called by every thread of a block after its last store: one system-scope fence for the
  /// block, after the block's barrier, where a warp stored into a peer.
  __device__ __forceinline__ void stored() const {
    if (__syncthreads_or(pushed) && threadIdx.x == 0) __threadfence_system();
  }

  /// Set in a warp's copy once it stored into a peer.
  bool pushed = false;
};

template <typename VertexT, typename EdgeT, typename TargetT, bool kParents>
__global__ void __launch_bounds__(cuda::kBfsBlockThreads)
    gathered_bottom_up_kernel(const cuda::BfsLevelArgs<VertexT, EdgeT, TargetT> args,
                              const GatheredFrontier frontier) {
  using Agent = cuda::BottomUpAgent<cuda::kBfsBlockThreads, VertexT, EdgeT, kParents,
                                    GatheredFrontier, TargetT>;
  __shared__ typename Agent::TempStorage storage;
  Agent(storage, args, frontier).run();
}

}  // namespace frontier::distributed
