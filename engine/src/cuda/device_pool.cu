// One CUDA memory pool per GPU for the list ranking and Euler-tour temporaries; see
// device_pool.hpp for why and for the invariants.
#include "cuda/device_pool.hpp"

#include <cuda_runtime.h>

#include <mutex>
#include <string>
#include <vector>

#include "cuda/cuda_check.cuh"
#include "cuda/log_bridge.hpp"

namespace frontier::cuda {
namespace {

/// The pool of GPU `device`, created on first use with the release threshold of
/// device_pool.hpp.
cudaMemPool_t pool_of(int device) {
  static std::mutex mutex;
  static std::vector<cudaMemPool_t> pools;
  const std::lock_guard<std::mutex> lock(mutex);
  if (pools.empty()) {
    int count = 0;
    FRONTIER_CUDA_CHECK(cudaGetDeviceCount(&count));
    pools.assign(static_cast<std::size_t>(count), nullptr);
  }
  if (device < 0 || device >= static_cast<int>(pools.size())) {
    throw CudaError("device memory pool: no GPU " + std::to_string(device));
  }
  cudaMemPool_t& pool = pools[static_cast<std::size_t>(device)];
  if (pool == nullptr) {
    cudaMemPoolProps props{};
    props.allocType = cudaMemAllocationTypePinned;
    props.location.type = cudaMemLocationTypeDevice;
    props.location.id = device;
    FRONTIER_CUDA_CHECK(cudaMemPoolCreate(&pool, &props));
    std::size_t free_bytes = 0;
    std::size_t total_bytes = 0;
    FRONTIER_CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
    auto retain =
        static_cast<std::uint64_t>(static_cast<double>(total_bytes) * kPoolRetainFraction);
    FRONTIER_CUDA_CHECK(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &retain));
  }
  return pool;
}

int current_device() {
  int device = 0;
  FRONTIER_CUDA_CHECK(cudaGetDevice(&device));
  return device;
}

}  // namespace

void* pool_allocate(std::size_t bytes, void* stream) {
  if (bytes == 0) return nullptr;
  void* data = nullptr;
  FRONTIER_CUDA_CHECK(cudaMallocFromPoolAsync(&data, bytes, pool_of(current_device()),
                                              static_cast<cudaStream_t>(stream)));
  return data;
}

void pool_free(void* data, void* stream) noexcept {
  if (data == nullptr) return;
  if (cudaFreeAsync(data, static_cast<cudaStream_t>(stream)) != cudaSuccess) {
    cudaGetLastError();
    log_warning("device memory pool: cudaFreeAsync failed");
  }
}

std::uint64_t pool_free_bytes() {
  std::size_t free_bytes = 0;
  std::size_t total_bytes = 0;
  FRONTIER_CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
  const cudaMemPool_t pool = pool_of(current_device());
  std::uint64_t reserved = 0;
  std::uint64_t used = 0;
  FRONTIER_CUDA_CHECK(cudaMemPoolGetAttribute(pool, cudaMemPoolAttrReservedMemCurrent, &reserved));
  FRONTIER_CUDA_CHECK(cudaMemPoolGetAttribute(pool, cudaMemPoolAttrUsedMemCurrent, &used));
  return static_cast<std::uint64_t>(free_bytes) + (reserved > used ? reserved - used : 0);
}

}  // namespace frontier::cuda
