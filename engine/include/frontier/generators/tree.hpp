/// @file generators/tree.hpp
/// @brief Rooted trees and forests for Euler-tour operations, edge e a pure function of
/// (shape, n, trees, seed, e).
///
/// Construction: positions 0 .. n - 1 are split into `trees` consecutive blocks, the first
/// n mod trees blocks one position longer than the others. Inside a block, local position 0 is
/// the root and local position l >= 1 has parent
///  - RandomRecursive: uniform_below(word p of the seed's TreeParents sub-stream, l) (p the
///    global position): a uniform random recursive tree, expected depth ~ ln n;
///  - Path: l - 1;  Star: 0;  Binary: (l - 1) / 2 (a complete binary tree in heap order).
/// Vertex labels are the positions sent through RandomPermutation(n, seed's TreeLabels
/// sub-stream), so roots and shapes are not tied to small ids. The root of block t is the label
/// of its first position (TreeLayout::root()).
/// Edge e is (label of parent, label of child) for the e-th non-root position in position order:
/// sources are parents, so the edge list also reads as a rooted tree; each block of s positions
/// contributes its s - 1 edges consecutively.
#pragma once

#include <cstdint>
#include <string_view>

#include "frontier/generators/common.hpp"
#include "frontier/generators/permutation.hpp"
#include "frontier/random.hpp"
#include "frontier/types.hpp"

namespace frontier {

enum class TreeShape { RandomRecursive, Path, Star, Binary };

/// "random", "path", "star" or "binary": what parse_tree_shape() reads back (also "recursive").
std::string_view to_string(TreeShape shape);
/// @throws InvalidArgument on a name to_string() does not give.
TreeShape parse_tree_shape(std::string_view name);

class TreeLayout {
 public:
  constexpr TreeLayout() noexcept = default;

  /// Preconditions (checked by the host API): 1 <= trees <= n, or n == trees == 0.
  FRONTIER_HOST_DEVICE constexpr TreeLayout(TreeShape shape, std::int64_t n, std::int64_t trees,
                                            std::uint64_t seed) noexcept
      : shape_(shape),
        size_(n),
        trees_(trees),
        short_length_(trees > 0 ? n / trees : 0),
        long_blocks_(trees > 0 ? n % trees : 0),
        parent_seed_(substream_seed(seed, stream_tag::kTreeParents)),
        labels_(static_cast<std::uint64_t>(n), substream_seed(seed, stream_tag::kTreeLabels)) {}

  FRONTIER_HOST_DEVICE constexpr std::int64_t num_vertices() const noexcept { return size_; }
  FRONTIER_HOST_DEVICE constexpr std::int64_t num_trees() const noexcept { return trees_; }
  FRONTIER_HOST_DEVICE constexpr std::int64_t num_edges() const noexcept { return size_ - trees_; }

  /// First position of block t.
  FRONTIER_HOST_DEVICE constexpr std::int64_t block_start(std::int64_t t) const noexcept {
    return t < long_blocks_
               ? t * (short_length_ + 1)
               : long_blocks_ * (short_length_ + 1) + (t - long_blocks_) * short_length_;
  }

  /// Vertex label of a position.
  FRONTIER_HOST_DEVICE constexpr std::int64_t label(std::int64_t position) const noexcept {
    return static_cast<std::int64_t>(labels_(static_cast<std::uint64_t>(position)));
  }

  /// Root vertex of tree t (in [0, num_trees())).
  FRONTIER_HOST_DEVICE constexpr std::int64_t root(std::int64_t t) const noexcept {
    return label(block_start(t));
  }

  /// Edge e (in [0, num_edges())): (parent, child).
  FRONTIER_HOST_DEVICE EdgeEndpoints edge(std::int64_t e) const noexcept {
    // 1. Which block and which local position (>= 1): long blocks hold short_length_ edges
    //    each, short blocks short_length_ - 1.
    std::int64_t block = 0;
    std::int64_t local = 0;
    const std::int64_t in_long_blocks = long_blocks_ * short_length_;
    if (e < in_long_blocks) {
      block = e / short_length_;
      local = e % short_length_ + 1;
    } else {
      const std::int64_t rest = e - in_long_blocks;
      block = long_blocks_ + rest / (short_length_ - 1);
      local = rest % (short_length_ - 1) + 1;
    }
    const std::int64_t start = block_start(block);
    // 2. The parent's local position by shape.
    std::int64_t parent = 0;
    switch (shape_) {
      case TreeShape::RandomRecursive:
        parent = static_cast<std::int64_t>(
            uniform_below(counter_random(parent_seed_, static_cast<std::uint64_t>(start + local)),
                          static_cast<std::uint64_t>(local)));
        break;
      case TreeShape::Path:
        parent = local - 1;
        break;
      case TreeShape::Star:
        parent = 0;
        break;
      case TreeShape::Binary:
        parent = (local - 1) / 2;
        break;
    }
    // 3. Relabel.
    return {label(start + parent), label(start + local)};
  }

 private:
  TreeShape shape_ = TreeShape::RandomRecursive;
  std::int64_t size_ = 0;
  std::int64_t trees_ = 0;
  std::int64_t short_length_ = 0;
  std::int64_t long_blocks_ = 0;
  std::uint64_t parent_seed_ = 0;
  RandomPermutation labels_;
};

}  // namespace frontier
