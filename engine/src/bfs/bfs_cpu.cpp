// bfs_cpu.cpp — direction-optimizing breadth-first search on the CPU (OpenMP).
//
// Algorithm: Beamer, Asanović, Patterson, "Direction-Optimizing Breadth-First Search", SC 2012;
// structure after the GAP Benchmark Suite's src/bfs.cc (Beamer), written anew for frontier's
// CSR graph, depth-and-parent result and per-level statistics.
//
//  - Top-down step: the frontier is a window [begin, end) of one vertex queue of n slots. Each
//    thread claims undiscovered out-neighbours by compare-and-swap on depth, gathers them in a
//    private buffer and appends the buffer to the queue's tail with one atomic add. A step too
//    small to fill two threads (bfs_tuning.hpp) runs on the calling thread with plain stores,
//    which is most steps of a road network's search.
//  - Bottom-up step: the frontier is a bitmap. Each thread takes runs of 64-vertex words; every
//    undiscovered vertex scans its in-neighbours and stops at the first one in the frontier.
//    A word's vertices go through each phase together (find the undiscovered ones and their
//    lists, load every first in-neighbour, then test and scan on), so their cache misses overlap.
//    A word of the next bitmap is written by the one thread owning those 64 vertices.
//  - Switching (Beamer's rule): top-down -> bottom-up when the arcs leaving the frontier (m_f)
//    exceed 1/alpha of the work of a bottom-up step; bottom-up -> top-down when the frontier
//    shrinks and holds at most n/beta vertices. Two refinements over gapbs, both to stop the
//    search flipping direction level after level in the thin tail of a search (road networks,
//    meshes, the last levels of a Kronecker search): (a) the bottom-up work is taken as the
//    out-arcs of unexpanded vertices (m_u, kept exact) plus n, since a bottom-up step also
//    reads every vertex's depth, i.e. switch when m_f > (m_u + n) / alpha — on Kronecker
//    graphs n is a few percent of m_u and the switch points barely move; (b) no switch to
//    bottom-up while the frontier is small and shrinking, the state in which the reverse rule
//    would switch straight back. A third learns from the search itself: a bottom-up step shows
//    its own alpha, its work bound (m_u + n) over the arcs it examined. Alpha is lowered to it,
//    and the search goes back to top-down as soon as the new frontier's out-arcs cost less than
//    the next bottom-up step would examine at that rate, each step's arcs divided among the
//    threads it gets (a small top-down step runs on one). On a power grid or a sparse social
//    graph a bottom-up step in the middle of the search reads most unexplored lists; the search
//    then returns to top-down after it and stays there, where Beamer's fixed rule turned
//    bottom-up again phase after phase. On Kronecker graphs a step examines a small share of the
//    unexplored arcs: alpha stays and so does the bottom-up phase. An alpha the caller set is
//    followed as given.
//
// Invariants:
//  - depth[v] == -1 <=> v undiscovered; a vertex's depth is written once, by the thread that
//    discovered it (CAS winner top-down, owner of v's bitmap word bottom-up).
//  - Every vertex enters the queue at most once between resets, so n slots suffice: top-down
//    appends only newly discovered vertices, and the conversion bitmap -> queue restarts the
//    queue at slot 0 (nothing else in it is live by then).
//  - parent[v] is written only together with depth[v] and is an in-neighbour of v whose depth
//    is depth[v] - 1, so parents form a BFS tree whatever the thread interleaving.
//  - No array of a search is filled before the search: depth and parent are written first by
//    the parallel initialization loop (static schedule, so each thread first touches the part it
//    initializes), the queue only by the steps that append to it, a bitmap by the conversion
//    that clears it or the bottom-up step that writes every word of it (LabelVector allocates
//    without filling).
//  - Several sources all start in the level-0 queue (depth 0, their own parents), so a depth is
//    the distance to the nearest source. A depth limit or a target ends the loop between levels,
//    so every level labelled is complete.
#include "bfs/bfs_cpu.hpp"

