/// @file hub_arc.hpp
/// @brief The arc CsrBuildOptions::hubs_first puts at the front of a list, on the host: one rule
/// for the whole-graph builder (degrees from the graph's own offsets) and for distributed slices
/// (degrees from the ranks' degree table), matching the device kernel's choice.
#pragma once

#include <cstdint>

namespace frontier::detail {

/// The first arc of [begin, end) whose target has the highest degree(target); begin for an
/// empty list.
template <typename VertexT, typename EdgeT, typename Degree>
EdgeT hub_arc(const VertexT* targets, EdgeT begin, EdgeT end, const Degree& degree) {
  EdgeT hub = begin;
  std::int64_t hub_degree = -1;
  for (EdgeT e = begin; e < end; ++e) {
    const auto d = static_cast<std::int64_t>(degree(targets[e]));
    if (d > hub_degree) {
      hub_degree = d;
      hub = e;
    }
  }
  return hub;
}

}  // namespace frontier::detail
