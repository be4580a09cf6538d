// CUDA backend of euler_tour_ops(): the CPU backend's steps (euler_tour_cpu.cpp) on one GPU.
//
//  1. upload the CSR; check offsets and targets; arc sources by a max-scan of vertex marks;
//     twins and tour successors by a search from every arc for its reverse, in a 32-byte
//     record per vertex that holds a small adjacency, else by binary search (each arc writes
//     only its own entries, coalesced); self loops, unsorted/duplicate neighbours and
//     missing reverse arcs are defects;
//  2. one tree (edges == n - 1, at most one root given, every vertex on an arc when n > 1): no
//     labelling; the root's tour must then reach every arc, which the ranking of step 4 checks
//     (cycles beside the tour make it throw ValidationError; the host then names the defect).
//     Otherwise union-find components (ECL-CC: initial links to the lowest neighbour, then
//     hooking); the representatives (link[v] == v, each set's lowest id) counted by a scan, so
//     the sets need no flattening; edges == n - components or a cycle exists;
//  3. roots: the given root or vertex 0 for one tree; else the representatives in id order, or
//     the given roots each claiming the representative found by climbing its links (with path
//     halving);
//  4. tree entries chain the tours into one list, ranked by list_rank_device (Wei-JaJa);
//  5. per element: one bit at its tour position (set when it enters a vertex: a down arc or a
//     tree entry) in a bitmap that stays in L2, an exclusive scan of the bitmap's word
//     popcounts, then the results per up arc (written at its source, nearly coalesced) and per
//     root from the bits before its position; download.
// Device memory comes from the pool of device_pool.hpp (no cudaMalloc/cudaFree per call); host
// copies go through staged_copy.hpp's pinned buffers; the result vectors are zero-filled on
// host threads while the GPU works.
// A defect sets a device flag; the host then names it with detail::throw_forest_defect(), so
// both backends report the same words. All device memory is sized first and refused with
// OutOfMemory before anything is allocated. Element layout and formulas: euler_tour_backend.hpp.
#include <thrust/iterator/transform_iterator.h>
#include <cub/device/device_scan.cuh>

#include <algorithm>
#include <cstdint>
#include <future>
#include <limits>
#include <string>
#include <vector>

#include "cuda/cuda_check.cuh"
#include "cuda/device_memory.hpp"
#include "cuda/device_pool.hpp"
#include "cuda/device_query.hpp"
#include "cuda/launch_sizing.hpp"
#include "cuda/staged_copy.hpp"
#include "euler_tour/cuda/euler_tour_kernels.cuh"
#include "euler_tour/euler_tour_backend.hpp"
#include "euler_tour/euler_tour_checks.hpp"
#include "euler_tour/euler_tour_tuning.hpp"
#include "frontier/detail/timer.hpp"
#include "frontier/errors.hpp"
#include "list_ranking/cuda/list_ranking_cuda.hpp"

namespace frontier::cuda {
namespace {

/// One pool allocation (device_pool.hpp) of at least one T, ordered on the default stream; none
/// until one is moved in.
template <typename T>
class DeviceArray {
 public:
  DeviceArray() = default;
  explicit DeviceArray(std::size_t count)
      : array_(std::max<std::size_t>(count, 1), nullptr), count_(count) {}

  T* get() const noexcept { return array_.get(); }
  std::size_t size() const noexcept { return count_; }

 private:
  PoolArray<T> array_;
  std::size_t count_ = 0;
};

template <typename T>
void upload(T* d_dst, const T* h_src, std::size_t count) {
  copy_to_device(d_dst, h_src, count * sizeof(T));
}

template <typename T>
void download(std::vector<T>& h_dst, const T* d_src, std::size_t count) {
  h_dst.resize(count);
  copy_to_host(h_dst.data(), d_src, count * sizeof(T));
}

/// Grid size for a grid-stride loop over `items`.
struct Launcher {
  EulerTourCudaPolicy policy;
  int max_blocks = 1;

