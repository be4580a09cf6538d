// engine_backend.cpp — a Graph500 run on one device through an Engine (graph500_backend.hpp).
//
// Two ways to steps 2 and 3, one graph bit for bit:
//  - on the host: the Kronecker tuples by io::generate_kronecker, then kernel 1 by build_csr
//    (symmetrized, self loops dropped, duplicates kept) and an Engine on the configured device
//    (the CPU, or a GPU that gets an upload), timed together as the construction. The host keeps
//    the tuples and counts nedge from them, as the reference validator does;
//  - on the GPU (build_on_device): build_kronecker_on_device builds the CSR in two passes over the
//    counter-based generator, with no tuple list anywhere, and the BFS runner adopts it without a
//    host round trip. Generation is part of those passes, so generate() reports 0 s and does it
//    all, and construct() reports the kernel 1 figure: the device CSR build plus the BFS runner
//    sizing and allocating its buffers, host clock around synchronous steps. The CSR stays on the
//    GPU alone (the root sampler asks the GPU for degrees) unless the host validator will read it:
//    then it is copied to the host, untimed (host_copy_seconds). nedge is counted on the GPU over
//    the tuples regenerated there: once, at the first check, each vertex's tuples
//    (count_kronecker_tuples_by_source, part of that check's time), then per search their sum
//    over the reached vertices.
// On a GPU every search leaves its labels on the GPU, in one pair of arrays reused
// for every root (Engine::bfs_on_device into labels_), and is validated there in place
// (Engine::validate of the device labels); nedge is counted from the device depths when the
// graph was built on the GPU. Nothing n-sized crosses to the host per root unless
// validate_on_host asks for the host validator (the labels are copied back for it) or the
// tuples are on the host (the depths are copied back to count nedge from them).
// Invariant: the graph is undirected with both arcs of every non-loop tuple, so the arcs inside
// the searched component are exactly twice the tuples counted in nedge; check() verifies it.
#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "frontier/bfs_validate.hpp"
#include "frontier/csr_builder.hpp"
#include "frontier/detail/host_memory.hpp"
#include "frontier/detail/log.hpp"
#include "frontier/detail/timer.hpp"
#include "frontier/device_bfs_result.hpp"
#include "frontier/device_build.hpp"
#include "frontier/edge_list.hpp"
#include "frontier/engine.hpp"
#include "frontier/generators/kronecker.hpp"
#include "frontier/io/generate_kronecker.hpp"
#include "frontier/memory_sizing.hpp"
#include "frontier/runs/graph500_memory.hpp"
#include "graph500/graph500_backend.hpp"
#include "graph500/graph500_roots.hpp"

namespace frontier::runs {
namespace {

// Tuples (u, v), u != v, whose source was reached: each undirected input edge once, self
// loops never, duplicates every time (the reference validator's nedge_traversed). The random
// loads are bit tests in a bitmap of the reached vertices (n / 8 bytes, which the caches hold
// where the depths, four bytes a vertex, do not).
std::int64_t count_component_tuples(const EdgeList<VertexId>& tuples,
                                    std::span<const std::int32_t> depth) {
  constexpr std::int64_t kWordBits = 64;
  const auto n = static_cast<std::int64_t>(depth.size());
  const std::int64_t words = (n + kWordBits - 1) / kWordBits;
  std::vector<std::uint64_t> reached(static_cast<std::size_t>(words));
#pragma omp parallel for schedule(static)
  for (std::int64_t w = 0; w < words; ++w) {
    std::uint64_t bits = 0;
    const std::int64_t end = std::min(n, (w + 1) * kWordBits);
    for (std::int64_t v = w * kWordBits; v < end; ++v) {
      if (depth[v] != kUnreachedDepth) bits |= std::uint64_t{1} << (v % kWordBits);
    }
    reached[w] = bits;
  }
  const auto m = static_cast<std::int64_t>(tuples.size());
  const VertexId* sources = tuples.sources.data();
  const VertexId* targets = tuples.targets.data();
  const std::uint64_t* bits = reached.data();
  std::int64_t count = 0;
#pragma omp parallel for schedule(static) reduction(+ : count)
  for (std::int64_t i = 0; i < m; ++i) {
    const VertexId u = sources[i];
    const bool u_reached = (bits[u / kWordBits] >> (u % kWordBits)) & 1U;
    if (u != targets[i] && u_reached) ++count;
  }
  return count;
}

class EngineBackend final : public Graph500Backend {
 public:
  explicit EngineBackend(const Graph500Config& config)
      : config_(config), on_device_(config.device.is_cuda() && config.build_on_device) {
    params_.scale = config.scale;
    params_.edgefactor = config.edgefactor;
    params_.seed = config.seed;
    build_.symmetrize = true;
    build_.remove_self_loops = true;
    build_.hubs_first = true;
    options_ = config.bfs;
    options_.predecessors = true;
  }

