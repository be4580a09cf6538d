// The CPU-only build's definitions of the CUDA ParallelList storage factory and the list-bench
// GPU measurements: each throws CudaError, so a list asked for on the GPU fails clearly where no
// CUDA backend was built.
#include "frontier/errors.hpp"
#include "parallel_list/parallel_list_backend.hpp"
#include "parallel_list/parallel_list_bench_support.hpp"

#if !FRONTIER_HAVE_CUDA
namespace frontier::detail {

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

namespace frontier::cuda {

ArrayOpsTiming time_array_ops_device(std::span<const std::int32_t>, std::span<const ListBenchOp>,
                                     int) {
  throw CudaError("list-bench on the GPU: this build of frontier has no CUDA backend");
}

double time_device_copy(std::int64_t, int) {
  throw CudaError("list-bench on the GPU: this build of frontier has no CUDA backend");
}

}  // namespace frontier::cuda
#endif
