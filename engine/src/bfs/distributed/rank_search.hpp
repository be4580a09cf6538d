/// @file bfs/distributed/rank_search.hpp
/// @brief One rank's part of a distributed search (internal, plain host C++): its labels, its
/// frontier queues and its bins, behind the operations the level loop calls in order. Calls may
/// be asynchronous (GPU streams); the exchange's all-reduce is the level's synchronization point.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "bfs/distributed/exchange.hpp"

namespace frontier::distributed {

/// Counters every rank reports at the end of a level (summed over ranks by the all-reduce).
enum LevelCounter : int {
  kNextFrontier = 0,   ///< vertices this rank labelled in this level (its next frontier)
  kEdgesExamined = 1,  ///< arcs this rank expanded
  kItemsBinned = 2,    ///< items that passed the filter (all destinations)
  kItemsSentAway = 3,  ///< of those, items for other ranks
  kFrontierArcs = 4,   ///< out-arcs of the vertices labelled in this level (Beamer's m_f)
  kLevelCounters = 5,
};

/// The moments that end the phases of a level on one rank (phase timing only), in the order the
/// rank's work reaches them; each phase lasts from the previous mark to its own.
enum class LevelMark : int {
  kSearchStart = 0,  ///< start() was called (level -1: the search's reset follows)
  kBegin = 1,        ///< the level's first work is about to be queued (idle before it)
  kExpanded = 2,     ///< top-down: expanded, filtered and binned; bottom-up: frontier part built
  kExchanged = 3,    ///< bins at their owners / frontier parts all-gathered
  kGlobalized = 4,   ///< bottom-up, GPU ranks: the gathered parts made a bitmap in global order
  kContracted = 5,   ///< received items labelled / unvisited vertices searched; counters filled
  kReduced = 6,      ///< the counters all-reduced and on their way to the host
};
inline constexpr int kLevelMarks = 7;

/// One mark on the rank's clock: seconds since an arbitrary origin fixed for the search.
struct PhaseStamp {
  std::int32_t level = 0;
  LevelMark mark = LevelMark::kBegin;
  double seconds = 0.0;
};

/// How a bottom-up level's frontier travels between ranks (RankSearch::build_frontier_part).
enum class FrontierPart : int {
  kBitmap = 0,  ///< a bitmap of the rank's local ids
  kQueue = 1,   ///< the frontier's size (64 bits), then its local ids
};

/// Frontier parts are whole 128-byte lines (NCCL's symmetric all-gather needs parts of a
/// multiple of 8 bytes, nccl_exchange.cuh, and moves whole lines fastest).
inline constexpr std::size_t kFrontierPartLine = 128;

/// 32-bit words of one rank's kBitmap part: a bit per local id of the largest rank.
constexpr std::size_t bitmap_part_words(std::int64_t max_local_count) {
  constexpr std::size_t kLineWords = kFrontierPartLine / sizeof(std::uint32_t);
  const std::size_t words = (static_cast<std::size_t>(max_local_count) + 31) / 32;
  return (words + kLineWords - 1) / kLineWords * kLineWords;
}

/// Bytes of one rank's kQueue part for frontiers of at most `largest_frontier` vertices: the
/// size, then the ids.
template <typename VertexT>
constexpr std::size_t queue_part_bytes(std::int64_t largest_frontier) {
  const std::size_t bytes =
      sizeof(std::int64_t) + static_cast<std::size_t>(largest_frontier) * sizeof(VertexT);
  return (bytes + kFrontierPartLine - 1) / kFrontierPartLine * kFrontierPartLine;
}

template <typename VertexT>
class RankSearch {
 public:
  virtual ~RankSearch() = default;
  virtual int rank() const = 0;
  /// Resets labels and bitmasks; the source's owner labels it (depth 0, parent itself) and
  /// queues it. Items carry (vertex, parent) pairs when `predecessors`, else vertices. With
  /// `time_phases` the rank stamps kSearchStart (level -1) first, then every mark() until the
  /// next start(), and marks kGlobalized itself where it has that step.
  virtual void start(VertexT source, bool predecessors, bool time_phases) = 0;
  /// Steps 1-2: expands the local frontier, filters and bins the neighbours by owner.
  /// `frontier_arcs`: the arcs out of the rank's frontier where the level loop knows them (it
  /// sizes the work), else -1.
  virtual void expand(std::int32_t level, std::int64_t frontier_arcs) = 0;
  /// The buffers expand() filled and contract() reads.
  virtual RankBins& bins() = 0;
  /// Step 4: labels the received vertices still unvisited with depth level + 1 (and their
  /// parents) and queues them; fills the level counters.
  virtual void contract(std::int32_t level) = 0;
  /// Bottom-up levels (Beamer; undirected slices only). Step 1: the rank writes its frontier
  /// into the staging part of the gathered buffer (bytes [p * B, (p + 1) * B), B = part_bytes,
  /// p ranks), from which the exchange all-gathers every rank's part r into bytes [r * B,
  /// (r + 1) * B): as a bitmap of its local ids (kBitmap, B = bitmap_words() words), or, when
  /// the frontier is a queue (the previous level was top-down), as its size and local ids
  /// (kQueue, queue_part_bytes() of the largest frontier over all ranks).
  virtual void build_frontier_part(FrontierPart form, std::size_t part_bytes) = 0;
  /// (p + 1) * bitmap_words() words: the gathered parts, then the staging part.
  virtual void* gathered_bitmap() = 0;
  /// 32-bit words of one rank's bitmap part (bitmap_part_words of the largest local count).
  virtual std::size_t bitmap_words() const = 0;
  /// Step 2: every unvisited owned vertex looks among its neighbours for one in the gathered
  /// frontier (parts of `form`, part_bytes each); the first found becomes its parent; fills the
  /// level counters.
  virtual void bottom_up(std::int32_t level, FrontierPart form, std::size_t part_bytes) = 0;
  /// kLevelCounters counters in exchange space, valid after contract() or bottom_up().
  virtual std::int64_t* level_counters() = 0;
  /// The next frontier becomes the current one (its size as the all-reduce read it).
  virtual void advance(std::int64_t next_frontier_size) = 0;
  /// Waits until the rank's labels are final where they live.
  virtual void finish() = 0;
  /// Phase timing (only after start(..., true)): stamps `mark` of `level` once the work queued
  /// so far is done (GPU: an event on the rank's stream; CPU: now).
  virtual void mark(std::int32_t level, LevelMark mark) = 0;
  /// After finish(): every stamp since start(), in the order they were made (empty unless
  /// phases were timed).
  virtual std::vector<PhaseStamp> phase_stamps() = 0;
  /// Writes the rank's labels into global arrays (parent may be empty).
  virtual void gather(std::span<std::int32_t> depth, std::span<VertexT> parent) = 0;
  /// Bytes of one exchanged item for the current search.
  virtual std::size_t item_bytes() const = 0;
};

}  // namespace frontier::distributed
