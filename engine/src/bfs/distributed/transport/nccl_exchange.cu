// nccl_exchange.cu — all-to-all of bins and sums of counters between GPUs through NCCL
// (see nccl_exchange.cuh). Per level: one group of count exchanges, a host synchronization to
// read the counts (NCCL needs matching sizes on both sides), one group of bin exchanges that
// stays asynchronous, then one group of counter all-gathers (each rank's counters to every rank,
// read back in one copy) and a host synchronization to read them. Items arrive packed in sender
// order, as the host exchange delivers them. A level whose bins have known small bounds (one per
// sender, bin_capacity) sends counts and each sender's bound of items in one asynchronous group
// instead: one synchronization per level. connect(), at setup, makes every connection those steps
// use; warm_up(), before every search, brings them back up to speed after the idle time between
// searches. The frontier bitmaps and the counters live in NCCL symmetric windows
// (register_windows), whose all-gathers run NCCL's symmetric kernels. NCCL 2.28.3's symmetric
// all-gather moves parts of some sizes wrong, so the parts are rounded up to kWindowPartBytes.
#if FRONTIER_HAVE_NCCL

#include "bfs/distributed/transport/nccl_exchange.cuh"

#include <algorithm>
#include <string>

#include "bfs/distributed/rank_search.hpp"
#include "bfs/distributed/transport/nccl_check.cuh"
#include "bfs/distributed/transport/nccl_library.hpp"
#include "cuda/cuda_check.cuh"

