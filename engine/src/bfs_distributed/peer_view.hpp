/// @file bfs_distributed/peer_view.hpp
/// @brief What a GPU rank's peers read in place under the peer transport (internal, plain C++):
/// the addresses of its bins and frontier parts, valid on every GPU of the group and fixed for
/// the rank's whole life.
#pragma once

#include <cstddef>
#include <cstdint>

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

}  // namespace frontier::distributed
