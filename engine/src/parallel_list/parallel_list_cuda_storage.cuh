// The CUDA storage of ParallelList<T>: device arrays per slot and the host steps that drive the
// kernels of parallel_list_kernels.cuh, after Varga & Szénási, "Design and Implementation of
// Parallel List Data Structure using Graphics Accelerators" (IEEE INES 2016).
//
// Insert (a run of k values per selected element): ONE single-pass CUB scan over the slots whose
// input evaluates the predicate and whose output links each element's new nodes at its prefix
// (InsertSink), popping the free stack from the top; then the total comes back to the host (the
// operation's only synchronization). When the total exceeds the free stack, the items that did
// not fit are linked by a second scan after growth; if growth fails, a scan undoes the first
// (the list is unchanged). Functor counts (parallel_list_cuda.cuh) run a counting reduction
// first, so negative counts are rejected before any change.
// Erase: ONE scan marks the selected slots and pushes them on the free stack (EraseSink); the
// first slot of every erased run walks the run (bounded) and links around it; total and an
// unfinished flag come back together; only runs longer than the walk take pointer-jumping
// rounds; a release kernel frees the slots.
// Index layer: an exclusive sum of the element flags (compact ids) -> compact successor list ->
// list_rank_device (Wei–JaJa) -> order[rank] = slot.
// No allocation happens in an operation unless the storage grows, a longer run of values than
// before is copied, or the index is first built at a larger size.
//
// Template members take device functors, so parallel_list_cuda.cuh can run callers' functors.
#pragma once

#include <cuda_runtime.h>

#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <algorithm>
#include <cstdint>
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>
#include <memory>
#include <span>
#include <string>
#include <type_traits>
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

/// Scalars the kernels of one operation hand back to the host.
struct ListScalars {
  /// Values inserted / elements erased.
  std::int64_t total;
  /// Erase: some run was longer than the walk.
  int unfinished;
  /// Insert with a functor count: the counting pass.
  CountTally tally;
};

