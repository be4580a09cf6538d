// cuda_rank_search.cu — one rank of the distributed BFS on its GPU (see cuda_rank_search.cuh and
// distributed_kernels.cuh; bottom-up levels and the bitmap-to-queue switch run the single-GPU
// engine's agents, bfs/cuda/bfs_kernels.cuh). Every call only queues work on the rank's stream;
// the exchange synchronizes.

#include "bfs/distributed/cuda/cuda_rank_search.cuh"

#include <cub/device/device_scan.cuh>

#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "bfs/cuda/bfs_kernels.cuh"
#include "bfs/distributed/cuda/distributed_kernels.cuh"
#include "bfs/distributed/cuda/gathered_bottom_up.cuh"
#include "bfs/distributed/gathered_bitmap.hpp"
#include "bfs/distributed/rank_labels.hpp"
#include "cuda/cuda_check.cuh"
#include "cuda/kernel_loading.cuh"
#include "cuda/launch_sizing.hpp"
#include "frontier/distributed_bfs.hpp"
#include "frontier/errors.hpp"

namespace frontier::distributed {
namespace {

/// Blocks of the distributed kernels that give each of `items` items its own thread.
int blocks_for(std::int64_t items) {
  return static_cast<int>(
      cuda::blocks_covering(static_cast<std::uint64_t>(items), kDistributedThreadsPerBlock));
}

/// The grid of a distributed kernel over `items` items, one per thread, capped at `max_blocks`.
int capped_blocks_for(std::int64_t items, int max_blocks) {
  return cuda::capped_grid(static_cast<std::uint64_t>(items), kDistributedThreadsPerBlock,
                           static_cast<std::uint64_t>(max_blocks));
}

}  // namespace

template <typename VertexT, typename EdgeT>
std::uint64_t CudaRankSearch<VertexT, EdgeT>::device_bytes(const RankGraph<VertexT, EdgeT>& slice,
                                                           bool peer) {
  return device_bytes(slice.distribution, slice.rank,
                      static_cast<std::uint64_t>(slice.local_arcs()), peer);
}

static_assert(sizeof(cuda::BfsCounters) == kDistributedCounterBlockBytes,
              "distributed_rank_device_bytes() counts the counter blocks");

template <typename VertexT, typename EdgeT>
std::uint64_t CudaRankSearch<VertexT, EdgeT>::device_bytes(
    const VertexDistribution<VertexT>& distribution, int rank, std::uint64_t arcs, bool peer,
    bool search_only) {
  return distributed_rank_device_bytes<VertexT, EdgeT>(distribution, rank, arcs, peer,
                                                       !search_only);
}

template <typename VertexT, typename EdgeT>
CudaRankSearch<VertexT, EdgeT>::CudaRankSearch(const RankGraph<VertexT, EdgeT>& slice, int device,
                                               cudaStream_t stream, bool peer)
    : device_(device),
      stream_(stream),
      peer_(peer),
      rank_(slice.rank),
      distribution_(slice.distribution),
      local_count_(slice.local_vertices()),
      local_arcs_(slice.local_arcs()) {
  check_gpu_rank_vertices(static_cast<std::uint64_t>(distribution_.num_vertices));
  FRONTIER_CUDA_CHECK(cudaSetDevice(device_));
  const auto local = static_cast<std::size_t>(local_count_);
  // 1. The slice, uploaded once.
  d_offsets_ = cuda::DeviceBuffer<EdgeT>(local + 1);
  d_targets_ = cuda::DeviceBuffer<Target>(slice.targets.size());
  FRONTIER_CUDA_CHECK(cudaMemcpy(d_offsets_.data(), slice.offsets.data(),
                                 (local + 1) * sizeof(EdgeT), cudaMemcpyHostToDevice));
  cuda::copy_rank_targets_to_device(slice.targets.data(), slice.targets.size(), d_targets_.data());
  allocate_search_buffers();
}

template <typename VertexT, typename EdgeT>
CudaRankSearch<VertexT, EdgeT>::CudaRankSearch(cuda::DeviceRankSlice<VertexT, EdgeT> slice,
                                               const VertexDistribution<VertexT>& distribution,
                                               int rank, int device, cudaStream_t stream, bool peer)
    : device_(device),
      stream_(stream),
      peer_(peer),
      rank_(rank),
      distribution_(distribution),
      local_count_(distribution.local_count(rank)),
      local_arcs_(slice.arcs) {
  if (slice.d_offsets.size() != static_cast<std::size_t>(local_count_) + 1 ||
      slice.d_targets.size() != static_cast<std::size_t>(slice.arcs)) {
    throw InvalidArgument("rank " + std::to_string(rank) + "'s device slice does not match its " +
                          std::to_string(local_count_) + " vertices and " +
                          std::to_string(slice.arcs) + " arcs");
  }
  check_gpu_rank_vertices(static_cast<std::uint64_t>(distribution_.num_vertices));
  FRONTIER_CUDA_CHECK(cudaSetDevice(device_));
  // 1. The slice, built here already.
  d_offsets_ = std::move(slice.d_offsets);
  d_targets_ = std::move(slice.d_targets);
  allocate_search_buffers();
}

template <typename VertexT, typename EdgeT>
void CudaRankSearch<VertexT, EdgeT>::allocate_search_buffers() {
  const auto n = static_cast<std::size_t>(distribution_.num_vertices);
  const auto local = static_cast<std::size_t>(local_count_);
  const auto p = static_cast<std::size_t>(distribution_.ranks);
  // 2. Per-search buffers, sized from the distribution (see the invariants in the kernels).
  d_depth_ = cuda::DeviceBuffer<std::int32_t>(local);
  d_parent_ = cuda::DeviceBuffer<VertexT>(local);
  d_sent_ = cuda::DeviceBuffer<std::uint32_t>((n + 31) / 32);
  d_frontier_ = cuda::DeviceBuffer<VertexT>(local);
  d_next_ = cuda::DeviceBuffer<VertexT>(local);
  d_degrees_ = cuda::DeviceBuffer<EdgeT>(local + 1);
  d_scan_ = cuda::DeviceBuffer<EdgeT>(local + 1);
  FRONTIER_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(nullptr, scan_scratch_bytes_, d_degrees_.data(),
                                                    d_scan_.data(),
                                                    static_cast<std::int64_t>(local + 1), stream_));
  d_scan_scratch_ =
      cuda::DeviceBuffer<unsigned char>(std::max<std::size_t>(scan_scratch_bytes_, 1));
  d_send_ = cuda::DeviceBuffer<VertexT>(2 * n);
  // Peers read the send counts in place: plain device memory (peer access), not NCCL's.
  d_level_words_ = SymmetricBuffer<std::int64_t>(2 * p + kLevelCounters, !peer_);
  bitmap_words_ = bitmap_part_words(distribution_.max_local_count());
  d_visited_ = cuda::DeviceBuffer<std::uint32_t>(bitmap_words_);
  const std::size_t bitmap_bytes = bitmap_words_ * sizeof(std::uint32_t);
  if (peer_) {
    // Zero, as PeerView::bitmaps requires of the next one at every level's start (words past a
    // rank's last local vertex are never written by a bottom-up level).
    for (auto& gathered : d_gathered_) {
      gathered = cuda::DeviceBuffer<std::uint32_t>(p * bitmap_words_);
      FRONTIER_CUDA_CHECK(cudaMemset(gathered.data(), 0, p * bitmap_bytes));
    }
    d_peer_views_ = cuda::DeviceBuffer<PeerView<VertexT>>(p);
    d_part_tables_ = cuda::DeviceBuffer<const void*>(kPeerBitmaps * p);
    d_gathered_tables_ = cuda::DeviceBuffer<std::uint32_t*>(kPeerBitmaps * p);
  } else {
    d_recv_ = cuda::DeviceBuffer<VertexT>(2 * p * local);
    d_bitmap_ = SymmetricBuffer<std::uint32_t>((p + 1) * bitmap_words_);
    // Words past the last local vertex are never written by a level: zero them once.
    d_frontier_bits_ = cuda::DeviceBuffer<std::uint32_t>(bitmap_words_);
    FRONTIER_CUDA_CHECK(cudaMemset(d_frontier_bits_.data(), 0, bitmap_bytes));
  }
  gathered_bits_ = gathered_bitmap_bits(distribution_, bitmap_words_);
  // Rank r's part starts at bit r * bitmap_words_ * 32 of a gathered bitmap; in a block layout
  // it holds global ids from rank_offset(r) on, so the parts are in global order when the two
  // agree for every rank.
  gathered_is_global_ = p == 1 || distribution_.layout == VertexLayout::Block;
  for (std::size_t r = 0; r < p && gathered_is_global_; ++r) {
    gathered_is_global_ =
        static_cast<std::uint64_t>(distribution_.rank_offset(static_cast<int>(r))) ==
        r * bitmap_words_ * 32;
  }
  // The global frontier of bottom-up levels: from queue parts (several ranks) or rewritten
  // bitmap parts.
  if (p > 1 || !gathered_is_global_) {
    d_global_bits_ = cuda::DeviceBuffer<std::uint32_t>((n + 31) / 32);
  }
  d_agent_counters_ = cuda::DeviceBuffer<cuda::BfsCounters>(2);
  FRONTIER_CUDA_CHECK(cudaMemset(d_agent_counters_.data(), 0, 2 * sizeof(cuda::BfsCounters)));
  d_blocks_done_ = cuda::DeviceBuffer<unsigned int>(2);
  FRONTIER_CUDA_CHECK(cudaMemset(d_blocks_done_.data(), 0, 2 * sizeof(unsigned int)));
  send_offsets_.resize(p);
  for (std::size_t d = 0; d < p; ++d)
    send_offsets_[d] = distribution_.rank_offset(static_cast<int>(d));
  bins_.send = d_send_.data();
  bins_.send_offsets = send_offsets_;
  bins_.send_counts = level_words(kSendCounts);
  bins_.recv = d_recv_.data();
  bins_.recv_capacity = peer_ ? 0 : static_cast<std::int64_t>(p * local);
  bins_.recv_counts = level_words(kRecvCounts);
  cudaDeviceProp properties{};
  FRONTIER_CUDA_CHECK(cudaGetDeviceProperties(&properties, device_));
  grid_blocks_ = properties.multiProcessorCount * kDistributedBlocksPerSm;
  load_kernels();
}

