/// @file bfs_bottom_up.cuh
/// @brief Bottom-up BFS level over bitmap frontiers (direction-optimizing BFS).
///
/// Source: Beamer, Asanovic, Patterson, "Direction-Optimizing Breadth-First Search" (SC 2012).
/// Every unvisited vertex scans its in-arcs until it finds one from the current frontier (a bit in
/// frontier_in), and takes that vertex as its parent. Its first in-neighbour comes from an array of
/// its own where the args have one (BfsLevelArgs::first_in_neighbour): with hubs first it is the
/// one most often in the frontier, and the warp reads 32 of them in one coalesced load instead of
/// 32 loads into scattered lists. One warp owns one 32-bit word of the bitmaps at a time: lane i
/// handles vertex 32 * word + i, the warp's ballot of "found" is the word of the next frontier,
/// written whole (as is the visited word), so no atomics are needed and every word of
/// frontier_out is written (no clearing pass). Words past args.bottom_up_words hold no vertex with
/// an in-arc (a degree order puts the vertices without arcs last): their next-frontier words are
/// written zero and nothing else of them is read, in a loop of their own, so that the search's
/// loop keeps the registers it had without the bound. A warp labels a chunk of the policy's
/// kChunkWords consecutive words before storing them, lane k the chunk's k-th: one store of the
/// warp where the words go over a link to another GPU.
///
/// Where the frontier bits are read and the next frontier's words go is the agent's Frontier
/// policy: BitmapFrontier (this engine) reads frontier_in by vertex id and writes every word of
/// frontier_out; the distributed BFS reads and writes its ranks' gathered bitmaps instead
/// (bfs/distributed/cuda/distributed_kernels.cuh).
///
/// Invariants: a vertex is labelled only if unvisited at the start of the level and adjacent from
/// a frontier vertex, so depths are exact; frontier_out has exactly the vertices labelled here.
#pragma once

#include "bfs/cuda/bfs_level_args.cuh"

namespace frontier::cuda {

/// The engine's frontiers: bit u of frontier_in; word w of frontier_out, every word written.
struct BitmapFrontier {
  template <typename Args, typename VertexT>
  __device__ __forceinline__ bool contains(const Args& args, VertexT u) const {
    return (args.frontier_in[bitmap_word_index(u)] & bitmap_bit(u)) != 0;
  }
  /// Words a warp labels before it stores them: a warp's reads of the visited words and row
  /// offsets and its stores of the next frontier then cover runs of consecutive words.
  static constexpr int kChunkWords = 8;
  /// Lane i < count stores word first + i (its bits).
  template <typename Args>
  __device__ __forceinline__ void store(const Args& args, unsigned long long first, int count,
                                        BitmapWord bits) const {
    if (static_cast<int>(threadIdx.x % kWarpThreads) < count) {
      args.frontier_out[first + threadIdx.x % kWarpThreads] = bits;
    }
  }
  /// Called by every thread of a block after its last store.
  __device__ __forceinline__ void stored() const {}
};

/// How the engine's bottom-up step L + 1 ended: level L + 2 is bottom-up too, or not (the
/// frontier is empty, or Beamer's rule turns the search back top-down).
enum BfsBottomUpEnd : int { kBottomUpStops = 0, kBottomUpGoesOn = 1 };

/// Step L + 1's decision, left for step L + 2, which the host queues before it has read step
/// L + 1's counts (the host's wait for them then overlaps step L + 2).
struct BfsBottomUpGate {
  /// n(L + 1), the frontier step L + 1 found.
  unsigned long long frontier;
  /// Whether step L + 2 runs (kBottomUpGoesOn).
  unsigned int go;
  unsigned int reserved;
};

/// What the engine's bottom-up step decides for the level after it. Its grid's last block
/// applies Beamer's rule back to top-down (the frontier shrank and is below n / beta) to the
/// step's final counts, posts the decision as the post's end (BfsBottomUpEnd) and leaves it in
/// the gate; a step queued behind it returns at once unless the gate says it goes on. A
/// default BfsBottomUpNext (no gate) decides nothing: the distributed BFS decides over all ranks.
struct BfsBottomUpNext {
  BfsBottomUpGate* gate = nullptr;
  /// This step was queued behind another: it runs only if that one's gate says so, and n(L) is
  /// the gate's frontier.
  bool queued = false;
  /// n(L) for a step not queued behind another.
  unsigned long long previous_frontier = 0;
  /// Whether the search may turn back top-down (not for the bottom-up strategy), and below how
  /// many frontier vertices (n / beta).
  bool may_return = false;
  double return_below = 0.0;

  __device__ __forceinline__ bool skipped() const {
    return queued && __ldcg(&gate->go) != kBottomUpGoesOn;
  }

