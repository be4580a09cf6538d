// The CUDA storage of ParallelList<T>: device arrays per slot and the host steps that drive the
// kernels of parallel_list_kernels.cuh, after Varga & Szénási, "Design and Implementation of
// Parallel List Data Structure using Graphics Accelerators" (IEEE INES 2016).
//
// Insert: count kernel (predicate, per-slot counts) -> CUB exclusive sum over the slots (offsets,
// total) -> grow if the free stack is short -> link kernel (pops free_[base + offset ..], writes
// values, splices). Erase: mark kernel -> CUB exclusive sum -> collect kernel (pushes the marked
// slots onto the free stack) -> pointer-jumping rounds over the marked slots -> relink -> release.
// Index layer: live flags -> CUB exclusive sum (compact ids) -> compact successor list ->
// list_rank_device (Wei–JaJa) -> order[rank] = slot. One scalar comes back to the host per scan
// (the total) and per jumping round (the unfinished flag); no allocation happens in an operation
// unless the storage grows or the index is first built at a larger size.
//
// Template members take device functors, so parallel_list_cuda.cuh can run callers' functors.
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cub/device/device_scan.cuh>
#include <span>
#include <string>
#include <vector>

#include "bfs_cuda/device_buffer.cuh"
#include "frontier/detail/cuda_check.cuh"
#include "frontier/errors.hpp"
#include "list_ranking/list_ranking_cuda.hpp"
#include "parallel_list/parallel_list_backend.hpp"
#include "parallel_list/parallel_list_kernels.cuh"
#include "parallel_list/parallel_list_tuning.hpp"

namespace frontier::cuda {

/// Makes GPU `id` current for the lifetime of the scope.
class ListDeviceScope {
 public:
  explicit ListDeviceScope(int id) {
    FRONTIER_CUDA_CHECK(cudaGetDevice(&previous_));
    if (previous_ != id) FRONTIER_CUDA_CHECK(cudaSetDevice(id));
  }
  ~ListDeviceScope() { cudaSetDevice(previous_); }
  ListDeviceScope(const ListDeviceScope&) = delete;
  ListDeviceScope& operator=(const ListDeviceScope&) = delete;

 private:
  int previous_ = 0;
};

template <typename T>
class CudaListStorage final : public detail::ParallelListBackend<T> {
 public:
  CudaListStorage(std::span<const T> values, const ParallelListOptions& options)
      : options_(options),
        device_id_(options.device.cuda_ids.empty() ? 0 : options.device.cuda_ids.front()) {
    const ListDeviceScope scope(device_id_);
    const auto n = static_cast<std::int64_t>(values.size());
    const std::int64_t slots = 1 + n + options.reserve;
    if (slots > detail::kMaxListSlots) {
      throw InvalidArgument(
          "parallel list: " + std::to_string(slots - 1) + " element slots requested; at most " +
          std::to_string(detail::kMaxListSlots - 1) + " are supported (32-bit slots)");
    }
    int multiprocessors = 0;
    FRONTIER_CUDA_CHECK(
        cudaDeviceGetAttribute(&multiprocessors, cudaDevAttrMultiProcessorCount, device_id_));
    max_blocks_ = std::max(1, multiprocessors * policy_.blocks_per_sm);
    allocate_storage(slots, 0);
    // Elements at slots 1..n in order (built on the host, one copy per array); the free stack
    // holds n+1..slots-1.
    std::vector<T> h_value(static_cast<std::size_t>(n + 1));
    std::vector<ListSlot> h_next(static_cast<std::size_t>(n + 1));
    std::vector<ListSlot> h_prev(static_cast<std::size_t>(n + 1));
    std::vector<std::uint8_t> h_live(static_cast<std::size_t>(n + 1), kSlotLive);
    h_live[0] = kSlotFree;
#pragma omp parallel for schedule(static)
    for (std::int64_t slot = 1; slot <= n; ++slot) {
      h_value[slot] = values[slot - 1];
      h_next[slot] = slot < n ? static_cast<ListSlot>(slot + 1) : kListSentinel;
      h_prev[slot] = static_cast<ListSlot>(slot - 1);
    }
    h_next[0] = n > 0 ? 1 : kListSentinel;
    h_prev[0] = static_cast<ListSlot>(n);
    copy_to_device(value_.data(), h_value.data(), n + 1);
    copy_to_device(next_.data(), h_next.data(), n + 1);
    copy_to_device(prev_.data(), h_prev.data(), n + 1);
    copy_to_device(live_.data(), h_live.data(), n + 1);
    free_count_ = slots - 1 - n;
    launch_push_range(free_.data(), free_count_, n + 1);
    size_ = n;
    FRONTIER_CUDA_CHECK(cudaStreamSynchronize(stream()));
  }

