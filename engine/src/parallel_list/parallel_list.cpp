// ParallelList<T>: argument checks and dispatch to the CPU (OpenMP) or CUDA storage. The
// algorithms live in parallel_list_cpu.cpp and parallel_list_cuda.cu; the contract in
// frontier/parallel_list.hpp.
#include "frontier/parallel_list.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "frontier/errors.hpp"
#include "parallel_list/parallel_list_backend.hpp"

namespace frontier {
namespace detail {

std::int64_t grown_slot_count(std::int64_t slots, std::int64_t needed, double growth_factor) {
  if (needed > kMaxListSlots) {
    throw InvalidArgument("parallel list: " + std::to_string(needed - 1) +
                          " element slots needed; at most " + std::to_string(kMaxListSlots - 1) +
                          " are supported (32-bit slots)");
  }
  const double grown = std::ceil(static_cast<double>(slots) * growth_factor);
  const auto capped =
      static_cast<std::int64_t>(std::min(grown, static_cast<double>(kMaxListSlots)));
  return std::max(needed, capped);
}

}  // namespace detail

namespace {

void check_options(const ParallelListOptions& options) {
  if (options.reserve < 0) {
    throw InvalidArgument("parallel list: reserve must be >= 0, got " +
                          std::to_string(options.reserve));
  }
  if (!(options.growth_factor >= 1.0 && options.growth_factor <= 64.0)) {
    throw InvalidArgument("parallel list: growth_factor must lie in [1, 64], got " +
                          std::to_string(options.growth_factor));
  }
}

template <typename T>
std::unique_ptr<detail::ParallelListBackend<T>> make_backend(std::span<const T> values,
                                                             const ParallelListOptions& options) {
  check_options(options);
  if (options.device.is_cuda()) return detail::make_cuda_list_backend<T>(values, options);
  return detail::make_cpu_list_backend<T>(values, options);
}

}  // namespace

template <typename T>
ParallelList<T>::ParallelList(const ParallelListOptions& options)
    : backend_(make_backend<T>({}, options)) {}

template <typename T>
ParallelList<T>::ParallelList(std::span<const T> values, const ParallelListOptions& options)
    : backend_(make_backend<T>(values, options)) {}

template <typename T>
ParallelList<T>::~ParallelList() = default;
template <typename T>
ParallelList<T>::ParallelList(ParallelList&& other) noexcept = default;
template <typename T>
ParallelList<T>& ParallelList<T>::operator=(ParallelList&& other) noexcept = default;

template <typename T>
std::int64_t ParallelList<T>::size() const {
  return backend_->size();
}

template <typename T>
std::int64_t ParallelList<T>::capacity() const {
  return backend_->capacity();
}

template <typename T>
std::int64_t ParallelList<T>::free_slots() const {
  return backend_->free_slots();
}

template <typename T>
const Device& ParallelList<T>::device() const {
  return backend_->device();
}

template <typename T>
ParallelListCounters ParallelList<T>::counters() const {
  return backend_->counters();
}

template <typename T>
std::int64_t ParallelList<T>::insert(ListPosition position, const Predicate<T>& where,
                                     const T& value) {
  return backend_->insert_where(position, where, std::span<const T>(&value, 1));
}

template <typename T>
std::int64_t ParallelList<T>::insert(ListPosition position, const Predicate<T>& where,
                                     std::span<const T> values) {
  if (values.empty()) return 0;
  return backend_->insert_where(position, where, values);
}

template <typename T>
std::int64_t ParallelList<T>::insert_counts(ListPosition position,
                                            std::span<const std::int64_t> counts,
                                            std::span<const T> values) {
  if (static_cast<std::int64_t>(counts.size()) != size()) {
    throw InvalidArgument("parallel list insert_counts: " + std::to_string(counts.size()) +
                          " counts for a list of " + std::to_string(size()) + " elements");
  }
  std::int64_t total = 0;
  for (std::size_t i = 0; i < counts.size(); ++i) {
    if (counts[i] < 0) {
      throw InvalidArgument("parallel list insert_counts: count " + std::to_string(counts[i]) +
                            " at position " + std::to_string(i) + " is negative");
    }
    total += counts[i];
    if (total > detail::kMaxListSlots) {
      throw InvalidArgument("parallel list insert_counts: more than " +
                            std::to_string(detail::kMaxListSlots) + " values requested");
    }
  }
  if (static_cast<std::int64_t>(values.size()) != total) {
    throw InvalidArgument("parallel list insert_counts: the counts add up to " +
                          std::to_string(total) + " but " + std::to_string(values.size()) +
                          " values were given");
  }
  if (total == 0) return 0;
  return backend_->insert_counts(position, counts, values, total);
}

template <typename T>
std::int64_t ParallelList<T>::append(std::span<const T> values) {
  if (values.empty()) return 0;
  if (size() + static_cast<std::int64_t>(values.size()) >= detail::kMaxListSlots) {
    throw InvalidArgument("parallel list append: " + std::to_string(values.size()) +
                          " values would exceed " + std::to_string(detail::kMaxListSlots - 1) +
                          " elements (32-bit slots)");
  }
  return backend_->append(values);
}

template <typename T>
std::int64_t ParallelList<T>::erase(const Predicate<T>& where) {
  return backend_->erase_where(where);
}

template <typename T>
std::int64_t ParallelList<T>::insert_host(ListPosition position,
                                          detail::FunctionRef<bool(const T&)> pred,
                                          detail::FunctionRef<std::int64_t(const T&)> count,
                                          detail::FunctionRef<T(const T&, std::int64_t)> value) {
  return backend_->insert_host(position, pred, count, value);
}

template <typename T>
std::int64_t ParallelList<T>::erase_host(detail::FunctionRef<bool(const T&)> pred) {
  return backend_->erase_host(pred);
}

template <typename T>
T ParallelList<T>::at(std::int64_t i) const {
  if (i < 0 || i >= size()) {
    throw InvalidArgument("parallel list at(" + std::to_string(i) + "): index outside [0, " +
                          std::to_string(size()) + ")");
  }
  return backend_->at(i);
}

template <typename T>
std::vector<T> ParallelList<T>::to_vector() const {
  return backend_->to_vector();
}

template <typename T>
void ParallelList<T>::rebuild_index() const {
  backend_->rebuild_index();
}

template <typename T>
bool ParallelList<T>::index_valid() const {
  return backend_->index_valid();
}

template <typename T>
typename ParallelList<T>::ConstIterator ParallelList<T>::begin() const {
  const detail::ListHostView<T> view = backend_->host_view();
  return ConstIterator(view.values, view.next, view.first);
}

template <typename T>
typename ParallelList<T>::ConstIterator ParallelList<T>::end() const {
  return ConstIterator(nullptr, nullptr, detail::kListSentinel);
}

template class ParallelList<std::int32_t>;
template class ParallelList<std::int64_t>;
template class ParallelList<float>;
template class ParallelList<double>;

}  // namespace frontier
