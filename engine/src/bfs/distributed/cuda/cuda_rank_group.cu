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
#include <functional>
#include <limits>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "bfs/distributed/cuda/cuda_rank_search.cuh"
#include "bfs/distributed/cuda/cuda_ranks.hpp"
#include "bfs/distributed/cuda/rank_validate.cuh"
#include "bfs/distributed/rank_threads.hpp"
#include "bfs/distributed/transport/ipc_peers.cuh"
#include "bfs/distributed/transport/nccl_check.cuh"
#include "bfs/distributed/transport/nccl_exchange.cuh"
#include "bfs/distributed/transport/nccl_library.hpp"
#include "bfs/distributed/transport/peer_exchange.cuh"
#include "cuda/cuda_check.cuh"
#include "cuda/device_memory.hpp"
#include "cuda/device_query.hpp"
#include "cuda/stream.cuh"
#include "frontier/device.hpp"
#include "frontier/errors.hpp"
#include "frontier/memory_sizing.hpp"
#include "graph/cuda/rank_slice_build.cuh"

namespace frontier::distributed {
namespace {

// NCCL's own buffers on every GPU are counted beside the rank's (CUB's scan scratch and the rest
// are the headroom's, device_memory.hpp).
constexpr std::uint64_t kNcclBufferBytes = kDistributedNcclBufferBytes;

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
    for (const auto& slice : slices) total_arcs_ += static_cast<std::int64_t>(slice.local_arcs());
    try {
      build(p, [&](int r, cudaStream_t stream) {
        return std::make_unique<CudaRankSearch<VertexT, EdgeT>>(slices[r], devices_[r], stream,
                                                                peer());
      });
    } catch (...) {
      release();
      throw;
    }
  }

