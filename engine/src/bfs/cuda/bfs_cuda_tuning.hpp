/// @file bfs_cuda_tuning.hpp
/// @brief The tuning policy of the single-GPU BFS: one plain, printable value per GPU generation
/// (after CUB's policy structs). Kernels take their compile-time shapes from kSm90BfsPolicy;
/// the run-time thresholds (hybrid switch, Beamer's alpha/beta) are read by the host loop.
///
/// Why each number (sm_90 with 132 SMs, 2048 resident threads and 228 KB shared memory per SM,
/// 64 K registers per SM):
///  - 256-thread blocks: eight warps give the CTA-wide gather enough lanes to stream one long
///    adjacency list at full width, and 8 blocks of 256 fill an SM's 2048 thread slots when the
///    kernels stay at or under 32 registers; at 64 registers 4 blocks still keep 32 warps resident.
///  - warp gather from degree 32, CTA gather from degree 256 (= block size): Merrill's thresholds
///    (thesis sec. 6.4): a list shorter than a warp wastes lanes in a warp gather, so it goes to
///    the scan-based fine-grained gather; a list longer than the block is streamed by the whole
///    CTA.
///  - hub lists from 4096 arcs, in chunks of 512: a CTA streams 256 arcs per round, so a list of
///    4096 keeps one CTA for 16 rounds, about what the other CTAs need for their own tiles; a
///    longer list (a Kronecker hub has up to a million) is cut into 512-arc chunks, one per warp
///    (16 rounds of 32 lanes, enough to hide a chunk descriptor's load), so a hub level spreads
///    over the 8448 resident warps. The chunk buffer needs at most m / 512 + m / 4096 slots.
///  - a vertex queue of at most 4096 vertices with 8192 or more arcs per 256 vertices (a few
///    hubs' neighbours, say) is a hub level: the expansion's block per 256 vertices would stream
///    those arcs at a few hundred a round while the other SMs idle, so its vertices spread over a
///    wave of blocks, a few each, and every list of 256+ arcs goes to the hub pass as chunks. At
///    most 4096 more lists then make chunks, a bound the chunk buffer adds.
///  - warp-culling hash of 128 slots per warp and a 1024-entry history table per CTA: large enough
///    that the hash rarely evicts a duplicate within a tile, small enough (4 KB each) to leave
///    shared memory for 8 blocks per SM.
///  - hybrid switch at 1.0 x resident threads: below that the fused contract-expand kernel keeps
///    every thread busy with one launch per level instead of two (Merrill sec. 6.5).
///  - up to 256 such small levels per cooperative launch: a host round trip per level (launch,
///    counts posted, the host's wait) costs far more than a small level's work; 256 counter
///    slots are 16 KB for a launch to post.
///  - alpha 25 (kDefaultGpuBfsAlpha), beta 18: Beamer's rule; the GAP Benchmark Suite's alpha
///    of 15, the CPU's, keeps level 2 of some Graph500 searches from scale 28 on top-down over
///    hundreds of millions of arcs, claimed by random atomics in passes (docs/tuning.md).
#pragma once

#include <string>

#include "frontier/bfs.hpp"

namespace frontier::cuda {

struct BfsCudaPolicy {
  /// Threads per block of every BFS kernel.
  int block_threads = 256;
  /// Adjacency lists at least this long are gathered by one warp (shorter ones by the scan-based
  /// fine-grained gather).
  int warp_gather_threshold = 32;
  /// Adjacency lists at least this long are gathered by the whole CTA.
  int cta_gather_threshold = 256;
  /// Adjacency lists at least this long are cut into chunks for the edge-balanced hub pass.
  int hub_threshold = 4096;
  /// A vertex queue of at most hub_level_max_vertices vertices and at least hub_level_block_arcs
  /// arcs per block_threads vertices is expanded with every list of cta_gather_threshold arcs or
  /// more as hub chunks.
  int hub_level_max_vertices = 4096;
  int hub_level_block_arcs = 8192;
  /// Arcs per hub chunk (one warp copies one chunk).
  int hub_chunk_arcs = 512;
  /// Slots of the per-warp culling hash (power of two).
  int warp_hash_slots = 128;
  /// Entries of the per-CTA history culling table (power of two).
  int history_slots = 1024;
  /// The hybrid strategy runs the fused contract-expand kernel while the edge queue holds fewer
  /// items than this many times the GPU's resident thread count.
  double fused_queue_factor = 1.0;
  /// Run those small contract-expand levels back to back in one cooperative launch (grid-wide
  /// barrier between levels, no host round trip), at most this many per launch; 0 = one launch
  /// per level.
  int persistent_max_levels = 256;
  /// Beamer's top-down -> bottom-up switch: arcs leaving the frontier > unexplored arcs / alpha.
  double alpha = kDefaultGpuBfsAlpha;
  /// Beamer's bottom-up -> top-down switch: the frontier shrinks below num_vertices / beta.
  double beta = kDefaultBfsBeta;

  /// One line naming every field and its value (logged at debug before each search).
  std::string describe() const {
    return "block_threads=" + std::to_string(block_threads) +
           " warp_gather_threshold=" + std::to_string(warp_gather_threshold) +
           " cta_gather_threshold=" + std::to_string(cta_gather_threshold) +
           " hub_threshold=" + std::to_string(hub_threshold) +
           " hub_level_max_vertices=" + std::to_string(hub_level_max_vertices) +
           " hub_level_block_arcs=" + std::to_string(hub_level_block_arcs) +
           " hub_chunk_arcs=" + std::to_string(hub_chunk_arcs) +
           " warp_hash_slots=" + std::to_string(warp_hash_slots) +
           " history_slots=" + std::to_string(history_slots) +
           " fused_queue_factor=" + std::to_string(fused_queue_factor) +
           " persistent_max_levels=" + std::to_string(persistent_max_levels) +
           " alpha=" + std::to_string(alpha) + " beta=" + std::to_string(beta);
  }
};

/// The policy for Hopper (sm_90: H100, H200); the kernels are compiled with its shapes.
inline constexpr BfsCudaPolicy kSm90BfsPolicy{};

}  // namespace frontier::cuda
