// The CUDA storage of ParallelList<T>: device arrays per slot and the host steps that drive the
// tile kernels of parallel_list_tile_kernels.cuh, after Varga & Szénási, "Design and
// Implementation of Parallel List Data Structure using Graphics Accelerators" (IEEE INES 2016).
//
// Insert (count(e) values per selected element e): select (bitmap + tile tallies, summed by
// atomics into the operation's total and groups of tiles) -> link (one kernel: every tile
// computes its own offset from the group sums and tallies); then the total and the number of
// negative counts come back to the host in one pinned read (the operation's only
// synchronization). The link kernel changes nothing when the total exceeds the free stack or a
// count was negative: the host then throws (negative counts, growth failure: the list is
// unchanged) or grows the storage and launches it again (slot ids survive growth, so the bitmap
// and tallies stay valid).
// Why this shape: the former single fused CUB scan over all slots (transform-iterator input,
// scatter-iterator output) ran far below the GPU's bandwidth: per-item blocked loads
// of a 1-byte state and a value, 64-bit look-back. Here the only pass over every slot is the
// select kernel's vectorized, coalesced read of states and values; the offsets cover one tally
// per 2048 slots; the link kernel touches only the bitmap and the selected elements, and writes
// a tile's new nodes in allocation order, so the fresh ones go out as contiguous runs.
// Erase: the same selection frees the selected slots and marks them in the bitmap, and the
// survivors in the owners bitmap; link (tile offsets as for insert: push the selected slots at
// their offsets; every survivor whose successor is selected walks the run, bounded, and links
// around it); one pinned read (total + unfinished flag). Only runs longer than the walk take
// pointer-jumping rounds.
// Singly linked: the GPU list keeps next[] only (no prev[]), so an insert writes only the
// selected elements' own links and values (coalesced within a tile): an insert before moves
// the element's value into its last new node instead of relinking its predecessor
// (parallel_list_tile_kernels.cuh); append finds the last element by a pass over the slots
// (find_last_kernel), insert_counts takes predecessors from the index.
// Free stack: never used slots lie at its bottom in descending order (fresh_count_ of them:
// slots_ - 1, slots_ - 2, ...), freed slots are pushed on top, pops take the top: freed slots are
// reused first, then fresh slots lowest first. So every slot at or above the high-water mark
// slots_ - fresh_count_ is free, and the selection scans only the tiles below it.
// Index layer: an exclusive sum of the element flags (compact ids) -> compact successor list ->
// list_rank_device (Wei–JaJa) -> order[rank] = slot.
// No allocation happens in an operation unless the storage grows, a longer run of values than
// before is copied, or the index is first built at a larger size: the bitmaps and tallies are
// sized with the storage (in whole tiles), the tile sums once.
//
// Template members take device functors, so parallel_list_cuda.cuh can run callers' functors.
#pragma once

#include <cuda_runtime.h>

#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <algorithm>
#include <cstdint>
#include <cub/device/device_scan.cuh>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

#include "cuda/cuda_check.cuh"
#include "cuda/device_buffer.cuh"
#include "cuda/device_memory.hpp"
#include "cuda/device_scope.cuh"
#include "cuda/launch_sizing.hpp"
#include "cuda/pinned_buffer.cuh"
#include "frontier/errors.hpp"
#include "list_ranking/cuda/list_ranking_cuda.hpp"
#include "parallel_list/cuda/parallel_list_kernels.cuh"
#include "parallel_list/cuda/parallel_list_tile_kernels.cuh"
#include "parallel_list/cuda/parallel_list_tuning.hpp"
#include "parallel_list/parallel_list_backend.hpp"

