// ipc_peers.cu — CUDA IPC between the processes of one node (see ipc_peers.cuh): the processes'
// GPUs by PCI bus id and every rank's handles, all-gathered through NCCL from device memory.

#include "bfs/distributed/transport/ipc_peers.cuh"

#include <cstring>
#include <string>

#include "bfs/distributed/transport/nccl_check.cuh"
#include "bfs/distributed/transport/nccl_library.hpp"
#include "cuda/cuda_check.cuh"
#include "cuda/device_buffer.cuh"
#include "frontier/errors.hpp"

namespace frontier::distributed {
namespace {

// Every rank's `bytes` bytes (this rank's at `own`), in rank order.
std::vector<unsigned char> all_gather_bytes(const void* own, std::size_t bytes, int ranks,
                                            ncclComm_t comm, cudaStream_t stream) {
  const auto p = static_cast<std::size_t>(ranks);
  cuda::DeviceBuffer<unsigned char> send(bytes);
  cuda::DeviceBuffer<unsigned char> gathered(p * bytes);
  FRONTIER_CUDA_CHECK(cudaMemcpy(send.data(), own, bytes, cudaMemcpyHostToDevice));
  FRONTIER_NCCL_CHECK(
      nccl_library().ncclAllGather(send.data(), gathered.data(), bytes, ncclUint8, comm, stream));
  FRONTIER_CUDA_CHECK(cudaStreamSynchronize(stream));
  std::vector<unsigned char> out(p * bytes);
  FRONTIER_CUDA_CHECK(cudaMemcpy(out.data(), gathered.data(), p * bytes, cudaMemcpyDeviceToHost));
  return out;
}

// What a rank exports, in one fixed-size record.
struct ExportedBuffers {
  cudaIpcMemHandle_t send;
  cudaIpcMemHandle_t send_counts;
  cudaIpcMemHandle_t bitmaps[kPeerBitmaps];
  cudaIpcMemHandle_t mailbox;
};

constexpr std::size_t kBusIdBytes = 32;

}  // namespace

GpuTransport resolve_process_transport(GpuTransport asked, bool one_node, int gpu, int rank,
                                       int ranks, ncclComm_t comm, cudaStream_t stream) {
  if (asked == GpuTransport::Nccl) return GpuTransport::Nccl;
  if (!one_node) {
    if (asked == GpuTransport::Peer) {
      throw CudaError(
          "the peer transport needs every process on one node; these processes span several "
          "(use the NCCL transport)");
    }
    return GpuTransport::Nccl;
  }
  // 1. Every process's GPU, by PCI bus id.
  char bus[kBusIdBytes] = {};
  FRONTIER_CUDA_CHECK(cudaDeviceGetPCIBusId(bus, static_cast<int>(kBusIdBytes), gpu));
  const std::vector<unsigned char> buses = all_gather_bytes(bus, kBusIdBytes, ranks, comm, stream);
  // 2. This process's verdict: the first rank whose GPU its GPU cannot reach (-1: none).
  std::int32_t unreachable = -1;
  for (int r = 0; r < ranks && unreachable < 0; ++r) {
    if (r == rank) continue;
    char other[kBusIdBytes];
    std::memcpy(other, buses.data() + static_cast<std::size_t>(r) * kBusIdBytes, kBusIdBytes);
    other[kBusIdBytes - 1] = '\0';
    int device = -1;
    if (cudaDeviceGetByPCIBusId(&device, other) != cudaSuccess) {
      cudaGetLastError();  // not sticky; the GPU is just not visible here
      unreachable = r;
      continue;
    }
    int can = device == gpu ? 1 : 0;
    if (device != gpu) FRONTIER_CUDA_CHECK(cudaDeviceCanAccessPeer(&can, gpu, device));
    if (can == 0) unreachable = r;
  }
  // 3. Every verdict, so that all processes decide alike.
  const std::vector<unsigned char> verdicts =
      all_gather_bytes(&unreachable, sizeof(unreachable), ranks, comm, stream);
  for (int r = 0; r < ranks; ++r) {
    std::int32_t verdict = -1;
    std::memcpy(&verdict, verdicts.data() + static_cast<std::size_t>(r) * sizeof(verdict),
                sizeof(verdict));
    if (verdict < 0) continue;
    if (asked == GpuTransport::Peer) {
      throw CudaError("rank " + std::to_string(r) + "'s GPU cannot access rank " +
                      std::to_string(verdict) +
                      "'s GPU memory (no peer access), which the peer transport needs; use the "
                      "NCCL transport");
    }
    return GpuTransport::Nccl;
  }
  return GpuTransport::Peer;
}

template <typename VertexT>
IpcPeers<VertexT>::IpcPeers(const PeerView<VertexT>& own, std::uint64_t* own_mailbox, int rank,
                            int ranks, ncclComm_t comm, cudaStream_t stream) {
  ExportedBuffers mine{};
  const auto handle_of = [](const void* pointer, cudaIpcMemHandle_t* handle) {
    FRONTIER_CUDA_CHECK(cudaIpcGetMemHandle(handle, const_cast<void*>(pointer)));
  };
  handle_of(own.send, &mine.send);
  handle_of(own.send_counts, &mine.send_counts);
  for (int c = 0; c < kPeerBitmaps; ++c) handle_of(own.bitmaps[c], &mine.bitmaps[c]);
  handle_of(own_mailbox, &mine.mailbox);
  const std::vector<unsigned char> every =
      all_gather_bytes(&mine, sizeof(mine), ranks, comm, stream);
  try {
    const auto open = [&](const cudaIpcMemHandle_t& handle) {
      void* pointer = nullptr;
      FRONTIER_CUDA_CHECK(cudaIpcOpenMemHandle(&pointer, handle, cudaIpcMemLazyEnablePeerAccess));
      opened_.push_back(pointer);
      return pointer;
    };
    for (int r = 0; r < ranks; ++r) {
      if (r == rank) {
        views_.push_back(own);
        mailboxes_.push_back(own_mailbox);
        continue;
      }
      ExportedBuffers theirs{};
      std::memcpy(&theirs, every.data() + static_cast<std::size_t>(r) * sizeof(theirs),
                  sizeof(theirs));
      PeerView<VertexT> view;
      view.send = static_cast<const VertexT*>(open(theirs.send));
      view.send_counts = static_cast<const std::int64_t*>(open(theirs.send_counts));
      for (int c = 0; c < kPeerBitmaps; ++c) {
        view.bitmaps[c] = static_cast<std::uint32_t*>(open(theirs.bitmaps[c]));
      }
      views_.push_back(view);
      mailboxes_.push_back(static_cast<std::uint64_t*>(open(theirs.mailbox)));
    }
  } catch (...) {
    for (void* pointer : opened_) cudaIpcCloseMemHandle(pointer);
    throw;
  }
}

template <typename VertexT>
IpcPeers<VertexT>::~IpcPeers() {
  for (void* pointer : opened_) cudaIpcCloseMemHandle(pointer);
}

void process_barrier(ncclComm_t comm, cudaStream_t stream) {
  cuda::DeviceBuffer<std::int32_t> word(1);
  FRONTIER_CUDA_CHECK(cudaMemsetAsync(word.data(), 0, sizeof(std::int32_t), stream));
  FRONTIER_NCCL_CHECK(
      nccl_library().ncclAllReduce(word.data(), word.data(), 1, ncclInt32, ncclSum, comm, stream));
  FRONTIER_CUDA_CHECK(cudaStreamSynchronize(stream));
}

template class IpcPeers<std::int32_t>;
template class IpcPeers<std::int64_t>;

}  // namespace frontier::distributed