#include <omp.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cstdint>
#include <cstring>
#include <optional>
#include <span>
#include <vector>

#include "bfs/bfs_tuning.hpp"
#include "frontier/detail/log.hpp"
#include "frontier/detail/timer.hpp"
#include "frontier/label_vector.hpp"

namespace frontier::cpu {
namespace {

constexpr int kWordBits = 64;

// A fixed-size bitmap of vertices in 64-bit words, unset until its user clears or writes them.
class VertexBitmap {
 public:
  explicit VertexBitmap(std::int64_t bits)
      : words_(static_cast<std::size_t>((bits + kWordBits - 1) / kWordBits)) {}

  std::int64_t word_count() const { return static_cast<std::int64_t>(words_.size()); }
  std::uint64_t* words() { return words_.data(); }
  const std::uint64_t* words() const { return words_.data(); }
  bool test(std::int64_t bit) const { return (words_[bit / kWordBits] >> (bit % kWordBits)) & 1U; }
  void set_atomic(std::int64_t bit) {
    std::atomic_ref<std::uint64_t>(words_[bit / kWordBits])
        .fetch_or(std::uint64_t{1} << (bit % kWordBits), std::memory_order_relaxed);
  }
  void swap(VertexBitmap& other) noexcept { words_.swap(other.words_); }

 private:
  LabelVector<std::uint64_t> words_;
};

// One thread's buffer of vertices bound for a queue shared by a team: appended to the queue's
// tail with one atomic add per `capacity` vertices, the rest when it goes out of scope (before the
// parallel region's closing barrier).
template <typename VertexT>
class QueueAppender {
 public:
  QueueAppender(VertexT* queue, std::atomic<std::int64_t>& tail, std::size_t capacity)
      : queue_(queue), tail_(tail), capacity_(capacity) {
    local_.reserve(capacity);
  }
  QueueAppender(const QueueAppender&) = delete;
  QueueAppender& operator=(const QueueAppender&) = delete;
  ~QueueAppender() { flush(); }

  void push(VertexT vertex) {
    local_.push_back(vertex);
    if (local_.size() == capacity_) flush();
  }

 private:
  void flush() {
    if (local_.empty()) return;
    const std::int64_t at =
        tail_.fetch_add(static_cast<std::int64_t>(local_.size()), std::memory_order_relaxed);
    std::memcpy(queue_ + at, local_.data(), local_.size() * sizeof(VertexT));
    local_.clear();
  }

  VertexT* queue_;
  std::atomic<std::int64_t>& tail_;
  std::size_t capacity_;
  std::vector<VertexT> local_;
};

// A top-down step's work on u's arcs [first, last), shared by the threads: each unreached target
// claimed by a compare-and-swap of its depth gets u as its parent and joins the next frontier.
// Returns the out-arcs of the vertices claimed.
template <typename VertexT, typename EdgeT>
[[gnu::always_inline]] inline std::int64_t claim_targets(
    VertexT u, EdgeT first, EdgeT last, const EdgeT* offsets, const VertexT* targets,
    std::int32_t next_depth, std::int32_t* depth, VertexT* parent, QueueAppender<VertexT>& next) {
  std::int64_t claimed_arcs = 0;
  for (EdgeT e = first; e < last; ++e) {
    const VertexT v = targets[e];
    std::atomic_ref<std::int32_t> slot(depth[v]);
    std::int32_t seen = slot.load(std::memory_order_relaxed);
    if (seen != kUnreachedDepth) continue;
    if (!slot.compare_exchange_strong(seen, next_depth, std::memory_order_relaxed)) continue;
    if (parent != nullptr) parent[v] = u;
    claimed_arcs += static_cast<std::int64_t>(offsets[v + 1] - offsets[v]);
    next.push(v);
  }
  return claimed_arcs;
}

// The search state of one BFS; one object per call.
template <typename VertexT, typename EdgeT>
class DirectionOptimizingBfs {
 public:
  DirectionOptimizingBfs(const CsrGraph<VertexT, EdgeT>& graph, std::span<const VertexT> sources,
                         const BfsOptions& options)
      : graph_(graph),
        sources_(sources),
        policy_(make_bfs_cpu_policy(options, graph.num_vertices(),
                                    static_cast<std::int64_t>(graph.num_arcs()))),
        n_(graph.num_vertices()),
        with_parents_(options.predecessors),
        depth_limit_(options.depth_limit),
        target_(options.target) {}

