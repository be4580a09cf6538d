// Fused scan-and-scatter helpers for single-pass CUB scans (decoupled look-back, Merrill &
// Garland 2016): ScanSinkIterator hands every item's scan value to a functor instead of storing
// it, and PackedSum scans values that carry a sum in their high bits and one item's flags in their
// low bits. The array alternative of the parallel-list benchmark
// (tests/support/cuda/parallel_list_bench_support.cu) runs each insert as one such scan: input
// transformed on the fly, output scattered by the sink.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <iterator>

namespace frontier::cuda {

/// A random-access output iterator whose element assignment `it[i] = x` calls sink(i, x): lets a
/// CUB scan hand every item's prefix to the operation that consumes it, so prefixes are never
/// stored.
template <typename Sink>
class ScanSinkIterator {
 public:
  using value_type = std::int64_t;
  using difference_type = std::ptrdiff_t;
  using pointer = void;
  using iterator_category = std::random_access_iterator_tag;

  struct Proxy {
    Sink sink;
    std::int64_t index;
    __device__ void operator=(std::int64_t prefix) const { sink(index, prefix); }
  };
  using reference = Proxy;

  __host__ __device__ explicit ScanSinkIterator(Sink sink, std::int64_t base = 0)
      : sink_(sink), base_(base) {}
  __device__ Proxy operator*() const { return {sink_, base_}; }
  __device__ Proxy operator[](difference_type i) const { return {sink_, base_ + i}; }
  __host__ __device__ ScanSinkIterator operator+(difference_type d) const {
    return ScanSinkIterator(sink_, base_ + d);
  }
  __host__ __device__ ScanSinkIterator& operator+=(difference_type d) {
    base_ += d;
    return *this;
  }

 private:
  Sink sink_;
  std::int64_t base_;
};

/// The scan operator of packed scan values: the high bits hold a sum, the low kFlagBits bits
/// describe one item. Combining keeps the right operand's flags, so an inclusive scan hands
/// every item its inclusive sum and its own flags (associative: sums add, the last flags win).
template <int kFlagBits>
struct PackedSum {
  __host__ __device__ std::int64_t operator()(std::int64_t a, std::int64_t b) const {
    return (((a >> kFlagBits) + (b >> kFlagBits)) << kFlagBits) |
           (b & ((std::int64_t{1} << kFlagBits) - 1));
  }
};

}  // namespace frontier::cuda
