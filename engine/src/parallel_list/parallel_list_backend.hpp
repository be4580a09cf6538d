// Internal interface between ParallelList<T> (parallel_list.cpp: checks and dispatch) and its CPU
// (parallel_list_cpu.cpp) and CUDA (parallel_list_cuda.cu) storages. Host C++ only.
//
// Both storages keep the layout described in frontier/parallel_list.hpp: slot 0 is the sentinel
// of a circular linked list (doubly linked on the CPU, singly linked on the GPU), slots are
// 32-bit, and the free slots form a stack popped and pushed by prefix sums.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "frontier/parallel_list.hpp"

namespace frontier::detail {

/// Slot index type of both storages.
using ListSlot = std::int32_t;
/// The sentinel slot: next[kListSentinel] is the first element (on the CPU, prev[kListSentinel]
/// is the last).
inline constexpr ListSlot kListSentinel = 0;
/// Largest number of slots (sentinel included) a list may have.
inline constexpr std::int64_t kMaxListSlots = std::int64_t{0x7fffffff} - 1;

/// Host pointers to the values and successor links, for iteration in list order.
template <typename T>
struct ListHostView {
  const T* values = nullptr;
  const ListSlot* next = nullptr;
  ListSlot first = kListSentinel;
};

template <typename T>
class ParallelListBackend {
 public:
  virtual ~ParallelListBackend() = default;

  virtual std::int64_t size() const = 0;
  virtual std::int64_t capacity() const = 0;
  virtual std::int64_t free_slots() const = 0;
  virtual ParallelListCounters counters() const = 0;
  virtual const Device& device() const = 0;

  /// Inserts the run `values` at every element `where` selects.
  virtual std::int64_t insert_where(ListPosition position, const Predicate<T>& where,
                                    std::span<const T> values) = 0;
  /// counts/values already checked against size() by the caller.
  virtual std::int64_t insert_counts(ListPosition position, std::span<const std::int64_t> counts,
                                     std::span<const T> values, std::int64_t total) = 0;
  /// values is not empty.
  virtual std::int64_t append(std::span<const T> values) = 0;
  virtual std::int64_t erase_where(const Predicate<T>& where) = 0;
  /// Host functors; only the CPU storage runs them.
  virtual std::int64_t insert_host(ListPosition position, FunctionRef<bool(const T&)> pred,
                                   FunctionRef<std::int64_t(const T&)> count,
                                   FunctionRef<T(const T&, std::int64_t)> value) = 0;
  virtual std::int64_t erase_host(FunctionRef<bool(const T&)> pred) = 0;

  /// i already checked to lie in [0, size()).
  virtual T at(std::int64_t i) = 0;
  virtual std::vector<T> to_vector() = 0;
  virtual void rebuild_index() = 0;
  virtual bool index_valid() const = 0;
  virtual ListHostView<T> host_view() = 0;
};

/// Reaches the storage of a ParallelList (for the CUDA functor entry points).
template <typename T>
struct ParallelListAccess {
  static ParallelListBackend<T>& backend(ParallelList<T>& list) { return *list.backend_; }
};

/// Capacity after growing `slots` (sentinel included) to hold at least `needed` slots.
/// @throws InvalidArgument when `needed` exceeds kMaxListSlots.
std::int64_t grown_slot_count(std::int64_t slots, std::int64_t needed, double growth_factor);

template <typename T>
std::unique_ptr<ParallelListBackend<T>> make_cpu_list_backend(std::span<const T> values,
                                                              const ParallelListOptions& options);
/// @throws CudaError when the build has no CUDA backend or the GPU is not usable.
template <typename T>
std::unique_ptr<ParallelListBackend<T>> make_cuda_list_backend(std::span<const T> values,
                                                               const ParallelListOptions& options);

}  // namespace frontier::detail