/// Frees pinned host memory.
struct PinnedDeleter {
  void operator()(void* pointer) const { cudaFreeHost(pointer); }
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
    h_scalars_ = make_pinned_scalars();
    allocate_storage(slots, 0);
    // Elements at slots 1..n in order (built on the host, one copy per array); the free stack
    // holds n+1..slots-1.
    std::vector<T> h_value(static_cast<std::size_t>(n + 1));
    std::vector<ListSlot> h_next(static_cast<std::size_t>(n + 1));
    std::vector<ListSlot> h_prev(static_cast<std::size_t>(n + 1));
    std::vector<std::uint8_t> h_state(static_cast<std::size_t>(n + 1), kSlotLive);
    h_state[0] = kSlotFree;
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
    copy_to_device(state_.data(), h_state.data(), n + 1);
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
    const auto k = static_cast<std::int64_t>(values.size());
    // A run of one value travels in the launch; longer runs are copied to the device.
    if (k > 1) {
      ensure_buffer(run_, k);
      copy_to_device(run_.data(), values.data(), k);
    }
    return insert_if(position, where, ConstantCount{k},
                     RunValue<T>{values[0], k > 1 ? run_.data() : nullptr, k});
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
        value_.data(), next_.data(), prev_.data(), state_.data(), order_.data(), d_counts.data(),
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
        value_.data(), next_.data(), prev_.data(), state_.data(), run_.data(), total,
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
    if (size_ == 0) return 0;
    const InsertCount<T, Pred, Count> counter{value_.data(), state_.data(), pred, count,
                                              stale_tag()};
    // 1. A functor count might be negative: then a counting pass first gives the exact total
    //    and rejects negative counts before any change (growth comes first too). A run of k
    //    values per element needs no such pass: the fused scan below links what fits, and the
    //    rest after growth (or undoes itself when growth fails).
    if constexpr (!std::is_same_v<Count, ConstantCount>) {
      const std::int64_t total = count_inserts(counter);
      if (total == 0) return 0;
      ensure_free(total);
    }
    // 2. The fused scan: counts on the fly, every selected element links its new nodes.
    const std::int64_t old_slots = slots_;
    const std::int64_t free_before = free_count_;
    auto sink = InsertSink<T, Pred, Count, Value>{
        counter,      value_.data(), next_.data(),        prev_.data(),  state_.data(),
        free_.data(), free_before,   old_slots,           old_slots - 1, d_total(),
        value_of,     position,      InsertPass::Fitting, new_tag()};
    scan_into<2>(counter, sink, old_slots);
    const std::int64_t total = read_total();
    if (total > free_before) {
      // 3. Not all fitted: grow (undoing the fitted part if growth fails), then link the rest.
      try {
        grow(old_slots + total - free_before);
      } catch (...) {
        sink.pass = InsertPass::UndoFitting;
        scan_into<2>(counter, sink, old_slots);
        FRONTIER_CUDA_CHECK(cudaStreamSynchronize(stream()));
        throw;
      }
      sink.value = value_.data();
      sink.next = next_.data();
      sink.prev = prev_.data();
      sink.state = state_.data();
      sink.free_stack = free_.data();
      sink.counter.value = value_.data();
      sink.counter.state = state_.data();
      sink.pass = InsertPass::Overflowing;
      scan_into<2>(sink.counter, sink, old_slots);
      // The old free stack is used up; the grown slots not taken form the new one.
      free_count_ = slots_ - old_slots - (total - free_before);
      launch_push_range(free_.data(), free_count_, old_slots + total - free_before);
    } else {
      free_count_ -= total;
    }
    insert_parity_ ^= 1;
    size_ += total;
    if (total > 0) changed();
    return total;
  }

  /// Erases every live element e with pred(e) (a device functor). The caller has made this
  /// list's GPU current.
  template <typename Pred>
  std::int64_t erase_if(Pred pred) {
    if (size_ == 0) return 0;
    // 1. One scan marks the selected slots and pushes them on the free stack.
    ListSlot* const erased = free_.data() + free_count_;
    const EraseSelect<T, Pred> select{value_.data(), state_.data(), pred};
    scan_into<1>(select, EraseSink{state_.data(), erased, slots_ - 1, d_total(), d_unfinished()},
                 slots_);
    // 2. The first slot of every run walks the run and links around it.
    erase_relink_walk_kernel<<<grid(size_), policy_.block_threads, 0, stream()>>>(
        erased, d_total(), state_.data(), next_.data(), prev_.data(), policy_.max_walk_hops,
        d_unfinished());
    FRONTIER_CHECK_LAUNCH();
    read_scalars();
    const std::int64_t total = h_scalars_->total;
    if (total == 0) return 0;
    // 3. Runs longer than the walk (rare: erase-all, long selected stretches) by pointer jumping.
    if (h_scalars_->unfinished != 0) relink_long_runs(erased, total);
    // 4. Free the slots (ordered before every later operation on the stream).
    erase_release_kernel<<<grid(total), policy_.block_threads, 0, stream()>>>(erased, total,
                                                                              state_.data());
    FRONTIER_CHECK_LAUNCH();
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
           device_bytes_for<std::uint8_t>(slots);
  }

  static void require_free(std::uint64_t bytes, const std::string& what) {
    std::size_t free_bytes = 0;
    std::size_t total_bytes = 0;
    FRONTIER_CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
    if (bytes > free_bytes)
      throw OutOfMemory("parallel list on the GPU: " + what, bytes, free_bytes);
  }

  /// (Re)allocates the per-slot arrays for `slots` slots, keeping the first `keep` slots'
  /// values, links and states and the free stack. The pointer-jumping scratch is allocated
  /// only when an erase needs it.
  void allocate_storage(std::int64_t slots, std::int64_t keep) {
    jump_ = DeviceBuffer<ListSlot>();
    require_free(storage_bytes(slots),
                 "storage for " + std::to_string(slots - 1) + " element slots");
    DeviceBuffer<T> value(slots);
    DeviceBuffer<ListSlot> next(slots);
    DeviceBuffer<ListSlot> prev(slots);
    DeviceBuffer<std::uint8_t> state(slots);
    DeviceBuffer<ListSlot> free_stack(slots);
    DeviceBuffer<ListSlot> ids(slots);
    FRONTIER_CUDA_CHECK(cudaMemsetAsync(state.data(), kSlotFree, slots, stream()));
    if (keep > 0) {
      const auto copy = [](auto* dst, const auto* src, std::int64_t count) {
        if (count == 0) return;
        FRONTIER_CUDA_CHECK(
            cudaMemcpyAsync(dst, src, count * sizeof(*src), cudaMemcpyDeviceToDevice, stream()));
      };
      copy(value.data(), value_.data(), keep);
      copy(next.data(), next_.data(), keep);
      copy(prev.data(), prev_.data(), keep);
      copy(state.data(), state_.data(), keep);
      copy(free_stack.data(), free_.data(), free_count_);
    }
    value_ = std::move(value);
    next_ = std::move(next);
    prev_ = std::move(prev);
    state_ = std::move(state);
    free_ = std::move(free_stack);
    ids_ = std::move(ids);
    slots_ = slots;
    if (d_scalars_.size() == 0) d_scalars_ = DeviceBuffer<ListScalars>(1);
    // The scans' temporary storage (the look-back tile states), sized with the storage so that
    // no operation allocates it: every insert and erase scan has int64 values and the same
    // policy, so the erase scan's size stands for all of them.
    const auto in = thrust::make_transform_iterator(
        thrust::counting_iterator<std::int64_t>(0),
        EraseSelect<T, Predicate<T>>{value_.data(), state_.data(), Predicate<T>::none()});
    std::size_t bytes = 0;
    FRONTIER_CUDA_CHECK(cub::DeviceScan::InclusiveScan(nullptr, bytes, in,
                                                       ScanSinkIterator<EraseSink>(EraseSink{}),
                                                       PackedSum<1>{}, slots, stream()));
    ensure_buffer(scan_temp_, static_cast<std::int64_t>(bytes));
  }

  /// Grows the storage to at least `needed` slots (by the growth factor); the new slots are
  /// free but not yet on the free stack.
  void grow(std::int64_t needed) {
    const std::int64_t new_slots = detail::grown_slot_count(slots_, needed, options_.growth_factor);
    allocate_storage(new_slots, slots_);
    ++counters_.grows;
  }

  /// Makes room for `needed` more elements: grows if the free stack is short and pushes the
  /// new slots.
  void ensure_free(std::int64_t needed) {
    if (free_count_ >= needed) return;
    const std::int64_t old_slots = slots_;
    grow(old_slots + needed - free_count_);
    launch_push_range(free_.data() + free_count_, slots_ - old_slots, old_slots);
    free_count_ += slots_ - old_slots;
  }

  /// Tag of the next insert's new nodes, and the tag it selects and clears (the last insert's).
  std::uint8_t new_tag() const { return insert_parity_ == 0 ? kSlotNew0 : kSlotNew1; }
  std::uint8_t stale_tag() const { return insert_parity_ == 0 ? kSlotNew1 : kSlotNew0; }

  std::int64_t* d_total() const { return &d_scalars_.data()->total; }
  int* d_unfinished() const { return &d_scalars_.data()->unfinished; }

  static std::unique_ptr<ListScalars, PinnedDeleter> make_pinned_scalars() {
    void* pointer = nullptr;
    FRONTIER_CUDA_CHECK(cudaMallocHost(&pointer, sizeof(ListScalars)));
    return std::unique_ptr<ListScalars, PinnedDeleter>(static_cast<ListScalars*>(pointer));
  }

  /// Copies the device scalars to the pinned host copy and waits for the stream.
  void read_scalars() {
    FRONTIER_CUDA_CHECK(cudaMemcpyAsync(h_scalars_.get(), d_scalars_.data(), sizeof(ListScalars),
                                        cudaMemcpyDeviceToHost, stream()));
    FRONTIER_CUDA_CHECK(cudaStreamSynchronize(stream()));
  }
  std::int64_t read_total() {
    read_scalars();
    return h_scalars_->total;
  }

  /// One single-pass CUB inclusive scan (PackedSum<kFlagBits>) over slots 0..count-1 whose
  /// inputs are input(v) and whose outputs go to sink(v, packed inclusive value).
  template <int kFlagBits, typename Input, typename Sink>
  void scan_into(Input input, Sink sink, std::int64_t count) {
    const auto in =
        thrust::make_transform_iterator(thrust::counting_iterator<std::int64_t>(0), input);
    const ScanSinkIterator<Sink> out(sink);
    std::size_t bytes = 0;
    FRONTIER_CUDA_CHECK(cub::DeviceScan::InclusiveScan(nullptr, bytes, in, out,
                                                       PackedSum<kFlagBits>{}, count, stream()));
    ensure_buffer(scan_temp_, static_cast<std::int64_t>(bytes));
    FRONTIER_CUDA_CHECK(cub::DeviceScan::InclusiveScan(scan_temp_.data(), bytes, in, out,
                                                       PackedSum<kFlagBits>{}, count, stream()));
  }

  /// The exact number of values an insert with `counter` places (a reduction, no change).
  /// @throws InvalidArgument when some count is negative.
  template <typename Counter>
  std::int64_t count_inserts(const Counter& counter) {
    const auto in = thrust::make_transform_iterator(thrust::counting_iterator<std::int64_t>(0),
                                                    InsertTally<Counter>{counter});
    CountTally* const d_tally = &d_scalars_.data()->tally;
    std::size_t bytes = 0;
    FRONTIER_CUDA_CHECK(cub::DeviceReduce::Reduce(nullptr, bytes, in, d_tally, slots_,
                                                  CountTallySum{}, CountTally{}, stream()));
    ensure_buffer(scan_temp_, static_cast<std::int64_t>(bytes));
    FRONTIER_CUDA_CHECK(cub::DeviceReduce::Reduce(scan_temp_.data(), bytes, in, d_tally, slots_,
                                                  CountTallySum{}, CountTally{}, stream()));
    read_scalars();
    const CountTally tally = h_scalars_->tally;
    if (tally.negative > 0) {
      throw InvalidArgument(
          "parallel list insert: the count functor returned a negative count for " +
          std::to_string(tally.negative) + " element(s)");
    }
    if (tally.total > detail::kMaxListSlots) {
      throw InvalidArgument("parallel list insert: " + std::to_string(tally.total) +
                            " values requested; at most " +
                            std::to_string(detail::kMaxListSlots - 1) + " elements fit");
    }
    return tally.total;
  }

  /// Erase fallback for runs longer than the walk: pointer jumping over the `total` erased slots
  /// until every jump names a survivor, then relinking every run.
  void relink_long_runs(const ListSlot* erased, std::int64_t total) {
    ensure_buffer(jump_, slots_);
    erase_jump_init_kernel<<<grid(total), policy_.block_threads, 0, stream()>>>(
        erased, total, next_.data(), jump_.data());
    FRONTIER_CHECK_LAUNCH();
    int unfinished = 1;
    while (unfinished != 0) {
      FRONTIER_CUDA_CHECK(cudaMemsetAsync(d_unfinished(), 0, sizeof(int), stream()));
      erase_jump_kernel<<<grid(total), policy_.block_threads, 0, stream()>>>(
          erased, total, state_.data(), jump_.data(), policy_.max_hops_per_round, d_unfinished());
      FRONTIER_CHECK_LAUNCH();
      read_scalars();
      unfinished = h_scalars_->unfinished;
    }
    erase_relink_kernel<<<grid(total), policy_.block_threads, 0, stream()>>>(
        erased, total, state_.data(), jump_.data(), next_.data(), prev_.data());
    FRONTIER_CHECK_LAUNCH();
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
    const std::int64_t n = size_;
    ensure_buffer(order_, n);
    if (n > 0) {
      // 1. Compact ids of the element slots: an exclusive sum of their flags.
      const auto flags = thrust::make_transform_iterator(thrust::counting_iterator<std::int64_t>(0),
                                                         ElementFlag{state_.data()});
      std::size_t bytes = 0;
      FRONTIER_CUDA_CHECK(
          cub::DeviceScan::ExclusiveSum(nullptr, bytes, flags, ids_.data(), slots_, stream()));
      ensure_buffer(scan_temp_, static_cast<std::int64_t>(bytes));
      FRONTIER_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(scan_temp_.data(), bytes, flags,
                                                        ids_.data(), slots_, stream()));
      // 2. The compact successor list, ranked on the device.
      DeviceBuffer<ListSlot> successor(static_cast<std::size_t>(n));
      DeviceBuffer<ListSlot> slot_of(static_cast<std::size_t>(n));
      DeviceBuffer<ListSlot> rank(static_cast<std::size_t>(n));
      compact_list_kernel<<<grid(slots_), policy_.block_threads, 0, stream()>>>(
          state_.data(), next_.data(), ids_.data(), slots_, successor.data(), slot_of.data());
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
  /// Per-slot state (kSlotFree, kSlotErasing, kSlotLive, kSlotNew0/1; parallel_list_kernels.cuh).
  DeviceBuffer<std::uint8_t> state_;
  /// Free-slot stack: free_[0, free_count_), popped from the top.
  DeviceBuffer<ListSlot> free_;
  std::int64_t free_count_ = 0;
  std::int64_t size_ = 0;
  /// Which tag the next insert gives its nodes (kSlotNew0 when 0).
  int insert_parity_ = 0;
  /// Scratch per slot: compact ids (index layer), jump targets (long erase runs, lazily).
  DeviceBuffer<ListSlot> ids_;
  DeviceBuffer<ListSlot> jump_;
  /// Totals and flags the kernels hand back, and their pinned host copy.
  DeviceBuffer<ListScalars> d_scalars_;
  std::unique_ptr<ListScalars, PinnedDeleter> h_scalars_;
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
