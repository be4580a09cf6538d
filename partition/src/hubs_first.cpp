// Hubs first on distributed slices (slices.hpp): the degree table every rank's lists are
// ordered by, and the swap build_csr's hubs_first pass makes on a whole graph.
#include <algorithm>
#include <cstdint>
#include <limits>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "frontier/detail/hub_arc.hpp"
#include "frontier/detail/parallel.hpp"
#include "frontier/errors.hpp"
#include "frontier/partition/slices.hpp"

namespace frontier::partition {

namespace {

template <typename EdgeT>
std::uint32_t saturated(EdgeT degree) {
  constexpr auto kMost = std::numeric_limits<std::uint32_t>::max();
  return degree > static_cast<EdgeT>(kMost) ? kMost : static_cast<std::uint32_t>(degree);
}

}  // namespace

template <typename VertexT, typename EdgeT>
std::vector<std::uint32_t> degree_table_part(const RankGraph<VertexT, EdgeT>& slice) {
  std::vector<std::uint32_t> part(static_cast<std::size_t>(slice.distribution.max_local_count()),
                                  0);
  for (VertexT v = 0; v < slice.local_vertices(); ++v) part[v] = saturated(slice.degree(v));
  return part;
}

template <typename VertexT, typename EdgeT>
std::vector<std::uint32_t> degree_table(std::span<const RankGraph<VertexT, EdgeT>> slices) {
  if (slices.empty() || static_cast<int>(slices.size()) != slices.front().distribution.ranks) {
    throw InvalidArgument("a degree table needs every rank's slice, not " +
                          std::to_string(slices.size()));
  }
  const auto stride = static_cast<std::size_t>(slices.front().distribution.max_local_count());
  std::vector<std::uint32_t> table(slices.size() * stride, 0);
  for (const RankGraph<VertexT, EdgeT>& slice : slices) {
    const std::vector<std::uint32_t> part = degree_table_part(slice);
    std::copy(part.begin(), part.end(),
              table.begin() + static_cast<std::ptrdiff_t>(slice.rank * stride));
  }
  return table;
}

template <typename VertexT, typename EdgeT>
void put_hubs_first(RankGraph<VertexT, EdgeT>& slice, std::span<const std::uint32_t> table) {
  const VertexDistribution<VertexT>& distribution = slice.distribution;
  const auto stride = static_cast<std::size_t>(distribution.max_local_count());
  if (table.size() != static_cast<std::size_t>(distribution.ranks) * stride) {
    throw InvalidArgument("a degree table of " + std::to_string(table.size()) + " entries for " +
                          std::to_string(distribution.ranks) + " parts of " +
                          std::to_string(stride));
  }
  const auto degree = [&](VertexT v) {
    return table[static_cast<std::size_t>(distribution.owner(v)) * stride +
                 static_cast<std::size_t>(distribution.local(v))];
  };
  const std::int64_t rows = slice.local_vertices();
  std::vector<VertexT>& targets = slice.targets;
  const std::vector<EdgeT>& offsets = slice.offsets;
  const bool use_threads =
      detail::worth_threads_streaming(static_cast<std::int64_t>(targets.size()));
#pragma omp parallel for schedule(dynamic, 1024) if (use_threads)
  for (std::int64_t v = 0; v < rows; ++v) {
    const EdgeT begin = offsets[v];
    const EdgeT hub = detail::hub_arc(targets.data(), begin, offsets[v + 1], degree);
    if (hub != begin) std::swap(targets[begin], targets[hub]);
  }
}

template std::vector<std::uint32_t> degree_table_part(const RankGraph<std::int32_t, std::int64_t>&);
template std::vector<std::uint32_t> degree_table_part(const RankGraph<std::int64_t, std::int64_t>&);
template std::vector<std::uint32_t> degree_table(
    std::span<const RankGraph<std::int32_t, std::int64_t>>);
template std::vector<std::uint32_t> degree_table(
    std::span<const RankGraph<std::int64_t, std::int64_t>>);
template void put_hubs_first(RankGraph<std::int32_t, std::int64_t>&,
                             std::span<const std::uint32_t>);
template void put_hubs_first(RankGraph<std::int64_t, std::int64_t>&,
                             std::span<const std::uint32_t>);

}  // namespace frontier::partition
