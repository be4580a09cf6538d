// Successor arrays for list ranking: checks the arguments, then writes succ[node] for every
// list position in parallel, entry for entry what list_link() gives (generators/list.hpp).
// Positions map to distinct nodes, so the writes never collide and the result is thread-count
// free.
#include "frontier/io/generate_list.hpp"

#include <omp.h>

#include <string>

#include "frontier/detail/log.hpp"
#include "frontier/detail/timer.hpp"
#include "frontier/errors.hpp"
#include "generate_common.hpp"

namespace frontier::io {
namespace {

constexpr std::int64_t kMaxStrideListNodes = std::int64_t{1} << 32;

template <typename VertexT>
void check_list_arguments(ListKind kind, std::int64_t n, std::int64_t stride) {
  detail::check_generator_vertex_count<VertexT>(n, "list");
  if (stride < 1) {
    throw InvalidArgument("list stride " + std::to_string(stride) + " must be at least 1");
  }
  if (kind == ListKind::Stride && n >= kMaxStrideListNodes) {
    throw InvalidArgument("stride lists support fewer than 2^32 nodes, not " + std::to_string(n));
  }
}

}  // namespace

template <typename VertexT>
std::vector<VertexT> generate_list_forest(ListKind kind, std::int64_t n, std::int64_t lists,
                                          std::uint64_t seed, std::int64_t stride) {
  check_list_arguments<VertexT>(kind, n, stride);
  const bool valid_count = n == 0 ? lists == 0 : (lists >= 1 && lists <= n);
  if (!valid_count) {
    throw InvalidArgument("a forest of " + std::to_string(n) + " list nodes cannot hold " +
                          std::to_string(lists) + " lists (need 1 <= lists <= n)");
  }
  detail::Timer timer;
  std::vector<VertexT> successors =
      detail::allocate_generator_array<VertexT>(static_cast<std::uint64_t>(n), "list successors");
  const ListOrder order(kind, n, seed, stride);
  const ListCuts cuts(n, lists, seed);
  VertexT* succ = successors.data();
  // Each thread walks a contiguous range of positions and carries node_at(p + 1) over as the
  // next node_at(p), halving the permutation work of list_link(); the entries are the same.
#pragma omp parallel
  {
    const std::int64_t threads = omp_get_num_threads();
    const std::int64_t t = omp_get_thread_num();
    const std::int64_t begin = n * t / threads;
    const std::int64_t end = n * (t + 1) / threads;
    std::int64_t node = begin < end ? order.node_at(begin) : 0;
    for (std::int64_t p = begin; p < end; ++p) {
      const bool tail = p + 1 >= n || cuts.starts_list(p + 1);
      const std::int64_t next = p + 1 < n ? order.node_at(p + 1) : -1;
      succ[node] = static_cast<VertexT>(tail ? -1 : next);
      node = next;
    }
  }
  detail::logger().debug("{} list forest: {} nodes, {} lists, seed {}, stride {} in {:.3f} s",
                         to_string(kind), n, lists, seed, stride, timer.seconds());
  return successors;
}

template <typename VertexT>
std::vector<VertexT> generate_list(ListKind kind, std::int64_t n, std::uint64_t seed,
                                   std::int64_t stride) {
  return generate_list_forest<VertexT>(kind, n, n == 0 ? 0 : 1, seed, stride);
}

std::int64_t list_head(ListKind kind, std::int64_t n, std::uint64_t seed, std::int64_t stride) {
  check_list_arguments<std::int64_t>(kind, n, stride);
  if (n == 0) return -1;
  return ListOrder(kind, n, seed, stride).head();
}

template std::vector<std::int32_t> generate_list(ListKind, std::int64_t, std::uint64_t,
                                                 std::int64_t);
template std::vector<std::int64_t> generate_list(ListKind, std::int64_t, std::uint64_t,
                                                 std::int64_t);
template std::vector<std::int32_t> generate_list_forest(ListKind, std::int64_t, std::int64_t,
                                                        std::uint64_t, std::int64_t);
template std::vector<std::int64_t> generate_list_forest(ListKind, std::int64_t, std::int64_t,
                                                        std::uint64_t, std::int64_t);

}  // namespace frontier::io
