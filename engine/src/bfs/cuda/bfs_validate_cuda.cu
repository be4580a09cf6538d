// The GPU BFS validator's host steps (see bfs_validate_cuda.cuh; the host validator,
// bfs_validate.cpp, is the specification).
// Fast path, depths given: one vertex pass and one source pass check that the depths are the
// parents' tree levels (and rule 1's ranges), one synchronization reads the findings; if they
// are, the tree passes rule 1 and the depth checks as the host would find, and one arc pass and
// one vertex pass check rules 3, 4 and 5, read back with a second synchronization (a tree less
// than 15 deep first has its byte levels packed into nibbles, the one kernel defined here: it
// is no template, and the header is included by more than one file). Nothing is
// allocated once the workspace is sized, and nothing n-sized leaves the GPU.
// Otherwise (no depths, or anything amiss), the host's order, from scratch: rule 1 (parents in
// range, sources their own parents, the tree levels reach every parented vertex) stops the
// validation when it fails; otherwise the depth array, then rules 5, 4 and 3. Each step is a few
// grid-stride kernels, then one synchronization that reads the findings back; a failure's
// message is formatted on the host from the few values it quotes, read back one by one.
#include "bfs/cuda/bfs_validate_cuda.cuh"

#include <algorithm>
#include <bit>
#include <limits>
#include <string>
#include <vector>

#include "bfs/bfs_validate_messages.hpp"
#include "bfs/cuda/bfs_validate_kernels.cuh"
#include "cuda/cuda_check.cuh"
#include "cuda/device_buffer.cuh"
#include "cuda/device_memory.hpp"
#include "cuda/launch_sizing.hpp"
#include "frontier/types.hpp"

namespace frontier::cuda {
namespace {

using Policy = BfsValidatePolicy;
using Findings = BfsValidateFindings;

/// Packs the byte levels of a tree less than kUnreachedLevelNibble deep into nibble levels.
__global__ void __launch_bounds__(BfsValidatePolicy::kBlockThreads)
    validate_pack_nibbles_kernel(const unsigned char* level_bytes, long long n,
                                 unsigned char* level_nibbles) {
  const auto nibble = [&](long long v) -> unsigned {
    if (v >= n) return kUnreachedLevelNibble;
    const unsigned char stored = level_bytes[v];
    return stored == kUnreachedLevelByte ? kUnreachedLevelNibble : stored;
  };
  validate_detail::for_each_index((n + 1) / 2, [&](long long i) {
    level_nibbles[i] = static_cast<unsigned char>(nibble(2 * i) | nibble(2 * i + 1) << 4);
  });
}

template <typename T>
T read_element(const T* d_array, std::int64_t index, cudaStream_t stream) {
  T value{};
  FRONTIER_CUDA_CHECK(
      cudaMemcpyAsync(&value, d_array + index, sizeof(T), cudaMemcpyDeviceToHost, stream));
  FRONTIER_CUDA_CHECK(cudaStreamSynchronize(stream));
  return value;
}

/// One validation: the device arrays, the findings and the result being built.
template <typename VertexT, typename EdgeT>
class DeviceTreeValidator {
 public:
  DeviceTreeValidator(const DeviceGraph<VertexT, EdgeT>& graph, std::span<const VertexT> sources,
                      const VertexT* d_parent, const std::int32_t* d_depth, bool stopped_early,
                      cudaStream_t stream, BfsValidateWorkspace<VertexT>& workspace)
      : graph_(graph),
        sources_(sources),
        d_parent_(d_parent),
        d_depth_(d_depth),
        n_(static_cast<std::int64_t>(graph.num_vertices())),
        m_(static_cast<std::int64_t>(graph.num_arcs())),
        stopped_early_(stopped_early),
        stream_(stream),
        root_(detail::validation_root_name(sources.size())),
        workspace_(workspace) {}

