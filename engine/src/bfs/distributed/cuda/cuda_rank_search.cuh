/// @file bfs/distributed/cuda/cuda_rank_search.cuh
/// @brief One rank of the distributed BFS on its own GPU: the slice resident in device memory,
/// every per-search buffer allocated once (sized from the distribution: a send buffer of
/// num_vertices items, a receive buffer of ranks * local_count items, bitmasks, queues), work
/// queued on the rank's stream. No allocation and no host synchronization inside a level; the
/// exchange synchronizes twice per large top-down level (bin counts, frontier size) and once per
/// small top-down level (bounded bins, see exchange.hpp) or bottom-up level (frontier size).
///
/// Bottom-up levels run the single-GPU engine's bottom-up agent over the rank's local vertices:
/// the rank keeps a visited bitmap of its local ids (set with every label), the all-gathered
/// frontier (rank-major parts, gathered_bitmap.hpp; or queues of local ids after a top-down
/// level, when they are smaller) is made a bitmap in global vertex order, and the level writes
/// its next frontier as a bitmap of local ids (no queue appends), which the next bottom-up level
/// copies into its part of the gathered bitmap and a top-down level turns back into a queue (the
/// engine's bitmap-to-queue agent).
///
/// The visited bitmap is the authority on what a search labelled: a search resets only the
/// bitmaps (visited and sent), not the depth and parent arrays, and gather() reports a vertex
/// whose visited bit is clear as unreached (scatter_rank_labels).
///
/// Two transports. NCCL: bins arrive in the receive buffer and frontier parts in the gathered
/// buffer. Peer (every GPU loads and stores the others' memory, PeerExchange): a top-down level's
/// contract reads its bin of every sender in the sender's send buffer; a bottom-up level after a
/// top-down one reads every rank's frontier part where the rank built it, and a bottom-up level
/// stores its next frontier's words straight into every rank's gathered bitmap (three per rank,
/// in rotation: PeerView::bitmaps), so the next bottom-up level reads the whole frontier in its
/// own memory, in place (gathered_bottom_up.cuh), with no copy and no barrier before it.
/// Buffers the peers read are overwritten only after the barrier that ends the level they are
/// read in (the counters' all-gather), which no rank passes before every rank's reads are done.
#pragma once

#include <cuda_runtime.h>

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "bfs/cuda/bfs_device_common.cuh"
#include "bfs/distributed/gathered_bitmap.hpp"
#include "bfs/distributed/rank_search.hpp"
#include "bfs/distributed/transport/peer_exchange.cuh"
#include "bfs/distributed/transport/peer_view.hpp"
#include "bfs/distributed/transport/symmetric_buffer.cuh"
#include "cuda/device_buffer.cuh"
#include "cuda/stream.cuh"
#include "cuda/word_range.cuh"
#include "frontier/distribution/rank_graph.hpp"
#include "graph/cuda/device_graph.cuh"
#include "graph/cuda/rank_slice_build.cuh"

namespace frontier::distributed {

struct GatheredFrontier;

template <typename VertexT, typename EdgeT>
class CudaRankSearch final : public RankSearch<VertexT> {
 public:
  /// Uploads `slice` to GPU `device`; work goes to `stream` (owned by the caller). With `peer`
  /// the rank reads its peers in place (set_peer_views() before the first search).
  CudaRankSearch(const RankGraph<VertexT, EdgeT>& slice, int device, cudaStream_t stream,
                 bool peer);
  /// Adopts rank `rank`'s slice of `distribution` already built on GPU `device`
  /// (rank_slice_build.cuh): nothing goes up from the host.
  CudaRankSearch(cuda::DeviceRankSlice<VertexT, EdgeT> slice,
                 const VertexDistribution<VertexT>& distribution, int rank, int device,
                 cudaStream_t stream, bool peer);
  ~CudaRankSearch() override;
  CudaRankSearch(const CudaRankSearch&) = delete;
  CudaRankSearch& operator=(const CudaRankSearch&) = delete;

