// cpu_rank_search.cpp — one simulated rank of the distributed BFS on the CPU (see
// cpu_rank_search.hpp and distributed_bfs.hpp for the steps). Items are `words_` VertexT each:
// the vertex, then (predecessor runs) its parent, a global id.
// Invariants: sent_ has bit w set iff this rank binned w in this search; depth_[l] != -1 iff
// local vertex l was labelled; a vertex enters next_ only when its depth is set, so once.
#include "bfs/distributed/cpu/cpu_rank_search.hpp"

#include <algorithm>
#include <cstring>
#include <string>

#include "bfs/distributed/gathered_bitmap.hpp"
#include "frontier/errors.hpp"

namespace frontier::distributed {

template <typename VertexT, typename EdgeT>
CpuRankSearch<VertexT, EdgeT>::CpuRankSearch(const RankGraph<VertexT, EdgeT>& slice)
    : slice_(slice), distribution_(slice.distribution) {
  const int p = distribution_.ranks;
  const VertexT count = distribution_.local_count(slice_.rank);
  depth_.resize(static_cast<std::size_t>(count));
  parent_.resize(static_cast<std::size_t>(count));
  sent_.resize((static_cast<std::size_t>(distribution_.num_vertices) + 63) / 64);
  frontier_.reserve(static_cast<std::size_t>(count));
  next_.reserve(static_cast<std::size_t>(count));
  send_offsets_.resize(static_cast<std::size_t>(p));
  for (int d = 0; d < p; ++d) send_offsets_[d] = distribution_.rank_offset(d);
  send_counts_.assign(static_cast<std::size_t>(p), 0);
  recv_counts_.assign(static_cast<std::size_t>(p), 0);
  // Room for pairs; depth-only runs use the first half.
  send_.resize(2 * static_cast<std::size_t>(distribution_.num_vertices));
  recv_.resize(2 * static_cast<std::size_t>(p) * static_cast<std::size_t>(count));
  bins_.send = send_.data();
  bins_.send_offsets = send_offsets_;
  bins_.send_counts = send_counts_.data();
  bins_.recv = recv_.data();
  bins_.recv_capacity = static_cast<std::int64_t>(p) * count;
  bins_.recv_counts = recv_counts_.data();
  bitmap_words_ = bitmap_part_words(distribution_.max_local_count());
  bitmap_.resize(bitmap_words_ * (static_cast<std::size_t>(p) + 1));
}

template <typename VertexT, typename EdgeT>
void CpuRankSearch<VertexT, EdgeT>::start(VertexT source, bool predecessors, bool time_phases) {
  time_phases_ = time_phases;
  stamps_.clear();
  clock_.restart();
  if (time_phases_) mark(-1, LevelMark::kSearchStart);
  words_ = predecessors ? 2 : 1;
  std::fill(depth_.begin(), depth_.end(), kUnreachedDepth);
  std::fill(parent_.begin(), parent_.end(), kInvalidVertex<VertexT>);
  std::fill(sent_.begin(), sent_.end(), 0);
  frontier_.clear();
  next_.clear();
  if (distribution_.owner(source) == slice_.rank) {
    const VertexT local = distribution_.local(source);
    depth_[local] = 0;
    parent_[local] = source;
    frontier_.push_back(local);
  }
}

template <typename VertexT, typename EdgeT>
void CpuRankSearch<VertexT, EdgeT>::expand(std::int32_t level, std::int64_t frontier_arcs) {
  const int me = slice_.rank;
  std::fill(send_counts_.begin(), send_counts_.end(), 0);
  edges_examined_ = 0;
  for (const VertexT local : frontier_) {
    const VertexT u = distribution_.global(me, local);
    for (EdgeT e = slice_.offsets[local]; e < slice_.offsets[local + 1]; ++e) {
      const VertexT w = slice_.targets[e];
      ++edges_examined_;
      const int owner = distribution_.owner(w);
      // 1. Own vertices already labelled need not travel.
      if (owner == me && depth_[distribution_.local(w)] != kUnreachedDepth) continue;
      // 2. The filter: each vertex leaves this rank at most once per search.
      std::uint64_t& word = sent_[static_cast<std::size_t>(w) / 64];
      const std::uint64_t bit = std::uint64_t{1} << (static_cast<std::size_t>(w) % 64);
      if ((word & bit) != 0) continue;
      word |= bit;
      // 3. Into the owner's bin.
      const std::int64_t at = send_offsets_[owner] + send_counts_[owner]++;
      send_[at * words_] = w;
      if (words_ == 2) send_[at * 2 + 1] = u;
    }
  }
  // GPU ranks size their expansion by the level loop's count: the simulation holds it to the truth.
  if (frontier_arcs >= 0 && frontier_arcs != edges_examined_) {
    throw Error("distributed bfs: rank " + std::to_string(me) + " was told its level-" +
                std::to_string(level) + " frontier has " + std::to_string(frontier_arcs) +
                " arcs; it has " + std::to_string(edges_examined_));
  }
}

template <typename VertexT, typename EdgeT>
void CpuRankSearch<VertexT, EdgeT>::contract(std::int32_t level) {
  const int me = slice_.rank;
  // Items arrive packed (counts on the host) or in fixed-size blocks per sender.
  const std::int64_t stride = bins_.recv_stride;
  const int p = distribution_.ranks;
  std::int64_t frontier_arcs = 0;
  std::int64_t packed_at = 0;
  for (int s = 0; s < p; ++s) {
    const std::int64_t count = stride > 0 ? recv_counts_[s] : bins_.h_recv_counts[s];
    const std::int64_t first = stride > 0 ? s * stride : packed_at;
    packed_at += count;
    for (std::int64_t i = first; i < first + count; ++i) receive_one(level, i, frontier_arcs);
  }
  std::int64_t binned = 0;
  for (const std::int64_t count : send_counts_) binned += count;
  counters_[kNextFrontier] = static_cast<std::int64_t>(next_.size());
  counters_[kEdgesExamined] = edges_examined_;
  counters_[kItemsBinned] = binned;
  counters_[kItemsSentAway] = binned - send_counts_[me];
  counters_[kFrontierArcs] = frontier_arcs;
}

template <typename VertexT, typename EdgeT>
void CpuRankSearch<VertexT, EdgeT>::receive_one(std::int32_t level, std::int64_t i,
                                                std::int64_t& frontier_arcs) {
  const int me = slice_.rank;
  const VertexT w = recv_[i * words_];
  if (distribution_.owner(w) != me) {
    throw Error("distributed bfs: rank " + std::to_string(me) + " received vertex " +
                std::to_string(w) + " it does not own");
  }
  const VertexT local = distribution_.local(w);
  if (depth_[local] != kUnreachedDepth) return;
  depth_[local] = level + 1;
  if (words_ == 2) parent_[local] = recv_[i * 2 + 1];
  next_.push_back(local);
  frontier_arcs += slice_.degree(local);
}

template <typename VertexT, typename EdgeT>
void CpuRankSearch<VertexT, EdgeT>::build_frontier_part(FrontierPart form, std::size_t part_bytes) {
  auto* own = reinterpret_cast<unsigned char*>(bitmap_.data()) +
              static_cast<std::size_t>(distribution_.ranks) * part_bytes;
  if (form == FrontierPart::kQueue) {
    const auto size = static_cast<std::int64_t>(frontier_.size());
    if (queue_part_bytes<VertexT>(size) > part_bytes) {
      throw Error("distributed bfs: rank " + std::to_string(slice_.rank) + "'s frontier of " +
                  std::to_string(size) + " vertices does not fit a queue part of " +
                  std::to_string(part_bytes) + " bytes");
    }
    std::memcpy(own, &size, sizeof(size));
    std::memcpy(own + sizeof(size), frontier_.data(), frontier_.size() * sizeof(VertexT));
    return;
  }
  auto* words = reinterpret_cast<std::uint32_t*>(own);
  std::fill(words, words + bitmap_words_, 0u);
  for (const VertexT local : frontier_) {
    words[static_cast<std::size_t>(local) / 32] |= 1u << (static_cast<std::size_t>(local) % 32);
  }
}

template <typename VertexT, typename EdgeT>
void CpuRankSearch<VertexT, EdgeT>::bottom_up(std::int32_t level, FrontierPart form,
                                              std::size_t part_bytes) {
  const GatheredBitmapBits<VertexT> gathered = gathered_bitmap_bits(distribution_, bitmap_words_);
  if (form == FrontierPart::kQueue) {
    // Every rank's queue, set in a bitmap of global ids.
    global_bits_.assign((static_cast<std::size_t>(distribution_.num_vertices) + 31) / 32, 0u);
    const auto* parts = reinterpret_cast<const unsigned char*>(bitmap_.data());
    for (int r = 0; r < distribution_.ranks; ++r) {
      const unsigned char* part = parts + static_cast<std::size_t>(r) * part_bytes;
      std::int64_t size = 0;
      std::memcpy(&size, part, sizeof(size));
      for (std::int64_t k = 0; k < size; ++k) {
        VertexT local = 0;
        std::memcpy(&local, part + sizeof(size) + k * sizeof(VertexT), sizeof(VertexT));
        const auto w = static_cast<std::size_t>(distribution_.global(r, local));
        global_bits_[w / 32] |= 1u << (w % 32);
      }
    }
  }
  const auto in_frontier = [&](VertexT w) {
    if (form == FrontierPart::kBitmap) return gathered.test(bitmap_.data(), w);
    const auto bit = static_cast<std::size_t>(w);
    return (global_bits_[bit / 32] >> (bit % 32) & 1u) != 0;
  };
  std::int64_t examined = 0;
  std::int64_t frontier_arcs = 0;
  for (VertexT local = 0; local < static_cast<VertexT>(depth_.size()); ++local) {
    if (depth_[local] != kUnreachedDepth) continue;
    for (EdgeT e = slice_.offsets[local]; e < slice_.offsets[local + 1]; ++e) {
      const VertexT w = slice_.targets[e];
      ++examined;
      if (!in_frontier(w)) continue;
      depth_[local] = level + 1;
      parent_[local] = w;
      next_.push_back(local);
      frontier_arcs += slice_.degree(local);
      break;
    }
  }
  counters_[kNextFrontier] = static_cast<std::int64_t>(next_.size());
  counters_[kEdgesExamined] = examined;
  counters_[kItemsBinned] = 0;
  counters_[kItemsSentAway] = 0;
  counters_[kFrontierArcs] = frontier_arcs;
}

template <typename VertexT, typename EdgeT>
void CpuRankSearch<VertexT, EdgeT>::advance(std::int64_t) {
  frontier_.swap(next_);
  next_.clear();
}

template <typename VertexT, typename EdgeT>
void CpuRankSearch<VertexT, EdgeT>::mark(std::int32_t level, LevelMark mark) {
  if (time_phases_) stamps_.push_back({level, mark, clock_.seconds()});
}

template <typename VertexT, typename EdgeT>
void CpuRankSearch<VertexT, EdgeT>::gather(std::span<std::int32_t> depth,
                                           std::span<VertexT> parent) {
  const int me = slice_.rank;
  for (std::size_t local = 0; local < depth_.size(); ++local) {
    const VertexT global = distribution_.global(me, static_cast<VertexT>(local));
    depth[global] = depth_[local];
    if (!parent.empty()) parent[global] = words_ == 2 ? parent_[local] : kInvalidVertex<VertexT>;
  }
}

template class CpuRankSearch<std::int32_t, std::int64_t>;
template class CpuRankSearch<std::int64_t, std::int64_t>;

}  // namespace frontier::distributed
