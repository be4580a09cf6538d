// Device graph construction in a build without the CUDA backend: the handles exist (empty) and
// every function that would touch a GPU reports that the backend is missing (CudaError), the same
// answer BfsRunner gives there.
#if !FRONTIER_HAVE_CUDA

#include "device_graph_build.hpp"
#include "frontier/errors.hpp"

namespace frontier::cuda {

// Never instantiated with content in this build: no device arrays can exist.
template <typename VertexT>
struct DeviceEdgeStorage {};
template <typename VertexT, typename EdgeT>
class DeviceGraph {};

namespace {

[[noreturn]] void no_cuda() {
  throw CudaError("this build of frontier has no CUDA backend (nvcc was not found at build time)");
}

}  // namespace

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
EdgeT ResidentGraph<VertexT, EdgeT>::num_edges() const noexcept {
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
template ResidentGraph<std::int32_t, std::int64_t> build_csr_on_device(
    const DeviceEdgeList<std::int32_t>&, const CsrBuildOptions&);
template ResidentGraph<std::int64_t, std::int64_t> build_csr_on_device(
    const DeviceEdgeList<std::int64_t>&, const CsrBuildOptions&);

}  // namespace frontier::cuda

#endif
