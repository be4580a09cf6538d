/// @file bfs/distributed/cpu/cpu_rank_search.hpp
/// @brief One simulated rank of a distributed search on the CPU (sequential within the rank):
/// host labels, a bitmask of every vertex the rank has sent in this search (the filter), bins
/// laid out with room for local_count(d) items for destination d (a rank sends a vertex at most
/// once per search, so a bin never overflows), a receive buffer for ranks * local_count, and the
/// gathered frontier of bottom-up levels (ranks parts of max_local_count bits, or of queues).
#pragma once

#include <cstdint>
#include <vector>

#include "bfs/distributed/rank_search.hpp"
#include "frontier/detail/timer.hpp"
#include "frontier/distribution/rank_graph.hpp"

namespace frontier::distributed {

template <typename VertexT, typename EdgeT>
class CpuRankSearch final : public RankSearch<VertexT> {
 public:
  /// Keeps a reference to `slice`, which must outlive the search.
  explicit CpuRankSearch(const RankGraph<VertexT, EdgeT>& slice);

  int rank() const override { return slice_.rank; }
  void start(VertexT source, bool predecessors, bool time_phases) override;
  void expand(std::int32_t level, std::int64_t frontier_arcs) override;
  RankBins& bins() override { return bins_; }
  void contract(std::int32_t level) override;
  void build_frontier_part(FrontierPart form, std::size_t part_bytes) override;
  void* gathered_bitmap() override { return bitmap_.data(); }
  std::size_t bitmap_words() const override { return bitmap_words_; }
  void bottom_up(std::int32_t level, FrontierPart form, std::size_t part_bytes) override;
  std::int64_t* level_counters() override { return counters_; }
  void advance(std::int64_t next_frontier_size) override;
  void finish() override {}
  void mark(std::int32_t level, LevelMark mark) override;
  std::vector<PhaseStamp> phase_stamps() override { return stamps_; }
  void gather(std::span<std::int32_t> depth, std::span<VertexT> parent) override;
  std::size_t item_bytes() const override { return words_ * sizeof(VertexT); }

 private:
  /// Labels received item i (depth level + 1) if its vertex is still unvisited and queues it.
  /// @throws Error if the rank does not own the vertex.
  void receive_one(std::int32_t level, std::int64_t i, std::int64_t& frontier_arcs);

  const RankGraph<VertexT, EdgeT>& slice_;
  VertexDistribution<VertexT> distribution_;
  std::size_t words_ = 2;
  std::vector<std::int32_t> depth_;
  std::vector<VertexT> parent_;
  std::vector<std::uint64_t> sent_;
  std::vector<VertexT> frontier_;
  std::vector<VertexT> next_;
  std::vector<VertexT> send_;
  std::vector<std::int64_t> send_offsets_;
  std::vector<std::int64_t> send_counts_;
  std::vector<VertexT> recv_;
  std::vector<std::int64_t> recv_counts_;
  RankBins bins_;
  std::size_t bitmap_words_ = 0;
  std::vector<std::uint32_t> bitmap_;
  /// A bottom-up level's frontier from queue parts, as a bitmap of global ids.
  std::vector<std::uint32_t> global_bits_;
  std::int64_t edges_examined_ = 0;
  std::int64_t counters_[kLevelCounters] = {};
  /// Phase timing: on the host clock, since start().
  bool time_phases_ = false;
  detail::Timer clock_;
  std::vector<PhaseStamp> stamps_;
};

}  // namespace frontier::distributed
