// GPU arrays out without copies (see device_arrays.hpp): the frontier.DeviceArray class, its
// __cuda_array_interface__ and its DLPack export.
#include "device_arrays.hpp"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "arrays.hpp"
#include "bindings.hpp"
#include "frontier/label_vector.hpp"

namespace frontier::python {

namespace {

// The DLPack ABI (dmlc/dlpack, include/dlpack/dlpack.h): the structs a "dltensor" capsule
// carries, unchanged since DLPack 0.6 and read by every consumer (DLPack 1.0 consumers read it
// beside their versioned capsule). Debian's libdlpack-dev (0.6) declares the same; these few
// lines spare the package a build dependency for them.
constexpr std::int32_t kDLCUDA = 2;
constexpr std::uint8_t kDLInt = 0;
constexpr const char* kDlpackCapsuleName = "dltensor";

struct DLDevice {
  std::int32_t device_type;  // a C enum (DLDeviceType) in dlpack.h: int-sized
  std::int32_t device_id;
};

struct DLDataType {
  std::uint8_t code;
  std::uint8_t bits;
  std::uint16_t lanes;
};

struct DLTensor {
  void* data;
  DLDevice device;
  std::int32_t ndim;
  DLDataType dtype;
  std::int64_t* shape;
  std::int64_t* strides;  // in elements
  std::uint64_t byte_offset;
};

struct DLManagedTensor {
  DLTensor dl_tensor;
  void* manager_ctx;
  void (*deleter)(DLManagedTensor* self);
};

static_assert(sizeof(DLDevice) == 8 && sizeof(DLDataType) == 4 && sizeof(DLTensor) == 48 &&
                  offsetof(DLTensor, shape) == 24 && sizeof(DLManagedTensor) == 64,
              "the DLPack structs must keep dlpack.h's layout");

/// A frontier.DeviceArray: the C++ array's memory, type-erased (int32 or int64).
struct PyDeviceArray {
  std::shared_ptr<const void> owner;
  void* data = nullptr;
  std::size_t size = 0;
  std::size_t itemsize = 0;
  int device_id = 0;
  const char* dtype = "";

