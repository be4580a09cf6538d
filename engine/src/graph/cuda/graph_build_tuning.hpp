/// @file graph_build_tuning.hpp
/// @brief Launch shapes of the graph-construction kernels (Kronecker generation, degree count,
/// placement), as one printable policy value.
///
/// Every kernel here is a grid-stride loop over edges or vertices with no shared memory and few
/// registers, so the shape only has to fill the GPU: 256 threads per block reach full occupancy
/// on sm_90 (8 blocks of 256 = 2048 threads per SM), and a grid capped at 64 blocks per SM (about
/// 8 resident waves on a 132-SM Hopper GPU) amortizes the block start-up without launching blocks
/// that only test the loop bound.
///
/// The device CSR builder sorts its adjacency lists in batches of consecutive lists whose
/// vertices plus arcs stay within kSortBatchWindow (a longer list is a batch of its own), so the
/// sort's second buffer holds at most the window or the longest list, and its scratch (a few words
/// per list of the batch) stays bounded too. 2^24 keeps that buffer at 64 MiB of 32-bit ids while
/// a Graph500 graph at scale 26 still needs only about 130 batches, each a few kernel launches.
#pragma once

#include <cstdint>
#include <string>

namespace frontier::cuda {

struct GraphBuildCudaPolicy {
  int block_threads = 256;
  int max_blocks_per_sm = 64;

  std::string describe() const {
    return "block_threads=" + std::to_string(block_threads) +
           " max_blocks_per_sm=" + std::to_string(max_blocks_per_sm);
  }
};

inline constexpr GraphBuildCudaPolicy kSm90GraphBuildPolicy{};

inline constexpr std::uint64_t kSortBatchWindow = std::uint64_t{1} << 24;

}  // namespace frontier::cuda
