// Fixed device functors run through parallel_list_cuda.cuh for the tests (see
// parallel_list_functor_probe.hpp).
#include "parallel_list/cuda/parallel_list_cuda.cuh"
#include "support/cuda/parallel_list_functor_probe.hpp"

namespace frontier::test {
namespace {

struct AtLeast {
  std::int64_t min_selected;
  __device__ bool operator()(std::int64_t e) const { return e >= min_selected; }
};

struct Shifted {
  std::int64_t shift;
  __device__ std::int64_t operator()(std::int64_t e) const { return e - shift; }
};

struct Numbered {
  __device__ std::int64_t operator()(std::int64_t e, std::int64_t j) const { return e * 1000 + j; }
};

struct Remainder {
  std::int64_t modulus;
  std::int64_t remainder;
  __device__ bool operator()(std::int64_t e) const { return e % modulus == remainder; }
};

}  // namespace

std::int64_t insert_shifted_counts(ParallelList<std::int64_t>& list, ListPosition position,
                                   std::int64_t min_selected, std::int64_t count_shift) {
  return cuda::insert_if(list, position, AtLeast{min_selected}, Shifted{count_shift}, Numbered{});
}

std::int64_t erase_remainder(ParallelList<std::int64_t>& list, std::int64_t modulus,
                             std::int64_t remainder) {
  return cuda::erase_if(list, Remainder{modulus, remainder});
}

}  // namespace frontier::test
