/// @file bfs/distributed/cpu/host_exchange.hpp
/// @brief The exchange of a CPU-simulated distributed search: every rank lives in this process
/// and its bins are host arrays, so an all-to-all is a copy from each sender's bin into each
/// receiver's buffer and an all-gather of counters is a copy. Used by the CI tests of the level
/// loop.
#pragma once

#include <vector>

#include "bfs/distributed/exchange.hpp"

namespace frontier::distributed {

class HostExchange final : public Exchange {
 public:
  /// All `ranks` ranks are local. @throws InvalidArgument if ranks < 1.
  explicit HostExchange(int ranks);

  int ranks() const override { return static_cast<int>(local_ranks_.size()); }
  std::span<const int> local_ranks() const override { return local_ranks_; }
  void exchange_bins(std::span<RankBins* const> bins, std::size_t item_bytes,
                     std::span<const std::int64_t> bin_capacity) override;
  void all_gather(std::span<void* const> buffers, std::size_t bytes_per_rank) override;
  void all_reduce_start(std::span<std::int64_t* const> values, int count) override;
  void all_reduce_finish(std::span<std::int64_t> every_rank) override;

 private:
  std::vector<int> local_ranks_;
  /// The counters of the all-reduce in flight.
  std::vector<std::int64_t*> values_;
  int count_ = 0;
};

}  // namespace frontier::distributed
