// CUDA device queries behind frontier/device.hpp, and the words CUDA errors are reported in.
#include <cuda_runtime.h>

#include <string>

#include "cuda/cuda_check.cuh"
#include "cuda/device_query.hpp"
#include "cuda/log_bridge.hpp"

namespace frontier {
namespace detail {
namespace {

std::string cuda_version_text(int version) {
  return std::to_string(version / 1000) + "." + std::to_string(version % 1000 / 10);
}

// Why no GPU can be used, for the statuses that mean the driver or the device is missing or
// unfit; empty for every other status.
std::string unusable_gpu_reason(cudaError_t status) {
  switch (status) {
    case cudaErrorInsufficientDriver: {
      int driver = 0;
      if (cudaDriverGetVersion(&driver) != cudaSuccess || driver == 0) {
        return "no CUDA driver found";
      }
      int runtime = 0;
      cudaRuntimeGetVersion(&runtime);
      return "the driver (CUDA " + cuda_version_text(driver) +
             ") is older than this build's CUDA runtime (" + cuda_version_text(runtime) + ")";
    }
    case cudaErrorStubLibrary:
      return "no CUDA driver found (only the driver's stub library is installed)";
    case cudaErrorCallRequiresNewerDriver:
      return "the driver is older than this build's CUDA runtime";
    case cudaErrorSystemDriverMismatch:
      return "the CUDA driver and the kernel module have different versions";
    case cudaErrorNoDevice:
      return "no CUDA-capable GPU found";
    case cudaErrorDevicesUnavailable:
      return "every GPU is busy or set to exclusive use by another process";
    case cudaErrorCompatNotSupportedOnDevice:
      return "the installed CUDA forward-compatibility package does not support this GPU";
    case cudaErrorSystemNotReady:
      return "the GPU system is not ready (is the fabric manager running?)";
    case cudaErrorNoKernelImageForDevice:
    case cudaErrorUnsupportedPtxVersion:
      return "this build of frontier has no code for this GPU's architecture (rebuild with "
             "FRONTIER_CUDA_ARCHITECTURES set to it)";
    default:
      return {};
  }
}

}  // namespace

std::string describe_cuda_error(cudaError_t status) {
  const std::string reason = unusable_gpu_reason(status);
  if (!reason.empty()) return "no usable CUDA GPU: " + reason;
  return std::string("CUDA error: ") + cudaGetErrorString(status) + " (" +
         cudaGetErrorName(status) + ")";
}

void throw_cuda_error(cudaError_t status, const char* call, const char* file, int line) {
  // A failed runtime call also leaves its status as the thread's last error; reported here, it
  // must not surface again at the next launch check (a runner built after a bad device id
  // would fail with that id's error). Sticky errors stay, as they must.
  static_cast<void>(cudaGetLastError());
  if (cuda::debug_enabled()) {
    cuda::log_debug(std::string(file) + ":" + std::to_string(line) + ": " + call +
                    " failed: " + cudaGetErrorName(status));
  }
  throw CudaError(describe_cuda_error(status));
}

}  // namespace detail

namespace cuda {

bool backend_built() { return true; }

int device_count() {
  int count = 0;
  // No driver or no GPU is not an error here: it means "run on the CPU".
  if (cudaGetDeviceCount(&count) != cudaSuccess) {
    cudaGetLastError();
    return 0;
  }
  return count;
}

void require_device(int id) {
  int count = 0;
  const cudaError_t status = cudaGetDeviceCount(&count);
  if (status != cudaSuccess) {
    cudaGetLastError();
    throw CudaError(detail::describe_cuda_error(status));
  }
  if (count == 0) throw CudaError(detail::describe_cuda_error(cudaErrorNoDevice));
  if (id < 0 || id >= count) {
    throw CudaError("GPU " + std::to_string(id) + " does not exist: this machine has " +
                    std::to_string(count) + " usable CUDA GPU(s), numbered from 0");
  }
}

std::optional<std::pair<int, int>> first_pair_without_peer_access(std::span<const int> ids) {
  for (const int a : ids) {
    for (const int b : ids) {
      if (a == b) continue;
      int can = 0;
      FRONTIER_CUDA_CHECK(cudaDeviceCanAccessPeer(&can, a, b));
      if (can == 0) return std::pair{a, b};
    }
  }
  return std::nullopt;
}

CudaDeviceInfo device_info(int id) {
  cudaDeviceProp properties{};
  FRONTIER_CUDA_CHECK(cudaGetDeviceProperties(&properties, id));
  FRONTIER_CUDA_CHECK(cudaSetDevice(id));
  std::size_t free_bytes = 0;
  std::size_t total_bytes = 0;
  FRONTIER_CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
  CudaDeviceInfo info;
  info.id = id;
  info.name = properties.name;
  info.compute_major = properties.major;
  info.compute_minor = properties.minor;
  info.multiprocessors = properties.multiProcessorCount;
  info.total_bytes = total_bytes;
  info.free_bytes = free_bytes;
  return info;
}

}  // namespace cuda
}  // namespace frontier
