// exchange_latency.cu — the communication floor of one distributed BFS level (see
// exchange_latency.hpp): every GPU gets a stream and an exchange of its own: a NcclExchange on
// a communicator (ncclCommInitAll; connected at setup, as a search's) or a PeerExchange (peer
// access enabled, every mailbox known to every rank),
// driven from its own host thread; each repetition lines the threads up at a barrier (after the
// idle pause, in the second and third series; the third also passes the exchange's warm-up) and
// times one small-level exchange plus the counters' all-reduce.

#include "support/cuda/exchange_latency.hpp"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <memory>
#include <numeric>
#include <string>
#include <thread>
#include <vector>

#include "bfs/distributed/rank_search.hpp"
#include "bfs/distributed/rank_threads.hpp"
#include "bfs/distributed/transport/nccl_check.cuh"
#include "bfs/distributed/transport/nccl_exchange.cuh"
#include "bfs/distributed/transport/peer_exchange.cuh"
#include "cuda/cuda_check.cuh"
#include "cuda/device_buffer.cuh"
#include "frontier/detail/timer.hpp"
#include "frontier/device.hpp"
#include "frontier/errors.hpp"

namespace frontier::test {

using distributed::Exchange;
using distributed::kLevelCounters;
using distributed::NcclExchange;
using distributed::NcclRankHandle;
using distributed::PeerExchange;
using distributed::RankBins;
using distributed::RankThreads;

namespace {

constexpr std::int64_t kBinItems = 8;
constexpr std::size_t kItemBytes = 8;  // a (vertex, parent) pair of 32-bit ids
constexpr int kWarmUps = 3;

/// One GPU's part: its buffers (counts and bins out and in, level counters) and exchange.
struct LatencyRank {
  std::unique_ptr<Exchange> exchange;
  /// The same exchange by its kind.
  NcclExchange* nccl = nullptr;
  PeerExchange* peer = nullptr;
  cuda::DeviceBuffer<std::int64_t> words;  // send counts, receive counts, level counters
  cuda::DeviceBuffer<unsigned char> send;
  cuda::DeviceBuffer<unsigned char> recv;
  std::vector<std::int64_t> send_offsets;
  std::vector<std::int64_t> every_rank;  // every rank's counters, gathered
  std::vector<std::int64_t> bin_bounds;  // kBinItems from every rank
  RankBins bins;
};

/// Communicators and streams, released on every path (communicators aborted after a failure:
/// the other ranks' collectives would never complete).
struct NcclHandles {
  std::vector<ncclComm_t> comms;
  std::vector<cudaStream_t> streams;
  bool failed = false;
  ~NcclHandles() {
    for (ncclComm_t comm : comms) {
      if (comm != nullptr) failed ? ncclCommAbort(comm) : ncclCommDestroy(comm);
    }
    for (cudaStream_t stream : streams) cudaStreamDestroy(stream);
  }
};

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return values[values.size() / 2];
}

}  // namespace