template <typename VertexT, typename EdgeT>
void CudaRankSearch<VertexT, EdgeT>::load_kernels() {
  // Which of these a search launches depends on its source (frontier sizes, directions): a
  // search that first needs one would pay its loading.
  cuda::load_kernel(start_kernel<VertexT>);
  cuda::load_kernel(frontier_scan_block_kernel<VertexT, EdgeT>);
  cuda::load_kernel(frontier_degrees_kernel<VertexT, EdgeT>);
  cuda::load_kernel(expand_bin_kernel<VertexT, EdgeT, Target>);
  cuda::load_kernel(expand_small_kernel<VertexT, EdgeT, Target>);
  cuda::load_kernel(contract_kernel<VertexT, EdgeT>);
  cuda::load_kernel(contract_in_place_kernel<VertexT, EdgeT>);
  cuda::load_kernel(frontier_bitmap_kernel<VertexT>);
  cuda::load_kernel(frontier_queue_part_kernel<VertexT>);
  cuda::load_kernel(queue_parts_to_global_kernel<VertexT>);
  cuda::load_kernel(globalize_bitmap_kernel<VertexT>);
  with_stripe_shift(gathered_bits_.stripe_shift, [](auto shift) {
    cuda::load_kernel(globalize_striped_kernel<decltype(shift)::value>);
  });
  cuda::load_kernel(bottom_up_end_kernel<cuda::BfsCounters>);
  cuda::load_kernel(touch_regions_kernel<PeerRegion>);
  cuda::load_kernel(cuda::bfs_bitmap_to_queue_kernel<VertexT, EdgeT>);
  cuda::load_kernel(gathered_bottom_up_kernel<VertexT, EdgeT, Target, true>);
  cuda::load_kernel(gathered_bottom_up_kernel<VertexT, EdgeT, Target, false>);
  cuda::load_kernel(cuda::bfs_bottom_up_kernel<VertexT, EdgeT, true, Target>);
  cuda::load_kernel(cuda::bfs_bottom_up_kernel<VertexT, EdgeT, false, Target>);
  // CUB's scan kernels have no names to load by: a scan of one item loads them.
  std::size_t scratch = scan_scratch_bytes_;
  FRONTIER_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(d_scan_scratch_.data(), scratch,
                                                    d_degrees_.data(), d_scan_.data(), 1, stream_));
  FRONTIER_CUDA_CHECK(cudaStreamSynchronize(stream_));
}

