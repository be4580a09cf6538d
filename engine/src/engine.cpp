// engine.cpp — Engine: a resident graph plus the device its queries run on (see engine.hpp).
#include "frontier/engine.hpp"

#include <mutex>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "bfs/bfs_dispatch.hpp"
#include "bfs/bfs_tuning.hpp"
#include "bfs/bfs_validate_messages.hpp"
#include "bfs/cuda/bfs_cuda.hpp"
#include "bfs/cuda/bfs_device_labels.hpp"
#include "bfs/cuda/renumbered_labels.hpp"
#include "frontier/detail/log.hpp"
#include "frontier/detail/timer.hpp"
#include "frontier/device_build.hpp"
#include "frontier/errors.hpp"
#include "graph/cuda/device_graph_build.hpp"
#include "graph/degree_order.hpp"

namespace frontier {
namespace detail {

/// What an Engine keeps on its GPU: the BFS runner (graph, reverse graph and every search
/// buffer), used by one search at a time, warmed up when built so that the first search runs as
/// fast as the following ones.
struct EngineResidentState {
  std::mutex mutex;
  cuda::BfsRunner<VertexId, EdgeId> bfs_runner;
  double warm_up_seconds = 0.0;
  /// SearchOrder::DegreeClasses: the runner holds the renumbered graph and this is its order
  /// (empty otherwise); the caller's labels rewritten in it for validation (allocated by the
  /// first validation); the labels of a search answered in host memory, on their way there
  /// (allocated by the first such search, guarded by host_labels_mutex).
  cuda::DeviceSearchOrder order;
  DeviceArray<std::int32_t> search_depth;
  DeviceArray<VertexId> search_parent;
  std::mutex host_labels_mutex;
  DeviceBfsResult<VertexId> host_labels;

  EngineResidentState(const Graph& graph, int device_id)
      : bfs_runner(graph, device_id), warm_up_seconds(bfs_runner.warm_up()) {}
  explicit EngineResidentState(cuda::ResidentGraph<VertexId, EdgeId>&& graph)
      : bfs_runner(std::move(graph)), warm_up_seconds(bfs_runner.warm_up()) {}

