/// @file bfs_post.cuh
/// @brief How a level's counts reach the host loop: the kernel that ends the level posts them
/// into mapped host memory, a ticket written last, and the host spins on the ticket.
///
/// A copy of the counter slot and a stream synchronization cost a host round trip of ~12 µs on
/// an H100, a kernel's own post ~7 (frontier_bench_launch_floors), and a Kronecker search reads
/// its counts once or twice a level. Single-level kernels post when their grid's last block
/// finishes (a counter of finished blocks, as CUDA's threadFenceReduction sample counts them);
/// multi-level launches post from their first CTA once the launch's last level is counted.
///
/// Invariants: at most two posts are in flight (the host queues a bottom-up step behind the one
/// it waits for, never more), and they go to two slots by the ticket's parity, so a post is read
/// before its slot is written again; the kernels that post run one after another on one stream,
/// so one blocks_done counter serves them all, zeroed by the block that posts; the counts are
/// stored and fenced to the system before the ticket, so a host that sees the ticket sees them.
#pragma once

#include <cstdint>

#include "bfs/cuda/bfs_device_common.cuh"
#include "frontier/types.hpp"

namespace frontier::cuda {

/// What a post leaves in mapped host memory.
struct BfsPosted {
  /// A single-level kernel's counter slot.
  BfsCounters counters;
  /// Of a multi-level launch: levels run and how it ended (its slots go to launch_counters).
  int levels_run;
  int end;
  /// Depth of the search's target when the post was made (kUnreachedDepth without one).
  std::int32_t target_depth;
  int reserved;
  /// Written last; the host waits for the value it gave the kernel.
  unsigned long long ticket;
};

/// Where and what a kernel posts; a default (null) BfsPost posts nothing.
struct BfsPost {
  /// Device addresses of the mapped host memory.
  BfsPosted* posted = nullptr;
  BfsCounters* launch_counters = nullptr;
  /// Blocks of the posting grid done so far (device memory, zero between posts).
  unsigned int* blocks_done = nullptr;
  /// The slot a single-level kernel posts.
  const BfsCounters* slot = nullptr;
  /// The vertex whose depth rides along (-1: none).
  long long target = -1;
  unsigned long long ticket = 0;
};

/// Stores `value` into mapped memory one 64-bit word at a time.
__device__ __forceinline__ void store_counters(BfsCounters* to, const BfsCounters& value) {
  volatile unsigned long long* const words = reinterpret_cast<volatile unsigned long long*>(to);
  const unsigned long long* const from = reinterpret_cast<const unsigned long long*>(&value);
  for (unsigned int i = 0; i < sizeof(BfsCounters) / sizeof(unsigned long long); ++i) {
    words[i] = from[i];
  }
}

/// The counters as other blocks left them (read past the L1).
__device__ __forceinline__ BfsCounters load_counters(const BfsCounters* from) {
  BfsCounters value;
  const unsigned long long* const words = reinterpret_cast<const unsigned long long*>(from);
  unsigned long long* const to = reinterpret_cast<unsigned long long*>(&value);
  for (unsigned int i = 0; i < sizeof(BfsCounters) / sizeof(unsigned long long); ++i) {
    to[i] = __ldcg(words + i);
  }
  return value;
}

/// Writes the header (levels, end, the target's depth) and then, fenced, the ticket. One thread.
__device__ __forceinline__ void post_ticket(const BfsPost& post, const std::int32_t* depth,
                                            int levels_run, int end) {
  volatile BfsPosted* const posted = post.posted;
  posted->levels_run = levels_run;
  posted->end = end;
  posted->target_depth = post.target >= 0 ? __ldcg(depth + post.target) : kUnreachedDepth;
  __threadfence_system();
  posted->ticket = post.ticket;
}

/// Single-level kernels: the grid's last block to get here posts post.slot, with `end_of(counts)`
/// as the post's end (what the kernel decided from its final counts; called by that block's
/// first thread only). Every thread of every block calls it once, after the kernel's work.
template <typename EndOf>
__device__ __forceinline__ void post_when_last_block(const BfsPost& post, const std::int32_t* depth,
                                                     const EndOf& end_of) {
  if (post.posted == nullptr) return;
  __syncthreads();
  if (threadIdx.x != 0) return;
  __threadfence();
  const unsigned int blocks = gridDim.x * gridDim.y * gridDim.z;
  if (atomicAdd(post.blocks_done, 1u) != blocks - 1) return;
  __threadfence();
  *post.blocks_done = 0;
  const BfsCounters counts = load_counters(post.slot);
  store_counters(&post.posted->counters, counts);
  post_ticket(post, depth, 1, end_of(counts));
}

/// The same with end 0 (a kernel that decides nothing).
__device__ __forceinline__ void post_when_last_block(const BfsPost& post,
                                                     const std::int32_t* depth) {
  post_when_last_block(post, depth, [](const BfsCounters&) { return 0; });
}

/// Multi-level launches: one block (all its threads) posts the launch's first `levels` slots
/// and its outcome, once every slot is final and visible to the block.
__device__ __forceinline__ void post_launch(const BfsPost& post, const std::int32_t* depth,
                                            const BfsCounters* level_counters, int levels,
                                            int end) {
  if (post.posted == nullptr) return;
  constexpr unsigned int kWords = sizeof(BfsCounters) / sizeof(unsigned long long);
  const unsigned long long* const from =
      reinterpret_cast<const unsigned long long*>(level_counters);
  volatile unsigned long long* const to =
      reinterpret_cast<volatile unsigned long long*>(post.launch_counters);
  for (unsigned int i = threadIdx.x; i < static_cast<unsigned int>(levels) * kWords;
       i += blockDim.x) {
    to[i] = __ldcg(from + i);
  }
  __threadfence_system();
  __syncthreads();
  if (threadIdx.x == 0) post_ticket(post, depth, levels, end);
}

}  // namespace frontier::cuda
