/// @file detail/parallel.hpp
/// @brief Small OpenMP building blocks shared by the CPU code.
#pragma once

#include <omp.h>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace frontier::detail {

/// Threads an OpenMP parallel region will use.
inline int max_threads() { return omp_get_max_threads(); }

/// Whether a loop over `items` cheap items should wake the OpenMP team. Below the threshold the
/// calling thread alone is faster: the team's wake-up costs more than the work, and far more on
/// an oversubscribed machine, where spinning threads wait for a core. Use as `if(...)` clause.
inline bool worth_threads(std::int64_t items) noexcept { return items >= (std::int64_t{1} << 16); }

/// The same for a loop that streams through its items at a nanosecond or less each (a check):
/// waking a sleeping team of 16 threads costs as much as about a million such items.
inline bool worth_threads_streaming(std::int64_t items) noexcept {
  return items >= (std::int64_t{1} << 20);
}

/// In-place exclusive prefix sum on the calling thread; returns the total.
template <typename T>
T exclusive_scan(T* data, std::size_t count) {
  T running{};
  for (std::size_t i = 0; i < count; ++i) {
    const T value = data[i];
    data[i] = running;
    running += value;
  }
  return running;
}

/// In-place exclusive prefix sum; returns the total. Two passes over per-thread blocks.
template <typename T>
T parallel_exclusive_scan(T* data, std::size_t count) {
  const int threads = max_threads();
  if (!worth_threads(static_cast<std::int64_t>(count)) || threads == 1) {
    return exclusive_scan(data, count);
  }
  std::vector<T> block_sums(static_cast<std::size_t>(threads) + 1, T{});
  const std::size_t block = (count + threads - 1) / threads;
#pragma omp parallel num_threads(threads)
  {
    const int t = omp_get_thread_num();
    const std::size_t begin = std::min(count, block * t);
    const std::size_t end = std::min(count, begin + block);
    T local{};
    for (std::size_t i = begin; i < end; ++i) local += data[i];
    block_sums[t + 1] = local;
#pragma omp barrier
#pragma omp single
    for (int b = 1; b <= threads; ++b) block_sums[b] += block_sums[b - 1];
    T running = block_sums[t];
    for (std::size_t i = begin; i < end; ++i) {
      const T value = data[i];
      data[i] = running;
      running += value;
    }
  }
  return block_sums[threads];
}

}  // namespace frontier::detail