  BfsValidation run() {
    prepare_workspace();
    // (0) The fast path: depths that are the tree levels pass rule 1 and the depth checks.
    if (d_depth_ != nullptr && depths_are_tree_levels()) {
      result_.vertices_in_tree = static_cast<std::int64_t>(findings_.reached);
      d_message_levels_ = d_depth_;
      if (findings_.deepest < kUnreachedLevelNibble) {
        check_arcs(NibbleLevels{pack_nibbles()});
      } else if (findings_.deepest < kUnreachedLevelByte) {
        check_arcs(ByteLevels{workspace_.d_level_bytes.data()});
      } else {
        check_arcs(Int32Levels{d_depth_});
      }
      result_.valid = result_.failure.empty();
      return result_;
    }
    reset_findings();
    allocate_levels();
    // (1) Rule 1; a failure stops the validation, since the levels are then undefined.
    if (!parents_in_range_and_sources_own_parents()) return result_;
    find_levels();
    if (!tree_reaches_every_parented_vertex()) return result_;
    // (2) The depth array, unless it gave the levels (then it is consistent).
    if (d_depth_ != nullptr && !depth_gave_levels_) check_depths();
    // (3) Every arc: rules 5, 4 and 3.
    d_message_levels_ = d_level_.data();
    FRONTIER_CUDA_CHECK(
        cudaMemsetAsync(workspace_.d_confirmed.data(), 0, static_cast<std::size_t>(n_), stream_));
    check_arcs(Int32Levels{d_level_.data()});
    result_.valid = result_.failure.empty();
    return result_;
  }

 private:
  /// The workspace sized for this graph (allocated on first use), the sources uploaded and the
  /// findings reset.
  void prepare_workspace() {
    const auto n = static_cast<std::uint64_t>(n_);
    BfsValidateWorkspace<VertexT>& w = workspace_;
    const bool sized = w.d_level_bytes.size() == n && w.d_findings.size() == 1;
    const std::uint64_t nibble_bytes = (n + 1) / 2;
    const bool sources_fit = w.d_sources.size() >= sources_.size();
    if (!sized || !sources_fit) {
      std::uint64_t bytes = device_bytes_for<VertexT>(sources_.size());
      if (!sized) {
        bytes += 2 * device_bytes_for<unsigned char>(n) +
                 device_bytes_for<unsigned char>(nibble_bytes) + device_bytes_for<Findings>(1);
      }
      require_device_memory("validating a BFS tree of " + std::to_string(n) + " vertices", bytes);
      if (!sized) {
        w.d_level_bytes = DeviceBuffer<unsigned char>(n);
        w.d_level_nibbles = DeviceBuffer<unsigned char>(nibble_bytes);
        w.d_confirmed = DeviceBuffer<unsigned char>(n);
        w.d_findings = DeviceBuffer<Findings>(1);
      }
      if (!sources_fit) w.d_sources = DeviceBuffer<VertexT>(sources_.size());
    }
    if (w.max_blocks == 0) {
      int device = 0;
      int multiprocessors = 0;
      FRONTIER_CUDA_CHECK(cudaGetDevice(&device));
      FRONTIER_CUDA_CHECK(
          cudaDeviceGetAttribute(&multiprocessors, cudaDevAttrMultiProcessorCount, device));
      w.max_blocks = static_cast<std::uint64_t>(multiprocessors) * Policy::kBlocksPerSm;
    }
    max_blocks_ = w.max_blocks;
    d_sources_ = w.d_sources.data();
    d_findings_ = w.d_findings.data();
    FRONTIER_CUDA_CHECK(cudaMemcpyAsync(d_sources_, sources_.data(),
                                        sources_.size() * sizeof(VertexT), cudaMemcpyHostToDevice,
                                        stream_));
    reset_findings();
  }

