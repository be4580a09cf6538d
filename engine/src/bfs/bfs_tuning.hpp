// bfs_tuning.hpp — the CPU BFS policy: every number the direction-optimizing search uses, in one
// printable value (logged at debug level before each search), with why each default was picked.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "frontier/bfs.hpp"

namespace frontier::cpu {

struct BfsCpuPolicy {
  BfsStrategy strategy = BfsStrategy::DirectionOptimizing;
  /// Beamer's switch thresholds (see BfsOptions); 15 and 18 are the GAP suite's defaults.
  int alpha = kDefaultBfsAlpha;
  int beta = kDefaultBfsBeta;
  /// Whether the search lowers alpha to what its bottom-up steps show and returns to top-down
  /// once a top-down step costs less (bfs_cpu.cpp); off where the caller set alpha, whose rule is
  /// then followed as given.
  bool learn_alpha = true;
  /// OpenMP threads for every parallel region of one search.
  int threads = 1;
  /// Vertices a thread gathers before it appends them to the shared next frontier with one
  /// atomic add: 4096 32-bit ids are 16 KiB, half a typical L1, and make the atomic rare.
  std::size_t local_queue_capacity = 4096;
  /// Frontier vertices handed to a thread at a time in a top-down step. Small, because
  /// Kronecker degrees are heavily skewed and a chunk may hold a hub.
  int top_down_chunk = 64;
  /// A top-down step with fewer vertices than threads * top_down_chunk, whose vertices have more
  /// than this many out-arcs each on average, cuts the frontier's lists into
  /// top_down_pieces_per_thread pieces of arcs per thread (at least top_down_arcs_per_thread
  /// each) instead: a few hubs (the second level of many Kronecker searches: a hundred vertices,
  /// half a million arcs at scale 22) would otherwise fill one or two chunks and leave the other
  /// threads idle. Below the degree a frontier is not worth the serial pass over its lists that
  /// finds where each starts (a road network's few thousand vertices of degree 2 or 3).
  std::int64_t top_down_hub_degree = 64;
  std::int64_t top_down_pieces_per_thread = 8;
  /// 64-bit bitmap words (64 vertices each) handed to a thread at a time in a bottom-up step:
  /// 16 words = 1024 vertices, gapbs' chunk; a word is written by one thread only, so the next
  /// frontier bitmap needs no atomics.
  int bottom_up_chunk_words = 16;

  /// A step whose work fills two threads at these amounts per thread runs on all `threads`; a
  /// smaller one runs on the calling thread alone: starting a team and joining it costs a
  /// microsecond or two while the threads are busy in the same search (milliseconds when they
  /// share cores with other work), more than a few hundred arc checks. Long thin searches (road
  /// networks, meshes, paths) are made of small top-down steps. The team is always the whole
  /// `threads`: libgomp ends the surplus threads when a team is smaller than the one before and
  /// creates threads again when it grows, which costs more than the idle members' barrier.
  /// Top-down: frontier out-arcs per thread (an arc check is a random read, about 10 ns).
  std::int64_t top_down_arcs_per_thread = 512;
  /// Bottom-up: unexplored arcs plus vertices per thread (mostly sequential reads).
  std::int64_t bottom_up_work_per_thread = 4096;
  /// Whole-vertex-set passes (initialisation, frontier conversions): vertices per thread, about a
  /// nanosecond each, so a graph below 2^14 vertices never wakes a team for them.
  std::int64_t vertices_per_thread = std::int64_t{1} << 14;

  /// A graph with fewer vertices plus arcs than this is searched on the calling thread alone,
  /// every step: its whole search costs less than creating the OpenMP threads (which a process
  /// does on its first parallel region, so the first search would pay for them).
  std::int64_t serial_graph_work = std::int64_t{1} << 15;

  /// Threads for a step of `work` units at `work_per_thread` units each: 1 or `threads`.
  int threads_for(std::int64_t work, std::int64_t work_per_thread) const;

  /// One line: "strategy=... alpha=15 beta=18 threads=2 ...".
  std::string describe() const;
};

/// The policy for one search: options checked elsewhere; threads == 0 becomes all threads.
BfsCpuPolicy make_bfs_cpu_policy(const BfsOptions& options);
/// The same for a search on a graph of `vertices` and `arcs`: one thread for a small graph.
BfsCpuPolicy make_bfs_cpu_policy(const BfsOptions& options, std::int64_t vertices,
                                 std::int64_t arcs);

/// Starts the OpenMP threads a search on a graph of `vertices` and `arcs` with all threads would
/// use (none for a small graph), so that the first search does not create them; returns the
/// seconds it took. An Engine on the CPU calls it when it is built.
double start_bfs_threads(std::int64_t vertices, std::int64_t arcs);

}  // namespace frontier::cpu
