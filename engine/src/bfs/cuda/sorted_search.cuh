/// @file sorted_search.cuh
/// @brief Searches of a sorted device array for the last entry at most a key: by one thread (a
/// binary search), and by a whole warp at once, for the kernels where one thread's search over a
/// long range would hold its block up: log2(span) dependent round trips to memory become about
/// log32(span).
#pragma once

#include <cuda_runtime.h>

namespace frontier::cuda {

/// The last index in [low, high) whose value is <= key, where the values are non-decreasing in
/// [low, high) and values[low] <= key: one thread's binary search.
template <typename ValueT>
__device__ __forceinline__ unsigned long long last_at_most(const ValueT* values,
                                                           unsigned long long low,
                                                           unsigned long long high,
                                                           unsigned long long key) {
  while (high - low > 1) {
    const unsigned long long middle = low + (high - low) / 2;
    if (static_cast<unsigned long long>(values[middle]) <= key) {
      low = middle;
    } else {
      high = middle;
    }
  }
  return low;
}

/// last_at_most by a whole warp: all 32 lanes of a warp call it with the same arguments and
/// each gets the result. Each round the lanes probe 32 evenly spaced entries at once and keep the
/// stretch from the last probe at most `key` up to the next probe.
template <typename ValueT>
__device__ __forceinline__ unsigned long long warp_last_at_most(const ValueT* values,
                                                                unsigned long long low,
                                                                unsigned long long high,
                                                                unsigned long long key) {
  const unsigned long long lane = threadIdx.x & 31u;
  for (;;) {
    const unsigned long long span = high - low;
    const unsigned long long step = span <= 32 ? 1 : (span + 31) / 32;
    const unsigned long long probe = low + lane * step;
    // values[low] <= key throughout, so lane 0's probe is always kept.
    const bool at_most = probe < high && static_cast<unsigned long long>(values[probe]) <= key;
    const unsigned long long kept = __popc(__ballot_sync(0xffffffffu, at_most)) - 1;
    low += kept * step;
    if (step == 1) return low;
    high = low + step < high ? low + step : high;
  }
}

}  // namespace frontier::cuda
