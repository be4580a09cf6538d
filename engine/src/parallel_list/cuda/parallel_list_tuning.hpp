// Launch policy of the ParallelList CUDA storage: a plain printable value, one for every GPU
// generation so far, and the compile-time tile shape of the selection and linking kernels
// (parallel_list_tile_kernels.cuh).
// Measured on an H200 (2026-11-22, ncu kernel times, 10M int32 elements), with link kernels
// that wrote every selected element's chain from its own thread: select 22-34 µs per
// operation, tile-offset scan 7.5 µs, insert-after link 12-13 µs for 50k new nodes and 85 µs
// for 2M, insert-before link 40 µs / 119 µs, erase link 40 µs for ~160k erased. The array
// alternative's fused scan takes ~70-90 µs per insert, so the list won while its link stayed
// small (sparse inserts) and lost at 2M per insert.
// Since then the link kernels write a tile's new nodes in allocation order (consecutive threads,
// consecutive positions; fresh positions map to consecutive slots without reading the free
// stack), so at 2M per insert the node writes are whole-sector runs and what remains is the
// read and rewrite of the selected elements' (or their owners') links; the owner and erase
// passes issue all of a thread's bitmap probes before any store. Freed slots are still reused
// first (their nodes are scattered stores): taking fresh slots instead would make a dense
// insert one run but let the high-water mark, the selection's scan and the memory grow with
// every erase/insert cycle, while the reused share of an insert is at most what the erases
// before it freed. Measured after it (H200, 2026-11-22, 10M int32, 8 ops insert, insert-before,
// insert, erase twice, 2M per insert): insert-after link 41-55 µs (was 85), insert-before link
// 56-68 µs (was 119); erase link 143-153 µs for 6-7M erased (random reads of the erased runs'
// links, near the random-gather rate), select 26-48 µs at 10-18M slots. Whole sequences: 50k per
// insert 0.509 ms vs the array's 0.651, 200k 0.562 vs 0.701, 2M 0.996 vs 0.750, inserts only
// (4 × 2M) 0.453 vs 0.437. Folding the tile-offset scan into the selection (the last block to
// finish scans the tallies) made the select kernels slower (39-69 µs; more registers and a
// serial tail) and every sequence slower (0.534 / 0.599 / 1.077 / 0.475 ms): not adopted. Nor
// a one-block scan of the tallies (one launch instead of cub's two; 1024 threads, four tallies
// each per round): same run, interleaved, 0.517 / 0.571 / 1.031 / 0.438-0.453 ms against
// 0.490 / 0.546 / 0.981-1.001 / 0.440 with cub::DeviceScan.
// Tile blocks of 128 threads (tiles of 2048 slots) instead of 256 (4096), same binary otherwise
// (H200, 2026-11-22, two runs each, list / list): inserts only (4 × 2M) 0.404 / 0.417 ms vs
// 0.420 / 0.427; 50k per insert (8 ops) 0.464 / 0.464 vs 0.491 / 0.476; 200k 0.524 / 0.522 vs
// 0.525 / 0.522; 2M 0.981 / 0.971 vs 0.981 / 0.979 (the array in the same runs: 0.418 / 0.417,
// 0.654 / 0.628, 0.651 / 0.644, 0.721 / 0.714): adopted. The tally items double (n / 2048).
// Then, per operation, one launch of cub's scan (two kernels, ~7.5 µs) and the D2H copy of the
// total were taken out, in separate commits (measured below): the select kernel adds each
// tile's tally into the operation's total and one of about sqrt(tiles) group sums (atomics per
// tile, not per item), and a link block's warp 0 sums the groups before its tile's group and the
// tallies before it in its group (at most 190 terms at 9k tiles, loaded in one round) instead of
// reading a scanned offset. No tile waits for another (unlike a decoupled look-back, whose
// first wave of ~2k resident tiles resolves in tiles / 64 rounds of L2 latency), so the block
// order does not matter. Insert before keeps two link launches (nodes, which publish their
// tiles' offsets, then owners, which read the offsets of any tile). The link kernels are
// launched as programmatic dependents of the select kernel (griddepcontrol), and write the
// total and erase flag into mapped pinned memory that the host reads after its one sync.
// Measured at each step (H200, 2026-11-22, list-bench best of 5, two runs; 4 × 2M inserts /
// 50k per insert / 200k / 2M with erases): 256-thread tiles 0.426-0.428 / 0.480-0.514 /
// 0.547-0.573 / 0.989-0.996 ms; 128-thread tiles 0.434-0.458 / 0.489-0.499 / 0.532-0.552 /
// 0.987-1.015; no tally scan 0.423-0.445 / 0.494-0.499 / 0.540-0.546 / 0.978-0.996; dependent
// launch 0.438-0.445 / 0.479-0.484 / 0.539-0.551 / 0.968-0.996; mapped totals 0.398-0.402 /
// 0.429-0.444 / 0.500-0.502 / 0.925-0.956; zero fields skip their atomics 0.393-0.397 /
// 0.410-0.411 / 0.469-0.480 / 0.918-0.921. The array alternative then got the same mapped size
// (fair: it had a D2H copy per op too); three interleaved runs: 4 × 2M (insert, insert-before,
// insert, insert) list 0.395-0.400 vs array 0.417-0.425; inserts after only 0.391-0.398 vs
// 0.417-0.431; 50k 0.402-0.408 vs 0.610-0.625; 200k 0.468-0.486 vs 0.616-0.646; 2M with two
// erases of ~40% 0.921-0.953 vs 0.689-0.750 (the erase links at the random-gather rate).
// Then (ncu: the insert-after link ran at 0.6 TB/s, 75% of its stalls waiting on loads): a link
// thread loaded an element's link and stored the new one in a loop, and since a store may alias
// the next load the compiler issued them one round trip at a time. Every link step now issues
// its loads before its stores (whole batches); the insert copies the selected links (and, before,
// values) into shared memory as coalesced quads and links elements rank by rank; insert before
// moves the element's value into its last node instead of relinking its predecessor, so it is
// the same single kernel (no owners pass reading every element's link); the select kernel
// branches on the predicate's kind once per thread. H200, list-bench best of 5 on 10M, before /
// after this (the array in the same runs): one insert of 8M 0.249 / 0.094 ms (0.111-0.119);
// 4 x 8M 1.03-1.06 / 0.40-0.41 (0.65-0.67); 2 inserts before of 8M 0.37 / 0.23 (0.23);
// 8 inserts before of 50k 0.58 / 0.31 (0.66); 1M, 4 x 80% 0.123 / 0.095-0.112 (0.12-0.135).
#pragma once

#include <cstdint>
#include <string>

namespace frontier::cuda {

/// Threads of a select / link block: 128, measured faster than 256 on the H200 (above). Each
/// select thread has 4 state words and 4 value vectors in flight.
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
