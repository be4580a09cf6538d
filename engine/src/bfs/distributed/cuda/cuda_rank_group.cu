// cuda_rank_group.cu — the GPU backend of DistributedBfs: one rank per GPU, either all driven by
// one process or one per process (ncclCommInitRank with a unique id the launcher broadcast); one
// non-blocking stream per GPU; free memory checked on every GPU before anything is allocated
// (OutOfMemory names bytes needed and free). One process reaches its GPUs through peer memory
// where every pair of them has peer access (PeerExchange; peer access enabled between all of
// them, every rank told every other's addresses), else through NCCL (communicators from
// ncclCommInitAll); processes of one node likewise, through CUDA IPC (ipc_peers.cuh). Each local
// rank has its own exchange; with several local ranks each runs the level loop on its own host
// thread (RankThreads), as separate processes would, so that no thread issues another GPU's
// launches. NCCL (2.22 on) connects peers on first use: the group makes every connection a level
// uses when it is built (NcclExchange::connect; the peer transport's first barriers prove every
// mailbox reachable), and a timed search starts with every rank's thread awake at a barrier and
// every GPU past the exchange's warm_up(). A failed rank makes the others give up (the exchanges'
// waits watch the threads' failure flag); the communicators are then aborted for good.

#include <cuda_runtime.h>
#include <nccl.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "bfs/distributed/cuda/cuda_rank_search.cuh"
#include "bfs/distributed/cuda/cuda_ranks.hpp"
#include "bfs/distributed/rank_threads.hpp"
#include "bfs/distributed/transport/ipc_peers.cuh"
#include "bfs/distributed/transport/nccl_check.cuh"
#include "bfs/distributed/transport/nccl_exchange.cuh"
#include "bfs/distributed/transport/peer_exchange.cuh"
#include "cuda/cuda_check.cuh"
#include "cuda/device_memory.hpp"
#include "cuda/device_query.hpp"
#include "cuda/stream.cuh"
#include "frontier/device.hpp"
#include "frontier/errors.hpp"

namespace frontier::distributed {
namespace {

// Device memory of NCCL's own buffers on every GPU, counted beside the rank's (CUB's scan scratch
// and the rest are the headroom's, device_memory.hpp).
constexpr std::uint64_t kNcclBufferBytes = 256ULL << 20;

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

template <typename VertexT, typename EdgeT>
class GpuRankGroup final : public CudaRankGroup<VertexT, EdgeT> {
 public:
  GpuRankGroup(std::span<const RankGraph<VertexT, EdgeT>> slices, std::span<const int> gpu_ids,
               GpuTransport transport) {
    const int p = static_cast<int>(slices.size());
    if (std::set<int>(gpu_ids.begin(), gpu_ids.end()).size() != gpu_ids.size()) {
      throw InvalidArgument("each rank needs its own GPU; the GPU list repeats one");
    }
    for (const int id : gpu_ids) cuda::require_device(id);
    transport_ = resolve_transport(transport, gpu_ids);
    // 1. Every GPU must hold its rank before anything is allocated.
    for (int r = 0; r < p; ++r) check_memory(slices[r], gpu_ids[r], peer());
    devices_.assign(gpu_ids.begin(), gpu_ids.end());
    comms_.assign(static_cast<std::size_t>(p), nullptr);
    try {
      build(slices);
    } catch (...) {
      release();
      throw;
    }
  }

