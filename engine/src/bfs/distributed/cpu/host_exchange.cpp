// host_exchange.cpp — all-to-all and all-reduce between ranks simulated in one process (see
// host_exchange.hpp). Receivers get items packed in sender order, as NCCL delivers them.
#include "bfs/distributed/cpu/host_exchange.hpp"

#include <cstring>
#include <string>

#include "frontier/errors.hpp"

namespace frontier::distributed {

HostExchange::HostExchange(int ranks) {
  if (ranks < 1) throw InvalidArgument("an exchange needs at least one rank");
  for (int r = 0; r < ranks; ++r) local_ranks_.push_back(r);
}

void HostExchange::exchange_bins(std::span<RankBins* const> bins, std::size_t item_bytes,
                                 std::span<const std::int64_t> bin_capacity) {
  const int p = ranks();
  if (static_cast<int>(bins.size()) != p) {
    throw InvalidArgument("a host exchange needs the bins of all " + std::to_string(p) + " ranks");
  }
  if (!bin_capacity.empty()) {
    // Bounded bins: sender s's items at s * stride, counts only in recv_counts.
    const std::int64_t stride = bin_stride(bin_capacity, p);
    for (int d = 0; d < p; ++d) {
      if (p * stride > bins[d]->recv_capacity) {
        throw Error("distributed bfs: rank " + std::to_string(d) + " cannot receive " +
                    std::to_string(p) + " bins of " + std::to_string(stride) + " items");
      }
      bins[d]->recv_stride = stride;
      auto* recv = static_cast<unsigned char*>(bins[d]->recv);
      for (int s = 0; s < p; ++s) {
        const std::int64_t count = bins[s]->send_counts[d];
        if (count > bin_capacity[static_cast<std::size_t>(s)]) {
          throw Error("distributed bfs: rank " + std::to_string(s) + " binned " +
                      std::to_string(count) + " items for rank " + std::to_string(d) +
                      ", more than the level's bound of " +
                      std::to_string(bin_capacity[static_cast<std::size_t>(s)]));
        }
        bins[d]->recv_counts[s] = count;
        if (count > 0) {
          const auto* send = static_cast<const unsigned char*>(bins[s]->send);
          std::memcpy(recv + s * stride * static_cast<std::int64_t>(item_bytes),
                      send + bins[s]->send_offsets[d] * item_bytes,
                      static_cast<std::size_t>(count) * item_bytes);
        }
      }
    }
    return;
  }
  // 1. Counts.
  for (int s = 0; s < p; ++s) bins[s]->recv_stride = 0;
  for (int s = 0; s < p; ++s) {
    bins[s]->h_send_counts.assign(bins[s]->send_counts, bins[s]->send_counts + p);
    bins[s]->h_recv_counts.assign(static_cast<std::size_t>(p), 0);
  }
  for (int d = 0; d < p; ++d) {
    for (int s = 0; s < p; ++s) {
      bins[d]->recv_counts[s] = bins[s]->send_counts[d];
      bins[d]->h_recv_counts[s] = bins[s]->send_counts[d];
    }
  }
  // 2. Items, packed by sender.
  for (int d = 0; d < p; ++d) {
    std::int64_t at = 0;
    auto* recv = static_cast<unsigned char*>(bins[d]->recv);
    for (int s = 0; s < p; ++s) {
      const std::int64_t count = bins[d]->h_recv_counts[s];
      if (at + count > bins[d]->recv_capacity) {
        throw Error("distributed bfs: rank " + std::to_string(d) + " would receive more than " +
                    std::to_string(bins[d]->recv_capacity) + " items");
      }
      if (count > 0) {
        const auto* send = static_cast<const unsigned char*>(bins[s]->send);
        std::memcpy(recv + at * item_bytes, send + bins[s]->send_offsets[d] * item_bytes,
                    static_cast<std::size_t>(count) * item_bytes);
      }
      at += count;
    }
  }
}

void HostExchange::all_gather(std::span<void* const> buffers, std::size_t bytes_per_rank) {
  const int p = ranks();
  for (int d = 0; d < p; ++d) {
    for (int s = 0; s < p; ++s) {
      std::memcpy(static_cast<unsigned char*>(buffers[d]) + s * bytes_per_rank,
                  static_cast<const unsigned char*>(buffers[s]) + p * bytes_per_rank,
                  bytes_per_rank);
    }
  }
}

void HostExchange::all_reduce_start(std::span<std::int64_t* const> values, int count) {
  values_.assign(values.begin(), values.end());
  count_ = count;
}

void HostExchange::all_reduce_finish(std::span<std::int64_t> every_rank) {
  for (std::size_t r = 0; r < values_.size(); ++r) {
    for (int k = 0; k < count_; ++k) every_rank[r * count_ + k] = values_[r][k];
  }
}

}  // namespace frontier::distributed
