// GPU measurements for `frontier list-bench`: the array alternative of a bulk-operation sequence
// (the way a vector would do it: every insert counts the output slots of each element, scans them
// with CUB and scatters into a new array; every erase compacts with cub::DeviceSelect::If) and
// the device copy floor. Buffers are sized by an untimed first pass so that no cudaMalloc falls
// inside a timed trial.
#include <cuda_runtime.h>

#include <algorithm>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_select.cuh>

#include "bfs_cuda/device_buffer.cuh"
#include "frontier/detail/cuda_check.cuh"
#include "frontier/detail/timer.hpp"
#include "parallel_list/parallel_list_bench_support.hpp"
#include "parallel_list/parallel_list_kernels.cuh"

namespace frontier::cuda {
namespace {

constexpr int kBenchBlockThreads = 256;

int bench_grid(std::int64_t work) {
  return static_cast<int>(
      std::clamp<std::int64_t>((work + kBenchBlockThreads - 1) / kBenchBlockThreads, 1, 1 << 20));
}

struct Keep {
  Predicate<std::int32_t> erase;
  __device__ bool operator()(const std::int32_t& value) const { return !erase(value); }
};

__global__ void array_insert_count_kernel(const std::int32_t* in, std::int64_t n,
                                          Predicate<std::int32_t> where, std::int64_t* counts) {
  for (std::int64_t i = grid_start(); i < n; i += grid_stride()) {
    counts[i] = where(in[i]) ? 2 : 1;
  }
}

__global__ void array_insert_scatter_kernel(const std::int32_t* in, std::int64_t n,
                                            const std::int64_t* offsets, ListPosition position,
                                            std::int32_t value, std::int32_t* out) {
  for (std::int64_t i = grid_start(); i < n; i += grid_stride()) {
    // 1. Where this element's output starts, and whether it gains a value.
    const std::int64_t at = offsets[i];
    const bool gains = offsets[i + 1] - at == 2;
    // 2. Write it, with the new value on the requested side.
    if (!gains) {
      out[at] = in[i];
    } else if (position == ListPosition::After) {
      out[at] = in[i];
      out[at + 1] = value;
    } else {
      out[at] = value;
      out[at + 1] = in[i];
    }
  }
}

/// Runs the sequence once on a = the input (n values); returns the final size. Buffers must hold
/// `capacity` elements (capacity + 1 for the scan arrays).
std::int64_t run_sequence(DeviceBuffer<std::int32_t>& a, DeviceBuffer<std::int32_t>& b,
                          DeviceBuffer<std::int64_t>& counts, DeviceBuffer<std::int64_t>& offsets,
                          DeviceBuffer<unsigned char>& temp, DeviceBuffer<std::int64_t>& selected,
                          std::int64_t n, std::span<const ListBenchOp> ops, bool sizing,
                          std::int64_t* max_size) {
  for (const ListBenchOp& op : ops) {
    std::size_t bytes = 0;
    if (op.kind == ListBenchOp::Kind::Erase) {
      FRONTIER_CUDA_CHECK(cub::DeviceSelect::If(nullptr, bytes, a.data(), b.data(), selected.data(),
                                                n, Keep{op.where}));
      if (sizing && temp.size() < bytes) temp = DeviceBuffer<unsigned char>(bytes);
      FRONTIER_CUDA_CHECK(cub::DeviceSelect::If(temp.data(), bytes, a.data(), b.data(),
                                                selected.data(), n, Keep{op.where}));
      FRONTIER_CUDA_CHECK(cudaMemcpy(&n, selected.data(), sizeof(n), cudaMemcpyDeviceToHost));
    } else {
      array_insert_count_kernel<<<bench_grid(n), kBenchBlockThreads>>>(a.data(), n, op.where,
                                                                       counts.data());
      FRONTIER_CHECK_LAUNCH();
      FRONTIER_CUDA_CHECK(cudaMemset(counts.data() + n, 0, sizeof(std::int64_t)));
      FRONTIER_CUDA_CHECK(
          cub::DeviceScan::ExclusiveSum(nullptr, bytes, counts.data(), offsets.data(), n + 1));
      if (sizing && temp.size() < bytes) temp = DeviceBuffer<unsigned char>(bytes);
      FRONTIER_CUDA_CHECK(
          cub::DeviceScan::ExclusiveSum(temp.data(), bytes, counts.data(), offsets.data(), n + 1));
      std::int64_t total = 0;
      FRONTIER_CUDA_CHECK(
          cudaMemcpy(&total, offsets.data() + n, sizeof(total), cudaMemcpyDeviceToHost));
      if (sizing) {
        *max_size = std::max(*max_size, total);
        if (static_cast<std::int64_t>(b.size()) < total) {
          DeviceBuffer<std::int32_t> grown(total);
          b = std::move(grown);
        }
      }
      array_insert_scatter_kernel<<<bench_grid(n), kBenchBlockThreads>>>(
          a.data(), n, offsets.data(), op.position, op.value, b.data());
      FRONTIER_CHECK_LAUNCH();
      n = total;
    }
    std::swap(a, b);
    if (sizing) {
      // The scan arrays and both buffers must hold the largest size seen so far.
      const std::int64_t need = std::max(*max_size, n) * 2 + 1;
      if (static_cast<std::int64_t>(counts.size()) < need) {
        counts = DeviceBuffer<std::int64_t>(need);
        offsets = DeviceBuffer<std::int64_t>(need);
      }
      if (static_cast<std::int64_t>(b.size()) < n) b = DeviceBuffer<std::int32_t>(n);
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
  // 1. Untimed sizing pass: buffers grow to the largest intermediate size.
  std::int64_t max_size = n;
  DeviceBuffer<std::int32_t> a(std::max<std::int64_t>(n, 1));
  DeviceBuffer<std::int32_t> b(std::max<std::int64_t>(n, 1));
  DeviceBuffer<std::int64_t> counts(2 * n + 1);
  DeviceBuffer<std::int64_t> offsets(2 * n + 1);
  DeviceBuffer<unsigned char> temp;
  DeviceBuffer<std::int64_t> selected(1);
  FRONTIER_CUDA_CHECK(cudaMemcpy(a.data(), values.data(), bytes, cudaMemcpyHostToDevice));
  run_sequence(a, b, counts, offsets, temp, selected, n, ops, true, &max_size);
  DeviceBuffer<std::int32_t> first(max_size);
  DeviceBuffer<std::int32_t> second(max_size);
  // 2. Timed trials on the preallocated buffers.
  ArrayOpsTiming timing;
  std::int64_t final_size = 0;
  for (int trial = 0; trial < trials; ++trial) {
    FRONTIER_CUDA_CHECK(cudaMemcpy(first.data(), values.data(), bytes, cudaMemcpyHostToDevice));
    const detail::Timer timer;
    final_size =
        run_sequence(first, second, counts, offsets, temp, selected, n, ops, false, nullptr);
    const double seconds = timer.seconds();
    if (trial == 0 || seconds < timing.best_seconds) timing.best_seconds = seconds;
  }
  timing.result.resize(static_cast<std::size_t>(final_size));
  if (final_size > 0) {
    FRONTIER_CUDA_CHECK(cudaMemcpy(timing.result.data(), first.data(),
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

}  // namespace frontier::cuda
