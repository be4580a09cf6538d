// Device-pointer entry points of the CUDA list ranking (Wei–JaJa / Wyllie), for other GPU code in
// the engine (Euler-tour operations). Host C++ only: no CUDA headers; the stream is a
// cudaStream_t passed as void* (nullptr = the default stream). Defined in list_ranking_cuda.cu
// (algorithms described there); a build without CUDA defines them to throw CudaError.
#pragma once

#include <cstdint>

#include "frontier/list_ranking.hpp"

namespace frontier::cuda {

/// Inclusive list prefix of device arrays on the current CUDA device:
/// d_prefix[v] = d_values[head] op ... op d_values[v] along v's list. `d_values == nullptr`
/// means every value is 1 (prefix = rank + 1). d_prefix may not alias the inputs.
/// The inputs are validated on the GPU exactly as in list_prefix (out-of-range successor, two
/// predecessors, cycle). Work is queued on `stream`; the call returns after the stream has
/// finished it (a few scalars come back to the host between steps). Temporary device memory is
/// sized first and refused with OutOfMemory (bytes needed vs free) before anything is allocated.
/// @param algorithm HelmanJaja (Wei–JaJa, the default) or Wyllie.
/// @param random_splitters random splitters of the top level; 0 = the tuned policy's choice.
/// @param host_rank_below lists shorter than this (at any level) are ranked on the host;
///        -1 = the tuned policy's choice, 0 = never.
/// @throws InvalidArgument, ValidationError, OutOfMemory, CudaError as list_prefix.
template <typename VertexT, typename ValueT>
ListRankingStats list_prefix_device(
    const VertexT* d_successor, const ValueT* d_values, ValueT* d_prefix, std::int64_t n, ListOp op,
    std::uint64_t seed = 1, void* stream = nullptr,
    ListRankingAlgorithm algorithm = ListRankingAlgorithm::HelmanJaja,
    std::int64_t random_splitters = 0, std::int64_t host_rank_below = -1);

/// 0-based ranks of device arrays on the current CUDA device (head = 0).
template <typename VertexT>
ListRankingStats list_rank_device(
    const VertexT* d_successor, VertexT* d_rank, std::int64_t n, std::uint64_t seed = 1,
    void* stream = nullptr, ListRankingAlgorithm algorithm = ListRankingAlgorithm::HelmanJaja);

}  // namespace frontier::cuda
