// rank_device_bytes.cpp — the device bytes of one GPU rank of a distributed search
// (distributed_bfs.hpp), in plain host C++ so that a plan is made without a GPU or the CUDA
// backend; the GPU ranks size themselves with the same function (cuda/cuda_rank_search.cu), so a
// plan and a run agree.
#include <cstdint>

#include "bfs/distributed/rank_search.hpp"
#include "bfs/distributed/transport/peer_view.hpp"
#include "frontier/distributed_bfs.hpp"
#include "frontier/memory_sizing.hpp"

namespace frontier {
namespace {

template <typename T>
constexpr std::uint64_t bytes_for(std::uint64_t count) {
  return device_buffer_bytes(count, sizeof(T));
}

}  // namespace

template <typename VertexT, typename EdgeT>
std::uint64_t distributed_rank_device_bytes(const VertexDistribution<VertexT>& distribution,
                                            int rank, std::uint64_t arcs, bool peer,
                                            bool with_slice) {
  using distributed::kPeerBitmaps;
  const auto n = static_cast<std::uint64_t>(distribution.num_vertices);
  const auto local = static_cast<std::uint64_t>(distribution.local_count(rank));
  const auto p = static_cast<std::uint64_t>(distribution.ranks);
  const std::uint64_t local_words =
      distributed::bitmap_part_words(static_cast<std::int64_t>(distribution.max_local_count()));
  const std::uint64_t slice_bytes =
      with_slice ? bytes_for<EdgeT>(local + 1) + bytes_for<GpuRankTarget<VertexT>>(arcs) : 0;
  const std::uint64_t common = slice_bytes + bytes_for<std::int32_t>(local) +
                               bytes_for<VertexT>(local) + bytes_for<std::uint32_t>((n + 31) / 32) +
                               2 * bytes_for<VertexT>(local) + 2 * bytes_for<EdgeT>(local + 1) +
                               bytes_for<VertexT>(2 * n) +
                               bytes_for<std::int64_t>(2 * p + distributed::kLevelCounters) +
                               bytes_for<std::uint32_t>(local_words) +
                               (p > 1 ? bytes_for<std::uint32_t>((n + 31) / 32) : 0) +
                               device_buffer_bytes(2, kDistributedCounterBlockBytes);
  if (peer) {
    // The gathered bitmaps, the tables of every rank's view, parts and bitmaps, the regions to
    // touch.
    return common + kPeerBitmaps * bytes_for<std::uint32_t>(p * local_words) +
           bytes_for<distributed::PeerView<VertexT>>(p) + bytes_for<const void*>(kPeerBitmaps * p) +
           bytes_for<std::uint32_t*>(kPeerBitmaps * p) +
           bytes_for<distributed::PeerRegion>((2 + kPeerBitmaps) * p) +
           bytes_for<unsigned long long>(1);
  }
  // The receive buffer, the gathered parts and the bottom-up frontier.
  return common + bytes_for<VertexT>(2 * p * local) +
         bytes_for<std::uint32_t>((p + 1) * local_words) + bytes_for<std::uint32_t>(local_words);
}

template std::uint64_t distributed_rank_device_bytes<std::int32_t, std::int64_t>(
    const VertexDistribution<std::int32_t>&, int, std::uint64_t, bool, bool);
template std::uint64_t distributed_rank_device_bytes<std::int64_t, std::int64_t>(
    const VertexDistribution<std::int64_t>&, int, std::uint64_t, bool, bool);

}  // namespace frontier