  std::int64_t size() const override { return size_; }
  std::int64_t capacity() const override { return slots_ - 1; }
  std::int64_t free_slots() const override { return free_count_; }
  ParallelListCounters counters() const override { return counters_; }
  const Device& device() const override { return options_.device; }

  std::int64_t insert_where(ListPosition position, const Predicate<T>& where,
                            std::span<const T> values) override {
    const ListDeviceScope scope(device_id_);
    ensure_buffer(run_, static_cast<std::int64_t>(values.size()));
    copy_to_device(run_.data(), values.data(), static_cast<std::int64_t>(values.size()));
    return insert_if(position, where, ConstantCount{static_cast<std::int64_t>(values.size())},
                     RunValue<T>{run_.data()});
  }

  std::int64_t insert_counts(ListPosition position, std::span<const std::int64_t> counts,
                             std::span<const T> values, std::int64_t total) override {
    const ListDeviceScope scope(device_id_);
    ensure_index();
    const std::int64_t n = size_;
    // 1. Counts and values to the device; offsets by a scan over the list positions.
    DeviceBuffer<std::int64_t> d_counts(static_cast<std::size_t>(n));
    DeviceBuffer<std::int64_t> d_offsets(static_cast<std::size_t>(n));
    ensure_buffer(run_, total);
    copy_to_device(d_counts.data(), counts.data(), n);
    copy_to_device(run_.data(), values.data(), total);
    exclusive_sum(d_counts.data(), d_offsets.data(), n);
    // 2. Room, then values and links.
    ensure_free(total);
    const std::int64_t base = free_count_ - total;
    insert_counts_kernel<<<grid(n), policy_.block_threads, 0, stream()>>>(
        value_.data(), next_.data(), prev_.data(), live_.data(), order_.data(), d_counts.data(),
        d_offsets.data(), run_.data(), n, free_.data() + base, position);
    FRONTIER_CHECK_LAUNCH();
    finish_insert(total);
    return total;
  }

  std::int64_t append(std::span<const T> values) override {
    const ListDeviceScope scope(device_id_);
    const auto total = static_cast<std::int64_t>(values.size());
    ensure_buffer(run_, total);
    copy_to_device(run_.data(), values.data(), total);
    ensure_free(total);
    ListSlot last = 0;
    copy_to_host(&last, prev_.data() + kListSentinel, 1);
    append_kernel<<<grid(total), policy_.block_threads, 0, stream()>>>(
        value_.data(), next_.data(), prev_.data(), live_.data(), run_.data(), total,
        free_.data() + free_count_ - total, last);
    FRONTIER_CHECK_LAUNCH();
    finish_insert(total);
    return total;
  }

  std::int64_t erase_where(const Predicate<T>& where) override {
    const ListDeviceScope scope(device_id_);
    return erase_if(where);
  }

  std::int64_t insert_host(ListPosition, detail::FunctionRef<bool(const T&)>,
                           detail::FunctionRef<std::int64_t(const T&)>,
                           detail::FunctionRef<T(const T&, std::int64_t)>) override {
    throw InvalidArgument(host_functor_message());
  }
  std::int64_t erase_host(detail::FunctionRef<bool(const T&)>) override {
    throw InvalidArgument(host_functor_message());
  }

  T at(std::int64_t i) override {
    const ListDeviceScope scope(device_id_);
    ensure_index();
    ListSlot slot = 0;
    copy_to_host(&slot, order_.data() + i, 1);
    T result{};
    copy_to_host(&result, value_.data() + slot, 1);
    return result;
  }

  std::vector<T> to_vector() override {
    const ListDeviceScope scope(device_id_);
    ensure_index();
    std::vector<T> result(static_cast<std::size_t>(size_));
    if (size_ == 0) return result;
    DeviceBuffer<T> d_out(static_cast<std::size_t>(size_));
    gather_kernel<<<grid(size_), policy_.block_threads, 0, stream()>>>(value_.data(), order_.data(),
                                                                       size_, d_out.data());
    FRONTIER_CHECK_LAUNCH();
    copy_to_host(result.data(), d_out.data(), size_);
    return result;
  }

  void rebuild_index() override {
    const ListDeviceScope scope(device_id_);
    ensure_index();
  }
  bool index_valid() const override { return index_valid_; }

