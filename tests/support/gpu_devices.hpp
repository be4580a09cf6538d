// The GPU lists the multi-GPU tests run on: the first `count` GPUs as one Device, and which of
// a list of GPU counts this machine has.
#pragma once

#include <initializer_list>
#include <vector>

#include "frontier/device.hpp"

namespace frontier::test {

/// GPUs 0 .. count - 1, one rank each.
inline Device first_gpus(int count) {
  Device device = Device::cuda(0);
  device.cuda_ids.clear();
  for (int id = 0; id < count; ++id) device.cuda_ids.push_back(id);
  return device;
}

/// The counts of `wanted` that this machine's GPUs cover, in order.
inline std::vector<int> present_gpu_counts(std::initializer_list<int> wanted) {
  std::vector<int> counts;
  for (const int count : wanted) {
    if (count <= cuda_device_count()) counts.push_back(count);
  }
  return counts;
}

}  // namespace frontier::test
