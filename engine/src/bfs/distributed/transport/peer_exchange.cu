// peer_exchange.cu — barriers and counter all-gathers through peer memory (see
// peer_exchange.cuh; the barrier itself, peer_barrier.cuh). The barrier posts the counters into
// the host's mapped copy: no copy queued after the kernel and no stream query per level, which
// shortens both a level's communication and the host's wait before the next level.
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
#include "cuda/kernel_loading.cuh"
#include "frontier/errors.hpp"

namespace frontier::distributed {
namespace {

__global__ void peer_barrier_kernel(PeerBarrier barrier) { peer_barrier(barrier); }

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
  // A rank that first runs this kernel in a later search (its own kernels took the barriers
  // until then) would load it while its peers wait in the barrier.
  cuda::load_kernel(peer_barrier_kernel);
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

PeerBarrier PeerExchange::next_barrier(const std::int64_t* counters, int count, bool to_host) {
  PeerBarrier args{};
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
  return args;
}

PeerBarrier PeerExchange::next_all_reduce(const std::int64_t* counters, int count) {
  if (count > kPeerCounters) {
    throw InvalidArgument("an all-reduce carries at most " + std::to_string(kPeerCounters) +
                          " counters");
  }
  reduce_count_ = count;
  // Every rank's counters and the status word go straight into the host's copy (mapped), the
  // barrier's sequence number last: no copy to queue, and the host sees them as they land.
  const PeerBarrier args = next_barrier(counters, count, true);
  ++reductions_;
  posted_sequence_ = sequence_;
  return args;
}

void PeerExchange::launch(const PeerBarrier& barrier) {
  FRONTIER_CUDA_CHECK(cudaSetDevice(device_));
  peer_barrier_kernel<<<1, 32, 0, stream_>>>(barrier);
  FRONTIER_CHECK_LAUNCH();
}

std::optional<PeerBarrier> PeerExchange::take_bins_barrier() {
  if (ranks_ == 1) return std::nullopt;
  bins_barrier_taken_ = true;
  return next_barrier(nullptr, 0, false);
}

PeerBarrier PeerExchange::take_all_reduce(const std::int64_t* counters, int count) {
  taken_all_reduce_ = counters;
  return next_all_reduce(counters, count);
}

void PeerExchange::exchange_bins(std::span<RankBins* const> bins, std::size_t,
                                 std::span<const std::int64_t>) {
  if (ranks_ > 1 && !std::exchange(bins_barrier_taken_, false)) {
    launch(next_barrier(nullptr, 0, false));
  }
  bins[0]->in_place = true;
  bins[0]->recv_stride = 0;
}

void PeerExchange::all_gather(std::span<void* const>, std::size_t) {
  if (ranks_ > 1) launch(next_barrier(nullptr, 0, false));
}

void PeerExchange::all_reduce_start(std::span<std::int64_t* const> values, int count) {
  const std::int64_t* taken = std::exchange(taken_all_reduce_, nullptr);
  if (taken == nullptr) {
    launch(next_all_reduce(values[0], count));
  } else if (taken != values[0] || count != reduce_count_) {
    throw Error("distributed bfs: rank " + std::to_string(rank_) +
                "'s search took an all-reduce of other counters than the level's");
  }
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
              (why == kPeerBarrierTimedOut
                   ? " after " + std::to_string(static_cast<int>(kPeerWaitSeconds)) +
                         " s at a barrier (peer transport)"
                   : ": the search was abandoned"));
}

}  // namespace frontier::distributed