ExchangeLatency measure_exchange_latency(int gpus, int repetitions, int idle_milliseconds,
                                         GpuTransport transport) {
  if (gpus < 1 || gpus > cuda_device_count()) {
    throw InvalidArgument("exchange latency: " + std::to_string(gpus) + " GPU(s) asked for, " +
                          std::to_string(cuda_device_count()) + " present");
  }
  repetitions = std::max(repetitions, 1);
  const auto p = static_cast<std::size_t>(gpus);
  std::vector<int> devices(p);
  std::iota(devices.begin(), devices.end(), 0);
  const bool peer = distributed::resolve_transport(transport, devices) == GpuTransport::Peer;
  NcclHandles handles;
  if (peer) {
    distributed::enable_peer_access(devices);
  } else {
    handles.comms.assign(p, nullptr);
    FRONTIER_NCCL_CHECK(ncclCommInitAll(handles.comms.data(), gpus, devices.data()));
  }
  RankThreads threads(gpus);
  std::vector<LatencyRank> ranks(p);
  for (std::size_t r = 0; r < p; ++r) {
    FRONTIER_CUDA_CHECK(cudaSetDevice(devices[r]));
    cudaStream_t stream = nullptr;
    FRONTIER_CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
    handles.streams.push_back(stream);
    LatencyRank& rank = ranks[r];
    if (peer) {
      auto exchange = std::make_unique<PeerExchange>(gpus, static_cast<int>(r), devices[r], stream,
                                                     &threads.failed());
      rank.peer = exchange.get();
      rank.exchange = std::move(exchange);
    } else {
      auto nccl = std::make_unique<NcclExchange>(
          gpus,
          std::vector<NcclRankHandle>{{static_cast<int>(r), devices[r], handles.comms[r], stream}},
          &threads.failed());
      rank.nccl = nccl.get();
      rank.exchange = std::move(nccl);
    }
    rank.words = cuda::DeviceBuffer<std::int64_t>(2 * p + kLevelCounters);
    rank.send = cuda::DeviceBuffer<unsigned char>(p * kBinItems * kItemBytes);
    rank.recv = cuda::DeviceBuffer<unsigned char>(p * kBinItems * kItemBytes);
    FRONTIER_CUDA_CHECK(cudaMemset(rank.words.data(), 0, rank.words.size() * sizeof(std::int64_t)));
    rank.send_offsets.resize(p);
    for (std::size_t q = 0; q < p; ++q)
      rank.send_offsets[q] = static_cast<std::int64_t>(q) * kBinItems;
    rank.every_rank.resize(p * kLevelCounters);
    rank.bin_bounds.assign(p, kBinItems);
    rank.bins.send = rank.send.data();
    rank.bins.send_offsets = rank.send_offsets;
    rank.bins.send_counts = rank.words.data();
    rank.bins.recv = rank.recv.data();
    rank.bins.recv_capacity = static_cast<std::int64_t>(p) * kBinItems;
    rank.bins.recv_counts = rank.words.data() + p;
  }

  if (peer) {
    std::vector<std::uint64_t*> boxes;
    for (const LatencyRank& rank : ranks) boxes.push_back(rank.peer->mailbox());
    for (const LatencyRank& rank : ranks) rank.peer->set_mailboxes(boxes);
  }
  std::vector<std::vector<double>> back_to_back(p), after_idle(p), after_warm_up(p);
  handles.failed = true;  // until every rank is through
  threads.run([&](int i) {
    const auto r = static_cast<std::size_t>(i);
    LatencyRank& rank = ranks[r];
    FRONTIER_CUDA_CHECK(cudaSetDevice(devices[r]));
    RankBins* bins = &rank.bins;
    std::int64_t* counters = rank.words.data() + 2 * p;
    if (rank.nccl != nullptr) rank.nccl->connect({}, 0);
    const auto level = [&] {
      const detail::Timer timer;
      rank.exchange->exchange_bins(std::span<RankBins* const>(&bins, 1), kItemBytes,
                                   rank.bin_bounds);
      rank.exchange->all_reduce_start(std::span<std::int64_t* const>(&counters, 1), kLevelCounters);
      rank.exchange->all_reduce_finish(rank.every_rank);
      return timer.seconds();
    };
    for (int w = 0; w < kWarmUps; ++w) {
      threads.barrier();
      level();
    }
    for (int k = 0; k < repetitions; ++k) {
      threads.barrier();
      back_to_back[r].push_back(level());
    }
    for (int k = 0; k < repetitions; ++k) {
      std::this_thread::sleep_for(std::chrono::milliseconds(idle_milliseconds));
      threads.barrier();
      after_idle[r].push_back(level());
    }
    for (int k = 0; k < repetitions; ++k) {
      std::this_thread::sleep_for(std::chrono::milliseconds(idle_milliseconds));
      threads.barrier();
      rank.exchange->warm_up();
      after_warm_up[r].push_back(level());
    }
  });
  handles.failed = false;
  // Per repetition the slowest rank, then the median.
  const auto slowest = [&](const std::vector<std::vector<double>>& times) {
    std::vector<double> worst(static_cast<std::size_t>(repetitions), 0.0);
    for (const auto& rank_times : times) {
      for (std::size_t k = 0; k < worst.size(); ++k) worst[k] = std::max(worst[k], rank_times[k]);
    }
    return median(worst);
  };
  ExchangeLatency latency;
  latency.gpus = gpus;
  latency.transport = peer ? GpuTransport::Peer : GpuTransport::Nccl;
  latency.back_to_back_seconds = slowest(back_to_back);
  latency.after_idle_seconds = slowest(after_idle);
  latency.after_warm_up_seconds = slowest(after_warm_up);
  latency.idle_milliseconds = idle_milliseconds;
  // The exchanges (and their device buffers) go before the communicators and streams.
  for (std::size_t r = 0; r < p; ++r) {
    FRONTIER_CUDA_CHECK(cudaSetDevice(devices[r]));
    ranks[r] = LatencyRank{};
  }
  return latency;
}

}  // namespace frontier::test
