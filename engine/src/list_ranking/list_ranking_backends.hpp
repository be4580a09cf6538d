// Internal interface between list_ranking.cpp (checks + dispatch) and the CPU and CUDA backends.
// Host C++ only. `values == nullptr` means every value is 1 (list_rank's prefix counts).
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "frontier/list_ranking.hpp"

namespace frontier::cpu {

/// Runs `algorithm` (Sequential, HelmanJaja or Wyllie; never Auto) on OpenMP.
template <typename VertexT, typename ValueT>
ListRankingStats list_prefix(std::span<const VertexT> successor, const ValueT* values, ListOp op,
                             ValueT* prefix, ListRankingAlgorithm algorithm,
                             std::int64_t random_splitters, std::uint64_t seed);

}  // namespace frontier::cpu

namespace frontier::cuda {

/// Copies the list to GPU options.device, runs `algorithm` (HelmanJaja = Wei–JaJa, or Wyllie)
/// and copies the prefix back.
template <typename VertexT, typename ValueT>
ListRankingStats list_prefix_host(std::span<const VertexT> successor, const ValueT* values,
                                  ListOp op, ValueT* prefix, ListRankingAlgorithm algorithm,
                                  const ListRankingOptions& options);

}  // namespace frontier::cuda