template <typename VertexT, typename EdgeT>
EdgeT CudaRankSearch<VertexT, EdgeT>::degree(VertexT local) const {
  if (local < 0 || local >= local_count_) {
    throw InvalidArgument("local vertex " + std::to_string(local) + " is out of range for rank " +
                          std::to_string(rank_) + "'s " + std::to_string(local_count_) +
                          " vertices");
  }
  FRONTIER_CUDA_CHECK(cudaSetDevice(device_));
  EdgeT bounds[2] = {0, 0};
  FRONTIER_CUDA_CHECK(
      cudaMemcpy(bounds, d_offsets_.data() + local, sizeof(bounds), cudaMemcpyDeviceToHost));
  return bounds[1] - bounds[0];
}

template <typename VertexT, typename EdgeT>
RankGraph<VertexT, EdgeT> CudaRankSearch<VertexT, EdgeT>::slice_to_host() const {
  FRONTIER_CUDA_CHECK(cudaSetDevice(device_));
  RankGraph<VertexT, EdgeT> slice;
  slice.distribution = distribution_;
  slice.rank = rank_;
  slice.offsets.resize(static_cast<std::size_t>(local_count_) + 1);
  slice.targets.resize(static_cast<std::size_t>(local_arcs_));
  FRONTIER_CUDA_CHECK(cudaMemcpy(slice.offsets.data(), d_offsets_.data(),
                                 slice.offsets.size() * sizeof(EdgeT), cudaMemcpyDeviceToHost));
  cuda::copy_rank_targets_to_host(d_targets_.data(), slice.targets.size(), slice.targets.data());
  return slice;
}

template <typename VertexT, typename EdgeT>
std::vector<WindowRegion> CudaRankSearch<VertexT, EdgeT>::window_regions() const {
  if (peer_ || !d_bitmap_.from_nccl() || !d_level_words_.from_nccl()) return {};
  return {d_bitmap_.region(), d_level_words_.region()};
}

template <typename VertexT, typename EdgeT>
PeerView<VertexT> CudaRankSearch<VertexT, EdgeT>::peer_view() const {
  if (!peer_) throw Error("distributed bfs: a rank of the NCCL transport has no peer view");
  PeerView<VertexT> view{d_send_.data(), level_words(kSendCounts), {}};
  for (int c = 0; c < kPeerBitmaps; ++c) view.bitmaps[c] = d_gathered_[c].data();
  return view;
}

template <typename VertexT, typename EdgeT>
void CudaRankSearch<VertexT, EdgeT>::set_peer_views(std::span<const PeerView<VertexT>> views) {
  const auto p = static_cast<std::size_t>(distribution_.ranks);
  if (!peer_ || views.size() != p) {
    throw Error("distributed bfs: rank " + std::to_string(rank_) + " takes " + std::to_string(p) +
                " peer views (peer transport), not " + std::to_string(views.size()));
  }
  FRONTIER_CUDA_CHECK(cudaSetDevice(device_));
  FRONTIER_CUDA_CHECK(cudaMemcpy(d_peer_views_.data(), views.data(), p * sizeof(PeerView<VertexT>),
                                 cudaMemcpyHostToDevice));
  std::vector<const void*> parts(kPeerBitmaps * p);
  std::vector<std::uint32_t*> gathered(kPeerBitmaps * p);
  for (std::size_t c = 0; c < kPeerBitmaps; ++c) {
    for (std::size_t r = 0; r < p; ++r) {
      gathered[c * p + r] = views[r].bitmaps[c];
      parts[c * p + r] = views[r].bitmaps[c] + r * bitmap_words_;
    }
  }
  FRONTIER_CUDA_CHECK(cudaMemcpy(d_part_tables_.data(), parts.data(),
                                 parts.size() * sizeof(const void*), cudaMemcpyHostToDevice));
  FRONTIER_CUDA_CHECK(cudaMemcpy(d_gathered_tables_.data(), gathered.data(),
                                 gathered.size() * sizeof(std::uint32_t*), cudaMemcpyHostToDevice));
  // What this rank reads or writes of every other: its bin there (pairs of ids at most), the
  // counts, the gathered bitmaps.
  const auto bin = static_cast<std::size_t>(distribution_.rank_offset(rank_)) * 2;
  const std::size_t bin_bytes = static_cast<std::size_t>(local_count_) * 2 * sizeof(VertexT);
  std::vector<PeerRegion> regions;
  for (std::size_t r = 0; r < p; ++r) {
    if (static_cast<int>(r) == rank_) continue;
    regions.push_back({reinterpret_cast<const unsigned char*>(views[r].send + bin), bin_bytes});
    regions.push_back(
        {reinterpret_cast<const unsigned char*>(views[r].send_counts), p * sizeof(std::int64_t)});
    for (const std::uint32_t* bitmap : views[r].bitmaps) {
      regions.push_back({reinterpret_cast<const unsigned char*>(bitmap),
                         p * bitmap_words_ * sizeof(std::uint32_t)});
    }
  }
  peer_regions_ = regions.size();
  d_peer_regions_ = cuda::DeviceBuffer<PeerRegion>(std::max<std::size_t>(peer_regions_, 1));
  d_touched_ = cuda::DeviceBuffer<unsigned long long>(1);
  if (peer_regions_ > 0) {
    FRONTIER_CUDA_CHECK(cudaMemcpy(d_peer_regions_.data(), regions.data(),
                                   peer_regions_ * sizeof(PeerRegion), cudaMemcpyHostToDevice));
  }
}

