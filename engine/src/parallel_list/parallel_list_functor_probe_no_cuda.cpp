// The CPU-only build's definitions of the device-functor probes (parallel_list_functor_probe.hpp):
// each throws CudaError.
#include "frontier/errors.hpp"
#include "parallel_list/parallel_list_functor_probe.hpp"

#if !FRONTIER_HAVE_CUDA
namespace frontier::cuda {

std::int64_t insert_shifted_counts(ParallelList<std::int64_t>&, ListPosition, std::int64_t,
                                   std::int64_t) {
  throw CudaError("parallel list device functors: this build of frontier has no CUDA backend");
}

std::int64_t erase_remainder(ParallelList<std::int64_t>&, std::int64_t, std::int64_t) {
  throw CudaError("parallel list device functors: this build of frontier has no CUDA backend");
}

}  // namespace frontier::cuda
#endif
