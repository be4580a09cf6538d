/// @file gpu_bfs_strategies.hpp
/// @brief The single-GPU BFS runner's strategies, every one, for tests that run them all.
#pragma once

#include "bfs/cuda/bfs_cuda.hpp"

namespace frontier::test {

inline constexpr cuda::BfsCudaStrategy kAllGpuStrategies[] = {
    cuda::BfsCudaStrategy::Hybrid,
    cuda::BfsCudaStrategy::TwoPhase,
    cuda::BfsCudaStrategy::ContractExpand,
    cuda::BfsCudaStrategy::ExpandContract,
    cuda::BfsCudaStrategy::DirectionOptimizing,
    cuda::BfsCudaStrategy::BottomUp};

}  // namespace frontier::test
