// Host <-> device copies of large pageable host arrays through two pinned staging buffers: while
// the DMA engine moves one chunk, OpenMP threads copy the other between the caller's memory and
// pinned memory. A plain cudaMemcpy from pageable memory stages through the driver's buffers
// with one host thread, which bounds it well below the PCIe rate. Host C++ only; the stream is a
// cudaStream_t as void* (nullptr: the default stream).
//
// Invariants: the staging buffers (2 x kStagingChunkBytes of pinned memory) are allocated once,
// on first use, and kept until the process ends; one staged copy runs at a time (a mutex);
// both calls return after the copy has completed; copies below one chunk use cudaMemcpy.
#pragma once

#include <cstddef>

namespace frontier::cuda {

/// Bytes per staging chunk (each of the two pinned buffers).
inline constexpr std::size_t kStagingChunkBytes = std::size_t{32} << 20;

/// Copies `bytes` from host memory `h_src` to device memory `d_dst` on the current GPU.
/// `chunk_bytes` (> 0, at most kStagingChunkBytes) splits the copy; tests use small chunks.
/// @throws CudaError, InvalidArgument (bad chunk size).
void copy_to_device(void* d_dst, const void* h_src, std::size_t bytes, void* stream = nullptr,
                    std::size_t chunk_bytes = kStagingChunkBytes);

/// Copies `bytes` from device memory `d_src` to host memory `h_dst`, as copy_to_device.
void copy_to_host(void* h_dst, const void* d_src, std::size_t bytes, void* stream = nullptr,
                  std::size_t chunk_bytes = kStagingChunkBytes);

}  // namespace frontier::cuda
