/// @file rank_graph.hpp
/// @brief One rank's slice of a distributed graph: the out-arcs of the vertices it owns, in CSR
/// form indexed by local vertex, with targets kept as global vertex ids (Merrill 6.6: a rank
/// expands its own frontier and sends each neighbour to that neighbour's owner).
///
/// Invariants (check_invariants()):
///  - offsets.size() == distribution.local_count(rank) + 1, offsets[0] == 0, offsets
///    non-decreasing, offsets.back() == targets.size();
///  - every target lies in [0, distribution.num_vertices);
///  - 0 <= rank < distribution.ranks.
/// The arcs of local vertex l are those of global vertex distribution.global(rank, l) in the
/// whole graph, in the same order when the slice was cut from a CsrGraph.
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "frontier/distribution/vertex_distribution.hpp"
#include "frontier/errors.hpp"
#include "frontier/types.hpp"

namespace frontier {

/// The word a GPU rank keeps for each arc target of its slice: the global vertex id, in 32
/// unsigned bits where VertexT is wider. The search's arc loops then keep 4-byte loads and a
/// slice's arcs take half the memory with 64-bit ids (scale 31 on four GPUs: 64 GiB a GPU instead
/// of 128), which bounds the vertices a graph on GPU ranks may have (kMaxGpuRankVertices).
template <typename VertexT>
using GpuRankTarget =
    std::conditional_t<(sizeof(VertexT) > sizeof(std::uint32_t)), std::uint32_t, VertexT>;

/// The most vertices a graph on GPU ranks may have: every global id fits a GpuRankTarget.
inline constexpr std::uint64_t kMaxGpuRankVertices = std::uint64_t{1} << 32;

/// @throws InvalidArgument if a graph of `num_vertices` vertices is too large for GPU ranks.
inline void check_gpu_rank_vertices(std::uint64_t num_vertices) {
  if (num_vertices > kMaxGpuRankVertices) {
    throw InvalidArgument("a graph on GPU ranks has at most " +
                          std::to_string(kMaxGpuRankVertices) +
                          " vertices (their arcs keep 32-bit vertex ids); this one has " +
                          std::to_string(num_vertices));
  }
}

template <typename VertexT = VertexId, typename EdgeT = EdgeId>
struct RankGraph {
  VertexDistribution<VertexT> distribution;
  int rank = 0;
  /// As the whole graph: an undirected graph stores both arcs of every edge, each in the slice
  /// of its tail's owner.
  bool directed = false;
  std::vector<EdgeT> offsets = {0};
  std::vector<VertexT> targets;

  VertexT local_vertices() const noexcept { return static_cast<VertexT>(offsets.size() - 1); }
  EdgeT local_arcs() const noexcept { return static_cast<EdgeT>(targets.size()); }
  EdgeT degree(VertexT local) const noexcept { return offsets[local + 1] - offsets[local]; }

  /// Checks every invariant in the file comment. @throws ValidationError naming the first breach.
  void check_invariants() const {
    const auto fail = [this](const std::string& what) {
      throw ValidationError("rank " + std::to_string(rank) + " slice: " + what);
    };
    if (distribution.ranks < 1 || rank < 0 || rank >= distribution.ranks) fail("rank out of range");
    const VertexT count = distribution.local_count(rank);
    if (offsets.size() != static_cast<std::size_t>(count) + 1) {
      fail("has " + std::to_string(offsets.size()) + " offsets for " + std::to_string(count) +
           " owned vertices");
    }
    if (offsets.front() != 0) fail("offsets[0] is not 0");
    for (std::size_t i = 1; i < offsets.size(); ++i) {
      if (offsets[i] < offsets[i - 1]) fail("offsets decrease at " + std::to_string(i));
    }
    if (static_cast<std::size_t>(offsets.back()) != targets.size()) {
      fail("offsets end at " + std::to_string(offsets.back()) + " but there are " +
           std::to_string(targets.size()) + " targets");
    }
    for (std::size_t i = 0; i < targets.size(); ++i) {
      if (targets[i] < 0 || targets[i] >= distribution.num_vertices) {
        fail("target " + std::to_string(targets[i]) + " at arc " + std::to_string(i) +
             " is out of range");
      }
    }
  }
};

}  // namespace frontier
