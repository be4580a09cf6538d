/// @file label_vector.hpp
/// @brief The array type of per-vertex results (BfsResult::depth and parent): a std::vector whose
/// allocator leaves new elements uninitialized.
///
/// `LabelVector<T> labels(n)` allocates n elements without writing them, so a parallel algorithm
/// writes (and first touches) each element itself, on the thread that later works on it, instead
/// of paying for a serial zero fill first. Values given explicitly (`LabelVector<T>(n, -1)`,
/// `assign`, `push_back`) are written as usual. Allocations of 2 MiB and more are aligned to 2 MiB
/// and advised for transparent huge pages.
///
/// A LabelVector is a std::vector with another allocator: it compares equal to a std::vector<T>
/// holding the same elements (operator== below), views as std::span<const T>, and copies into a
/// std::vector<T> through iterators: `std::vector<T>(labels.begin(), labels.end())`.
#pragma once

#include <algorithm>
#include <cstddef>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

namespace frontier {

namespace detail {
/// Memory for `bytes` (at least the alignment of std::max_align_t; 2 MiB and advised for huge
/// pages from 2 MiB on). @throws std::bad_alloc when there is none.
void* allocate_label_memory(std::size_t bytes);
/// Frees what allocate_label_memory(bytes) returned.
void free_label_memory(void* memory, std::size_t bytes) noexcept;
}  // namespace detail

/// A std::allocator-like allocator whose value-initialization of an element is a
/// default-initialization: `resize(n)` leaves trivial elements unwritten.
template <typename T>
class DefaultInitAllocator {
 public:
  using value_type = T;

  DefaultInitAllocator() noexcept = default;
  template <typename U>
  DefaultInitAllocator(const DefaultInitAllocator<U>&) noexcept {}

  T* allocate(std::size_t count) {
    if (count > static_cast<std::size_t>(-1) / sizeof(T)) throw std::bad_array_new_length();
    return static_cast<T*>(detail::allocate_label_memory(count * sizeof(T)));
  }
  void deallocate(T* memory, std::size_t count) noexcept {
    detail::free_label_memory(memory, count * sizeof(T));
  }

  template <typename U>
  void construct(U* at) noexcept(std::is_nothrow_default_constructible_v<U>) {
    ::new (static_cast<void*>(at)) U;
  }
  template <typename U, typename... Args>
  void construct(U* at, Args&&... args) {
    ::new (static_cast<void*>(at)) U(std::forward<Args>(args)...);
  }

  friend bool operator==(const DefaultInitAllocator&, const DefaultInitAllocator&) noexcept {
    return true;
  }
};

/// One label per vertex (depth, parent); see the file comment.
template <typename T>
using LabelVector = std::vector<T, DefaultInitAllocator<T>>;

/// Element-wise equality with a vector of another allocator (std::vector<T> in practice); found
/// by argument-dependent lookup, the reversed form by the C++20 rewrite rules.
template <typename T, typename Allocator>
requires(!std::is_same_v<Allocator, DefaultInitAllocator<T>>) bool operator==(
    const LabelVector<T>& labels, const std::vector<T, Allocator>& other) {
  return std::ranges::equal(labels, other);
}

}  // namespace frontier