template <typename VertexT, typename EdgeT>
void CudaRankSearch<VertexT, EdgeT>::touch_peer_pages() {
  if (peer_regions_ == 0) return;
  FRONTIER_CUDA_CHECK(cudaSetDevice(device_));
  constexpr std::size_t kStride = std::size_t{64} << 10;
  touch_regions_kernel<PeerRegion>
      <<<grid_blocks_ / kDistributedBlocksPerSm, kDistributedThreadsPerBlock, 0, stream_>>>(
          d_peer_regions_.data(), static_cast<int>(peer_regions_), kStride, d_touched_.data());
  FRONTIER_CHECK_LAUNCH();
}

template <typename VertexT, typename EdgeT>
FrontierPartsAt CudaRankSearch<VertexT, EdgeT>::frontier_parts(std::size_t part_bytes) const {
  if (peer_) return {d_part_tables_.data() + current_gathered_ * distribution_.ranks, nullptr, 0};
  return {nullptr, reinterpret_cast<const unsigned char*>(d_bitmap_.data()), part_bytes};
}

template <typename VertexT, typename EdgeT>
std::uint32_t* CudaRankSearch<VertexT, EdgeT>::gathered_after(int steps) const {
  return d_gathered_[(current_gathered_ + steps) % kPeerBitmaps].data();
}

template <typename VertexT, typename EdgeT>
std::uint32_t* CudaRankSearch<VertexT, EdgeT>::own_part_after(int steps) const {
  return peer_ ? gathered_after(steps) + static_cast<std::size_t>(rank_) * bitmap_words_
               : d_frontier_bits_.data();
}

template <typename VertexT, typename EdgeT>
CudaRankSearch<VertexT, EdgeT>::~CudaRankSearch() {
  // The buffers and events free themselves on this rank's device; a failure here cannot be
  // reported.
  cudaSetDevice(device_);
}

template <typename VertexT, typename EdgeT>
void CudaRankSearch<VertexT, EdgeT>::start(VertexT source, bool predecessors, bool time_phases) {
  FRONTIER_CUDA_CHECK(cudaSetDevice(device_));
  time_phases_ = time_phases;
  stamps_.clear();
  if (time_phases_) mark(-1, LevelMark::kSearchStart);
  words_ = predecessors ? 2 : 1;
  // Only the bitmaps are reset: the visited bitmap says which depths and parents belong to this
  // search (the others are left over from earlier searches and never read), so the depth and
  // parent arrays (12 bytes a vertex with 64-bit ids, against 1/8 byte of bitmap) are not.
  frontier_in_bitmap_ = false;
  level_bottom_up_ = false;
  parts_gathered_ = false;
  // current_gathered_ goes on from the last search, as on every rank (PeerView::bitmaps).
  const bool owner = distribution_.owner(source) == rank_;
  frontier_size_ = owner ? 1 : 0;
  const StartArgs<VertexT> args{d_sent_.data(),
                                d_sent_.size(),
                                d_visited_.data(),
                                bitmap_words_,
                                d_depth_.data(),
                                d_parent_.data(),
                                d_frontier_.data(),
                                owner ? distribution_.local(source) : VertexT{-1},
                                source};
  start_kernel<VertexT>
      <<<capped_blocks_for(static_cast<std::int64_t>(std::max(d_sent_.size(), bitmap_words_)),
                           grid_blocks_),
         kDistributedThreadsPerBlock, 0, stream_>>>(args);
  FRONTIER_CHECK_LAUNCH();
}

