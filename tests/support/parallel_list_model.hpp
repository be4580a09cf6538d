// The reference model of ParallelList for the parity tests: a std::list<T> receiving the same
// bulk operations one element at a time, and counter-based random operation sequences
// (frontier/random.hpp) shared by the CPU and GPU cases.
#pragma once

#include <cstdint>
#include <iterator>
#include <list>
#include <span>
#include <vector>

#include "frontier/parallel_list.hpp"
#include "frontier/random.hpp"

namespace frontier::test {

/// Values in [0, kValueRange); floating lists also hold halves (x.5), neither even nor odd.
inline constexpr std::uint64_t kValueRange = 64;

template <typename T>
T random_value(std::uint64_t seed, std::uint64_t index) {
  const std::uint64_t word = counter_random(seed, index);
  T value = static_cast<T>(uniform_below(word, kValueRange));
  if constexpr (!std::is_integral_v<T>) {
    if ((word >> 60) == 0) value += static_cast<T>(0.5);
  }
  return value;
}

template <typename T>
std::vector<T> random_values(std::int64_t n, std::uint64_t seed) {
  std::vector<T> values(static_cast<std::size_t>(n));
  for (std::int64_t i = 0; i < n; ++i) values[i] = random_value<T>(seed, i);
  return values;
}

template <typename T>
Predicate<T> random_predicate(std::uint64_t word) {
  const auto kind = static_cast<PredicateKind>(uniform_below(word, 8));
  const T operand = static_cast<T>(uniform_below(word >> 8, kValueRange));
  return Predicate<T>{kind, operand};
}

template <typename T>
class ListModel {
 public:
  explicit ListModel(std::span<const T> values) : list_(values.begin(), values.end()) {}

  template <typename Pred>
  std::int64_t insert(ListPosition position, const Pred& pred, std::span<const T> run) {
    std::int64_t inserted = 0;
    for (auto it = list_.begin(); it != list_.end(); ++it) {
      if (!pred(*it)) continue;
      if (position == ListPosition::Before) {
        list_.insert(it, run.begin(), run.end());
      } else {
        it = list_.insert(std::next(it), run.begin(), run.end());
        std::advance(it, static_cast<std::ptrdiff_t>(run.size()) - 1);
      }
      inserted += static_cast<std::int64_t>(run.size());
    }
    return inserted;
  }

  void insert_counts(ListPosition position, std::span<const std::int64_t> counts,
                     std::span<const T> values) {
    std::size_t next_value = 0;
    std::size_t i = 0;
    for (auto it = list_.begin(); it != list_.end(); ++it, ++i) {
      const auto first = values.begin() + static_cast<std::ptrdiff_t>(next_value);
      const auto last = first + counts[i];
      next_value += static_cast<std::size_t>(counts[i]);
      if (position == ListPosition::Before) {
        list_.insert(it, first, last);
      } else {
        it = list_.insert(std::next(it), first, last);
        std::advance(it, counts[i] - 1);
      }
    }
  }

  void append(std::span<const T> values) {
    list_.insert(list_.end(), values.begin(), values.end());
  }

  template <typename Pred>
  std::int64_t erase(const Pred& pred) {
    const auto before = list_.size();
    list_.remove_if(pred);
    return static_cast<std::int64_t>(before - list_.size());
  }

  std::vector<T> to_vector() const { return {list_.begin(), list_.end()}; }
  std::int64_t size() const { return static_cast<std::int64_t>(list_.size()); }

 private:
  std::list<T> list_;
};

}  // namespace frontier::test
