/// @file parallel_list.hpp
/// @brief ParallelList<T>: a linked list whose bulk operations run in parallel on the CPU (OpenMP)
/// or on a CUDA GPU, after Varga & Szénási, "Design and Implementation of Parallel List Data
/// Structure using Graphics Accelerators" (IEEE INES 2016).
///
/// Where a vector shifts every element to insert or erase, the list only relinks: a bulk insert
/// places one value, a run of values, or a per-element number of values before or after every
/// element a predicate selects; a bulk erase unlinks every selected element. New nodes take slots
/// from a free-slot stack by prefix sums over the per-element counts (never one atomic per item);
/// erased slots are pushed back the same way and reused before the storage grows. Random access
/// (`at`, `to_vector`) goes through an index layer (list position -> slot) rebuilt on demand by
/// list ranking (frontier/list_ranking.hpp) after the list changed.
///
/// Storage invariants (both backends): slots are 0..capacity(); slot 0 is a sentinel closing a
/// circular linked list (next of the sentinel = first element; the CPU list is doubly linked,
/// prev of the sentinel = last, the GPU list singly linked); a slot is live (an element), the
/// sentinel, or on the free stack, never two of these.
///
/// Predicates: every backend takes the value-type expressions of parallel_list_predicate.hpp.
/// The CPU backend also takes host functors (`insert_if`, `erase_if`); CUDA code passes device
/// functors through engine/src/parallel_list/parallel_list_cuda.cuh.
///
/// A ParallelList is not safe to use from several host threads at once; iterators are invalidated
/// by every insert and erase.
#pragma once

#include <cstdint>
#include <iterator>
#include <memory>
#include <span>
#include <string_view>
#include <type_traits>
#include <vector>

#include "frontier/device.hpp"
#include "frontier/parallel_list_predicate.hpp"

namespace frontier {

/// Where bulk-inserted values go relative to the element that selected them.
enum class ListPosition { Before, After };

/// "before" or "after": what parse_list_position() reads back.
std::string_view to_string(ListPosition position);
/// @throws InvalidArgument on a name to_string() does not give.
ListPosition parse_list_position(std::string_view name);

struct ParallelListOptions {
  /// Where the list lives: the CPU (OpenMP) or one CUDA GPU.
  Device device = Device::cpu();
  /// Element slots reserved beyond the initial elements.
  std::int64_t reserve = 0;
  /// When an insert does not fit, the capacity becomes max(growth_factor * capacity, needed).
  double growth_factor = 2.0;
  /// Seed of the list ranking's random splitters (the results never depend on it).
  std::uint64_t seed = 1;
};

/// Counts of the container's internal events, for tests and benchmarks.
struct ParallelListCounters {
  /// Times the storage was reallocated to a larger capacity.
  std::int64_t grows = 0;
  /// Times the index layer was rebuilt by list ranking.
  std::int64_t index_rebuilds = 0;
};

namespace detail {

/// A non-owning reference to a callable (the callable must outlive the call it is passed to).
template <typename Signature>
class FunctionRef;

template <typename R, typename... Args>
class FunctionRef<R(Args...)> {
 public:
  template <typename F>
  requires(!std::is_same_v<std::remove_cv_t<F>, FunctionRef>) FunctionRef(F& callable)
  noexcept  // NOLINT(google-explicit-constructor)
      : object_(static_cast<void*>(&callable)), call_(&invoke<F>) {}
  R operator()(Args... args) const { return call_(object_, args...); }

 private:
  template <typename F>
  static R invoke(void* object, Args... args) {
    return static_cast<R>((*static_cast<F*>(object))(args...));
  }
  void* object_;
  R (*call_)(void*, Args...);
};

template <typename T>
class ParallelListBackend;
template <typename T>
struct ParallelListAccess;

}  // namespace detail

template <typename T>
class ParallelList {
 public:
  using value_type = T;

  /// Forward iterator in list order over a host view of the list (the storage itself on the CPU,
  /// a host copy made on demand on the GPU). Invalidated by every insert and erase.
  class ConstIterator {
   public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = T;
    using difference_type = std::ptrdiff_t;
    using pointer = const T*;
    using reference = const T&;

    ConstIterator() = default;
    ConstIterator(const T* values, const std::int32_t* next, std::int32_t slot)
        : values_(values), next_(next), slot_(slot) {}
    reference operator*() const { return values_[slot_]; }
    pointer operator->() const { return values_ + slot_; }
    ConstIterator& operator++() {
      slot_ = next_[slot_];
      return *this;
    }
    ConstIterator operator++(int) {
      ConstIterator before = *this;
      ++*this;
      return before;
    }
    friend bool operator==(const ConstIterator& a, const ConstIterator& b) {
      return a.slot_ == b.slot_;
    }

