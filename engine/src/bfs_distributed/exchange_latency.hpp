/// @file bfs_distributed/exchange_latency.hpp
/// @brief The communication floor of one level of the distributed BFS, measured in the same run
/// as a benchmark (internal; plain host C++): NcclExchange's small-level step (counts and
/// fixed-size bins of 8 items to and from every rank) followed by the all-reduce of the level
/// counters, between `gpus` GPUs of this process, one host thread per GPU as in a search. Timed
/// twice: back to back, and after every GPU sat idle for a while (as between searches, when the
/// host gathers and checks results), since idle GPUs come back slowly.
#pragma once

namespace frontier::distributed {

struct ExchangeLatency {
  int gpus = 0;
  /// Median over the repetitions of the slowest rank's wall time, from the first call to the
  /// counters' arrival on the host.
  double back_to_back_seconds = 0.0;
  double after_idle_seconds = 0.0;
  int idle_milliseconds = 0;
};

/// @throws InvalidArgument if gpus < 1 or more than the GPUs present; CudaError / NcclError if a
///         call fails, or in a build without CUDA or NCCL.
ExchangeLatency measure_exchange_latency(int gpus, int repetitions, int idle_milliseconds);

}  // namespace frontier::distributed
