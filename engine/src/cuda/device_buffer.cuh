/// @file device_buffer.cuh
/// @brief An owning, move-only array in device memory (cudaMalloc / cudaFree), and the rounding
/// every size estimate uses so that estimates and allocations agree.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <utility>

#include "cuda/cuda_check.cuh"
#include "frontier/memory_sizing.hpp"

namespace frontier::cuda {

/// Bytes one buffer of `count` elements of T takes on the device (device_buffer_bytes: rounded
/// up to the allocator's granule, at least one granule).
template <typename T>
constexpr std::uint64_t device_bytes_for(std::uint64_t count) {
  return device_buffer_bytes(count, sizeof(T));
}

template <typename T>
class DeviceBuffer {
 public:
  DeviceBuffer() = default;
  /// Allocates room for `count` elements (uninitialized). @throws CudaError if cudaMalloc fails.
  explicit DeviceBuffer(std::size_t count) : count_(count) {
    FRONTIER_CUDA_CHECK(cudaMalloc(&data_, device_bytes_for<T>(count)));
  }
  ~DeviceBuffer() {
    // A destructor never throws: a failing cudaFree here can only follow an earlier, reported
    // error.
    if (data_ != nullptr) cudaFree(data_);
  }
  DeviceBuffer(DeviceBuffer&& other) noexcept
      : data_(std::exchange(other.data_, nullptr)), count_(std::exchange(other.count_, 0)) {}
  DeviceBuffer& operator=(DeviceBuffer&& other) noexcept {
    if (this != &other) {
      if (data_ != nullptr) cudaFree(data_);
      data_ = std::exchange(other.data_, nullptr);
      count_ = std::exchange(other.count_, 0);
    }
    return *this;
  }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;

  T* data() const noexcept { return data_; }
  std::size_t size() const noexcept { return count_; }
  std::uint64_t bytes() const noexcept {
    return data_ == nullptr ? 0 : device_bytes_for<T>(count_);
  }

 private:
  T* data_ = nullptr;
  std::size_t count_ = 0;
};

}  // namespace frontier::cuda