  /// Device bytes a rank of this slice allocates (before CUB's scan scratch).
  static std::uint64_t device_bytes(const RankGraph<VertexT, EdgeT>& slice, bool peer);
  /// The same for rank `rank` of `distribution` holding `arcs` arcs; search_only leaves the
  /// slice's offsets and targets out (the per-search buffers alone).
  static std::uint64_t device_bytes(const VertexDistribution<VertexT>& distribution, int rank,
                                    std::uint64_t arcs, bool peer, bool search_only = false);

  /// Arc targets on the device: global ids in GpuRankTarget words.
  using Target = GpuRankTarget<VertexT>;
  using SliceView = cuda::DeviceCsr<VertexT, EdgeT, Target>;

  /// The slice on the device (offsets by local vertex, global targets).
  SliceView slice_on_device() const { return {d_offsets_.data(), d_targets_.data()}; }
  const VertexDistribution<VertexT>& distribution() const { return distribution_; }
  int device() const { return device_; }
  cudaStream_t stream() const { return stream_; }
  /// Arcs of the slice.
  EdgeT local_arcs() const { return local_arcs_; }
  /// Out-degree of local vertex `local`, read from the device (synchronous).
  EdgeT degree(VertexT local) const;
  /// A host copy of the slice (synchronous).
  RankGraph<VertexT, EdgeT> slice_to_host() const;
  /// The last search's labels where they lie, by local id: a depth and (with predecessors) a
  /// parent belong to that search only where the visited bit is set.
  struct LabelsOnDevice {
    const std::int32_t* depth = nullptr;
    const VertexT* parent = nullptr;
    const std::uint32_t* visited = nullptr;
    bool predecessors = false;
  };
  LabelsOnDevice labels_on_device() const {
    return {d_depth_.data(), d_parent_.data(), d_visited_.data(), words_ == 2};
  }

  int rank() const override { return rank_; }
  void start(VertexT source, bool predecessors, bool time_phases) override;
  void expand(std::int32_t level, std::int64_t frontier_arcs) override;
  RankBins& bins() override { return bins_; }
  void contract(std::int32_t level) override;
  void build_frontier_part(FrontierPart form, std::size_t part_bytes) override;
  /// NCCL: the gathered buffer; peer: the rank's part this level's readers read.
  void* gathered_bitmap() override {
    return peer_ ? static_cast<void*>(own_part_after(0)) : d_bitmap_.data();
  }
  std::size_t bitmap_words() const override { return bitmap_words_; }
  void bottom_up(std::int32_t level, FrontierPart form, std::size_t part_bytes) override;
  std::int64_t* level_counters() override { return level_words(kCounters); }
  void advance(std::int64_t next_frontier_size) override;
  void finish() override;
  void mark(std::int32_t level, LevelMark mark) override;
  std::vector<PhaseStamp> phase_stamps() override;
  void gather(std::span<std::int32_t> depth, std::span<VertexT> parent) override;
  std::size_t item_bytes() const override { return words_ * sizeof(VertexT); }
  /// The buffers the exchange's all-gathers read and write (the gathered bitmap, the level
  /// words holding the counters), to be registered as symmetric windows; empty where they are
  /// not from ncclMemAlloc.
  std::vector<WindowRegion> window_regions() const;
  /// Peer transport: what the other ranks read of this one.
  PeerView<VertexT> peer_view() const;
  /// Peer transport, setup: every rank's view, by rank (this rank's own included).
  void set_peer_views(std::span<const PeerView<VertexT>> views);
  /// Peer transport: the rank's kernels run `exchange`'s barriers after its expansion and after
  /// its level counters in their last block (PeerExchange::take_bins_barrier, take_all_reduce),
  /// `exchange` being the one the level loop drives for this rank (it outlives the searches).
  void run_barriers_in_kernels(PeerExchange& exchange) { barriers_ = &exchange; }
  /// Peer transport, before a timed search: queues a read of every 64 KiB of what the search
  /// may read or write in the peers' memory (this rank's bins there, their counts, their
  /// gathered bitmaps). After the GPUs sat idle, the first read of each peer page is slow (cold),
  /// which the first levels would otherwise pay.
  void touch_peer_pages();

