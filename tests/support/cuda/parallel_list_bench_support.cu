// GPU measurements for the parallel-list benchmark: the array alternative of a bulk-operation
// sequence (the way a vector would do it, at its best: every insert is ONE single-pass CUB scan
// whose input counts each element's output slots (1 or 2) on the fly and whose output scatters the
// element into a new array, so it reads the array once and writes the new one once; every erase
// is ONE cub::DeviceSelect::If) and the device copy floor. The new size comes back to the host
// after every operation as the list's totals do: the kernel writes it straight into mapped
// pinned host memory, read after the operation's one stream synchronization. Buffers are sized
// by an untimed first pass so that no cudaMalloc falls inside a timed trial.
#include <cuda_runtime.h>

#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <algorithm>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_select.cuh>
#include <memory>
#include <string>

#include "cuda/cuda_check.cuh"
#include "cuda/device_buffer.cuh"
#include "frontier/detail/timer.hpp"
#include "frontier/errors.hpp"
#include "parallel_list/cuda/parallel_list_kernels.cuh"
#include "parallel_list/cuda/parallel_list_scan_sink.cuh"
#include "support/cuda/parallel_list_bench_support.hpp"

namespace frontier::test {

using cuda::DeviceBuffer;
using cuda::PackedSum;
using cuda::ScanSinkIterator;

namespace {

struct PinnedFree {
  void operator()(std::int64_t* pointer) const { cudaFreeHost(pointer); }
};

/// A pinned host int64 mapped into the device's address space.
std::int64_t* mapped_int64() {
  void* pointer = nullptr;
  FRONTIER_CUDA_CHECK(
      cudaHostAlloc(&pointer, sizeof(std::int64_t), cudaHostAllocMapped | cudaHostAllocPortable));
  return static_cast<std::int64_t*>(pointer);
}

struct Keep {
  Predicate<std::int32_t> erase;
  __device__ bool operator()(const std::int32_t& value) const { return !erase(value); }
};

/// Bits of a packed array-insert scan value below the output-slot sum: the element (32) and
/// whether it gains a value (1).
constexpr int kArrayFlagBits = 33;

/// The array insert's scan input: (output slots, 1 or 2) << 33 | gains << 32 | element, so that
/// the scatter needs no reload of the input.
struct ArrayInsertCount {
  const std::int32_t* in;
  Predicate<std::int32_t> where;
  __device__ std::int64_t operator()(std::int64_t i) const {
    const std::int32_t element = in[i];
    const std::int64_t gains = where(element) ? 1 : 0;
    return ((1 + gains) << kArrayFlagBits) | (gains << 32) |
           static_cast<std::int64_t>(static_cast<std::uint32_t>(element));
  }
};

/// Scatter of element i to its output offset (with the new value on the requested side); the
/// last element publishes the output size.
struct ArrayInsertSink {
  std::int32_t* out;
  ListPosition position;
  std::int32_t value;
  std::int64_t last;
  std::int64_t* d_total;
  __device__ void operator()(std::int64_t i, std::int64_t packed) const {
    const std::int64_t inclusive = packed >> kArrayFlagBits;
    const bool gains = ((packed >> 32) & 1) != 0;
    const auto element = static_cast<std::int32_t>(static_cast<std::uint32_t>(packed));
    if (i == last) *d_total = inclusive;
    const std::int64_t at = inclusive - (gains ? 2 : 1);
    if (!gains) {
      out[at] = element;
    } else if (position == ListPosition::After) {
      out[at] = element;
      out[at + 1] = value;
    } else {
      out[at] = value;
      out[at + 1] = element;
    }
  }
};

/// Device and pinned host buffers of the array alternative.
struct ArrayBuffers {
  DeviceBuffer<std::int32_t> a;
  DeviceBuffer<std::int32_t> b;
  DeviceBuffer<unsigned char> temp;
  /// The new size: written by the kernels through d_size, read on the host through h_size.
  std::int64_t* d_size = nullptr;
  std::int64_t* h_size = nullptr;
};

/// Runs the sequence once on buffers.a = the input (n values); returns the final size. With
/// `sizing`, the buffers grow as needed and *max_size records the largest intermediate size;
/// without it they must already be large enough (no allocation inside a timed trial).
std::int64_t run_sequence(ArrayBuffers& buffers, std::int64_t n, std::span<const ListBenchOp> ops,
                          bool sizing, std::int64_t* max_size) {
  for (const ListBenchOp& op : ops) {
    if (n == 0) break;
    std::size_t bytes = 0;
    if (op.kind == ListBenchOp::Kind::Erase) {
      // 1e. One single-pass compaction (cub::DeviceSelect::If).
      FRONTIER_CUDA_CHECK(cub::DeviceSelect::If(nullptr, bytes, buffers.a.data(), buffers.b.data(),
                                                buffers.d_size, n, Keep{op.where}));
      if (sizing && buffers.temp.size() < bytes) buffers.temp = DeviceBuffer<unsigned char>(bytes);
      FRONTIER_CUDA_CHECK(cub::DeviceSelect::If(buffers.temp.data(), bytes, buffers.a.data(),
                                                buffers.b.data(), buffers.d_size, n,
                                                Keep{op.where}));
    } else {
      if (n >= (std::int64_t{1} << 29)) {
        throw InvalidArgument(
            "parallel-list benchmark array alternative: inserts into at most 2^29 - 1 "
            "elements (packed scan values); the array holds " +
            std::to_string(n));
      }
      // 1i. One single-pass scan whose input packs each element with its output slots and
      //     whose output scatters the element (and the new value) to its offset.
      if (sizing && static_cast<std::int64_t>(buffers.b.size()) < 2 * n) {
        buffers.b = DeviceBuffer<std::int32_t>(2 * n);
      }
      const auto in = thrust::make_transform_iterator(thrust::counting_iterator<std::int64_t>(0),
                                                      ArrayInsertCount{buffers.a.data(), op.where});
      const ScanSinkIterator<ArrayInsertSink> out(
          ArrayInsertSink{buffers.b.data(), op.position, op.value, n - 1, buffers.d_size});
      FRONTIER_CUDA_CHECK(
          cub::DeviceScan::InclusiveScan(nullptr, bytes, in, out, PackedSum<kArrayFlagBits>{}, n));
      if (sizing && buffers.temp.size() < bytes) buffers.temp = DeviceBuffer<unsigned char>(bytes);
      FRONTIER_CUDA_CHECK(cub::DeviceScan::InclusiveScan(buffers.temp.data(), bytes, in, out,
                                                         PackedSum<kArrayFlagBits>{}, n));
    }
    // 2. The new size is on the host once the operation is done (the next one's item count).
    FRONTIER_CUDA_CHECK(cudaStreamSynchronize(nullptr));
    n = *buffers.h_size;
    std::swap(buffers.a, buffers.b);
    if (sizing) {
      *max_size = std::max(*max_size, n);
      if (static_cast<std::int64_t>(buffers.b.size()) < n) {
        buffers.b = DeviceBuffer<std::int32_t>(n);
      }
    }
  }
  FRONTIER_CUDA_CHECK(cudaDeviceSynchronize());
  return n;
}

}  // namespace

ArrayOpsTiming time_array_ops_device(std::span<const std::int32_t> values,
                                     std::span<const ListBenchOp> ops, int trials) {
  FRONTIER_CUDA_CHECK(cudaSetDevice(0));
  const auto n = static_cast<std::int64_t>(values.size());
  const std::uint64_t bytes = static_cast<std::uint64_t>(n) * sizeof(std::int32_t);
  // 1. Untimed sizing pass: buffers grow to the largest intermediate size (inserts write into a
  //    buffer of twice their input, the most they can produce).
  ArrayBuffers buffers;
  std::unique_ptr<std::int64_t, PinnedFree> h_size(mapped_int64());
  buffers.h_size = h_size.get();
  void* d_size = nullptr;
  FRONTIER_CUDA_CHECK(cudaHostGetDevicePointer(&d_size, h_size.get(), 0));
  buffers.d_size = static_cast<std::int64_t*>(d_size);
  buffers.a = DeviceBuffer<std::int32_t>(std::max<std::int64_t>(n, 1));
  buffers.b = DeviceBuffer<std::int32_t>(std::max<std::int64_t>(n, 1));
  std::int64_t max_size = n;
  if (n > 0) {
    FRONTIER_CUDA_CHECK(cudaMemcpy(buffers.a.data(), values.data(), bytes, cudaMemcpyHostToDevice));
  }
  run_sequence(buffers, n, ops, true, &max_size);
  const std::int64_t capacity = std::max<std::int64_t>(2 * max_size, 1);
  buffers.a = DeviceBuffer<std::int32_t>(capacity);
  buffers.b = DeviceBuffer<std::int32_t>(capacity);
  // 2. Timed trials on the preallocated buffers.
  ArrayOpsTiming timing;
  std::int64_t final_size = 0;
  for (int trial = 0; trial < trials; ++trial) {
    if (n > 0) {
      FRONTIER_CUDA_CHECK(
          cudaMemcpy(buffers.a.data(), values.data(), bytes, cudaMemcpyHostToDevice));
    }
    FRONTIER_CUDA_CHECK(cudaDeviceSynchronize());
    const detail::Timer timer;
    final_size = run_sequence(buffers, n, ops, false, nullptr);
    const double seconds = timer.seconds();
    if (trial == 0 || seconds < timing.best_seconds) timing.best_seconds = seconds;
  }
  timing.result.resize(static_cast<std::size_t>(final_size));
  if (final_size > 0) {
    FRONTIER_CUDA_CHECK(cudaMemcpy(timing.result.data(), buffers.a.data(),
                                   final_size * sizeof(std::int32_t), cudaMemcpyDeviceToHost));
  }
  return timing;
}

double time_device_copy(std::int64_t bytes, int trials) {
  FRONTIER_CUDA_CHECK(cudaSetDevice(0));
  DeviceBuffer<unsigned char> source(std::max<std::int64_t>(bytes, 1));
  DeviceBuffer<unsigned char> target(std::max<std::int64_t>(bytes, 1));
  FRONTIER_CUDA_CHECK(cudaMemset(source.data(), 1, bytes));
  double best = 0.0;
  for (int trial = 0; trial < trials; ++trial) {
    FRONTIER_CUDA_CHECK(cudaDeviceSynchronize());
    const detail::Timer timer;
    FRONTIER_CUDA_CHECK(cudaMemcpy(target.data(), source.data(), bytes, cudaMemcpyDeviceToDevice));
    FRONTIER_CUDA_CHECK(cudaDeviceSynchronize());
    const double seconds = timer.seconds();
    if (trial == 0 || seconds < best) best = seconds;
  }
  return best;
}

}  // namespace frontier::test
