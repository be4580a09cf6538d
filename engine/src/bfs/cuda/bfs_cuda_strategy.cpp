// Names of the CUDA BFS strategies (built with and without the CUDA backend).
#include "bfs/cuda/bfs_cuda.hpp"

namespace frontier::cuda {

std::string_view to_string(BfsCudaStrategy strategy) {
  switch (strategy) {
    case BfsCudaStrategy::Hybrid:
      return "hybrid";
    case BfsCudaStrategy::TwoPhase:
      return "two-phase";
    case BfsCudaStrategy::ContractExpand:
      return "contract-expand";
    case BfsCudaStrategy::DirectionOptimizing:
      return "direction-optimizing";
    case BfsCudaStrategy::BottomUp:
      return "bottom-up";
    case BfsCudaStrategy::ExpandContract:
      return "expand-contract";
  }
  return "unknown";
}

}  // namespace frontier::cuda
