/// @file support/cuda/device_writes.hpp
/// @brief Writing single values into device memory from a test, to damage labels that live on a
/// GPU (host C++; support/cuda/device_writes.cu, or the stand-in without CUDA).
#pragma once

#include <cstddef>

#include "frontier/types.hpp"

namespace frontier::test {

/// Sets `d_array[index]` (memory of the current GPU) to `value`; synchronous.
/// @throws CudaError on a CUDA error, or in a build without CUDA.
void write_device_vertex(VertexId* d_array, std::size_t index, VertexId value);

}  // namespace frontier::test
