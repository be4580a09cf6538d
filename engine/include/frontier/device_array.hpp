/// @file device_array.hpp
/// @brief An array in GPU memory that owns its memory: what a search whose results stay on the
/// GPU returns (Engine::bfs_on_device), to be handed to other GPU code without a copy.
///
/// Copies of a DeviceArray share one allocation, freed when the last copy, and the last holder
/// of memory(), lets go; so a consumer that takes memory() (a DLPack export, a Python object
/// handed to CuPy or PyTorch) keeps the elements alive for as long as it needs them. data() is a
/// device pointer of GPU device_id(): dereference it in device code only, or copy with
/// to_host().
#pragma once

#include <cstddef>
#include <memory>
#include <utility>

#include "frontier/label_vector.hpp"

namespace frontier {

namespace detail {
/// Copies `bytes` from device memory of GPU `device_id` to host memory, and waits for the copy.
/// @throws CudaError if the copy fails (or this build has no CUDA backend).
void copy_device_to_host(const void* d_source, void* h_target, std::size_t bytes, int device_id);
}  // namespace detail

template <typename T>
class DeviceArray {
 public:
  using value_type = T;

  /// An empty array (no memory, size 0).
  DeviceArray() = default;
  /// Adopts `size` elements at `memory`, device memory of GPU `device_id`, which the deleter of
  /// `memory` frees.
  DeviceArray(std::shared_ptr<T> memory, std::size_t size, int device_id)
      : memory_(std::move(memory)), size_(size), device_id_(device_id) {}

  /// The elements, on the GPU; null when empty.
  T* data() const noexcept { return memory_.get(); }
  std::size_t size() const noexcept { return size_; }
  bool empty() const noexcept { return size_ == 0; }
  /// The CUDA ordinal of the GPU whose memory holds the elements.
  int device_id() const noexcept { return device_id_; }
  /// The owner of the memory: whoever holds a copy keeps the elements alive.
  const std::shared_ptr<T>& memory() const noexcept { return memory_; }

  /// The elements copied to host memory.
  /// @throws CudaError if the copy fails.
  LabelVector<T> to_host() const {
    LabelVector<T> host(size_);
    if (size_ != 0) detail::copy_device_to_host(data(), host.data(), size_ * sizeof(T), device_id_);
    return host;
  }

 private:
  std::shared_ptr<T> memory_;
  std::size_t size_ = 0;
  int device_id_ = 0;
};

}  // namespace frontier