  void reset_findings() {
    findings_.bad_range = Findings::kNoFailure;
    findings_.bad_source = Findings::kNoFailure;
    findings_.depth_not_levels = Findings::kNoFailure;
    findings_.detached = Findings::kNoFailure;
    findings_.bad_consistency = Findings::kNoFailure;
    findings_.bad_tree_edge = Findings::kNoFailure;
    findings_.unconfirmed_parent = Findings::kNoFailure;
    findings_.leaves_tree = Findings::kNoFailure;
    findings_.too_far = Findings::kNoFailure;
    findings_.reached = 0;
    findings_.arcs_in_component = 0;
    findings_.deepest = 0;
    findings_.zero_depths = 0;
    FRONTIER_CUDA_CHECK(cudaMemcpyAsync(d_findings_, &findings_, sizeof(Findings),
                                        cudaMemcpyHostToDevice, stream_));
  }

  /// The fast path's check: rule 1's ranges hold, every source is its own parent at depth 0,
  /// the depths are strictly consistent with the parents and 0 only at the sources; then they
  /// are the tree levels (bfs_validate_kernels.cuh), written as bytes for the arc pass.
  bool depths_are_tree_levels() {
    validate_depth_tree_kernel<VertexT><<<grid(n_), Policy::kBlockThreads, 0, stream_>>>(
        d_parent_, d_depth_, n_, workspace_.d_level_bytes.data(), workspace_.d_confirmed.data(),
        d_findings_);
    FRONTIER_CHECK_LAUNCH();
    validate_depth_sources_kernel<VertexT>
        <<<grid(sources_.size()), Policy::kBlockThreads, 0, stream_>>>(
            d_sources_, static_cast<long long>(sources_.size()), d_parent_, d_depth_, d_findings_);
    FRONTIER_CHECK_LAUNCH();
    read_findings();
    return findings_.bad_range == Findings::kNoFailure &&
           findings_.bad_source == Findings::kNoFailure &&
           findings_.depth_not_levels == Findings::kNoFailure &&
           findings_.zero_depths == sources_.size();
  }

  /// The slow path's tree levels (4 bytes per vertex), for this validation only.
  void allocate_levels() {
    const auto n = static_cast<std::uint64_t>(n_);
    require_device_memory("validating a BFS tree of " + std::to_string(n) + " vertices",
                          device_bytes_for<std::int32_t>(n));
    d_level_ = DeviceBuffer<std::int32_t>(n);
  }

  int grid(std::uint64_t items) const {
    return capped_grid(items, Policy::kBlockThreads, max_blocks_);
  }

  /// Waits for the kernels queued so far and reads the findings back.
  void read_findings() {
    FRONTIER_CUDA_CHECK(cudaMemcpyAsync(&findings_, d_findings_, sizeof(Findings),
                                        cudaMemcpyDeviceToHost, stream_));
    FRONTIER_CUDA_CHECK(cudaStreamSynchronize(stream_));
  }

  /// Rule 1: every parent is -1 or a vertex id, and every source is its own parent (marking the
  /// sources at level 0 on the way).
  bool parents_in_range_and_sources_own_parents() {
    validate_parent_range_kernel<VertexT>
        <<<grid(n_), Policy::kBlockThreads, 0, stream_>>>(d_parent_, n_, d_findings_);
    FRONTIER_CHECK_LAUNCH();
    read_findings();
    if (findings_.bad_range != Findings::kNoFailure) {
      const VertexT p = read_element(d_parent_, findings_.bad_range, stream_);
      detail::add_validation_failure(
          result_, detail::parent_out_of_range_failure(findings_.bad_range, p, n_));
      return false;
    }
    mark_sources();
    read_findings();
    if (findings_.bad_source != Findings::kNoFailure) {
      const VertexT source = sources_[static_cast<std::size_t>(findings_.bad_source)];
      const VertexT p = read_element(d_parent_, source, stream_);
      detail::add_validation_failure(result_, detail::source_not_own_parent_failure(source, p));
      return false;
    }
    return true;
  }