template <typename VertexT, typename EdgeT>
void CudaRankSearch<VertexT, EdgeT>::expand(std::int32_t, std::int64_t frontier_arcs) {
  FRONTIER_CUDA_CHECK(cudaSetDevice(device_));
  level_bottom_up_ = false;
  // The send counts and the level counters (contract() accumulates into the latter) start from
  // zero: adjacent, zeroed by the first kernel below (or here, where there is none), unless the
  // last all-reduce's barrier zeroed them.
  const bool zeroed = std::exchange(level_words_zeroed_, false);
  const LevelWordsToZero zero{
      level_words(kSendCounts),
      zeroed ? 0u : static_cast<std::uint64_t>(distribution_.ranks + kLevelCounters)};
  if (frontier_in_bitmap_) {
    // 0. Back from bottom-up: the frontier bitmap becomes the queue (the engine's agent).
    frontier_in_bitmap_ = false;
    if (frontier_size_ > 0) bitmap_to_queue();
  }
  if (frontier_size_ == 0) {
    if (zero.count > 0) {
      FRONTIER_CUDA_CHECK(cudaMemsetAsync(
          zero.words, 0, static_cast<std::size_t>(zero.count) * sizeof(std::int64_t), stream_));
    }
    return;
  }
  // 1. Arc offsets of the frontier: in the expansion's own blocks (a small frontier whose level
  //    words are zero: one launch for the level's expansion), by one block, or by a device-wide
  //    scan.
  const bool small = zeroed && frontier_arcs >= 0 && frontier_size_ <= kSmallExpandFrontier;
  if (!small) scan_frontier(zero);
  // 2. Expand, filter and bin.
  ExpandArgs<VertexT, EdgeT, Target> args{
      d_frontier_.data(),
      frontier_size_,
      d_scan_.data(),
      d_offsets_.data(),
      d_targets_.data(),
      distribution_,
      rank_,
      d_visited_.data(),
      d_sent_.data(),
      d_send_.data(),
      reinterpret_cast<unsigned long long*>(level_words(kSendCounts)),
      static_cast<int>(words_)};
  // A grid no larger than the arcs where the level loop knows them.
  const int blocks =
      frontier_arcs < 0 ? grid_blocks_ : capped_blocks_for(frontier_arcs, grid_blocks_);
  // 3. The exchange's barrier in the last block to finish (peer transport).
  BarrierAtEnd end;
  if (barriers_ != nullptr) {
    if (const std::optional<PeerBarrier> barrier = barriers_->take_bins_barrier()) {
      end = {d_blocks_done_.data(), *barrier};
    }
  }
  if (small) {
    expand_small_kernel<VertexT, EdgeT, Target>
        <<<blocks, kDistributedThreadsPerBlock, 0, stream_>>>(args, d_scan_.data() + frontier_size_,
                                                              end);
  } else {
    expand_bin_kernel<VertexT, EdgeT, Target>
        <<<blocks, kDistributedThreadsPerBlock, 0, stream_>>>(args, end);
  }
  FRONTIER_CHECK_LAUNCH();
}

template <typename VertexT, typename EdgeT>
void CudaRankSearch<VertexT, EdgeT>::scan_frontier(const LevelWordsToZero& zero) {
  if (frontier_size_ <= kBlockScanFrontier) {
    frontier_scan_block_kernel<VertexT, EdgeT><<<1, kBlockScanThreads, 0, stream_>>>(
        d_frontier_.data(), frontier_size_, d_offsets_.data(), d_scan_.data(), zero);
    FRONTIER_CHECK_LAUNCH();
  } else {
    frontier_degrees_kernel<VertexT, EdgeT>
        <<<blocks_for(std::max(frontier_size_ + 1, static_cast<std::int64_t>(zero.count))),
           kDistributedThreadsPerBlock, 0, stream_>>>(d_frontier_.data(), frontier_size_,
                                                      d_offsets_.data(), d_degrees_.data(), zero);
    FRONTIER_CHECK_LAUNCH();
    std::size_t scratch = scan_scratch_bytes_;
    FRONTIER_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(d_scan_scratch_.data(), scratch,
                                                      d_degrees_.data(), d_scan_.data(),
                                                      frontier_size_ + 1, stream_));
  }
}

template <typename VertexT, typename EdgeT>
std::int64_t* CudaRankSearch<VertexT, EdgeT>::level_words(LevelWords part) const {
  const std::int64_t p = distribution_.ranks;
  switch (part) {
    case kSendCounts:
      return d_level_words_.data();
    case kCounters:
      return d_level_words_.data() + p;
    case kRecvCounts:
      return d_level_words_.data() + p + kLevelCounters;
  }
  return nullptr;
}

template <typename VertexT, typename EdgeT>
void CudaRankSearch<VertexT, EdgeT>::bitmap_to_queue() {
  cuda::BfsLevelArgs<VertexT, EdgeT> args;
  args.num_vertices = local_count_;
  args.frontier_in = own_part_after(0);
  args.out_queue = d_frontier_.data();
  args.counters = take_agent_slots(args.next_counters);
  const int blocks = cuda::capped_grid(cuda::bitmap_words(local_count_), cuda::kBfsBlockThreads,
                                       static_cast<std::uint64_t>(grid_blocks_));
  cuda::bfs_bitmap_to_queue_kernel<VertexT, EdgeT>
      <<<blocks, cuda::kBfsBlockThreads, 0, stream_>>>(args);
  FRONTIER_CHECK_LAUNCH();
}

