// Benchmark support for the CUDA list ranking: resident-data timing and the pointer-chase floor
// (see list_ranking_bench_support.hpp). The chase kernel is the floor every list ranking is
// measured against: n dependent loads spread over many threads, nothing else.
#include <cuda_runtime.h>

#include <algorithm>
#include <string>
#include <vector>

#include "cuda/cuda_check.cuh"
#include "frontier/detail/timer.hpp"
#include "frontier/errors.hpp"
#include "list_ranking/cuda/list_ranking_cuda.hpp"
#include "support/cuda/list_ranking_bench_support.hpp"

namespace frontier::test {
namespace {

template <typename T>
class BenchArray {
 public:
  explicit BenchArray(std::size_t count) {
    if (count > 0) FRONTIER_CUDA_CHECK(cudaMalloc(&data_, count * sizeof(T)));
  }
  BenchArray(const BenchArray&) = delete;
  BenchArray& operator=(const BenchArray&) = delete;
  ~BenchArray() {
    if (data_ != nullptr && cudaFree(data_) != cudaSuccess) cudaGetLastError();
  }
  T* get() const { return data_; }

 private:
  T* data_ = nullptr;
};

/// Thread t starts at node t·(n / threads) and takes `steps` dependent steps; a tail continues
/// at `head`. The end node is stored so that the chase cannot be optimized away.
template <typename VertexT>
__global__ void pointer_chase_kernel(const VertexT* __restrict__ successor, std::int64_t n,
                                     VertexT head, std::int64_t threads, std::int64_t steps,
                                     VertexT* __restrict__ ends) {
  const std::int64_t t = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (t >= threads) return;
  VertexT u = static_cast<VertexT>((t * (n / threads)) % n);
  for (std::int64_t i = 0; i < steps; ++i) {
    const VertexT next = successor[u];
    u = next < 0 ? head : next;
  }
  ends[t] = u;
}

void require_free_bytes(std::uint64_t bytes, const char* what) {
  std::size_t free_bytes = 0;
  std::size_t total_bytes = 0;
  FRONTIER_CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
  if (bytes > free_bytes) throw OutOfMemory(what, bytes, free_bytes);
}

}  // namespace

template <typename VertexT, typename ValueT>
ResidentTiming time_list_prefix_resident(std::span<const VertexT> successor,
                                         std::span<const ValueT> values, ListOp op,
                                         std::span<ValueT> prefix, ListRankingAlgorithm algorithm,
                                         int repeats, std::uint64_t seed,
                                         std::int64_t random_splitters) {
  const auto n = static_cast<std::int64_t>(successor.size());
  if (prefix.size() != successor.size() || (!values.empty() && values.size() != successor.size())) {
    throw InvalidArgument("time_list_prefix_resident: mismatched sizes");
  }
  require_free_bytes(n * (sizeof(VertexT) + sizeof(ValueT) * (values.empty() ? 1 : 2)),
                     "list ranking benchmark inputs");
  BenchArray<VertexT> d_successor(n);
  BenchArray<ValueT> d_values(values.empty() ? 0 : n);
  BenchArray<ValueT> d_prefix(n);
  FRONTIER_CUDA_CHECK(
      cudaMemcpy(d_successor.get(), successor.data(), n * sizeof(VertexT), cudaMemcpyHostToDevice));
  if (!values.empty()) {
    FRONTIER_CUDA_CHECK(
        cudaMemcpy(d_values.get(), values.data(), n * sizeof(ValueT), cudaMemcpyHostToDevice));
  }
  std::vector<std::pair<double, ListRankingStats>> runs;
  for (int r = 0; r <= repeats; ++r) {
    FRONTIER_CUDA_CHECK(cudaDeviceSynchronize());
    const frontier::detail::Timer timer;
    const ListRankingStats stats = cuda::list_prefix_device<VertexT, ValueT>(
        d_successor.get(), d_values.get(), d_prefix.get(), n, op, seed, nullptr, algorithm,
        random_splitters);
    const double seconds = timer.seconds();
    if (r > 0) runs.emplace_back(seconds, stats);  // run 0 warms up
  }
  FRONTIER_CUDA_CHECK(
      cudaMemcpy(prefix.data(), d_prefix.get(), n * sizeof(ValueT), cudaMemcpyDeviceToHost));
  std::sort(runs.begin(), runs.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  ResidentTiming timing;
  if (!runs.empty()) {
    timing.best_seconds = runs.front().first;
    timing.median_seconds = runs[runs.size() / 2].first;
    timing.best = runs.front().second;
  }
  return timing;
}

template <typename VertexT>
double time_pointer_chase(std::span<const VertexT> successor, VertexT head, std::int64_t threads,
                          int repeats) {
  const auto n = static_cast<std::int64_t>(successor.size());
  if (n == 0 || threads <= 0) return 0.0;
  threads = std::min(threads, n);
  require_free_bytes(n * sizeof(VertexT) + threads * sizeof(VertexT), "pointer-chase floor");
  BenchArray<VertexT> d_successor(n);
  BenchArray<VertexT> d_ends(threads);
  FRONTIER_CUDA_CHECK(
      cudaMemcpy(d_successor.get(), successor.data(), n * sizeof(VertexT), cudaMemcpyHostToDevice));
  cudaEvent_t start = nullptr;
  cudaEvent_t stop = nullptr;
  FRONTIER_CUDA_CHECK(cudaEventCreate(&start));
  FRONTIER_CUDA_CHECK(cudaEventCreate(&stop));
  const std::int64_t steps = n / threads;
  constexpr int kThreadsPerBlock = 256;
  const auto blocks = static_cast<int>((threads + kThreadsPerBlock - 1) / kThreadsPerBlock);
  float best_ms = 0.0f;
  for (int r = 0; r <= repeats; ++r) {
    FRONTIER_CUDA_CHECK(cudaEventRecord(start));
    pointer_chase_kernel<<<blocks, kThreadsPerBlock>>>(d_successor.get(), n, head, threads, steps,
                                                       d_ends.get());
    FRONTIER_CHECK_LAUNCH();
    FRONTIER_CUDA_CHECK(cudaEventRecord(stop));
    FRONTIER_CUDA_CHECK(cudaEventSynchronize(stop));
    float ms = 0.0f;
    FRONTIER_CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
    if (r == 1 || (r > 1 && ms < best_ms)) best_ms = ms;  // run 0 warms up
  }
  FRONTIER_CUDA_CHECK(cudaEventDestroy(start));
  FRONTIER_CUDA_CHECK(cudaEventDestroy(stop));
  // Scale to exactly n steps (threads · steps may fall short of n by less than `threads`).
  return static_cast<double>(best_ms) * 1e-3 * static_cast<double>(n) /
         static_cast<double>(steps * threads);
}

double time_device_allocation(std::uint64_t bytes, int repeats) {
  require_free_bytes(bytes, "allocation timing");
  double best = 0.0;
  for (int r = 0; r <= repeats; ++r) {
    FRONTIER_CUDA_CHECK(cudaDeviceSynchronize());
    const frontier::detail::Timer timer;
    void* data = nullptr;
    FRONTIER_CUDA_CHECK(cudaMalloc(&data, bytes));
    FRONTIER_CUDA_CHECK(cudaFree(data));
    const double seconds = timer.seconds();
    if (r == 1 || (r > 1 && seconds < best)) best = seconds;
  }
  return best;
}

template ResidentTiming time_list_prefix_resident<std::int32_t, std::int32_t>(
    std::span<const std::int32_t>, std::span<const std::int32_t>, ListOp, std::span<std::int32_t>,
    ListRankingAlgorithm, int, std::uint64_t, std::int64_t);
template ResidentTiming time_list_prefix_resident<std::int64_t, std::int64_t>(
    std::span<const std::int64_t>, std::span<const std::int64_t>, ListOp, std::span<std::int64_t>,
    ListRankingAlgorithm, int, std::uint64_t, std::int64_t);
template double time_pointer_chase<std::int32_t>(std::span<const std::int32_t>, std::int32_t,
                                                 std::int64_t, int);
template double time_pointer_chase<std::int64_t>(std::span<const std::int64_t>, std::int64_t,
                                                 std::int64_t, int);

}  // namespace frontier::test
