// Test lists for list ranking: each list forest is built from an explicit node order, so the
// expected prefix is computed from that order directly (independently of any ranking code).
// Randomness is counter-based (frontier/random.hpp), so every run builds the same lists.
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <numeric>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "frontier/random.hpp"
#include "list_ranking/list_prefix_generic.hpp"

namespace frontier::test {

enum class ListShape { Ordered, Random, Stride, Forest, Reversed };

inline std::string to_string(ListShape shape) {
  switch (shape) {
    case ListShape::Ordered:
      return "ordered";
    case ListShape::Random:
      return "random";
    case ListShape::Stride:
      return "stride1001";
    case ListShape::Forest:
      return "forest";
    case ListShape::Reversed:
      return "reversed";
  }
  return "unknown";
}

/// A list forest: `lists` holds each list's nodes in order; `successor` encodes them.
template <typename VertexT>
struct TestForest {
  std::vector<std::vector<VertexT>> lists;
  std::vector<VertexT> successor;
};

/// A random bijection of [0, n): a 4-round Feistel network keyed by counter_random over the
/// smallest even-bit power of two >= n, with cycle walking back into [0, n). O(1) per element,
/// so large lists are built in parallel without a sort.
class RandomPermutation {
 public:
  RandomPermutation(std::int64_t n, std::uint64_t seed) : n_(n), seed_(seed) {
    while ((std::int64_t{1} << (2 * half_bits_)) < n) ++half_bits_;
    mask_ = (std::uint64_t{1} << half_bits_) - 1;
  }
  std::int64_t operator()(std::int64_t i) const {
    std::uint64_t x = static_cast<std::uint64_t>(i);
    do {
      x = round_trip(x);
    } while (x >= static_cast<std::uint64_t>(n_));
    return static_cast<std::int64_t>(x);
  }

 private:
  std::uint64_t round_trip(std::uint64_t x) const {
    std::uint64_t left = x >> half_bits_;
    std::uint64_t right = x & mask_;
    for (std::uint64_t round = 0; round < 4; ++round) {
      const std::uint64_t mixed = left ^ (counter_random(seed_ + round, right) & mask_);
      left = right;
      right = mixed;
    }
    return (left << half_bits_) | right;
  }
  std::int64_t n_;
  std::uint64_t seed_;
  int half_bits_ = 1;
  std::uint64_t mask_ = 1;
};

/// order[i] = the i-th node of a random list of 0..n-1.
template <typename VertexT>
std::vector<VertexT> random_permutation(std::int64_t n, std::uint64_t seed) {
  const RandomPermutation permutation(n, seed);
  std::vector<VertexT> order(static_cast<std::size_t>(n));
#pragma omp parallel for schedule(static)
  for (std::int64_t i = 0; i < n; ++i) order[i] = static_cast<VertexT>(permutation(i));
  return order;
}

template <typename VertexT>
TestForest<VertexT> forest_from_lists(std::int64_t n, std::vector<std::vector<VertexT>> lists) {
  TestForest<VertexT> forest;
  forest.successor.assign(static_cast<std::size_t>(n), kInvalidVertex<VertexT>);
  for (const auto& list : lists) {
    for (std::size_t i = 0; i + 1 < list.size(); ++i) forest.successor[list[i]] = list[i + 1];
  }
  forest.lists = std::move(lists);
  return forest;
}

/// Builds a forest of n nodes of the given shape. Forest: a random order cut at random places
/// into about n/64 + 1 lists (some of one node).
template <typename VertexT>
TestForest<VertexT> make_forest(ListShape shape, std::int64_t n, std::uint64_t seed = 7) {
  std::vector<VertexT> order(static_cast<std::size_t>(n));
  switch (shape) {
    case ListShape::Ordered:
      std::iota(order.begin(), order.end(), VertexT{0});
      break;
    case ListShape::Reversed:
      for (std::int64_t i = 0; i < n; ++i) order[i] = static_cast<VertexT>(n - 1 - i);
      break;
    case ListShape::Stride: {
      std::int64_t stride = 1001;
      while (n > 0 && std::gcd(stride, n) != 1) ++stride;
      for (std::int64_t i = 0; i < n; ++i) order[i] = static_cast<VertexT>((i * stride) % n);
      break;
    }
    case ListShape::Random:
    case ListShape::Forest:
      order = random_permutation<VertexT>(n, seed);
      break;
  }
  std::vector<std::vector<VertexT>> lists;
  if (shape != ListShape::Forest) {
    if (n > 0) lists.push_back(std::move(order));
    return forest_from_lists(n, std::move(lists));
  }
  std::vector<VertexT> current;
  for (std::int64_t i = 0; i < n; ++i) {
    current.push_back(order[i]);
    const bool cut =
        uniform_below(counter_random(seed + 1, static_cast<std::uint64_t>(i)), 64) == 0;
    if (cut || i + 1 == n) lists.push_back(std::exchange(current, {}));
  }
  return forest_from_lists(n, std::move(lists));
}

/// make_forest, memoized per (shape, n, seed) for the life of the test program: the large
/// random forests cost a sort each, and every test parameter asks for the same ones.
template <typename VertexT>
const TestForest<VertexT>& cached_forest(ListShape shape, std::int64_t n, std::uint64_t seed = 7) {
  static std::map<std::tuple<int, std::int64_t, std::uint64_t>, TestForest<VertexT>> cache;
  const auto key = std::make_tuple(static_cast<int>(shape), n, seed);
  auto found = cache.find(key);
  if (found == cache.end()) found = cache.emplace(key, make_forest<VertexT>(shape, n, seed)).first;
  return found->second;
}

/// Values in [-1000, 1000] (integers, also for double so that sums stay exact).
template <typename ValueT>
std::vector<ValueT> make_values(std::int64_t n, std::uint64_t seed = 11) {
  std::vector<ValueT> values(static_cast<std::size_t>(n));
  for (std::int64_t i = 0; i < n; ++i) {
    const auto word = counter_random(seed, static_cast<std::uint64_t>(i));
    values[i] = static_cast<ValueT>(static_cast<std::int64_t>(uniform_below(word, 2001)) - 1000);
  }
  return values;
}

/// The expected prefix, folded along each list's explicit order.
template <typename VertexT, typename ValueT, typename OpT>
std::vector<ValueT> expected_prefix(const TestForest<VertexT>& forest,
                                    const std::vector<ValueT>& values, OpT op) {
  std::vector<ValueT> prefix(values.size());
  for (const auto& list : forest.lists) {
    ValueT running{};
    for (std::size_t i = 0; i < list.size(); ++i) {
      running = i == 0 ? values[list[i]] : op(running, values[list[i]]);
      prefix[list[i]] = running;
    }
  }
  return prefix;
}

/// The expected ranks: each node's index in its list.
template <typename VertexT>
std::vector<VertexT> expected_rank(const TestForest<VertexT>& forest) {
  std::vector<VertexT> rank(forest.successor.size());
  for (const auto& list : forest.lists) {
    for (std::size_t i = 0; i < list.size(); ++i) rank[list[i]] = static_cast<VertexT>(i);
  }
  return rank;
}

template <typename ValueT, typename F>
auto with_op(ListOp op, F&& f) {
  switch (op) {
    case ListOp::Sum:
      return f(ListSumOp<ValueT>{});
    case ListOp::Min:
      return f(ListMinOp<ValueT>{});
    default:
      return f(ListMaxOp<ValueT>{});
  }
}

}  // namespace frontier::test
