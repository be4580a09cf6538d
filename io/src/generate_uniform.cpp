// Uniform random multigraphs G(n, M) on the host: checks the parameters, then fills the
// requested slice in parallel with one uniform_edge() call per tuple (generators/uniform.hpp).
#include "frontier/io/generate_uniform.hpp"

#include <string>

#include "frontier/detail/log.hpp"
#include "frontier/detail/timer.hpp"
#include "frontier/errors.hpp"
#include "generate_common.hpp"

namespace frontier::io {

template <typename VertexT>
EdgeList<VertexT> generate_uniform(const UniformParams& params, std::uint64_t first_edge,
                                   std::uint64_t count) {
  detail::check_generator_vertex_count<VertexT>(params.num_vertices, "G(n, M)");
  if (params.num_edges < 0) {
    throw InvalidArgument("G(n, M): edge count " + std::to_string(params.num_edges) +
                          " is negative");
  }
  if (params.num_edges > 0 && params.num_vertices == 0) {
    throw InvalidArgument("G(n, M): " + std::to_string(params.num_edges) +
                          " edges need at least one vertex");
  }
  const auto total = static_cast<std::uint64_t>(params.num_edges);
  if (first_edge > total) {
    throw InvalidArgument("G(n, M) slice starts at edge " + std::to_string(first_edge) +
                          " past the " + std::to_string(total) + " edges");
  }
  if (count == kAllEdges) {
    count = total - first_edge;
  } else if (count > total - first_edge) {
    throw InvalidArgument("G(n, M) slice [" + std::to_string(first_edge) + ", +" +
                          std::to_string(count) + ") runs past the " + std::to_string(total) +
                          " edges");
  }

  detail::Timer timer;
  EdgeList<VertexT> edges =
      detail::allocate_generated_edges<VertexT>(params.num_vertices, count, "G(n, M) edge list");
  const auto n = static_cast<std::uint64_t>(params.num_vertices);
  const auto m = static_cast<std::int64_t>(count);
  VertexT* sources = edges.sources.data();
  VertexT* targets = edges.targets.data();
#pragma omp parallel for schedule(static)
  for (std::int64_t i = 0; i < m; ++i) {
    const EdgeEndpoints edge =
        uniform_edge(params.seed, n, first_edge + static_cast<std::uint64_t>(i));
    sources[i] = static_cast<VertexT>(edge.source);
    targets[i] = static_cast<VertexT>(edge.target);
  }
  detail::logger().debug("G(n, M) n {} M {} seed {}: edges [{}, {}) in {:.3f} s",
                         params.num_vertices, params.num_edges, params.seed, first_edge,
                         first_edge + count, timer.seconds());
  return edges;
}

template EdgeList<std::int32_t> generate_uniform(const UniformParams&, std::uint64_t,
                                                 std::uint64_t);
template EdgeList<std::int64_t> generate_uniform(const UniformParams&, std::uint64_t,
                                                 std::uint64_t);

}  // namespace frontier::io
