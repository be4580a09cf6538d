/// @file bfs/distributed/transport/nccl_exchange.cuh
/// @brief The exchange of the GPU backend: one NCCL communicator and one stream per local rank
/// (GPU). Bin counts and bins move with grouped ncclSend/ncclRecv (a rank's bin to itself
/// included), counters with one ncclAllGather (summed on the host). The same object serves one
/// process driving every GPU (communicators from ncclCommInitAll) and one process per GPU
/// (ncclCommInitRank after an out-of-band broadcast of the unique id).
#pragma once

#include <cuda_runtime.h>
#include <nccl.h>

#include <atomic>
#include <vector>

#include "bfs/distributed/exchange.hpp"
#include "bfs/distributed/transport/symmetric_buffer.cuh"
#include "cuda/pinned_buffer.cuh"

namespace frontier::distributed {

/// One local rank's handles (not owned by the exchange).
struct NcclRankHandle {
  int rank = 0;
  int device = 0;
  ncclComm_t comm = nullptr;
  cudaStream_t stream = nullptr;
};

/// Bytes every part an all-gather over a symmetric window moves must be a multiple of: NCCL
/// 2.28.3's symmetric all-gather got parts of some other sizes wrong (docs/tuning.md).
inline constexpr std::size_t kWindowPartBytes = 8;

class NcclExchange final : public Exchange {
 public:
  /// `ranks` ranks in all; `local` are this process's (or this thread's). Allocates small device
  /// and pinned host scratch per local rank. The exchange's waits for its streams give up with
  /// an Error once `abandon` (optional, outliving the exchange) is set: a rank driven by another
  /// thread has failed and will never join the collective.
  NcclExchange(int ranks, std::vector<NcclRankHandle> local,
               const std::atomic<bool>* abandon = nullptr);
  ~NcclExchange() override;
  NcclExchange(const NcclExchange&) = delete;
  NcclExchange& operator=(const NcclExchange&) = delete;

  int ranks() const override { return ranks_; }
  std::span<const int> local_ranks() const override { return local_rank_ids_; }
  void exchange_bins(std::span<RankBins* const> bins, std::size_t item_bytes,
                     std::span<const std::int64_t> bin_capacity) override;
  void all_gather(std::span<void* const> buffers, std::size_t bytes_per_rank) override;
  void all_reduce_start(std::span<std::int64_t* const> values, int count) override;
  void all_reduce_finish(std::span<std::int64_t> every_rank) override;
  /// Setup, collective over every rank (each local rank's thread or process calls it at the same
  /// point): makes the connections a search's levels use (NCCL 2.22 on connects peers on first
  /// use) with sends and receives of a small and a large message to and from every peer, an
  /// all-gather of counters and one of `bitmap_bytes` per rank in each local rank's `bitmaps`
  /// (their contents are overwritten), and waits for them.
  void connect(std::span<void* const> bitmaps, std::size_t bitmap_bytes);
  /// Setup, collective like connect() (and before it): registers the exchange's counters and
  /// each local rank's `regions[i]` (from ncclMemAlloc, SymmetricBuffer; every rank passes the
  /// same sizes in the same order) as NCCL symmetric windows, so that the all-gathers over them
  /// run NCCL's symmetric kernels (2.27 on), which are faster than the plain all-gathers. Does
  /// nothing without ncclMemAlloc memory.
  /// Every part an all-gather over a window moves must be a multiple of kWindowPartBytes.
  void register_windows(std::span<const std::vector<WindowRegion>> regions);
  /// Collective like register_windows(): deregisters the windows (before their memory is freed).
  void release_windows();
  /// Collective over every rank, like connect(), and a barrier: returns once every rank's GPU
  /// has reached it and the communication paths of a level are up to speed. After a spell
  /// without traffic NCCL's path comes back slowly (a level's communication takes many times
  /// its back-to-back time, exchange_latency.hpp) and needs some traffic to recover, so this
  /// runs a few rounds of a level's small steps (an int64 to and from every peer, the counters'
  /// all-gather), each waited for. A timed search calls it before its clock starts, as an MPI
  /// program's barrier.
  void warm_up() override;

 private:
  /// Every local rank's counters all-gathered (contents not used), queued on the streams.
  void gather_counters();
  /// Waits until local rank i's stream is idle (or throws once abandoned).
  void wait(std::size_t i) const;

  int ranks_;
  std::vector<NcclRankHandle> local_;
  std::vector<int> local_rank_ids_;
  const std::atomic<bool>* abandon_;
  /// Per local rank: every rank's counters, gathered (ranks * kMaxReducedCounters), then
  /// kMaxReducedCounters spare ones (the source of the setup's and warm-up's all-gathers).
  std::vector<SymmetricBuffer<std::int64_t>> d_totals_;
#if FRONTIER_HAVE_NCCL_WINDOWS
  /// Registered windows, all local ranks' (and the local rank each belongs to).
  std::vector<ncclWindow_t> windows_;
  std::vector<std::size_t> window_ranks_;
#endif
  /// Per local rank, pinned: send counts, receive counts, counters and their totals.
  std::vector<cuda::PinnedBuffer<std::int64_t>> h_pinned_;
  /// Counters per rank of the all-reduce in flight.
  int reduce_count_ = 0;
};

}  // namespace frontier::distributed