  /// Sets every level to -1 but the sources' (0).
  void mark_sources() {
    FRONTIER_CUDA_CHECK(cudaMemsetAsync(
        d_level_.data(), 0xff, static_cast<std::size_t>(n_) * sizeof(std::int32_t), stream_));
    const auto count = static_cast<long long>(sources_.size());
    validate_mark_sources_kernel<VertexT>
        <<<grid(sources_.size()), Policy::kBlockThreads, 0, stream_>>>(
            d_sources_, count, d_parent_, d_level_.data(), d_findings_);
    FRONTIER_CHECK_LAUNCH();
  }

  /// The tree levels: the depths where they are consistent with the parents, else by pointer
  /// jumping (see bfs_validate_kernels.cuh).
  void find_levels() {
    if (d_depth_ != nullptr) {
      validate_levels_from_depth_kernel<VertexT><<<grid(n_), Policy::kBlockThreads, 0, stream_>>>(
          d_parent_, d_depth_, n_, d_level_.data(), d_findings_);
      FRONTIER_CHECK_LAUNCH();
      read_findings();
      depth_gave_levels_ = findings_.depth_not_levels == Findings::kNoFailure;
      if (depth_gave_levels_) return;
      mark_sources();
    }
    jump_to_levels();
  }

  void jump_to_levels() {
    const auto n = static_cast<std::uint64_t>(n_);
    require_device_memory(
        "validating a BFS tree of " + std::to_string(n) + " vertices (levels by pointer jumping)",
        2 * device_bytes_for<VertexT>(n) + 2 * device_bytes_for<std::int32_t>(n));
    DeviceBuffer<VertexT> ancestor[2] = {DeviceBuffer<VertexT>(n), DeviceBuffer<VertexT>(n)};
    DeviceBuffer<std::int32_t> hops[2] = {DeviceBuffer<std::int32_t>(n),
                                          DeviceBuffer<std::int32_t>(n)};
    validate_jump_init_kernel<VertexT><<<grid(n), Policy::kBlockThreads, 0, stream_>>>(
        d_parent_, d_level_.data(), n_, ancestor[0].data(), hops[0].data());
    FRONTIER_CHECK_LAUNCH();
    // A chain of k links ends after ceil(log2 k) rounds; the longest has n - 1.
    const int rounds = std::bit_width(n);
    int in = 0;
    for (int round = 0; round < rounds; ++round, in = 1 - in) {
      validate_jump_kernel<VertexT><<<grid(n), Policy::kBlockThreads, 0, stream_>>>(
          ancestor[in].data(), hops[in].data(), n_, ancestor[1 - in].data(), hops[1 - in].data());
      FRONTIER_CHECK_LAUNCH();
    }
    validate_jump_finish_kernel<VertexT><<<grid(n), Policy::kBlockThreads, 0, stream_>>>(
        ancestor[in].data(), d_level_.data(), n_, hops[in].data());
    FRONTIER_CHECK_LAUNCH();
    FRONTIER_CUDA_CHECK(cudaMemcpyAsync(d_level_.data(), hops[in].data(), n * sizeof(std::int32_t),
                                        cudaMemcpyDeviceToDevice, stream_));
    // The work arrays are freed at the end of this scope: wait for the kernels that read them.
    FRONTIER_CUDA_CHECK(cudaStreamSynchronize(stream_));
  }

  /// Rule 1: the tree levels reach every vertex with a parent; counts the tree's vertices.
  bool tree_reaches_every_parented_vertex() {
    validate_coverage_kernel<VertexT><<<grid(n_), Policy::kBlockThreads, 0, stream_>>>(
        d_parent_, d_level_.data(), n_, d_findings_);
    FRONTIER_CHECK_LAUNCH();
    read_findings();
    result_.vertices_in_tree = static_cast<std::int64_t>(findings_.reached);
    if (findings_.detached == Findings::kNoFailure) return true;
    // A rare failure: the parent array comes back to follow the chain on the host.
    std::vector<VertexT> parent(static_cast<std::size_t>(n_));
    FRONTIER_CUDA_CHECK(cudaMemcpyAsync(parent.data(), d_parent_, parent.size() * sizeof(VertexT),
                                        cudaMemcpyDeviceToHost, stream_));
    FRONTIER_CUDA_CHECK(cudaStreamSynchronize(stream_));
    detail::add_validation_failure(
        result_, detail::detached_vertex_failure(std::span<const VertexT>(parent),
                                                 static_cast<VertexT>(findings_.detached), root_));
    return false;
  }

