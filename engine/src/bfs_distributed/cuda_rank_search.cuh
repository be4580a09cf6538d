/// @file bfs_distributed/cuda_rank_search.cuh
/// @brief One rank of the distributed BFS on its own GPU: the slice resident in device memory,
/// every per-search buffer allocated once (sized from the distribution: a send buffer of
/// num_vertices items, a receive buffer of ranks * local_count items, bitmasks, queues), work
/// queued on the rank's stream. No allocation and no host synchronization inside a level; the
/// exchange synchronizes twice per level (bin counts, frontier size).
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

#include "bfs_cuda/device_buffer.cuh"
#include "bfs_distributed/rank_search.hpp"
#include "frontier/partition/rank_graph.hpp"

namespace frontier::distributed {

template <typename VertexT, typename EdgeT>
class CudaRankSearch final : public RankSearch<VertexT> {
 public:
  /// Uploads `slice` to GPU `device`; work goes to `stream` (owned by the caller).
  CudaRankSearch(const partition::RankGraph<VertexT, EdgeT>& slice, int device,
                 cudaStream_t stream);
  ~CudaRankSearch() override;
  CudaRankSearch(const CudaRankSearch&) = delete;
  CudaRankSearch& operator=(const CudaRankSearch&) = delete;

  /// Device bytes a rank of this slice allocates (before CUB's scan scratch).
  static std::uint64_t device_bytes(const partition::RankGraph<VertexT, EdgeT>& slice);

  int rank() const override { return rank_; }
  void start(VertexT source, bool predecessors) override;
  void expand(std::int32_t level) override;
  RankBins& bins() override { return bins_; }
  void contract(std::int32_t level) override;
  void build_frontier_bitmap() override;
  void* gathered_bitmap() override { return d_bitmap_.data(); }
  std::size_t bitmap_words() const override { return bitmap_words_; }
  void bottom_up(std::int32_t level) override;
  std::int64_t* level_counters() override { return d_counters_.data(); }
  void advance(std::int64_t next_frontier_size) override;
  void finish() override;
  void gather(std::span<std::int32_t> depth, std::span<VertexT> parent) override;
  std::size_t item_bytes() const override { return words_ * sizeof(VertexT); }

 private:
  int device_;
  cudaStream_t stream_;
  int rank_;
  partition::VertexDistribution<VertexT> distribution_;
  VertexT local_count_;
  std::size_t words_ = 2;
  std::int64_t frontier_size_ = 0;
  int grid_blocks_ = 0;
  cuda::DeviceBuffer<EdgeT> d_offsets_;
  cuda::DeviceBuffer<VertexT> d_targets_;
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
  cuda::DeviceBuffer<std::int64_t> d_send_counts_;
  cuda::DeviceBuffer<VertexT> d_recv_;
  cuda::DeviceBuffer<std::int64_t> d_recv_counts_;
  cuda::DeviceBuffer<std::int64_t> d_counters_;
  std::size_t bitmap_words_ = 0;
  cuda::DeviceBuffer<std::uint32_t> d_bitmap_;
  std::vector<std::int64_t> send_offsets_;
  RankBins bins_;
};

}  // namespace frontier::distributed
