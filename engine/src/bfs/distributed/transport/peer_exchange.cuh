/// @file bfs/distributed/transport/peer_exchange.cuh
/// @brief The exchange of GPU ranks that load and store each other's memory (every pair of GPUs
/// with peer access, NVLink or PCIe; one process, or processes of one node through CUDA IPC,
/// ipc_peers.cuh). A rank's bins and frontier parts stay where it wrote them and its peers read
/// them in place, and a bottom-up level stores its next frontier into every rank's memory
/// (CudaRankSearch with peer views); the exchange only orders the ranks, with a barrier in every
/// rank's mailbox (a flag per sender, set to the barrier's sequence number), and gathers the
/// level counters by storing each rank's into every rank's mailbox. A barrier is one small kernel
/// on the rank's stream, so a level has no host round trip but the one for its counters (posted
/// by the barrier into mapped host memory). A rank's kernels may run the barriers after its
/// expansion and its level counters in their last block instead (take_bins_barrier,
/// take_all_reduce): one launch fewer each.
///
/// Invariants: every rank makes the same barriers in the same order (the level loop's calls), so
/// the n-th barrier has sequence number n on every rank; a rank passes barrier n only after every
/// rank has queued everything before its own barrier n, and each rank's stores before it are
/// visible to every GPU (system-scope fence before the flag). Counters go to one of two slots by
/// the parity of the all-reduce: a rank cannot post all-reduce k + 2 before every rank has
/// passed all-reduce k + 1, by which time all have read their slots of k.
/// A rank waits at most kPeerWaitSeconds for a peer, and not at all once the host says the
/// search was abandoned (another rank's thread failed): its barrier then records why and every
/// later barrier returns at once, so the host finds the reason at the level's end.
#pragma once

#include <cuda_runtime.h>

#include <atomic>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "bfs/distributed/exchange.hpp"
#include "bfs/distributed/transport/peer_barrier.cuh"
#include "cuda/device_buffer.cuh"
#include "cuda/pinned_buffer.cuh"
#include "frontier/distributed_bfs.hpp"

namespace frontier::distributed {

/// How long a barrier waits for a peer before it gives up with an error.
inline constexpr double kPeerWaitSeconds = 120.0;

/// The transport `asked` for on `gpus` of one process: Nccl when asked; Peer where every pair of
/// them has peer access; else Nccl for Auto. @throws CudaError naming the first pair without
/// peer access when Peer is asked for.
GpuTransport resolve_transport(GpuTransport asked, std::span<const int> gpus);

/// Lets every GPU of `gpus` load and store every other's memory (already enabled is fine).
void enable_peer_access(std::span<const int> gpus);

/// One rank's exchange (its GPU, its stream; every rank of the group has one).
class PeerExchange final : public Exchange {
 public:
  /// Allocates the rank's mailbox on `device` (the current device afterwards). Its waits give up
  /// with an Error once `abandon` (optional, outliving the exchange) is set.
  PeerExchange(int ranks, int rank, int device, cudaStream_t stream,
               const std::atomic<bool>* abandon = nullptr);
  ~PeerExchange() override;
  PeerExchange(const PeerExchange&) = delete;
  PeerExchange& operator=(const PeerExchange&) = delete;

  /// The rank's mailbox: ranks flags, then 2 * ranks * kPeerCounters counters (every rank stores
  /// into it).
  std::uint64_t* mailbox() const noexcept { return d_box_.data(); }
  /// Setup, once every rank's exchange exists: every rank's mailbox, by rank, as addresses this
  /// rank's GPU can store into (peer access enabled).
  void set_mailboxes(std::span<std::uint64_t* const> boxes);

  int ranks() const override { return ranks_; }
  std::span<const int> local_ranks() const override { return {&rank_, 1}; }
  /// A barrier: afterwards every rank's bins are complete and readable in place (in_place set).
  void exchange_bins(std::span<RankBins* const> bins, std::size_t item_bytes,
                     std::span<const std::int64_t> bin_capacity) override;
  /// A barrier: afterwards every rank's frontier part is complete and readable in place.
  void all_gather(std::span<void* const> buffers, std::size_t bytes_per_rank) override;
  void all_reduce_start(std::span<std::int64_t* const> values, int count) override;
  void all_reduce_finish(std::span<std::int64_t> every_rank) override;
  /// A few barriers carrying counters, each waited for: after an idle spell a barrier through
  /// peer memory is many times slower than back to back.
  void warm_up() override;
  bool reads_in_place() const override { return true; }

  /// A rank's kernel may run a barrier in its last block in place of the exchange's kernel (one
  /// launch fewer; peer_barrier.cuh). take_bins_barrier(), queued after the rank's expansion:
  /// the barrier of this level's exchange_bins(), which then queues nothing (none with one
  /// rank). take_all_reduce(), queued after the rank's level counters are final: the barrier of
  /// the next all_reduce_start(), which must pass the same counters and then queues nothing.
  std::optional<PeerBarrier> take_bins_barrier();
  PeerBarrier take_all_reduce(const std::int64_t* counters, int count);

 private:
  /// The next barrier (its sequence number taken); with `counters`, it also posts `count` of
  /// them to every rank and gathers every rank's into d_gathered_; `to_host`: and into the
  /// host's copy.
  PeerBarrier next_barrier(const std::int64_t* counters, int count, bool to_host);
  /// The next all-reduce's barrier (the host waits for its sequence number).
  PeerBarrier next_all_reduce(const std::int64_t* counters, int count);
  /// Queues `barrier` as a kernel of its own on the rank's stream.
  void launch(const PeerBarrier& barrier);
  /// Waits until the last all-reduce's barrier posted into the host's copy (or throws: the
  /// stream failed, or the search was abandoned, releasing the GPU's barrier first).
  void wait_for_host_copy() const;
  /// Throws if a barrier of this rank stopped waiting (h_gathered_ must be current).
  void check_barriers() const;

  int ranks_;
  int rank_;
  int device_;
  cudaStream_t stream_;
  const std::atomic<bool>* abandon_;
  cuda::DeviceBuffer<std::uint64_t> d_box_;
  /// Every rank's mailbox (device table, ranks entries).
  cuda::DeviceBuffer<std::uint64_t*> d_boxes_;
  /// Every rank's counters of the last all-reduce (ranks * kPeerCounters), then the rank's
  /// barrier status (0, or why it stopped waiting); and the host's copy (mapped, with the
  /// sequence number of the barrier that posted it after them), at its host and device address.
  cuda::DeviceBuffer<std::int64_t> d_gathered_;
  cuda::PinnedBuffer<std::int64_t> h_gathered_;
  std::int64_t* d_host_gathered_ = nullptr;
  std::uint64_t posted_sequence_ = 0;
  /// Mapped host word the GPU's barriers poll: set once this rank's search is abandoned.
  cuda::PinnedBuffer<int> h_abandon_;
  int* d_abandon_ = nullptr;
  std::uint64_t sequence_ = 0;
  std::uint64_t reductions_ = 0;
  int reduce_count_ = 0;
  /// What the rank's kernels took: the next exchange_bins() barrier, the next all-reduce's (its
  /// counters).
  bool bins_barrier_taken_ = false;
  const std::int64_t* taken_all_reduce_ = nullptr;
};

}  // namespace frontier::distributed