  detail::ListHostView<T> host_view() override {
    const ListDeviceScope scope(device_id_);
    if (!mirror_valid_) {
      h_value_.resize(static_cast<std::size_t>(slots_));
      h_next_.resize(static_cast<std::size_t>(slots_));
      copy_to_host(h_value_.data(), value_.data(), slots_);
      copy_to_host(h_next_.data(), next_.data(), slots_);
      mirror_valid_ = true;
    }
    return {h_value_.data(), h_next_.data(), h_next_[kListSentinel]};
  }

  /// Inserts count(e) values value_of(e, 0..count(e)-1) before or after every live element e with
  /// pred(e); the functors are device functors. The caller has made this list's GPU current.
  template <typename Pred, typename Count, typename Value>
  std::int64_t insert_if(ListPosition position, Pred pred, Count count, Value value_of) {
    // 1. Per-slot counts.
    reset_scalars();
    insert_count_kernel<<<grid(slots_), policy_.block_threads, 0, stream()>>>(
        value_.data(), live_.data(), slots_, pred, count, counts_.data(), scalars_.data());
    FRONTIER_CHECK_LAUNCH();
    unsigned long long negative = 0;
    copy_to_host(&negative, scalars_.data(), 1);
    if (negative > 0) {
      throw InvalidArgument(
          "parallel list insert: the count functor returned a negative count for " +
          std::to_string(negative) + " element(s)");
    }
    // 2. Offsets and total.
    const std::int64_t total = exclusive_sum_slots();
    if (total == 0) return 0;
    // 3. Room for the new nodes (growth copies the storage; counts and offsets survive).
    const std::int64_t old_slots = slots_;
    ensure_free(total);
    const std::int64_t base = free_count_ - total;
    // 4. Values and links.
    insert_link_kernel<<<grid(old_slots), policy_.block_threads, 0, stream()>>>(
        value_.data(), next_.data(), prev_.data(), live_.data(), offsets_.data(), old_slots,
        free_.data() + base, position, value_of);
    FRONTIER_CHECK_LAUNCH();
    finish_insert(total);
    return total;
  }

  /// Erases every live element e with pred(e) (a device functor). The caller has made this
  /// list's GPU current.
  template <typename Pred>
  std::int64_t erase_if(Pred pred) {
    // 1. Mark and count.
    erase_mark_kernel<<<grid(slots_), policy_.block_threads, 0, stream()>>>(
        value_.data(), live_.data(), slots_, pred, counts_.data());
    FRONTIER_CHECK_LAUNCH();
    const std::int64_t total = exclusive_sum_slots();
    if (total == 0) return 0;
    // 2. Push the marked slots; their jumps start at their successors.
    ListSlot* const erased = free_.data() + free_count_;
    erase_collect_kernel<<<grid(slots_), policy_.block_threads, 0, stream()>>>(
        offsets_.data(), slots_, next_.data(), erased, jump_.data());
    FRONTIER_CHECK_LAUNCH();
    // 3. Pointer jumping until every jump names a survivor (or the sentinel).
    int* const d_unfinished = reinterpret_cast<int*>(scalars_.data());
    int unfinished = 1;
    while (unfinished != 0) {
      FRONTIER_CUDA_CHECK(cudaMemsetAsync(d_unfinished, 0, sizeof(int), stream()));
      erase_jump_kernel<<<grid(total), policy_.block_threads, 0, stream()>>>(
          erased, total, live_.data(), jump_.data(), policy_.max_hops_per_round, d_unfinished);
      FRONTIER_CHECK_LAUNCH();
      copy_to_host(&unfinished, d_unfinished, 1);
    }
    // 4. Relink around every run, then free the slots.
    erase_relink_kernel<<<grid(total), policy_.block_threads, 0, stream()>>>(
        erased, total, live_.data(), jump_.data(), next_.data(), prev_.data());
    FRONTIER_CHECK_LAUNCH();
    erase_release_kernel<<<grid(total), policy_.block_threads, 0, stream()>>>(erased, total,
                                                                              live_.data());
    FRONTIER_CHECK_LAUNCH();
    FRONTIER_CUDA_CHECK(cudaStreamSynchronize(stream()));
    free_count_ += total;
    size_ -= total;
    changed();
    return total;
  }

  int device_id() const { return device_id_; }

 private:
  static std::string host_functor_message() {
    return "parallel list on the GPU: host functors run on the CPU backend only; pass a "
           "Predicate expression, or device functors through parallel_list_cuda.cuh";
  }

  static cudaStream_t stream() { return nullptr; }

  int grid(std::int64_t work) const {
    const std::int64_t blocks = (work + policy_.block_threads - 1) / policy_.block_threads;
    return static_cast<int>(std::clamp<std::int64_t>(blocks, 1, max_blocks_));
  }

