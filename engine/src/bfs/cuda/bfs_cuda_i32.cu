// BfsRunner for 32-bit vertex ids (the definition is bfs_cuda_runner.cuh).
#include "bfs/cuda/bfs_cuda_runner.cuh"

namespace frontier::cuda {

template class BfsRunner<std::int32_t, std::int64_t>;

}  // namespace frontier::cuda
