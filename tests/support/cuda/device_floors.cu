// Copy-bandwidth and random-gather floors (see device_floors.hpp).
//
// Copy: a grid-stride loop of 16-byte loads and stores over two buffers. Gather: each thread
// reads kGathersPerThread table entries at indices from the counter-based generator (no index
// array, so only the gathers touch memory) and writes one sum, so the loads cannot be dropped.
#include "support/cuda/device_floors.hpp"

#include <cuda_runtime.h>

#include <algorithm>

#include "cuda/cuda_check.cuh"
#include "cuda/device_buffer.cuh"
#include "cuda/device_memory.hpp"
#include "frontier/random.hpp"

namespace frontier::test {
namespace {

constexpr int kFloorBlockThreads = 256;
constexpr int kGathersPerThread = 16;

__global__ void __launch_bounds__(kFloorBlockThreads)
    copy_kernel(const int4* __restrict__ source, int4* __restrict__ target, std::uint64_t count) {
  // 1. Grid-stride copy of 16-byte words.
  const std::uint64_t stride = static_cast<std::uint64_t>(gridDim.x) * blockDim.x;
  for (std::uint64_t i = blockIdx.x * static_cast<std::uint64_t>(blockDim.x) + threadIdx.x;
       i < count; i += stride) {
    target[i] = source[i];
  }
}

__global__ void __launch_bounds__(kFloorBlockThreads)
    gather_kernel(const unsigned* __restrict__ table, std::uint64_t table_mask,
                  unsigned* __restrict__ sums, std::uint64_t threads) {
  // 1. Independent random gathers, all issued before the sum needs them.
  const std::uint64_t thread = blockIdx.x * static_cast<std::uint64_t>(blockDim.x) + threadIdx.x;
  if (thread >= threads) return;
  unsigned values[kGathersPerThread];
#pragma unroll
  for (int k = 0; k < kGathersPerThread; ++k) {
    values[k] = table[counter_random(thread, k) & table_mask];
  }
  // 2. One sum per thread keeps every load live.
  unsigned sum = 0;
#pragma unroll
  for (int k = 0; k < kGathersPerThread; ++k) sum += values[k];
  sums[thread] = sum;
}

template <typename Launch>
float best_milliseconds(int repetitions, Launch launch) {
  cudaEvent_t start = nullptr;
  cudaEvent_t stop = nullptr;
  FRONTIER_CUDA_CHECK(cudaEventCreate(&start));
  FRONTIER_CUDA_CHECK(cudaEventCreate(&stop));
  float best = 0.0f;
  for (int r = 0; r <= repetitions; ++r) {  // the first run warms up and is not counted
    FRONTIER_CUDA_CHECK(cudaEventRecord(start));
    launch();
    FRONTIER_CUDA_CHECK(cudaEventRecord(stop));
    FRONTIER_CUDA_CHECK(cudaEventSynchronize(stop));
    float milliseconds = 0.0f;
    FRONTIER_CUDA_CHECK(cudaEventElapsedTime(&milliseconds, start, stop));
    if (r == 1 || (r > 1 && milliseconds < best)) best = milliseconds;
  }
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  return best;
}

}  // namespace

DeviceFloors measure_device_floors(int device_id, std::uint64_t copy_bytes,
                                   std::uint64_t gather_table_bytes, int repetitions) {
  FRONTIER_CUDA_CHECK(cudaSetDevice(device_id));
  repetitions = std::max(1, repetitions);
  cudaDeviceProp properties{};
  FRONTIER_CUDA_CHECK(cudaGetDeviceProperties(&properties, device_id));
  const int grid = properties.multiProcessorCount * 8;

  // 1. Sizes: whole 16-byte words for the copy, a power-of-two table for the gathers.
  const std::uint64_t words = std::max<std::uint64_t>(1, copy_bytes / sizeof(int4));
  std::uint64_t table_entries = 1;
  while (table_entries * 2 * sizeof(unsigned) <= gather_table_bytes) table_entries *= 2;
  const std::uint64_t gather_threads = std::uint64_t{1} << 24;
  cuda::require_device_memory("device floor measurement",
                              2 * cuda::device_bytes_for<int4>(words) +
                                  cuda::device_bytes_for<unsigned>(table_entries) +
                                  cuda::device_bytes_for<unsigned>(gather_threads));
  DeviceFloors floors;
  floors.copy_bytes = words * sizeof(int4);
  floors.gather_table_bytes = table_entries * sizeof(unsigned);

  // 2. Copy bandwidth (read + write).
  {
    cuda::DeviceBuffer<int4> source(words);
    cuda::DeviceBuffer<int4> target(words);
    FRONTIER_CUDA_CHECK(cudaMemset(source.data(), 1, words * sizeof(int4)));
    const float ms = best_milliseconds(repetitions, [&] {
      copy_kernel<<<grid, kFloorBlockThreads>>>(source.data(), target.data(), words);
      FRONTIER_CHECK_LAUNCH();
    });
    floors.copy_bytes_per_second = 2.0 * static_cast<double>(floors.copy_bytes) / (ms * 1e-3);
  }

  // 3. Random gathers.
  {
    cuda::DeviceBuffer<unsigned> table(table_entries);
    cuda::DeviceBuffer<unsigned> sums(gather_threads);
    FRONTIER_CUDA_CHECK(cudaMemset(table.data(), 1, table_entries * sizeof(unsigned)));
    const int blocks = static_cast<int>(gather_threads / kFloorBlockThreads);
    const float ms = best_milliseconds(repetitions, [&] {
      gather_kernel<<<blocks, kFloorBlockThreads>>>(table.data(), table_entries - 1, sums.data(),
                                                    gather_threads);
      FRONTIER_CHECK_LAUNCH();
    });
    floors.gathers_per_second =
        static_cast<double>(gather_threads) * kGathersPerThread / (ms * 1e-3);
  }
  return floors;
}

}  // namespace frontier::test
