/// @file cuda/pinned_buffer.cuh
/// @brief An owning, move-only array in page-locked host memory (cudaHostAlloc / cudaFreeHost):
/// what the GPU copies to and from asynchronously (counter read-backs, staging buffers), or,
/// mapped, reads and writes in place.
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>
#include <utility>

#include "cuda/cuda_check.cuh"

namespace frontier::cuda {

template <typename T>
class PinnedBuffer {
 public:
  PinnedBuffer() = default;
  /// Room for `count` elements (at least one, so that the buffer has an address), uninitialized.
  /// `flags` as cudaHostAlloc's: cudaHostAllocMapped for memory the GPU reads and writes in place
  /// (device_pointer()), cudaHostAllocPortable for memory every GPU uses.
  /// @throws CudaError if cudaHostAlloc fails.
  explicit PinnedBuffer(std::size_t count, unsigned int flags = cudaHostAllocDefault)
      : count_(count) {
    void* data = nullptr;
    FRONTIER_CUDA_CHECK(cudaHostAlloc(&data, sizeof(T) * std::max<std::size_t>(1, count), flags));
    data_ = static_cast<T*>(data);
  }
  ~PinnedBuffer() {
    // A destructor never throws: a failing cudaFreeHost here can only follow an earlier error.
    if (data_ != nullptr) cudaFreeHost(data_);
  }
  PinnedBuffer(PinnedBuffer&& other) noexcept
      : data_(std::exchange(other.data_, nullptr)), count_(std::exchange(other.count_, 0)) {}
  PinnedBuffer& operator=(PinnedBuffer&& other) noexcept {
    if (this != &other) {
      if (data_ != nullptr) cudaFreeHost(data_);
      data_ = std::exchange(other.data_, nullptr);
      count_ = std::exchange(other.count_, 0);
    }
    return *this;
  }
  PinnedBuffer(const PinnedBuffer&) = delete;
  PinnedBuffer& operator=(const PinnedBuffer&) = delete;

  T* data() const noexcept { return data_; }
  std::size_t size() const noexcept { return count_; }

  /// The device's address of memory allocated with cudaHostAllocMapped.
  /// @throws CudaError if the memory is not mapped.
  T* device_pointer() const {
    void* mapped = nullptr;
    FRONTIER_CUDA_CHECK(cudaHostGetDevicePointer(&mapped, data_, 0));
    return static_cast<T*>(mapped);
  }

 private:
  T* data_ = nullptr;
  std::size_t count_ = 0;
};

}  // namespace frontier::cuda