  /// One rank of a multi-process run: its own slice on process.gpu, the communicator from
  /// ncclCommInitRank; symmetric windows or the peer transport (CUDA IPC, set up over the
  /// communicator) only when every rank is on this node.
  GpuRankGroup(const RankGraph<VertexT, EdgeT>& slice, const ProcessRank& process)
      : transport_(GpuTransport::Nccl), windows_(process.one_node) {
    const int gpu = process.gpu;
    const NcclUniqueId& id = process.id;
    cuda::require_device(gpu);
    check_memory(slice, gpu, false);
    devices_ = {gpu};
    comms_ = {nullptr};
    try {
      ncclUniqueId unique;
      static_assert(sizeof(unique) == sizeof(id.bytes), "an ncclUniqueId is 128 bytes");
      std::memcpy(&unique, id.bytes.data(), sizeof(unique));
      FRONTIER_CUDA_CHECK(cudaSetDevice(gpu));
      FRONTIER_NCCL_CHECK(
          ncclCommInitRank(&comms_[0], slice.distribution.ranks, unique, slice.rank));
      const cudaStream_t stream = streams_.emplace_back().get();
      const int p = slice.distribution.ranks;
      transport_ = resolve_process_transport(process.transport, process.one_node, gpu, slice.rank,
                                             p, comms_[0], stream);
      searches_.push_back(
          std::make_unique<CudaRankSearch<VertexT, EdgeT>>(slice, gpu, stream, peer()));
      pointers_.push_back(searches_.back().get());
      if (peer()) {
        // Every rank's bins, gathered bitmaps and mailbox, opened from its IPC handles.
        auto exchange = std::make_unique<PeerExchange>(p, slice.rank, gpu, stream);
        ipc_peers_ = std::make_unique<IpcPeers<VertexT>>(
            searches_[0]->peer_view(), exchange->mailbox(), slice.rank, p, comms_[0], stream);
        searches_[0]->set_peer_views(ipc_peers_->views());
        exchange->set_mailboxes(ipc_peers_->mailboxes());
        peer_exchanges_.push_back(exchange.get());
        exchanges_.push_back(std::move(exchange));
      } else {
        add_nccl_exchange(std::make_unique<NcclExchange>(
            p, std::vector<NcclRankHandle>{{slice.rank, gpu, comms_[0], stream}}));
      }
      connect(0);
    } catch (...) {
      release();
      throw;
    }
  }

  ~GpuRankGroup() override { release(); }

  // A rank must fit its GPU before anything is allocated.
  static void check_memory(const RankGraph<VertexT, EdgeT>& slice, int gpu, bool peer) {
    cuda::require_device_memory(
        "rank " + std::to_string(slice.rank) + " of the distributed graph on GPU " +
            std::to_string(gpu),
        CudaRankSearch<VertexT, EdgeT>::device_bytes(slice, peer) + kNcclBufferBytes,
        cuda_device_info(gpu).free_bytes);
  }

  std::span<RankSearch<VertexT>* const> ranks() override { return pointers_; }
  GpuTransport transport() const override { return transport_; }

  LevelLoopResult run(VertexT source, const LevelLoopConfig& config) override {
    if (aborted_) {
      throw Error(
          "distributed bfs: a rank failed in an earlier search and the GPU ranks were shut "
          "down; build a new DistributedBfs");
    }
    if (pointers_.size() == 1) {
      // One rank in this process: alone, or one of several processes (MPI), whose clocks start
      // once every GPU has passed the collective warm-up barrier, as after MPI_Barrier (a rank
      // alone passes it too, so that one GPU and several start alike).
      const Clock::time_point warm_up = Clock::now();
      if (peer()) searches_[0]->touch_peer_pages();
      exchanges_[0]->warm_up();
      const double warm_up_seconds = seconds_since(warm_up);
      LevelLoopResult loop = run_level_loop<VertexT>(pointers_, *exchanges_[0], source, config);
      loop.warm_up_seconds = warm_up_seconds;
      return loop;
    }
    // One host thread per rank, each over its rank alone. The clock starts once every thread is
    // awake at the barrier and every GPU has passed the collective warm-up barrier (as separate
    // processes would be after MPI_Barrier before the search) and stops when the last thread's
    // loop ends, so that neither the scheduler's wake-up of sleeping threads nor the wake-up of
    // this one after the others is search time.
    const Clock::time_point warm_up = Clock::now();
    Clock::time_point begin;
    std::vector<Clock::time_point> ends(pointers_.size());
    std::vector<LevelLoopResult> loops(pointers_.size());
    try {
      threads_->run([&](int i) {
        const auto r = static_cast<std::size_t>(i);
        threads_->barrier();
        if (peer()) searches_[r]->touch_peer_pages();
        exchanges_[r]->warm_up();
        if (i == 0) begin = Clock::now();
        loops[r] = run_level_loop<VertexT>(std::span<RankSearch<VertexT>* const>(&pointers_[r], 1),
                                           *exchanges_[r], source, config);
        ends[r] = Clock::now();
      });
    } catch (...) {
      abort_communicators();
      throw;
    }
    const Clock::time_point end = *std::max_element(ends.begin(), ends.end());
    LevelLoopResult merged =
        merge_thread_loops(std::move(loops), std::chrono::duration<double>(end - begin).count());
    merged.warm_up_seconds = std::chrono::duration<double>(begin - warm_up).count();
    return merged;
  }

