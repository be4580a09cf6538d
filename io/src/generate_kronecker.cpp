// Graph500 Kronecker edge lists on the host: checks the parameters, then fills the requested
// slice in parallel with one kronecker_edge() call per tuple (generators/kronecker.hpp). Every
// tuple depends only on (params, index), so the result is independent of the thread count.
#include "frontier/io/generate_kronecker.hpp"

#include <cmath>
#include <limits>
#include <string>

#include "frontier/detail/log.hpp"
#include "frontier/detail/timer.hpp"
#include "frontier/errors.hpp"
#include "generate_common.hpp"

namespace frontier::io {
namespace {

constexpr int kMaxKroneckerScale = 62;

void check_probability(double p, const char* name) {
  if (!std::isfinite(p) || p < 0.0) {
    throw InvalidArgument(std::string("Kronecker initiator probability ") + name + " = " +
                          std::to_string(p) + " must be finite and non-negative");
  }
}

}  // namespace

std::uint64_t kronecker_edge_count(const KroneckerParams& params) {
  if (params.scale < 0 || params.scale > kMaxKroneckerScale) {
    throw InvalidArgument("Kronecker scale " + std::to_string(params.scale) + " is outside [0, " +
                          std::to_string(kMaxKroneckerScale) + "]");
  }
  if (params.edgefactor < 0) {
    throw InvalidArgument("Kronecker edgefactor " + std::to_string(params.edgefactor) +
                          " is negative");
  }
  check_probability(params.a, "a");
  check_probability(params.b, "b");
  check_probability(params.c, "c");
  constexpr double kSumTolerance = 1e-9;
  if (params.a + params.b + params.c > 1.0 + kSumTolerance) {
    throw InvalidArgument("Kronecker initiator a + b + c = " +
                          std::to_string(params.a + params.b + params.c) + " exceeds 1");
  }
  const auto edgefactor = static_cast<std::uint64_t>(params.edgefactor);
  const auto max_edges = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
  if (edgefactor > (max_edges >> params.scale)) {
    throw InvalidArgument("Kronecker edgefactor " + std::to_string(params.edgefactor) +
                          " times 2^" + std::to_string(params.scale) + " overflows 63 bits");
  }
  return edgefactor << params.scale;
}

template <typename VertexT>
EdgeList<VertexT> generate_kronecker(const KroneckerParams& params, std::uint64_t first_edge,
                                     std::uint64_t count) {
  const std::uint64_t total = kronecker_edge_count(params);
  constexpr int kMaxScaleForVertexT = std::numeric_limits<VertexT>::digits - 1;
  if (params.scale > kMaxScaleForVertexT) {
    throw InvalidArgument("Kronecker scale " + std::to_string(params.scale) + " needs 2^" +
                          std::to_string(params.scale) + " vertex ids; " +
                          std::to_string(8 * sizeof(VertexT)) +
                          "-bit ids allow scale <= " + std::to_string(kMaxScaleForVertexT));
  }
  if (first_edge > total) {
    throw InvalidArgument("Kronecker slice starts at edge " + std::to_string(first_edge) +
                          " past the " + std::to_string(total) + " edges");
  }
  if (count == kAllEdges) {
    count = total - first_edge;
  } else if (count > total - first_edge) {
    throw InvalidArgument("Kronecker slice [" + std::to_string(first_edge) + ", +" +
                          std::to_string(count) + ") runs past the " + std::to_string(total) +
                          " edges");
  }

  detail::Timer timer;
  EdgeList<VertexT> edges = detail::allocate_generated_edges<VertexT>(
      std::int64_t{1} << params.scale, count, "Kronecker edge list");
  const KroneckerSampler sampler = make_kronecker_sampler(params);
  const auto n = static_cast<std::int64_t>(count);
  VertexT* sources = edges.sources.data();
  VertexT* targets = edges.targets.data();
#pragma omp parallel for schedule(static)
  for (std::int64_t i = 0; i < n; ++i) {
    const EdgeEndpoints edge = kronecker_edge(sampler, first_edge + static_cast<std::uint64_t>(i));
    sources[i] = static_cast<VertexT>(edge.source);
    targets[i] = static_cast<VertexT>(edge.target);
  }
  detail::logger().debug("kronecker scale {} edgefactor {} seed {}: edges [{}, {}) in {:.3f} s",
                         params.scale, params.edgefactor, params.seed, first_edge,
                         first_edge + count, timer.seconds());
  return edges;
}

template EdgeList<std::int32_t> generate_kronecker(const KroneckerParams&, std::uint64_t,
                                                   std::uint64_t);
template EdgeList<std::int64_t> generate_kronecker(const KroneckerParams&, std::uint64_t,
                                                   std::uint64_t);

}  // namespace frontier::io
