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
/// What goes cold (H200 x2, 2026-11-22, a standalone probe; 64-byte NCCL send/recv each way,
/// median of 7, slowest rank): 20-25 us after 1 ms without NCCL traffic, 60 us after 5 ms,
/// 180-200 us after 20 ms, 305-320 us after 100-500 ms. The SM clock (NVML) stays at 1980 MHz
/// throughout; keeping both GPUs computing during the pause leaves 260-270 us, and keeping
/// NVLink busy with a 64-byte peer copy every 100 us leaves 270-290 us, while one 64-byte NCCL
/// send/recv per millisecond keeps it at 30-40 us. So the cost is NCCL's own path going cold
/// (not the clocks, the link or the GPUs), paid by the first levels of a search. It is
/// the P2P transport's path: NCCL_PROTO (Simple / LL / LL128), NCCL_LAUNCH_MODE=GROUP and one
/// channel change nothing (300-325 us), NCCL_P2P_USE_CUDA_MEMCPY=1 gives 223 us, and
/// NCCL_P2P_LEVEL=LOC (the shared-memory transport instead of NVLink P2P) 108 us cold but 52 us
/// warm (25-45 us over P2P).
/// Elsewhere in the same probe: a plain kernel launch + sync on one GPU takes 9-12 us after up
/// to 5 ms idle and 60-75 us after 20-500 ms; a 64-byte cudaMemcpyPeer 8-16 us after up to
/// 20 ms and 155-160 us after 100-500 ms.
/// What warms it (H200 x4, same day, a level's communication: counts and 64 B to and from every
/// peer plus the counters' all-gather): 540 us after 100 ms idle, then 254 / 114 / 42 / 38 / 36
/// us after 1 / 2 / 4 / 8 / 16 untimed rounds of the same, each waited for (36-37 us back to
/// back): about a millisecond of traffic. NcclExchange::warm_up() runs 8 such rounds before
/// every search's clock starts.
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