  /// The NumPy type string of the interface: little-endian signed integers.
  std::string typestr() const { return "<i" + std::to_string(itemsize); }
  /// What the interface and DLPack report as the address: 0 for an empty array.
  std::uintptr_t address() const { return size == 0 ? 0 : reinterpret_cast<std::uintptr_t>(data); }
};

/// What a DLPack capsule owns: the memory, the shape and strides its tensor points to, and the
/// managed tensor itself.
struct DlpackExport {
  std::shared_ptr<const void> owner;
  std::int64_t shape[1] = {0};
  std::int64_t strides[1] = {1};
  DLManagedTensor managed{};
};

/// The managed tensor's deleter, called by the consumer (or the unconsumed capsule) once:
/// touches no Python object, so any thread may call it without the GIL.
void delete_dlpack_export(DLManagedTensor* managed) {
  delete static_cast<DlpackExport*>(managed->manager_ctx);
}

/// A capsule no consumer took (its name unchanged) frees its export; a consumer renames the
/// capsule "used_dltensor" and calls the deleter itself.
void destroy_capsule(PyObject* capsule) {
  if (!PyCapsule_IsValid(capsule, kDlpackCapsuleName)) return;
  auto* managed = static_cast<DLManagedTensor*>(PyCapsule_GetPointer(capsule, kDlpackCapsuleName));
  managed->deleter(managed);
}

py::object export_dlpack(const PyDeviceArray& array, const py::object& stream,
                         const py::object& /*max_version*/, const py::object& dl_device,
                         const py::object& copy) {
  // The elements are complete before the array exists, so there is nothing to order after on
  // the consumer's stream.
  if (!stream.is_none() && !py::isinstance<py::int_>(stream)) {
    throw py::type_error("__dlpack__: stream must be an integer or None, not " +
                         py::str(py::type::of(stream)).cast<std::string>());
  }
  if (!dl_device.is_none()) {
    const auto wanted = dl_device.cast<py::tuple>();
    if (wanted.size() != 2 || wanted[0].cast<int>() != kDLCUDA ||
        wanted[1].cast<int>() != array.device_id) {
      throw py::buffer_error("frontier.DeviceArray lives on CUDA device " +
                             std::to_string(array.device_id) + " and is exported there only, not " +
                             py::repr(dl_device).cast<std::string>());
    }
  }
  if (!copy.is_none() && copy.cast<bool>()) {
    throw py::buffer_error(
        "frontier.DeviceArray exports its memory without copying; copy=True is not supported "
        "(copy the imported array instead)");
  }
  auto context = std::make_unique<DlpackExport>();
  context->owner = array.owner;
  context->shape[0] = static_cast<std::int64_t>(array.size);
  DLTensor& tensor = context->managed.dl_tensor;
  tensor.data = array.data;
  tensor.device = DLDevice{kDLCUDA, array.device_id};
  tensor.ndim = 1;
  tensor.dtype = DLDataType{kDLInt, static_cast<std::uint8_t>(array.itemsize * 8), 1};
  tensor.shape = context->shape;
  tensor.strides = context->strides;
  tensor.byte_offset = 0;
  context->managed.manager_ctx = context.get();
  context->managed.deleter = &delete_dlpack_export;
  PyObject* capsule = PyCapsule_New(&context->managed, kDlpackCapsuleName, &destroy_capsule);
  if (capsule == nullptr) throw py::error_already_set();
  context.release();  // the capsule owns it now
  return py::reinterpret_steal<py::object>(capsule);
}

py::dict cuda_array_interface(const PyDeviceArray& array) {
  py::dict interface;
  interface["shape"] = py::make_tuple(array.size);
  interface["typestr"] = array.typestr();
  interface["data"] = py::make_tuple(array.address(), false);
  interface["version"] = 3;
  interface["strides"] = py::none();
  // None: no stream to wait for, the elements are complete.
  interface["stream"] = py::none();
  return interface;
}

py::object copy_to_numpy(const PyDeviceArray& array) {
  auto host = std::make_shared<LabelVector<std::byte>>(array.size * array.itemsize);
  if (array.size != 0) {
    py::gil_scoped_release release;
    detail::copy_device_to_host(array.data, host->data(), host->size(), array.device_id);
  }
  return numpy_view_bytes(host, host->data(), array.size, array.itemsize, array.dtype, true);
}

}  // namespace

template <typename T>
py::object device_array_object(const DeviceArray<T>& array) {
  return py::cast(PyDeviceArray{array.memory(), array.data(), array.size(), sizeof(T),
                                array.device_id(), dtype_name<T>()});
}

template py::object device_array_object(const DeviceArray<std::int32_t>&);
template py::object device_array_object(const DeviceArray<std::int64_t>&);

void bind_device_arrays(py::module_& module) {
  py::class_<PyDeviceArray>(module, "DeviceArray", R"doc(
A one-dimensional integer array in GPU memory that frontier owns: a search's depth or parent
kept on the GPU (Engine.bfs(..., on_device=True)). GPU libraries take it without a copy, through
``__cuda_array_interface__`` (version 3) or DLPack (``__dlpack__``, ``__dlpack_device__``):

    cupy.asarray(a), cupy.from_dlpack(a)
    torch.from_dlpack(a), torch.as_tensor(a, device="cuda")

The array they return shares this memory, which stays allocated while either is alive. The
elements are complete when the array is made (no stream to wait for). NumPy gets a copy, and
only on request: ``a.to_numpy()``; ``numpy.asarray(a)`` raises TypeError, as for a CuPy array.
)doc")
      .def_property_readonly(
          "shape", [](const PyDeviceArray& a) { return py::make_tuple(a.size); },
          "(size,): the array is one-dimensional.")
      .def_property_readonly(
          "dtype",
          [](const PyDeviceArray& a) {
            return py::module_::import("numpy").attr("dtype")(a.dtype);
          },
          "The element type, a NumPy dtype (int32 or int64).")
      .def_property_readonly(
          "size", [](const PyDeviceArray& a) { return a.size; }, "Number of elements.")
      .def_property_readonly(
          "nbytes", [](const PyDeviceArray& a) { return a.size * a.itemsize; },
          "Bytes of the elements.")
      .def_property_readonly(
          "device_id", [](const PyDeviceArray& a) { return a.device_id; },
          "The CUDA ordinal of the GPU that holds the elements.")
      .def("__len__", [](const PyDeviceArray& a) { return a.size; })
      .def_property_readonly("__cuda_array_interface__", &cuda_array_interface,
                             "The CUDA Array Interface (version 3) of the elements: shape, "
                             "typestr, data (address, writable), no strides, no stream.")
      .def("__dlpack__", &export_dlpack, py::arg("stream") = py::none(), py::kw_only(),
           py::arg("max_version") = py::none(), py::arg("dl_device") = py::none(),
           py::arg("copy") = py::none(),
           "A DLPack capsule (\"dltensor\") of the elements, which holds them until the "
           "consumer frees it. The elements are complete, so `stream` needs no wait; any "
           "`max_version` gets this (pre-1.0) capsule, which every consumer reads. Raises "
           "BufferError for another `dl_device` or copy=True.")
      .def(
          "__dlpack_device__",
          [](const PyDeviceArray& a) { return py::make_tuple(kDLCUDA, a.device_id); },
          "(2, device_id): DLPack's kDLCUDA and the GPU.")
      .def("to_numpy", &copy_to_numpy, "A NumPy array with a copy of the elements.")
      .def(
          "__array__",
          [](const PyDeviceArray&, const py::args&, const py::kwargs&) -> py::object {
            throw py::type_error(
                "frontier.DeviceArray is in GPU memory: no implicit conversion to a NumPy array; "
                "copy it explicitly with .to_numpy()");
          },
          "Raises TypeError: use to_numpy() for a copy in host memory.")
      .def("__repr__", [](const PyDeviceArray& a) {
        return "<frontier.DeviceArray " + std::string(a.dtype) + "[" + std::to_string(a.size) +
               "] on CUDA device " + std::to_string(a.device_id) + ">";
      });
}

}  // namespace frontier::python