  /// Kernel 1 on the GPUs: rank r's slice of the Kronecker graph built on gpu_ids[r].
  GpuRankGroup(const KroneckerParams& params, VertexLayout layout, std::span<const int> gpu_ids,
               GpuTransport transport) {
    const int p = static_cast<int>(gpu_ids.size());
    if (p < 1) throw InvalidArgument("a distributed graph needs at least one GPU");
    if (std::set<int>(gpu_ids.begin(), gpu_ids.end()).size() != gpu_ids.size()) {
      throw InvalidArgument("each rank needs its own GPU; the GPU list repeats one");
    }
    const VertexDistribution<VertexT> distribution = kronecker_distribution(params, layout, p);
    for (const int id : gpu_ids) cuda::require_device(id);
    transport_ = resolve_transport(transport, gpu_ids);
    devices_.assign(gpu_ids.begin(), gpu_ids.end());
    comms_.assign(static_cast<std::size_t>(p), nullptr);
    try {
      threads_ = std::make_unique<RankThreads>(p);
      std::vector<int> ranks(static_cast<std::size_t>(p));
      for (int r = 0; r < p; ++r) ranks[r] = r;
      std::vector<cuda::DeviceRankSlice<VertexT, EdgeT>> built =
          build_slices(params, distribution, ranks);
      for (const auto& slice : built) total_arcs_ += static_cast<std::int64_t>(slice.arcs);
      build(p, [&](int r, cudaStream_t stream) {
        return std::make_unique<CudaRankSearch<VertexT, EdgeT>>(std::move(built[r]), distribution,
                                                                r, devices_[r], stream, peer());
      });
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
    cuda::require_device(process.gpu);
    check_memory(slice, process.gpu, false);
    devices_ = {process.gpu};
    comms_ = {nullptr};
    total_arcs_ = process.num_arcs;
    try {
      join(process, slice.distribution.ranks, [&](cudaStream_t stream) {
        return std::make_unique<CudaRankSearch<VertexT, EdgeT>>(slice, process.gpu, stream, peer());
      });
    } catch (...) {
      release();
      throw;
    }
  }

  /// One rank of a multi-process run building its own slice of the Kronecker graph on
  /// process.gpu; the ranks' arc counts are summed over the communicator.
  GpuRankGroup(const KroneckerParams& params, VertexLayout layout, const ProcessRank& process)
      : transport_(GpuTransport::Nccl), windows_(process.one_node) {
    const VertexDistribution<VertexT> distribution =
        kronecker_distribution(params, layout, process.ranks);
    if (process.rank < 0 || process.rank >= process.ranks) {
      throw InvalidArgument("process rank " + std::to_string(process.rank) +
                            " is out of range for " + std::to_string(process.ranks) + " ranks");
    }
    cuda::require_device(process.gpu);
    devices_ = {process.gpu};
    comms_ = {nullptr};
    try {
      std::vector<cuda::DeviceRankSlice<VertexT, EdgeT>> built =
          build_slices(params, distribution, std::vector<int>{process.rank});
      const auto own_arcs = static_cast<std::int64_t>(built[0].arcs);
      join(process, process.ranks, [&](cudaStream_t stream) {
        put_own_hubs_first(built[0], distribution, process.rank, stream);
        total_arcs_ = sum_over_ranks(own_arcs, stream);
        return std::make_unique<CudaRankSearch<VertexT, EdgeT>>(
            std::move(built[0]), distribution, process.rank, process.gpu, stream, peer());
      });
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

  // A rank whose slice was counted on its GPU (its offsets there) must fit the rest: the arcs
  // and the build's peak beside them, then the search buffers and NCCL's, before either is made.
  static void check_built_memory(const VertexDistribution<VertexT>& distribution, int rank,
                                 std::uint64_t arcs, int gpu, bool peer) {
    const auto local = static_cast<std::uint64_t>(distribution.local_count(rank));
    using Target = GpuRankTarget<VertexT>;
    DeviceCsrBuildBytes build =
        device_csr_build_bytes(local, arcs, IdBytes{sizeof(Target), sizeof(EdgeT)});
    build.degree_table = degree_table_bytes(distribution);
    const std::uint64_t building = build.peak() - build.offsets;
    const std::uint64_t searching =
        cuda::device_bytes_for<Target>(arcs) +
        CudaRankSearch<VertexT, EdgeT>::device_bytes(distribution, rank, arcs, peer, true) +
        kNcclBufferBytes;
    cuda::require_device_memory(
        "rank " + std::to_string(rank) + " of the distributed graph on GPU " + std::to_string(gpu) +
            " (its " + std::to_string(arcs) + " arcs built there, then its search buffers)",
        std::max(building, searching), cuda_device_info(gpu).free_bytes);
  }

  std::span<RankSearch<VertexT>* const> ranks() override { return pointers_; }

  std::int64_t local_arcs(std::size_t i) const override {
    return static_cast<std::int64_t>(searches_.at(i)->local_arcs());
  }

  std::int64_t total_arcs() const override { return total_arcs_; }

  std::int64_t degree(VertexT v) const override {
    for (const auto& search : searches_) {
      const VertexDistribution<VertexT>& distribution = search->distribution();
      if (v >= 0 && v < distribution.num_vertices && distribution.owner(v) == search->rank()) {
        return static_cast<std::int64_t>(search->degree(distribution.local(v)));
      }
    }
    throw InvalidArgument("vertex " + std::to_string(v) + " is not owned by a rank here");
  }

  RankCheck check(std::size_t i, VertexT source, std::span<const VertexT> parent,
                  std::span<const std::int32_t> depth) override {
    return check_rank_on_device(*searches_.at(i), false, source, parent, depth);
  }

  InPlaceCheck check_in_place(VertexT source) override {
    if (static_cast<int>(searches_.size()) == searches_.front()->distribution().ranks) {
      return check_ranks_in_place<VertexT, EdgeT>(searches_, source, in_place_check_);
    }
    in_place_check_.resize(1);
    return check_process_rank_in_place(*searches_.front(), comms_.front(), source,
                                       in_place_check_.front());
  }

  RankGraph<VertexT, EdgeT> slice_to_host(std::size_t i) const override {
    return searches_.at(i)->slice_to_host();
  }
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
  void build(int p, const std::function<std::unique_ptr<CudaRankSearch<VertexT, EdgeT>>(
                        int, cudaStream_t)>& make_search) {
    if (peer()) {
      if (p > kMaxPeerRanks) {
        throw InvalidArgument("the peer transport joins at most " + std::to_string(kMaxPeerRanks) +
                              " GPUs, not " + std::to_string(p));
      }
      enable_peer_access(devices_);
    } else {
      FRONTIER_NCCL_CHECK(nccl_library().ncclCommInitAll(comms_.data(), p, devices_.data()));
    }
    for (int r = 0; r < p; ++r) {
      FRONTIER_CUDA_CHECK(cudaSetDevice(devices_[r]));
      streams_.emplace_back();
    }
    if (threads_ == nullptr) threads_ = std::make_unique<RankThreads>(p);
    for (int r = 0; r < p; ++r) {
      FRONTIER_CUDA_CHECK(cudaSetDevice(devices_[r]));
      searches_.push_back(make_search(r, streams_[r].get()));
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
        searches_[r]->run_barriers_in_kernels(*peer_exchanges_[r]);
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

  // One process's rank joins the others: the communicator, its stream, the transport, the rank
  // (made by make_search on that stream) and its exchange, every connection made.
  void join(const ProcessRank& process, int p,
            const std::function<std::unique_ptr<CudaRankSearch<VertexT, EdgeT>>(cudaStream_t)>&
                make_search) {
    const int gpu = process.gpu;
    ncclUniqueId unique;
    static_assert(sizeof(unique) == sizeof(process.id.bytes), "an ncclUniqueId is 128 bytes");
    std::memcpy(&unique, process.id.bytes.data(), sizeof(unique));
    FRONTIER_CUDA_CHECK(cudaSetDevice(gpu));
    FRONTIER_NCCL_CHECK(nccl_library().ncclCommInitRank(&comms_[0], p, unique, process.rank));
    const cudaStream_t stream = streams_.emplace_back().get();
    transport_ = resolve_process_transport(process.transport, process.one_node, gpu, process.rank,
                                           p, comms_[0], stream);
    searches_.push_back(make_search(stream));
    pointers_.push_back(searches_.back().get());
    if (peer()) {
      // Every rank's bins, gathered bitmaps and mailbox, opened from its IPC handles.
      auto exchange = std::make_unique<PeerExchange>(p, process.rank, gpu, stream);
      ipc_peers_ = std::make_unique<IpcPeers<VertexT>>(
          searches_[0]->peer_view(), exchange->mailbox(), process.rank, p, comms_[0], stream);
      searches_[0]->set_peer_views(ipc_peers_->views());
      exchange->set_mailboxes(ipc_peers_->mailboxes());
      searches_[0]->run_barriers_in_kernels(*exchange);
      peer_exchanges_.push_back(exchange.get());
      exchanges_.push_back(std::move(exchange));
    } else {
      add_nccl_exchange(std::make_unique<NcclExchange>(
          p, std::vector<NcclRankHandle>{{process.rank, gpu, comms_[0], stream}}));
    }
    connect(0);
  }

  // The sum of every process's `value` over the communicator (on `stream`, waited for).
  std::int64_t sum_over_ranks(std::int64_t value, cudaStream_t stream) {
    cuda::DeviceBuffer<std::int64_t> d_value(1);
    FRONTIER_CUDA_CHECK(
        cudaMemcpyAsync(d_value.data(), &value, sizeof(value), cudaMemcpyHostToDevice, stream));
    FRONTIER_NCCL_CHECK(nccl_library().ncclAllReduce(d_value.data(), d_value.data(), 1, ncclInt64,
                                                     ncclSum, comms_[0], stream));
    std::int64_t sum = 0;
    FRONTIER_CUDA_CHECK(
        cudaMemcpyAsync(&sum, d_value.data(), sizeof(sum), cudaMemcpyDeviceToHost, stream));
    FRONTIER_CUDA_CHECK(cudaStreamSynchronize(stream));
    return sum;
  }

  // Kernel 1 for ranks[i] on devices_[i], every GPU at once (one host thread each where there
  // are several): pass 1 everywhere, every GPU sized for the rest, then pass 2 and the sort.
  std::vector<cuda::DeviceRankSlice<VertexT, EdgeT>> build_slices(
      const KroneckerParams& params, const VertexDistribution<VertexT>& distribution,
      const std::vector<int>& ranks) {
    const std::size_t count = ranks.size();
    const auto on_every_gpu = [&](const std::function<void(int)>& job) {
      if (threads_ != nullptr && count > 1) {
        threads_->run(job);
      } else {
        for (std::size_t i = 0; i < count; ++i) job(static_cast<int>(i));
      }
    };
    std::vector<cuda::DeviceRankSlice<VertexT, EdgeT>> built(count);
    on_every_gpu([&](int i) {
      built[i] = cuda::count_kronecker_rank_slice<VertexT, EdgeT>(params, distribution, ranks[i],
                                                                  devices_[i]);
    });
    // A process's own rank is sized for NCCL (its transport is settled later, and NCCL's receive
    // buffer outweighs the peer transport's bitmaps), as check_memory() sizes it.
    const bool peer_sizes = count > 1 && peer();
    for (std::size_t i = 0; i < count; ++i) {
      check_built_memory(distribution, ranks[i], static_cast<std::uint64_t>(built[i].arcs),
                         devices_[i], peer_sizes);
    }
    on_every_gpu([&](int i) {
      cuda::fill_kronecker_rank_slice(built[i], params, distribution, ranks[i], devices_[i]);
    });
    // Hubs first where every rank is here (a process of an MPI run puts its own after joining
    // the communicator): each GPU makes its part of the degree table and copies it into the
    // others' tables.
    if (static_cast<int>(count) == distribution.ranks) {
      const auto stride = static_cast<std::size_t>(distribution.max_local_count());
      std::vector<cuda::DeviceBuffer<std::uint32_t>> tables(count);
      on_every_gpu([&](int i) {
        tables[i] = degree_table(distribution, devices_[i]);
        cuda::rank_slice_degrees(built[i], distribution, ranks[i], devices_[i],
                                 tables[i].data() + static_cast<std::size_t>(ranks[i]) * stride);
      });
      for (std::size_t from = 0; from < count; ++from) {
        const std::size_t at = static_cast<std::size_t>(ranks[from]) * stride;
        for (std::size_t to = 0; to < count; ++to) {
          if (to == from) continue;
          FRONTIER_CUDA_CHECK(cudaMemcpyPeer(tables[to].data() + at, devices_[to],
                                             tables[from].data() + at, devices_[from],
                                             stride * sizeof(std::uint32_t)));
        }
      }
      for (std::size_t i = 0; i < count; ++i) {
        FRONTIER_CUDA_CHECK(cudaSetDevice(devices_[i]));
        FRONTIER_CUDA_CHECK(cudaDeviceSynchronize());
      }
      on_every_gpu([&](int i) {
        cuda::put_rank_slice_hubs_first(built[i], distribution, ranks[i], devices_[i],
                                        tables[i].data());
        tables[i] = cuda::DeviceBuffer<std::uint32_t>();
      });
    }
    return built;
  }

  // The rank's own hubs first in a process of an MPI run: the degree table all-gathered over the
  // communicator, on `stream` (waited for).
  void put_own_hubs_first(cuda::DeviceRankSlice<VertexT, EdgeT>& slice,
                          const VertexDistribution<VertexT>& distribution, int rank,
                          cudaStream_t stream) {
    const auto stride = static_cast<std::size_t>(distribution.max_local_count());
    cuda::DeviceBuffer<std::uint32_t> table = degree_table(distribution, devices_[0]);
    std::uint32_t* own = table.data() + static_cast<std::size_t>(rank) * stride;
    cuda::rank_slice_degrees(slice, distribution, rank, devices_[0], own);
    FRONTIER_NCCL_CHECK(
        nccl_library().ncclAllGather(own, table.data(), stride, ncclUint32, comms_[0], stream));
    FRONTIER_CUDA_CHECK(cudaStreamSynchronize(stream));
    cuda::put_rank_slice_hubs_first(slice, distribution, rank, devices_[0], table.data());
  }

  static std::uint64_t degree_table_bytes(const VertexDistribution<VertexT>& distribution) {
    return rank_degree_table_bytes(static_cast<std::uint64_t>(distribution.ranks),
                                   static_cast<std::uint64_t>(distribution.max_local_count()));
  }

  // The degree table of hubs first on `gpu`, sized against its free memory first.
  static cuda::DeviceBuffer<std::uint32_t> degree_table(
      const VertexDistribution<VertexT>& distribution, int gpu) {
    FRONTIER_CUDA_CHECK(cudaSetDevice(gpu));
    const std::uint64_t entries = static_cast<std::uint64_t>(distribution.ranks) *
                                  static_cast<std::uint64_t>(distribution.max_local_count());
    cuda::require_device_memory("the degree table of hubs first (" + std::to_string(entries) +
                                    " vertices) on GPU " + std::to_string(gpu),
                                degree_table_bytes(distribution), cuda_device_info(gpu).free_bytes);
    return cuda::DeviceBuffer<std::uint32_t>(entries);
  }

  // The distribution of a Kronecker graph of `params` over p ranks.
  static VertexDistribution<VertexT> kronecker_distribution(const KroneckerParams& params,
                                                            VertexLayout layout, int p) {
    if (params.scale < 0 || params.scale >= std::numeric_limits<VertexT>::digits) {
      throw InvalidArgument("Kronecker scale " + std::to_string(params.scale) +
                            " does not fit the vertex id type");
    }
    return {layout, static_cast<VertexT>(std::uint64_t{1} << params.scale), p};
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
      if (comm != nullptr) nccl_library().ncclCommAbort(comm);
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
      if (comm != nullptr) nccl_library().ncclCommDestroy(comm);
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
  /// check_in_place's buffers, one per rank, from the first check on.
  std::vector<InPlaceCheckBuffers> in_place_check_;
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
  /// Arcs of every rank of the run.
  std::int64_t total_arcs_ = 0;
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

template <typename VertexT, typename EdgeT>
std::unique_ptr<CudaRankGroup<VertexT, EdgeT>> make_kronecker_rank_group(
    const KroneckerParams& params, VertexLayout layout, std::span<const int> gpu_ids,
    GpuTransport transport) {
  return std::make_unique<GpuRankGroup<VertexT, EdgeT>>(params, layout, gpu_ids, transport);
}

template <typename VertexT, typename EdgeT>
std::unique_ptr<CudaRankGroup<VertexT, EdgeT>> make_kronecker_process_rank(
    const KroneckerParams& params, VertexLayout layout, const ProcessRank& process) {
  return std::make_unique<GpuRankGroup<VertexT, EdgeT>>(params, layout, process);
}

NcclUniqueId nccl_unique_id() {
  ncclUniqueId unique;
  FRONTIER_NCCL_CHECK(nccl_library().ncclGetUniqueId(&unique));
  NcclUniqueId id;
  std::memcpy(id.bytes.data(), &unique, sizeof(unique));
  return id;
}

FRONTIER_INSTANTIATE_CUDA_RANK_GROUPS(std::int32_t)
FRONTIER_INSTANTIATE_CUDA_RANK_GROUPS(std::int64_t)

}  // namespace frontier::distributed