  int blocks(std::int64_t items) const {
    return capped_grid(static_cast<std::uint64_t>(items),
                       static_cast<std::uint64_t>(policy.threads_per_block),
                       static_cast<std::uint64_t>(max_blocks));
  }
};

template <typename VertexT>
void require_ids_fit(std::int64_t elements, const char* what) {
  if (elements > static_cast<std::int64_t>(std::numeric_limits<VertexT>::max())) {
    throw InvalidArgument("euler_tour_ops: " + std::to_string(elements) + " " + what +
                          " do not fit the " + std::to_string(8 * sizeof(VertexT)) +
                          "-bit vertex type; use 64-bit vertex ids");
  }
}

/// Bitmap words of the tour's entered bits, read as their popcounts by the word-prefix scan.
template <typename VertexT>
auto word_popcounts(const std::uint32_t* d_words) {
  return thrust::make_transform_iterator(d_words, euler_tour::WordPopcount<VertexT>{});
}

/// 32-bit words of a bitmap with one bit per tour element.
std::int64_t bitmap_words(std::int64_t elements) { return (elements + 31) / 32; }

/// CUB temporary storage for the three scans, sized for their largest inputs.
template <typename VertexT>
std::size_t scan_temp_bytes(std::int64_t m, std::int64_t n, std::int64_t max_total) {
  std::size_t bytes = 0;
  std::size_t need = 0;
  FRONTIER_CUDA_CHECK(cub::DeviceScan::InclusiveScan(nullptr, need, static_cast<VertexT*>(nullptr),
                                                     static_cast<VertexT*>(nullptr),
                                                     euler_tour::MaxOp{}, m));
  bytes = std::max(bytes, need);
  FRONTIER_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(nullptr, need, static_cast<VertexT*>(nullptr),
                                                    static_cast<VertexT*>(nullptr), n + 1));
  bytes = std::max(bytes, need);
  FRONTIER_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(nullptr, need, word_popcounts<VertexT>(nullptr),
                                                    static_cast<VertexT*>(nullptr),
                                                    bitmap_words(max_total)));
  return std::max(bytes, need);
}

bool flag_set(const int* d_flag) {
  int h_flag = 0;
  FRONTIER_CUDA_CHECK(cudaMemcpy(&h_flag, d_flag, sizeof(int), cudaMemcpyDeviceToHost));
  return h_flag != 0;
}

/// The GPU of the options, checked against the GPUs there are.
int selected_device(const EulerTourOptions& options) {
  const int device = options.device.cuda_ids.empty() ? 0 : options.device.cuda_ids.front();
  require_device(device);
  return device;
}

/// The list ranking algorithm of the options as the GPU runs it (Auto: Helman-JaJa).
ListRankingAlgorithm gpu_ranking_algorithm(const EulerTourOptions& options) {
  ListRankingAlgorithm algorithm = options.ranking_algorithm;
  if (algorithm == ListRankingAlgorithm::Auto) algorithm = ListRankingAlgorithm::HelmanJaja;
  if (algorithm == ListRankingAlgorithm::Sequential) {
    throw InvalidArgument("euler_tour_ops: the Sequential ranking algorithm runs on the CPU only");
  }
  return algorithm;
}

/// One euler_tour_ops call on a non-empty forest (steps 1-5 of the file comment), writing
/// `result`. Holds the call's device arrays, declared in the order they are taken from the pool
/// (each once its size is known), so that they go back to it in the reverse order when the call
/// ends; one step's scratch goes back as soon as the step is done. The host threads that
/// zero-fill the result vectors are joined before the downloads, or on unwinding after the
/// device arrays are returned.
template <typename VertexT, typename EdgeT>
class ForestOnDevice {
 public:
  ForestOnDevice(const CsrGraph<VertexT, EdgeT>& forest, std::span<const VertexT> roots,
                 const EulerTourOptions& options, int device, ListRankingAlgorithm algorithm,
                 RootedForest<VertexT>& result)
      : forest_(forest),
        roots_(roots),
        options_(options),
        device_(device),
        algorithm_(algorithm),
        result_(result),
        stats_(result.stats),
        n_(forest.num_vertices()),
        m_(static_cast<std::int64_t>(forest.targets().size())),
        max_total_(m_ + n_) {}

  void run() {
    // 1. Upload the CSR; check it; arc sources, twins and tour successors.
    zero_fill_results_on_host();
    allocate();
    upload_csr();
    check_csr();
    find_twins_and_successors();
    // 2-3. Components, then one root per tree.
    label_components();
    choose_roots();
    // 4. One list of all tours, ranked.
    chain_tours();
    rank_tour();
    // 5. Per-vertex results, copied back.
    derive_results();
    copy_back();
  }

