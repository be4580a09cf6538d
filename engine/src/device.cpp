#include "frontier/device.hpp"

#include <string>

#include "cuda/device_query.hpp"
#include "frontier/errors.hpp"

namespace frontier {

bool cuda_built() { return cuda::backend_built(); }

int cuda_device_count() { return cuda::device_count(); }

CudaDeviceInfo cuda_device_info(int id) { return cuda::device_info(id); }

Device parse_device(std::string_view name) {
  if (name == "cpu") return Device::cpu();
  if (name == "gpu" || name == "cuda") return Device::cuda(0);
  if (name == "auto") return cuda_device_count() > 0 ? Device::cuda(0) : Device::cpu();
  throw InvalidArgument("unknown device '" + std::string(name) + "' (expected cpu, gpu or auto)");
}

}  // namespace frontier
