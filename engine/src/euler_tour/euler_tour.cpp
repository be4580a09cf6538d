// Dispatch of euler_tour_ops() and euler_tour_arc_prefix() to the CPU or CUDA backend.
//
// The backends check their input themselves (in parallel, on the device that holds it); this file
// only routes, times the whole call and instantiates the public templates.
#include "frontier/euler_tour.hpp"

#include <cstdint>
#include <string>

#include "euler_tour/euler_tour_backend.hpp"
#include "euler_tour/euler_tour_tuning.hpp"
#include "frontier/detail/log.hpp"
#include "frontier/detail/timer.hpp"
#include "frontier/errors.hpp"

namespace frontier {

template <typename VertexT, typename EdgeT>
RootedForest<VertexT> euler_tour_ops(const CsrGraph<VertexT, EdgeT>& forest,
                                     std::span<const VertexT> roots,
                                     const EulerTourOptions& requested) {
  detail::Timer timer;
  EulerTourOptions options = requested;
  options.device = resolve_device(requested.device, static_cast<std::int64_t>(forest.num_arcs()));
  RootedForest<VertexT> result;
  if (options.device.is_cuda()) {
    detail::logger().debug("euler_tour_ops CUDA policy: {}",
                           cuda::EulerTourCudaPolicy{}.describe());
    result = cuda::euler_tour_ops(forest, roots, options);
  } else {
    result = cpu::euler_tour_ops(forest, roots, options);
  }
  result.seconds = timer.seconds();
  const EulerTourStats& s = result.stats;
  detail::logger().debug(
      "euler_tour_ops on {}: {} vertices, {} trees, {} tour elements, {:.6f} s (transfer {:.6f}, "
      "check {:.6f}, components {:.6f}, tour {:.6f}, ranking {:.6f}, derive {:.6f})",
      options.device.is_cuda() ? "CUDA" : "CPU", forest.num_vertices(), result.roots.size(),
      s.tour_elements, result.seconds, s.transfer_seconds, s.check_seconds, s.components_seconds,
      s.tour_seconds, s.ranking_seconds, s.derive_seconds);
  return result;
}

template <typename VertexT, typename EdgeT, typename ValueT>
std::vector<ValueT> euler_tour_arc_prefix(const CsrGraph<VertexT, EdgeT>& forest,
                                          std::span<const ValueT> arc_values, ListOp op,
                                          std::span<const VertexT> roots,
                                          const EulerTourOptions& options) {
  if (arc_values.size() != forest.targets().size()) {
    throw InvalidArgument("euler_tour_arc_prefix: " + std::to_string(arc_values.size()) +
                          " values for " + std::to_string(forest.targets().size()) + " arcs");
  }
  const std::vector<VertexT> successor = cpu::euler_tour_successors(forest, roots);
  std::vector<ValueT> prefix(arc_values.size());
  ListRankingOptions ranking_options;
  ranking_options.device = options.device;
  ranking_options.algorithm = options.ranking_algorithm;
  ranking_options.seed = options.seed;
  list_prefix<VertexT, ValueT>(successor, arc_values, op, prefix, ranking_options);
  return prefix;
}

#define FRONTIER_INSTANTIATE_EULER_TOUR(VertexT, EdgeT)                                           \
  template RootedForest<VertexT> euler_tour_ops(                                                  \
      const CsrGraph<VertexT, EdgeT>&, std::span<const VertexT>, const EulerTourOptions&);        \
  template std::vector<std::int64_t> euler_tour_arc_prefix(                                       \
      const CsrGraph<VertexT, EdgeT>&, std::span<const std::int64_t>, ListOp,                     \
      std::span<const VertexT>, const EulerTourOptions&);                                         \
  template std::vector<double> euler_tour_arc_prefix(                                             \
      const CsrGraph<VertexT, EdgeT>&, std::span<const double>, ListOp, std::span<const VertexT>, \
      const EulerTourOptions&);

FRONTIER_INSTANTIATE_EULER_TOUR(std::int32_t, std::int64_t)
FRONTIER_INSTANTIATE_EULER_TOUR(std::int64_t, std::int64_t)

#undef FRONTIER_INSTANTIATE_EULER_TOUR

}  // namespace frontier
