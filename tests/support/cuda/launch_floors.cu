// Launch, grid-barrier, CUDA-graph and host round-trip floors (see launch_floors.hpp).
//
// Every figure is timed on the host clock around work that ends in a stream synchronization, as
// a BFS level loop waits for its work. Marginal figures (a queued launch, a graph node, a grid
// barrier) are the difference between a long and a short run of the same shape, divided by the
// extra items, so that the fixed launch-and-synchronize cost drops out of them.
#include "support/cuda/launch_floors.hpp"

#include <cooperative_groups.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <string>
#include <vector>

#include "cuda/cuda_check.cuh"
#include "cuda/device_buffer.cuh"
#include "cuda/pinned_buffer.cuh"
#include "cuda/stream.cuh"
#include "frontier/detail/timer.hpp"
#include "frontier/errors.hpp"

namespace frontier::test {
namespace {

/// Threads per block of the barrier kernel: the BFS kernels' block size.
constexpr int kBarrierBlockThreads = 256;

__global__ void empty_kernel() {}

__global__ void __launch_bounds__(kBarrierBlockThreads) barrier_kernel(int barriers, int* done) {
  // 1. `barriers` grid-wide barriers with nothing between them.
  cooperative_groups::grid_group grid = cooperative_groups::this_grid();
  for (int i = 0; i < barriers; ++i) grid.sync();
  // 2. One write, so that the kernel has an effect.
  if (grid.thread_rank() == 0) *done = barriers;
}

__global__ void count_kernel(unsigned long long* counter) { *counter += 1; }

/// Increments the device counter and posts its new value into mapped host memory.
__global__ void post_count_kernel(unsigned long long* counter,
                                  volatile unsigned long long* posted) {
  const unsigned long long value = *counter + 1;
  *counter = value;
  *posted = value;
  __threadfence_system();
}

/// Median host microseconds of `work` (which ends in a synchronization) over `repetitions`
/// runs, after one run that warms up.
template <typename Work>
double median_us(int repetitions, const Work& work) {
  work();
  std::vector<double> us;
  for (int r = 0; r < repetitions; ++r) {
    const detail::Timer timer;
    work();
    us.push_back(timer.seconds() * 1e6);
  }
  std::nth_element(us.begin(), us.begin() + static_cast<std::ptrdiff_t>(us.size() / 2), us.end());
  return us[us.size() / 2];
}

/// An instantiated CUDA graph of `nodes` empty kernels in a chain, captured on `stream`.
class EmptyKernelGraph {
 public:
  EmptyKernelGraph(cudaStream_t stream, int nodes) {
    FRONTIER_CUDA_CHECK(cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal));
    for (int i = 0; i < nodes; ++i) empty_kernel<<<1, 1, 0, stream>>>();
    // The capture ends before a failed launch is reported, so that the stream is usable again.
    const cudaError_t launched = cudaGetLastError();
    FRONTIER_CUDA_CHECK(cudaStreamEndCapture(stream, &graph_));
    FRONTIER_CUDA_CHECK(launched);
    FRONTIER_CUDA_CHECK(cudaGraphInstantiate(&exec_, graph_, 0));
  }
  ~EmptyKernelGraph() {
    // A destructor never throws.
    if (exec_ != nullptr) cudaGraphExecDestroy(exec_);
    if (graph_ != nullptr) cudaGraphDestroy(graph_);
  }
  EmptyKernelGraph(const EmptyKernelGraph&) = delete;
  EmptyKernelGraph& operator=(const EmptyKernelGraph&) = delete;

  void launch(cudaStream_t stream) const { FRONTIER_CUDA_CHECK(cudaGraphLaunch(exec_, stream)); }

 private:
  cudaGraph_t graph_ = nullptr;
  cudaGraphExec_t exec_ = nullptr;
};

}  // namespace