 private:
  using VertexRecord = euler_tour::VertexRecord<VertexT, EdgeT>;

  [[noreturn]] void defect() const { detail::throw_forest_defect(forest_, roots_, "CUDA"); }

  /// 1. The result vectors are zero-filled (the first touch of their pages) by host threads
  ///    while the GPU works, rather than on the way back.
  void zero_fill_results_on_host() {
    const auto size_later = [this](auto& vector) {
      sizing_.push_back(std::async(std::launch::async, [&vector, n = n_] { vector.resize(n); }));
    };
    size_later(result_.parent);
    size_later(result_.depth);
    size_later(result_.preorder);
    size_later(result_.postorder);
    size_later(result_.subtree_size);
  }

  /// 1. Size every buffer first (the tour has at most m + n elements), then take the ones the
  ///    whole call needs.
  void allocate() {
    const std::size_t v_bytes = sizeof(VertexT);
    temp_bytes_ = scan_temp_bytes<VertexT>(m_, n_, max_total_);
    const std::uint64_t needed = (n_ + 1) * sizeof(EdgeT) +  // offsets
                                 3 * m_ * v_bytes +          // targets, sources, twins
                                 2 * max_total_ * v_bytes +  // successors (later spans), positions
                                 bitmap_words(max_total_) * (4 + v_bytes) +  // entered, prefix
                                 n_ * sizeof(VertexRecord) +                 // twins
                                 (2 * n_ + 1) * v_bytes +  // links, flags (later root owners)
                                 n_ * v_bytes +            // roots
                                 n_ * (4 * v_bytes + sizeof(std::int32_t)) +  // results
                                 temp_bytes_ + 2 * sizeof(int);
    require_device_memory("euler_tour_ops on GPU " + std::to_string(device_), needed,
                          pool_free_bytes());
    require_ids_fit<VertexT>(m_, "arcs");

    int sms = 0;
    FRONTIER_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device_));
    launch_.max_blocks = std::max(1, sms * launch_.policy.blocks_per_sm);
    threads_ = launch_.policy.threads_per_block;

    d_offsets_ = DeviceArray<EdgeT>(n_ + 1);
    d_targets_ = DeviceArray<VertexT>(m_);
    d_src_ = DeviceArray<VertexT>(m_);
    d_twin_ = DeviceArray<VertexT>(m_);
    d_successor_ = DeviceArray<VertexT>(max_total_);
    d_temp_ = DeviceArray<unsigned char>(temp_bytes_);
    d_defect_ = DeviceArray<int>(2);
  }

  /// 1. Offsets and targets to the GPU.
  void upload_csr() {
    phase_.restart();
    upload(d_offsets_.get(), forest_.offsets().data(), n_ + 1);
    upload(d_targets_.get(), forest_.targets().data(), m_);
    stats_.transfer_seconds += phase_.seconds();
  }

  /// 1. Offsets that never decrease, targets in range; and whether some vertex has no arcs
  ///    (the second flag, read by step 2).
  void check_csr() {
    phase_.restart();
    FRONTIER_CUDA_CHECK(cudaMemset(d_defect_.get(), 0, 2 * sizeof(int)));
    euler_tour::check_csr_kernel<<<launch_.blocks(std::max(n_, m_)), threads_>>>(
        d_offsets_.get(), d_targets_.get(), n_, m_, d_defect_.get());
    FRONTIER_CHECK_LAUNCH();
    if (flag_set(d_defect_.get())) defect();
  }

  /// 1. Arc sources by a max-scan of vertex marks; twins and successors through the vertex
  ///    records, which go back to the pool once read.
  void find_twins_and_successors() {
    std::size_t temp = temp_bytes_;
    FRONTIER_CUDA_CHECK(cudaMemset(d_src_.get(), 0, m_ * sizeof(VertexT)));
    euler_tour::mark_sources_kernel<<<launch_.blocks(n_), threads_>>>(d_offsets_.get(), n_,
                                                                      d_src_.get());
    FRONTIER_CHECK_LAUNCH();
    FRONTIER_CUDA_CHECK(cub::DeviceScan::InclusiveScan(d_temp_.get(), temp, d_src_.get(),
                                                       d_src_.get(), euler_tour::MaxOp{}, m_));
    {
      DeviceArray<VertexRecord> d_records(n_);
      euler_tour::vertex_records_kernel<<<launch_.blocks(n_), threads_>>>(
          d_offsets_.get(), d_targets_.get(), n_, d_records.get());
      FRONTIER_CHECK_LAUNCH();
      euler_tour::twin_successor_kernel<<<launch_.blocks(m_), threads_>>>(
          d_offsets_.get(), d_targets_.get(), d_src_.get(), d_records.get(), m_, d_twin_.get(),
          d_successor_.get(), d_defect_.get());
      FRONTIER_CHECK_LAUNCH();
    }
    if (flag_set(d_defect_.get())) defect();
    stats_.check_seconds = phase_.seconds();
  }

  /// 2. Components. One tree (edges == n - 1, at most one root given) needs no labelling: its
  ///    tour from the root is ranked in step 4 and must reach every arc (else the successors hold
  ///    cycles and the ranking rejects them); with every vertex on some arc (n > 1), the arcs
  ///    then connect all n vertices with n - 1 edges: a tree. Any other input is labelled by
  ///    union-find; a forest has n - components edges.
  void label_components() {
    phase_.restart();
    one_tree_ = m_ == 2 * (n_ - 1) && roots_.size() <= 1;
    const std::int64_t labelled = one_tree_ ? 0 : n_;
    d_link_ = DeviceArray<VertexT>(labelled);
    d_flag_ = DeviceArray<VertexT>(labelled + 1);
    trees_ = 1;
    if (one_tree_) {
      // A vertex without arcs leaves n - 1 edges on the other n - 1 vertices: a cycle.
      if (n_ > 1 && flag_set(d_defect_.get() + 1)) defect();
    } else {
      euler_tour::init_link_kernel<<<launch_.blocks(n_), threads_>>>(
          d_offsets_.get(), d_targets_.get(), n_, d_link_.get());
      FRONTIER_CHECK_LAUNCH();
      euler_tour::hook_kernel<<<launch_.blocks(m_), threads_>>>(d_offsets_.get(), d_src_.get(),
                                                                d_targets_.get(), d_twin_.get(), m_,
                                                                d_link_.get(), d_defect_.get());
      FRONTIER_CHECK_LAUNCH();
      if (flag_set(d_defect_.get())) defect();
      euler_tour::mark_representatives_kernel<<<launch_.blocks(n_ + 1), threads_>>>(
          d_link_.get(), n_, d_flag_.get());
      FRONTIER_CHECK_LAUNCH();
      std::size_t temp = temp_bytes_;
      FRONTIER_CUDA_CHECK(
          cub::DeviceScan::ExclusiveSum(d_temp_.get(), temp, d_flag_.get(), d_flag_.get(), n_ + 1));
      VertexT h_components = 0;
      FRONTIER_CUDA_CHECK(
          cudaMemcpy(&h_components, d_flag_.get() + n_, sizeof(VertexT), cudaMemcpyDeviceToHost));
      trees_ = h_components;
      if (m_ / 2 != n_ - trees_) defect();
    }
    total_ = m_ + trees_;
    require_ids_fit<VertexT>(total_, "tour elements (arcs plus trees)");
  }

  /// 3. Roots: the given root or vertex 0 of one tree; else the representatives in id order, or
  ///    the given roots, each claiming its tree's representative. Uploading given roots counts
  ///    as transfer time, not as components time.
  void choose_roots() {
    d_roots_ = DeviceArray<VertexT>(trees_);
    if (one_tree_) {
      const VertexT root = roots_.empty() ? VertexT{0} : roots_.front();
      if (root < 0 || root >= n_) defect();
      stats_.components_seconds += phase_.seconds();
      phase_.restart();
      upload(d_roots_.get(), &root, 1);
      stats_.transfer_seconds += phase_.seconds();
      phase_.restart();
    } else if (roots_.empty()) {
      euler_tour::default_roots_kernel<<<launch_.blocks(n_), threads_>>>(
          d_link_.get(), d_flag_.get(), n_, d_roots_.get());
      FRONTIER_CHECK_LAUNCH();
    } else {
      if (static_cast<std::int64_t>(roots_.size()) != trees_) defect();
      for (const VertexT r : roots_) {
        if (r < 0 || r >= n_) defect();
      }
      stats_.components_seconds += phase_.seconds();
      phase_.restart();
      upload(d_roots_.get(), roots_.data(), roots_.size());
      stats_.transfer_seconds += phase_.seconds();
      phase_.restart();
      VertexT* d_owner = d_flag_.get();  // the representative flags are no longer needed
      FRONTIER_CUDA_CHECK(cudaMemset(d_owner, 0xff, n_ * sizeof(VertexT)));
      euler_tour::claim_roots_kernel<<<launch_.blocks(trees_), threads_>>>(
          d_roots_.get(), trees_, d_link_.get(), d_owner, d_defect_.get());
      FRONTIER_CHECK_LAUNCH();
      if (flag_set(d_defect_.get())) defect();
    }
    FRONTIER_CUDA_CHECK(cudaDeviceSynchronize());
    stats_.components_seconds += phase_.seconds();
  }

  /// 4. Tree entries chain the tours into one list.
  void chain_tours() {
    phase_.restart();
    euler_tour::link_trees_kernel<<<launch_.blocks(trees_), threads_>>>(
        d_offsets_.get(), d_twin_.get(), d_roots_.get(), m_, trees_, d_successor_.get());
    FRONTIER_CHECK_LAUNCH();
    FRONTIER_CUDA_CHECK(cudaDeviceSynchronize());
    stats_.tour_elements = static_cast<std::uint64_t>(total_);
    stats_.tour_seconds = phase_.seconds();
  }

  /// 4. Each element's tour position by list ranking.
  void rank_tour() {
    phase_.restart();
    d_pos_ = DeviceArray<VertexT>(total_);
    try {
      stats_.ranking = list_rank_device<VertexT>(d_successor_.get(), d_pos_.get(), total_,
                                                 options_.seed, nullptr, algorithm_);
    } catch (const ValidationError&) {
      // Cycles beside the one tree's tour: its arcs do not form one tree (step 2).
      if (!one_tree_) throw;
      defect();
    }
    FRONTIER_CUDA_CHECK(cudaDeviceSynchronize());
    stats_.ranking_seconds = phase_.seconds();
  }

  /// 5. Entered bits in tour order, their word popcounts scanned; results per up arc and root.
  void derive_results() {
    phase_.restart();
    const std::int64_t words = bitmap_words(total_);
    d_entered_ = DeviceArray<std::uint32_t>(words);
    d_word_prefix_ = DeviceArray<VertexT>(words);
    VertexT* d_span = d_successor_.get();  // the successors are no longer needed
    FRONTIER_CUDA_CHECK(cudaMemset(d_entered_.get(), 0, words * sizeof(std::uint32_t)));
    euler_tour::classify_kernel<<<launch_.blocks(total_), threads_>>>(
        d_pos_.get(), d_twin_.get(), m_, total_, d_entered_.get(), d_span);
    FRONTIER_CHECK_LAUNCH();
    std::size_t temp = temp_bytes_;
    FRONTIER_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(d_temp_.get(), temp,
                                                      word_popcounts<VertexT>(d_entered_.get()),
                                                      d_word_prefix_.get(), words));
    d_parent_ = DeviceArray<VertexT>(n_);
    d_depth_ = DeviceArray<std::int32_t>(n_);
    d_preorder_ = DeviceArray<VertexT>(n_);
    d_postorder_ = DeviceArray<VertexT>(n_);
    d_size_ = DeviceArray<VertexT>(n_);
    euler_tour::derive_arcs_kernel<<<launch_.blocks(m_), threads_>>>(
        d_pos_.get(), d_span, d_src_.get(), d_targets_.get(), d_entered_.get(),
        d_word_prefix_.get(), m_, trees_, d_parent_.get(), d_depth_.get(), d_preorder_.get(),
        d_postorder_.get(), d_size_.get(), d_defect_.get());
    FRONTIER_CHECK_LAUNCH();
    euler_tour::derive_roots_kernel<<<launch_.blocks(trees_), threads_>>>(
        d_pos_.get(), d_roots_.get(), d_entered_.get(), d_word_prefix_.get(), m_, trees_, total_,
        d_parent_.get(), d_depth_.get(), d_preorder_.get(), d_postorder_.get(), d_size_.get());
    FRONTIER_CHECK_LAUNCH();
    if (flag_set(d_defect_.get())) {
      throw InvalidArgument("euler_tour_ops: a tree is deeper than 2^31 - 1");
    }
    stats_.derive_seconds = phase_.seconds();
  }

  /// 5. The results into the zero-filled vectors; the roots found, or the given ones.
  void copy_back() {
    phase_.restart();
    for (auto& sized : sizing_) sized.get();
    download(result_.parent, d_parent_.get(), n_);
    download(result_.depth, d_depth_.get(), n_);
    download(result_.preorder, d_preorder_.get(), n_);
    download(result_.postorder, d_postorder_.get(), n_);
    download(result_.subtree_size, d_size_.get(), n_);
    if (roots_.empty()) {
      download(result_.roots, d_roots_.get(), trees_);
    } else {
      result_.roots.assign(roots_.begin(), roots_.end());
    }
    stats_.transfer_seconds += phase_.seconds();
  }

  const CsrGraph<VertexT, EdgeT>& forest_;
  std::span<const VertexT> roots_;
  const EulerTourOptions& options_;
  int device_;
  ListRankingAlgorithm algorithm_;
  RootedForest<VertexT>& result_;
  EulerTourStats& stats_;
  std::int64_t n_;
  std::int64_t m_;
  std::int64_t max_total_;
  std::size_t temp_bytes_ = 0;
  Launcher launch_;
  int threads_ = 1;
  detail::Timer phase_;

  // What one step hands the next.
  bool one_tree_ = false;
  std::int64_t trees_ = 1;
  /// Tour elements: arcs plus one entry per tree.
  std::int64_t total_ = 0;

  std::vector<std::future<void>> sizing_;
  // 1: the CSR, per arc, the tour successors, scan storage and the defect flags.
  DeviceArray<EdgeT> d_offsets_;
  DeviceArray<VertexT> d_targets_;
  DeviceArray<VertexT> d_src_;
  DeviceArray<VertexT> d_twin_;
  DeviceArray<VertexT> d_successor_;
  DeviceArray<unsigned char> d_temp_;
  DeviceArray<int> d_defect_;
  // 2-3: per vertex unless one tree; per tree.
  DeviceArray<VertexT> d_link_;
  DeviceArray<VertexT> d_flag_;
  DeviceArray<VertexT> d_roots_;
  // 4: per tour element.
  DeviceArray<VertexT> d_pos_;
  // 5: per bitmap word; per vertex.
  DeviceArray<std::uint32_t> d_entered_;
  DeviceArray<VertexT> d_word_prefix_;
  DeviceArray<VertexT> d_parent_;
  DeviceArray<std::int32_t> d_depth_;
  DeviceArray<VertexT> d_preorder_;
  DeviceArray<VertexT> d_postorder_;
  DeviceArray<VertexT> d_size_;
};

}  // namespace

