// Stream-ordered device memory of the list ranking and Euler-tour kernels: one CUDA memory pool
// per GPU (cudaMemPoolCreate), from which every temporary array of a call is taken with
// cudaMallocAsync and returned with cudaFreeAsync. Why: a fresh cudaMalloc/cudaFree of the
// per-node scratch (2 GiB at 2^28 nodes) maps and unmaps its pages on every call, and each
// cudaFree synchronizes the device; the pool keeps freed memory mapped, so repeated calls (and
// the deeper levels of one call) reuse it. Host C++ only; the stream is a cudaStream_t as void*.
//
// Invariants: the pool keeps at most kPoolRetainFraction of the GPU's memory cached between calls
// (its release threshold); the rest goes back to the driver at the next synchronization. Bytes
// cached but unused count as free in pool_free_bytes(), so OutOfMemory checks see them. The pools
// live until the process ends (destroying them during static destruction could outlive the CUDA
// runtime).
#pragma once

#include <cstddef>
#include <cstdint>

namespace frontier::cuda {

/// Share of a GPU's memory that its pool may keep cached after a call.
inline constexpr double kPoolRetainFraction = 0.25;

/// `bytes` of device memory on the current GPU, ordered on `stream` (nullptr: default stream).
/// Returns nullptr for 0 bytes. @throws CudaError when the pool cannot provide them.
void* pool_allocate(std::size_t bytes, void* stream);

/// Returns memory from pool_allocate, ordered on `stream`. Never throws (a failure is logged).
void pool_free(void* data, void* stream) noexcept;

/// Free device memory of the current GPU (cudaMemGetInfo) plus what its pool holds unused.
std::uint64_t pool_free_bytes();

/// Owns one pool allocation of `count` T; returns it on destruction (never throws).
template <typename T>
class PoolArray {
 public:
  PoolArray() = default;
  PoolArray(std::size_t count, void* stream)
      : data_(static_cast<T*>(pool_allocate(count * sizeof(T), stream))), stream_(stream) {}
  PoolArray(const PoolArray&) = delete;
  PoolArray& operator=(const PoolArray&) = delete;
  PoolArray(PoolArray&& other) noexcept : data_(other.data_), stream_(other.stream_) {
    other.data_ = nullptr;
  }
  PoolArray& operator=(PoolArray&& other) noexcept {
    if (this != &other) {
      pool_free(data_, stream_);
      data_ = other.data_;
      stream_ = other.stream_;
      other.data_ = nullptr;
    }
    return *this;
  }
  ~PoolArray() { pool_free(data_, stream_); }
  T* get() const noexcept { return data_; }

 private:
  T* data_ = nullptr;
  void* stream_ = nullptr;
};

}  // namespace frontier::cuda
