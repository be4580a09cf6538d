/// @file bfs/distributed/transport/symmetric_buffer.cuh
/// @brief An owning, move-only device array that NCCL can register as a symmetric window
/// (NcclExchange::register_windows): from ncclMemAlloc (NCCL 2.27 on, CUDA VMM memory), or from
/// cudaMalloc where that is missing or fails (the collectives then run NCCL's ordinary kernels).
#pragma once

#include <cuda_runtime.h>
#include <nccl.h>

#include <cstddef>
#include <utility>

#include "bfs/distributed/transport/nccl_library.hpp"
#include "cuda/cuda_check.cuh"
#include "cuda/device_buffer.cuh"

namespace frontier::distributed {

/// A device buffer one rank's collectives read or write, to be registered as a window.
struct WindowRegion {
  void* data = nullptr;
  std::size_t bytes = 0;
};

template <typename T>
class SymmetricBuffer {
 public:
  SymmetricBuffer() = default;
  /// Room for `count` elements (uninitialized) on the current device, from ncclMemAlloc when
  /// `registrable` (else, or where that fails, from cudaMalloc). @throws CudaError if neither
  /// allocator has the memory.
  explicit SymmetricBuffer(std::size_t count, bool registrable = true) : count_(count) {
    const std::size_t bytes = cuda::device_bytes_for<T>(count);
#if FRONTIER_HAVE_NCCL_WINDOWS
    void* memory = nullptr;
    const NcclLibrary& nccl = nccl_library();
    if (registrable && nccl.has_windows() && nccl.ncclMemAlloc(&memory, bytes) == ncclSuccess) {
      data_ = static_cast<T*>(memory);
      from_nccl_ = true;
      return;
    }
#endif
    FRONTIER_CUDA_CHECK(cudaMalloc(&data_, bytes));
  }
  ~SymmetricBuffer() { release(); }
  SymmetricBuffer(SymmetricBuffer&& other) noexcept { take(other); }
  SymmetricBuffer& operator=(SymmetricBuffer&& other) noexcept {
    if (this != &other) {
      release();
      take(other);
    }
    return *this;
  }
  SymmetricBuffer(const SymmetricBuffer&) = delete;
  SymmetricBuffer& operator=(const SymmetricBuffer&) = delete;

  T* data() const noexcept { return data_; }
  std::size_t size() const noexcept { return count_; }
  /// Bytes a window over the buffer covers (the same on every rank for the same count).
  std::size_t bytes() const noexcept { return count_ * sizeof(T); }
  /// From ncclMemAlloc, so registrable as a symmetric window.
  bool from_nccl() const noexcept { return from_nccl_; }
  WindowRegion region() const noexcept { return {data_, bytes()}; }

 private:
  // A failing free here can only follow an earlier, reported error.
  void release() noexcept {
    if (data_ == nullptr) return;
#if FRONTIER_HAVE_NCCL_WINDOWS
    if (from_nccl_) {
      nccl_library().ncclMemFree(data_);
      data_ = nullptr;
      return;
    }
#endif
    cudaFree(data_);
    data_ = nullptr;
  }
  void take(SymmetricBuffer& other) noexcept {
    data_ = std::exchange(other.data_, nullptr);
    count_ = std::exchange(other.count_, 0);
    from_nccl_ = std::exchange(other.from_nccl_, false);
  }

  T* data_ = nullptr;
  std::size_t count_ = 0;
  bool from_nccl_ = false;
};

}  // namespace frontier::distributed
