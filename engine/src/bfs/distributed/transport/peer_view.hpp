/// @file bfs/distributed/transport/peer_view.hpp
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

/// Gathered bitmaps a rank keeps under the peer transport, used in rotation (PeerView::bitmaps).
inline constexpr int kPeerBitmaps = 3;

template <typename VertexT>
struct PeerView {
  /// The rank's bins: its bin for rank d starts at item rank_offset(d) (items of `words` ids).
  const VertexT* send = nullptr;
  /// Items in each of its bins (one count per rank).
  const std::int64_t* send_counts = nullptr;
  /// Its gathered bitmaps (every rank's frontier part in rank order, ranks * part words each;
  /// gathered_bitmap.hpp), in rotation: a bottom-up level that reads bitmaps[c] stores its next
  /// frontier into every rank's bitmaps[c + 1] (mod kPeerBitmaps) at its own part, and each rank
  /// then zeroes the others' parts of its bitmaps[c + 2], which no rank reads before the next
  /// barrier and none writes before the one after. A frontier part built after a top-down level
  /// (kBitmap or kQueue form, rank_search.hpp) sits at the rank's own part of bitmaps[c], where
  /// the peers read it in place.
  std::uint32_t* bitmaps[kPeerBitmaps] = {nullptr, nullptr, nullptr};
};

/// A region of a peer's memory a rank reads in place.
struct PeerRegion {
  const unsigned char* data = nullptr;
  std::size_t bytes = 0;
};

}  // namespace frontier::distributed
