// bfs_tuning.hpp — the CPU BFS policy: every number the direction-optimizing search uses, in one
// printable value (logged at debug level before each search), with why each default was picked.
#pragma once

#include <cstddef>
#include <string>

#include "frontier/bfs.hpp"

namespace frontier::cpu {

struct BfsCpuPolicy {
  BfsStrategy strategy = BfsStrategy::DirectionOptimizing;
  /// Beamer's switch thresholds (see BfsOptions); 15 and 18 are the GAP suite's defaults.
  int alpha = kDefaultBfsAlpha;
  int beta = kDefaultBfsBeta;
  /// OpenMP threads for every parallel region of one search.
  int threads = 1;
  /// Vertices a thread gathers before it appends them to the shared next frontier with one
  /// atomic add: 4096 32-bit ids are 16 KiB, half a typical L1, and make the atomic rare.
  std::size_t local_queue_capacity = 4096;
  /// Frontier vertices handed to a thread at a time in a top-down step. Small, because
  /// Kronecker degrees are heavily skewed and a chunk may hold a hub.
  int top_down_chunk = 64;
  /// 64-bit bitmap words (64 vertices each) handed to a thread at a time in a bottom-up step:
  /// 16 words = 1024 vertices, gapbs' chunk; a word is written by one thread only, so the next
  /// frontier bitmap needs no atomics.
  int bottom_up_chunk_words = 16;

  /// A top-down step whose frontier has fewer out-arcs than this runs on the calling thread
  /// alone: starting a team and its barrier costs microseconds (milliseconds when cores are
  /// shared), more than a few thousand arc checks, and long thin searches (road networks,
  /// paths) are made of such steps.
  std::int64_t parallel_min_arcs = 4096;
  /// Whole-vertex-set passes (initialisation, bottom-up steps, frontier conversions) run on one
  /// thread for graphs with fewer vertices than this: such a pass costs about a nanosecond per
  /// vertex, so below 2^16 vertices it is shorter than waking a team, and a graph this small
  /// never starts the OpenMP thread pool for its vertex passes (the first search pays for that).
  std::int64_t parallel_min_vertices = std::int64_t{1} << 16;

  /// One line: "strategy=... alpha=15 beta=18 threads=2 ...".
  std::string describe() const;
};

/// The policy for one search: options checked elsewhere; threads == 0 becomes all threads.
BfsCpuPolicy make_bfs_cpu_policy(const BfsOptions& options);

}  // namespace frontier::cpu
