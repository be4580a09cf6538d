// distributed_bfs.cpp — DistributedBfs (distributed_bfs.hpp): checks the slices, builds the
// ranks of the chosen backend (CPU simulation or one GPU per rank) and runs the shared level
// loop, then gathers every rank's labels into global arrays.
#include "frontier/distributed_bfs.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "bfs/distributed/cpu/cpu_rank_search.hpp"
#include "bfs/distributed/cpu/host_exchange.hpp"
#include "bfs/distributed/cuda/cuda_ranks.hpp"
#include "bfs/distributed/level_loop.hpp"
#include "bfs/distributed/vertex_rules.hpp"
#include "frontier/detail/host_memory.hpp"
#include "frontier/detail/log.hpp"
#include "frontier/errors.hpp"

namespace frontier {

template <typename VertexT, typename EdgeT>
struct DistributedBfs<VertexT, EdgeT>::Impl {
  std::vector<Slice> slices;
  VertexDistribution<VertexT> distribution;
  bool directed = false;
  Device device;
  /// Ranks of the whole run (more than slices.size() in a multi-process run).
  int ranks = 0;
  std::int64_t num_arcs = 0;
  // CPU simulation.
  std::vector<std::unique_ptr<distributed::CpuRankSearch<VertexT, EdgeT>>> cpu_ranks;
  std::vector<distributed::RankSearch<VertexT>*> cpu_rank_pointers;
  std::unique_ptr<distributed::HostExchange> host_exchange;
  // GPUs.
  std::unique_ptr<distributed::CudaRankGroup<VertexT, EdgeT>> cuda;
  /// The last search's source and whether it kept parents (validate_last_search).
  std::optional<VertexT> last_source;
  bool last_predecessors = false;
};

namespace {

template <typename VertexT, typename EdgeT>
void check_slices(const std::vector<RankGraph<VertexT, EdgeT>>& slices) {
  if (slices.empty()) throw InvalidArgument("a distributed graph needs at least one slice");
  const auto& first = slices.front().distribution;
  if (first.ranks != static_cast<int>(slices.size())) {
    throw InvalidArgument("the slices describe " + std::to_string(first.ranks) +
                          " ranks but there are " + std::to_string(slices.size()));
  }
  if (first.num_vertices < 1) throw InvalidArgument("a distributed graph needs vertices");
  for (std::size_t r = 0; r < slices.size(); ++r) {
    const auto& d = slices[r].distribution;
    if (slices[r].rank != static_cast<int>(r) || d.ranks != first.ranks ||
        d.num_vertices != first.num_vertices || d.layout != first.layout ||
        slices[r].directed != slices.front().directed) {
      throw InvalidArgument("slice " + std::to_string(r) +
                            " does not belong with the others (rank, distribution or direction)");
    }
    slices[r].check_invariants();
  }
}

// Every simulated rank's search buffers must fit the host's free memory before any is made.
template <typename VertexT>
void check_simulated_ranks_memory(const VertexDistribution<VertexT>& distribution) {
  const std::uint64_t available = detail::available_host_memory_bytes();
  if (available == 0) return;
  std::uint64_t needed = 0;
  for (int rank = 0; rank < distribution.ranks; ++rank) {
    needed += distributed_rank_host_bytes(distribution, rank);
  }
  if (needed > available) {
    throw OutOfMemory("the search buffers of " + std::to_string(distribution.ranks) +
                          " ranks simulated on the CPU",
                      needed, available);
  }
}

}  // namespace

template <typename VertexT, typename EdgeT>
DistributedBfs<VertexT, EdgeT>::DistributedBfs(std::vector<Slice> slices, const Device& device,
                                               GpuTransport transport)
    : impl_(std::make_unique<Impl>()) {
  check_slices(slices);
  impl_->distribution = slices.front().distribution;
  impl_->directed = slices.front().directed;
  impl_->slices = std::move(slices);
  impl_->device = device;
  impl_->ranks = static_cast<int>(impl_->slices.size());
  for (const Slice& slice : impl_->slices) impl_->num_arcs += slice.local_arcs();
  const int p = static_cast<int>(impl_->slices.size());
  if (device.is_cuda()) {
    if (static_cast<int>(device.cuda_ids.size()) != p) {
      throw InvalidArgument(std::to_string(p) + " slices need " + std::to_string(p) +
                            " GPUs, not " + std::to_string(device.cuda_ids.size()));
    }
    impl_->cuda = distributed::make_cuda_rank_group<VertexT, EdgeT>(
        std::span<const Slice>(impl_->slices), std::span<const int>(device.cuda_ids), transport);
  } else {
    check_simulated_ranks_memory(impl_->distribution);
    for (const Slice& slice : impl_->slices) {
      impl_->cpu_ranks.push_back(
          std::make_unique<distributed::CpuRankSearch<VertexT, EdgeT>>(slice));
      impl_->cpu_rank_pointers.push_back(impl_->cpu_ranks.back().get());
    }
    impl_->host_exchange = std::make_unique<distributed::HostExchange>(p);
  }
  detail::logger().debug(
      "distributed bfs: {} {} ranks on the {}, {} vertices", p, to_string(distribution().layout),
      device.is_cuda() ? "GPUs (" + std::string(to_string(this->transport())) + " transport)"
                       : std::string("CPU (simulated)"),
      distribution().num_vertices);
}

template <typename VertexT, typename EdgeT>
DistributedBfs<VertexT, EdgeT>::DistributedBfs(Slice own_slice, const ProcessRank& process)
    : impl_(std::make_unique<Impl>()) {
  if (process.ranks < 1 || process.rank < 0 || process.rank >= process.ranks ||
      own_slice.rank != process.rank || own_slice.distribution.ranks != process.ranks) {
    throw InvalidArgument("process rank " + std::to_string(process.rank) + " of " +
                          std::to_string(process.ranks) + " does not match its slice (rank " +
                          std::to_string(own_slice.rank) + " of " +
                          std::to_string(own_slice.distribution.ranks) + ")");
  }
  if (own_slice.distribution.num_vertices < 1) {
    throw InvalidArgument("a distributed graph needs vertices");
  }
  own_slice.check_invariants();
  if (process.num_arcs < static_cast<std::int64_t>(own_slice.local_arcs())) {
    throw InvalidArgument("the whole graph cannot have fewer arcs (" +
                          std::to_string(process.num_arcs) + ") than one rank's slice (" +
                          std::to_string(own_slice.local_arcs()) + ")");
  }
  impl_->device = Device::cuda(process.gpu);
  impl_->ranks = process.ranks;
  impl_->distribution = own_slice.distribution;
  impl_->directed = own_slice.directed;
  impl_->slices.push_back(std::move(own_slice));
  impl_->cuda = distributed::make_cuda_process_rank<VertexT, EdgeT>(impl_->slices.front(), process);
  impl_->num_arcs = process.num_arcs;
}

template <typename VertexT, typename EdgeT>
DistributedBfs<VertexT, EdgeT>::DistributedBfs(const KroneckerParams& params, VertexLayout layout,
                                               const Device& device, GpuTransport transport)
    : impl_(std::make_unique<Impl>()) {
  if (!device.is_cuda() || device.cuda_ids.empty()) {
    throw InvalidArgument("slices built on the GPUs need a list of GPUs, one per rank");
  }
  const int p = static_cast<int>(device.cuda_ids.size());
  impl_->cuda = distributed::make_kronecker_rank_group<VertexT, EdgeT>(
      params, layout, std::span<const int>(device.cuda_ids), transport);
  impl_->distribution = {layout, static_cast<VertexT>(std::uint64_t{1} << params.scale), p};
  impl_->device = device;
  impl_->ranks = p;
  impl_->num_arcs = impl_->cuda->total_arcs();
  detail::logger().debug("distributed bfs: {} {} ranks built on the GPUs ({} transport), {} arcs",
                         p, to_string(layout), to_string(this->transport()), impl_->num_arcs);
}

template <typename VertexT, typename EdgeT>
DistributedBfs<VertexT, EdgeT>::DistributedBfs(const KroneckerParams& params, VertexLayout layout,
                                               const ProcessRank& process)
    : impl_(std::make_unique<Impl>()) {
  if (process.ranks < 1 || process.rank < 0 || process.rank >= process.ranks) {
    throw InvalidArgument("process rank " + std::to_string(process.rank) + " is out of range for " +
                          std::to_string(process.ranks) + " ranks");
  }
  impl_->cuda = distributed::make_kronecker_process_rank<VertexT, EdgeT>(params, layout, process);
  impl_->distribution = {layout, static_cast<VertexT>(std::uint64_t{1} << params.scale),
                         process.ranks};
  impl_->device = Device::cuda(process.gpu);
  impl_->ranks = process.ranks;
  impl_->num_arcs = impl_->cuda->total_arcs();
}

NcclUniqueId make_nccl_unique_id() { return distributed::nccl_unique_id(); }

template <typename VertexT, typename EdgeT>
DistributedBfs<VertexT, EdgeT>::~DistributedBfs() = default;
template <typename VertexT, typename EdgeT>
DistributedBfs<VertexT, EdgeT>::DistributedBfs(DistributedBfs&&) noexcept = default;
template <typename VertexT, typename EdgeT>
DistributedBfs<VertexT, EdgeT>& DistributedBfs<VertexT, EdgeT>::operator=(
    DistributedBfs&&) noexcept = default;

template <typename VertexT, typename EdgeT>
int DistributedBfs<VertexT, EdgeT>::ranks() const noexcept {
  return impl_->ranks;
}

template <typename VertexT, typename EdgeT>
const VertexDistribution<VertexT>& DistributedBfs<VertexT, EdgeT>::distribution() const noexcept {
  return impl_->distribution;
}

template <typename VertexT, typename EdgeT>
std::int64_t DistributedBfs<VertexT, EdgeT>::num_arcs() const noexcept {
  return impl_->num_arcs;
}

template <typename VertexT, typename EdgeT>
std::vector<int> DistributedBfs<VertexT, EdgeT>::held_ranks() const {
  std::vector<int> ranks;
  if (!impl_->slices.empty()) {
    for (const Slice& slice : impl_->slices) ranks.push_back(slice.rank);
  } else {
    for (distributed::RankSearch<VertexT>* rank : impl_->cuda->ranks()) {
      ranks.push_back(rank->rank());
    }
  }
  return ranks;
}

template <typename VertexT, typename EdgeT>
std::vector<std::int64_t> DistributedBfs<VertexT, EdgeT>::held_arcs() const {
  std::vector<std::int64_t> arcs;
  if (!impl_->slices.empty()) {
    for (const Slice& slice : impl_->slices) {
      arcs.push_back(static_cast<std::int64_t>(slice.local_arcs()));
    }
  } else {
    for (std::size_t i = 0; i < impl_->cuda->ranks().size(); ++i) {
      arcs.push_back(impl_->cuda->local_arcs(i));
    }
  }
  return arcs;
}

template <typename VertexT, typename EdgeT>
std::int64_t DistributedBfs<VertexT, EdgeT>::degree(VertexT v) const {
  const VertexDistribution<VertexT>& d = impl_->distribution;
  if (v < 0 || v >= d.num_vertices) {
    throw InvalidArgument("vertex " + std::to_string(v) + " is out of range [0, " +
                          std::to_string(d.num_vertices) + ")");
  }
  if (impl_->slices.empty()) return impl_->cuda->degree(v);
  for (const Slice& slice : impl_->slices) {
    if (slice.rank == d.owner(v)) return static_cast<std::int64_t>(slice.degree(d.local(v)));
  }
  throw InvalidArgument("vertex " + std::to_string(v) + " is not owned by a rank here");
}

template <typename VertexT, typename EdgeT>
BfsValidation DistributedBfs<VertexT, EdgeT>::validate(VertexT source,
                                                       std::span<const VertexT> parent,
                                                       std::span<const std::int32_t> depth) const {
  if (!impl_->slices.empty()) {
    return validate_distributed_bfs<VertexT, EdgeT>(impl_->slices, source, parent, depth);
  }
  return distributed::validate_ranks<VertexT>(
      impl_->distribution, impl_->cuda->ranks().size(), source, parent, depth,
      [&](std::size_t i) { return impl_->cuda->check(i, source, parent, depth); });
}

template <typename VertexT, typename EdgeT>
BfsValidation DistributedBfs<VertexT, EdgeT>::validate_last_search(VertexT source) {
  if (!impl_->last_source || *impl_->last_source != source) {
    throw InvalidArgument("the last search did not start from " + std::to_string(source));
  }
  if (!impl_->last_predecessors) {
    throw InvalidArgument("the last search from " + std::to_string(source) +
                          " kept no parents to validate");
  }
  if (impl_->cuda && !impl_->directed) {
    const distributed::InPlaceCheck check = impl_->cuda->check_in_place(source);
    BfsValidation verdict;
    verdict.valid = check.first_broken_rank < 0;
    verdict.failure = check.failure;
    verdict.vertices_in_tree = check.reached_vertices;
    verdict.arcs_in_component = check.reached_arcs;
    return verdict;
  }
  const std::size_t held = impl_->cuda ? impl_->cuda->ranks().size() : impl_->slices.size();
  if (static_cast<int>(held) != impl_->ranks) {
    throw InvalidArgument(
        "one process of a multi-process run holds only its own labels: combine them and call "
        "validate()");
  }
  // Simulated ranks (and directed slices): the labels on the host.
  const auto n = static_cast<std::size_t>(distribution().num_vertices);
  std::vector<std::int32_t> depth(n, kUnreachedDepth);
  std::vector<VertexT> parent(n, kInvalidVertex<VertexT>);
  const std::span<distributed::RankSearch<VertexT>* const> ranks =
      impl_->cuda ? impl_->cuda->ranks()
                  : std::span<distributed::RankSearch<VertexT>* const>(impl_->cpu_rank_pointers);
  for (distributed::RankSearch<VertexT>* rank : ranks) rank->gather(depth, parent);
  return validate(source, parent, depth);
}

template <typename VertexT, typename EdgeT>
std::vector<typename DistributedBfs<VertexT, EdgeT>::Slice>
DistributedBfs<VertexT, EdgeT>::slices_to_host() const {
  if (!impl_->slices.empty()) return impl_->slices;
  std::vector<Slice> slices;
  for (std::size_t i = 0; i < impl_->cuda->ranks().size(); ++i) {
    slices.push_back(impl_->cuda->slice_to_host(i));
  }
  return slices;
}

template <typename VertexT, typename EdgeT>
std::span<const typename DistributedBfs<VertexT, EdgeT>::Slice>
DistributedBfs<VertexT, EdgeT>::slices() const noexcept {
  return impl_->slices;
}

template <typename VertexT, typename EdgeT>
const Device& DistributedBfs<VertexT, EdgeT>::device() const noexcept {
  return impl_->device;
}

template <typename VertexT, typename EdgeT>
GpuTransport DistributedBfs<VertexT, EdgeT>::transport() const noexcept {
  return impl_->cuda ? impl_->cuda->transport() : GpuTransport::Auto;
}

void check_distributed_bfs_options(const DistributedBfsOptions& options) {
  check_bfs_options(options.bfs);
  if (options.bfs.depth_limit || options.bfs.target) {
    throw InvalidArgument(
        "distributed BFS searches the whole component: a depth limit or target runs on one "
        "device only");
  }
  if (options.bfs.strategy != BfsStrategy::DirectionOptimizing &&
      options.bfs.strategy != BfsStrategy::TopDown) {
    throw InvalidArgument(
        std::string("distributed BFS runs direction-optimizing or top-down, not ") +
        std::string(to_string(options.bfs.strategy)));
  }
  if (options.small_level_arcs < 0) {
    throw InvalidArgument("small_level_arcs must be at least 0, not " +
                          std::to_string(options.small_level_arcs));
  }
}

template <typename VertexT, typename EdgeT>
DistributedBfsResult<VertexT> DistributedBfs<VertexT, EdgeT>::run(
    VertexT source, const DistributedBfsOptions& options) {
  const VertexT n = distribution().num_vertices;
  if (source < 0 || source >= n) {
    throw InvalidArgument("source " + std::to_string(source) + " is out of range [0, " +
                          std::to_string(n) + ")");
  }
  check_distributed_bfs_options(options);
  impl_->last_source.reset();
  distributed::LevelLoopConfig config;
  config.predecessors = options.bfs.predecessors;
  config.direction_optimizing =
      options.bfs.strategy == BfsStrategy::DirectionOptimizing && !impl_->directed;
  config.alpha = bfs_alpha(options.bfs, false);
  config.beta = options.bfs.beta;
  config.num_vertices = n;
  config.num_arcs = impl_->num_arcs;
  config.time_phases = options.time_phases;
  config.small_level_arcs = options.small_level_arcs;
  const std::size_t held = impl_->cuda ? impl_->cuda->ranks().size() : impl_->slices.size();
  if (static_cast<int>(held) == impl_->ranks) {
    // Every rank is here: the source's arcs are known, and level 0 needs no counts round trip.
    config.source_rank = distribution().owner(source);
    config.source_arcs = degree(source);
  }
  const std::span<distributed::RankSearch<VertexT>* const> ranks =
      impl_->cuda ? impl_->cuda->ranks()
                  : std::span<distributed::RankSearch<VertexT>* const>(impl_->cpu_rank_pointers);
  const distributed::LevelLoopResult loop =
      impl_->cuda
          ? impl_->cuda->run(source, config)
          : distributed::run_level_loop<VertexT>(ranks, *impl_->host_exchange, source, config);

  impl_->last_source = source;
  impl_->last_predecessors = options.bfs.predecessors;
  DistributedBfsResult<VertexT> result;
  result.bfs.source = source;
  result.bfs.sources = {source};
  result.bfs.levels = loop.levels;
  result.bfs.vertices_reached = loop.vertices_reached;
  result.bfs.edges_examined = loop.edges_examined;
  result.bfs.seconds = loop.seconds;
  result.exchange = loop.exchange;
  result.bytes_exchanged = loop.bytes_exchanged;
  result.warm_up_seconds = loop.warm_up_seconds;
  if (options.gather_labels) {
    result.bfs.depth.assign(static_cast<std::size_t>(n), kUnreachedDepth);
    if (options.bfs.predecessors) result.bfs.parent.assign(static_cast<std::size_t>(n), -1);
    for (distributed::RankSearch<VertexT>* rank : ranks) {
      rank->gather(result.bfs.depth, result.bfs.parent);
    }
  }
  return result;
}

template class DistributedBfs<std::int32_t, std::int64_t>;
template class DistributedBfs<std::int64_t, std::int64_t>;

}  // namespace frontier
