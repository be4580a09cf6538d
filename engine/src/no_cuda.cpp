// The one stand-in for the CUDA backend in a build without nvcc (CMake compiles it instead of
// the .cu files): every entry point the host code names exists, and each that would touch a GPU
// throws CudaError saying the backend is missing, so a CPU-only build links, runs its CPU tests
// and fails clearly where a GPU is asked for.
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "bfs/cuda/bfs_cuda.hpp"
#include "bfs/cuda/bfs_device_labels.hpp"
#include "bfs/cuda/renumbered_labels.hpp"
#include "cuda/device_query.hpp"
#include "euler_tour/euler_tour_backend.hpp"
#include "frontier/errors.hpp"
#include "graph/cuda/device_graph_build.hpp"
#include "list_ranking/cuda/list_ranking_cuda.hpp"
#include "list_ranking/list_ranking_backends.hpp"
#include "parallel_list/parallel_list_backend.hpp"

namespace frontier::cuda {
namespace {

[[noreturn]] void no_cuda() {
  throw CudaError("this build of frontier has no CUDA backend (nvcc was not found at build time)");
}

}  // namespace

// Devices: none.
bool backend_built() { return false; }
int device_count() { return 0; }
void require_device(int) { no_cuda(); }
CudaDeviceInfo device_info(int) { no_cuda(); }
std::optional<std::pair<int, int>> first_pair_without_peer_access(std::span<const int> ids) {
  if (ids.size() > 1) no_cuda();
  return std::nullopt;
}

// Device graphs: the handles exist (empty); no device arrays can exist in this build.
template <typename VertexT>
struct DeviceEdgeStorage {};
template <typename VertexT, typename EdgeT>
class DeviceGraph {};

template <typename VertexT>
DeviceEdgeList<VertexT>::DeviceEdgeList() = default;
template <typename VertexT>
DeviceEdgeList<VertexT>::DeviceEdgeList(std::unique_ptr<DeviceEdgeStorage<VertexT>> storage)
    : storage_(std::move(storage)) {}
template <typename VertexT>
DeviceEdgeList<VertexT>::~DeviceEdgeList() = default;
template <typename VertexT>
DeviceEdgeList<VertexT>::DeviceEdgeList(DeviceEdgeList&&) noexcept = default;
template <typename VertexT>
DeviceEdgeList<VertexT>& DeviceEdgeList<VertexT>::operator=(DeviceEdgeList&&) noexcept = default;
template <typename VertexT>
DeviceEdgeList<VertexT> DeviceEdgeList<VertexT>::upload(const EdgeList<VertexT>&, int) {
  no_cuda();
}
template <typename VertexT>
EdgeList<VertexT> DeviceEdgeList<VertexT>::to_host() const {
  no_cuda();
}
template <typename VertexT>
VertexT DeviceEdgeList<VertexT>::num_vertices() const noexcept {
  return 0;
}
template <typename VertexT>
std::uint64_t DeviceEdgeList<VertexT>::size() const noexcept {
  return 0;
}
template <typename VertexT>
bool DeviceEdgeList<VertexT>::directed() const noexcept {
  return true;
}
template <typename VertexT>
int DeviceEdgeList<VertexT>::device_id() const noexcept {
  return -1;
}
template <typename VertexT>
std::uint64_t DeviceEdgeList<VertexT>::device_bytes() const noexcept {
  return 0;
}
template <typename VertexT>
void DeviceEdgeList<VertexT>::release() noexcept {
  storage_.reset();
}
template <typename VertexT>
const DeviceEdgeStorage<VertexT>& DeviceEdgeList<VertexT>::storage() const {
  no_cuda();
}

template <typename VertexT, typename EdgeT>
ResidentGraph<VertexT, EdgeT>::ResidentGraph() = default;
template <typename VertexT, typename EdgeT>
ResidentGraph<VertexT, EdgeT>::ResidentGraph(DeviceGraph<VertexT, EdgeT>, int) {
  no_cuda();
}
template <typename VertexT, typename EdgeT>
ResidentGraph<VertexT, EdgeT>::~ResidentGraph() = default;
template <typename VertexT, typename EdgeT>
ResidentGraph<VertexT, EdgeT>::ResidentGraph(ResidentGraph&&) noexcept = default;
template <typename VertexT, typename EdgeT>
ResidentGraph<VertexT, EdgeT>& ResidentGraph<VertexT, EdgeT>::operator=(ResidentGraph&&) noexcept =
    default;
template <typename VertexT, typename EdgeT>
VertexT ResidentGraph<VertexT, EdgeT>::num_vertices() const noexcept {
  return 0;
}
template <typename VertexT, typename EdgeT>
EdgeT ResidentGraph<VertexT, EdgeT>::num_arcs() const noexcept {
  return 0;
}
template <typename VertexT, typename EdgeT>
bool ResidentGraph<VertexT, EdgeT>::directed() const noexcept {
  return false;
}
template <typename VertexT, typename EdgeT>
int ResidentGraph<VertexT, EdgeT>::device_id() const noexcept {
  return -1;
}
template <typename VertexT, typename EdgeT>
std::uint64_t ResidentGraph<VertexT, EdgeT>::device_bytes() const noexcept {
  return 0;
}
template <typename VertexT, typename EdgeT>
CsrGraph<VertexT, EdgeT> ResidentGraph<VertexT, EdgeT>::to_host() const {
  no_cuda();
}
template <typename VertexT, typename EdgeT>
CsrGraph<VertexT, EdgeT> ResidentGraph<VertexT, EdgeT>::reverse_to_host() const {
  no_cuda();
}
template <typename VertexT, typename EdgeT>
DeviceGraph<VertexT, EdgeT> ResidentGraph<VertexT, EdgeT>::release_device_graph() {
  no_cuda();
}

template <typename VertexT>
DeviceEdgeList<VertexT> generate_kronecker_on_device(const KroneckerParams&, std::uint64_t,
                                                     std::uint64_t, int) {
  no_cuda();
}

template <typename VertexT, typename EdgeT>
ResidentGraph<VertexT, EdgeT> build_kronecker_csr_on_device(const KroneckerParams&,
                                                            const CsrBuildOptions&, int) {
  no_cuda();
}

template <typename VertexT, typename EdgeT>
RankGraph<VertexT, EdgeT> build_kronecker_rank_slice_on_device(const KroneckerParams&,
                                                               const VertexDistribution<VertexT>&,
                                                               int, int) {
  no_cuda();
}

std::int64_t count_kronecker_tuples_reached(const KroneckerParams&, std::span<const std::int32_t>,
                                            int) {
  no_cuda();
}

std::int64_t count_kronecker_tuples_reached(const KroneckerParams&, const std::int32_t*, int) {
  no_cuda();
}

DeviceArray<std::uint32_t> count_kronecker_tuples_by_source(const KroneckerParams&, int) {
  no_cuda();
}

std::int64_t sum_kronecker_tuples_reached(const std::uint32_t*, const std::int32_t*, std::uint64_t,
                                          int) {
  no_cuda();
}

template <typename VertexT, typename EdgeT>
ResidentGraph<VertexT, EdgeT> build_csr_on_device(const DeviceEdgeList<VertexT>&,
                                                  const CsrBuildOptions&) {
  no_cuda();
}

template class DeviceEdgeList<std::int32_t>;
template class DeviceEdgeList<std::int64_t>;
template class ResidentGraph<std::int32_t, std::int64_t>;
template class ResidentGraph<std::int64_t, std::int64_t>;
template DeviceEdgeList<std::int32_t> generate_kronecker_on_device(const KroneckerParams&,
                                                                   std::uint64_t, std::uint64_t,
                                                                   int);
template DeviceEdgeList<std::int64_t> generate_kronecker_on_device(const KroneckerParams&,
                                                                   std::uint64_t, std::uint64_t,
                                                                   int);
DegreeOrderedResidentGraph build_kronecker_csr_on_device_by_degree(const KroneckerParams&,
                                                                   const CsrBuildOptions&, int) {
  no_cuda();
}

template ResidentGraph<std::int32_t, std::int64_t> build_kronecker_csr_on_device(
    const KroneckerParams&, const CsrBuildOptions&, int);
template ResidentGraph<std::int64_t, std::int64_t> build_kronecker_csr_on_device(
    const KroneckerParams&, const CsrBuildOptions&, int);
template RankGraph<std::int32_t, std::int64_t> build_kronecker_rank_slice_on_device(
    const KroneckerParams&, const VertexDistribution<std::int32_t>&, int, int);
template RankGraph<std::int64_t, std::int64_t> build_kronecker_rank_slice_on_device(
    const KroneckerParams&, const VertexDistribution<std::int64_t>&, int, int);
template ResidentGraph<std::int32_t, std::int64_t> build_csr_on_device(
    const DeviceEdgeList<std::int32_t>&, const CsrBuildOptions&);
template ResidentGraph<std::int64_t, std::int64_t> build_csr_on_device(
    const DeviceEdgeList<std::int64_t>&, const CsrBuildOptions&);

// Single-GPU BFS: a runner cannot exist in this build, so its members are never reached.
template <typename VertexT, typename EdgeT>
struct BfsRunner<VertexT, EdgeT>::Impl {};

template <typename VertexT, typename EdgeT>
BfsRunner<VertexT, EdgeT>::BfsRunner(const CsrGraph<VertexT, EdgeT>&, int) {
  no_cuda();
}

template <typename VertexT, typename EdgeT>
BfsRunner<VertexT, EdgeT>::BfsRunner(ResidentGraph<VertexT, EdgeT>&&) {
  no_cuda();
}

template <typename VertexT, typename EdgeT>
BfsRunner<VertexT, EdgeT>::~BfsRunner() = default;
template <typename VertexT, typename EdgeT>
BfsRunner<VertexT, EdgeT>::BfsRunner(BfsRunner&&) noexcept = default;
template <typename VertexT, typename EdgeT>
BfsRunner<VertexT, EdgeT>& BfsRunner<VertexT, EdgeT>::operator=(BfsRunner&&) noexcept = default;

// A runner cannot exist in this build, so the members below are never reached.
template <typename VertexT, typename EdgeT>
BfsResult<VertexT> BfsRunner<VertexT, EdgeT>::run(VertexT, const BfsCudaOptions&) {
  no_cuda();
}

template <typename VertexT, typename EdgeT>
BfsResult<VertexT> BfsRunner<VertexT, EdgeT>::run(std::span<const VertexT>, const BfsCudaOptions&) {
  no_cuda();
}

template <typename VertexT, typename EdgeT>
BfsValidation BfsRunner<VertexT, EdgeT>::validate(std::span<const VertexT>,
                                                  std::span<const VertexT>,
                                                  std::span<const std::int32_t>, bool) {
  no_cuda();
}

template <typename VertexT, typename EdgeT>
BfsValidation BfsRunner<VertexT, EdgeT>::validate_on_device(std::span<const VertexT>,
                                                            const VertexT*, const std::int32_t*,
                                                            bool) {
  no_cuda();
}

template <typename VertexT, typename EdgeT>
double BfsRunner<VertexT, EdgeT>::warm_up() {
  no_cuda();
}

template <typename VertexT, typename EdgeT>
const BfsCudaRunStats& BfsRunner<VertexT, EdgeT>::last_run_stats() const {
  no_cuda();
}

template <typename VertexT, typename EdgeT>
VertexT BfsRunner<VertexT, EdgeT>::num_vertices() const {
  return 0;
}

template <typename VertexT, typename EdgeT>
EdgeT BfsRunner<VertexT, EdgeT>::num_arcs() const {
  return 0;
}

template <typename VertexT, typename EdgeT>
bool BfsRunner<VertexT, EdgeT>::directed() const {
  return false;
}

template <typename VertexT, typename EdgeT>
std::vector<EdgeT> BfsRunner<VertexT, EdgeT>::out_degrees(std::span<const VertexT>) {
  no_cuda();
}

template <typename VertexT, typename EdgeT>
std::uint64_t BfsRunner<VertexT, EdgeT>::device_bytes() const {
  return 0;
}

template <typename VertexT, typename EdgeT>
std::uint64_t BfsRunner<VertexT, EdgeT>::edge_queue_capacity() const {
  return 0;
}

template <typename VertexT, typename EdgeT>
void BfsRunner<VertexT, EdgeT>::copy_labels_on_device(std::int32_t*, VertexT*, const VertexT*,
                                                      const VertexT*) {
  no_cuda();
}

template class BfsRunner<std::int32_t, std::int64_t>;
template class BfsRunner<std::int64_t, std::int64_t>;

void bfs_on_device(BfsRunner<VertexId, EdgeId>&, int, std::span<const VertexId>,
                   const BfsCudaOptions&, DeviceBfsResult<VertexId>&, const DeviceSearchOrder*,
                   std::optional<std::int64_t>) {
  no_cuda();
}

DeviceSearchOrder upload_search_order(std::span<const VertexId>, std::span<const VertexId>, int) {
  no_cuda();
}

void labels_to_search_ids(const DeviceSearchOrder&, const std::int32_t*, const VertexId*,
                          DeviceArray<std::int32_t>&, DeviceArray<VertexId>&) {
  no_cuda();
}

void labels_to_search_ids(const DeviceSearchOrder&, std::span<const std::int32_t>,
                          std::span<const VertexId>, DeviceArray<std::int32_t>&,
                          DeviceArray<VertexId>&) {
  no_cuda();
}

std::vector<VertexId> to_search_ids(const DeviceSearchOrder&, std::span<const VertexId>) {
  no_cuda();
}

// List ranking and Euler-tour operations.
template <typename VertexT, typename ValueT>
ListRankingStats list_prefix_device(const VertexT*, const ValueT*, ValueT*, std::int64_t, ListOp,
                                    std::uint64_t, void*, ListRankingAlgorithm, std::int64_t,
                                    std::int64_t) {
  no_cuda();
}

template <typename VertexT, typename ValueT>
ListRankingStats list_prefix_host(std::span<const VertexT>, const ValueT*, ListOp, ValueT*,
                                  ListRankingAlgorithm, const ListRankingOptions&) {
  no_cuda();
}

template <typename VertexT>
ListRankingStats list_rank_device(const VertexT*, VertexT*, std::int64_t, std::uint64_t, void*,
                                  ListRankingAlgorithm) {
  no_cuda();
}

#define FRONTIER_INSTANTIATE_NO_CUDA_LIST_PREFIX(VertexT, ValueT)                         \
  template ListRankingStats list_prefix_device<VertexT, ValueT>(                          \
      const VertexT*, const ValueT*, ValueT*, std::int64_t, ListOp, std::uint64_t, void*, \
      ListRankingAlgorithm, std::int64_t, std::int64_t);                                  \
  template ListRankingStats list_prefix_host<VertexT, ValueT>(                            \
      std::span<const VertexT>, const ValueT*, ListOp, ValueT*, ListRankingAlgorithm,     \
      const ListRankingOptions&);
FRONTIER_INSTANTIATE_NO_CUDA_LIST_PREFIX(std::int32_t, std::int32_t)
FRONTIER_INSTANTIATE_NO_CUDA_LIST_PREFIX(std::int32_t, std::int64_t)
FRONTIER_INSTANTIATE_NO_CUDA_LIST_PREFIX(std::int32_t, double)
FRONTIER_INSTANTIATE_NO_CUDA_LIST_PREFIX(std::int64_t, std::int32_t)
FRONTIER_INSTANTIATE_NO_CUDA_LIST_PREFIX(std::int64_t, std::int64_t)
FRONTIER_INSTANTIATE_NO_CUDA_LIST_PREFIX(std::int64_t, double)
#undef FRONTIER_INSTANTIATE_NO_CUDA_LIST_PREFIX
template ListRankingStats list_rank_device<std::int32_t>(const std::int32_t*, std::int32_t*,
                                                         std::int64_t, std::uint64_t, void*,
                                                         ListRankingAlgorithm);
template ListRankingStats list_rank_device<std::int64_t>(const std::int64_t*, std::int64_t*,
                                                         std::int64_t, std::uint64_t, void*,
                                                         ListRankingAlgorithm);

template <typename VertexT, typename EdgeT>
RootedForest<VertexT> euler_tour_ops(const CsrGraph<VertexT, EdgeT>&, std::span<const VertexT>,
                                     const EulerTourOptions&) {
  no_cuda();
}
template RootedForest<std::int32_t> euler_tour_ops(const CsrGraph<std::int32_t, std::int64_t>&,
                                                   std::span<const std::int32_t>,
                                                   const EulerTourOptions&);
template RootedForest<std::int64_t> euler_tour_ops(const CsrGraph<std::int64_t, std::int64_t>&,
                                                   std::span<const std::int64_t>,
                                                   const EulerTourOptions&);

}  // namespace frontier::cuda

namespace frontier::detail {

// Device arrays: none can be filled in this build.
void copy_device_to_host(const void*, void*, std::size_t, int) { cuda::no_cuda(); }

// Parallel list: a list asked for on the GPU.
template <typename T>
std::unique_ptr<ParallelListBackend<T>> make_cuda_list_backend(std::span<const T>,
                                                               const ParallelListOptions&) {
  throw CudaError(
      "parallel list on the GPU: this build of frontier has no CUDA backend (nvcc was not "
      "found at build time)");
}

#define FRONTIER_INSTANTIATE_NO_CUDA_LIST(T)                                  \
  template std::unique_ptr<ParallelListBackend<T>> make_cuda_list_backend<T>( \
      std::span<const T>, const ParallelListOptions&);
FRONTIER_INSTANTIATE_NO_CUDA_LIST(std::int32_t)
FRONTIER_INSTANTIATE_NO_CUDA_LIST(std::int64_t)
FRONTIER_INSTANTIATE_NO_CUDA_LIST(float)
FRONTIER_INSTANTIATE_NO_CUDA_LIST(double)
#undef FRONTIER_INSTANTIATE_NO_CUDA_LIST

}  // namespace frontier::detail