template <typename VertexT, typename EdgeT>
void CudaRankSearch<VertexT, EdgeT>::contract(std::int32_t level) {
  FRONTIER_CUDA_CHECK(cudaSetDevice(device_));
  const ContractTarget<VertexT, EdgeT> target{
      d_offsets_.data(),
      static_cast<int>(words_),
      distribution_,
      d_depth_.data(),
      d_parent_.data(),
      d_visited_.data(),
      d_next_.data(),
      level_words(kCounters),
      level,
      frontier_size_ > 0 ? d_scan_.data() + frontier_size_ : nullptr,
      level_words(kSendCounts),
      rank_};
  if (bins_.in_place) {
    // The bins stayed at their senders (counts on the device, read there); the level loop's
    // bound on the items, where known, sizes the grid.
    const int blocks =
        bins_.items_bound < 0 ? grid_blocks_ : capped_blocks_for(bins_.items_bound, grid_blocks_);
    contract_in_place_kernel<VertexT, EdgeT><<<blocks, kDistributedThreadsPerBlock, 0, stream_>>>(
        d_peer_views_.data(), rank_, target, all_reduce_at_end());
    FRONTIER_CHECK_LAUNCH();
  } else {
    // Items packed (their total known on the host) or in fixed-size blocks per sender (counts on
    // the device: every slot is looked at). expand() zeroed the counters.
    std::int64_t slots = 0;
    if (bins_.recv_stride > 0) {
      slots = static_cast<std::int64_t>(distribution_.ranks) * bins_.recv_stride;
    } else {
      for (const std::int64_t count : bins_.h_recv_counts) slots += count;
    }
    // Launched even without items: it also sets the level's other counters.
    const ContractArgs<VertexT, EdgeT> args{d_recv_.data(), slots, bins_.recv_stride,
                                            level_words(kRecvCounts), target};
    const int blocks = capped_blocks_for(slots, grid_blocks_);
    contract_kernel<VertexT, EdgeT>
        <<<blocks, kDistributedThreadsPerBlock, 0, stream_>>>(args, all_reduce_at_end());
    FRONTIER_CHECK_LAUNCH();
  }
}

template <typename VertexT, typename EdgeT>
void CudaRankSearch<VertexT, EdgeT>::build_frontier_part(FrontierPart form,
                                                         std::size_t part_bytes) {
  FRONTIER_CUDA_CHECK(cudaSetDevice(device_));
  // The rank's own part: NCCL, the staging part after the gathered ones (all_gather's source);
  // peer, the part this level's readers read.
  parts_gathered_ = peer_ && form == FrontierPart::kBitmap && frontier_in_bitmap_;
  auto* own = peer_ ? reinterpret_cast<unsigned char*>(own_part_after(0))
                    : reinterpret_cast<unsigned char*>(d_bitmap_.data()) +
                          static_cast<std::size_t>(distribution_.ranks) * part_bytes;
  if (form == FrontierPart::kQueue) {
    if (frontier_in_bitmap_ || queue_part_bytes<VertexT>(frontier_size_) > part_bytes) {
      throw Error("distributed bfs: rank " + std::to_string(rank_) + "'s frontier of " +
                  std::to_string(frontier_size_) + " vertices is no queue of a part of " +
                  std::to_string(part_bytes) + " bytes");
    }
    frontier_queue_part_kernel<VertexT>
        <<<std::max(1, blocks_for(frontier_size_)), kDistributedThreadsPerBlock, 0, stream_>>>(
            d_frontier_.data(), frontier_size_, own);
    FRONTIER_CHECK_LAUNCH();
    return;
  }
  auto* words = reinterpret_cast<std::uint32_t*>(own);
  if (frontier_in_bitmap_) {
    // The previous level was bottom-up and left its frontier as a bitmap of local ids: already
    // in every rank's gathered bitmap (peer), or copied into the part (NCCL).
    if (!peer_) {
      FRONTIER_CUDA_CHECK(cudaMemcpyAsync(words, d_frontier_bits_.data(),
                                          bitmap_words_ * sizeof(std::uint32_t),
                                          cudaMemcpyDeviceToDevice, stream_));
    }
    return;
  }
  FRONTIER_CUDA_CHECK(cudaMemsetAsync(words, 0, bitmap_words_ * sizeof(std::uint32_t), stream_));
  if (frontier_size_ == 0) return;
  frontier_bitmap_kernel<VertexT>
      <<<blocks_for(frontier_size_), kDistributedThreadsPerBlock, 0, stream_>>>(
          d_frontier_.data(), frontier_size_, words);
  FRONTIER_CHECK_LAUNCH();
}

template <typename VertexT, typename EdgeT>
void CudaRankSearch<VertexT, EdgeT>::bottom_up(std::int32_t level, FrontierPart form,
                                               std::size_t part_bytes) {
  FRONTIER_CUDA_CHECK(cudaSetDevice(device_));
  level_bottom_up_ = true;
  const cuda::BfsCounters* agent_counters = nullptr;
  if (local_count_ > 0) {
    // 1. The frontier every rank's part makes, where this level reads it.
    const BottomUpFrontier frontier = global_frontier(form, part_bytes);
    mark(level, LevelMark::kGlobalized);
    // 2. The engine's bottom-up agent over the local vertices.
    agent_counters = launch_bottom_up_agent(level, frontier);
  }
  // 3. Its counters become the level's (none without local vertices); peer transport: the
  //    other ranks' parts of the gathered bitmap after next zeroed (PeerView::bitmaps), and the
  //    all-reduce's barrier follows in the last block.
  const auto [before, after] =
      peer_ ? peer_parts(gathered_after(2)) : std::array<cuda::WordRange<std::uint32_t>, 2>{};
  const int blocks = capped_blocks_for(
      static_cast<std::int64_t>(std::max(before.count, after.count)), grid_blocks_);
  bottom_up_end_kernel<cuda::BfsCounters><<<blocks, kDistributedThreadsPerBlock, 0, stream_>>>(
      agent_counters, level_words(kCounters), before, after, all_reduce_at_end());
  FRONTIER_CHECK_LAUNCH();
}

template <typename VertexT, typename EdgeT>
cuda::BfsCounters* CudaRankSearch<VertexT, EdgeT>::take_agent_slots(cuda::BfsCounters*& next) {
  cuda::BfsCounters* own = d_agent_counters_.data() + agent_launches_ % 2;
  next = d_agent_counters_.data() + (agent_launches_ + 1) % 2;
  ++agent_launches_;
  return own;
}

