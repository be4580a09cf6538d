/// @file csr_graph.hpp
/// @brief Compressed sparse row graph: the one graph container every backend reads.
///
/// Invariants (checked by check_invariants()):
///  - offsets.size() == num_vertices + 1, offsets[0] == 0, offsets non-decreasing,
///    offsets[num_vertices] == targets.size();
///  - every target lies in [0, num_vertices);
///  - weights is empty or has targets.size() entries.
/// An undirected graph stores every edge {u, v} as the two arcs u->v and v->u.
#pragma once

#include <cstddef>
#include <memory>
#include <mutex>
#include <span>
#include <vector>

#include "frontier/types.hpp"

namespace frontier {

/// Arc weights are 32-bit floats: exact for integer weights up to 2^24 (DIMACS road lengths).
using Weight = float;

template <typename VertexT = VertexId, typename EdgeT = EdgeId>
class CsrGraph {
 public:
  using vertex_type = VertexT;
  using edge_type = EdgeT;

  /// An empty graph with no vertices.
  CsrGraph();

  /// Takes ownership of the arrays. Checks their sizes (cheap); check_invariants() checks the rest.
  /// @throws InvalidArgument if offsets is empty or sizes disagree.
  CsrGraph(std::vector<EdgeT> offsets, std::vector<VertexT> targets, std::vector<Weight> weights,
           bool directed);

  VertexT num_vertices() const noexcept { return static_cast<VertexT>(offsets_.size() - 1); }
  /// Stored arcs (an undirected edge counts twice).
  EdgeT num_arcs() const noexcept { return static_cast<EdgeT>(targets_.size()); }
  bool directed() const noexcept { return directed_; }
  bool has_weights() const noexcept { return !weights_.empty(); }

  EdgeT degree(VertexT v) const noexcept { return offsets_[v + 1] - offsets_[v]; }
  std::span<const VertexT> neighbors(VertexT v) const noexcept {
    return {targets_.data() + offsets_[v], static_cast<std::size_t>(degree(v))};
  }
  std::span<const Weight> neighbor_weights(VertexT v) const noexcept {
    return {weights_.data() + offsets_[v], static_cast<std::size_t>(degree(v))};
  }

  const std::vector<EdgeT>& offsets() const noexcept { return offsets_; }
  const std::vector<VertexT>& targets() const noexcept { return targets_; }
  const std::vector<Weight>& weights() const noexcept { return weights_; }

  /// The reverse graph (CSC view: in-arcs of every vertex), built on first use and cached.
  /// For an undirected graph this is the graph itself.
  const CsrGraph& reverse() const;

  /// Bytes held by the arrays (not counting a cached reverse graph).
  std::size_t memory_bytes() const noexcept;

  /// Checks every invariant in the file comment. @throws ValidationError naming the first breach.
  void check_invariants() const;

 private:
  struct ReverseCache {
    std::once_flag once;
    std::unique_ptr<CsrGraph> graph;
  };

  std::vector<EdgeT> offsets_;
  std::vector<VertexT> targets_;
  std::vector<Weight> weights_;
  bool directed_ = false;
  std::shared_ptr<ReverseCache> reverse_cache_;
};

extern template class CsrGraph<std::int32_t, std::int64_t>;
extern template class CsrGraph<std::int64_t, std::int64_t>;

/// The default graph type.
using Graph = CsrGraph<>;

}  // namespace frontier
