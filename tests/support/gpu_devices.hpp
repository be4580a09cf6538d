// Which of a list of GPU counts this machine has (the GPUs themselves: Device::first_gpus).
#pragma once

#include <initializer_list>
#include <vector>

#include "frontier/device.hpp"

namespace frontier::test {

/// The counts of `wanted` that this machine's GPUs cover, in order.
inline std::vector<int> present_gpu_counts(std::initializer_list<int> wanted) {
  std::vector<int> counts;
  for (const int count : wanted) {
    if (count <= cuda_device_count()) counts.push_back(count);
  }
  return counts;
}

}  // namespace frontier::test
