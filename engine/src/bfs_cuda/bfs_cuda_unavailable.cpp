// BfsRunner and measure_device_floors in a build without the CUDA backend: they report that the
// backend is missing (CudaError), the same answer frontier::cuda_device_info gives there.
#if !FRONTIER_HAVE_CUDA

#include "bfs_cuda.hpp"
#include "device_floors.hpp"
#include "frontier/errors.hpp"

namespace frontier::cuda {

template <typename VertexT, typename EdgeT>
struct BfsRunner<VertexT, EdgeT>::Impl {};

template <typename VertexT, typename EdgeT>
BfsRunner<VertexT, EdgeT>::BfsRunner(const CsrGraph<VertexT, EdgeT>&, int) {
  throw CudaError("this build of frontier has no CUDA backend (nvcc was not found at build time)");
}

template <typename VertexT, typename EdgeT>
BfsRunner<VertexT, EdgeT>::BfsRunner(ResidentGraph<VertexT, EdgeT>&&) {
  throw CudaError("this build of frontier has no CUDA backend (nvcc was not found at build time)");
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
  throw CudaError("this build of frontier has no CUDA backend");
}

template <typename VertexT, typename EdgeT>
const BfsCudaRunStats& BfsRunner<VertexT, EdgeT>::last_run_stats() const {
  throw CudaError("this build of frontier has no CUDA backend");
}

template <typename VertexT, typename EdgeT>
VertexT BfsRunner<VertexT, EdgeT>::num_vertices() const {
  return 0;
}

template <typename VertexT, typename EdgeT>
EdgeT BfsRunner<VertexT, EdgeT>::num_edges() const {
  return 0;
}

template <typename VertexT, typename EdgeT>
bool BfsRunner<VertexT, EdgeT>::directed() const {
  return false;
}

template <typename VertexT, typename EdgeT>
std::uint64_t BfsRunner<VertexT, EdgeT>::device_bytes() const {
  return 0;
}

template class BfsRunner<std::int32_t, std::int64_t>;
template class BfsRunner<std::int64_t, std::int64_t>;

DeviceFloors measure_device_floors(int, std::uint64_t, std::uint64_t, int) {
  throw CudaError("this build of frontier has no CUDA backend");
}

}  // namespace frontier::cuda

#endif
