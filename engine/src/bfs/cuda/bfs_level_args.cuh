/// @file bfs_level_args.cuh
/// @brief The one argument block every BFS kernel takes (by value): graph, labels, queues,
/// bitmaps and counters of the level being run. Each kernel reads the fields its agent names.
#pragma once

#include <cstdint>

#include "bfs/cuda/bfs_device_common.cuh"
#include "bfs/cuda/bfs_post.cuh"
#include "graph/cuda/device_graph.cuh"

namespace frontier::cuda {

/// One piece of a hub's adjacency list whose copy into the edge queue was deferred to the
/// edge-balanced hub pass (bfs_hub.cuh): arcs [begin, end) of `owner` go to out_queue[out ...].
template <typename VertexT, typename EdgeT>
struct HubChunk {
  EdgeT begin;
  EdgeT end;
  unsigned long long out;
  VertexT owner;
};

template <typename VertexT, typename EdgeT, typename TargetT = VertexT>
struct BfsLevelArgs {
  /// Out-arcs (top-down expansion, degrees) and in-arcs (bottom-up parent search).
  DeviceCsr<VertexT, EdgeT, TargetT> forward;
  DeviceCsr<VertexT, EdgeT, TargetT> reverse;
  VertexT num_vertices = 0;
  /// Depth given to the vertices this kernel claims.
  std::int32_t level = 0;

  /// Labels: depth and parent per vertex, written when the vertex is claimed and meaningful only
  /// where its bit in the visited mask is set (a search clears the mask, not the labels).
  std::int32_t* depth = nullptr;
  VertexT* parent = nullptr;
  BitmapWord* visited = nullptr;

  /// Input queue (vertices, or edge-queue targets with their predecessors) and its length.
  const VertexT* in_queue = nullptr;
  const VertexT* in_preds = nullptr;
  const unsigned long long* in_length = nullptr;
  /// Output queue (and predecessors for an edge queue).
  VertexT* out_queue = nullptr;
  VertexT* out_preds = nullptr;
  /// Items the output edge queue holds: a tile of the expansion that would pass its end writes
  /// nothing (edge_queue_length still counts it), so the host sees the overflow and expands the
  /// level in passes (bfs_pass.cuh).
  unsigned long long out_capacity = ~0ull;

  /// Bitmap frontiers of bottom-up levels: the level being expanded, and the one being found.
  const BitmapWord* frontier_in = nullptr;
  BitmapWord* frontier_out = nullptr;
  /// Each vertex's first in-neighbour, which bottom-up steps try before its list (the engine's
  /// runner keeps one); null: the list's first arc is read instead.
  const VertexT* first_in_neighbour = nullptr;
  /// Bitmap words a bottom-up step searches, a whole number of its chunks (kChunkWords of the
  /// agent's Frontier) unless all of them: the words past it hold no vertex with an in-arc (none
  /// can be found), so the step only writes their next-frontier words, zero.
  unsigned long long bottom_up_words = ~0ull;

  /// Where top-down expansion defers hub lists (see bfs_gather.cuh); null: no deferral.
  HubChunk<VertexT, EdgeT>* hub_chunks = nullptr;
  /// The expansion's hub lists start at this many arcs; 0: the policy's hub_threshold.
  unsigned long long hub_threshold = 0;
  /// Vertices each block of the expansion takes per tile (at most the block's threads); 0: one
  /// per thread.
  unsigned int tile_vertices = 0;

  /// This level's counter slot, and the next level's (zeroed by this kernel).
  BfsCounters* counters = nullptr;
  BfsCounters* next_counters = nullptr;
  /// Where the kernel posts the counts the host waits for (bfs_post.cuh); null: it posts none.
  BfsPost post;
};

}  // namespace frontier::cuda
