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
#include "cuda/launch_sizing.hpp"
#include "euler_tour/cuda/euler_tour_kernels.cuh"
#include "euler_tour/euler_tour_backend.hpp"
#include "euler_tour/euler_tour_checks.hpp"
#include "euler_tour/euler_tour_tuning.hpp"
#include "frontier/detail/timer.hpp"
#include "frontier/errors.hpp"
#include "list_ranking/cuda/list_ranking_cuda.hpp"
#include "list_ranking/cuda/staged_copy.hpp"

namespace frontier::cuda {
namespace {

/// One pool allocation (device_pool.hpp) of at least one T, ordered on the default stream.
template <typename T>
class DeviceArray {
 public:
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

}  // namespace

template <typename VertexT, typename EdgeT>
RootedForest<VertexT> euler_tour_ops(const CsrGraph<VertexT, EdgeT>& forest,
                                      std::span<const VertexT> roots,
                                      const EulerTourOptions& options) {
  const int device = options.device.cuda_ids.empty() ? 0 : options.device.cuda_ids.front();
  const int count = cuda_device_count();
  if (device < 0 || device >= count) {
    throw CudaError("euler_tour_ops on GPU " + std::to_string(device) + ": " +
                    std::to_string(count) + " usable CUDA GPU(s) found");
  }
  ListRankingAlgorithm algorithm = options.ranking_algorithm;
  if (algorithm == ListRankingAlgorithm::Auto) algorithm = ListRankingAlgorithm::HelmanJaja;
  if (algorithm == ListRankingAlgorithm::Sequential) {
    throw InvalidArgument("euler_tour_ops: the Sequential ranking algorithm runs on the CPU only");
  }
  FRONTIER_CUDA_CHECK(cudaSetDevice(device));

  RootedForest<VertexT> result;
  EulerTourStats& stats = result.stats;
  const std::int64_t n = forest.num_vertices();
  const std::int64_t m = static_cast<std::int64_t>(forest.targets().size());
  const std::span<const VertexT> given_roots = roots;
  const auto defect = [&] { detail::throw_forest_defect(forest, given_roots, "CUDA"); };
  if (n == 0) {
    if (!roots.empty()) defect();
    return result;
  }

  // The result vectors are zero-filled (the first touch of their pages) by host threads while
  // the GPU works, rather than on the way back; joined before the downloads, or on unwinding.
  std::vector<std::future<void>> sizing;
  const auto size_later = [&sizing, n](auto& vector) {
    sizing.push_back(std::async(std::launch::async, [&vector, n] { vector.resize(n); }));
  };
  size_later(result.parent);
  size_later(result.depth);
  size_later(result.preorder);
  size_later(result.postorder);
  size_later(result.subtree_size);

  // Size every buffer first (the tour has at most m + n elements).
  const std::int64_t max_total = m + n;
  const std::size_t v_bytes = sizeof(VertexT);
  const std::size_t temp_bytes = scan_temp_bytes<VertexT>(m, n, max_total);
  const std::uint64_t needed = (n + 1) * sizeof(EdgeT) +  // offsets
                               3 * m * v_bytes +          // targets, sources, twins
                               2 * max_total * v_bytes +  // successors (later spans), positions
                               bitmap_words(max_total) * (4 + v_bytes) +  // entered bits, prefix
                               n * sizeof(euler_tour::VertexRecord<VertexT, EdgeT>) +  // twins
                               (2 * n + 1) * v_bytes +  // links, flags (later root owners)
                               n * v_bytes +            // roots
                               n * (4 * v_bytes + sizeof(std::int32_t)) +  // results
                               temp_bytes + 2 * sizeof(int);
  require_device_memory("euler_tour_ops on GPU " + std::to_string(device), needed,
                        pool_free_bytes());
  require_ids_fit<VertexT>(m, "arcs");

  Launcher launch;
  {
    int sms = 0;
    FRONTIER_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
    launch.max_blocks = std::max(1, sms * launch.policy.blocks_per_sm);
  }
  const int threads = launch.policy.threads_per_block;

  DeviceArray<EdgeT> d_offsets(n + 1);
  DeviceArray<VertexT> d_targets(m);
  DeviceArray<VertexT> d_src(m);
  DeviceArray<VertexT> d_twin(m);
  DeviceArray<VertexT> d_successor(max_total);
  DeviceArray<unsigned char> d_temp(temp_bytes);
  DeviceArray<int> d_defect(2);

  detail::Timer phase;
  upload(d_offsets.get(), forest.offsets().data(), n + 1);
  upload(d_targets.get(), forest.targets().data(), m);
  stats.transfer_seconds += phase.seconds();

  // 1. CSR checks, arc sources, twins and successors.
  phase.restart();
  std::size_t temp = temp_bytes;
  FRONTIER_CUDA_CHECK(cudaMemset(d_defect.get(), 0, 2 * sizeof(int)));
  euler_tour::check_csr_kernel<<<launch.blocks(std::max(n, m)), threads>>>(
      d_offsets.get(), d_targets.get(), n, m, d_defect.get());
  FRONTIER_CHECK_LAUNCH();
  if (flag_set(d_defect.get())) defect();
  FRONTIER_CUDA_CHECK(cudaMemset(d_src.get(), 0, m * v_bytes));
  euler_tour::mark_sources_kernel<<<launch.blocks(n), threads>>>(d_offsets.get(), n, d_src.get());
  FRONTIER_CHECK_LAUNCH();
  FRONTIER_CUDA_CHECK(cub::DeviceScan::InclusiveScan(d_temp.get(), temp, d_src.get(), d_src.get(),
                                                     euler_tour::MaxOp{}, m));
  {
    DeviceArray<euler_tour::VertexRecord<VertexT, EdgeT>> d_records(n);
    euler_tour::vertex_records_kernel<<<launch.blocks(n), threads>>>(
        d_offsets.get(), d_targets.get(), n, d_records.get());
    FRONTIER_CHECK_LAUNCH();
    euler_tour::twin_successor_kernel<<<launch.blocks(m), threads>>>(
        d_offsets.get(), d_targets.get(), d_src.get(), d_records.get(), m, d_twin.get(),
        d_successor.get(), d_defect.get());
    FRONTIER_CHECK_LAUNCH();
  }
  if (flag_set(d_defect.get())) defect();
  stats.check_seconds = phase.seconds();

  // 2. Components. One tree (edges == n - 1, at most one root given) needs no labelling: its
  //    tour from the root is ranked in step 4 and must reach every arc (else the successors hold
  //    cycles and the ranking rejects them); with every vertex on some arc (n > 1), the arcs
  //    then connect all n vertices with n - 1 edges: a tree. Any other input is labelled by
  //    union-find; a forest has n - components edges.
  phase.restart();
  const bool one_tree = m == 2 * (n - 1) && roots.size() <= 1;
  const std::int64_t labelled = one_tree ? 0 : n;
  DeviceArray<VertexT> d_link(labelled);
  DeviceArray<VertexT> d_flag(labelled + 1);
  std::int64_t trees = 1;
  if (one_tree) {
    // A vertex without arcs leaves n - 1 edges on the other n - 1 vertices: a cycle.
    if (n > 1 && flag_set(d_defect.get() + 1)) defect();
  } else {
    euler_tour::init_link_kernel<<<launch.blocks(n), threads>>>(d_offsets.get(), d_targets.get(), n,
                                                                d_link.get());
    FRONTIER_CHECK_LAUNCH();
    euler_tour::hook_kernel<<<launch.blocks(m), threads>>>(d_offsets.get(), d_src.get(),
                                                           d_targets.get(), d_twin.get(), m,
                                                           d_link.get(), d_defect.get());
    FRONTIER_CHECK_LAUNCH();
    if (flag_set(d_defect.get())) defect();
    euler_tour::mark_representatives_kernel<<<launch.blocks(n + 1), threads>>>(d_link.get(), n,
                                                                               d_flag.get());
    FRONTIER_CHECK_LAUNCH();
    temp = temp_bytes;
    FRONTIER_CUDA_CHECK(
        cub::DeviceScan::ExclusiveSum(d_temp.get(), temp, d_flag.get(), d_flag.get(), n + 1));
    VertexT h_components = 0;
    FRONTIER_CUDA_CHECK(
        cudaMemcpy(&h_components, d_flag.get() + n, v_bytes, cudaMemcpyDeviceToHost));
    trees = h_components;
    if (m / 2 != n - trees) defect();
  }
  const std::int64_t total = m + trees;
  require_ids_fit<VertexT>(total, "tour elements (arcs plus trees)");

  // 3. Roots.
  DeviceArray<VertexT> d_roots(trees);
  if (one_tree) {
    const VertexT root = roots.empty() ? VertexT{0} : roots.front();
    if (root < 0 || root >= n) defect();
    stats.components_seconds += phase.seconds();
    phase.restart();
    upload(d_roots.get(), &root, 1);
    stats.transfer_seconds += phase.seconds();
    phase.restart();
  } else if (roots.empty()) {
    euler_tour::default_roots_kernel<<<launch.blocks(n), threads>>>(d_link.get(), d_flag.get(), n,
                                                                    d_roots.get());
    FRONTIER_CHECK_LAUNCH();
  } else {
    if (static_cast<std::int64_t>(roots.size()) != trees) defect();
    for (const VertexT r : roots) {
      if (r < 0 || r >= n) defect();
    }
    stats.components_seconds += phase.seconds();
    phase.restart();
    upload(d_roots.get(), roots.data(), roots.size());
    stats.transfer_seconds += phase.seconds();
    phase.restart();
    VertexT* d_owner = d_flag.get();
    FRONTIER_CUDA_CHECK(cudaMemset(d_owner, 0xff, n * v_bytes));
    euler_tour::claim_roots_kernel<<<launch.blocks(trees), threads>>>(
        d_roots.get(), trees, d_link.get(), d_owner, d_defect.get());
    FRONTIER_CHECK_LAUNCH();
    if (flag_set(d_defect.get())) defect();
  }
  FRONTIER_CUDA_CHECK(cudaDeviceSynchronize());
  stats.components_seconds += phase.seconds();

  // 4. One list of all tours, ranked.
  phase.restart();
  euler_tour::link_trees_kernel<<<launch.blocks(trees), threads>>>(
      d_offsets.get(), d_twin.get(), d_roots.get(), m, trees, d_successor.get());
  FRONTIER_CHECK_LAUNCH();
  FRONTIER_CUDA_CHECK(cudaDeviceSynchronize());
  stats.tour_elements = static_cast<std::uint64_t>(total);
  stats.tour_seconds = phase.seconds();

  phase.restart();
  DeviceArray<VertexT> d_pos(total);
  try {
    stats.ranking = list_rank_device<VertexT>(d_successor.get(), d_pos.get(), total, options.seed,
                                              nullptr, algorithm);
  } catch (const ValidationError&) {
    // Cycles beside the one tree's tour: its arcs do not form one tree (step 2).
    if (!one_tree) throw;
    defect();
  }
  FRONTIER_CUDA_CHECK(cudaDeviceSynchronize());
  stats.ranking_seconds = phase.seconds();

  // 5. Entered bits in tour order, their word popcounts scanned; results per up arc and root.
  phase.restart();
  const std::int64_t words = bitmap_words(total);
  DeviceArray<std::uint32_t> d_entered(words);
  DeviceArray<VertexT> d_word_prefix(words);
  VertexT* d_span = d_successor.get();  // the successors are no longer needed
  FRONTIER_CUDA_CHECK(cudaMemset(d_entered.get(), 0, words * sizeof(std::uint32_t)));
  euler_tour::classify_kernel<<<launch.blocks(total), threads>>>(d_pos.get(), d_twin.get(), m,
                                                                 total, d_entered.get(), d_span);
  FRONTIER_CHECK_LAUNCH();
  temp = temp_bytes;
  FRONTIER_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(
      d_temp.get(), temp, word_popcounts<VertexT>(d_entered.get()), d_word_prefix.get(), words));
  DeviceArray<VertexT> d_parent(n);
  DeviceArray<std::int32_t> d_depth(n);
  DeviceArray<VertexT> d_preorder(n);
  DeviceArray<VertexT> d_postorder(n);
  DeviceArray<VertexT> d_size(n);
  euler_tour::derive_arcs_kernel<<<launch.blocks(m), threads>>>(
      d_pos.get(), d_span, d_src.get(), d_targets.get(), d_entered.get(), d_word_prefix.get(), m,
      trees, d_parent.get(), d_depth.get(), d_preorder.get(), d_postorder.get(), d_size.get(),
      d_defect.get());
  FRONTIER_CHECK_LAUNCH();
  euler_tour::derive_roots_kernel<<<launch.blocks(trees), threads>>>(
      d_pos.get(), d_roots.get(), d_entered.get(), d_word_prefix.get(), m, trees, total,
      d_parent.get(), d_depth.get(), d_preorder.get(), d_postorder.get(), d_size.get());
  FRONTIER_CHECK_LAUNCH();
  if (flag_set(d_defect.get())) {
    throw InvalidArgument("euler_tour_ops: a tree is deeper than 2^31 - 1");
  }
  stats.derive_seconds = phase.seconds();

  phase.restart();
  for (auto& sized : sizing) sized.get();
  download(result.parent, d_parent.get(), n);
  download(result.depth, d_depth.get(), n);
  download(result.preorder, d_preorder.get(), n);
  download(result.postorder, d_postorder.get(), n);
  download(result.subtree_size, d_size.get(), n);
  if (roots.empty()) {
    download(result.roots, d_roots.get(), trees);
  } else {
    result.roots.assign(roots.begin(), roots.end());
  }
  stats.transfer_seconds += phase.seconds();
  return result;
}

#define FRONTIER_INSTANTIATE_EULER_TOUR_CUDA(VertexT, EdgeT) \
  template RootedForest<VertexT> euler_tour_ops(            \
      const CsrGraph<VertexT, EdgeT>&, std::span<const VertexT>, const EulerTourOptions&);

FRONTIER_INSTANTIATE_EULER_TOUR_CUDA(std::int32_t, std::int64_t)
FRONTIER_INSTANTIATE_EULER_TOUR_CUDA(std::int64_t, std::int64_t)

#undef FRONTIER_INSTANTIATE_EULER_TOUR_CUDA

}  // namespace frontier::cuda