template <typename VertexT, typename EdgeT>
BarrierAtEnd CudaRankSearch<VertexT, EdgeT>::all_reduce_at_end() {
  if (barriers_ == nullptr) return {};
  // After the barrier no rank reads this rank's send counts (the contractions are done) or its
  // counters (posted): they are zeroed there for the next level.
  level_words_zeroed_ = true;
  return {
      d_blocks_done_.data() + 1,
      barriers_->take_all_reduce(level_words(kCounters), kLevelCounters),
      {level_words(kSendCounts), static_cast<std::uint64_t>(distribution_.ranks + kLevelCounters)}};
}

template <typename VertexT, typename EdgeT>
auto CudaRankSearch<VertexT, EdgeT>::global_frontier(FrontierPart form, std::size_t part_bytes)
    -> BottomUpFrontier {
  // 1. The frontier in global vertex order: queue parts set in a cleared bitmap; bitmap parts
  //    rewritten (one rank's part, or block parts of whole words gathered in order, already
  //    are; so are the gathered bitmaps of the peer transport, read in gathered order).
  const FrontierPartsAt parts = frontier_parts(part_bytes);
  if (form == FrontierPart::kQueue) {
    FRONTIER_CUDA_CHECK(cudaMemsetAsync(d_global_bits_.data(), 0,
                                        d_global_bits_.size() * sizeof(std::uint32_t), stream_));
    const auto part_items =
        static_cast<std::int64_t>((part_bytes - sizeof(std::int64_t)) / sizeof(VertexT));
    const std::int64_t slots = static_cast<std::int64_t>(distribution_.ranks) * part_items;
    const std::size_t shared =
        (static_cast<std::size_t>(distribution_.ranks) + 1) * sizeof(std::int64_t);
    queue_parts_to_global_kernel<VertexT>
        <<<capped_blocks_for(slots, grid_blocks_), kDistributedThreadsPerBlock, shared, stream_>>>(
            parts, distribution_, d_global_bits_.data());
    FRONTIER_CHECK_LAUNCH();
    return {d_global_bits_.data(), false};
  }
  if (parts_gathered_) {
    // Every rank's part is in this rank's current gathered bitmap (peer, after a bottom-up
    // level): read in place where the layout allows, else rewritten from this rank's memory.
    if (gathered_is_global_ || gathered_bits_.stripe_shift >= 0) return {gathered_after(0), true};
    launch_globalize({nullptr, reinterpret_cast<const unsigned char*>(gathered_after(0)),
                      bitmap_words_ * sizeof(std::uint32_t)});
    return {d_global_bits_.data(), false};
  }
  if (gathered_is_global_ && (!peer_ || distribution_.ranks == 1)) {
    // The gathered buffer (NCCL), or one rank's own part.
    return {peer_ ? own_part_after(0) : d_bitmap_.data(), false};
  }
  launch_globalize(parts);
  return {d_global_bits_.data(), false};
}

template <typename VertexT, typename EdgeT>
const cuda::BfsCounters* CudaRankSearch<VertexT, EdgeT>::launch_bottom_up_agent(
    std::int32_t level, const BottomUpFrontier& frontier) {
  // 2. The engine's bottom-up agent over the local vertices: an unvisited vertex scans its arcs
  //    (the slice is undirected: out-arcs are in-arcs) for a bit of the frontier and stops at
  //    the first; its next-frontier and visited words are written whole by one warp.
  cuda::BfsLevelArgs<VertexT, EdgeT, Target> args;
  args.forward = {d_offsets_.data(), d_targets_.data()};
  args.reverse = args.forward;
  args.num_vertices = local_count_;
  args.level = level + 1;
  args.depth = d_depth_.data();
  args.parent = d_parent_.data();
  args.visited = d_visited_.data();
  args.frontier_in = frontier.bits;
  args.frontier_out = own_part_after(1);
  args.counters = take_agent_slots(args.next_counters);
  const int blocks =
      cuda::capped_grid(static_cast<std::uint64_t>(cuda::bitmap_words(local_count_)) * 32,
                        cuda::kBfsBlockThreads, static_cast<std::uint64_t>(grid_blocks_));
  if (peer_) {
    const GatheredFrontier gathered = gathered_frontier(frontier);
    if (words_ == 2) {
      gathered_bottom_up_kernel<VertexT, EdgeT, Target, true>
          <<<blocks, cuda::kBfsBlockThreads, 0, stream_>>>(args, gathered);
    } else {
      gathered_bottom_up_kernel<VertexT, EdgeT, Target, false>
          <<<blocks, cuda::kBfsBlockThreads, 0, stream_>>>(args, gathered);
    }
    FRONTIER_CHECK_LAUNCH();
  } else {
    if (words_ == 2) {
      cuda::bfs_bottom_up_kernel<VertexT, EdgeT, true, Target>
          <<<blocks, cuda::kBfsBlockThreads, 0, stream_>>>(args, cuda::BfsBottomUpNext{});
    } else {
      cuda::bfs_bottom_up_kernel<VertexT, EdgeT, false, Target>
          <<<blocks, cuda::kBfsBlockThreads, 0, stream_>>>(args, cuda::BfsBottomUpNext{});
    }
    FRONTIER_CHECK_LAUNCH();
  }
  return args.counters;
}

template <typename VertexT, typename EdgeT>
GatheredFrontier CudaRankSearch<VertexT, EdgeT>::gathered_frontier(
    const BottomUpFrontier& frontier) const {
  // Read in gathered order (or global order: mask and shift 0), stored into every rank.
  const int shift = frontier.gathered_order ? std::max(gathered_bits_.stripe_shift, 0) : 0;
  GatheredFrontier gathered;
  gathered.bits = frontier.bits;
  gathered.next =
      d_gathered_tables_.data() + ((current_gathered_ + 1) % kPeerBitmaps) * distribution_.ranks;
  gathered.part_bits = bitmap_words_ * 32;
  gathered.mask = (std::uint64_t{1} << shift) - 1;
  gathered.shift = shift;
  gathered.ranks = distribution_.ranks;
  gathered.rank = rank_;
  gathered.own_word = static_cast<std::uint64_t>(rank_) * bitmap_words_;
  return gathered;
}

