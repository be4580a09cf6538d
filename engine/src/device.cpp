#include "frontier/device.hpp"

#include <string>
#include <utility>

#include "cuda/device_query.hpp"
#include "frontier/detail/log.hpp"
#include "frontier/errors.hpp"

namespace frontier {

bool cuda_built() { return cuda::backend_built(); }

int cuda_device_count() { return cuda::device_count(); }

CudaDeviceInfo cuda_device_info(int id) { return cuda::device_info(id); }

bool cuda_peer_access_between(std::span<const int> ids) {
  return !cuda::first_pair_without_peer_access(ids).has_value();
}

Device parse_device(std::string_view name) {
  if (name == "cpu") return Device::cpu();
  if (name == "gpu" || name == "cuda") return Device::cuda(0);
  if (name == "auto") return Device::automatic();
  throw InvalidArgument("unknown device '" + std::string(name) + "' (expected cpu, gpu or auto)");
}

DeviceChoice choose_device(std::int64_t arcs, bool gpu_available, bool gpu_only) {
  if (!gpu_available) return {Device::cpu(), "no usable CUDA GPU"};
  if (gpu_only) return {Device::cuda(0), "the work runs on the GPU only"};
  const std::string size = std::to_string(arcs) + " arcs";
  const std::string threshold = std::to_string(kAutoDeviceGpuMinArcs);
  if (arcs < kAutoDeviceGpuMinArcs) {
    return {Device::cpu(), size + ", below the " + threshold + " from which the GPU is faster"};
  }
  return {Device::cuda(0), size + ", at least the " + threshold + " from which the GPU is faster"};
}

Device resolve_device(const Device& device, std::int64_t arcs, bool gpu_only) {
  if (!device.is_auto()) return device;
  DeviceChoice choice = choose_device(arcs, cuda_device_count() > 0, gpu_only);
  detail::logger().info("device auto: {} ({})", choice.device.is_cuda() ? "GPU 0" : "CPU",
                        choice.reason);
  return std::move(choice.device);
}

}  // namespace frontier
