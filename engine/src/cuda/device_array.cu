// Device arrays (device_array.hpp, cuda/device_array_allocation.hpp): their allocation, the
// deleter their last owner runs, and the copy to the host.
#include "cuda/device_array_allocation.hpp"

#include <cuda_runtime.h>

#include <cstdint>
#include <memory>

#include "cuda/cuda_check.cuh"
#include "cuda/device_buffer.cuh"
#include "cuda/device_scope.cuh"

namespace frontier {

namespace cuda {
namespace {

/// Frees device memory of one GPU. The last owner may be any thread (a Python consumer's
/// garbage collection, a DLPack deleter) with any GPU current, so it makes the array's GPU
/// current for the free and the caller's current again after it; it never throws, and clears
/// a failure (the CUDA runtime already torn down at exit, say) so that no later check reports
/// it.
struct FreeOnDevice {
  int device_id = 0;

  void operator()(void* d_memory) const noexcept {
    int previous = device_id;
    bool failed = cudaGetDevice(&previous) != cudaSuccess;
    const bool switch_device = !failed && previous != device_id;
    if (switch_device) failed |= cudaSetDevice(device_id) != cudaSuccess;
    failed |= cudaFree(d_memory) != cudaSuccess;
    if (switch_device) failed |= cudaSetDevice(previous) != cudaSuccess;
    if (failed) cudaGetLastError();
  }
};

}  // namespace

template <typename T>
DeviceArray<T> allocate_device_array(std::size_t count, int device_id) {
  const DeviceScope scope(device_id);
  void* d_memory = nullptr;
  FRONTIER_CUDA_CHECK(cudaMalloc(&d_memory, device_bytes_for<T>(count)));
  // Should the control block's allocation throw, shared_ptr runs the deleter itself.
  std::shared_ptr<T> memory(static_cast<T*>(d_memory), FreeOnDevice{device_id});
  return DeviceArray<T>(std::move(memory), count, device_id);
}

template DeviceArray<std::int32_t> allocate_device_array(std::size_t, int);
template DeviceArray<std::uint32_t> allocate_device_array(std::size_t, int);
template DeviceArray<std::int64_t> allocate_device_array(std::size_t, int);

}  // namespace cuda

namespace detail {

void copy_device_to_host(const void* d_source, void* h_target, std::size_t bytes, int device_id) {
  const cuda::DeviceScope scope(device_id);
  FRONTIER_CUDA_CHECK(cudaMemcpy(h_target, d_source, bytes, cudaMemcpyDeviceToHost));
}

}  // namespace detail

}  // namespace frontier
