// Staged host <-> device copies (see staged_copy.hpp): two pinned buffers, the DMA of one chunk
// overlapping the OpenMP copy of the other.
//  to the device: chunk i is copied by the host threads into buffer i % 2 (after the DMA of
//    chunk i - 2 out of that buffer has finished), then its DMA is queued;
//  to the host: the DMA of chunk i + 1 is queued before the host threads copy chunk i out of
//    its buffer (the host copy of chunk i - 1, from the other buffer, has already returned).
#include "cuda/staged_copy.hpp"

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <string>

#include "cuda/cuda_check.cuh"
#include "cuda/pinned_buffer.cuh"
#include "cuda/stream.cuh"
#include "frontier/errors.hpp"

namespace frontier::cuda {
namespace {

/// The two pinned buffers, allocated on first use (portable: usable from every GPU).
struct Staging {
  std::mutex mutex;
  PinnedBuffer<unsigned char> buffer[2];

  void ensure() {
    for (auto& b : buffer) {
      if (b.data() == nullptr)
        b = PinnedBuffer<unsigned char>(kStagingChunkBytes, cudaHostAllocPortable);
    }
  }
};

Staging& staging() {
  // Never destroyed: freeing pinned memory during static destruction could outlive the CUDA
  // runtime.
  static Staging* const instance = new Staging;
  return *instance;
}

/// memcpy by all OpenMP threads, in slices of at least 1 MiB.
void parallel_memcpy(void* dst, const void* src, std::size_t bytes) {
  constexpr std::size_t kSlice = std::size_t{1} << 20;
  const auto slices = static_cast<std::int64_t>((bytes + kSlice - 1) / kSlice);
  auto* out = static_cast<unsigned char*>(dst);
  const auto* in = static_cast<const unsigned char*>(src);
#pragma omp parallel for schedule(static)
  for (std::int64_t s = 0; s < slices; ++s) {
    const std::size_t begin = static_cast<std::size_t>(s) * kSlice;
    std::memcpy(out + begin, in + begin, std::min(kSlice, bytes - begin));
  }
}

void check_chunk(std::size_t chunk_bytes) {
  if (chunk_bytes == 0 || chunk_bytes > kStagingChunkBytes) {
    throw InvalidArgument("staged copy: chunk of " + std::to_string(chunk_bytes) +
                          " bytes is outside [1, " + std::to_string(kStagingChunkBytes) + "]");
  }
}

/// The copies that need no staging: an empty one, and one of a chunk at most, which one
/// cudaMemcpyAsync makes. Returns whether the copy is done (after checking the chunk size).
bool copied_unstaged(void* dst, const void* src, std::size_t bytes, cudaMemcpyKind kind,
                     cudaStream_t stream, std::size_t chunk_bytes) {
  check_chunk(chunk_bytes);
  if (bytes == 0) return true;
  if (bytes > chunk_bytes) return false;
  FRONTIER_CUDA_CHECK(cudaMemcpyAsync(dst, src, bytes, kind, stream));
  FRONTIER_CUDA_CHECK(cudaStreamSynchronize(stream));
  return true;
}

}  // namespace

void copy_to_device(void* d_dst, const void* h_src, std::size_t bytes, void* stream,
                    std::size_t chunk_bytes) {
  const auto cuda_stream = static_cast<cudaStream_t>(stream);
  if (copied_unstaged(d_dst, h_src, bytes, cudaMemcpyHostToDevice, cuda_stream, chunk_bytes)) {
    return;
  }
  Staging& s = staging();
  const std::lock_guard<std::mutex> lock(s.mutex);
  s.ensure();
  // One event per buffer: when its last DMA has finished.
  const Event done[2] = {Event(cudaEventDisableTiming), Event(cudaEventDisableTiming)};
  const auto* src = static_cast<const unsigned char*>(h_src);
  auto* dst = static_cast<unsigned char*>(d_dst);
  const std::size_t chunks = (bytes + chunk_bytes - 1) / chunk_bytes;
  for (std::size_t i = 0; i < chunks; ++i) {
    const std::size_t b = i % 2;
    const std::size_t offset = i * chunk_bytes;
    const std::size_t length = std::min(chunk_bytes, bytes - offset);
    // 1. The buffer is free once the DMA of chunk i - 2 has finished.
    if (i >= 2) FRONTIER_CUDA_CHECK(cudaEventSynchronize(done[b].get()));
    // 2. Host threads fill it; 3. the DMA engine takes it.
    parallel_memcpy(s.buffer[b].data(), src + offset, length);
    FRONTIER_CUDA_CHECK(cudaMemcpyAsync(dst + offset, s.buffer[b].data(), length,
                                        cudaMemcpyHostToDevice, cuda_stream));
    FRONTIER_CUDA_CHECK(cudaEventRecord(done[b].get(), cuda_stream));
  }
  FRONTIER_CUDA_CHECK(cudaStreamSynchronize(cuda_stream));
}

void copy_to_host(void* h_dst, const void* d_src, std::size_t bytes, void* stream,
                  std::size_t chunk_bytes) {
  const auto cuda_stream = static_cast<cudaStream_t>(stream);
  if (copied_unstaged(h_dst, d_src, bytes, cudaMemcpyDeviceToHost, cuda_stream, chunk_bytes)) {
    return;
  }
  Staging& s = staging();
  const std::lock_guard<std::mutex> lock(s.mutex);
  s.ensure();
  // One event per buffer: when its last DMA has finished.
  const Event done[2] = {Event(cudaEventDisableTiming), Event(cudaEventDisableTiming)};
  const auto* src = static_cast<const unsigned char*>(d_src);
  auto* dst = static_cast<unsigned char*>(h_dst);
  const std::size_t chunks = (bytes + chunk_bytes - 1) / chunk_bytes;
  const auto queue = [&](std::size_t i) {
    const std::size_t offset = i * chunk_bytes;
    const std::size_t length = std::min(chunk_bytes, bytes - offset);
    FRONTIER_CUDA_CHECK(cudaMemcpyAsync(s.buffer[i % 2].data(), src + offset, length,
                                        cudaMemcpyDeviceToHost, cuda_stream));
    FRONTIER_CUDA_CHECK(cudaEventRecord(done[i % 2].get(), cuda_stream));
  };
  queue(0);
  for (std::size_t i = 0; i < chunks; ++i) {
    const std::size_t offset = i * chunk_bytes;
    const std::size_t length = std::min(chunk_bytes, bytes - offset);
    // 1. The next chunk's DMA goes into the other buffer, emptied by the previous iteration.
    if (i + 1 < chunks) queue(i + 1);
    // 2. Wait for this chunk, 3. host threads copy it out.
    FRONTIER_CUDA_CHECK(cudaEventSynchronize(done[i % 2].get()));
    parallel_memcpy(dst + offset, s.buffer[i % 2].data(), length);
  }
}

}  // namespace frontier::cuda