template <typename VertexT, typename EdgeT>
std::array<cuda::WordRange<std::uint32_t>, 2> CudaRankSearch<VertexT, EdgeT>::peer_parts(
    std::uint32_t* gathered) const {
  // Before this rank's part, and after it.
  const auto before = static_cast<std::uint64_t>(rank_);
  const auto after = static_cast<std::uint64_t>(distribution_.ranks - rank_ - 1);
  return {cuda::WordRange<std::uint32_t>{gathered, before * bitmap_words_},
          cuda::WordRange<std::uint32_t>{gathered + (before + 1) * bitmap_words_,
                                         after * bitmap_words_}};
}

template <typename VertexT, typename EdgeT>
void CudaRankSearch<VertexT, EdgeT>::launch_globalize(const FrontierPartsAt& parts) {
  const auto words = static_cast<std::int64_t>(d_global_bits_.size());
  const bool striped = with_stripe_shift(gathered_bits_.stripe_shift, [&](auto shift) {
    globalize_striped_kernel<decltype(shift)::value>
        <<<capped_blocks_for(words, grid_blocks_), kDistributedThreadsPerBlock, 0, stream_>>>(
            parts, static_cast<std::uint64_t>(words), d_global_bits_.data());
  });
  if (!striped) {
    // Any other layout: one vertex per thread, through the distribution.
    const GlobalizeArgs<VertexT> globalize{gathered_bits_, parts, d_global_bits_.data()};
    globalize_bitmap_kernel<VertexT>
        <<<capped_blocks_for(words * 32, grid_blocks_), kDistributedThreadsPerBlock, 0, stream_>>>(
            globalize);
  }
  FRONTIER_CHECK_LAUNCH();
}

template <typename VertexT, typename EdgeT>
void CudaRankSearch<VertexT, EdgeT>::advance(std::int64_t next_frontier_size) {
  // A top-down level queued its next frontier in d_next_; a bottom-up one left it in
  // d_frontier_bits_.
  if (level_bottom_up_) {
    frontier_in_bitmap_ = true;
    if (peer_) current_gathered_ = (current_gathered_ + 1) % kPeerBitmaps;
  } else {
    std::swap(d_frontier_, d_next_);
  }
  frontier_size_ = next_frontier_size;
}

template <typename VertexT, typename EdgeT>
void CudaRankSearch<VertexT, EdgeT>::finish() {
  FRONTIER_CUDA_CHECK(cudaSetDevice(device_));
  FRONTIER_CUDA_CHECK(cudaStreamSynchronize(stream_));
}

template <typename VertexT, typename EdgeT>
void CudaRankSearch<VertexT, EdgeT>::mark(std::int32_t level, LevelMark mark) {
  if (!time_phases_) return;
  FRONTIER_CUDA_CHECK(cudaSetDevice(device_));
  if (stamps_.size() == events_.size()) events_.emplace_back();
  FRONTIER_CUDA_CHECK(cudaEventRecord(events_[stamps_.size()].get(), stream_));
  stamps_.push_back({level, mark, 0.0});
}

template <typename VertexT, typename EdgeT>
std::vector<PhaseStamp> CudaRankSearch<VertexT, EdgeT>::phase_stamps() {
  if (stamps_.empty()) return {};
  FRONTIER_CUDA_CHECK(cudaSetDevice(device_));
  FRONTIER_CUDA_CHECK(cudaEventSynchronize(events_[stamps_.size() - 1].get()));
  for (std::size_t i = 0; i < stamps_.size(); ++i) {
    float ms = 0.0f;
    FRONTIER_CUDA_CHECK(cudaEventElapsedTime(&ms, events_[0].get(), events_[i].get()));
    stamps_[i].seconds = static_cast<double>(ms) * 1e-3;
  }
  return stamps_;
}

template <typename VertexT, typename EdgeT>
void CudaRankSearch<VertexT, EdgeT>::gather(std::span<std::int32_t> depth,
                                            std::span<VertexT> parent) {
  FRONTIER_CUDA_CHECK(cudaSetDevice(device_));
  const auto local = static_cast<std::size_t>(local_count_);
  std::vector<std::uint32_t> h_visited(bitmap_words_);
  if (bitmap_words_ > 0) {
    FRONTIER_CUDA_CHECK(cudaMemcpy(h_visited.data(), d_visited_.data(),
                                   bitmap_words_ * sizeof(std::uint32_t), cudaMemcpyDeviceToHost));
  }
  std::vector<std::int32_t> h_depth(local);
  FRONTIER_CUDA_CHECK(cudaMemcpy(h_depth.data(), d_depth_.data(), local * sizeof(std::int32_t),
                                 cudaMemcpyDeviceToHost));
  std::vector<VertexT> h_parent;
  if (!parent.empty()) {
    h_parent.resize(local);
    FRONTIER_CUDA_CHECK(cudaMemcpy(h_parent.data(), d_parent_.data(), local * sizeof(VertexT),
                                   cudaMemcpyDeviceToHost));
  }
  scatter_rank_labels<VertexT>(distribution_, rank_, h_visited, h_depth, h_parent, words_ == 2,
                               depth, parent);
}

template class CudaRankSearch<std::int32_t, std::int64_t>;
template class CudaRankSearch<std::int64_t, std::int64_t>;

}  // namespace frontier::distributed
