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

template <typename VertexT>
EdgeList<VertexT> generate_kronecker(const KroneckerParams& params, std::uint64_t first_edge,
                                     std::uint64_t count) {
  count = kronecker_slice_length(params, first_edge, count, std::numeric_limits<VertexT>::digits);

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
