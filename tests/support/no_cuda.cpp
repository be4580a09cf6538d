// The one stand-in for the tests' and benchmarks' CUDA support in a build without nvcc (CMake
// compiles it instead of support/cuda/*.cu): each measurement throws CudaError, as the engine's
// own stand-in does, so the GPU tests link everywhere and skip where no GPU is present.
#include <cstddef>
#include <cstdint>
#include <span>

#include "frontier/errors.hpp"
#include "support/cuda/device_floors.hpp"
#include "support/cuda/device_writes.hpp"
#include "support/cuda/launch_floors.hpp"
#include "support/cuda/list_ranking_bench_support.hpp"
#include "support/cuda/parallel_list_bench_support.hpp"
#include "support/cuda/parallel_list_functor_probe.hpp"

namespace frontier::test {
namespace {

[[noreturn]] void no_cuda() {
  throw CudaError("this build of frontier has no CUDA backend (nvcc was not found at build time)");
}

}  // namespace

DeviceFloors measure_device_floors(int, std::uint64_t, std::uint64_t, int) { no_cuda(); }

void write_device_vertex(VertexId*, std::size_t, VertexId) { no_cuda(); }

LaunchFloors measure_launch_floors(int, int, int, int) { no_cuda(); }

template <typename VertexT, typename ValueT>
ResidentTiming time_list_prefix_resident(std::span<const VertexT>, std::span<const ValueT>, ListOp,
                                         std::span<ValueT>, ListRankingAlgorithm, int,
                                         std::uint64_t, std::int64_t) {
  no_cuda();
}

template <typename VertexT>
double time_pointer_chase(std::span<const VertexT>, VertexT, std::int64_t, int) {
  no_cuda();
}

double time_device_allocation(std::uint64_t, int) { no_cuda(); }

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

ArrayOpsTiming time_array_ops_device(std::span<const std::int32_t>, std::span<const ListBenchOp>,
                                     int) {
  no_cuda();
}

double time_device_copy(std::int64_t, int) { no_cuda(); }

std::int64_t insert_shifted_counts(ParallelList<std::int64_t>&, ListPosition, std::int64_t,
                                   std::int64_t) {
  no_cuda();
}

std::int64_t erase_remainder(ParallelList<std::int64_t>&, std::int64_t, std::int64_t) { no_cuda(); }

}  // namespace frontier::test
