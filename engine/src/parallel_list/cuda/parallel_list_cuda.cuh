// Device-functor entry points of ParallelList for CUDA code in the engine (.cu files): bulk
// insert and erase with the caller's own __device__ functors, on a list whose storage is on the
// GPU. The host API (frontier/parallel_list.hpp) takes Predicate expressions on the GPU; this
// header adds arbitrary selections and per-element variable counts and values.
//
//   auto count = [] __device__(std::int32_t e) { return std::int64_t(e % 3); };
//   auto value = [] __device__(std::int32_t e, std::int64_t j) { return e * 10 + int(j); };
//   frontier::cuda::insert_if(list, ListPosition::After,
//                             [] __device__(std::int32_t e) { return e > 0; }, count, value);
//
// Needs --extended-lambda for __device__ lambdas (the engine compiles with it).
#pragma once

#include <cstdint>

#include "frontier/errors.hpp"
#include "frontier/parallel_list.hpp"
#include "parallel_list/cuda/parallel_list_cuda_storage.cuh"

namespace frontier::cuda {

/// The CUDA storage of `list`. @throws InvalidArgument when the list lives on the CPU.
template <typename T>
CudaListStorage<T>& cuda_storage(ParallelList<T>& list) {
  auto* storage = dynamic_cast<CudaListStorage<T>*>(&detail::ParallelListAccess<T>::backend(list));
  if (storage == nullptr) {
    throw InvalidArgument("parallel list: device functors need a list on the GPU");
  }
  return *storage;
}

/// Inserts count(e) values value(e, 0..count(e)-1) before or after every element e with
/// pred(e); pred, count and value are device functors (count returns an integer >= 0).
/// Returns the number of values inserted.
/// @throws InvalidArgument on a CPU list or a negative count; CudaError / OutOfMemory.
template <typename T, typename Pred, typename Count, typename Value>
std::int64_t insert_if(ParallelList<T>& list, ListPosition position, Pred pred, Count count,
                       Value value) {
  CudaListStorage<T>& storage = cuda_storage(list);
  const DeviceScope scope(storage.device_id());
  return storage.insert_if(position, pred, count, value);
}

/// Erases every element e with pred(e) (a device functor). Returns the number erased.
template <typename T, typename Pred>
std::int64_t erase_if(ParallelList<T>& list, Pred pred) {
  CudaListStorage<T>& storage = cuda_storage(list);
  const DeviceScope scope(storage.device_id());
  return storage.erase_if(pred);
}

}  // namespace frontier::cuda
