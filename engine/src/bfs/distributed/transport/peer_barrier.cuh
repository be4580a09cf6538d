/// @file bfs/distributed/transport/peer_barrier.cuh
/// @brief One barrier of the peer transport as device code, run by one block (peer_exchange.cuh
/// says what it guarantees): 1. the counters (if any) into every rank's mailbox; 2. a
/// system-scope fence, then the rank's flag in every mailbox set to the barrier's sequence
/// number; 3. the rank waits until every flag in its own mailbox has reached that number; 4.
/// every rank's counters copied out of its mailbox, and (an all-reduce) into the host's mapped
/// copy, the sequence number stored last, which the host polls. The exchange runs it as a kernel
/// of its own; a rank's kernel may run it in its last block instead (one launch fewer), after
/// last_block_done().
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

#include "cuda/word_range.cuh"

namespace frontier::distributed {

/// Counters an all-reduce may carry (the level loop sends kLevelCounters).
inline constexpr int kPeerCounters = 8;

/// Why a barrier stopped waiting (the status word's high half; the low half names the peer).
inline constexpr std::int64_t kPeerBarrierAbandoned = 1;
inline constexpr std::int64_t kPeerBarrierTimedOut = 2;
/// The host's abandon flag is read over PCIe: once per this many nanoseconds of waiting.
inline constexpr std::uint64_t kAbandonPollNs = 50'000;

/// Where a barrier posts and what it carries (PeerExchange fills it; its sequence numbers
/// order the barriers).
struct PeerBarrier {
  std::uint64_t* const* boxes;
  int rank;
  int ranks;
  std::uint64_t sequence;
  const std::int64_t* counters;
  int count;
  int slot;
  /// ranks * kPeerCounters counters, then the status word.
  std::int64_t* gathered;
  /// Mapped host memory: the same counters and status word, then the sequence number of the
  /// last barrier that wrote them (written last; null: no host copy).
  volatile std::int64_t* host;
  const volatile int* abandon;
  std::uint64_t timeout_ns;
};

namespace barrier_steps {

__device__ inline std::uint64_t global_nanoseconds() {
  std::uint64_t now = 0;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now));
  return now;
}

/// Word of counter k of `sender` in a mailbox, in counter slot `slot`.
__device__ inline std::size_t counter_word(int ranks, int slot, int sender, int k) {
  return static_cast<std::size_t>(ranks) +
         (static_cast<std::size_t>(slot) * ranks + sender) * kPeerCounters + k;
}

/// The gathered counters (thread t's share) and the status word into the host's copy, then the
/// barrier's sequence number. One system-scope fence, by the thread that stores the number: the
/// block's barrier orders every thread's stores before it and the fence is cumulative (a fence
/// per storing thread, or one between the status and the number, would each add microseconds).
__device__ inline void post_to_host(const PeerBarrier& a, const unsigned long long* status) {
  const int t = static_cast<int>(threadIdx.x);
  if (a.counters != nullptr) {
    for (int i = t; i < a.ranks * a.count; i += blockDim.x) a.host[i] = a.gathered[i];
  }
  if (t == 0) a.host[a.ranks * kPeerCounters] = static_cast<std::int64_t>(*status);
  __syncthreads();
  if (t == 0) {
    __threadfence_system();
    a.host[a.ranks * kPeerCounters + 1] = static_cast<std::int64_t>(a.sequence);
  }
}

}  // namespace barrier_steps