  BfsResult<VertexT> run();

 private:
  void initialize();
  // Expands queue_[queue_begin_, queue_end_), whose vertices have `frontier_arcs` out-arcs;
  // returns the arcs examined. Sets next_size_ and next_scout_.
  std::int64_t top_down_step(std::int32_t next_depth, std::int64_t frontier_arcs);
  // Expands front_ into next_ when `unexplored_work` (unexpanded arcs plus vertices) bounds its
  // work; returns the arcs examined. Sets next_size_ and next_scout_.
  std::int64_t bottom_up_step(std::int32_t next_depth, std::int64_t unexplored_work);
  void queue_to_bitmap();
  void bitmap_to_queue();
  void ensure_bitmaps();
  // Whether a top-down step over `scout` arcs costs less than the next bottom-up step, which
  // examines about (unexpanded_arcs + n) / shown_alpha arcs: arcs priced alike, each step's
  // divided among the threads it gets.
  bool top_down_is_cheaper(std::int64_t scout, std::int64_t unexpanded_arcs,
                           double shown_alpha) const {
    const std::int64_t work = unexpanded_arcs - scout + n_;
    const double top_down =
        static_cast<double>(scout) / policy_.threads_for(scout, policy_.top_down_arcs_per_thread);
    const double bottom_up = static_cast<double>(work) / shown_alpha /
                             policy_.threads_for(work, policy_.bottom_up_work_per_thread);
    return top_down < bottom_up;
  }
  // Why the search stops before expanding the frontier at `level`, or FrontierEmpty to go on.
  BfsStop stop_before(std::int32_t level) const;

  const CsrGraph<VertexT, EdgeT>& graph_;
  std::span<const VertexT> sources_;
  BfsCpuPolicy policy_;
  std::int64_t n_;
  bool with_parents_;
  std::optional<std::int32_t> depth_limit_;
  std::optional<std::int64_t> target_;

  LabelVector<std::int32_t> depth_;
  LabelVector<VertexT> parent_;
  LabelVector<VertexT> queue_;
  std::int64_t queue_begin_ = 0;
  std::int64_t queue_end_ = 0;
  std::vector<VertexBitmap> bitmaps_;  // empty until the first bottom-up step: {front, next}
  // Where each frontier vertex's list starts among the frontier's lists laid end to end (a top-down
  // step that cuts them into pieces of arcs; fewer entries than threads * top_down_chunk).
  std::vector<std::int64_t> list_starts_;
  const CsrGraph<VertexT, EdgeT>* in_graph_ = nullptr;

