/// @file generators/list.hpp
/// @brief Linked lists for list ranking, as pure functions of (kind, n, seed, position): the
/// node at list position p, and where a forest of lists is cut. The host API
/// io::generate_list() turns them into successor arrays (tail's successor = -1).
///
/// Kinds (Helman & JaJa, "Designing practical efficient algorithms for symmetric
/// multiprocessors", ALENEX 1999; Wei & JaJa, "Optimization of linked list prefix computations
/// on multithreaded GPUs using CUDA", IPDPS 2010):
///  - Random:  node at position p = perm((p + rotation) mod n), perm = RandomPermutation(n, seed);
///             rotation is 1 when perm(0) == 0 and n > 1, else 0, so the head is never node 0.
///  - Ordered: node at position p = (p + offset) mod n: node i's successor is i + 1, except the
///             tail offset - 1 (and n - 1 -> 0); a rotation of 0, 1, ..., n - 1.
///  - Stride:  with d = stride mod n, g = gcd(d, n), L = n / g: node at position p =
///             (offset + floor(p / L) + (p mod L) d) mod n. The list walks i -> i + d (mod n);
///             when that closes a cycle of L nodes (gcd(d, n) > 1) it steps to the next unvisited
///             start, one past the previous cycle's start, so one list covers all n nodes.
///             stride = 1 gives the Ordered list.
/// offset = 1 + uniform_below(word 0 of the seed's ListOffset sub-stream, n - 1) lies in
/// [1, n - 1], so for n > 1 the head of every kind is not node 0.
///
/// Forests: k lists over the same n nodes come from cutting the single list at k - 1 distinct
/// positions in [1, n - 1]: position p >= 1 starts a new list iff cut_perm^-1(p - 1) < k - 1,
/// cut_perm = RandomPermutation(n - 1, seed's ListCuts sub-stream). The cut positions are a
/// uniformly random (k - 1)-subset, so list lengths vary like a random composition of n.
#pragma once

#include <cstdint>
#include <string_view>

#include "frontier/generators/common.hpp"
#include "frontier/generators/permutation.hpp"
#include "frontier/random.hpp"
#include "frontier/types.hpp"

namespace frontier {

enum class ListKind { Random, Ordered, Stride };

/// "random", "ordered" or "stride": what parse_list_kind() reads back.
std::string_view to_string(ListKind kind);
/// @throws InvalidArgument on a name to_string() does not give.
ListKind parse_list_kind(std::string_view name);

/// The order in which one list visits its n nodes.
class ListOrder {
 public:
  constexpr ListOrder() noexcept = default;

  /// Preconditions (checked by the host API): n >= 0; stride >= 1; for Stride, n < 2^32 so that
  /// products below n * n fit 64 bits.
  FRONTIER_HOST_DEVICE ListOrder(ListKind kind, std::int64_t n, std::uint64_t seed,
                                 std::int64_t stride = 1) noexcept
      : kind_(kind), size_(n) {
    if (n > 1) {
      const std::uint64_t word = counter_random(substream_seed(seed, stream_tag::kListOffset), 0);
      offset_ =
          1 + static_cast<std::int64_t>(uniform_below(word, static_cast<std::uint64_t>(n - 1)));
    }
    if (kind == ListKind::Random) {
      perm_ = RandomPermutation(static_cast<std::uint64_t>(n), seed);
      rotation_ = (n > 1 && perm_(0) == 0) ? 1 : 0;
    } else if (kind == ListKind::Stride && n > 0) {
      stride_ = stride % n;
      const std::int64_t g = stride_ == 0 ? n : gcd64(stride_, n);
      cycle_length_ = n / g;
    }
  }

  FRONTIER_HOST_DEVICE constexpr std::int64_t size() const noexcept { return size_; }

  /// The node at list position `position` (in [0, size())).
  FRONTIER_HOST_DEVICE constexpr std::int64_t node_at(std::int64_t position) const noexcept {
    switch (kind_) {
      case ListKind::Random:
        return static_cast<std::int64_t>(
            perm_(static_cast<std::uint64_t>((position + rotation_) % size_)));
      case ListKind::Ordered:
        return (position + offset_) % size_;
      case ListKind::Stride: {
        const std::uint64_t cycle = static_cast<std::uint64_t>(position / cycle_length_);
        const std::uint64_t step = static_cast<std::uint64_t>(position % cycle_length_);
        const std::uint64_t n = static_cast<std::uint64_t>(size_);
        const std::uint64_t within = (step * static_cast<std::uint64_t>(stride_)) % n;
        return static_cast<std::int64_t>((static_cast<std::uint64_t>(offset_) + cycle + within) %
                                         n);
      }
    }
    return 0;
  }

  /// The head (position 0). Precondition: size() >= 1.
  FRONTIER_HOST_DEVICE constexpr std::int64_t head() const noexcept { return node_at(0); }

 private:
  ListKind kind_ = ListKind::Ordered;
  std::int64_t size_ = 0;
  std::int64_t offset_ = 0;
  std::int64_t stride_ = 1;
  std::int64_t cycle_length_ = 1;
  std::int64_t rotation_ = 0;
  RandomPermutation perm_;
};

/// Where a forest of `lists` lists over n positions is cut (see the file comment).
class ListCuts {
 public:
  constexpr ListCuts() noexcept = default;

  /// Preconditions: 1 <= lists <= n, or n == lists == 0.
  FRONTIER_HOST_DEVICE constexpr ListCuts(std::int64_t n, std::int64_t lists,
                                          std::uint64_t seed) noexcept
      : lists_(lists),
        perm_(n > 1 ? static_cast<std::uint64_t>(n - 1) : 0,
              substream_seed(seed, stream_tag::kListCuts)) {}

  /// True when `position` is the first position of a list.
  FRONTIER_HOST_DEVICE constexpr bool starts_list(std::int64_t position) const noexcept {
    if (position == 0) return true;
    if (lists_ <= 1) return false;
    return static_cast<std::int64_t>(perm_.inverse(static_cast<std::uint64_t>(position - 1))) <
           lists_ - 1;
  }

 private:
  std::int64_t lists_ = 1;
  RandomPermutation perm_;
};

/// One entry of a successor array: succ[node] = successor (-1 at a tail).
struct ListLink {
  std::int64_t node = 0;
  std::int64_t successor = -1;
};

/// The link leaving list position `position` of a forest.
FRONTIER_HOST_DEVICE constexpr ListLink list_link(const ListOrder& order, const ListCuts& cuts,
                                                  std::int64_t position) noexcept {
  const std::int64_t next = position + 1;
  const bool tail = next >= order.size() || cuts.starts_list(next);
  return {order.node_at(position), tail ? std::int64_t{-1} : order.node_at(next)};
}

}  // namespace frontier