  bool ordered() const noexcept { return !order.new_id.empty(); }
};

}  // namespace detail

namespace {

/// A search without its tree has nothing to validate: said plainly, before any size check.
void require_parents(bool has_parents) {
  if (!has_parents) {
    throw InvalidArgument(
        "validation needs the search's parents, and this search kept none (search with "
        "predecessors on)");
  }
}

// A failed check's message names search ids; said so where no host graph can name the caller's.
BfsValidation in_caller_words(BfsValidation verdict) {
  if (!verdict.valid) {
    verdict.failure +=
        " (vertex ids of the engine's degree order: this engine keeps no host "
        "graph to check the labels in the graph's own ids)";
  }
  return verdict;
}

// The GPU validator on labels already in search ids (state.search_parent, .search_depth).
BfsValidation validate_in_search_ids(detail::EngineResidentState& state,
                                     std::span<const VertexId> sources, bool with_depth,
                                     bool stopped_early) {
  const std::vector<VertexId> renamed = cuda::to_search_ids(state.order, sources);
  return state.bfs_runner.validate_on_device(renamed, state.search_parent.data(),
                                             with_depth ? state.search_depth.data() : nullptr,
                                             stopped_early);
}

}  // namespace

Engine::Engine(Graph graph, Device device, const EngineOptions& options)
    : Engine(std::make_shared<const Graph>(std::move(graph)), std::move(device), options) {}

Engine::Engine(std::shared_ptr<const Graph> graph, Device device, const EngineOptions& options)
    : graph_(graph ? std::move(graph)
                   : throw InvalidArgument("an engine needs a graph, not a null pointer")),
      device_(resolve_device(device, graph_->num_arcs())) {
  if (device_.is_cuda() && device_.cuda_ids.empty()) {
    throw InvalidArgument("a CUDA engine needs at least one GPU id");
  }
  graph_->check_invariants();
  std::shared_ptr<const detail::DegreeOrderedGraph<VertexId, EdgeId>> ordered;
  if (options.search_order == SearchOrder::DegreeClasses) {
    if (device_.is_cuda()) single_gpu_id(device_);  // a usable GPU before the host's work
    const detail::Timer timer;
    ordered = std::make_shared<const detail::DegreeOrderedGraph<VertexId, EdgeId>>(
        detail::order_by_degree_class(*graph_));
    detail::logger().debug("engine: renumbered by degree class in {:.3f} s", timer.seconds());
  }
  const Graph& searched = ordered ? ordered->graph : *graph_;
  if (device_.is_cuda()) {
    // The GPU keeps the renumbered graph and its order; the host's copy of them goes.
    const int id = single_gpu_id(device_);
    resident_ = std::make_shared<detail::EngineResidentState>(searched, id);
    if (ordered) {
      resident_->order = cuda::upload_search_order(ordered->new_id, ordered->old_id, id);
    }
  } else {
    if (searched.directed()) searched.reverse();
    cpu_warm_up_seconds_ = cpu::start_bfs_threads(searched.num_vertices(),
                                                  static_cast<std::int64_t>(searched.num_arcs()));
    ordered_ = std::move(ordered);
  }
  detail::logger().debug("engine: graph with {} vertices and {} arcs resident on the {}",
                         graph_->num_vertices(), graph_->num_arcs(),
                         device_.is_cuda() ? "GPU" : "CPU");
}

double Engine::warm_up_seconds() const noexcept {
  return resident_ ? resident_->warm_up_seconds : cpu_warm_up_seconds_;
}

Engine::Engine(std::shared_ptr<const Graph> graph, Device device,
               std::shared_ptr<detail::EngineResidentState> resident)
    : graph_(std::move(graph)), device_(std::move(device)), resident_(std::move(resident)) {}

const Graph& Engine::graph() const {
  if (!graph_) {
    throw InvalidArgument(
        "this engine keeps its graph on the GPU alone (built there without a host copy); ask "
        "for HostCopy::Graph when building it to read the graph on the host");
  }
  return *graph_;
}

VertexId Engine::num_vertices() const noexcept {
  return graph_ ? graph_->num_vertices() : resident_->bfs_runner.num_vertices();
}

EdgeId Engine::num_arcs() const noexcept {
  return graph_ ? graph_->num_arcs() : resident_->bfs_runner.num_arcs();
}

std::vector<EdgeId> Engine::out_degrees(std::span<const VertexId> vertices) const {
  const VertexId n = num_vertices();
  for (const VertexId v : vertices) {
    if (v < 0 || v >= n) {
      throw InvalidArgument("vertex " + std::to_string(v) + " is out of range [0, " +
                            std::to_string(n) + ")");
    }
  }
  if (!graph_) {
    const std::vector<VertexId> renamed =
        resident_->ordered() ? cuda::to_search_ids(resident_->order, vertices)
                             : std::vector<VertexId>(vertices.begin(), vertices.end());
    const std::lock_guard<std::mutex> lock(resident_->mutex);
    return resident_->bfs_runner.out_degrees(renamed);
  }
  std::vector<EdgeId> degrees(vertices.size());
  for (std::size_t i = 0; i < vertices.size(); ++i) degrees[i] = graph_->degree(vertices[i]);
  return degrees;
}

BfsResult<VertexId> Engine::bfs(VertexId source, const BfsOptions& options) const {
  return bfs(std::span<const VertexId>(&source, 1), options);
}

SearchOrder Engine::search_order() const noexcept {
  return ordered_ || (resident_ && resident_->ordered()) ? SearchOrder::DegreeClasses
                                                         : SearchOrder::AsGiven;
}

BfsResult<VertexId> Engine::bfs(std::span<const VertexId> sources,
                                const BfsOptions& options) const {
  if (ordered_) {
    // Checked in the caller's ids, so that errors name the vertices it gave.
    detail::check_bfs_arguments(*graph_, sources, options, device_);
    const std::vector<VertexId> renamed = detail::to_search_ids(*ordered_, sources);
    const BfsOptions renamed_options = detail::with_target_in_search_ids(*ordered_, options);
    const BfsResult<VertexId> found = frontier::bfs(
        ordered_->graph, std::span<const VertexId>(renamed), renamed_options, device_);
    const detail::Timer timer;
    BfsResult<VertexId> result = detail::relabel_result(*ordered_, found, options.threads);
    result.seconds += timer.seconds();
    return result;
  }
  if (resident_ && resident_->ordered()) {
    // The labels come back in the caller's ids on the GPU, then to the host.
    const std::lock_guard<std::mutex> lock(resident_->host_labels_mutex);
    DeviceBfsResult<VertexId>& labels = resident_->host_labels;
    bfs_on_device(sources, options, labels);
    BfsResult<VertexId> result = labels.summary;
    result.depth = labels.depth.to_host();
    if (!labels.parent.empty()) result.parent = labels.parent.to_host();
    return result;
  }
  if (!resident_) return frontier::bfs(*graph_, sources, options, device_);
  detail::check_bfs_arguments(num_vertices(), sources, options, device_);
  const std::lock_guard<std::mutex> lock(resident_->mutex);
  return resident_->bfs_runner.run(sources, to_cuda_options(options));
}

DeviceBfsResult<VertexId> Engine::bfs_on_device(VertexId source, const BfsOptions& options) const {
  return bfs_on_device(std::span<const VertexId>(&source, 1), options);
}

DeviceBfsResult<VertexId> Engine::bfs_on_device(std::span<const VertexId> sources,
                                                const BfsOptions& options) const {
  DeviceBfsResult<VertexId> result;
  bfs_on_device(sources, options, result);
  return result;
}

void Engine::bfs_on_device(std::span<const VertexId> sources, const BfsOptions& options,
                           DeviceBfsResult<VertexId>& result) const {
  if (!resident_) {
    throw InvalidArgument(
        "a search with its results on the GPU needs an engine on a GPU; this engine runs on the "
        "CPU, whose results are in host memory");
  }
  detail::check_bfs_arguments(num_vertices(), sources, options, device_);
  if (!resident_->ordered()) {
    const std::lock_guard<std::mutex> lock(resident_->mutex);
    cuda::bfs_on_device(resident_->bfs_runner, single_gpu_id(device_), sources,
                        to_cuda_options(options), result);
    return;
  }
  // Sources and target renamed in one lookup on the GPU; the labels come back in the caller's ids
  // inside the search.
  std::vector<VertexId> ids(sources.begin(), sources.end());
  if (options.target) ids.push_back(static_cast<VertexId>(*options.target));
  std::vector<VertexId> renamed = cuda::to_search_ids(resident_->order, ids);
  BfsOptions renamed_options = options;
  if (options.target) {
    renamed_options.target = renamed.back();
    renamed.pop_back();
  }
  {
    const std::lock_guard<std::mutex> lock(resident_->mutex);
    cuda::bfs_on_device(resident_->bfs_runner, single_gpu_id(device_), renamed,
                        to_cuda_options(renamed_options), result, &resident_->order,
                        options.target);
  }
  // The runner names the sources it was given, renamed: the caller's are the same list.
  BfsResult<VertexId>& summary = result.summary;
  summary.source = sources.front();
  summary.sources.assign(sources.begin(), sources.end());
}

BfsValidation Engine::validate(const BfsResult<VertexId>& result) const {
  require_parents(!result.parent.empty());
  const std::span<const VertexId> sources = result.sources.empty()
                                                ? std::span<const VertexId>(&result.source, 1)
                                                : std::span<const VertexId>(result.sources);
  const std::span<const VertexId> parent(result.parent);
  const std::span<const std::int32_t> depth(result.depth);
  if (!resident_) {
    return validate_bfs_tree(*graph_, sources, parent, depth, result.stopped_early());
  }
  if (resident_->ordered()) {
    // The renumbered graph is on the GPU: the labels go to it in its ids (sizes checked first,
    // in the caller's ids).
    detail::check_validation_arguments<VertexId>(num_vertices(), sources, parent.size(),
                                                 depth.size());
    BfsValidation verdict;
    {
      const std::lock_guard<std::mutex> lock(resident_->mutex);
      cuda::labels_to_search_ids(resident_->order, depth, parent, resident_->search_depth,
                                 resident_->search_parent);
      verdict = validate_in_search_ids(*resident_, sources, !depth.empty(), result.stopped_early());
    }
    // The GPU's message names search ids; the host's, on the graph as given, the caller's.
    if (verdict.valid) return verdict;
    if (!graph_) return in_caller_words(verdict);
    return validate_bfs_tree(*graph_, sources, parent, depth, result.stopped_early());
  }
  const std::lock_guard<std::mutex> lock(resident_->mutex);
  return resident_->bfs_runner.validate(sources, parent, depth, result.stopped_early());
}

BfsValidation Engine::validate(const DeviceBfsResult<VertexId>& result) const {
  if (!resident_) {
    throw InvalidArgument(
        "validating labels on the GPU needs an engine on a GPU; this engine runs on the CPU");
  }
  const int device_id = single_gpu_id(device_);
  if ((!result.parent.empty() && result.parent.device_id() != device_id) ||
      (!result.depth.empty() && result.depth.device_id() != device_id)) {
    throw InvalidArgument("the labels to validate are on another GPU than this engine's (GPU " +
                          std::to_string(device_id) + ")");
  }
  require_parents(!result.parent.empty());
  const BfsResult<VertexId>& summary = result.summary;
  const std::span<const VertexId> sources = summary.sources.empty()
                                                ? std::span<const VertexId>(&summary.source, 1)
                                                : std::span<const VertexId>(summary.sources);
  detail::check_validation_arguments<VertexId>(num_vertices(), sources, result.parent.size(),
                                               result.depth.size());
  if (resident_->ordered()) {
    const bool with_depth = !result.depth.empty();
    BfsValidation verdict;
    {
      const std::lock_guard<std::mutex> lock(resident_->mutex);
      cuda::labels_to_search_ids(resident_->order, with_depth ? result.depth.data() : nullptr,
                                 result.parent.data(), resident_->search_depth,
                                 resident_->search_parent);
      verdict = validate_in_search_ids(*resident_, sources, with_depth, summary.stopped_early());
    }
    // The GPU's message names search ids; the host's, on the graph as given, the caller's.
    if (verdict.valid) return verdict;
    if (!graph_) return in_caller_words(verdict);
    const LabelVector<VertexId> parent = result.parent.to_host();
    const LabelVector<std::int32_t> depth =
        with_depth ? result.depth.to_host() : LabelVector<std::int32_t>();
    return validate_bfs_tree(*graph_, sources, std::span<const VertexId>(parent),
                             std::span<const std::int32_t>(depth), summary.stopped_early());
  }
  const std::lock_guard<std::mutex> lock(resident_->mutex);
  return resident_->bfs_runner.validate_on_device(
      sources, result.parent.data(), result.depth.empty() ? nullptr : result.depth.data(),
      summary.stopped_early());
}

// Steps, each synchronous and timed on the host clock: the CSR built on the GPU in two passes over
// the generator (no tuple list; in the degree order, that order made between them) and, unless
// HostCopy::None, copied to the host; the CSR adopted by
// the BFS runner, which sizes and allocates its search buffers around it.
// Invariant: engine.graph(), where there is one, is a copy of the device CSR the searches traverse.
DeviceBuiltGraph build_kronecker_on_device(const KroneckerParams& params,
                                           const CsrBuildOptions& build, const Device& device,
                                           HostCopy host_copy, const EngineOptions& options) {
  if (!device.is_cuda())
    throw InvalidArgument("build_kronecker_on_device needs a GPU, not the CPU");
  const bool by_degree = options.search_order == SearchOrder::DegreeClasses;
  if (by_degree && host_copy == HostCopy::Graph) {
    throw InvalidArgument(
        "a graph built on the GPU in the degree order keeps no host copy (it would be in the "
        "order's ids): ask for HostCopy::None, or build the graph on the host and give it to an "
        "Engine with the degree order");
  }
  const int device_id = single_gpu_id(device);
  detail::Timer timer;
  cuda::ResidentGraph<VertexId, EdgeId> resident;
  cuda::DeviceSearchOrder order;
  if (by_degree) {
    cuda::DegreeOrderedResidentGraph ordered =
        cuda::build_kronecker_csr_on_device_by_degree(params, build, device_id);
    resident = std::move(ordered.graph);
    order = std::move(ordered.order);
  } else {
    resident = cuda::build_kronecker_csr_on_device<VertexId, EdgeId>(params, build, device_id);
  }
  const double csr_build_seconds = timer.seconds();
  timer.restart();
  std::shared_ptr<const Graph> graph;
  if (host_copy == HostCopy::Graph) graph = std::make_shared<const Graph>(resident.to_host());
  const double host_copy_seconds = graph ? timer.seconds() : 0.0;

  timer.restart();
  auto state = std::make_shared<detail::EngineResidentState>(std::move(resident));
  state->order = std::move(order);
  const double search_buffers_seconds = timer.seconds();
  detail::logger().debug(
      "engine: graph with {} vertices and {} arcs built and resident on GPU {}{}{}",
      state->bfs_runner.num_vertices(), state->bfs_runner.num_arcs(), device_id,
      graph ? ", copied to the host" : " alone", by_degree ? ", in the degree order" : "");
  return DeviceBuiltGraph{Engine(std::move(graph), device, std::move(state)), csr_build_seconds,
                          search_buffers_seconds, host_copy_seconds};
}

std::int64_t count_kronecker_tuples_reached(const KroneckerParams& params,
                                            std::span<const std::int32_t> depth,
                                            const Device& device) {
  if (!device.is_cuda()) {
    throw InvalidArgument("count_kronecker_tuples_reached needs a GPU, not the CPU");
  }
  return cuda::count_kronecker_tuples_reached(params, depth, single_gpu_id(device));
}

std::int64_t count_kronecker_tuples_reached(const KroneckerParams& params,
                                            const DeviceArray<std::int32_t>& depth) {
  // Parameters out of range are the generator's to name (the count checks them first).
  const bool scale_in_range = params.scale >= 0 && params.scale < 63;
  if (scale_in_range && depth.size() != std::uint64_t{1} << params.scale) {
    throw InvalidArgument("counting the Kronecker tuples of a search needs " +
                          std::to_string(std::uint64_t{1} << params.scale) + " depths (scale " +
                          std::to_string(params.scale) + "), not " + std::to_string(depth.size()));
  }
  return cuda::count_kronecker_tuples_reached(params, depth.data(), depth.device_id());
}

DeviceArray<std::uint32_t> count_kronecker_tuples_by_source(const KroneckerParams& params,
                                                            const Device& device) {
  if (!device.is_cuda()) {
    throw InvalidArgument("count_kronecker_tuples_by_source needs a GPU, not the CPU");
  }
  return cuda::count_kronecker_tuples_by_source(params, single_gpu_id(device));
}

std::int64_t count_kronecker_tuples_reached(const DeviceArray<std::uint32_t>& source_counts,
                                            const DeviceArray<std::int32_t>& depth) {
  // Called once per search: the message is put together only when an argument is wrong.
  const auto what = [&depth] {
    return "summing the Kronecker tuples of a search of " + std::to_string(depth.size()) +
           " depths on GPU " + std::to_string(depth.device_id());
  };
  if (source_counts.size() != depth.size()) {
    throw InvalidArgument(what() + " needs as many tuple counts, not " +
                          std::to_string(source_counts.size()));
  }
  if (source_counts.device_id() != depth.device_id()) {
    throw InvalidArgument(what() + " needs the tuple counts there, not on GPU " +
                          std::to_string(source_counts.device_id()));
  }
  return cuda::sum_kronecker_tuples_reached(source_counts.data(), depth.data(), depth.size(),
                                            depth.device_id());
}

}  // namespace frontier