  /// The depth array: -1 exactly where the parent is, 0 at the sources; rule 2 on tree edges.
  void check_depths() {
    validate_depth_kernel<VertexT><<<grid(n_), Policy::kBlockThreads, 0, stream_>>>(
        d_parent_, d_depth_, d_level_.data(), n_, d_findings_);
    FRONTIER_CHECK_LAUNCH();
    read_findings();
    if (findings_.bad_consistency != Findings::kNoFailure) {
      const std::int64_t v = findings_.bad_consistency;
      detail::add_validation_failure(
          result_, detail::depth_inconsistent_failure(
                       v, read_element(d_parent_, v, stream_), read_element(d_depth_, v, stream_),
                       read_element(d_level_.data(), v, stream_) == 0, root_));
    }
    if (findings_.bad_tree_edge != Findings::kNoFailure) {
      const std::int64_t v = findings_.bad_tree_edge;
      const VertexT p = read_element(d_parent_, v, stream_);
      detail::add_validation_failure(
          result_, detail::tree_edge_levels_failure(p, v, read_element(d_depth_, p, stream_),
                                                    read_element(d_depth_, v, stream_)));
    }
  }

  /// The byte levels of a tree less than kUnreachedLevelNibble deep packed into nibbles.
  const unsigned char* pack_nibbles() {
    unsigned char* nibbles = workspace_.d_level_nibbles.data();
    validate_pack_nibbles_kernel<<<grid((static_cast<std::uint64_t>(n_) + 1) / 2),
                                   Policy::kBlockThreads, 0, stream_>>>(
        workspace_.d_level_bytes.data(), n_, nibbles);
    FRONTIER_CHECK_LAUNCH();
    return nibbles;
  }

  /// Rules 5, 4 and 3, in that order, on the tree levels read through `levels` (Int32Levels,
  /// ByteLevels or NibbleLevels); the parent-arc marks must be clear.
  template <typename Levels>
  void check_arcs(Levels levels) {
    const DeviceCsr<VertexT, EdgeT> csr = graph_.forward();
    // Rule 4 binds arcs leaving a level below this one: all of them after a complete search,
    // those below the deepest labelled level after one that stopped early.
    const std::int32_t followed_below =
        stopped_early_ ? findings_.deepest : std::numeric_limits<std::int32_t>::max();
    unsigned char* d_confirmed = workspace_.d_confirmed.data();
    const auto tiles = static_cast<std::uint64_t>((m_ + Policy::kTileArcs - 1) / Policy::kTileArcs);
    const int arc_blocks =
        static_cast<int>(std::max<std::uint64_t>(1, std::min(tiles, max_blocks_)));
    validate_arcs_kernel<VertexT, EdgeT, Levels><<<arc_blocks, Policy::kBlockThreads, 0, stream_>>>(
        csr.offsets, csr.targets, n_, m_, graph_.directed(), d_parent_, levels, followed_below,
        d_confirmed, d_findings_);
    FRONTIER_CHECK_LAUNCH();
    validate_unconfirmed_kernel<VertexT, Levels><<<grid(n_), Policy::kBlockThreads, 0, stream_>>>(
        d_parent_, levels, d_confirmed, n_, d_findings_);
    FRONTIER_CHECK_LAUNCH();
    read_findings();
    result_.arcs_in_component = static_cast<std::int64_t>(findings_.arcs_in_component);
    if (findings_.unconfirmed_parent != Findings::kNoFailure) {
      const std::int64_t v = findings_.unconfirmed_parent;
      detail::add_validation_failure(
          result_, detail::parent_not_adjacent_failure(v, read_element(d_parent_, v, stream_)));
    }
    if (findings_.leaves_tree != Findings::kNoFailure) {
      const Arc arc = describe_arc(findings_.leaves_tree);
      detail::add_validation_failure(
          result_,
          detail::arc_leaves_tree_failure(
              arc.tail, arc.head, arc.tail_level == kUnreachedDepth ? arc.tail : arc.head, root_));
    }
    if (findings_.too_far != Findings::kNoFailure) {
      const Arc arc = describe_arc(findings_.too_far);
      detail::add_validation_failure(
          result_, detail::arc_levels_failure(arc.tail, arc.head, arc.tail_level, arc.head_level,
                                              graph_.directed()));
    }
  }

