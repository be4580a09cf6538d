/// @file parallel_list_predicate.hpp
/// @brief The small expression set that selects elements of a ParallelList on every backend:
/// `> x`, `< x`, `== x`, `!= x`, `even`, `odd`, `all`, `none`.
///
/// A Predicate is a plain value (kind + operand), callable on the host and, from CUDA code, on
/// the device, so the same selection runs on the CPU and on the GPU and can be parsed from the
/// command line. For floating-point elements `even` and `odd` hold only for integral values
/// (2.0 is even, 3.0 odd, 2.5 neither); NaN matches only `!= x`.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>

#include "frontier/types.hpp"

namespace frontier {

/// What a Predicate tests.
enum class PredicateKind { All, None, Greater, Less, Equal, NotEqual, Even, Odd };

/// "all", "none", ">", "<", "==", "!=", "even" or "odd": what parse_predicate_kind() reads back
/// (parse_predicate() reads a whole predicate, operand included).
std::string_view to_string(PredicateKind kind);
/// @throws InvalidArgument on a name to_string() does not give.
PredicateKind parse_predicate_kind(std::string_view name);

/// A selection of list elements: `kind` applied with `operand` (unused by All/None/Even/Odd).
template <typename T>
struct Predicate {
  PredicateKind kind = PredicateKind::All;
  T operand{};

  static constexpr Predicate all() { return {PredicateKind::All, T{}}; }
  static constexpr Predicate none() { return {PredicateKind::None, T{}}; }
  static constexpr Predicate greater(T x) { return {PredicateKind::Greater, x}; }
  static constexpr Predicate less(T x) { return {PredicateKind::Less, x}; }
  static constexpr Predicate equal(T x) { return {PredicateKind::Equal, x}; }
  static constexpr Predicate not_equal(T x) { return {PredicateKind::NotEqual, x}; }
  static constexpr Predicate even() { return {PredicateKind::Even, T{}}; }
  static constexpr Predicate odd() { return {PredicateKind::Odd, T{}}; }

  /// True when `value` is selected.
  FRONTIER_HOST_DEVICE constexpr bool operator()(const T& value) const {
    return with_test([&](auto test) { return test(value); });
  }

  /// Calls f(test) with a callable test(value) that is (*this)(value) for this kind, and returns
  /// what f returns: a loop over many values inside f branches on the kind once, not per value.
  template <typename F>
  FRONTIER_HOST_DEVICE constexpr auto with_test(F&& f) const {
    const T x = operand;
    switch (kind) {
      case PredicateKind::All:
        return f([](const T&) { return true; });
      case PredicateKind::None:
        return f([](const T&) { return false; });
      case PredicateKind::Greater:
        return f([x](const T& value) { return value > x; });
      case PredicateKind::Less:
        return f([x](const T& value) { return value < x; });
      case PredicateKind::Equal:
        return f([x](const T& value) { return value == x; });
      case PredicateKind::NotEqual:
        return f([x](const T& value) { return value != x; });
      case PredicateKind::Even:
        return f([](const T& value) { return parity(value) == 0; });
      case PredicateKind::Odd:
        return f([](const T& value) { return parity(value) == 1; });
    }
    return f([](const T&) { return false; });
  }

 private:
  /// 0 for even, 1 for odd, -1 for a floating value that is not an integer (or out of range).
  FRONTIER_HOST_DEVICE static constexpr int parity(const T& value) {
    if constexpr (std::is_integral_v<T>) {
      return static_cast<int>(value & T(1));
    } else {
      constexpr T kLimit = T(9.0e18);
      if (!(value > -kLimit && value < kLimit)) return -1;
      const auto whole = static_cast<long long>(value);
      if (static_cast<T>(whole) != value) return -1;
      return static_cast<int>(whole & 1LL);
    }
  }
};

/// Parses "all", "none", "even", "odd", or an operator among `>`, `<`, `==`, `!=` followed by
/// a number of type T (spaces allowed around the operator: "> 2", ">2", "!= -7", "< 1.5").
/// @throws InvalidArgument naming the text and the accepted forms when it is anything else
///         (unknown operator, missing or malformed number, trailing text, out-of-range value).
template <typename T>
Predicate<T> parse_predicate(std::string_view text);

/// The text parse_predicate reads back ("> 2", "even", ...).
template <typename T>
std::string to_string(const Predicate<T>& predicate);

}  // namespace frontier
