/// @file support/cuda/exchange_latency.hpp
/// @brief The communication floor of one level of the distributed BFS, measured in the same run
/// as a benchmark (internal; plain host C++): an exchange's small-level step (NCCL: counts and
/// fixed-size bins of 8 items to and from every rank; peer transport: the barrier after which
/// the bins are read in place) followed by the all-reduce of the level counters, between `gpus`
/// GPUs of this process, one host thread per GPU as in a search. Timed three times: back to
/// back; after every GPU sat idle for a while (as between searches, when the host gathers and
/// checks results), since an idle exchange comes back slowly; and after the same idle spell
/// followed by the exchange's warm_up(), as a search starts.
///
/// Why the idle case matters: after a spell without traffic a level's communication through
/// NCCL comes back many times slower; the cost is NCCL's own path going cold (not the clocks,
/// the link or the GPUs), paid by the first levels of a search, and a few untimed rounds of the
/// same traffic warm it again (NcclExchange::warm_up() runs them before every search's clock
/// starts). The probes behind this: docs/tuning.md.
#pragma once

#include "frontier/distributed_bfs.hpp"

namespace frontier::test {

struct ExchangeLatency {
  int gpus = 0;
  /// Peer or Nccl: the one measured.
  GpuTransport transport = GpuTransport::Nccl;
  /// Median over the repetitions of the slowest rank's wall time, from the first call to the
  /// counters' arrival on the host.
  double back_to_back_seconds = 0.0;
  double after_idle_seconds = 0.0;
  double after_warm_up_seconds = 0.0;
  int idle_milliseconds = 0;
};

/// `transport` as DistributedBfs resolves it (Auto: Peer where every pair has peer access).
/// @throws InvalidArgument if gpus < 1 or more than the GPUs present; CudaError if Peer is asked
///         for GPUs without peer access; CudaError / NcclError if a call fails, or in a build
///         without CUDA or NCCL.
ExchangeLatency measure_exchange_latency(int gpus, int repetitions, int idle_milliseconds,
                                         GpuTransport transport);

}  // namespace frontier::test
