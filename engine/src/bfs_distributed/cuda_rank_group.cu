// cuda_rank_group.cu — the GPU backend of DistributedBfs in one process: one rank per GPU, NCCL
// communicators from ncclCommInitAll, one non-blocking stream per GPU, free memory checked on
// every GPU before anything is allocated (OutOfMemory names bytes needed and free).
#if FRONTIER_HAVE_NCCL

#include <cuda_runtime.h>
#include <nccl.h>

#include <memory>
#include <set>
#include <string>
#include <vector>

#include "bfs_distributed/cuda_rank_search.cuh"
#include "bfs_distributed/cuda_ranks.hpp"
#include "bfs_distributed/nccl_check.cuh"
#include "bfs_distributed/nccl_exchange.cuh"
#include "frontier/detail/cuda_check.cuh"
#include "frontier/device.hpp"
#include "frontier/errors.hpp"

namespace frontier::distributed {
namespace {

// Head room left on every GPU for NCCL's own buffers and CUB's scan scratch.
constexpr std::uint64_t kNcclReserveBytes = 512ULL << 20;

template <typename VertexT, typename EdgeT>
class NcclRankGroup final : public CudaRankGroup<VertexT, EdgeT> {
 public:
  NcclRankGroup(std::span<const partition::RankGraph<VertexT, EdgeT>> slices,
                std::span<const int> gpu_ids) {
    const int p = static_cast<int>(slices.size());
    const int available = cuda_device_count();
    if (std::set<int>(gpu_ids.begin(), gpu_ids.end()).size() != gpu_ids.size()) {
      throw InvalidArgument("each rank needs its own GPU; the GPU list repeats one");
    }
    for (const int id : gpu_ids) {
      if (id < 0 || id >= available) {
        throw CudaError("GPU " + std::to_string(id) + " is not available (" +
                        std::to_string(available) + " GPUs present)");
      }
    }
    // 1. Every GPU must hold its rank before anything is allocated.
    for (int r = 0; r < p; ++r) {
      const CudaDeviceInfo info = cuda_device_info(gpu_ids[r]);
      const std::uint64_t needed =
          CudaRankSearch<VertexT, EdgeT>::device_bytes(slices[r]) + kNcclReserveBytes;
      if (needed > info.free_bytes) {
        throw OutOfMemory("rank " + std::to_string(r) + " of the distributed graph on GPU " +
                              std::to_string(gpu_ids[r]),
                          needed, info.free_bytes);
      }
    }
    devices_.assign(gpu_ids.begin(), gpu_ids.end());
    comms_.assign(static_cast<std::size_t>(p), nullptr);
    try {
      build(slices);
    } catch (...) {
      release();
      throw;
    }
  }

  ~NcclRankGroup() override { release(); }

  std::span<RankSearch<VertexT>* const> ranks() override { return pointers_; }
  Exchange& exchange() override { return *exchange_; }

 private:
  // 2. Communicators and streams; 3. ranks (the slices go up here) and the exchange.
  void build(std::span<const partition::RankGraph<VertexT, EdgeT>> slices) {
    const int p = static_cast<int>(slices.size());
    FRONTIER_NCCL_CHECK(ncclCommInitAll(comms_.data(), p, devices_.data()));
    for (int r = 0; r < p; ++r) {
      FRONTIER_CUDA_CHECK(cudaSetDevice(devices_[r]));
      cudaStream_t stream = nullptr;
      FRONTIER_CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
      streams_.push_back(stream);
    }
    std::vector<NcclRankHandle> handles;
    for (int r = 0; r < p; ++r) {
      searches_.push_back(
          std::make_unique<CudaRankSearch<VertexT, EdgeT>>(slices[r], devices_[r], streams_[r]));
      pointers_.push_back(searches_.back().get());
      handles.push_back({r, devices_[r], comms_[r], streams_[r]});
    }
    exchange_ = std::make_unique<NcclExchange>(p, std::move(handles));
  }

  // Frees everything built so far, in reverse order; never throws.
  void release() noexcept {
    exchange_.reset();
    pointers_.clear();
    searches_.clear();
    for (ncclComm_t comm : comms_) {
      if (comm != nullptr) ncclCommDestroy(comm);
    }
    for (std::size_t r = 0; r < streams_.size(); ++r) {
      cudaSetDevice(devices_[r]);
      cudaStreamDestroy(streams_[r]);
    }
    comms_.clear();
    streams_.clear();
  }

  std::vector<int> devices_;
  std::vector<ncclComm_t> comms_;
  std::vector<cudaStream_t> streams_;
  std::vector<std::unique_ptr<CudaRankSearch<VertexT, EdgeT>>> searches_;
  std::vector<RankSearch<VertexT>*> pointers_;
  std::unique_ptr<NcclExchange> exchange_;
};

}  // namespace

template <typename VertexT, typename EdgeT>
std::unique_ptr<CudaRankGroup<VertexT, EdgeT>> make_cuda_rank_group(
    std::span<const partition::RankGraph<VertexT, EdgeT>> slices, std::span<const int> gpu_ids) {
  return std::make_unique<NcclRankGroup<VertexT, EdgeT>>(slices, gpu_ids);
}

template std::unique_ptr<CudaRankGroup<std::int32_t, std::int64_t>> make_cuda_rank_group(
    std::span<const partition::RankGraph<std::int32_t, std::int64_t>>, std::span<const int>);
template std::unique_ptr<CudaRankGroup<std::int64_t, std::int64_t>> make_cuda_rank_group(
    std::span<const partition::RankGraph<std::int64_t, std::int64_t>>, std::span<const int>);

}  // namespace frontier::distributed

#endif  // FRONTIER_HAVE_NCCL
