/// @file cuda/stream.cuh
/// @brief Owning, move-only CUDA streams and events, created on the current GPU and destroyed
/// without throwing.
#pragma once

#include <cuda_runtime.h>

#include <utility>

#include "cuda/cuda_check.cuh"

namespace frontier::cuda {

/// A non-blocking stream: its work never waits for the legacy default stream's, which other
/// code in the process may use.
class Stream {
 public:
  /// @throws CudaError if the stream cannot be created.
  Stream() { FRONTIER_CUDA_CHECK(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking)); }
  ~Stream() { destroy(); }
  Stream(Stream&& other) noexcept : stream_(std::exchange(other.stream_, nullptr)) {}
  Stream& operator=(Stream&& other) noexcept {
    if (this != &other) {
      destroy();
      stream_ = std::exchange(other.stream_, nullptr);
    }
    return *this;
  }
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;

  cudaStream_t get() const noexcept { return stream_; }

  /// Destroys the stream now (for owners that make each stream's GPU current first); the Stream
  /// holds none afterwards. Never throws.
  void destroy() noexcept {
    if (stream_ != nullptr) cudaStreamDestroy(stream_);
    stream_ = nullptr;
  }

 private:
  cudaStream_t stream_ = nullptr;
};

class Event {
 public:
  /// `flags` as cudaEventCreateWithFlags's: cudaEventDefault for an event that times, or
  /// cudaEventDisableTiming for one that only orders work (cheaper to record and wait for).
  /// @throws CudaError if the event cannot be created.
  explicit Event(unsigned int flags = cudaEventDefault) {
    FRONTIER_CUDA_CHECK(cudaEventCreateWithFlags(&event_, flags));
  }
  ~Event() {
    // A destructor never throws; a failure is cleared so that no later check reports it.
    if (event_ != nullptr && cudaEventDestroy(event_) != cudaSuccess) cudaGetLastError();
  }
  Event(Event&& other) noexcept : event_(std::exchange(other.event_, nullptr)) {}
  Event& operator=(Event&& other) noexcept {
    if (this != &other) {
      if (event_ != nullptr && cudaEventDestroy(event_) != cudaSuccess) cudaGetLastError();
      event_ = std::exchange(other.event_, nullptr);
    }
    return *this;
  }
  Event(const Event&) = delete;
  Event& operator=(const Event&) = delete;

  cudaEvent_t get() const noexcept { return event_; }

 private:
  cudaEvent_t event_ = nullptr;
};

}  // namespace frontier::cuda
