#include "frontier/device.hpp"

#include <string>

#include "frontier/errors.hpp"

namespace frontier {

#if FRONTIER_HAVE_CUDA
namespace cuda {
int device_count();
CudaDeviceInfo device_info(int id);
}  // namespace cuda
#endif

bool cuda_built() {
#if FRONTIER_HAVE_CUDA
  return true;
#else
  return false;
#endif
}

int cuda_device_count() {
#if FRONTIER_HAVE_CUDA
  return cuda::device_count();
#else
  return 0;
#endif
}

CudaDeviceInfo cuda_device_info([[maybe_unused]] int id) {
#if FRONTIER_HAVE_CUDA
  return cuda::device_info(id);
#else
  throw CudaError("this build of frontier has no CUDA backend (nvcc was not found at build time)");
#endif
}

Device parse_device(std::string_view name) {
  if (name == "cpu") return Device::cpu();
  if (name == "gpu" || name == "cuda") return Device::cuda(0);
  if (name == "auto") return cuda_device_count() > 0 ? Device::cuda(0) : Device::cpu();
  throw InvalidArgument("unknown device '" + std::string(name) + "' (expected cpu, gpu or auto)");
}

}  // namespace frontier