  struct Arc {
    std::int64_t tail = 0;
    std::int64_t head = 0;
    std::int32_t tail_level = 0;
    std::int32_t head_level = 0;
  };

  /// The ends of arc `e` and their levels, by a binary search over the offsets read one by one.
  Arc describe_arc(std::int64_t e) {
    const DeviceCsr<VertexT, EdgeT> csr = graph_.forward();
    std::int64_t low = 0;
    std::int64_t high = n_ - 1;
    while (low < high) {
      const std::int64_t mid = low + (high - low + 1) / 2;
      if (static_cast<std::int64_t>(read_element(csr.offsets, mid, stream_)) <= e) {
        low = mid;
      } else {
        high = mid - 1;
      }
    }
    Arc arc;
    arc.tail = low;
    arc.head = static_cast<std::int64_t>(read_element(csr.targets, e, stream_));
    arc.tail_level = read_element(d_message_levels_, arc.tail, stream_);
    arc.head_level = read_element(d_message_levels_, arc.head, stream_);
    return arc;
  }

  const DeviceGraph<VertexT, EdgeT>& graph_;
  std::span<const VertexT> sources_;
  const VertexT* d_parent_;
  const std::int32_t* d_depth_;
  std::int64_t n_;
  std::int64_t m_;
  bool stopped_early_;
  cudaStream_t stream_;
  /// How messages name the roots: "the source" or "a source".
  std::string root_;
  BfsValidateWorkspace<VertexT>& workspace_;
  std::uint64_t max_blocks_ = 1;
  /// The workspace's sources and findings.
  VertexT* d_sources_ = nullptr;
  Findings* d_findings_ = nullptr;
  /// Slow path: tree levels; 0 exactly at the sources, -1 where the chain does not reach one.
  DeviceBuffer<std::int32_t> d_level_;
  /// The 32-bit tree levels a failure's message quotes: the depths, or d_level_.
  const std::int32_t* d_message_levels_ = nullptr;
  Findings findings_{};
  /// Whether the depth array was consistent and taken as the levels.
  bool depth_gave_levels_ = false;
  BfsValidation result_;
};

}  // namespace

template <typename VertexT, typename EdgeT>
BfsValidation validate_bfs_tree_on_device(const DeviceGraph<VertexT, EdgeT>& graph,
                                          std::span<const VertexT> sources, const VertexT* d_parent,
                                          const std::int32_t* d_depth, bool stopped_early,
                                          cudaStream_t stream,
                                          BfsValidateWorkspace<VertexT>& workspace) {
  return DeviceTreeValidator<VertexT, EdgeT>(graph, sources, d_parent, d_depth, stopped_early,
                                             stream, workspace)
      .run();
}

template BfsValidation validate_bfs_tree_on_device(const DeviceGraph<std::int32_t, std::int64_t>&,
                                                   std::span<const std::int32_t>,
                                                   const std::int32_t*, const std::int32_t*, bool,
                                                   cudaStream_t,
                                                   BfsValidateWorkspace<std::int32_t>&);
template BfsValidation validate_bfs_tree_on_device(const DeviceGraph<std::int64_t, std::int64_t>&,
                                                   std::span<const std::int64_t>,
                                                   const std::int64_t*, const std::int32_t*, bool,
                                                   cudaStream_t,
                                                   BfsValidateWorkspace<std::int64_t>&);

}  // namespace frontier::cuda
