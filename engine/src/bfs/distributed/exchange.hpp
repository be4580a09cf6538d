/// @file bfs/distributed/exchange.hpp
/// @brief The exchange interface the distributed level loop is written against (internal, plain
/// host C++): all-to-all of per-destination bins (counts first, then items; or, for a level whose
/// bins are known to be small, counts and bounded bins in one step) and an all-gather of a few
/// 64-bit counters per rank (the level loop sums them). Three implementations: HostExchange
/// (every rank simulated in this process, bins moved through memory; host buffers), NcclExchange
/// (one GPU per rank, grouped ncclSend/ncclRecv and ncclAllGather; device buffers) and
/// PeerExchange (GPUs that load and store each other's memory: nothing moves, the ranks read
/// their peers' bins and frontier parts in place after a barrier). "Exchange space" below means
/// host memory for the first and the rank's device memory for the others.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "frontier/errors.hpp"

namespace frontier::distributed {

/// One rank's buffers for one exchange.
struct RankBins {
  /// Outgoing items packed by destination: destination d's bin starts at item send_offsets[d].
  const void* send = nullptr;
  /// Host, one entry per rank.
  std::span<const std::int64_t> send_offsets;
  /// Exchange space, one entry per rank: items in each bin.
  const std::int64_t* send_counts = nullptr;
  /// Incoming items, packed in order of sender (sender 0's first); room for recv_capacity.
  void* recv = nullptr;
  std::int64_t recv_capacity = 0;
  /// Exchange space, one entry per rank: items received from each sender.
  std::int64_t* recv_counts = nullptr;
  /// Set by the exchange: 0 when the items arrived packed (and the host counts below are
  /// filled); else sender s's items start at item s * recv_stride of `recv`, and their counts are
  /// only in recv_counts.
  std::int64_t recv_stride = 0;
  /// Host copies the exchange fills: items sent to and received from each rank.
  std::vector<std::int64_t> h_send_counts;
  std::vector<std::int64_t> h_recv_counts;
  /// Set by the level loop before the exchange: items the rank can receive at most in this
  /// level (every rank's arcs expanded, summed), or -1 when unknown.
  std::int64_t items_bound = -1;
  /// Set by the exchange: the items stayed in their senders' send buffers (PeerExchange), where
  /// the rank reads its bin of every sender and the sender's count for it; `recv` and the
  /// counts above are not filled.
  bool in_place = false;
};

/// The receive stride of bounded bins (Exchange::exchange_bins): the largest bound, at least 1.
/// @throws InvalidArgument unless there is one bound per rank, none negative.
inline std::int64_t bin_stride(std::span<const std::int64_t> bin_capacity, int ranks) {
  if (static_cast<int>(bin_capacity.size()) != ranks) {
    throw InvalidArgument("bounded bins need one bound per rank: " +
                          std::to_string(bin_capacity.size()) + " for " + std::to_string(ranks));
  }
  std::int64_t stride = 1;
  for (const std::int64_t bound : bin_capacity) {
    if (bound < 0) throw InvalidArgument("a bin bound of " + std::to_string(bound));
    stride = std::max(stride, bound);
  }
  return stride;
}

class Exchange {
 public:
  virtual ~Exchange() = default;
  /// Ranks taking part (in every process).
  virtual int ranks() const = 0;
  /// This process's ranks, in the order their buffers are passed.
  virtual std::span<const int> local_ranks() const = 0;
  /// Collective: the bins (item_bytes per item) from every rank to every rank (a rank's bin to
  /// itself included); the items are in `recv` on return (or will be, in stream order, before the
  /// rank's next work).
  ///  - bin_capacity empty: bin counts first, read back on the host (a synchronization), then
  ///    exactly the items, packed by sender; h_send_counts and h_recv_counts are filled and
  ///    recv_stride is 0.
  ///  - bin_capacity[s] for every rank s (every process passes the same values): the caller
  ///    guarantees that no bin of sender s holds more than bin_capacity[s] items, that that many
  ///    items from each of s's send offsets stay inside its send buffer and that ranks() times
  ///    the largest bound is at most recv_capacity. Counts and blocks of bin_capacity[s] items
  ///    from sender s move together without a host round trip; recv_stride is the largest bound
  ///    (at least 1; sender s's items start at s * recv_stride) and the host counts are not
  ///    filled.
  /// @throws Error if incoming items would overflow a receive buffer.
  virtual void exchange_bins(std::span<RankBins* const> bins, std::size_t item_bytes,
                             std::span<const std::int64_t> bin_capacity) = 0;
  /// Collective: buffers[i] holds ranks() + 1 parts of bytes_per_rank bytes each, local rank i's
  /// own part in the last; afterwards part r of every buffer holds rank r's own part (or, where
  /// ranks read their peers' parts in place, every rank's part is complete and readable).
  virtual void all_gather(std::span<void* const> buffers, std::size_t bytes_per_rank) = 0;
  /// Collective, in two calls: every rank's `count` counters to every process (each local
  /// rank's in exchange space at values[i]). all_reduce_start() queues the gather and the copy to
  /// the host behind each rank's work; all_reduce_finish() waits for them and fills
  /// every_rank[r * count + k] with rank r's counter k, for all ranks() ranks. Nothing else may
  /// be queued in between.
  virtual void all_reduce_start(std::span<std::int64_t* const> values, int count) = 0;
  virtual void all_reduce_finish(std::span<std::int64_t> every_rank) = 0;
  /// Collective, before a timed search (GPU exchanges): returns once every rank has reached it
  /// and a level's communication runs at its warm speed again. Nothing to do where ranks share
  /// one process's memory.
  virtual void warm_up() {}
  /// The ranks read each other's bins and frontier parts where they were written (PeerExchange):
  /// a part complete before the last collective needs no all_gather().
  virtual bool reads_in_place() const { return false; }
};

}  // namespace frontier::distributed