  std::int64_t next_size_ = 0;   // vertices discovered by the last step
  std::int64_t next_scout_ = 0;  // out-arcs of the vertices discovered by the last step
};

template <typename VertexT, typename EdgeT>
void DirectionOptimizingBfs<VertexT, EdgeT>::initialize() {
  depth_.resize(static_cast<std::size_t>(n_));
  if (with_parents_) parent_.resize(static_cast<std::size_t>(n_));
  queue_.resize(static_cast<std::size_t>(n_));
  std::int32_t* depth = depth_.data();
  VertexT* parent = with_parents_ ? parent_.data() : nullptr;
  const std::int64_t n = n_;
  const int threads = policy_.threads_for(n, policy_.vertices_per_thread);
#pragma omp parallel for schedule(static) num_threads(threads) if (threads > 1)
  for (std::int64_t v = 0; v < n; ++v) {
    depth[v] = kUnreachedDepth;
    if (parent != nullptr) parent[v] = kInvalidVertex<VertexT>;
  }
  std::int64_t at = 0;
  for (const VertexT source : sources_) {
    depth_[source] = 0;
    if (with_parents_) parent_[source] = source;
    queue_[at++] = source;
  }
  queue_begin_ = 0;
  queue_end_ = at;
}

template <typename VertexT, typename EdgeT>
BfsStop DirectionOptimizingBfs<VertexT, EdgeT>::stop_before(std::int32_t level) const {
  if (target_ && depth_[static_cast<std::size_t>(*target_)] != kUnreachedDepth) {
    return BfsStop::TargetReached;
  }
  if (depth_limit_ && level >= *depth_limit_) return BfsStop::DepthLimit;
  return BfsStop::FrontierEmpty;
}

template <typename VertexT, typename EdgeT>
void DirectionOptimizingBfs<VertexT, EdgeT>::ensure_bitmaps() {
  if (!bitmaps_.empty()) return;
  bitmaps_.emplace_back(n_);
  bitmaps_.emplace_back(n_);
  // Bottom-up steps read in-arcs: the graph itself when undirected, its transpose otherwise.
  in_graph_ = &graph_.reverse();
}

template <typename VertexT, typename EdgeT>
std::int64_t DirectionOptimizingBfs<VertexT, EdgeT>::top_down_step(std::int32_t next_depth,
                                                                   std::int64_t frontier_arcs) {
  const int threads = policy_.threads_for(frontier_arcs, policy_.top_down_arcs_per_thread);
  const EdgeT* offsets = graph_.offsets().data();
  const VertexT* targets = graph_.targets().data();
  std::int32_t* depth = depth_.data();
  VertexT* parent = with_parents_ ? parent_.data() : nullptr;
  VertexT* queue = queue_.data();
  const std::int64_t begin = queue_begin_;
  const std::int64_t end = queue_end_;
  std::int64_t examined = 0;
  std::int64_t scout = 0;

  if (threads == 1) {
    // Alone: plain loads and stores, appending straight to the queue.
    std::int64_t tail = end;
    for (std::int64_t i = begin; i < end; ++i) {
      const VertexT u = queue[i];
      const EdgeT first = offsets[u];
      const EdgeT last = offsets[u + 1];
      examined += static_cast<std::int64_t>(last - first);
      for (EdgeT e = first; e < last; ++e) {
        const VertexT v = targets[e];
        if (depth[v] != kUnreachedDepth) continue;
        depth[v] = next_depth;
        if (parent != nullptr) parent[v] = u;
        scout += static_cast<std::int64_t>(offsets[v + 1] - offsets[v]);
        queue[tail++] = v;
      }
    }
    queue_end_ = tail;
  } else {
    const std::size_t capacity = policy_.local_queue_capacity;
    std::atomic<std::int64_t> tail{end};
    const std::int64_t frontier = end - begin;
    if (frontier < static_cast<std::int64_t>(threads) * policy_.top_down_chunk &&
        frontier_arcs > frontier * policy_.top_down_hub_degree) {
      // Fewer vertex chunks than threads, and hubs among them: the frontier's lists, laid end to
      // end, are cut into pieces of arcs, so that a hub's list is shared by the threads.
      list_starts_.resize(static_cast<std::size_t>(frontier) + 1);
      std::int64_t arcs = 0;
      for (std::int64_t i = 0; i < frontier; ++i) {
        list_starts_[static_cast<std::size_t>(i)] = arcs;
        const VertexT u = queue[begin + i];
        arcs += static_cast<std::int64_t>(offsets[u + 1] - offsets[u]);
      }
      list_starts_[static_cast<std::size_t>(frontier)] = arcs;
      const std::int64_t piece =
          std::max(policy_.top_down_arcs_per_thread,
                   (arcs + threads * policy_.top_down_pieces_per_thread - 1) /
                       (threads * policy_.top_down_pieces_per_thread));
      const std::int64_t pieces = (arcs + piece - 1) / piece;
      const std::int64_t* starts = list_starts_.data();
#pragma omp parallel num_threads(threads) reduction(+ : scout)
      {
        QueueAppender<VertexT> next(queue, tail, capacity);
#pragma omp for schedule(dynamic, 1) nowait
        for (std::int64_t k = 0; k < pieces; ++k) {
          const std::int64_t piece_end = std::min(arcs, (k + 1) * piece);
          // The list holding the piece's first arc: the last one starting at or before it.
          std::int64_t i = std::upper_bound(starts, starts + frontier + 1, k * piece) - starts - 1;
          for (std::int64_t at = k * piece; at < piece_end; ++i) {
            const VertexT u = queue[begin + i];
            const std::int64_t to = std::min(piece_end, starts[i + 1]);
            scout += claim_targets(u, offsets[u] + static_cast<EdgeT>(at - starts[i]),
                                   offsets[u] + static_cast<EdgeT>(to - starts[i]), offsets,
                                   targets, next_depth, depth, parent, next);
            at = to;
          }
        }
      }
      examined = arcs;
    } else {
#pragma omp parallel num_threads(threads) reduction(+ : examined, scout)
      {
        QueueAppender<VertexT> next(queue, tail, capacity);
#pragma omp for schedule(dynamic, policy_.top_down_chunk) nowait
        for (std::int64_t i = begin; i < end; ++i) {
          const VertexT u = queue[i];
          const EdgeT first = offsets[u];
          const EdgeT last = offsets[u + 1];
          examined += static_cast<std::int64_t>(last - first);
          scout += claim_targets(u, first, last, offsets, targets, next_depth, depth, parent, next);
        }
      }
    }
    queue_end_ = tail.load();
  }
  queue_begin_ = end;
  next_size_ = queue_end_ - queue_begin_;
  next_scout_ = scout;
  return examined;
}

template <typename VertexT, typename EdgeT>
std::int64_t DirectionOptimizingBfs<VertexT, EdgeT>::bottom_up_step(std::int32_t next_depth,
                                                                    std::int64_t unexplored_work) {
  const EdgeT* offsets = graph_.offsets().data();
  const EdgeT* in_offsets = in_graph_->offsets().data();
  const VertexT* in_sources = in_graph_->targets().data();
  std::int32_t* depth = depth_.data();
  VertexT* parent = with_parents_ ? parent_.data() : nullptr;
  const VertexBitmap& front = bitmaps_[0];
  std::uint64_t* next = bitmaps_[1].words();
  const std::int64_t words = front.word_count();
  const std::int64_t n = n_;
  std::int64_t examined = 0;
  std::int64_t awake = 0;
  std::int64_t scout = 0;

  const int threads = policy_.threads_for(unexplored_work, policy_.bottom_up_work_per_thread);
#pragma omp parallel for schedule(dynamic, policy_.bottom_up_chunk_words) num_threads(threads) \
    reduction(+ : examined, awake, scout) if (threads > 1)
  for (std::int64_t w = 0; w < words; ++w) {
    const std::int64_t first_vertex = w * kWordBits;
    const auto count = static_cast<int>(std::min<std::int64_t>(n - first_vertex, kWordBits));
    // The word's unvisited vertices with in-arcs, their lists and first in-neighbours: each pass
    // over the word issues independent loads, so the cache misses of the 64 vertices overlap
    // instead of each vertex's list start waiting on the previous vertex's scan.
    int candidates = 0;
    std::array<int, kWordBits> bit;  // filled up to `candidates` before being read
    std::array<EdgeT, kWordBits> begin;
    std::array<EdgeT, kWordBits> end;
    for (int i = 0; i < count; ++i) {
      const std::int64_t u = first_vertex + i;
      if (depth[u] != kUnreachedDepth) continue;
      bit[candidates] = i;
      begin[candidates] = in_offsets[u];
      end[candidates] = in_offsets[u + 1];
      candidates += begin[candidates] < end[candidates] ? 1 : 0;
    }
    std::array<VertexT, kWordBits> head;
    for (int c = 0; c < candidates; ++c) head[c] = in_sources[begin[c]];
    std::uint64_t found = 0;
    for (int c = 0; c < candidates; ++c) {
      // The first in-neighbour (with hubs first, the most likely to be in the frontier), then
      // the rest of the list until one is.
      EdgeT e = begin[c];
      VertexT from = head[c];
      while (!front.test(from)) {
        if (++e == end[c]) break;
        from = in_sources[e];
      }
      if (e == end[c]) {
        examined += static_cast<std::int64_t>(end[c] - begin[c]);
        continue;
      }
      examined += static_cast<std::int64_t>(e - begin[c]) + 1;
      const std::int64_t u = first_vertex + bit[c];
      depth[u] = next_depth;
      if (parent != nullptr) parent[u] = from;
      found |= std::uint64_t{1} << bit[c];
      scout += static_cast<std::int64_t>(offsets[u + 1] - offsets[u]);
    }
    next[w] = found;
    awake += std::popcount(found);
  }
  bitmaps_[0].swap(bitmaps_[1]);
  next_size_ = awake;
  next_scout_ = scout;
  return examined;
}

template <typename VertexT, typename EdgeT>
void DirectionOptimizingBfs<VertexT, EdgeT>::queue_to_bitmap() {
  ensure_bitmaps();
  VertexBitmap& front = bitmaps_[0];
  std::uint64_t* words = front.words();
  const std::int64_t word_count = front.word_count();
  const VertexT* queue = queue_.data();
  const std::int64_t begin = queue_begin_;
  const std::int64_t end = queue_end_;
  const int threads = policy_.threads_for(n_, policy_.vertices_per_thread);
#pragma omp parallel num_threads(threads) if (threads > 1)
  {
#pragma omp for schedule(static)
    for (std::int64_t w = 0; w < word_count; ++w) words[w] = 0;
#pragma omp for schedule(static)
    for (std::int64_t i = begin; i < end; ++i) front.set_atomic(queue[i]);
  }
}

template <typename VertexT, typename EdgeT>
void DirectionOptimizingBfs<VertexT, EdgeT>::bitmap_to_queue() {
  const std::uint64_t* words = bitmaps_[0].words();
  const std::int64_t word_count = bitmaps_[0].word_count();
  VertexT* queue = queue_.data();
  const std::size_t capacity = policy_.local_queue_capacity;
  std::atomic<std::int64_t> tail{0};
  const int threads = policy_.threads_for(n_, policy_.vertices_per_thread);
#pragma omp parallel num_threads(threads) if (threads > 1)
  {
    QueueAppender<VertexT> appender(queue, tail, capacity);
#pragma omp for schedule(static) nowait
    for (std::int64_t w = 0; w < word_count; ++w) {
      for (std::uint64_t bits = words[w]; bits != 0; bits &= bits - 1) {
        appender.push(static_cast<VertexT>(w * kWordBits + std::countr_zero(bits)));
      }
    }
  }
  queue_begin_ = 0;
  queue_end_ = tail.load();
}

template <typename VertexT, typename EdgeT>
BfsResult<VertexT> DirectionOptimizingBfs<VertexT, EdgeT>::run() {
  auto& log = detail::logger();
  log.debug("bfs cpu: {} source(s) from {} on {} vertices, {} arcs{}; {}", sources_.size(),
            sources_.front(), n_, graph_.num_arcs(), graph_.directed() ? " (directed)" : "",
            policy_.describe());
  detail::Timer total;
  initialize();

  BfsResult<VertexT> result;
  result.source = sources_.front();
  result.sources.assign(sources_.begin(), sources_.end());
  BfsDirection direction =
      policy_.strategy == BfsStrategy::BottomUp ? BfsDirection::BottomUp : BfsDirection::TopDown;
  if (direction == BfsDirection::BottomUp) queue_to_bitmap();

  std::int64_t frontier_size = static_cast<std::int64_t>(sources_.size());
  std::int64_t previous_size = 0;
  std::int64_t scout = 0;
  for (const VertexT source : sources_) scout += static_cast<std::int64_t>(graph_.degree(source));
  std::int64_t unexpanded_arcs = static_cast<std::int64_t>(graph_.num_arcs());
  std::int64_t reached = frontier_size;
  const bool adaptive = policy_.strategy == BfsStrategy::DirectionOptimizing;
  const bool learns = adaptive && policy_.learn_alpha;
  double alpha = policy_.alpha;
  double shown_alpha = 0.0;  // of the last bottom-up step: its work bound over arcs examined

  for (std::int32_t level = 0; frontier_size > 0; ++level) {
    result.stop = stop_before(level);
    if (result.stop != BfsStop::FrontierEmpty) break;
    detail::Timer step;
    // 1. Choose the direction (Beamer's rule, see the file comment), converting the frontier
    //    when it changes.
    const bool small_and_shrinking =
        frontier_size < previous_size && frontier_size <= n_ / policy_.beta;
    if (adaptive && direction == BfsDirection::TopDown && !small_and_shrinking &&
        scout > (unexpanded_arcs + n_) / alpha) {
      queue_to_bitmap();
      direction = BfsDirection::BottomUp;
    } else if (adaptive && direction == BfsDirection::BottomUp &&
               (small_and_shrinking ||
                (learns && top_down_is_cheaper(scout, unexpanded_arcs, shown_alpha)))) {
      bitmap_to_queue();
      direction = BfsDirection::TopDown;
    }
    // 2. Expand the frontier one level.
    unexpanded_arcs -= scout;
    const std::int64_t examined = direction == BfsDirection::TopDown
                                      ? top_down_step(level + 1, scout)
                                      : bottom_up_step(level + 1, unexpanded_arcs + n_);
    if (learns && direction == BfsDirection::BottomUp) {
      shown_alpha = static_cast<double>(unexpanded_arcs + n_) /
                    static_cast<double>(std::max<std::int64_t>(examined, 1));
      alpha = std::min(alpha, shown_alpha);
    }
    // 3. Record the level and move on to the next frontier.
    BfsLevelStats stats;
    stats.level = level;
    stats.direction = direction;
    stats.frontier_vertices = frontier_size;
    stats.edges_examined = examined;
    stats.seconds = step.seconds();
    log.debug("bfs level {:3d} {:9s} frontier {:>12d} arcs examined {:>14d} {:.6f} s", level,
              to_string(direction), frontier_size, examined, stats.seconds);
    result.levels.push_back(stats);
    result.edges_examined += examined;
    reached += next_size_;
    previous_size = frontier_size;
    frontier_size = next_size_;
    scout = next_scout_;
  }

  result.vertices_reached = reached;
  result.depth = std::move(depth_);
  result.parent = std::move(parent_);
  result.seconds = total.seconds();
  log.debug("bfs cpu: reached {} vertices in {} levels, {} arcs examined, {:.6f} s", reached,
            result.levels.size(), result.edges_examined, result.seconds);
  return result;
}

}  // namespace

template <typename VertexT, typename EdgeT>
BfsResult<VertexT> bfs(const CsrGraph<VertexT, EdgeT>& graph, std::span<const VertexT> sources,
                       const BfsOptions& options) {
  DirectionOptimizingBfs<VertexT, EdgeT> search(graph, sources, options);
  return search.run();
}

template BfsResult<std::int32_t> bfs(const CsrGraph<std::int32_t, std::int64_t>&,
                                     std::span<const std::int32_t>, const BfsOptions&);
template BfsResult<std::int64_t> bfs(const CsrGraph<std::int64_t, std::int64_t>&,
                                     std::span<const std::int64_t>, const BfsOptions&);

}  // namespace frontier::cpu
