/// @file bfs/distributed/transport/ipc_peers.cuh
/// @brief The peer transport between processes of one node (internal): each process drives one
/// GPU rank, and the ranks reach each other's buffers through CUDA IPC handles, all-gathered
/// once at setup through the run's NCCL communicator (the only channel the processes share
/// besides the launcher). After that a search is the same as one process driving every GPU:
/// in-place contracts, pushed bottom-up frontiers, barriers through mailboxes (PeerExchange).
#pragma once

#include <cuda_runtime.h>
#include <nccl.h>

#include <cstdint>
#include <vector>

#include "bfs/distributed/transport/peer_view.hpp"
#include "frontier/distributed_bfs.hpp"

namespace frontier::distributed {

/// The transport of a process-per-GPU run, decided alike by every process (collective over
/// `comm`, `ranks` processes): NCCL when asked, or when the ranks span several nodes; else peer
/// where every process's GPU can reach every other's (GPUs matched by PCI bus id), NCCL for
/// Auto otherwise. @throws CudaError when Peer is asked for and some pair has no peer access
/// (naming it), or the ranks span several nodes.
GpuTransport resolve_process_transport(GpuTransport asked, bool one_node, int gpu, int rank,
                                       int ranks, ncclComm_t comm, cudaStream_t stream);

/// Every rank's peer view and mailbox as this process addresses them: its own directly, the
/// others' opened from their IPC handles (collective at construction; closed at destruction).
template <typename VertexT>
class IpcPeers {
 public:
  /// Exports `own` (the buffers it names must be cudaMalloc allocations, each from its start)
  /// and `own_mailbox`, all-gathers every rank's handles over `comm` and opens the others'.
  IpcPeers(const PeerView<VertexT>& own, std::uint64_t* own_mailbox, int rank, int ranks,
           ncclComm_t comm, cudaStream_t stream);
  /// Closes every opened handle (before the exporting processes free their buffers: the caller
  /// orders that with a barrier). Never throws.
  ~IpcPeers();
  IpcPeers(const IpcPeers&) = delete;
  IpcPeers& operator=(const IpcPeers&) = delete;

  const std::vector<PeerView<VertexT>>& views() const noexcept { return views_; }
  const std::vector<std::uint64_t*>& mailboxes() const noexcept { return mailboxes_; }

 private:
  std::vector<PeerView<VertexT>> views_;
  std::vector<std::uint64_t*> mailboxes_;
  std::vector<void*> opened_;
};

/// Every process waits here until all have arrived (an NCCL all-reduce of one word, waited for
/// on `stream`).
void process_barrier(ncclComm_t comm, cudaStream_t stream);

}  // namespace frontier::distributed