 private:
  bool peer() const { return transport_ == GpuTransport::Peer; }

  void add_nccl_exchange(std::unique_ptr<NcclExchange> exchange) {
    nccl_exchanges_.push_back(exchange.get());
    exchanges_.push_back(std::move(exchange));
  }

  // 2. Streams (and NCCL communicators); 3. ranks (the slices go up here) and their exchanges;
  // 4. every connection a search uses.
  void build(std::span<const RankGraph<VertexT, EdgeT>> slices) {
    const int p = static_cast<int>(slices.size());
    if (peer()) {
      if (p > kMaxPeerRanks) {
        throw InvalidArgument("the peer transport joins at most " + std::to_string(kMaxPeerRanks) +
                              " GPUs, not " + std::to_string(p));
      }
      enable_peer_access(devices_);
    } else {
      FRONTIER_NCCL_CHECK(ncclCommInitAll(comms_.data(), p, devices_.data()));
    }
    for (int r = 0; r < p; ++r) {
      FRONTIER_CUDA_CHECK(cudaSetDevice(devices_[r]));
      streams_.emplace_back();
    }
    threads_ = std::make_unique<RankThreads>(p);
    for (int r = 0; r < p; ++r) {
      searches_.push_back(std::make_unique<CudaRankSearch<VertexT, EdgeT>>(
          slices[r], devices_[r], streams_[r].get(), peer()));
      pointers_.push_back(searches_.back().get());
      if (peer()) {
        auto exchange = std::make_unique<PeerExchange>(p, r, devices_[r], streams_[r].get(),
                                                       &threads_->failed());
        peer_exchanges_.push_back(exchange.get());
        exchanges_.push_back(std::move(exchange));
      } else {
        add_nccl_exchange(std::make_unique<NcclExchange>(
            p, std::vector<NcclRankHandle>{{r, devices_[r], comms_[r], streams_[r].get()}},
            &threads_->failed()));
      }
    }
    if (peer()) {
      // Every rank learns where the others' bins, frontier parts and mailboxes are.
      std::vector<PeerView<VertexT>> views;
      std::vector<std::uint64_t*> boxes;
      for (int r = 0; r < p; ++r) {
        views.push_back(searches_[r]->peer_view());
        boxes.push_back(peer_exchanges_[r]->mailbox());
      }
      for (int r = 0; r < p; ++r) {
        searches_[r]->set_peer_views(views);
        peer_exchanges_[r]->set_mailboxes(boxes);
      }
    }
    // 4. Every connection a search uses, made now: setup cost, not the first search's (peer:
    //    barriers through every mailbox).
    try {
      threads_->run([&](int i) { connect(static_cast<std::size_t>(i)); });
    } catch (...) {
      abort_communicators();
      throw;
    }
  }

  // Local rank r's exchange registers the rank's collective buffers as symmetric windows (all
  // ranks on one node), then
  // connects every peer and collective a level uses (with the rank's gathered bitmap as the
  // all-gather's buffer).
  void connect(std::size_t r) {
    if (peer()) {
      peer_exchanges_[r]->warm_up();
      return;
    }
    if (windows_) {
      const std::vector<WindowRegion> regions = searches_[r]->window_regions();
      nccl_exchanges_[r]->register_windows(std::span<const std::vector<WindowRegion>>(&regions, 1));
    }
    void* bitmap = pointers_[r]->gathered_bitmap();
    nccl_exchanges_[r]->connect(std::span<void* const>(&bitmap, 1),
                                pointers_[r]->bitmap_words() * sizeof(std::uint32_t));
  }

  // After a failed search: the surviving ranks' collectives will never complete, so the
  // communicators are aborted (their kernels return) and the group refuses further runs.
  void abort_communicators() noexcept {
    aborted_ = true;
    for (ncclComm_t& comm : comms_) {
      if (comm != nullptr) ncclCommAbort(comm);
      comm = nullptr;
    }
  }