namespace frontier::cuda {

/// Scalars the kernels of one operation hand back to the host.
struct ListScalars {
  /// Values inserted / elements erased.
  std::int64_t total;
  /// Erase: some run was longer than the walk.
  int unfinished;
  /// Append: the last element (or the sentinel).
  ListSlot last;
  /// Insert: the values to place and the negative counts (the selection's whole sum).
  CountTally tally;
};

template <typename T>
class CudaListStorage final : public detail::ParallelListBackend<T> {
 public:
  CudaListStorage(std::span<const T> values, const ParallelListOptions& options)
      : options_(options),
        device_id_(options.device.cuda_ids.empty() ? 0 : options.device.cuda_ids.front()) {
    const DeviceScope scope(device_id_);
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
    mapped_scalars_ = h_scalars_.device_pointer();
    allocate_storage(slots, 0);
    // Elements at slots 1..n in order (built on the host, one copy per array); the free stack
    // holds the fresh slots slots-1 down to n+1.
    std::vector<T> h_value(static_cast<std::size_t>(n + 1));
    std::vector<ListSlot> h_next(static_cast<std::size_t>(n + 1));
    std::vector<std::uint8_t> h_state(static_cast<std::size_t>(n + 1), kSlotLive);
    h_state[0] = kSlotFree;
#pragma omp parallel for schedule(static)
    for (std::int64_t slot = 1; slot <= n; ++slot) {
      h_value[slot] = values[slot - 1];
      h_next[slot] = slot < n ? static_cast<ListSlot>(slot + 1) : kListSentinel;
    }
    h_next[0] = n > 0 ? 1 : kListSentinel;
    copy_to_device(value_.data(), h_value.data(), n + 1);
    copy_to_device(next_.data(), h_next.data(), n + 1);
    copy_to_device(state_.data(), h_state.data(), n + 1);
    free_count_ = slots - 1 - n;
    fresh_count_ = free_count_;
    launch_push_fresh(free_.data(), free_count_, slots - 1);
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
    const DeviceScope scope(device_id_);
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
    const DeviceScope scope(device_id_);
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
        value_.data(), next_.data(), state_.data(), order_.data(), d_counts.data(),
        d_offsets.data(), run_.data(), n, free_.data() + base, position);
    FRONTIER_CHECK_LAUNCH();
    finish_insert(total);
    return total;
  }

  std::int64_t append(std::span<const T> values) override {
    const DeviceScope scope(device_id_);
    const auto total = static_cast<std::int64_t>(values.size());
    ensure_buffer(run_, total);
    copy_to_device(run_.data(), values.data(), total);
    ensure_free(total);
    // 1. The last element (the only owner linked to the sentinel), then the chain after it.
    const std::int64_t high_water = slots_ - fresh_count_;
    find_last_kernel<<<grid(high_water), policy_.block_threads, 0, stream()>>>(
        state_.data(), next_.data(), high_water, d_last());
    FRONTIER_CHECK_LAUNCH();
    append_kernel<<<grid(total), policy_.block_threads, 0, stream()>>>(
        value_.data(), next_.data(), state_.data(), run_.data(), total,
        free_.data() + free_count_ - total, d_last());
    FRONTIER_CHECK_LAUNCH();
    finish_insert(total);
    return total;
  }

  std::int64_t erase_where(const Predicate<T>& where) override {
    const DeviceScope scope(device_id_);
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
    const DeviceScope scope(device_id_);
    ensure_index();
    ListSlot slot = 0;
    copy_to_host(&slot, order_.data() + i, 1);
    T result{};
    copy_to_host(&result, value_.data() + slot, 1);
    return result;
  }

  std::vector<T> to_vector() override {
    const DeviceScope scope(device_id_);
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
    const DeviceScope scope(device_id_);
    ensure_index();
  }
  bool index_valid() const override { return index_valid_; }

