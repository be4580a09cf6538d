// NumPy arrays in and out without copies, through the buffer protocol alone: no NumPy headers and
// no NumPy C API, so one build works with NumPy 1 and NumPy 2.
//
// Out: memory owned by C++ (a moved LabelVector, a CSR's arrays) is lent to NumPy through a small
// buffer object that holds a shared_ptr to its owner; the array's base keeps that object, and so
// the memory, alive. In: a contiguous array of the wanted dtype is read where it lies; anything
// else (a list, another integer width, a strided view) is converted once, range-checked.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string_view>
#include <type_traits>
#include <utility>

#include <pybind11/pybind11.h>

namespace frontier::python {

namespace py = pybind11;

/// The NumPy dtype name of T.
template <typename T>
constexpr const char* dtype_name() {
  if constexpr (std::is_same_v<T, std::int32_t>) return "int32";
  if constexpr (std::is_same_v<T, std::int64_t>) return "int64";
  if constexpr (std::is_same_v<T, float>) return "float32";
  if constexpr (std::is_same_v<T, double>) return "float64";
}

/// A one-dimensional NumPy array over `count` elements at `data` (dtype `dtype`, `itemsize`
/// bytes each), which `owner` keeps alive for as long as the array lives.
py::object numpy_view_bytes(std::shared_ptr<const void> owner, const void* data, std::size_t count,
                            std::size_t itemsize, const char* dtype, bool writable);

/// A NumPy view of `count` elements of T at `data`, kept alive by `owner`.
template <typename T>
py::object numpy_view(std::shared_ptr<const void> owner, const T* data, std::size_t count,
                      bool writable) {
  return numpy_view_bytes(std::move(owner), data, count, sizeof(T), dtype_name<T>(), writable);
}

/// Moves a vector (std::vector or LabelVector) into a writable NumPy array without copying it.
template <typename Vector>
py::object numpy_from(Vector&& values) {
  using T = typename std::remove_cvref_t<Vector>::value_type;
  auto owner = std::make_shared<std::remove_cvref_t<Vector>>(std::forward<Vector>(values));
  return numpy_view<T>(owner, owner->data(), owner->size(), true);
}

/// A read-only one-dimensional array of T taken from any Python sequence or array: the caller's
/// memory when it already is a C-contiguous array of T, else a converted copy. `array` keeps the
/// memory alive; destroy it with the GIL held.
template <typename T>
struct InputArray {
  py::object array;
  std::span<const T> values;

  std::size_t size() const noexcept { return values.size(); }
};

/// Reads `values` (named `name` in error messages) as a one-dimensional array of T.
/// @throws TypeError when the elements are not integers (T integral) or numbers (T floating);
///         ValueError when the array is not one-dimensional or a value does not fit T.
template <typename T>
InputArray<T> input_array(py::handle values, std::string_view name);

/// True when `values` is (or converts to) an array of 64-bit integers that is not int32: the
/// width an integer input keeps when a call runs in either width.
bool is_wide_integer_array(py::handle values);

}  // namespace frontier::python
