// Lists for list ranking: every kind is one list through all n nodes with its head away from
// node 0; ordered and stride lists equal sequential reference walks; forests have exactly k
// lists covering every node once; results are deterministic and thread-count free.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "frontier/errors.hpp"
#include "frontier/io/generate_list.hpp"
#include "support/generator_checks.hpp"

namespace frontier {
namespace {

// Checks `succ` is a forest of lists over all nodes and returns the heads (nodes nobody points
// to), in increasing order. Every walk from a head is bounded by n steps.
template <typename VertexT>
std::vector<std::int64_t> check_lists(const std::vector<VertexT>& succ) {
  const auto n = static_cast<std::int64_t>(succ.size());
  std::vector<int> indegree(succ.size(), 0);
  for (std::int64_t v = 0; v < n; ++v) {
    EXPECT_GE(succ[v], -1);
    EXPECT_LT(succ[v], n);
    if (succ[v] >= 0) ++indegree[succ[v]];
  }
  std::vector<std::int64_t> heads;
  for (std::int64_t v = 0; v < n; ++v) {
    EXPECT_LE(indegree[v], 1) << "node " << v << " has two predecessors";
    if (indegree[v] == 0) heads.push_back(v);
  }
  std::vector<char> seen(succ.size(), 0);
  std::int64_t visited = 0;
  for (const std::int64_t head : heads) {
    std::int64_t v = head;
    std::int64_t steps = 0;
    while (v != -1 && steps <= n) {
      EXPECT_EQ(seen[v], 0) << "node " << v << " reached twice";
      if (seen[v] != 0) break;
      seen[v] = 1;
      ++visited;
      ++steps;
      v = succ[v];
    }
    EXPECT_EQ(v, -1) << "walk from head " << head << " did not end at a tail";
  }
  EXPECT_EQ(visited, n) << "lists do not cover every node (a cycle?)";
  return heads;
}

// Sequential reference for stride lists: walk i -> i + d (mod n) from the head; when the next
// node was visited, restart at the next unvisited node after the current cycle's start.
std::vector<std::int64_t> reference_stride_list(std::int64_t n, std::int64_t head, std::int64_t d) {
  std::vector<std::int64_t> succ(n, -1);
  std::vector<char> visited(n, 0);
  std::int64_t start = head;
  std::int64_t v = head;
  visited[v] = 1;
  for (std::int64_t count = 1; count < n; ++count) {
    std::int64_t next = (v + d) % n;
    if (visited[next] != 0) {
      next = (start + 1) % n;
      while (visited[next] != 0) next = (next + 1) % n;
      start = next;
    }
    succ[v] = next;
    visited[next] = 1;
    v = next;
  }
  return succ;
}

const std::vector<std::int64_t> kSizes = {0, 1, 2, 3, 5, 8, 12, 97, 1000, (1 << 16) + 3};

TEST(GenerateList, EveryKindIsOneListOverAllNodes) {
  for (const ListKind kind : {ListKind::Random, ListKind::Ordered, ListKind::Stride}) {
    for (const std::int64_t n : kSizes) {
      for (const std::uint64_t seed : {1ULL, 2ULL, 99ULL}) {
        const auto succ = io::generate_list<std::int32_t>(kind, n, seed, 3);
        ASSERT_EQ(static_cast<std::int64_t>(succ.size()), n);
        const auto heads = check_lists(succ);
        if (n == 0) {
          EXPECT_TRUE(heads.empty());
          EXPECT_EQ(io::list_head(kind, n, seed, 3), -1);
          continue;
        }
        ASSERT_EQ(heads.size(), 1u) << to_string(kind) << " n=" << n;
        EXPECT_EQ(heads[0], io::list_head(kind, n, seed, 3));
        if (n > 1) EXPECT_NE(heads[0], 0) << to_string(kind) << " n=" << n;
      }
    }
  }
}

TEST(GenerateList, OrderedIsARotationOfTheIdentity) {
  for (const std::int64_t n : kSizes) {
    if (n == 0) continue;
    const auto succ = io::generate_list<std::int64_t>(ListKind::Ordered, n, 4);
    const std::int64_t head = io::list_head(ListKind::Ordered, n, 4);
    for (std::int64_t v = 0; v < n; ++v) {
      const std::int64_t expected = (v + 1) % n == head ? -1 : (v + 1) % n;
      ASSERT_EQ(succ[v], expected) << "n=" << n << " v=" << v;
    }
  }
  // The head moves with the seed.
  std::vector<std::int64_t> heads;
  for (std::uint64_t seed = 0; seed < 20; ++seed)
    heads.push_back(io::list_head(ListKind::Ordered, 1000, seed));
  std::sort(heads.begin(), heads.end());
  EXPECT_GT(std::unique(heads.begin(), heads.end()) - heads.begin(), 15);
}

TEST(GenerateList, StrideMatchesTheSequentialWalk) {
  for (const std::int64_t n : std::vector<std::int64_t>{2, 3, 12, 36, 97, 1000, 4096}) {
    for (const std::int64_t d :
         std::vector<std::int64_t>{1, 2, 3, 4, 6, 12, 13, 25, 64, n - 1, n, 2 * n + 1}) {
      if (d < 1) continue;
      const auto succ = io::generate_list<std::int64_t>(ListKind::Stride, n, 8, d);
      const std::int64_t head = io::list_head(ListKind::Stride, n, 8, d);
      EXPECT_NE(head, 0);
      EXPECT_EQ(succ, reference_stride_list(n, head, d % n)) << "n=" << n << " d=" << d;
    }
  }
}

TEST(GenerateList, StrideOneEqualsOrdered) {
  EXPECT_EQ(io::generate_list<std::int32_t>(ListKind::Stride, 777, 3, 1),
            io::generate_list<std::int32_t>(ListKind::Ordered, 777, 3));
}

TEST(GenerateList, RandomListLooksRandom) {
  const std::int64_t n = 100000;
  const auto succ = io::generate_list<std::int32_t>(ListKind::Random, n, 5);
  std::int64_t consecutive = 0;
  std::int64_t near = 0;
  for (std::int64_t v = 0; v < n; ++v) {
    consecutive += succ[v] == v + 1 ? 1 : 0;
    near += (succ[v] >= 0 && std::abs(succ[v] - v) < 100) ? 1 : 0;
  }
  EXPECT_LT(consecutive, 20);  // about 1 expected
  EXPECT_LT(near, n * 0.004);  // about 199 / n of the nodes, i.e. ~200 expected
  EXPECT_GT(near, 50);
}

TEST(GenerateList, LargeRandomListIsOneList) {
  const std::int64_t n = 1 << 22;
  const auto succ = io::generate_list<std::int32_t>(ListKind::Random, n, 123);
  const auto heads = check_lists(succ);
  ASSERT_EQ(heads.size(), 1u);
  EXPECT_EQ(heads[0], io::list_head(ListKind::Random, n, 123));
}

TEST(GenerateList, DeterministicSeedDependentAndThreadCountFree) {
  for (const ListKind kind : {ListKind::Random, ListKind::Ordered, ListKind::Stride}) {
    const std::int64_t n = 1 << 18;
    const auto one =
        test::with_threads(1, [&] { return io::generate_list<std::int32_t>(kind, n, 77, 5); });
    const auto two =
        test::with_threads(2, [&] { return io::generate_list<std::int32_t>(kind, n, 77, 5); });
    EXPECT_EQ(one, two);
    const auto three =
        test::with_threads(3, [&] { return io::generate_list<std::int32_t>(kind, n, 77, 5); });
    EXPECT_EQ(one, three);
    const auto other = io::generate_list<std::int32_t>(kind, n, 78, 5);
    EXPECT_NE(one, other);
    const auto wide = io::generate_list<std::int64_t>(kind, n, 77, 5);
    EXPECT_TRUE(std::equal(one.begin(), one.end(), wide.begin(), wide.end()));
  }
}

TEST(GenerateListForest, ExactlyKListsCoveringAllNodes) {
  for (const ListKind kind : {ListKind::Random, ListKind::Ordered, ListKind::Stride}) {
    for (const std::int64_t n : std::vector<std::int64_t>{1, 2, 10, 1000, 65536}) {
      for (const std::int64_t k : std::vector<std::int64_t>{1, 2, 5, 100, n}) {
        if (k > n) continue;
        const auto succ = io::generate_list_forest<std::int32_t>(kind, n, k, 31, 7);
        const auto heads = check_lists(succ);
        EXPECT_EQ(static_cast<std::int64_t>(heads.size()), k)
            << to_string(kind) << " n=" << n << " k=" << k;
        EXPECT_EQ(std::count(succ.begin(), succ.end(), -1), k);
      }
    }
    EXPECT_EQ(io::generate_list_forest<std::int32_t>(kind, 5000, 1, 9, 7),
              io::generate_list<std::int32_t>(kind, 5000, 9, 7));
    EXPECT_TRUE(io::generate_list_forest<std::int32_t>(kind, 0, 0, 9).empty());
  }
}

TEST(GenerateListForest, ListLengthsVary) {
  const std::int64_t n = 10000, k = 100;
  const auto succ = io::generate_list_forest<std::int32_t>(ListKind::Random, n, k, 3);
  const auto heads = check_lists(succ);
  ASSERT_EQ(static_cast<std::int64_t>(heads.size()), k);
  std::vector<std::int64_t> lengths;
  for (const std::int64_t head : heads) {
    std::int64_t length = 0;
    for (std::int64_t v = head; v != -1; v = succ[v]) ++length;
    lengths.push_back(length);
  }
  const auto [shortest, longest] = std::minmax_element(lengths.begin(), lengths.end());
  EXPECT_LT(*shortest, 50);  // cut points are random, not evenly spaced
  EXPECT_GT(*longest, 200);
}

// The pure per-position function (what a GPU kernel calls) gives exactly the host arrays.
TEST(GenerateListForest, PerPositionLinksEqualTheHostArrays) {
  for (const ListKind kind : {ListKind::Random, ListKind::Ordered, ListKind::Stride}) {
    for (const std::int64_t lists : {1, 7}) {
      const std::int64_t n = 5000;
      const auto succ = io::generate_list_forest<std::int64_t>(kind, n, lists, 21, 9);
      const ListOrder order(kind, n, 21, 9);
      const ListCuts cuts(n, lists, 21);
      std::vector<char> seen(n, 0);
      for (std::int64_t p = 0; p < n; ++p) {
        const ListLink link = list_link(order, cuts, p);
        ASSERT_EQ(seen[link.node], 0);
        seen[link.node] = 1;
        ASSERT_EQ(succ[link.node], link.successor) << "position " << p;
      }
    }
  }
}

TEST(GenerateList, ArgumentChecks) {
  EXPECT_THROW(io::generate_list<std::int32_t>(ListKind::Random, -1, 1), InvalidArgument);
  EXPECT_THROW(io::generate_list<std::int32_t>(ListKind::Random, std::int64_t{1} << 31, 1),
               InvalidArgument);
  EXPECT_THROW(io::generate_list<std::int32_t>(ListKind::Stride, 10, 1, 0), InvalidArgument);
  EXPECT_THROW(io::generate_list<std::int64_t>(ListKind::Stride, std::int64_t{1} << 32, 1, 3),
               InvalidArgument);
  EXPECT_THROW(io::generate_list_forest<std::int32_t>(ListKind::Random, 10, 0, 1), InvalidArgument);
  EXPECT_THROW(io::generate_list_forest<std::int32_t>(ListKind::Random, 10, 11, 1),
               InvalidArgument);
  EXPECT_THROW(io::generate_list_forest<std::int32_t>(ListKind::Random, 0, 1, 1), InvalidArgument);
  EXPECT_EQ(parse_list_kind("stride"), ListKind::Stride);
  EXPECT_THROW(parse_list_kind("sorted"), InvalidArgument);
}

}  // namespace
}  // namespace frontier
