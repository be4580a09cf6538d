/// @file kronecker_edges.cuh
/// @brief Graph500 Kronecker tuples generated on the device: thread i of a grid-stride loop
/// writes tuple first_edge + i as kronecker_edge(sampler, first_edge + i)
/// (generators/kronecker.hpp), the same function the host generator calls, so a slice made here
/// equals the same slice made on the host bit for bit, and slices made by different GPUs (or
/// ranks) are independent of each other.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

#include "frontier/generators/kronecker.hpp"

namespace frontier::cuda {

/// Writes tuples [first_edge, first_edge + count) to d_sources[0, count) and
/// d_targets[0, count) on `stream` (asynchronous; launch errors are checked).
/// Preconditions: the sampler was made from valid parameters, first_edge + count does not pass
/// the edge count, and 2^scale vertex ids fit VertexT.
/// @throws CudaError if the launch fails.
template <typename VertexT>
void launch_kronecker_edges(const KroneckerSampler& sampler, std::uint64_t first_edge,
                            std::uint64_t count, VertexT* d_sources, VertexT* d_targets,
                            cudaStream_t stream);

}  // namespace frontier::cuda
