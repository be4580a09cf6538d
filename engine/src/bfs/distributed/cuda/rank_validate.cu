// rank_validate.cu — the Graph500 rules for the GPU ranks (rank_validate.cuh): one thread per
// owned vertex, the smallest failing local index kept by atomicMin, the reached arcs and
// vertices summed per warp before one atomic each.
#include "bfs/distributed/cuda/rank_validate.cuh"

#include <algorithm>
#include <array>
#include <vector>

#include "bfs/distributed/transport/nccl_check.cuh"
#include "bfs/distributed/transport/nccl_library.hpp"
#include "bfs/distributed/vertex_rules.hpp"
#include "cuda/cuda_check.cuh"
#include "cuda/device_memory.hpp"
#include "cuda/launch_sizing.hpp"
#include "frontier/device.hpp"
#include "frontier/errors.hpp"
#include "frontier/types.hpp"

namespace frontier::distributed {
namespace {

constexpr int kCheckThreadsPerBlock = 256;
// A grid-stride loop; 4096 blocks fill any current GPU many times over.
constexpr std::uint64_t kCheckMaxBlocks = 4096;

/// Where a rank's check reads the labels: the global depths, and the parents either global
/// (visited null) or the rank's own by local id, belonging to the search where the visited bit
/// is set (the labels left where the search wrote them).
template <typename VertexT>
struct CheckLabels {
  const std::int32_t* depth = nullptr;
  const VertexT* parent = nullptr;
  const std::uint32_t* visited = nullptr;
  /// 0: depth in global vertex order; else rank-major, each rank's local depths at
  /// owner * rank_stride (as an all-gather over the ranks leaves them).
  std::uint64_t rank_stride = 0;
};

/// The result words of a check: the smallest failing local index (the rank's local count if
/// none), the arcs of reached vertices, the reached vertices that break no rule of their own,
/// and the chunks queued for the heavy vertices' arcs.
enum CheckResult { kFirstBad, kReachedArcs, kReachedVertices, kHeavyChunks, kCheckResults };

/// A vertex of more arcs than this has them checked in chunks of kChunkArcs, one block of
/// kCheckThreadsPerBlock threads a chunk, rather than by its own thread: one thread walking a
/// hub's millions of arcs would hold up the whole check.
constexpr std::int64_t kHeavyArcs = 256;
constexpr std::int64_t kChunkArcs = kCheckThreadsPerBlock;
/// A queue entry: local id in the low 32 bits, chunk index in the high 32; kNoChunk marks slots
/// of a vertex that did not fit the queue (its own thread checked its arcs).
constexpr unsigned long long kNoChunk = ~0ull;

/// The heavy vertices' chunks (capacity entries) and one bit per local vertex that says the
/// parent was found among its arcs (rule 5).
struct HeavyQueue {
  unsigned long long* chunks = nullptr;
  std::uint64_t capacity = 0;
  std::uint32_t* parent_found = nullptr;
};

/// Bytes of the heavy queue for a rank of `local` vertices: half as many entries as vertices
/// (a Kronecker graph of edgefactor 16 queues about a quarter), and the bitmap.
std::uint64_t heavy_queue_bytes(std::uint64_t local) {
  return cuda::device_bytes_for<unsigned long long>(local / 2 + 1) +
         cuda::device_bytes_for<std::uint32_t>((local + 31) / 32);
}

template <typename VertexT>
__device__ std::int32_t depth_of(const CheckLabels<VertexT>& labels,
                                 const VertexDistribution<VertexT>& distribution, VertexT v) {
  if (labels.rank_stride == 0) return labels.depth[v];
  return labels.depth[static_cast<std::uint64_t>(distribution.owner(v)) * labels.rank_stride +
                      static_cast<std::uint64_t>(distribution.local(v))];
}

template <typename VertexT>
__device__ VertexT parent_of(const CheckLabels<VertexT>& labels, VertexT v, std::uint64_t local) {
  if (labels.visited == nullptr) return labels.parent[v];
  return (labels.visited[local / 32] >> (local % 32) & 1u) != 0 ? labels.parent[local]
                                                                : static_cast<VertexT>(-1);
}

/// Rules 3 and 4 for one arc to w of a vertex at depth d (undirected: |d - dw| <= 1 when reached,
/// nothing reached next to an unreached vertex).
__device__ bool arc_breaks_rule(std::int32_t d, std::int32_t dw) {
  return d < 0 ? dw >= 0 : (dw < 0 || dw > d + 1 || dw < d - 1);
}

__device__ void add_per_warp(unsigned long long value, unsigned long long* total) {
  for (int offset = 16; offset > 0; offset /= 2)
    value += __shfl_down_sync(0xffffffffu, value, offset);
  if (threadIdx.x % 32 == 0 && value > 0) atomicAdd(total, value);
}

/// Pass 1, one thread per owned vertex: rules 1 and 2 (the source's rule 1 included); a light
/// vertex's arcs (rules 3-5) by its thread; a heavy vertex's arcs queued in chunks (its rule 5 bit
/// cleared). Lowers results[kFirstBad] to the smallest failing local index, sums the reached
/// vertices and the light vertices' arcs.
template <typename VertexT, typename EdgeT, typename TargetT>
__global__ void check_vertices_kernel(cuda::DeviceCsr<VertexT, EdgeT, TargetT> slice,
                                      VertexDistribution<VertexT> distribution, int rank,
                                      VertexT source, CheckLabels<VertexT> labels, HeavyQueue heavy,
                                      unsigned long long* results) {
  const auto count = static_cast<std::uint64_t>(distribution.local_count(rank));
  const VertexT n = distribution.num_vertices;
  const std::uint64_t stride = static_cast<std::uint64_t>(gridDim.x) * blockDim.x;
  unsigned long long arcs = 0;
  unsigned long long reached = 0;
  for (std::uint64_t i = static_cast<std::uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
       i < count; i += stride) {
    const auto local = static_cast<VertexT>(i);
    const VertexT v = distribution.global(rank, local);
    const VertexT p = parent_of(labels, v, i);
    const std::int32_t d = depth_of(labels, distribution, v);
    bool bad = (p < 0) != (d < 0) || p >= n || (v == source && (p != source || d != 0));
    const bool tree_edge = !bad && p >= 0 && v != source;
    const std::int32_t dp = tree_edge ? depth_of(labels, distribution, p) : 0;
    if (tree_edge && (dp < 0 || dp + 1 != d)) bad = true;
    if (bad) {
      atomicMin(&results[kFirstBad], static_cast<unsigned long long>(i));
      continue;
    }
    if (d >= 0) ++reached;
    const EdgeT begin = slice.offsets[local];
    const EdgeT end = slice.offsets[local + 1];
    // A local id past 32 bits does not fit an entry: its own thread checks it.
    if (end - begin > kHeavyArcs && i <= 0xffffffffull) {
      const auto chunks =
          static_cast<unsigned long long>((end - begin + kChunkArcs - 1) / kChunkArcs);
      const unsigned long long first = atomicAdd(&results[kHeavyChunks], chunks);
      if (first + chunks <= heavy.capacity) {
        atomicAnd(&heavy.parent_found[i / 32], ~(1u << (i % 32)));
        for (unsigned long long c = 0; c < chunks; ++c) heavy.chunks[first + c] = (c << 32) | i;
        continue;
      }
      for (unsigned long long c = first; c < heavy.capacity && c < first + chunks; ++c) {
        heavy.chunks[c] = kNoChunk;
      }
    }
    bool found = false;
    for (EdgeT e = begin; !bad && e < end; ++e) {
      const auto w = static_cast<VertexT>(slice.targets[e]);
      found = found || w == p;
      bad = arc_breaks_rule(d, depth_of(labels, distribution, w));
    }
    if (tree_edge && !found) bad = true;
    if (bad) {
      atomicMin(&results[kFirstBad], static_cast<unsigned long long>(i));
    } else if (d >= 0) {
      arcs += static_cast<unsigned long long>(end - begin);
    }
  }
  // Every thread of the grid gets here: one atomic per warp for each sum.
  add_per_warp(arcs, &results[kReachedArcs]);
  add_per_warp(reached, &results[kReachedVertices]);
}

/// Pass 2, one block per queued chunk: rules 3 and 4 on each arc, the parent's arc marked found.
template <typename VertexT, typename EdgeT, typename TargetT>
__global__ void check_heavy_arcs_kernel(cuda::DeviceCsr<VertexT, EdgeT, TargetT> slice,
                                        VertexDistribution<VertexT> distribution, int rank,
                                        CheckLabels<VertexT> labels, HeavyQueue heavy,
                                        unsigned long long* results) {
  const unsigned long long queued = results[kHeavyChunks];
  const unsigned long long entries = queued < heavy.capacity ? queued : heavy.capacity;
  unsigned long long arcs = 0;
  for (unsigned long long entry = blockIdx.x; entry < entries; entry += gridDim.x) {
    const unsigned long long chunk = heavy.chunks[entry];
    if (chunk == kNoChunk) continue;
    const std::uint64_t i = chunk & 0xffffffffull;
    const auto local = static_cast<VertexT>(i);
    const VertexT v = distribution.global(rank, local);
    const VertexT p = parent_of(labels, v, i);
    const std::int32_t d = depth_of(labels, distribution, v);
    const EdgeT e = slice.offsets[local] + static_cast<EdgeT>((chunk >> 32) * kChunkArcs) +
                    static_cast<EdgeT>(threadIdx.x);
    if (e >= slice.offsets[local + 1]) continue;
    const auto w = static_cast<VertexT>(slice.targets[e]);
    if (arc_breaks_rule(d, depth_of(labels, distribution, w))) {
      atomicMin(&results[kFirstBad], static_cast<unsigned long long>(i));
    } else if (d >= 0) {
      ++arcs;
    }
    if (w == p && p >= 0) atomicOr(&heavy.parent_found[i / 32], 1u << (i % 32));
  }
  add_per_warp(arcs, &results[kReachedArcs]);
}

/// Pass 3, one thread per queued vertex (its chunk 0): rule 5 from the bit pass 2 set.
template <typename VertexT, typename EdgeT>
__global__ void check_heavy_parents_kernel(VertexDistribution<VertexT> distribution, int rank,
                                           VertexT source, CheckLabels<VertexT> labels,
                                           HeavyQueue heavy, unsigned long long* results) {
  const unsigned long long queued = results[kHeavyChunks];
  const unsigned long long entries = queued < heavy.capacity ? queued : heavy.capacity;
  const std::uint64_t stride = static_cast<std::uint64_t>(gridDim.x) * blockDim.x;
  for (std::uint64_t entry = static_cast<std::uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
       entry < entries; entry += stride) {
    const unsigned long long chunk = heavy.chunks[entry];
    if (chunk == kNoChunk || (chunk >> 32) != 0) continue;
    const std::uint64_t i = chunk & 0xffffffffull;
    const VertexT v = distribution.global(rank, static_cast<VertexT>(i));
    const VertexT p = parent_of(labels, v, i);
    const bool tree_edge = p >= 0 && v != source;
    if (tree_edge && (heavy.parent_found[i / 32] >> (i % 32) & 1u) == 0) {
      atomicMin(&results[kFirstBad], static_cast<unsigned long long>(i));
    }
  }
}

/// The global depths of rank q's vertices: its local depth where the visited bit is set, else
/// unreached.
template <typename VertexT>
__global__ void place_rank_depths_kernel(VertexDistribution<VertexT> distribution, int q,
                                         const std::int32_t* local_depth,
                                         const std::uint32_t* visited, std::int32_t* global_depth) {
  const auto count = static_cast<std::uint64_t>(distribution.local_count(q));
  const std::uint64_t stride = static_cast<std::uint64_t>(gridDim.x) * blockDim.x;
  for (std::uint64_t i = static_cast<std::uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
       i < count; i += stride) {
    const bool reached = (visited[i / 32] >> (i % 32) & 1u) != 0;
    global_depth[distribution.global(q, static_cast<VertexT>(i))] =
        reached ? local_depth[i] : kUnreachedDepth;
  }
}

/// The three passes of one rank's check on its stream, results reset first.
template <typename VertexT, typename EdgeT>
void launch_check(const CudaRankSearch<VertexT, EdgeT>& rank, VertexT source,
                  const CheckLabels<VertexT>& labels, const HeavyQueue& heavy,
                  unsigned long long* d_results) {
  const VertexT count = rank.distribution().local_count(rank.rank());
  const unsigned long long start[kCheckResults] = {static_cast<unsigned long long>(count), 0, 0, 0};
  const cudaStream_t stream = rank.stream();
  FRONTIER_CUDA_CHECK(
      cudaMemcpyAsync(d_results, start, sizeof(start), cudaMemcpyHostToDevice, stream));
  if (count == 0) return;
  const auto vertices = static_cast<std::uint64_t>(count);
  check_vertices_kernel<VertexT, EdgeT, GpuRankTarget<VertexT>>
      <<<cuda::capped_grid(vertices, kCheckThreadsPerBlock, kCheckMaxBlocks), kCheckThreadsPerBlock,
         0, stream>>>(rank.slice_on_device(), rank.distribution(), rank.rank(), source, labels,
                      heavy, d_results);
  FRONTIER_CHECK_LAUNCH();
  const auto blocks = static_cast<unsigned>(
      std::min<std::uint64_t>(kCheckMaxBlocks, std::max<std::uint64_t>(heavy.capacity, 1)));
  check_heavy_arcs_kernel<VertexT, EdgeT, GpuRankTarget<VertexT>>
      <<<blocks, kCheckThreadsPerBlock, 0, stream>>>(rank.slice_on_device(), rank.distribution(),
                                                     rank.rank(), labels, heavy, d_results);
  FRONTIER_CHECK_LAUNCH();
  check_heavy_parents_kernel<VertexT, EdgeT><<<blocks, kCheckThreadsPerBlock, 0, stream>>>(
      rank.distribution(), rank.rank(), source, labels, heavy, d_results);
  FRONTIER_CHECK_LAUNCH();
}

/// The results of a launched check, waited for.
std::array<unsigned long long, kCheckResults> check_results(cudaStream_t stream,
                                                            const unsigned long long* d_results) {
  std::array<unsigned long long, kCheckResults> results{};
  FRONTIER_CUDA_CHECK(
      cudaMemcpyAsync(results.data(), d_results, sizeof(results), cudaMemcpyDeviceToHost, stream));
  FRONTIER_CUDA_CHECK(cudaStreamSynchronize(stream));
  return results;
}

/// The broken rule of `rank`'s local vertex `local`, worded on the host as the host validator
/// words it: that one vertex's arcs come back, the rule is found again over the global `parent`
/// and `depth` arrays (only the vertex's own parent and the depths its rules read need be right).
template <typename VertexT, typename EdgeT>
std::string word_failure(const CudaRankSearch<VertexT, EdgeT>& rank, VertexT source, VertexT local,
                         std::span<const VertexT> parent, std::span<const std::int32_t> depth) {
  const VertexDistribution<VertexT>& distribution = rank.distribution();
  const auto slice = rank.slice_on_device();
  EdgeT bounds[2] = {0, 0};
  FRONTIER_CUDA_CHECK(
      cudaMemcpy(bounds, slice.offsets + local, sizeof(bounds), cudaMemcpyDeviceToHost));
  std::vector<VertexT> arcs(static_cast<std::size_t>(bounds[1] - bounds[0]));
  cuda::copy_rank_targets_to_host(slice.targets + bounds[0], arcs.size(), arcs.data());
  const VertexT v = distribution.global(rank.rank(), local);
  std::int64_t ignored = 0;
  std::string problem = broken_vertex_rule<VertexT>(v, arcs, arcs, false, distribution.num_vertices,
                                                    source, parent, depth, ignored);
  if (problem.empty()) problem = "the GPU check and the host check disagree";
  return vertex_failure(problem, v, rank.rank());
}

/// The failure of `rank`'s check over labels left on the GPU: its parents (local, masked by the
/// visited bitmap) and the global depths (`depths` in global order, or rank-major with
/// `rank_stride`) come back for the wording.
template <typename VertexT, typename EdgeT>
std::string word_in_place_failure(const CudaRankSearch<VertexT, EdgeT>& rank, VertexT source,
                                  VertexT local, const std::int32_t* depths,
                                  std::uint64_t rank_stride) {
  const VertexDistribution<VertexT>& distribution = rank.distribution();
  const auto n = static_cast<std::size_t>(distribution.num_vertices);
  const std::size_t stored = rank_stride == 0 ? n : rank_stride * distribution.ranks;
  std::vector<std::int32_t> stored_depth(stored);
  FRONTIER_CUDA_CHECK(cudaMemcpy(stored_depth.data(), depths, stored * sizeof(std::int32_t),
                                 cudaMemcpyDeviceToHost));
  std::vector<std::int32_t> depth(n);
  for (std::size_t v = 0; v < n; ++v) {
    const auto w = static_cast<VertexT>(v);
    depth[v] = rank_stride == 0
                   ? stored_depth[v]
                   : stored_depth[static_cast<std::size_t>(distribution.owner(w)) * rank_stride +
                                  static_cast<std::size_t>(distribution.local(w))];
  }
  const auto labels = rank.labels_on_device();
  const auto count = static_cast<std::size_t>(distribution.local_count(rank.rank()));
  std::vector<VertexT> local_parent(count);
  std::vector<std::uint32_t> visited((count + 31) / 32);
  if (count > 0) {
    FRONTIER_CUDA_CHECK(cudaMemcpy(local_parent.data(), labels.parent, count * sizeof(VertexT),
                                   cudaMemcpyDeviceToHost));
    FRONTIER_CUDA_CHECK(cudaMemcpy(visited.data(), labels.visited,
                                   visited.size() * sizeof(std::uint32_t), cudaMemcpyDeviceToHost));
  }
  std::vector<VertexT> parent(n, kInvalidVertex<VertexT>);
  for (std::size_t l = 0; l < count; ++l) {
    if ((visited[l / 32] >> (l % 32) & 1u) != 0) {
      parent[static_cast<std::size_t>(distribution.global(rank.rank(), static_cast<VertexT>(l)))] =
          local_parent[l];
    }
  }
  return word_failure(rank, source, local, std::span<const VertexT>(parent),
                      std::span<const std::int32_t>(depth));
}

/// One GPU's buffers, allocated once: `depth_entries` depths, the staging / heavy-queue buffers
/// for ranks of up to `largest` vertices, the results.
void allocate_in_place_buffers(InPlaceCheckBuffers& own, std::size_t depth_entries,
                               std::size_t largest) {
  own.depth = cuda::DeviceBuffer<std::int32_t>(depth_entries);
  own.peer_depth = cuda::DeviceBuffer<std::int32_t>(largest);
  own.peer_visited = cuda::DeviceBuffer<std::uint32_t>((largest + 31) / 32);
  own.results = cuda::DeviceBuffer<unsigned long long>(kCheckResults);
}

/// The staging buffers hold the heavy queue once the depths are in place.
HeavyQueue heavy_queue_in(const InPlaceCheckBuffers& own) {
  return {reinterpret_cast<unsigned long long*>(own.peer_depth.data()), own.peer_depth.size() / 2,
          own.peer_visited.data()};
}

template <typename VertexT>
std::size_t largest_local_count(const VertexDistribution<VertexT>& distribution) {
  VertexT largest = 0;
  for (int q = 0; q < distribution.ranks; ++q) {
    largest = std::max(largest, distribution.local_count(q));
  }
  return static_cast<std::size_t>(largest);
}

}  // namespace

template <typename VertexT, typename EdgeT>
RankCheck check_rank_on_device(const CudaRankSearch<VertexT, EdgeT>& rank, bool directed,
                               VertexT source, std::span<const VertexT> parent,
                               std::span<const std::int32_t> depth) {
  const VertexDistribution<VertexT>& distribution = rank.distribution();
  const auto n = static_cast<std::size_t>(distribution.num_vertices);
  if (directed) {
    throw InvalidArgument("the GPU ranks check undirected slices only");
  }
  if (parent.size() != n || depth.size() != n) {
    throw InvalidArgument("parent and depth arrays must have one entry per vertex");
  }
  const int gpu = rank.device();
  const auto local_count = static_cast<std::uint64_t>(distribution.local_count(rank.rank()));
  FRONTIER_CUDA_CHECK(cudaSetDevice(gpu));
  cuda::require_device_memory("checking rank " + std::to_string(rank.rank()) + "'s search on GPU " +
                                  std::to_string(gpu) + " (the parent and depth arrays)",
                              cuda::device_bytes_for<VertexT>(n) +
                                  cuda::device_bytes_for<std::int32_t>(n) +
                                  heavy_queue_bytes(local_count) +
                                  cuda::device_bytes_for<unsigned long long>(kCheckResults),
                              cuda_device_info(gpu).free_bytes);
  // 1. The labels up; 2. every owned vertex.
  cuda::DeviceBuffer<VertexT> d_parent(n);
  cuda::DeviceBuffer<std::int32_t> d_depth(n);
  cuda::DeviceBuffer<unsigned long long> d_chunks(local_count / 2 + 1);
  cuda::DeviceBuffer<std::uint32_t> d_parent_found((local_count + 31) / 32);
  cuda::DeviceBuffer<unsigned long long> d_results(kCheckResults);
  const cudaStream_t stream = rank.stream();
  FRONTIER_CUDA_CHECK(cudaMemcpyAsync(d_parent.data(), parent.data(), n * sizeof(VertexT),
                                      cudaMemcpyHostToDevice, stream));
  FRONTIER_CUDA_CHECK(cudaMemcpyAsync(d_depth.data(), depth.data(), n * sizeof(std::int32_t),
                                      cudaMemcpyHostToDevice, stream));
  launch_check(rank, source, CheckLabels<VertexT>{d_depth.data(), d_parent.data(), nullptr},
               HeavyQueue{d_chunks.data(), d_chunks.size(), d_parent_found.data()},
               d_results.data());
  const auto results = check_results(stream, d_results.data());
  RankCheck check;
  check.reached_arcs = static_cast<std::int64_t>(results[kReachedArcs]);
  if (results[kFirstBad] >= local_count) return check;
  // 3. The first failing vertex, worded on the host.
  check.failure =
      word_failure(rank, source, static_cast<VertexT>(results[kFirstBad]), parent, depth);
  return check;
}

template <typename VertexT>
std::uint64_t in_place_check_bytes(const VertexDistribution<VertexT>& distribution) {
  const auto local = static_cast<std::uint64_t>(largest_local_count(distribution));
  const auto depths = std::max(static_cast<std::uint64_t>(distribution.num_vertices),
                               local * static_cast<std::uint64_t>(distribution.ranks));
  return cuda::device_bytes_for<std::int32_t>(depths) +
         cuda::device_bytes_for<std::int32_t>(local) +
         cuda::device_bytes_for<std::uint32_t>((local + 31) / 32) +
         cuda::device_bytes_for<unsigned long long>(kCheckResults);
}

template <typename VertexT, typename EdgeT>
InPlaceCheck check_ranks_in_place(
    std::span<const std::unique_ptr<CudaRankSearch<VertexT, EdgeT>>> ranks, VertexT source,
    std::vector<InPlaceCheckBuffers>& buffers) {
  if (ranks.empty() || static_cast<int>(ranks.size()) != ranks.front()->distribution().ranks) {
    throw InvalidArgument("the labels are checked in place only with every rank in this process");
  }
  const VertexDistribution<VertexT>& distribution = ranks.front()->distribution();
  const auto n = static_cast<std::size_t>(distribution.num_vertices);
  for (const auto& rank : ranks) {
    if (!rank->labels_on_device().predecessors) {
      throw InvalidArgument("the last search kept no parents to check");
    }
  }
  // 1. Every GPU's buffers, sized on every GPU before any is allocated.
  if (buffers.size() != ranks.size()) {
    const std::uint64_t bytes = in_place_check_bytes(distribution);
    for (const auto& rank : ranks) {
      cuda::require_device_memory("checking the search on GPU " + std::to_string(rank->device()) +
                                      " (rank " + std::to_string(rank->rank()) +
                                      "'s copy of every depth)",
                                  bytes, cuda_device_info(rank->device()).free_bytes);
    }
    buffers.clear();
    for (const auto& rank : ranks) {
      FRONTIER_CUDA_CHECK(cudaSetDevice(rank->device()));
      allocate_in_place_buffers(buffers.emplace_back(), n, largest_local_count(distribution));
    }
  }
  // 2. On every GPU at once: every rank's depths placed into the global array (the others'
  //    copied over first, one at a time through the staging buffers), then the owned vertices.
  for (std::size_t r = 0; r < ranks.size(); ++r) {
    const CudaRankSearch<VertexT, EdgeT>& rank = *ranks[r];
    InPlaceCheckBuffers& own = buffers[r];
    FRONTIER_CUDA_CHECK(cudaSetDevice(rank.device()));
    for (std::size_t q = 0; q < ranks.size(); ++q) {
      const CudaRankSearch<VertexT, EdgeT>& other = *ranks[q];
      const auto count = static_cast<std::size_t>(distribution.local_count(other.rank()));
      if (count == 0) continue;
      const auto labels = other.labels_on_device();
      const std::int32_t* depth = labels.depth;
      const std::uint32_t* visited = labels.visited;
      if (q != r) {
        FRONTIER_CUDA_CHECK(cudaMemcpyPeerAsync(own.peer_depth.data(), rank.device(), depth,
                                                other.device(), count * sizeof(std::int32_t),
                                                rank.stream()));
        FRONTIER_CUDA_CHECK(
            cudaMemcpyPeerAsync(own.peer_visited.data(), rank.device(), visited, other.device(),
                                (count + 31) / 32 * sizeof(std::uint32_t), rank.stream()));
        depth = own.peer_depth.data();
        visited = own.peer_visited.data();
      }
      place_rank_depths_kernel<VertexT>
          <<<cuda::capped_grid(count, kCheckThreadsPerBlock, kCheckMaxBlocks),
             kCheckThreadsPerBlock, 0, rank.stream()>>>(distribution, other.rank(), depth, visited,
                                                        own.depth.data());
      FRONTIER_CHECK_LAUNCH();
    }
    const auto labels = rank.labels_on_device();
    launch_check(rank, source,
                 CheckLabels<VertexT>{own.depth.data(), labels.parent, labels.visited},
                 heavy_queue_in(own), own.results.data());
  }
  // 3. The counts back, rank by rank; the first broken rank's failure worded.
  InPlaceCheck check;
  for (std::size_t r = 0; r < ranks.size(); ++r) {
    const CudaRankSearch<VertexT, EdgeT>& rank = *ranks[r];
    FRONTIER_CUDA_CHECK(cudaSetDevice(rank.device()));
    const auto results = check_results(rank.stream(), buffers[r].results.data());
    const auto count = static_cast<unsigned long long>(distribution.local_count(rank.rank()));
    if (results[kFirstBad] < count && check.first_broken_rank < 0) {
      check.first_broken_rank = rank.rank();
      check.failure = word_in_place_failure(rank, source, static_cast<VertexT>(results[kFirstBad]),
                                            buffers[r].depth.data(), 0);
    }
    check.reached_arcs += static_cast<std::int64_t>(results[kReachedArcs]);
    check.reached_vertices += static_cast<std::int64_t>(results[kReachedVertices]);
  }
  return check;
}

template <typename VertexT, typename EdgeT>
InPlaceCheck check_process_rank_in_place(const CudaRankSearch<VertexT, EdgeT>& rank,
                                         ncclComm_t comm, VertexT source,
                                         InPlaceCheckBuffers& buffers) {
  if (!rank.labels_on_device().predecessors) {
    throw InvalidArgument("the last search kept no parents to check");
  }
  const VertexDistribution<VertexT>& distribution = rank.distribution();
  const std::size_t largest = largest_local_count(distribution);
  const std::size_t stride = std::max<std::size_t>(largest, 1);
  FRONTIER_CUDA_CHECK(cudaSetDevice(rank.device()));
  if (buffers.results.data() == nullptr) {
    cuda::require_device_memory(
        "checking the search on GPU " + std::to_string(rank.device()) + " (rank " +
            std::to_string(rank.rank()) + "'s copy of every depth)",
        in_place_check_bytes(distribution), cuda_device_info(rank.device()).free_bytes);
    allocate_in_place_buffers(buffers, stride * static_cast<std::size_t>(distribution.ranks),
                              largest);
  }
  // 1. This rank's depths into its part, every rank's gathered from the others.
  const cudaStream_t stream = rank.stream();
  const auto count = static_cast<std::size_t>(distribution.local_count(rank.rank()));
  std::int32_t* own_part = buffers.depth.data() + static_cast<std::size_t>(rank.rank()) * stride;
  const auto labels = rank.labels_on_device();
  if (count > 0) {
    // Placed as rank 0 of a one-rank distribution of `count` vertices: local order, masked.
    const VertexDistribution<VertexT> alone{VertexLayout::Block, static_cast<VertexT>(count), 1};
    place_rank_depths_kernel<VertexT>
        <<<cuda::capped_grid(count, kCheckThreadsPerBlock, kCheckMaxBlocks), kCheckThreadsPerBlock,
           0, stream>>>(alone, 0, labels.depth, labels.visited, own_part);
    FRONTIER_CHECK_LAUNCH();
  }
  FRONTIER_NCCL_CHECK(nccl_library().ncclAllGather(own_part, buffers.depth.data(), stride,
                                                   ncclInt32, comm, stream));
  // 2. The owned vertices, reading the depths rank-major.
  CheckLabels<VertexT> check_labels{buffers.depth.data(), labels.parent, labels.visited};
  check_labels.rank_stride = stride;
  launch_check(rank, source, check_labels, heavy_queue_in(buffers), buffers.results.data());
  const auto results = check_results(stream, buffers.results.data());
  InPlaceCheck check;
  check.reached_arcs = static_cast<std::int64_t>(results[kReachedArcs]);
  check.reached_vertices = static_cast<std::int64_t>(results[kReachedVertices]);
  if (results[kFirstBad] < count) {
    check.first_broken_rank = rank.rank();
    check.failure = word_in_place_failure(rank, source, static_cast<VertexT>(results[kFirstBad]),
                                          buffers.depth.data(), stride);
  }
  return check;
}

template RankCheck check_rank_on_device(const CudaRankSearch<std::int32_t, std::int64_t>&, bool,
                                        std::int32_t, std::span<const std::int32_t>,
                                        std::span<const std::int32_t>);
template RankCheck check_rank_on_device(const CudaRankSearch<std::int64_t, std::int64_t>&, bool,
                                        std::int64_t, std::span<const std::int64_t>,
                                        std::span<const std::int32_t>);
template std::uint64_t in_place_check_bytes(const VertexDistribution<std::int32_t>&);
template std::uint64_t in_place_check_bytes(const VertexDistribution<std::int64_t>&);
template InPlaceCheck check_ranks_in_place(
    std::span<const std::unique_ptr<CudaRankSearch<std::int32_t, std::int64_t>>>, std::int32_t,
    std::vector<InPlaceCheckBuffers>&);
template InPlaceCheck check_ranks_in_place(
    std::span<const std::unique_ptr<CudaRankSearch<std::int64_t, std::int64_t>>>, std::int64_t,
    std::vector<InPlaceCheckBuffers>&);
template InPlaceCheck check_process_rank_in_place(const CudaRankSearch<std::int32_t, std::int64_t>&,
                                                  ncclComm_t, std::int32_t, InPlaceCheckBuffers&);
template InPlaceCheck check_process_rank_in_place(const CudaRankSearch<std::int64_t, std::int64_t>&,
                                                  ncclComm_t, std::int64_t, InPlaceCheckBuffers&);

}  // namespace frontier::distributed