/// The barrier, run by every thread of one block.
__device__ inline void peer_barrier(const PeerBarrier& a) {
  using namespace barrier_steps;
  auto* status = reinterpret_cast<unsigned long long*>(a.gathered) + a.ranks * kPeerCounters;
  const int t = static_cast<int>(threadIdx.x);
  // 0. A rank that already stopped waiting does not wait again (its host learns why).
  if (*reinterpret_cast<volatile unsigned long long*>(status) != 0) {
    if (a.host != nullptr) post_to_host(a, status);
    return;
  }
  if (a.ranks == 1) {
    // Alone: its counters are every rank's.
    if (a.counters != nullptr) {
      for (int k = t; k < a.count; k += blockDim.x) {
        a.gathered[k] = static_cast<const volatile std::int64_t*>(a.counters)[k];
      }
    }
    __syncthreads();
    if (a.host != nullptr) post_to_host(a, status);
    return;
  }
  // 1. The counters into every rank's mailbox.
  if (a.counters != nullptr) {
    for (int i = t; i < a.ranks * a.count; i += blockDim.x) {
      const int peer = i / a.count;
      const int k = i % a.count;
      a.boxes[peer][counter_word(a.ranks, a.slot, a.rank, k)] =
          static_cast<std::uint64_t>(static_cast<const volatile std::int64_t*>(a.counters)[k]);
    }
  }
  // 2. Everything this rank stored so far is visible to every GPU, then its arrival.
  __threadfence_system();
  __syncthreads();
  for (int peer = t; peer < a.ranks; peer += blockDim.x) {
    *reinterpret_cast<volatile std::uint64_t*>(a.boxes[peer] + a.rank) = a.sequence;
  }
  // 3. Every rank's arrival.
  const volatile std::uint64_t* flags = a.boxes[a.rank];
  for (int peer = t; peer < a.ranks; peer += blockDim.x) {
    const std::uint64_t start = global_nanoseconds();
    std::uint64_t polled = start;
    while (flags[peer] < a.sequence) {
      const std::uint64_t now = global_nanoseconds();
      if (now - polled < kAbandonPollNs) continue;
      polled = now;
      const std::int64_t why = *a.abandon != 0
                                   ? kPeerBarrierAbandoned
                                   : (now - start > a.timeout_ns ? kPeerBarrierTimedOut : 0);
      if (why != 0) {
        atomicCAS(status, 0ULL, static_cast<unsigned long long>(why << 32 | peer));
        break;
      }
    }
  }
  __syncthreads();
  __threadfence_system();
  // 4. Every rank's counters.
  if (a.counters != nullptr) {
    const volatile std::uint64_t* box = a.boxes[a.rank];
    for (int i = t; i < a.ranks * a.count; i += blockDim.x) {
      const int sender = i / a.count;
      const int k = i % a.count;
      a.gathered[sender * a.count + k] =
          static_cast<std::int64_t>(box[counter_word(a.ranks, a.slot, sender, k)]);
    }
  }
  __syncthreads();
  if (a.host != nullptr) post_to_host(a, status);
}

/// Called once by every thread of every block of a grid after the block's work: true in the
/// block that finishes last, for which every block's stores into this GPU's memory happened
/// before (each block's first thread fences at GPU scope, after the block's barrier, before the
/// block counts itself). Publishing them to the other GPUs is the system-scope fence of the
/// barrier that block runs next (cumulative). A system-scope fence here, in every block, made a
/// kernel's end several microseconds slower; kernels that store into a peer's memory fence those
/// stores at system scope themselves (GatheredFrontier::stored). `blocks_done` is zero before
/// the launch and again after it.
__device__ inline bool last_block_done(unsigned int* blocks_done) {
  __shared__ bool last;
  __syncthreads();
  if (threadIdx.x == 0) {
    __threadfence();
    last = atomicAdd(blocks_done, 1u) == gridDim.x - 1;
    if (last) *blocks_done = 0;
  }
  __syncthreads();
  if (last) __threadfence();
  return last;
}

/// A barrier a rank's kernel runs in its last block (blocks_done null: none), and words that
/// block zeroes once every rank has passed it (what no rank reads after the barrier).
struct BarrierAtEnd {
  unsigned int* blocks_done = nullptr;
  PeerBarrier barrier{};
  cuda::WordRange<std::int64_t> zero_after{};
};

/// Called once by every thread of every block at the end of a kernel given `end`.
__device__ inline void run_barrier_at_end(const BarrierAtEnd& end) {
  if (end.blocks_done == nullptr || !last_block_done(end.blocks_done)) return;
  peer_barrier(end.barrier);
  cuda::zero_words(end.zero_after, threadIdx.x, blockDim.x);
}

}  // namespace frontier::distributed