  template <typename U>
  static void copy_to_device(U* d_dst, const U* h_src, std::int64_t count) {
    if (count == 0) return;
    FRONTIER_CUDA_CHECK(cudaMemcpy(d_dst, h_src, count * sizeof(U), cudaMemcpyHostToDevice));
  }
  template <typename U>
  static void copy_to_host(U* h_dst, const U* d_src, std::int64_t count) {
    if (count == 0) return;
    FRONTIER_CUDA_CHECK(cudaMemcpy(h_dst, d_src, count * sizeof(U), cudaMemcpyDeviceToHost));
  }

  void launch_push_range(ListSlot* stack, std::int64_t count, std::int64_t first) {
    if (count == 0) return;
    push_range_kernel<<<grid(count), policy_.block_threads, 0, stream()>>>(stack, count, first);
    FRONTIER_CHECK_LAUNCH();
  }

  template <typename U>
  void ensure_buffer(DeviceBuffer<U>& buffer, std::int64_t count) {
    if (static_cast<std::int64_t>(buffer.size()) >= count) return;
    buffer = DeviceBuffer<U>();
    require_free(device_bytes_for<U>(count), "a parallel list scratch buffer");
    buffer = DeviceBuffer<U>(static_cast<std::size_t>(count));
  }

  /// Bytes of the per-slot arrays for `slots` slots.
  static std::uint64_t storage_bytes(std::int64_t slots) {
    return device_bytes_for<T>(slots) + 4 * device_bytes_for<ListSlot>(slots) +
           device_bytes_for<std::uint8_t>(slots) + 2 * device_bytes_for<std::int64_t>(slots + 1);
  }

  static void require_free(std::uint64_t bytes, const std::string& what) {
    std::size_t free_bytes = 0;
    std::size_t total_bytes = 0;
    FRONTIER_CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
    if (bytes > free_bytes)
      throw OutOfMemory("parallel list on the GPU: " + what, bytes, free_bytes);
  }

  /// (Re)allocates the per-slot arrays for `slots` slots, keeping the first `keep` slots'
  /// values, links, live marks and free-stack entries and the counts/offsets of the first
  /// keep + 1 entries.
  void allocate_storage(std::int64_t slots, std::int64_t keep) {
    require_free(storage_bytes(slots),
                 "storage for " + std::to_string(slots - 1) + " element slots");
    DeviceBuffer<T> value(slots);
    DeviceBuffer<ListSlot> next(slots);
    DeviceBuffer<ListSlot> prev(slots);
    DeviceBuffer<std::uint8_t> live(slots);
    DeviceBuffer<ListSlot> free_stack(slots);
    DeviceBuffer<ListSlot> jump(slots);
    DeviceBuffer<std::int64_t> counts(slots + 1);
    DeviceBuffer<std::int64_t> offsets(slots + 1);
    FRONTIER_CUDA_CHECK(cudaMemsetAsync(live.data(), kSlotFree, slots, stream()));
    if (keep > 0) {
      const auto copy = [](auto* dst, const auto* src, std::int64_t count) {
        FRONTIER_CUDA_CHECK(
            cudaMemcpyAsync(dst, src, count * sizeof(*src), cudaMemcpyDeviceToDevice, stream()));
      };
      copy(value.data(), value_.data(), keep);
      copy(next.data(), next_.data(), keep);
      copy(prev.data(), prev_.data(), keep);
      copy(live.data(), live_.data(), keep);
      copy(free_stack.data(), free_.data(), free_count_);
      copy(counts.data(), counts_.data(), keep + 1);
      copy(offsets.data(), offsets_.data(), keep + 1);
    }
    value_ = std::move(value);
    next_ = std::move(next);
    prev_ = std::move(prev);
    live_ = std::move(live);
    free_ = std::move(free_stack);
    jump_ = std::move(jump);
    counts_ = std::move(counts);
    offsets_ = std::move(offsets);
    slots_ = slots;
    if (scalars_.size() == 0) scalars_ = DeviceBuffer<unsigned long long>(2);
  }

  void ensure_free(std::int64_t needed) {
    if (free_count_ >= needed) return;
    const std::int64_t old_slots = slots_;
    const std::int64_t new_slots = detail::grown_slot_count(
        old_slots, old_slots + needed - free_count_, options_.growth_factor);
    allocate_storage(new_slots, old_slots);
    launch_push_range(free_.data() + free_count_, new_slots - old_slots, old_slots);
    free_count_ += new_slots - old_slots;
    ++counters_.grows;
  }

  void reset_scalars() {
    FRONTIER_CUDA_CHECK(
        cudaMemsetAsync(scalars_.data(), 0, 2 * sizeof(unsigned long long), stream()));
  }

