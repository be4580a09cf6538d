// NumPy arrays in and out without copies (see arrays.hpp): the buffer object NumPy views, and the
// conversion of inputs.
#include "arrays.hpp"

#include <limits>
#include <string>

#include "bindings.hpp"

namespace frontier::python {

namespace {

/// Memory lent to NumPy: a byte buffer whose `owner` keeps it alive.
struct LentMemory {
  std::shared_ptr<const void> owner;
  void* data = nullptr;
  std::size_t bytes = 0;
  bool writable = false;
};

py::module_ numpy() { return py::module_::import("numpy"); }

bool is_integer_kind(const std::string& kind) { return kind == "i" || kind == "u"; }

}  // namespace

py::object numpy_view_bytes(std::shared_ptr<const void> owner, const void* data, std::size_t count,
                            std::size_t itemsize, const char* dtype, bool writable) {
  if (count == 0) return numpy().attr("empty")(0, py::arg("dtype") = dtype);
  py::object lent =
      py::cast(LentMemory{std::move(owner), const_cast<void*>(data), count * itemsize, writable});
  return numpy().attr("frombuffer")(lent, py::arg("dtype") = dtype);
}

template <typename T>
InputArray<T> input_array(py::handle values, std::string_view name) {
  const std::string label(name);
  py::module_ np = numpy();
  py::object array = np.attr("asarray")(values);
  const int ndim = array.attr("ndim").cast<int>();
  if (ndim != 1) {
    throw py::value_error(label + " must be one-dimensional, not " + std::to_string(ndim) +
                          "-dimensional");
  }
  const auto count = array.attr("size").cast<std::size_t>();
  if (count == 0) return {np.attr("empty")(0, py::arg("dtype") = dtype_name<T>()), {}};
  py::object dtype = array.attr("dtype");
  const auto kind = dtype.attr("kind").cast<std::string>();
  const bool numeric = is_integer_kind(kind) || kind == "f";
  if (std::is_integral_v<T> ? !is_integer_kind(kind) : !numeric) {
    throw py::type_error(label + " must hold " + (std::is_integral_v<T> ? "integers" : "numbers") +
                         ", not " + py::str(dtype).cast<std::string>());
  }
  const bool exact = dtype.equal(np.attr("dtype")(dtype_name<T>())) &&
                     array.attr("flags").attr("c_contiguous").cast<bool>();
  if (!exact) {
    if constexpr (std::is_integral_v<T>) {
      const py::int_ low(array.attr("min")());
      const py::int_ high(array.attr("max")());
      if (low < py::int_(std::numeric_limits<T>::min()) ||
          high > py::int_(std::numeric_limits<T>::max())) {
        throw py::value_error(label + " holds " + py::str(py::object(high)).cast<std::string>() +
                              " or " + py::str(py::object(low)).cast<std::string>() + ", outside " +
                              dtype_name<T>());
      }
    }
    array = np.attr("ascontiguousarray")(array, py::arg("dtype") = dtype_name<T>());
  }
  const py::buffer_info info = py::buffer(array).request();
  return {array, std::span<const T>(static_cast<const T*>(info.ptr), count)};
}

template InputArray<std::int32_t> input_array(py::handle, std::string_view);
template InputArray<std::int64_t> input_array(py::handle, std::string_view);
template InputArray<double> input_array(py::handle, std::string_view);

bool is_wide_integer_array(py::handle values) {
  py::object array = numpy().attr("asarray")(values);
  py::object dtype = array.attr("dtype");
  return is_integer_kind(dtype.attr("kind").cast<std::string>()) &&
         !dtype.equal(numpy().attr("dtype")("int32"));
}

void bind_arrays(py::module_& module) {
  py::class_<LentMemory>(module, "_LentMemory", py::buffer_protocol(),
                         "Memory owned by frontier and lent to a NumPy array (its base).")
      .def_buffer([](LentMemory& memory) {
        return py::buffer_info(memory.data, 1, py::format_descriptor<std::uint8_t>::format(), 1,
                               {static_cast<py::ssize_t>(memory.bytes)}, {py::ssize_t{1}},
                               !memory.writable);
      });
}

}  // namespace frontier::python
