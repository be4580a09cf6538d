// Tuning of the CUDA list ranking (Wei–JaJa) as a plain, printable policy value, chosen per GPU
// generation. Host C++ only. Why each number (Hopper, H200: 132 SMs, 2048 threads per SM, 60 MB
// L2, ~0.6 µs loaded DRAM latency):
//  - nodes_per_sublist 128: n/128 sublists give ~2M independent walks at 2^28 nodes, ~8 per
//    resident thread, so lanes refill from their warp's share while the longest sublist
//    (~128·ln(2M) ≈ 1900 steps) still ends before the bulk. Measured on an H200, random list of
//    2^28 (whole call): n/16 45.3 ms, n/32 40.6, n/64 37.3, n/128 36.3, n/256 36.3 — smaller
//    sublists make the splitter list (ranked recursively) and the fix-up's offset table larger;
//    larger ones lengthen the tail. Again with the single-list fast path and pooled memory
//    (arrays resident, `frontier rank --sublists`): n/64 27.7 ms, n/128 26.5, n/256 26.5,
//    n/512 27.4. The walk itself then takes 21.5 of the 26.5 ms: each step loads one random
//    node and writes it back, two random sector accesses where the pointer chase has one.
//    Profiled (ncu, H200, random list of 2^26, listperf2): the walk moves 2.28 DRAM sectors
//    read and 1.0 written per node (64-byte fills plus the write-back of the record it marks),
//    the pointer chase 1.83 read; DRAM throughput 26% vs the chase's 54%, achieved occupancy
//    91%. It is bound by random DRAM accesses, not by latency: two or four walks per lane
//    (independent loads in flight) were slower at 2^28 (walk 21.5 -> 22.2 -> 23.1 ms), and
//    dealing sublists from a shared queue in batches of 32 instead of equal per-warp chunks
//    changed nothing beyond noise (random 26.1 vs 26.3 ms, stride:1001 26.0 vs 25.1 ms).
//    Alternatives measured on an H200 (2026-11-22, random list of 2^28, a standalone copy of
//    the steps; pointer chase 6.16 ms): the in-place walk 20.9 ms (+ pack 1.0, fix-up 2.0); the
//    same walk reading only the 4-byte successors with the splitters in an L2-resident bitmap
//    and writing nothing, 11.7 ms; the read-only walk logging (node, local prefix) into
//    per-lane chunks 26.1 ms plus a scatter of the log into the output 16.9 ms (scattered
//    writes cost more than the write-back of a record just read); the L2 fetch granularity
//    limit (cudaLimitMaxL2FetchGranularity) at 32/64/128 bytes: 28.2/27.0/29.2 ms for the
//    whole ranking against 26.6 by default. So the write-back of each node's record, one
//    random DRAM write per node beside the chase's one read, is what separates the walk from
//    the chase floor.
//    A read-only walk plus a separate permutation into node order, measured the same way
//    (2026-11-22, .dev experiment, random 2^28, pointer chase 6.3 ms, in-place walk 20.9 ms +
//    fix-up 2.0): the walk over the packed nodes with splitters marked in place and nothing
//    written back takes 8.1-9.0 ms; logging each step's (node, sublist, local prefix) with one
//    coalesced append per warp step costs 9.5-10.6 ms. Bringing that log into node order is
//    what costs: a plain scatter 17.0 ms; a one-pass radix partition by the node's top 6-8 bits
//    (2.7 ms) and a scatter into L2-sized windows 12.8 ms (streaming loads evict-first; the
//    windows' partial sectors still cost); a two-pass partition into 2^13-2^15-node windows
//    (5.3 ms; keys alone 2.8) and a scatter through shared memory, one window per block,
//    3.5 ms. Best whole: pack 1.0 + walk 9.8 + partition 5.3 + scatter 3.5 ≈ 19.6 ms against
//    24.0 for the in-place steps in the same run, i.e. 3.1× the chase before the splitter
//    levels; not adopted (it needs 36 bytes more per node and still misses 3×). On an ordered
//    2^28 list the same experiment shows the write-back is not only a DRAM cost: the in-place
//    walk takes 9.1-9.7 ms where the read-only walk takes 2.55 (chase 3.1 from random starts),
//    each step's load following the store into the same sector; the log design totals 11.2 ms
//    there against 11.9 in-place. Issuing each record's store after the next node's load
//    (software-pipelined walk) is slower: ordered 20.8 ms, random 22.1 vs 21.1; so is writing
//    each record into a separate array (read-only nodes): ordered 17.7, random 24.4 vs 21.5.
//    What costs is a scattered store per step (one L2 transaction per lane), wherever it goes;
//    the coalesced log above is the only variant whose walk stays near the read-only walk.
//    Cache hints on the in-place walk's load and store change nothing (H200, 2026-11-22,
//    .dev experiment, random 2^28: plain 21.5-21.6 ms; st.cs 21.2, ld.cg + st.cs 21.2,
//    st.L2::evict_first 21.2, ld.cg 21.7, st.wt 21.6; ld.cs / ld.lu / L1::no_allocate 24.4-24.5).
//    Staged read-only walk (issue #4; .dev experiment walk_exp4, H200, 2026-11-22, random 2^28,
//    pointer chase 6.93 ms in the same run): the walk reads the packed nodes only and stages
//    each step's 8-byte record (node's low bits | sublist | local prefix) in shared memory by
//    the node's top B1 bits; flusher warps write full chunks coalesced into per-bucket global
//    segments (one atomicAdd per 512-record segment); a split cuts each bucket into 2^W-node
//    windows through shared memory and one block per window writes prefix = offset + local,
//    coalesced. b7c16 (B1 = 7, chunks of 16, 512 threads = 14 walker + 2 flusher warps,
//    4 blocks/SM), W = 15: pack 0.93 + mark 0.16 + staged walk 9.68 + split 1.27 + window
//    scatter 1.89 = 13.93 ms against 24.6 for the in-place steps in the same run; 0 mismatches,
//    9.03 extra bytes per node. b6c32 (B1 = 6, chunks of 32, 15 walker + 1 flusher warps)
//    W = 15: 13.89 ms random; on an ORDERED 2^28 list 13.25 ms against 11.33 in place (the
//    in-place walk wins there; b7c16 16.7). b8c16 is worse (walk 15.4 random, 25.9 ordered).
//    The local prefix field holds a step count, so the record serves unit values only.
//    The engine runs b6c32, W = 15 (14 for 8-byte values, the same 128 KiB window), as the
//    level-0 walk of ranks (values == nullptr, sum, integral values) from
//    staged_walk_min_nodes = 2^16 nodes (a policy choice, not measured: the parity tests'
//    random lists of 2^20 + 7 nodes take it; below, the in-place walk is a fraction of a
//    millisecond either way), when the record fits (staged_walk_plan.hpp) and its memory is
//    free; anything else, and any flag, bound or inconsistent count after it, runs the level
//    in place. Measured in the engine (H200, 2026-11-22, `frontier rank --n 268435456
//    --trials 5`, arrays resident): random 14.97 ms (chase 6.80: 2.20×; level 0: pack 0.86,
//    staged walk 9.54, split 1.34, window scatter 1.94, levels below 0.75), stride:1001 17.56
//    (chase 6.47: 2.71×), ordered 18.64 against 13.1 in place (staged walk 13.3 there). So
//    level 0 keeps the in-place walk when more than staged_walk_max_local_share (1/2) of the
//    successors lie within kLocalSuccessorSpan (32) nodes of their node, counted by the check
//    for free: ordered and reversed layouts; random and stride layouts have almost none.
//  - staged walk step cap max(2^16, 64 · mean sublist length), at most n: a read-only walk
//    cannot mark what it walked, so a rho (a cycle entered from a list) on the single-list fast
//    path would loop; the cap stops it. Random splitters leave gaps with P(length > x·mean) ≈
//    e^-x, so with 2^31 sublists at most a valid sublist exceeds 64 means with probability
//    < 2^31 · e^-64 ≈ 4e-19 (then it only falls back). 2^16 steps of one lane cost well under
//    a millisecond on the error path.
//  - deeper_nodes_per_sublist 32: the splitter list (~2M nodes at 2^28, L2-resident) is walked
//    by few lanes, so its time is the longest sublist's, ~n/k·ln(k) dependent L2 steps: with 128
//    the level-1 walk took 0.65 ms of the 1.2 ms below level 0 (random 2^28, H200). 32 gives
//    ~65K sublists (walk 0.18 ms) and one more small GPU level before the host: 0.83 ms below
//    level 0; 16 makes the extra level larger again (1.04 ms). Whole ranking (best of 5, same
//    run): random 25.9 -> 25.3 ms with 32 (25.8 with 16), stride:1001 25.4 -> 24.3.
//  - walk_blocks_per_sm 8 × block_threads 256 = 2048 threads per SM, full occupancy: every
//    resident lane keeps one dependent load in flight, which is what the pointer-chase floor
//    needs (DEVICE.md: the chase peaks from 64K threads on). The launch lowers it to what the
//    walk kernel's registers allow (ptxas: 36 registers for 64-bit ids, so fewer than 8
//    blocks fit), so that all warps are resident in one wave.
//  - host_rank_below 2^14: a splitter list this short is copied to the host and walked
//    sequentially in ~0.1 ms, cheaper than another GPU level's launches and two syncs.
//  - check-and-pack takes kStreamItems (4) nodes per thread and round, all loads first:
//    1.42 -> 1.13 ms at 2^28 (H200). The fix-up does not gain from it (random 2.10 -> 2.18,
//    ordered 0.79 -> 1.15 ms: its time is the L2 gathers of the sublist offsets) and keeps one.
//  - stream_blocks_per_sm 16: grid-stride streaming kernels (pack, fix-up) with enough blocks in
//    flight to cover DRAM latency.
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
