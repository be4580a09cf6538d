// GPU arrays out without copies: frontier.DeviceArray, a search's labels left on the GPU
// (Engine.bfs(..., on_device=True)), exported through the two protocols GPU libraries read:
// __cuda_array_interface__ (version 3; CuPy, PyTorch, Numba) and DLPack (__dlpack__ and
// __dlpack_device__; cupy.from_dlpack, torch.from_dlpack, any Array API library).
//
// Ownership: the Python object holds the C++ array's memory (a shared_ptr); a consumer of the
// interface keeps the Python object alive, a DLPack capsule holds the memory itself, so that
// its deleter may run on any thread without the GIL. The memory is freed when the last of them
// lets go.
#pragma once

#include <pybind11/pybind11.h>

#include "frontier/device_array.hpp"

namespace frontier::python {

namespace py = pybind11;

/// A frontier.DeviceArray over `array` (int32 or int64), which it keeps alive.
template <typename T>
py::object device_array_object(const DeviceArray<T>& array);

}  // namespace frontier::python
