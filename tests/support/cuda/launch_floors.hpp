/// @file launch_floors.hpp
/// @brief Latency floors of one GPU, measured by empty kernels in the same run as a benchmark:
/// what a BFS level costs at least when it returns to the host, launches kernels one by one,
/// replays them as a CUDA graph or synchronizes the grid inside one persistent kernel
/// (internal; plain host C++). Reached by tests/bench/launch_floors.cpp.
#pragma once

namespace frontier::test {

/// Microseconds on the host clock, the median over the repetitions (the first one, which warms
/// up, not counted). Figures a device cannot measure (no cooperative launch) are negative.
struct LaunchFloors {
  /// One empty kernel launched on a stream, then the stream synchronized.
  double launch_sync_us = 0.0;
  /// One more empty kernel queued before the one synchronization: the marginal cost of a launch.
  double queued_launch_us = 0.0;
  /// One grid-wide barrier (cooperative_groups grid.sync()) in a cooperative kernel of
  /// `barrier_blocks` blocks: every SM holding as many blocks as fit.
  double grid_barrier_us = 0.0;
  /// A CUDA graph of `graph_nodes` empty kernels launched, then the stream synchronized.
  double graph_launch_sync_us = 0.0;
  /// One more node in such a graph: the marginal cost of a graph node.
  double graph_node_us = 0.0;
  /// A one-thread kernel increments a device counter, the counter is copied into pinned host
  /// memory and the stream synchronized: what a level loop pays to hear a count.
  double round_trip_us = 0.0;
  /// The same count posted by the kernel itself into mapped pinned memory, which the host spins
  /// on instead of copying and synchronizing: what a level loop pays that polls for its count.
  double mapped_round_trip_us = 0.0;
  int barrier_blocks = 0;
  int block_threads = 0;
  int barriers = 0;
  int graph_nodes = 0;
  int repetitions = 0;
};

/// Measures the floors on GPU `device_id`: `barriers` grid barriers per cooperative kernel,
/// graphs (and queues) of `graph_nodes` empty kernels, each figure the median of `repetitions`.
/// @throws InvalidArgument if barriers < 2 or graph_nodes < 2; CudaError if a CUDA call fails or
/// the build has no CUDA backend.
LaunchFloors measure_launch_floors(int device_id, int repetitions, int barriers, int graph_nodes);

}  // namespace frontier::test
