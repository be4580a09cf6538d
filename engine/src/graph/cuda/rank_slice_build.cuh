/// @file rank_slice_build.cuh
/// @brief Graph500 kernel 1 of a distributed run on each rank's own GPU: the rank's slice of the
/// Kronecker graph (rank_graph.hpp) built in place, with no tuple list and nothing from the host
/// but the parameters. Every rank regenerates the whole tuple stream with the counter-based
/// generator (tuple i is kronecker_edge(sampler, i) on every GPU alike) and keeps the arcs whose
/// tail it owns (csr_build_kernels.cuh, OwnedRows): both arcs of a non-loop tuple, self loops
/// dropped, duplicates kept, every adjacency list sorted. The slice therefore equals, offsets and
/// targets, the one partition::build_rank_graph() makes from the host-generated bins, for either
/// layout and any rank count. The price is p generations of the stream per run (one per rank, in
/// parallel on p GPUs) against no exchange of arcs; docs/architecture.md has the arithmetic.
///
/// Two steps, so that a group of GPUs can size every rank against its free memory once the arc
/// counts are known and before the arcs are allocated: count (pass 1: offsets and the arc count),
/// then fill (pass 2 and the sort: device_csr_build_bytes() over the rank's rows and arcs, the
/// offsets already made).
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "cuda/cuda_check.cuh"
#include "cuda/device_buffer.cuh"
#include "frontier/distribution/rank_graph.hpp"
#include "frontier/distribution/vertex_distribution.hpp"
#include "frontier/generators/kronecker.hpp"

namespace frontier::cuda {

/// One rank's slice on its GPU: offsets by local vertex (local_count + 1 entries), targets as
/// global ids in GpuRankTarget words (empty until filled).
template <typename VertexT, typename EdgeT>
struct DeviceRankSlice {
  DeviceBuffer<EdgeT> d_offsets;
  DeviceBuffer<GpuRankTarget<VertexT>> d_targets;
  EdgeT arcs = 0;
};

/// Targets converted between host ids and a slice's device words pass through a host buffer of
/// at most this many words at a time, so that a copy never holds a second slice on the host.
inline constexpr std::size_t kRankTargetCopyWords = std::size_t{1} << 22;

/// Copies `count` device words of a slice's targets into host ids (synchronous).
template <typename TargetT, typename VertexT>
void copy_rank_targets_to_host(const TargetT* d_targets, std::size_t count, VertexT* host) {
  if constexpr (std::is_same_v<TargetT, VertexT>) {
    if (count > 0) {
      FRONTIER_CUDA_CHECK(
          cudaMemcpy(host, d_targets, count * sizeof(VertexT), cudaMemcpyDeviceToHost));
    }
  } else {
    std::vector<TargetT> words(std::min(count, kRankTargetCopyWords));
    for (std::size_t at = 0; at < count; at += words.size()) {
      const std::size_t part = std::min(words.size(), count - at);
      FRONTIER_CUDA_CHECK(
          cudaMemcpy(words.data(), d_targets + at, part * sizeof(TargetT), cudaMemcpyDeviceToHost));
      std::copy_n(words.begin(), part, host + at);
    }
  }
}

/// Copies `count` host ids into a slice's device words (synchronous); each id is below
/// kMaxGpuRankVertices (the caller checked the graph's vertex count).
template <typename VertexT, typename TargetT>
void copy_rank_targets_to_device(const VertexT* host, std::size_t count, TargetT* d_targets) {
  if constexpr (std::is_same_v<TargetT, VertexT>) {
    if (count > 0) {
      FRONTIER_CUDA_CHECK(
          cudaMemcpy(d_targets, host, count * sizeof(VertexT), cudaMemcpyHostToDevice));
    }
  } else {
    std::vector<TargetT> words(std::min(count, kRankTargetCopyWords));
    for (std::size_t at = 0; at < count; at += words.size()) {
      const std::size_t part = std::min(words.size(), count - at);
      std::transform(host + at, host + at + part, words.begin(),
                     [](VertexT id) { return static_cast<TargetT>(id); });
      FRONTIER_CUDA_CHECK(
          cudaMemcpy(d_targets + at, words.data(), part * sizeof(TargetT), cudaMemcpyHostToDevice));
    }
  }
}

/// Pass 1 on GPU `device_id`: rank `rank`'s out-degrees scanned into offsets, and its arc count.
/// @throws InvalidArgument for parameters io::generate_kronecker rejects, a distribution whose
/// vertex count is not 2^scale, or a rank out of range; OutOfMemory if the offsets do not fit;
/// CudaError if a CUDA call fails.
template <typename VertexT, typename EdgeT>
DeviceRankSlice<VertexT, EdgeT> count_kronecker_rank_slice(
    const KroneckerParams& params, const VertexDistribution<VertexT>& distribution, int rank,
    int device_id);

/// Pass 2 and the sort after count_kronecker_rank_slice() with the same arguments: the targets.
/// @throws OutOfMemory if a step does not fit; CudaError if a CUDA call fails.
template <typename VertexT, typename EdgeT>
void fill_kronecker_rank_slice(DeviceRankSlice<VertexT, EdgeT>& slice,
                               const KroneckerParams& params,
                               const VertexDistribution<VertexT>& distribution, int rank,
                               int device_id);

/// Rank `rank`'s part of the degree table (partition::degree_table_part's: max_local_count()
/// entries) into d_part on the slice's device, for hubs first (synchronous).
template <typename VertexT, typename EdgeT>
void rank_slice_degrees(const DeviceRankSlice<VertexT, EdgeT>& slice,
                        const VertexDistribution<VertexT>& distribution, int rank, int device_id,
                        std::uint32_t* d_part);

/// Hubs first on a filled slice, partition::put_hubs_first's swap, the degrees read from the
/// whole table (every rank's part, partition::degree_table's layout) on the slice's device
/// (synchronous).
template <typename VertexT, typename EdgeT>
void put_rank_slice_hubs_first(DeviceRankSlice<VertexT, EdgeT>& slice,
                               const VertexDistribution<VertexT>& distribution, int rank,
                               int device_id, const std::uint32_t* d_table);

/// A host copy of a filled slice (synchronous).
template <typename VertexT, typename EdgeT>
RankGraph<VertexT, EdgeT> rank_slice_to_host(const DeviceRankSlice<VertexT, EdgeT>& slice,
                                             const VertexDistribution<VertexT>& distribution,
                                             int rank, int device_id);

}  // namespace frontier::cuda