  // Frees everything built so far, in reverse order (the windows deregistered collectively
  // first, unless the communicators were aborted); never throws.
  void release() noexcept {
    if (!aborted_ && !nccl_exchanges_.empty() && nccl_exchanges_.size() == comms_.size()) {
      try {
        if (threads_ != nullptr) {
          threads_->run(
              [&](int i) { nccl_exchanges_[static_cast<std::size_t>(i)]->release_windows(); });
        } else {
          for (NcclExchange* exchange : nccl_exchanges_) exchange->release_windows();
        }
      } catch (...) {
        // The communicators are destroyed next, and their windows with them.
      }
    }
    if (ipc_peers_ != nullptr) {
      // The peers' buffers are closed here before any process frees its own (undefined while
      // another process still has them open), unless a failed search left no way to line up.
      ipc_peers_.reset();
      if (!aborted_ && !comms_.empty() && comms_[0] != nullptr && !streams_.empty()) {
        try {
          cudaSetDevice(devices_[0]);
          process_barrier(comms_[0], streams_[0].get());
        } catch (...) {
          // Nothing more can be lined up; the buffers are freed next.
        }
      }
    }
    nccl_exchanges_.clear();
    peer_exchanges_.clear();
    exchanges_.clear();
    pointers_.clear();
    searches_.clear();
    for (ncclComm_t comm : comms_) {
      if (comm != nullptr) ncclCommDestroy(comm);
    }
    for (std::size_t r = 0; r < streams_.size(); ++r) {
      cudaSetDevice(devices_[r]);
      streams_[r].destroy();
    }
    comms_.clear();
    streams_.clear();
    threads_.reset();
  }

  std::vector<int> devices_;
  std::vector<ncclComm_t> comms_;
  std::vector<cuda::Stream> streams_;
  std::vector<std::unique_ptr<CudaRankSearch<VertexT, EdgeT>>> searches_;
  std::vector<RankSearch<VertexT>*> pointers_;
  GpuTransport transport_ = GpuTransport::Nccl;
  /// One per local rank, joining only that rank's communicator and stream (NCCL) or its mailbox
  /// (peer); the same exchanges by their kind.
  std::vector<std::unique_ptr<Exchange>> exchanges_;
  std::vector<NcclExchange*> nccl_exchanges_;
  std::vector<PeerExchange*> peer_exchanges_;
  /// A process of a multi-process run on the peer transport: the other ranks' buffers.
  std::unique_ptr<IpcPeers<VertexT>> ipc_peers_;
  /// Several local ranks only; outlives the exchanges (they watch its failure flag).
  std::unique_ptr<RankThreads> threads_;
  bool aborted_ = false;
  /// The all-gathers' buffers go into NCCL symmetric windows: every rank on one node (always
  /// for one process driving every GPU).
  bool windows_ = true;
};

}  // namespace

template <typename VertexT, typename EdgeT>
std::unique_ptr<CudaRankGroup<VertexT, EdgeT>> make_cuda_rank_group(
    std::span<const RankGraph<VertexT, EdgeT>> slices, std::span<const int> gpu_ids,
    GpuTransport transport) {
  return std::make_unique<GpuRankGroup<VertexT, EdgeT>>(slices, gpu_ids, transport);
}

template <typename VertexT, typename EdgeT>
std::unique_ptr<CudaRankGroup<VertexT, EdgeT>> make_cuda_process_rank(
    const RankGraph<VertexT, EdgeT>& slice, const ProcessRank& process) {
  return std::make_unique<GpuRankGroup<VertexT, EdgeT>>(slice, process);
}

NcclUniqueId nccl_unique_id() {
  ncclUniqueId unique;
  FRONTIER_NCCL_CHECK(ncclGetUniqueId(&unique));
  NcclUniqueId id;
  std::memcpy(id.bytes.data(), &unique, sizeof(unique));
  return id;
}

template std::unique_ptr<CudaRankGroup<std::int32_t, std::int64_t>> make_cuda_process_rank(
    const RankGraph<std::int32_t, std::int64_t>&, const ProcessRank&);
template std::unique_ptr<CudaRankGroup<std::int64_t, std::int64_t>> make_cuda_process_rank(
    const RankGraph<std::int64_t, std::int64_t>&, const ProcessRank&);
template std::unique_ptr<CudaRankGroup<std::int32_t, std::int64_t>> make_cuda_rank_group(
    std::span<const RankGraph<std::int32_t, std::int64_t>>, std::span<const int>, GpuTransport);
template std::unique_ptr<CudaRankGroup<std::int64_t, std::int64_t>> make_cuda_rank_group(
    std::span<const RankGraph<std::int64_t, std::int64_t>>, std::span<const int>, GpuTransport);

}  // namespace frontier::distributed