  void check_memory() const override {
    check_graph500_memory(config_.scale, config_.edgefactor, graph500_host_role(config_));
    if (graph500_search_order(config_) == SearchOrder::DegreeClasses) check_search_order_memory();
    // The whole run's device peak, before anything is allocated.
    if (on_device_) {
      check_graph500_device_memory(config_.scale, config_.edgefactor,
                                   config_.device.cuda_ids.front(), graph500_search_order(config_));
    }
  }

  // The renumbered copy the engine keeps beside the host's graph, tuples and search arrays.
  void check_search_order_memory() const {
    const std::uint64_t available = detail::available_host_memory_bytes();
    const std::uint64_t needed = graph500_run_host_memory(config_).peak();
    if (available != 0 && needed > available) {
      throw OutOfMemory("Graph500 scale " + std::to_string(config_.scale) +
                            " with the degree-class search order on the host (the renumbered "
                            "copy beside the graph)",
                        needed, available);
    }
  }

  double generate() override {
    if (on_device_) {
      EngineOptions engine_options;
      engine_options.search_order = graph500_search_order(config_);
      DeviceBuiltGraph built = build_kronecker_on_device(
          params_, build_, config_.device,
          graph500_host_role(config_) == Graph500HostRole::ValidatesGraph ? HostCopy::Graph
                                                                          : HostCopy::None,
          engine_options);
      construction_seconds_ = built.csr_build_seconds + built.search_buffers_seconds;
      host_copy_seconds_ = built.host_copy_seconds;
      auto& log = detail::logger();
      log.info(
          "graph500: GPU construction {:.3f} s = CSR build from the generator {:.3f} s + BFS "
          "buffers {:.3f} s",
          construction_seconds_, built.csr_build_seconds, built.search_buffers_seconds);
      if (built.engine.has_host_graph()) {
        log.info("graph500: host copy of the CSR for the host validator, untimed: {:.3f} s",
                 host_copy_seconds_);
      }
      engine_.emplace(std::move(built.engine));
      return generation_seconds_;
    }
    detail::Timer timer;
    tuples_ = io::generate_kronecker<VertexId>(params_);
    generation_seconds_ = timer.seconds();
    return generation_seconds_;
  }

  void construct(Graph500Result& result) override {
    if (!on_device_) {
      detail::Timer timer;
      EngineOptions engine_options;
      engine_options.search_order = graph500_search_order(config_);
      engine_.emplace(build_csr<VertexId, EdgeId>(tuples_, build_), config_.device, engine_options);
      construction_seconds_ = timer.seconds();
    }
    result.construction_seconds = construction_seconds_;
    result.host_copy_seconds = host_copy_seconds_;
    result.built_on_device = on_device_;
    result.num_arcs = static_cast<std::int64_t>(engine_->num_arcs());
    auto& log = detail::logger();
    const char* where = on_device_ ? "GPU" : "host";
    if (!on_device_) {
      log.info("graph500: generated {} tuples on {} vertices in {:.3f} s on the host",
               result.num_tuples, result.num_vertices, generation_seconds_);
    }
    log.info("graph500: constructed {} arcs in {:.3f} s on the {}{}", result.num_arcs,
             construction_seconds_, where,
             engine_->search_order() == SearchOrder::DegreeClasses
                 ? ", renumbered by degree class (searches answer in the generator's ids)"
                 : "");
  }