  detail::ListHostView<T> host_view() override {
    const DeviceScope scope(device_id_);
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
  /// @throws InvalidArgument when some count is negative (the list is unchanged).
  template <typename Pred, typename Count, typename Value>
  std::int64_t insert_if(ListPosition position, Pred pred, Count count, Value value_of) {
    if (size_ == 0) return 0;
    const std::int64_t tiles = scan_tiles();
    const auto grid_tiles = static_cast<unsigned>(tiles);
    // 1. Selection: the bitmap, one tally per tile and their group sums; the link kernel
    //    computes the tiles' offsets.
    const ListSelection selected = begin_selection(tiles);
    list_select_kernel<ListSelectMode::Insert><<<grid_tiles, kListTileThreads, 0, stream()>>>(
        value_.data(), state_.data(), pred, count, selected, tiles, nullptr);
    FRONTIER_CHECK_LAUNCH();
    selection_launched();
    // 2. Linking, when everything fits; then the one synchronization.
    InsertLink<T, Count, Value> link{
        value_.data(), next_.data(), state_.data(),  free_.data(),           free_count_,
        fresh_count_,  slots_,       bitmap_.data(), tallies_.data(),        selected.sums,
        tiles,         count,        value_of,       &mapped_scalars_->tally};
    // The link kernel writes the whole tally straight into the pinned host scalars.
    launch_insert_link(position, link, true);
    FRONTIER_CUDA_CHECK(cudaStreamSynchronize(stream()));
    const CountTally all = h_scalars_.data()->tally;
    if (all.negative > 0) {
      throw InvalidArgument(
          "parallel list insert: the count functor returned a negative count for " +
          std::to_string(all.negative) + " element(s)");
    }
    if (all.total == 0) return 0;
    if (all.total > free_count_) {
      // 3. Nothing was linked: grow (a failure leaves the list unchanged), link again.
      if (all.total > detail::kMaxListSlots) {
        throw InvalidArgument("parallel list insert: " + std::to_string(all.total) +
                              " values requested; at most " +
                              std::to_string(detail::kMaxListSlots - 1) + " elements fit");
      }
      grow(slots_ + all.total - free_count_);
      launch_insert_link(position, link, false);
    }
    popped(all.total);
    size_ += all.total;
    changed();
    return all.total;
  }

  /// Erases every live element e with pred(e) (a device functor). The caller has made this
  /// list's GPU current.
  template <typename Pred>
  std::int64_t erase_if(Pred pred) {
    if (size_ == 0) return 0;
    const std::int64_t tiles = scan_tiles();
    const auto grid_tiles = static_cast<unsigned>(tiles);
    ListSlot* const erased = free_.data() + free_count_;
    // 1. Selection frees the slots and marks them in the bitmap, the survivors in the owners
    //    bitmap, and sums the tallies by groups of tiles.
    const ListSelection selected = begin_selection(tiles);
    list_select_kernel<ListSelectMode::Erase><<<grid_tiles, kListTileThreads, 0, stream()>>>(
        value_.data(), state_.data(), pred, ConstantCount{1}, selected, tiles,
        &mapped_scalars_->unfinished);
    FRONTIER_CHECK_LAUNCH();
    selection_launched();
    // 2. Push the selected slots at the tiles' offsets (computed by the link kernel); every
    //    survivor before a selected run links around it; the total and the flag go straight
    //    into the pinned host scalars.
    launch_tile_kernel(list_erase_link_kernel, tiles, true, bitmap_.data(), owners_.data(),
                       tallies_.data(), selected.sums, next_.data(), erased, policy_.max_walk_hops,
                       &mapped_scalars_->unfinished, &mapped_scalars_->total);
    FRONTIER_CUDA_CHECK(cudaStreamSynchronize(stream()));
    const std::int64_t total = h_scalars_.data()->total;
    if (total == 0) return 0;
    // 3. Runs longer than the walk (rare: erase-all, long selected stretches) by pointer jumping.
    if (h_scalars_.data()->unfinished != 0) relink_long_runs(erased, total, tiles * kListTileSlots);
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
    return capped_grid(static_cast<std::uint64_t>(work),
                       static_cast<std::uint64_t>(policy_.block_threads),
                       static_cast<std::uint64_t>(max_blocks_));
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

  void launch_push_fresh(ListSlot* stack, std::int64_t count, std::int64_t highest) {
    if (count == 0) return;
    push_fresh_kernel<<<grid(count), policy_.block_threads, 0, stream()>>>(stack, count, highest);
    FRONTIER_CHECK_LAUNCH();
  }

  template <typename U>
  void ensure_buffer(DeviceBuffer<U>& buffer, std::int64_t count) {
    if (static_cast<std::int64_t>(buffer.size()) >= count) return;
    buffer = DeviceBuffer<U>();
    require_free(device_bytes_for<U>(count), "a parallel list scratch buffer");
    buffer = DeviceBuffer<U>(static_cast<std::size_t>(count));
  }

  /// Slots of the per-slot arrays for `slots` slots: whole tiles (the padding slots are free).
  static std::int64_t padded_slots(std::int64_t slots) {
    return (slots + kListTileSlots - 1) / kListTileSlots * kListTileSlots;
  }
  /// Tiles of the selection: those below the high-water mark (all slots above it are free).
  std::int64_t scan_tiles() const {
    const std::int64_t high_water = slots_ - fresh_count_;
    return (high_water + kListTileSlots - 1) / kListTileSlots;
  }

  /// Bytes of the per-slot arrays and the selection scratch for `padded` slots.
  static std::uint64_t storage_bytes(std::int64_t padded) {
    const std::int64_t tiles = padded / kListTileSlots;
    return device_bytes_for<T>(padded) + 3 * device_bytes_for<ListSlot>(padded) +
           device_bytes_for<std::uint8_t>(padded) +
           2 * device_bytes_for<std::uint32_t>(tiles * kListTileWords) +
           device_bytes_for<CountTally>(tiles + 1);
  }

  static void require_free(std::uint64_t bytes, const std::string& what) {
    require_device_memory("parallel list on the GPU: " + what, bytes);
  }

  /// (Re)allocates the per-slot arrays and the selection scratch for `slots` slots (in whole
  /// tiles). Growth (`keep` = the current slots_ > 0) keeps the first `keep` slots' values, links
  /// and states, the selection bitmap and tallies (an insert links again after growth), and
  /// the free stack, moved up so that the new slots lie below it in descending order (they are
  /// fresh). Everything is allocated before anything changes, so a failure leaves the storage
  /// as it was. The pointer-jumping scratch is allocated only when an erase needs it.
  void allocate_storage(std::int64_t slots, std::int64_t keep) {
    jump_ = DeviceBuffer<ListSlot>();
    const std::int64_t padded = padded_slots(slots);
    const std::int64_t tiles = padded / kListTileSlots;
    require_free(storage_bytes(padded),
                 "storage for " + std::to_string(slots - 1) + " element slots");
    DeviceBuffer<T> value(padded);
    DeviceBuffer<ListSlot> next(padded);
    DeviceBuffer<std::uint8_t> state(padded);
    DeviceBuffer<ListSlot> free_stack(padded);
    DeviceBuffer<ListSlot> ids(padded);
    DeviceBuffer<std::uint32_t> bitmap(tiles * kListTileWords);
    DeviceBuffer<std::uint32_t> owners(tiles * kListTileWords);
    DeviceBuffer<CountTally> tallies(tiles + 1);
    DeviceBuffer<ListScalars> scalars;
    if (d_scalars_.size() == 0) scalars = DeviceBuffer<ListScalars>(1);
    DeviceBuffer<CountTally> tile_sums;
    if (tile_sums_.size() == 0) {
      tile_sums = DeviceBuffer<CountTally>(2 * kListSumEntries);
      FRONTIER_CUDA_CHECK(
          cudaMemsetAsync(tile_sums.data(), 0, tile_sums.size() * sizeof(CountTally), stream()));
    }
    FRONTIER_CUDA_CHECK(cudaMemsetAsync(state.data(), kSlotFree, padded, stream()));
    const std::int64_t added = slots - keep;
    if (keep > 0) {
      const auto copy = [](auto* dst, const auto* src, std::int64_t count) {
        if (count == 0) return;
        FRONTIER_CUDA_CHECK(
            cudaMemcpyAsync(dst, src, count * sizeof(*src), cudaMemcpyDeviceToDevice, stream()));
      };
      copy(value.data(), value_.data(), keep);
      copy(next.data(), next_.data(), keep);
      copy(state.data(), state_.data(), keep);
      copy(free_stack.data() + added, free_.data(), free_count_);
      copy(bitmap.data(), bitmap_.data(), static_cast<std::int64_t>(bitmap_.size()));
      copy(owners.data(), owners_.data(), static_cast<std::int64_t>(owners_.size()));
      copy(tallies.data(), tallies_.data(), static_cast<std::int64_t>(tallies_.size()));
      launch_push_fresh(free_stack.data(), added, slots - 1);
    }
    value_ = std::move(value);
    next_ = std::move(next);
    state_ = std::move(state);
    free_ = std::move(free_stack);
    ids_ = std::move(ids);
    bitmap_ = std::move(bitmap);
    owners_ = std::move(owners);
    tallies_ = std::move(tallies);
    if (scalars.size() > 0) d_scalars_ = std::move(scalars);
    if (tile_sums.size() > 0) tile_sums_ = std::move(tile_sums);
    slots_ = slots;
    if (keep > 0) {
      free_count_ += added;
      fresh_count_ += added;
    }
  }

  /// Grows the storage to at least `needed` slots (by the growth factor); the new slots go on
  /// the free stack.
  void grow(std::int64_t needed) {
    const std::int64_t new_slots = detail::grown_slot_count(slots_, needed, options_.growth_factor);
    allocate_storage(new_slots, slots_);
    ++counters_.grows;
  }

  /// Makes room for `needed` more elements: grows if the free stack is short.
  void ensure_free(std::int64_t needed) {
    if (free_count_ >= needed) return;
    grow(slots_ + needed - free_count_);
  }

  /// Accounts for `total` slots popped from the free stack: the fresh slots at its bottom are
  /// reached only after every freed slot above them.
  void popped(std::int64_t total) {
    free_count_ -= total;
    fresh_count_ = std::min(fresh_count_, free_count_);
  }

  int* d_unfinished() const { return &d_scalars_.data()->unfinished; }
  ListSlot* d_last() const { return &d_scalars_.data()->last; }

  /// The next select kernel adds into the half the launched one zeroed.
  void selection_launched() { sums_half_ = 1 - sums_half_; }

  /// Tiles per group of the tile sums: a multiple of 32 with at most kListMaxGroups groups and
  /// about as many groups as tiles in a group, so that a tile's offset sums at most about
  /// 2 sqrt(tiles) values (tile_exclusive_offset).
  static std::int64_t group_tiles_for(std::int64_t tiles) {
    std::int64_t group_tiles = 32;
    while (group_tiles * group_tiles < tiles || group_tiles * kListMaxGroups < tiles) {
      group_tiles += 32;
    }
    return group_tiles;
  }

  /// Where the select kernel of the next operation over `tiles` tiles writes. The operation's
  /// group sums alternate between the two halves of tile_sums_: each select launch zeroes the
  /// other half for the next one, so the sums start at zero without a memset of their own
  /// (selection_launched() moves on to that half once the launch went out).
  ListSelection begin_selection(std::int64_t tiles) {
    CountTally* const sums = tile_sums_.data() + sums_half_ * kListSumEntries;
    CountTally* const next_sums = tile_sums_.data() + (1 - sums_half_) * kListSumEntries;
    return {
        bitmap_.data(), owners_.data(), tallies_.data(), {sums, group_tiles_for(tiles)}, next_sums};
  }

  /// Pinned host scalars, mapped into the device's address space (mapped_scalars_), so that a
  /// kernel can hand its totals back without a copy.
  static PinnedBuffer<ListScalars> make_pinned_scalars() {
    return PinnedBuffer<ListScalars>(1, cudaHostAllocMapped | cudaHostAllocPortable);
  }

  /// Copies the device scalars to the pinned host copy and waits for the stream.
  void read_scalars() {
    FRONTIER_CUDA_CHECK(cudaMemcpyAsync(h_scalars_.data(), d_scalars_.data(), sizeof(ListScalars),
                                        cudaMemcpyDeviceToHost, stream()));
    FRONTIER_CUDA_CHECK(cudaStreamSynchronize(stream()));
  }

  /// Launches `kernel` over `tiles` tile blocks. `after_previous`: with programmatic stream
  /// serialization, so that its launch overlaps the previous kernel's last wave when that one
  /// allows it (the select kernel does); the tile kernels wait for the previous grid before
  /// anything else (wait_for_previous_grid).
  template <typename... Params, typename... Args>
  static void launch_tile_kernel(void (*kernel)(Params...), std::int64_t tiles, bool after_previous,
                                 Args... args) {
    cudaLaunchConfig_t config{};
    config.gridDim = dim3(static_cast<unsigned>(tiles));
    config.blockDim = dim3(kListTileThreads);
    config.dynamicSmemBytes = 0;
    config.stream = stream();
    if (after_previous) {
      cudaLaunchAttribute attribute{};
      attribute.id = cudaLaunchAttributeProgrammaticStreamSerialization;
      attribute.val.programmaticStreamSerializationAllowed = 1;
      config.attrs = &attribute;
      config.numAttrs = 1;
      if (cudaLaunchKernelEx(&config, kernel, args...) == cudaSuccess) return;
      // A driver or stream that refuses the attribute gets a plain launch (the kernels' wait is
      // then a no-op): the launch error is cleared and the launch repeated without it.
      (void)cudaGetLastError();
      config.attrs = nullptr;
      config.numAttrs = 0;
    }
    FRONTIER_CUDA_CHECK(cudaLaunchKernelEx(&config, kernel, args...));
  }

  /// Launches the insert link kernel of `position` on the current storage (pointers and free
  /// count refreshed, so that the launch after a growth sees the grown arrays); right after the
  /// selection (`after_selection`) it overlaps the selection's last wave (launch_tile_kernel).
  template <typename Count, typename Value>
  void launch_insert_link(ListPosition position, InsertLink<T, Count, Value>& link,
                          bool after_selection) {
    link.value = value_.data();
    link.next = next_.data();
    link.state = state_.data();
    link.free_stack = free_.data();
    link.free_count = free_count_;
    link.fresh_count = fresh_count_;
    link.slots = slots_;
    link.bitmap = bitmap_.data();
    link.tallies = tallies_.data();
    if (position == ListPosition::After) {
      launch_tile_kernel(list_insert_kernel<ListPosition::After, T, Count, Value>, link.tiles,
                         after_selection, link);
    } else {
      launch_tile_kernel(list_insert_kernel<ListPosition::Before, T, Count, Value>, link.tiles,
                         after_selection, link);
    }
  }

  /// Erase fallback for runs longer than the walk: pointer jumping over the `total` erased slots
  /// until every jump names a survivor, then every survivor below `slots` still linked to an
  /// erased slot links to the survivor after its run.
  void relink_long_runs(const ListSlot* erased, std::int64_t total, std::int64_t slots) {
    ensure_buffer(jump_, slots_);
    erase_jump_init_kernel<<<grid(total), policy_.block_threads, 0, stream()>>>(
        erased, total, next_.data(), jump_.data());
    FRONTIER_CHECK_LAUNCH();
    int unfinished = 1;
    while (unfinished != 0) {
      FRONTIER_CUDA_CHECK(cudaMemsetAsync(d_unfinished(), 0, sizeof(int), stream()));
      erase_jump_kernel<<<grid(total), policy_.block_threads, 0, stream()>>>(
          erased, total, bitmap_.data(), jump_.data(), policy_.max_hops_per_round, d_unfinished());
      FRONTIER_CHECK_LAUNCH();
      read_scalars();
      unfinished = h_scalars_.data()->unfinished;
    }
    erase_relink_kernel<<<grid(slots), policy_.block_threads, 0, stream()>>>(
        owners_.data(), bitmap_.data(), slots, jump_.data(), next_.data());
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
    popped(total);
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
      // 1. Compact ids of the element slots (all below the high-water mark): an exclusive sum
      //    of their flags.
      const std::int64_t high_water = slots_ - fresh_count_;
      const auto flags = thrust::make_transform_iterator(thrust::counting_iterator<std::int64_t>(0),
                                                         ElementFlag{state_.data()});
      std::size_t bytes = 0;
      FRONTIER_CUDA_CHECK(
          cub::DeviceScan::ExclusiveSum(nullptr, bytes, flags, ids_.data(), high_water, stream()));
      ensure_buffer(scan_temp_, static_cast<std::int64_t>(bytes));
      FRONTIER_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(scan_temp_.data(), bytes, flags,
                                                        ids_.data(), high_water, stream()));
      // 2. The compact successor list, ranked on the device.
      DeviceBuffer<ListSlot> successor(static_cast<std::size_t>(n));
      DeviceBuffer<ListSlot> slot_of(static_cast<std::size_t>(n));
      DeviceBuffer<ListSlot> rank(static_cast<std::size_t>(n));
      compact_list_kernel<<<grid(high_water), policy_.block_threads, 0, stream()>>>(
          state_.data(), next_.data(), ids_.data(), high_water, successor.data(), slot_of.data());
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
  /// Successor links (the GPU list is singly linked).
  DeviceBuffer<ListSlot> next_;
  /// Per-slot state (kSlotFree, kSlotLive; parallel_list_kernels.cuh).
  DeviceBuffer<std::uint8_t> state_;
  /// Free-slot stack: free_[0, free_count_), popped from the top; its bottom fresh_count_ entries
  /// are the never used slots slots_ - 1, slots_ - 2, ... (the high-water mark is
  /// slots_ - fresh_count_).
  DeviceBuffer<ListSlot> free_;
  std::int64_t free_count_ = 0;
  std::int64_t fresh_count_ = 0;
  std::int64_t size_ = 0;
  /// Selection scratch, in whole tiles: one selection bit and one link-owner bit (erase) per
  /// slot, one tally per tile (+1).
  DeviceBuffer<std::uint32_t> bitmap_;
  DeviceBuffer<std::uint32_t> owners_;
  DeviceBuffer<CountTally> tallies_;
  /// Group sums of the tile tallies, two operations' worth (ListTileSums: kListSumEntries each);
  /// the next select kernel adds into half sums_half_.
  DeviceBuffer<CountTally> tile_sums_;
  int sums_half_ = 0;
  /// Scratch per slot: compact ids (index layer), jump targets (long erase runs, lazily).
  DeviceBuffer<ListSlot> ids_;
  DeviceBuffer<ListSlot> jump_;
  /// Totals and flags the kernels hand back, and their pinned host copy.
  DeviceBuffer<ListScalars> d_scalars_;
  PinnedBuffer<ListScalars> h_scalars_;
  /// The device's address of h_scalars_ (mapped pinned memory): insert and erase kernels write
  /// their totals and flags there, read by the host after the operation's one synchronization.
  ListScalars* mapped_scalars_ = nullptr;
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
