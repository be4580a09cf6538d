// device_writes.cu — see device_writes.hpp.
#include "support/cuda/device_writes.hpp"

#include <cuda_runtime.h>

#include <string>

#include "frontier/errors.hpp"

namespace frontier::test {

void write_device_vertex(VertexId* d_array, std::size_t index, VertexId value) {
  const cudaError_t status =
      cudaMemcpy(d_array + index, &value, sizeof(VertexId), cudaMemcpyHostToDevice);
  if (status != cudaSuccess) {
    throw CudaError(std::string("writing one vertex id to the GPU: ") + cudaGetErrorString(status));
  }
}

}  // namespace frontier::test