namespace frontier::distributed {
namespace {

// Counters an all-reduce may carry (the level loop sends kLevelCounters).
constexpr int kMaxReducedCounters = 8;
// The large message of connect(), to and from every peer.
constexpr std::size_t kConnectBytes = std::size_t{4} << 20;
// Rounds of warm_up(): fewer leave a cold path slower than warm; more add time and gain little.
constexpr int kWarmUpRounds = 8;

}  // namespace

NcclExchange::NcclExchange(int ranks, std::vector<NcclRankHandle> local,
                           const std::atomic<bool>* abandon)
    : ranks_(ranks), local_(std::move(local)), abandon_(abandon) {
  for (const NcclRankHandle& handle : local_) {
    local_rank_ids_.push_back(handle.rank);
    FRONTIER_CUDA_CHECK(cudaSetDevice(handle.device));
    d_totals_.emplace_back((static_cast<std::size_t>(ranks_) + 1) * kMaxReducedCounters);
    static_assert(
        sizeof(std::int64_t) % kWindowPartBytes == 0 && kFrontierPartLine % kWindowPartBytes == 0,
        "counters and frontier parts are parts a window can all-gather");
    h_pinned_.emplace_back(static_cast<std::size_t>(ranks_) * (2 + kMaxReducedCounters));
  }
}

NcclExchange::~NcclExchange() {
  for (std::size_t i = 0; i < local_.size(); ++i) {
    cudaSetDevice(local_[i].device);
    d_totals_[i] = SymmetricBuffer<std::int64_t>();
    if (i < h_pinned_.size()) h_pinned_[i] = cuda::PinnedBuffer<std::int64_t>();
  }
}

void NcclExchange::wait(std::size_t i) const {
  FRONTIER_CUDA_CHECK(cudaSetDevice(local_[i].device));
  if (abandon_ == nullptr) {
    FRONTIER_CUDA_CHECK(cudaStreamSynchronize(local_[i].stream));
    return;
  }
  for (;;) {
    const cudaError_t status = cudaStreamQuery(local_[i].stream);
    if (status == cudaSuccess) return;
    if (status != cudaErrorNotReady) FRONTIER_CUDA_CHECK(status);
    if (abandon_->load(std::memory_order_relaxed)) {
      throw Error("distributed bfs: rank " + std::to_string(local_[i].rank) +
                  " gave up its search: another rank failed");
    }
  }
}

void NcclExchange::exchange_bins(std::span<RankBins* const> bins, std::size_t item_bytes,
                                 std::span<const std::int64_t> bin_capacity) {
  const int p = ranks_;
  if (!bin_capacity.empty()) {
    // 0. Small level: counts and each sender's bound of items to and from every rank in one
    //    group, no host round trip (the receiver reads its counts on the device). Both sides
    //    know every bound, so a sender with none sends nothing and nothing is posted for it.
    const std::int64_t stride = bin_stride(bin_capacity, p);
    for (std::size_t i = 0; i < local_.size(); ++i) {
      if (p * stride > bins[i]->recv_capacity) {
        throw Error("distributed bfs: rank " + std::to_string(local_[i].rank) + " cannot receive " +
                    std::to_string(p) + " bins of " + std::to_string(stride) + " items");
      }
    }
    FRONTIER_NCCL_CHECK(nccl_library().ncclGroupStart());
    for (std::size_t i = 0; i < local_.size(); ++i) {
      bins[i]->recv_stride = stride;
      const auto* send = static_cast<const unsigned char*>(bins[i]->send);
      auto* recv = static_cast<unsigned char*>(bins[i]->recv);
      const std::size_t out =
          static_cast<std::size_t>(bin_capacity[static_cast<std::size_t>(local_[i].rank)]) *
          item_bytes;
      for (int peer = 0; peer < p; ++peer) {
        const std::size_t in =
            static_cast<std::size_t>(bin_capacity[static_cast<std::size_t>(peer)]) * item_bytes;
        FRONTIER_NCCL_CHECK(nccl_library().ncclSend(bins[i]->send_counts + peer, 1, ncclInt64, peer,
                                                    local_[i].comm, local_[i].stream));
        FRONTIER_NCCL_CHECK(nccl_library().ncclRecv(bins[i]->recv_counts + peer, 1, ncclInt64, peer,
                                                    local_[i].comm, local_[i].stream));
        if (out > 0) {
          FRONTIER_NCCL_CHECK(
              nccl_library().ncclSend(send + bins[i]->send_offsets[peer] * item_bytes, out,
                                      ncclUint8, peer, local_[i].comm, local_[i].stream));
        }
        if (in > 0) {
          FRONTIER_NCCL_CHECK(
              nccl_library().ncclRecv(recv + static_cast<std::size_t>(peer * stride) * item_bytes,
                                      in, ncclUint8, peer, local_[i].comm, local_[i].stream));
        }
      }
    }
    FRONTIER_NCCL_CHECK(nccl_library().ncclGroupEnd());
    return;
  }
  // 1. Counts: one int64 to and from every rank.
  FRONTIER_NCCL_CHECK(nccl_library().ncclGroupStart());
  for (std::size_t i = 0; i < local_.size(); ++i) {
    for (int peer = 0; peer < p; ++peer) {
      FRONTIER_NCCL_CHECK(nccl_library().ncclSend(bins[i]->send_counts + peer, 1, ncclInt64, peer,
                                                  local_[i].comm, local_[i].stream));
      FRONTIER_NCCL_CHECK(nccl_library().ncclRecv(bins[i]->recv_counts + peer, 1, ncclInt64, peer,
                                                  local_[i].comm, local_[i].stream));
    }
  }
  FRONTIER_NCCL_CHECK(nccl_library().ncclGroupEnd());
  for (std::size_t i = 0; i < local_.size(); ++i) {
    FRONTIER_CUDA_CHECK(cudaSetDevice(local_[i].device));
    FRONTIER_CUDA_CHECK(cudaMemcpyAsync(h_pinned_[i].data(), bins[i]->send_counts,
                                        sizeof(std::int64_t) * p, cudaMemcpyDeviceToHost,
                                        local_[i].stream));
    FRONTIER_CUDA_CHECK(cudaMemcpyAsync(h_pinned_[i].data() + p, bins[i]->recv_counts,
                                        sizeof(std::int64_t) * p, cudaMemcpyDeviceToHost,
                                        local_[i].stream));
  }
  for (std::size_t i = 0; i < local_.size(); ++i) {
    wait(i);
    bins[i]->recv_stride = 0;
    bins[i]->h_send_counts.assign(h_pinned_[i].data(), h_pinned_[i].data() + p);
    bins[i]->h_recv_counts.assign(h_pinned_[i].data() + p, h_pinned_[i].data() + 2 * p);
    std::int64_t received = 0;
    for (const std::int64_t count : bins[i]->h_recv_counts) received += count;
    if (received > bins[i]->recv_capacity) {
      throw Error("distributed bfs: rank " + std::to_string(local_[i].rank) + " would receive " +
                  std::to_string(received) + " items, more than its " +
                  std::to_string(bins[i]->recv_capacity));
    }
  }
  // 2. Bins, packed by sender on arrival. Empty bins are skipped on both sides alike.
  FRONTIER_NCCL_CHECK(nccl_library().ncclGroupStart());
  for (std::size_t i = 0; i < local_.size(); ++i) {
    const auto* send = static_cast<const unsigned char*>(bins[i]->send);
    auto* recv = static_cast<unsigned char*>(bins[i]->recv);
    std::int64_t at = 0;
    for (int peer = 0; peer < p; ++peer) {
      const std::int64_t out = bins[i]->h_send_counts[peer];
      if (out > 0) {
        FRONTIER_NCCL_CHECK(nccl_library().ncclSend(send + bins[i]->send_offsets[peer] * item_bytes,
                                                    static_cast<std::size_t>(out) * item_bytes,
                                                    ncclUint8, peer, local_[i].comm,
                                                    local_[i].stream));
      }
      const std::int64_t in = bins[i]->h_recv_counts[peer];
      if (in > 0) {
        FRONTIER_NCCL_CHECK(nccl_library().ncclRecv(
            recv + at * item_bytes, static_cast<std::size_t>(in) * item_bytes, ncclUint8, peer,
            local_[i].comm, local_[i].stream));
      }
      at += in;
    }
  }
  FRONTIER_NCCL_CHECK(nccl_library().ncclGroupEnd());
}

void NcclExchange::all_gather(std::span<void* const> buffers, std::size_t bytes_per_rank) {
#if FRONTIER_HAVE_NCCL_WINDOWS
  if (!windows_.empty() && bytes_per_rank % kWindowPartBytes != 0) {
    throw InvalidArgument("an all-gather over a symmetric window moves parts of a multiple of " +
                          std::to_string(kWindowPartBytes) + " bytes, not " +
                          std::to_string(bytes_per_rank));
  }
#endif
  // From the staging part, at the same offset on every rank, into the gathered parts.
  FRONTIER_NCCL_CHECK(nccl_library().ncclGroupStart());
  for (std::size_t i = 0; i < local_.size(); ++i) {
    auto* buffer = static_cast<unsigned char*>(buffers[i]);
    FRONTIER_NCCL_CHECK(nccl_library().ncclAllGather(
        buffer + static_cast<std::size_t>(ranks_) * bytes_per_rank, buffer, bytes_per_rank,
        ncclUint8, local_[i].comm, local_[i].stream));
  }
  FRONTIER_NCCL_CHECK(nccl_library().ncclGroupEnd());
}

void NcclExchange::all_reduce_start(std::span<std::int64_t* const> values, int count) {
  if (count > kMaxReducedCounters) {
    throw InvalidArgument("an all-reduce carries at most " + std::to_string(kMaxReducedCounters) +
                          " counters");
  }
  const std::size_t p = static_cast<std::size_t>(ranks_);
  reduce_count_ = count;
  // 1. Every rank's counters to every rank (rank r's at r * count): the sums and the rank's own
  //    counters then come back in one copy.
  FRONTIER_NCCL_CHECK(nccl_library().ncclGroupStart());
  for (std::size_t i = 0; i < local_.size(); ++i) {
    FRONTIER_NCCL_CHECK(nccl_library().ncclAllGather(values[i], d_totals_[i].data(),
                                                     static_cast<std::size_t>(count), ncclInt64,
                                                     local_[i].comm, local_[i].stream));
  }
  FRONTIER_NCCL_CHECK(nccl_library().ncclGroupEnd());
  for (std::size_t i = 0; i < local_.size(); ++i) {
    FRONTIER_CUDA_CHECK(cudaSetDevice(local_[i].device));
    FRONTIER_CUDA_CHECK(cudaMemcpyAsync(h_pinned_[i].data() + 2 * p, d_totals_[i].data(),
                                        sizeof(std::int64_t) * p * count, cudaMemcpyDeviceToHost,
                                        local_[i].stream));
  }
}

void NcclExchange::all_reduce_finish(std::span<std::int64_t> every_rank) {
  const std::size_t p = static_cast<std::size_t>(ranks_);
  // Every local rank's copy holds every rank's counters: wait for all, read the first.
  for (std::size_t i = 0; i < local_.size(); ++i) wait(i);
  const std::int64_t* gathered = h_pinned_.front().data() + 2 * p;
  std::copy(gathered, gathered + p * static_cast<std::size_t>(reduce_count_), every_rank.begin());
}

void NcclExchange::connect(std::span<void* const> bitmaps, std::size_t bitmap_bytes) {
  const auto p = static_cast<std::size_t>(ranks_);
  // Scratch per local rank: p blocks out, then p blocks in (contents do not matter).
  std::vector<cuda::DeviceBuffer<unsigned char>> scratch;
  for (const NcclRankHandle& handle : local_) {
    FRONTIER_CUDA_CHECK(cudaSetDevice(handle.device));
    scratch.emplace_back(2 * p * kConnectBytes);
  }
  // 1. Point to point, every peer (itself included), a small and a large message.
  for (const std::size_t bytes : {sizeof(std::int64_t), kConnectBytes}) {
    FRONTIER_NCCL_CHECK(nccl_library().ncclGroupStart());
    for (std::size_t i = 0; i < local_.size(); ++i) {
      unsigned char* base = scratch[i].data();
      for (std::size_t peer = 0; peer < p; ++peer) {
        FRONTIER_NCCL_CHECK(nccl_library().ncclSend(base + peer * kConnectBytes, bytes, ncclUint8,
                                                    static_cast<int>(peer), local_[i].comm,
                                                    local_[i].stream));
        FRONTIER_NCCL_CHECK(nccl_library().ncclRecv(base + (p + peer) * kConnectBytes, bytes,
                                                    ncclUint8, static_cast<int>(peer),
                                                    local_[i].comm, local_[i].stream));
      }
    }
    FRONTIER_NCCL_CHECK(nccl_library().ncclGroupEnd());
  }
  // 2. The counters' all-gather and the frontier bitmap's, at the sizes the levels use.
  gather_counters();
  if (bitmap_bytes > 0) all_gather(bitmaps, bitmap_bytes);
  for (std::size_t i = 0; i < local_.size(); ++i) wait(i);
  for (std::size_t i = 0; i < local_.size(); ++i) {
    FRONTIER_CUDA_CHECK(cudaSetDevice(local_[i].device));
    scratch[i] = cuda::DeviceBuffer<unsigned char>();
  }
}

void NcclExchange::register_windows(std::span<const std::vector<WindowRegion>> regions) {
#if FRONTIER_HAVE_NCCL_WINDOWS
  if (regions.size() != local_.size()) {
    throw InvalidArgument("register_windows: " + std::to_string(regions.size()) +
                          " local ranks' regions for " + std::to_string(local_.size()));
  }
  // The counters' buffer and every region, each from ncclMemAlloc, or nothing (then no rank
  // has that memory: the same NCCL on the same kind of GPU).
  bool symmetric = true;
  for (const SymmetricBuffer<std::int64_t>& totals : d_totals_) symmetric &= totals.from_nccl();
  if (!symmetric) return;
  // Every local rank's regions and its counters, then one registration each (the handles are
  // filled by ncclGroupEnd, so the vector is sized first).
  std::vector<WindowRegion> all;
  for (std::size_t i = 0; i < local_.size(); ++i) {
    for (const WindowRegion& region : regions[i]) {
      all.push_back(region);
      window_ranks_.push_back(i);
    }
    all.push_back({d_totals_[i].data(), d_totals_[i].bytes()});
    window_ranks_.push_back(i);
  }
  windows_.assign(all.size(), nullptr);
  FRONTIER_NCCL_CHECK(nccl_library().ncclGroupStart());
  for (std::size_t w = 0; w < all.size(); ++w) {
    const NcclRankHandle& handle = local_[window_ranks_[w]];
    FRONTIER_CUDA_CHECK(cudaSetDevice(handle.device));
    FRONTIER_NCCL_CHECK(nccl_library().ncclCommWindowRegister(
        handle.comm, all[w].data, all[w].bytes, &windows_[w], NCCL_WIN_COLL_SYMMETRIC));
  }
  FRONTIER_NCCL_CHECK(nccl_library().ncclGroupEnd());
#else
  (void)regions;
#endif
}

void NcclExchange::release_windows() {
#if FRONTIER_HAVE_NCCL_WINDOWS
  for (std::size_t w = 0; w < windows_.size(); ++w) {
    const std::size_t i = window_ranks_[w];
    FRONTIER_CUDA_CHECK(cudaSetDevice(local_[i].device));
    if (windows_[w] != nullptr) {
      FRONTIER_NCCL_CHECK(nccl_library().ncclCommWindowDeregister(local_[i].comm, windows_[w]));
    }
  }
  windows_.clear();
  window_ranks_.clear();
#endif
}

void NcclExchange::warm_up() {
  // A level's two paths, round after round: an int64 to and from every peer (the exchange's),
  // then the counters' all-gather, each round waited for.
  for (int round = 0; round < kWarmUpRounds; ++round) {
    FRONTIER_NCCL_CHECK(nccl_library().ncclGroupStart());
    for (std::size_t i = 0; i < local_.size(); ++i) {
      // Received into words [0, p), sent from word p (contents do not matter).
      std::int64_t* scratch = d_totals_[i].data();
      for (int peer = 0; peer < ranks_; ++peer) {
        FRONTIER_NCCL_CHECK(nccl_library().ncclSend(scratch + ranks_, 1, ncclInt64, peer,
                                                    local_[i].comm, local_[i].stream));
        FRONTIER_NCCL_CHECK(nccl_library().ncclRecv(scratch + peer, 1, ncclInt64, peer,
                                                    local_[i].comm, local_[i].stream));
      }
    }
    FRONTIER_NCCL_CHECK(nccl_library().ncclGroupEnd());
    gather_counters();
    for (std::size_t i = 0; i < local_.size(); ++i) wait(i);
  }
}

void NcclExchange::gather_counters() {
  FRONTIER_NCCL_CHECK(nccl_library().ncclGroupStart());
  for (std::size_t i = 0; i < local_.size(); ++i) {
    // From the spare counters after the gathered ones (the same offset on every rank).
    std::int64_t* totals = d_totals_[i].data();
    FRONTIER_NCCL_CHECK(nccl_library().ncclAllGather(totals + ranks_ * kMaxReducedCounters, totals,
                                                     kMaxReducedCounters, ncclInt64, local_[i].comm,
                                                     local_[i].stream));
  }
  FRONTIER_NCCL_CHECK(nccl_library().ncclGroupEnd());
}

}  // namespace frontier::distributed

#endif  // FRONTIER_HAVE_NCCL
