// The CUDA ParallelList storage factory and its instantiations for int32, int64, float and
// double elements. The storage itself (parallel_list_cuda_storage.cuh) is a template so that
// parallel_list_cuda.cuh can run callers' device functors on it.
#include <string>

#include "cuda/device_query.hpp"
#include "frontier/device.hpp"
#include "frontier/errors.hpp"
#include "parallel_list/cuda/parallel_list_cuda_storage.cuh"

namespace frontier::detail {

template <typename T>
std::unique_ptr<ParallelListBackend<T>> make_cuda_list_backend(std::span<const T> values,
                                                               const ParallelListOptions& options) {
  if (options.device.cuda_ids.size() > 1) {
    throw InvalidArgument("parallel list lives on one GPU; " +
                          std::to_string(options.device.cuda_ids.size()) + " were given");
  }
  const int id = options.device.cuda_ids.empty() ? 0 : options.device.cuda_ids.front();
  cuda::require_device(id);
  return std::make_unique<cuda::CudaListStorage<T>>(values, options);
}

#define FRONTIER_INSTANTIATE_CUDA_LIST(T)                                     \
  template std::unique_ptr<ParallelListBackend<T>> make_cuda_list_backend<T>( \
      std::span<const T> values, const ParallelListOptions& options);
FRONTIER_INSTANTIATE_CUDA_LIST(std::int32_t)
FRONTIER_INSTANTIATE_CUDA_LIST(std::int64_t)
FRONTIER_INSTANTIATE_CUDA_LIST(float)
FRONTIER_INSTANTIATE_CUDA_LIST(double)
#undef FRONTIER_INSTANTIATE_CUDA_LIST

}  // namespace frontier::detail
