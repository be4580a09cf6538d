/// @file bfs_distributed/peer_view.hpp
/// @brief Where GPU ranks find each other's data (internal, plain host/device C++): what a
/// rank's peers read in place under the peer transport (the addresses of its bins and frontier
/// parts, valid on every GPU of the group and fixed for the rank's whole life), and where every
/// rank's frontier part of a bottom-up level is under either transport.
#pragma once

#include <cstddef>
#include <cstdint>

#include "frontier/types.hpp"

namespace frontier::distributed {

/// At most this many ranks read each other in place (one node's GPUs): the in-place kernels keep
/// a table per rank in shared memory.
inline constexpr int kMaxPeerRanks = 64;

template <typename VertexT>
struct PeerView {
  /// The rank's bins: its bin for rank d starts at item rank_offset(d) (items of `words` ids).
  const VertexT* send = nullptr;
  /// Items in each of its bins (one count per rank).
  const std::int64_t* send_counts = nullptr;
  /// Its frontier part (kBitmap or kQueue form, rank_search.hpp) of a bottom-up level, by
  /// parity: while a level reads parts[c], the rank writes its next frontier into parts[1 - c].
  const void* parts[2] = {nullptr, nullptr};
};

/// A region of a peer's memory a rank reads in place.
struct PeerRegion {
  const unsigned char* data = nullptr;
  std::size_t bytes = 0;
};

/// Where rank r's frontier part is: parts of one buffer, `stride` bytes apart (all-gathered,
/// NCCL), or a table of addresses in device memory (the ranks' own parts, read in place: peer
/// transport).
struct FrontierPartsAt {
  const void* const* table = nullptr;
  const unsigned char* base = nullptr;
  std::size_t stride = 0;
  FRONTIER_HOST_DEVICE const void* operator()(int rank) const {
    return table != nullptr ? table[rank] : base + static_cast<std::size_t>(rank) * stride;
  }
};

}  // namespace frontier::distributed