  /// Exclusive sum of `count` int64 values with CUB; d_out may not alias d_in.
  void exclusive_sum(const std::int64_t* d_in, std::int64_t* d_out, std::int64_t count) {
    if (count == 0) return;
    std::size_t bytes = 0;
    FRONTIER_CUDA_CHECK(
        cub::DeviceScan::ExclusiveSum(nullptr, bytes, d_in, d_out, count, stream()));
    ensure_buffer(scan_temp_, static_cast<std::int64_t>(bytes));
    FRONTIER_CUDA_CHECK(
        cub::DeviceScan::ExclusiveSum(scan_temp_.data(), bytes, d_in, d_out, count, stream()));
  }

  /// offsets_ = exclusive sums of counts_[0, slots_] (counts_[slots_] = 0); returns the total.
  std::int64_t exclusive_sum_slots() {
    FRONTIER_CUDA_CHECK(
        cudaMemsetAsync(counts_.data() + slots_, 0, sizeof(std::int64_t), stream()));
    exclusive_sum(counts_.data(), offsets_.data(), slots_ + 1);
    std::int64_t total = 0;
    copy_to_host(&total, offsets_.data() + slots_, 1);
    return total;
  }

  void finish_insert(std::int64_t total) {
    FRONTIER_CUDA_CHECK(cudaStreamSynchronize(stream()));
    free_count_ -= total;
    size_ += total;
    changed();
  }

  void changed() {
    index_valid_ = false;
    mirror_valid_ = false;
  }

  void ensure_index() {
    if (index_valid_) return;
    // 1. Compact ids of the live slots.
    live_flags_kernel<<<grid(slots_), policy_.block_threads, 0, stream()>>>(live_.data(), slots_,
                                                                            counts_.data());
    FRONTIER_CHECK_LAUNCH();
    const std::int64_t n = exclusive_sum_slots();
    ensure_buffer(order_, n);
    if (n > 0) {
      // 2. The compact successor list, ranked on the device.
      DeviceBuffer<ListSlot> successor(static_cast<std::size_t>(n));
      DeviceBuffer<ListSlot> slot_of(static_cast<std::size_t>(n));
      DeviceBuffer<ListSlot> rank(static_cast<std::size_t>(n));
      compact_list_kernel<<<grid(slots_), policy_.block_threads, 0, stream()>>>(
          live_.data(), next_.data(), offsets_.data(), slots_, successor.data(), slot_of.data());
      FRONTIER_CHECK_LAUNCH();
      list_rank_device<ListSlot>(successor.data(), rank.data(), n, options_.seed, stream());
      // 3. order[rank] = slot.
      scatter_order_kernel<<<grid(n), policy_.block_threads, 0, stream()>>>(
          rank.data(), slot_of.data(), n, order_.data());
      FRONTIER_CHECK_LAUNCH();
      FRONTIER_CUDA_CHECK(cudaStreamSynchronize(stream()));
    }
    index_valid_ = true;
    ++counters_.index_rebuilds;
  }

  ParallelListOptions options_;
  int device_id_ = 0;
  ParallelListCudaPolicy policy_;
  std::int64_t max_blocks_ = 1;
  /// Slots allocated (sentinel included).
  std::int64_t slots_ = 0;
  DeviceBuffer<T> value_;
  DeviceBuffer<ListSlot> next_;
  DeviceBuffer<ListSlot> prev_;
  DeviceBuffer<std::uint8_t> live_;
  /// Free-slot stack: free_[0, free_count_).
  DeviceBuffer<ListSlot> free_;
  std::int64_t free_count_ = 0;
  std::int64_t size_ = 0;
  /// Scratch per slot: jump targets (erase), counts and their exclusive sums (slots + 1).
  DeviceBuffer<ListSlot> jump_;
  DeviceBuffer<std::int64_t> counts_;
  DeviceBuffer<std::int64_t> offsets_;
  /// Scratch: [0] negative-count counter / unfinished flag.
  DeviceBuffer<unsigned long long> scalars_;
  DeviceBuffer<unsigned char> scan_temp_;
  /// Inserted values (a run, or insert_counts' values).
  DeviceBuffer<T> run_;
  /// Index layer: order_[i] = slot of the i-th element (valid when index_valid_).
  DeviceBuffer<ListSlot> order_;
  bool index_valid_ = false;
  /// Host copies of values and links for iteration (valid when mirror_valid_).
  std::vector<T> h_value_;
  std::vector<ListSlot> h_next_;
  bool mirror_valid_ = false;
  ParallelListCounters counters_;
};

}  // namespace frontier::cuda