  void has_edges(std::span<const VertexId> candidates,
                 std::span<unsigned char> has_edges) override {
    const std::vector<EdgeId> degrees = engine_->out_degrees(candidates);
    for (std::size_t i = 0; i < candidates.size(); ++i) has_edges[i] = degrees[i] > 0 ? 1 : 0;
  }

  Graph500Search search(VertexId root) override {
    Graph500Search search;
    if (config_.device.is_cuda()) {
      engine_->bfs_on_device(std::span<const VertexId>(&root, 1), options_, labels_);
      search.bfs = labels_.summary;
    } else {
      search.bfs = engine_->bfs(root, options_);
    }
    return search;
  }

  Graph500Check check(Graph500Search& search, VertexId root, bool validate) override {
    Graph500Check check;
    const bool labels_on_gpu = config_.device.is_cuda();
    // Labels the host needs, copied back from the GPU: the depths for nedge over host tuples,
    // both arrays for the host validator.
    if (labels_on_gpu && (!on_device_ || (validate && config_.validate_on_host))) {
      search.bfs.depth = labels_.depth.to_host();
      if (validate && config_.validate_on_host) search.bfs.parent = labels_.parent.to_host();
    }
    if (on_device_ && tuple_counts_.empty()) {
      tuple_counts_ = count_kronecker_tuples_by_source(params_, config_.device);
    }
    check.nedge = on_device_ ? count_kronecker_tuples_reached(tuple_counts_, labels_.depth)
                             : count_component_tuples(tuples_, search.bfs.depth);
    if (!validate) return check;
    BfsValidation validation;
    if (config_.validate_on_host) {
      validation = validate_bfs_tree<VertexId, EdgeId>(
          engine_->graph(), root, std::span<const VertexId>(search.bfs.parent),
          std::span<const std::int32_t>(search.bfs.depth));
    } else if (labels_on_gpu) {
      validation = engine_->validate(labels_);
    } else {
      validation = engine_->validate(search.bfs);
    }
    if (!validation.valid) {
      check.failure = validation.failure;
    } else if (validation.arcs_in_component != 2 * check.nedge) {
      check.failure = "the tree's component holds " + std::to_string(validation.arcs_in_component) +
                      " arcs but " + std::to_string(check.nedge) + " input edges were counted";
    }
    return check;
  }

 private:
  Graph500Config config_;
  bool on_device_ = false;
  KroneckerParams params_;
  CsrBuildOptions build_;
  BfsOptions options_;
  /// The generated tuples, on the host (a run built on the GPU keeps none).
  EdgeList<VertexId> tuples_;
  /// The constructed graph, resident where the searches run; engine_->graph() is its host copy,
  /// which a graph built on the GPU has only for the host validator.
  std::optional<Engine> engine_;
  /// On a GPU: the last search's labels, kept there; the arrays are reused by every search.
  DeviceBfsResult<VertexId> labels_;
  /// Built on a GPU: each vertex's tuples (u, v), u != v, counted there at the first check.
  DeviceArray<std::uint32_t> tuple_counts_;
  double generation_seconds_ = 0.0;
  double construction_seconds_ = 0.0;
  double host_copy_seconds_ = 0.0;
};

}  // namespace

std::unique_ptr<Graph500Backend> make_engine_backend(const Graph500Config& config) {
  return std::make_unique<EngineBackend>(config);
}

}  // namespace frontier::runs