   private:
    const T* values_ = nullptr;
    const std::int32_t* next_ = nullptr;
    /// Slot of the current element; 0 (the sentinel) is end().
    std::int32_t slot_ = 0;
  };
  using const_iterator = ConstIterator;

  /// An empty list. @throws CudaError when a GPU is asked for and none is usable.
  explicit ParallelList(const ParallelListOptions& options = {});
  /// A list holding `values` in order.
  /// @throws InvalidArgument when the list would exceed 2^31 - 2 slots or an option is invalid;
  /// @throws CudaError / OutOfMemory on the GPU as the allocation requires.
  explicit ParallelList(std::span<const T> values, const ParallelListOptions& options = {});
  ~ParallelList();
  ParallelList(ParallelList&& other) noexcept;
  ParallelList& operator=(ParallelList&& other) noexcept;
  ParallelList(const ParallelList&) = delete;
  ParallelList& operator=(const ParallelList&) = delete;

  /// Number of elements.
  std::int64_t size() const;
  bool empty() const { return size() == 0; }
  /// Element slots allocated (live + free); grows only when an insert does not fit.
  std::int64_t capacity() const;
  /// Slots on the free stack, reused by the next inserts before any growth.
  std::int64_t free_slots() const;
  const Device& device() const;
  ParallelListCounters counters() const;

  /// Inserts `value` before or after every element that `where` selects (evaluated on the list
  /// as it was before the call). Returns the number of values inserted.
  std::int64_t insert(ListPosition position, const Predicate<T>& where, const T& value);
  /// Inserts the run `values` (in order) before or after every selected element.
  std::int64_t insert(ListPosition position, const Predicate<T>& where, std::span<const T> values);
  /// Per-element variable insert in list order: counts[i] values go before or after the i-th
  /// element, taken in order from `values` (the runs of all elements concatenated in list order).
  /// @throws InvalidArgument unless counts.size() == size(), every count >= 0 and
  ///         values.size() == sum(counts).
  std::int64_t insert_counts(ListPosition position, std::span<const std::int64_t> counts,
                             std::span<const T> values);
  /// Appends `values` (in order) after the last element: the way to fill an empty list.
  /// Returns values.size().
  std::int64_t append(std::span<const T> values);
  /// Erases every element that `where` selects; their slots go to the free stack. Returns the
  /// number of elements erased.
  std::int64_t erase(const Predicate<T>& where);

  /// CPU backend: inserts count(e) values value(e, 0..count(e)-1) before or after every element
  /// e with pred(e). Functors run concurrently on several threads and must not modify the list.
  /// @throws InvalidArgument on the GPU backend (use a Predicate or the CUDA header there) or
  ///         when a count is negative.
  template <typename Pred, typename Count, typename Value>
  std::int64_t insert_if(ListPosition position, Pred pred, Count count, Value value) {
    auto pred_fn = [&pred](const T& e) -> bool { return pred(e); };
    auto count_fn = [&count](const T& e) -> std::int64_t {
      return static_cast<std::int64_t>(count(e));
    };
    auto value_fn = [&value](const T& e, std::int64_t j) -> T { return value(e, j); };
    return insert_host(position, pred_fn, count_fn, value_fn);
  }
  /// CPU backend: inserts `value` before or after every element e with pred(e).
  template <typename Pred>
  std::int64_t insert_if(ListPosition position, Pred pred, const T& value) {
    return insert_if(
        position, pred, [](const T&) { return std::int64_t{1}; },
        [&value](const T&, std::int64_t) { return value; });
  }
  /// CPU backend: erases every element e with pred(e). @throws InvalidArgument on the GPU.
  template <typename Pred>
  std::int64_t erase_if(Pred pred) {
    auto pred_fn = [&pred](const T& e) -> bool { return pred(e); };
    return erase_host(pred_fn);
  }

  /// The i-th element in list order (0-based), through the index layer.
  /// @throws InvalidArgument when i is outside [0, size()).
  T at(std::int64_t i) const;
  /// The elements in list order, through the index layer.
  std::vector<T> to_vector() const;
  /// Rebuilds the index layer now (by list ranking) if the list changed since the last build.
  void rebuild_index() const;
  /// True when the index layer matches the list (no insert or erase since it was built).
  bool index_valid() const;

  /// Iteration in list order (following the links, no ranking).
  ConstIterator begin() const;
  ConstIterator end() const;

 private:
  std::int64_t insert_host(ListPosition position, detail::FunctionRef<bool(const T&)> pred,
                           detail::FunctionRef<std::int64_t(const T&)> count,
                           detail::FunctionRef<T(const T&, std::int64_t)> value);
  std::int64_t erase_host(detail::FunctionRef<bool(const T&)> pred);

  std::unique_ptr<detail::ParallelListBackend<T>> backend_;
  friend struct detail::ParallelListAccess<T>;
};

}  // namespace frontier