LaunchFloors measure_launch_floors(int device_id, int repetitions, int barriers, int graph_nodes) {
  if (barriers < 2 || graph_nodes < 2) {
    throw InvalidArgument("launch floors need at least 2 barriers and 2 graph nodes, not " +
                          std::to_string(barriers) + " and " + std::to_string(graph_nodes));
  }
  FRONTIER_CUDA_CHECK(cudaSetDevice(device_id));
  LaunchFloors floors;
  floors.repetitions = std::max(1, repetitions);
  floors.barriers = barriers;
  floors.graph_nodes = graph_nodes;
  floors.block_threads = kBarrierBlockThreads;
  const int reps = floors.repetitions;
  cuda::Stream stream;
  const cudaStream_t s = stream.get();
  const auto synchronize = [s] { FRONTIER_CUDA_CHECK(cudaStreamSynchronize(s)); };

  // 1. Empty launches: one then a sync; `graph_nodes` queued then one sync.
  const auto launch_empty = [s](int count) {
    for (int i = 0; i < count; ++i) empty_kernel<<<1, 1, 0, s>>>();
    FRONTIER_CHECK_LAUNCH();
  };
  floors.launch_sync_us = median_us(reps, [&] {
    launch_empty(1);
    synchronize();
  });
  const double queued_us = median_us(reps, [&] {
    launch_empty(graph_nodes);
    synchronize();
  });
  floors.queued_launch_us = (queued_us - floors.launch_sync_us) / (graph_nodes - 1);

  // 2. Grid barriers, every SM holding as many blocks as fit.
  int cooperative = 0;
  FRONTIER_CUDA_CHECK(
      cudaDeviceGetAttribute(&cooperative, cudaDevAttrCooperativeLaunch, device_id));
  cuda::DeviceBuffer<int> done(1);
  if (cooperative != 0) {
    int per_sm = 0;
    FRONTIER_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, barrier_kernel,
                                                                      kBarrierBlockThreads, 0));
    int multiprocessors = 0;
    FRONTIER_CUDA_CHECK(
        cudaDeviceGetAttribute(&multiprocessors, cudaDevAttrMultiProcessorCount, device_id));
    floors.barrier_blocks = std::max(1, per_sm) * multiprocessors;
    const auto run_barriers = [&](int count) {
      int* done_pointer = done.data();
      void* arguments[] = {&count, &done_pointer};
      FRONTIER_CUDA_CHECK(cudaLaunchCooperativeKernel(reinterpret_cast<const void*>(barrier_kernel),
                                                      dim3(floors.barrier_blocks),
                                                      dim3(kBarrierBlockThreads), arguments, 0, s));
      FRONTIER_CHECK_LAUNCH();
      synchronize();
    };
    const double one_us = median_us(reps, [&] { run_barriers(1); });
    const double many_us = median_us(reps, [&] { run_barriers(barriers); });
    floors.grid_barrier_us = (many_us - one_us) / (barriers - 1);
  } else {
    floors.grid_barrier_us = -1.0;
  }

  // 3. CUDA graphs of one and of `graph_nodes` empty kernels.
  {
    const EmptyKernelGraph single(s, 1);
    const EmptyKernelGraph chain(s, graph_nodes);
    const double single_us = median_us(reps, [&] {
      single.launch(s);
      synchronize();
    });
    floors.graph_launch_sync_us = median_us(reps, [&] {
      chain.launch(s);
      synchronize();
    });
    floors.graph_node_us = (floors.graph_launch_sync_us - single_us) / (graph_nodes - 1);
  }

  // 4. Host round trip: a counter written on the device, read into pinned memory.
  cuda::DeviceBuffer<unsigned long long> counter(1);
  cuda::PinnedBuffer<unsigned long long> h_counter(1);
  FRONTIER_CUDA_CHECK(cudaMemsetAsync(counter.data(), 0, sizeof(unsigned long long), s));
  floors.round_trip_us = median_us(reps, [&] {
    count_kernel<<<1, 1, 0, s>>>(counter.data());
    FRONTIER_CHECK_LAUNCH();
    FRONTIER_CUDA_CHECK(cudaMemcpyAsync(h_counter.data(), counter.data(),
                                        sizeof(unsigned long long), cudaMemcpyDeviceToHost, s));
    synchronize();
  });

  // 5. The same count posted into mapped memory by the kernel, the host spinning until it lands.
  //    The stream is synchronized after the timed runs only, so that no wait but the spin is
  //    timed; each run waits for its own value, so a run cannot see an earlier one's.
  cuda::PinnedBuffer<unsigned long long> posted(1, cudaHostAllocMapped);
  *posted.data() = 0;
  unsigned long long* const posted_on_device = posted.device_pointer();
  unsigned long long expected = 0;
  FRONTIER_CUDA_CHECK(cudaMemsetAsync(counter.data(), 0, sizeof(unsigned long long), s));
  synchronize();
  floors.mapped_round_trip_us = median_us(reps, [&] {
    post_count_kernel<<<1, 1, 0, s>>>(counter.data(), posted_on_device);
    FRONTIER_CHECK_LAUNCH();
    ++expected;
    const volatile unsigned long long* const landed = posted.data();
    // A kernel that failed never posts: the stream is asked now and then, so that the spin ends
    // with its error instead of hanging.
    for (unsigned int spins = 1; *landed != expected; ++spins) {
      if (spins % 65536 == 0 && cudaStreamQuery(s) != cudaErrorNotReady && *landed != expected) {
        synchronize();
        throw CudaError("the posting kernel finished without its count reaching the host");
      }
    }
  });
  synchronize();
  return floors;
}

}  // namespace frontier::test
