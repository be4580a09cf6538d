// peer_exchange.cu — barriers and counter all-gathers through peer memory (see
// peer_exchange.cuh). A barrier is one block of one warp: 1. the counters (if any) into every
// rank's mailbox; 2. a system-scope fence, then the rank's flag in every mailbox set to the
// barrier's sequence number; 3. the rank waits until every flag in its own mailbox has reached
// that number; 4. every rank's counters copied out of its mailbox, and (an all-reduce) into the
// host's mapped copy, the sequence number stored last, which the host polls: no copy queued
// after the kernel and no stream query per level, which shortens both a level's communication
// and the host's wait before the next level.
// Why peer memory: such a barrier beats NCCL's all-gather of the counters, and a store into the
// peer beats NCCL's all-gather of the same bytes. The first read of each peer page after the
// idle time between searches is slow, so the search reads every such page before its clock
// starts (touch_peer_pages). The measurements: docs/tuning.md.

#include "bfs/distributed/transport/peer_exchange.cuh"

#include <algorithm>
#include <atomic>
#include <optional>
#include <string>
#include <utility>

#include "cuda/cuda_check.cuh"
#include "cuda/device_query.hpp"
#include "frontier/errors.hpp"

namespace frontier::distributed {
namespace {

// Why a barrier stopped waiting (the status word's high half; the low half names the peer).
constexpr std::int64_t kAbandoned = 1;
constexpr std::int64_t kTimedOut = 2;
// The host's abandon flag is read over PCIe: once per this many nanoseconds of waiting.
constexpr std::uint64_t kAbandonPollNs = 50'000;

struct BarrierArgs {
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

__device__ std::uint64_t global_nanoseconds() {
  std::uint64_t now = 0;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now));
  return now;
}

// Word of counter k of `sender` in a mailbox, in counter slot `slot`.
__device__ std::size_t counter_word(int ranks, int slot, int sender, int k) {
  return static_cast<std::size_t>(ranks) +
         (static_cast<std::size_t>(slot) * ranks + sender) * kPeerCounters + k;
}

// The gathered counters (thread t's share) and the status word into the host's copy, then the
// barrier's sequence number, each thread's stores fenced before it.
__device__ void post_to_host(const BarrierArgs& a, const unsigned long long* status) {
  const int t = static_cast<int>(threadIdx.x);
  if (a.counters != nullptr) {
    for (int i = t; i < a.ranks * a.count; i += blockDim.x) a.host[i] = a.gathered[i];
  }
  __threadfence_system();
  __syncthreads();
  if (t == 0) {
    a.host[a.ranks * kPeerCounters] = static_cast<std::int64_t>(*status);
    __threadfence_system();
    a.host[a.ranks * kPeerCounters + 1] = static_cast<std::int64_t>(a.sequence);
  }
}

__global__ void peer_barrier_kernel(BarrierArgs a) {
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
      for (int k = t; k < a.count; k += blockDim.x) a.gathered[k] = a.counters[k];
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
          static_cast<std::uint64_t>(a.counters[k]);
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
      const std::int64_t why =
          *a.abandon != 0 ? kAbandoned : (now - start > a.timeout_ns ? kTimedOut : 0);
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

}  // namespace

GpuTransport resolve_transport(GpuTransport asked, std::span<const int> gpus) {
  if (asked == GpuTransport::Nccl) return GpuTransport::Nccl;
  const std::optional<std::pair<int, int>> apart = cuda::first_pair_without_peer_access(gpus);
  if (!apart) return GpuTransport::Peer;
  if (asked == GpuTransport::Peer) {
    throw CudaError("GPU " + std::to_string(apart->first) + " cannot access GPU " +
                    std::to_string(apart->second) +
                    "'s memory (no peer access), which the peer transport needs; use the NCCL "
                    "transport");
  }
  return GpuTransport::Nccl;
}

void enable_peer_access(std::span<const int> gpus) {
  for (const int a : gpus) {
    FRONTIER_CUDA_CHECK(cudaSetDevice(a));
    for (const int b : gpus) {
      if (a == b) continue;
      const cudaError_t status = cudaDeviceEnablePeerAccess(b, 0);
      if (status == cudaErrorPeerAccessAlreadyEnabled) {
        cudaGetLastError();  // that error is not sticky; clear it
        continue;
      }
      FRONTIER_CUDA_CHECK(status);
    }
  }
}

PeerExchange::PeerExchange(int ranks, int rank, int device, cudaStream_t stream,
                           const std::atomic<bool>* abandon)
    : ranks_(ranks), rank_(rank), device_(device), stream_(stream), abandon_(abandon) {
  if (ranks < 1 || rank < 0 || rank >= ranks) {
    throw InvalidArgument("peer exchange: rank " + std::to_string(rank) + " of " +
                          std::to_string(ranks));
  }
  FRONTIER_CUDA_CHECK(cudaSetDevice(device_));
  const auto p = static_cast<std::size_t>(ranks_);
  const std::size_t box_words = p + 2 * p * kPeerCounters;
  d_box_ = cuda::DeviceBuffer<std::uint64_t>(box_words);
  FRONTIER_CUDA_CHECK(cudaMemset(d_box_.data(), 0, box_words * sizeof(std::uint64_t)));
  d_boxes_ = cuda::DeviceBuffer<std::uint64_t*>(p);
  const std::size_t gathered_words = p * kPeerCounters + 1;
  d_gathered_ = cuda::DeviceBuffer<std::int64_t>(gathered_words);
  FRONTIER_CUDA_CHECK(cudaMemset(d_gathered_.data(), 0, gathered_words * sizeof(std::int64_t)));
  // The host's copy, one word longer (the sequence number), written by the GPU in place.
  h_gathered_ = cuda::PinnedBuffer<std::int64_t>(gathered_words + 1, cudaHostAllocMapped);
  std::fill(h_gathered_.data(), h_gathered_.data() + gathered_words + 1, 0);
  d_host_gathered_ = h_gathered_.device_pointer();
  h_abandon_ = cuda::PinnedBuffer<int>(1, cudaHostAllocMapped);
  *h_abandon_.data() = 0;
  d_abandon_ = h_abandon_.device_pointer();
}

PeerExchange::~PeerExchange() {
  // The buffers free themselves on this rank's device.
  cudaSetDevice(device_);
}

void PeerExchange::set_mailboxes(std::span<std::uint64_t* const> boxes) {
  if (static_cast<int>(boxes.size()) != ranks_) {
    throw InvalidArgument("peer exchange: " + std::to_string(boxes.size()) + " mailboxes for " +
                          std::to_string(ranks_) + " ranks");
  }
  FRONTIER_CUDA_CHECK(cudaSetDevice(device_));
  FRONTIER_CUDA_CHECK(cudaMemcpy(d_boxes_.data(), boxes.data(),
                                 boxes.size() * sizeof(std::uint64_t*), cudaMemcpyHostToDevice));
}

void PeerExchange::barrier(const std::int64_t* counters, int count, bool to_host) {
  FRONTIER_CUDA_CHECK(cudaSetDevice(device_));
  BarrierArgs args{};
  args.boxes = d_boxes_.data();
  args.rank = rank_;
  args.ranks = ranks_;
  args.sequence = ++sequence_;
  args.counters = counters;
  args.count = count;
  args.slot = static_cast<int>(reductions_ % 2);
  args.gathered = d_gathered_.data();
  args.host = to_host ? d_host_gathered_ : nullptr;
  args.abandon = d_abandon_;
  args.timeout_ns = static_cast<std::uint64_t>(kPeerWaitSeconds * 1e9);
  peer_barrier_kernel<<<1, 32, 0, stream_>>>(args);
  FRONTIER_CHECK_LAUNCH();
}

void PeerExchange::exchange_bins(std::span<RankBins* const> bins, std::size_t,
                                 std::span<const std::int64_t>) {
  if (ranks_ > 1) barrier(nullptr, 0, false);
  bins[0]->in_place = true;
  bins[0]->recv_stride = 0;
}

void PeerExchange::all_gather(std::span<void* const>, std::size_t) {
  if (ranks_ > 1) barrier(nullptr, 0, false);
}

void PeerExchange::all_reduce_start(std::span<std::int64_t* const> values, int count) {
  if (count > kPeerCounters) {
    throw InvalidArgument("an all-reduce carries at most " + std::to_string(kPeerCounters) +
                          " counters");
  }
  reduce_count_ = count;
  // Every rank's counters and the status word go straight into the host's copy (mapped), the
  // barrier's sequence number last: no copy to queue, and the host sees them as they land.
  barrier(values[0], count, true);
  ++reductions_;
  posted_sequence_ = sequence_;
}

void PeerExchange::all_reduce_finish(std::span<std::int64_t> every_rank) {
  wait_for_host_copy();
  check_barriers();
  const std::size_t values = static_cast<std::size_t>(ranks_) * reduce_count_;
  std::copy(h_gathered_.data(), h_gathered_.data() + values, every_rank.begin());
}

void PeerExchange::warm_up() {
  if (ranks_ == 1) return;
  // Rounds of a level's last step (counters to every rank, copied to the host), each waited for.
  constexpr int kRounds = 8;
  for (int round = 0; round < kRounds; ++round) {
    std::int64_t* spare = d_gathered_.data();  // its own contents as counters (never read)
    all_reduce_start(std::span<std::int64_t* const>(&spare, 1), 1);
    wait_for_host_copy();
    check_barriers();
  }
}

void PeerExchange::wait_for_host_copy() const {
  FRONTIER_CUDA_CHECK(cudaSetDevice(device_));
  const volatile std::int64_t* posted =
      h_gathered_.data() + static_cast<std::size_t>(ranks_) * kPeerCounters + 1;
  // The word is polled on every pass; the stream (a failed kernel never posts) now and then.
  constexpr std::uint64_t kPollsPerQuery = 256;
  for (std::uint64_t polls = 0;; ++polls) {
    if (static_cast<std::uint64_t>(*posted) == posted_sequence_) {
      std::atomic_thread_fence(std::memory_order_acquire);
      return;
    }
    if (polls % kPollsPerQuery == kPollsPerQuery - 1) {
      const cudaError_t status = cudaStreamQuery(stream_);
      if (status != cudaSuccess && status != cudaErrorNotReady) FRONTIER_CUDA_CHECK(status);
      if (status == cudaSuccess && static_cast<std::uint64_t>(*posted) != posted_sequence_) {
        throw Error("distributed bfs: rank " + std::to_string(rank_) + "'s barrier " +
                    std::to_string(posted_sequence_) + " ended without posting its counters");
      }
    }
    if (abandon_ != nullptr && abandon_->load(std::memory_order_relaxed)) {
      // Release this GPU's barrier, which would otherwise wait for the failed rank.
      *reinterpret_cast<volatile int*>(h_abandon_.data()) = 1;
      throw Error("distributed bfs: rank " + std::to_string(rank_) +
                  " gave up its search: another rank failed");
    }
  }
}

void PeerExchange::check_barriers() const {
  const std::int64_t status = h_gathered_.data()[static_cast<std::size_t>(ranks_) * kPeerCounters];
  if (status == 0) return;
  const std::int64_t why = status >> 32;
  const std::int64_t peer = status & 0xffffffff;
  throw Error("distributed bfs: rank " + std::to_string(rank_) + " stopped waiting for rank " +
              std::to_string(peer) +
              (why == kTimedOut ? " after " + std::to_string(static_cast<int>(kPeerWaitSeconds)) +
                                      " s at a barrier (peer transport)"
                                : ": the search was abandoned"));
}

}  // namespace frontier::distributed