  /// From the step's final counts (its last block's first thread).
  __device__ __forceinline__ int decide(const BfsCounters& counts) const {
    if (gate == nullptr) return kBottomUpStops;
    const unsigned long long previous = queued ? __ldcg(&gate->frontier) : previous_frontier;
    const unsigned long long found = counts.new_vertices;
    const bool back = may_return && found < previous && static_cast<double>(found) < return_below;
    const int end = found > 0 && !back ? kBottomUpGoesOn : kBottomUpStops;
    gate->frontier = found;
    gate->go = static_cast<unsigned int>(end);
    return end;
  }
};

template <int BLOCK_THREADS, typename VertexT, typename EdgeT, bool kParents,
          typename Frontier = BitmapFrontier, typename TargetT = VertexT>
class BottomUpAgent {
  using Args = BfsLevelArgs<VertexT, EdgeT, TargetT>;

  static_assert(BLOCK_THREADS % kWarpThreads == 0, "blocks are whole warps");

 public:
  struct TempStorage {};

  __device__ __forceinline__ BottomUpAgent(TempStorage&, const Args& args,
                                           const Frontier& frontier = Frontier{})
      : args_(args), frontier_(frontier) {}

  __device__ __forceinline__ void run() {
    // 1. Zero the next level's counters.
    zero_next_counters(args_.next_counters);

    constexpr int kChunk = Frontier::kChunkWords;
    static_assert(kChunk >= 1 && kChunk <= kWarpThreads, "a chunk's words are stored by its lanes");
    const int lane = threadIdx.x % kWarpThreads;
    const unsigned long long words = bitmap_words(args_.num_vertices);
    const unsigned long long searched_words =
        args_.bottom_up_words < words ? args_.bottom_up_words : words;
    const unsigned long long warps_in_grid =
        gridDim.x * static_cast<unsigned long long>(BLOCK_THREADS / kWarpThreads);
    unsigned long long claimed = 0;
    unsigned long long degree_sum = 0;
    unsigned long long examined = 0;
    unsigned long long first =
        (blockIdx.x * static_cast<unsigned long long>(BLOCK_THREADS) + threadIdx.x) / kWarpThreads *
        kChunk;
    for (; first < searched_words; first += warps_in_grid * kChunk) {
      const int count = static_cast<int>(
          searched_words - first < static_cast<unsigned long long>(kChunk) ? searched_words - first
                                                                           : kChunk);
      BitmapWord lane_bits = 0;  // lane i: the next-frontier word first + i
      for (int k = 0; k < count; ++k) {
        const unsigned long long word = first + k;
        // 2. The warp's 32 vertices and which of them are still unvisited.
        const BitmapWord seen = args_.visited[word];
        const unsigned long long vertex = word * kBitmapWordBits + lane;
        const bool unvisited = vertex < static_cast<unsigned long long>(args_.num_vertices) &&
                               (seen & (BitmapWord{1} << lane)) == 0;

        // 3. Each unvisited vertex looks for a frontier vertex among its in-neighbours.
        bool found = false;
        VertexT parent = 0;
        if (unvisited) {
          const VertexT v = static_cast<VertexT>(vertex);
          const EdgeT end = args_.reverse.offsets[v + 1];
          EdgeT e = args_.reverse.offsets[v];
          // The first in-neighbour from its own array, read with the warp's other lanes, where
          // the list's first arc would be a load of its own into the arcs; the list from its
          // second arc on only when that one is not in the frontier.
          if (args_.first_in_neighbour != nullptr && e < end) {
            const VertexT u = args_.first_in_neighbour[v];
            ++examined;
            ++e;
            if (frontier_.contains(args_, u)) {
              found = true;
              parent = u;
            }
          }
          for (; !found && e < end; ++e) {
            const auto u = static_cast<VertexT>(args_.reverse.targets[e]);
            ++examined;
            if (frontier_.contains(args_, u)) {
              found = true;
              parent = u;
            }
          }
        }

        // 4. Label the found vertices; lane 0 writes the visited word, lane k keeps the
        //    next-frontier word.
        const BitmapWord found_bits = __ballot_sync(kFullWarpMask, found);
        if (found) {
          const VertexT v = static_cast<VertexT>(vertex);
          args_.depth[v] = args_.level;
          if constexpr (kParents) args_.parent[v] = parent;
          ++claimed;
          degree_sum += static_cast<unsigned long long>(args_.forward.offsets[v + 1] -
                                                        args_.forward.offsets[v]);
        }
        if (lane == k) lane_bits = found_bits;
        if (lane == 0 && found_bits != 0) args_.visited[word] = seen | found_bits;
      }
      frontier_.store(args_, first, count, lane_bits);
    }
    // 5. The words past searched_words (whole chunks) have no vertex to find: written zero.
    for (; first < words; first += warps_in_grid * kChunk) {
      const int count = static_cast<int>(
          words - first < static_cast<unsigned long long>(kChunk) ? words - first : kChunk);
      frontier_.store(args_, first, count, BitmapWord{0});
    }
    frontier_.stored();

    // 6. Level counters: one atomic per warp.
    warp_atomic_add(&args_.counters->new_vertices, claimed);
    warp_atomic_add(&args_.counters->new_degree_sum, degree_sum);
    warp_atomic_add(&args_.counters->arcs_examined, examined);
  }

 private:
  const Args& args_;
  Frontier frontier_;
};

}  // namespace frontier::cuda