 private:
  /// Everything but the slice (step 2 of both constructors), then load_kernels().
  void allocate_search_buffers();
  /// Loads every kernel a search may launch (cuda/kernel_loading.cuh).
  void load_kernels();
  /// Every rank's bitmap part into d_global_bits_ (striped over a power-of-two rank count: a
  /// word at a time; else vertex by vertex).
  void launch_globalize(const FrontierPartsAt& parts);
  /// Where every rank's frontier part of this level is (parts of `part_bytes`): in the gathered
  /// buffer (NCCL), or each rank's own part of its current gathered bitmap (peer transport).
  FrontierPartsAt frontier_parts(std::size_t part_bytes) const;
  /// Peer transport: the other ranks' parts of this rank's gathered bitmap `gathered`.
  std::array<cuda::WordRange<std::uint32_t>, 2> peer_parts(std::uint32_t* gathered) const;
  /// Peer transport: the rank's gathered bitmap `steps` after the current one in the rotation.
  std::uint32_t* gathered_after(int steps) const;
  /// Where the last bottom-up level's frontier is (steps 0) and where this one's goes (steps 1):
  /// NCCL, d_frontier_bits_ both; peer, the rank's own part of its gathered bitmap that many
  /// steps on.
  std::uint32_t* own_part_after(int steps) const;
  /// The parts of d_level_words_: send counts (ranks), level counters (kLevelCounters), receive
  /// counts (ranks); the first two are adjacent so that one memset clears them.
  enum LevelWords { kSendCounts, kCounters, kRecvCounts };
  std::int64_t* level_words(LevelWords part) const;
  /// The frontier's arc offsets into d_scan_ (by one block where the frontier is small), `zero`
  /// zeroed first.
  void scan_frontier(const cuda::WordRange<std::int64_t>& zero);
  /// Queues the bitmap frontier d_frontier_bits_ into d_frontier_ (frontier_size_ ids).
  void bitmap_to_queue();
  /// Where a bottom-up level reads the frontier: a bitmap in global vertex order, or this rank's
  /// gathered bitmap in gathered order (peer transport, read in place).
  struct BottomUpFrontier {
    const std::uint32_t* bits = nullptr;
    bool gathered_order = false;
  };
  /// Bottom-up step 1: the frontier every rank's part makes, globalized where it must be.
  BottomUpFrontier global_frontier(FrontierPart form, std::size_t part_bytes);
  /// Bottom-up step 2: the engine's bottom-up agent over the local vertices, reading `frontier`
  /// and writing the next frontier (peer transport: into every rank's next gathered bitmap).
  /// Returns the agent's counter slot.
  const cuda::BfsCounters* launch_bottom_up_agent(std::int32_t level,
                                                  const BottomUpFrontier& frontier);
  /// The counter slots of the engine agent launched next: its own (returned; zero, since the
  /// agent before it zeroed it as its next slot) and `next`, which it zeroes. No memset.
  cuda::BfsCounters* take_agent_slots(cuda::BfsCounters*& next);
  /// The all-reduce's barrier for a kernel that finalizes the level counters (none without
  /// run_barriers_in_kernels()).
  BarrierAtEnd all_reduce_at_end();
  /// Peer transport: how the agent reads `frontier` and stores the next one into every rank.
  GatheredFrontier gathered_frontier(const BottomUpFrontier& frontier) const;

