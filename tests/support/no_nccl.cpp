// The stand-in for the multi-GPU communication floor in a build without NCCL (CMake compiles it
// instead of support/cuda/exchange_latency.cu): asking for it is a clear CudaError.
#include "frontier/device.hpp"
#include "frontier/errors.hpp"
#include "support/cuda/exchange_latency.hpp"

namespace frontier::test {

ExchangeLatency measure_exchange_latency(int, int, int, GpuTransport) {
  if (!cuda_built()) {
    throw CudaError(
        "this build of frontier has no CUDA backend (nvcc was not found at build time)");
  }
  throw CudaError(
      "this build of frontier has no multi-GPU backend (NCCL was not found at build time)");
}

}  // namespace frontier::test
