// Host-callable GPU measurements for the parallel-list benchmark (tests/bench/parallel_list.cpp)
// (the comparisons printed beside the ParallelList figures): the array alternative of a sequence of
// bulk operations on the device (one fused scan + scatter into a new array per insert, DeviceSelect
// per erase) and the device copy floor. Host C++ only; defined in parallel_list_bench_support.cu,
// and to throw CudaError in a build without CUDA (tests/support/no_cuda.cpp).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "frontier/parallel_list.hpp"

namespace frontier::test {

/// One bulk operation of a benchmark sequence.
struct ListBenchOp {
  enum class Kind { Insert, Erase };
  Kind kind = Kind::Insert;
  ListPosition position = ListPosition::After;
  Predicate<std::int32_t> where;
  std::int32_t value = 0;
};

struct ArrayOpsTiming {
  /// Best seconds of the whole sequence (inputs already on the device, buffers preallocated).
  double best_seconds = 0.0;
  /// The array after the sequence (from the last trial).
  std::vector<std::int32_t> result;
};

/// The array alternative on GPU 0: every insert is one single-pass CUB scan that counts 1 or 2
/// output slots per element on the fly and scatters into a new array; every erase compacts with
/// cub::DeviceSelect::If.
ArrayOpsTiming time_array_ops_device(std::span<const std::int32_t> values,
                                     std::span<const ListBenchOp> ops, int trials);

/// Best seconds of a device-to-device copy of `bytes` bytes on GPU 0 (the bandwidth floor).
double time_device_copy(std::int64_t bytes, int trials);

}  // namespace frontier::test