template <typename VertexT, typename EdgeT>
RootedForest<VertexT> euler_tour_ops(const CsrGraph<VertexT, EdgeT>& forest,
                                     std::span<const VertexT> roots,
                                     const EulerTourOptions& options) {
  const int device = selected_device(options);
  const ListRankingAlgorithm algorithm = gpu_ranking_algorithm(options);
  FRONTIER_CUDA_CHECK(cudaSetDevice(device));

  RootedForest<VertexT> result;
  if (forest.num_vertices() == 0) {
    if (!roots.empty()) detail::throw_forest_defect(forest, roots, "CUDA");
    return result;
  }
  ForestOnDevice<VertexT, EdgeT> on_device(forest, roots, options, device, algorithm, result);
  on_device.run();
  return result;
}

#define FRONTIER_INSTANTIATE_EULER_TOUR_CUDA(VertexT, EdgeT) \
  template RootedForest<VertexT> euler_tour_ops(             \
      const CsrGraph<VertexT, EdgeT>&, std::span<const VertexT>, const EulerTourOptions&);

FRONTIER_INSTANTIATE_EULER_TOUR_CUDA(std::int32_t, std::int64_t)
FRONTIER_INSTANTIATE_EULER_TOUR_CUDA(std::int64_t, std::int64_t)

#undef FRONTIER_INSTANTIATE_EULER_TOUR_CUDA

}  // namespace frontier::cuda