  int device_;
  cudaStream_t stream_;
  bool peer_;
  int rank_;
  VertexDistribution<VertexT> distribution_;
  VertexT local_count_;
  EdgeT local_arcs_ = 0;
  std::size_t words_ = 2;
  std::int64_t frontier_size_ = 0;
  /// The current frontier is d_frontier_bits_ (after a bottom-up level), else d_frontier_.
  bool frontier_in_bitmap_ = false;
  /// The level being run is bottom-up (set by bottom_up(), read by advance()).
  bool level_bottom_up_ = false;
  int grid_blocks_ = 0;
  cuda::DeviceBuffer<EdgeT> d_offsets_;
  cuda::DeviceBuffer<Target> d_targets_;
  cuda::DeviceBuffer<std::int32_t> d_depth_;
  cuda::DeviceBuffer<VertexT> d_parent_;
  cuda::DeviceBuffer<std::uint32_t> d_sent_;
  cuda::DeviceBuffer<VertexT> d_frontier_;
  cuda::DeviceBuffer<VertexT> d_next_;
  cuda::DeviceBuffer<EdgeT> d_degrees_;
  cuda::DeviceBuffer<EdgeT> d_scan_;
  cuda::DeviceBuffer<unsigned char> d_scan_scratch_;
  std::size_t scan_scratch_bytes_ = 0;
  cuda::DeviceBuffer<VertexT> d_send_;
  cuda::DeviceBuffer<VertexT> d_recv_;
  SymmetricBuffer<std::int64_t> d_level_words_;
  /// Words of one rank's part of the gathered bitmap (bitmap_part_words).
  std::size_t bitmap_words_ = 0;
  SymmetricBuffer<std::uint32_t> d_bitmap_;
  /// bitmap_words_ words each: local ids labelled so far, and (NCCL) the frontier a bottom-up
  /// level found.
  cuda::DeviceBuffer<std::uint32_t> d_visited_;
  cuda::DeviceBuffer<std::uint32_t> d_frontier_bits_;
  /// Peer transport: the rank's gathered bitmaps (ranks * bitmap_words_ words each, see
  /// PeerView::bitmaps), the current one's index (the same on every rank, kept across searches),
  /// whether every rank's part of this level's frontier is in the current one (after a bottom-up
  /// level), and every rank's view.
  cuda::DeviceBuffer<std::uint32_t> d_gathered_[kPeerBitmaps];
  int current_gathered_ = 0;
  bool parts_gathered_ = false;
  cuda::DeviceBuffer<PeerView<VertexT>> d_peer_views_;
  /// Peer transport: the peers' regions touch_peer_pages() reads (device table) and a word its
  /// reads are folded into.
  cuda::DeviceBuffer<PeerRegion> d_peer_regions_;
  std::size_t peer_regions_ = 0;
  cuda::DeviceBuffer<unsigned long long> d_touched_;
  /// Peer transport, by gathered bitmap c (kPeerBitmaps tables of `ranks` entries each): every
  /// rank's own part of its bitmap c (read in place), and every rank's bitmap c (stored into).
  cuda::DeviceBuffer<const void*> d_part_tables_;
  cuda::DeviceBuffer<std::uint32_t*> d_gathered_tables_;
  /// The gathered frontier in global vertex order ((n + 31) / 32 words; not with one rank, whose
  /// bitmap part already is in that order).
  /// gathered_is_global_: a gathered bitmap is in global vertex order (one rank, or block parts
  /// of whole words in order).
  cuda::DeviceBuffer<std::uint32_t> d_global_bits_;
  GatheredBitmapBits<VertexT> gathered_bits_;
  bool gathered_is_global_ = false;
  /// Peer transport: the exchange whose barriers the kernels run (null: it launches its own), and
  /// the finished-block counters of the kernels that run them (expansion; level counters).
  PeerExchange* barriers_ = nullptr;
  cuda::DeviceBuffer<unsigned int> d_blocks_done_;
  /// The last all-reduce's barrier zeroed the level words (send counts, counters) after it.
  bool level_words_zeroed_ = false;
  /// Two counter slots of the engine's agents (theirs and the "next level" one they zero), used
  /// in turn (take_agent_slots), and the agents launched so far.
  cuda::DeviceBuffer<cuda::BfsCounters> d_agent_counters_;
  std::uint64_t agent_launches_ = 0;
  std::vector<std::int64_t> send_offsets_;
  RankBins bins_;
  /// Phase timing: one event per stamp of the search (the pool grows, kept across searches).
  bool time_phases_ = false;
  std::vector<cuda::Event> events_;
  std::vector<PhaseStamp> stamps_;
};

}  // namespace frontier::distributed
