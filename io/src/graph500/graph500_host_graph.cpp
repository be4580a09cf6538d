// graph500_host_graph.cpp — steps 2 and 3 of a Graph500 run on the host (see graph500_graph.hpp):
// the Kronecker tuples by io::generate_kronecker, kernel 1 by build_csr (symmetrized, self loops
// dropped, duplicates kept) and an Engine on the configured device, timed together as the
// construction.
#include <memory>
#include <utility>

#include "frontier/csr_builder.hpp"
#include "frontier/detail/timer.hpp"
#include "frontier/engine.hpp"
#include "frontier/io/generate_kronecker.hpp"
#include "graph500_graph.hpp"

namespace frontier::io {

KroneckerParams graph500_kronecker_params(const Graph500Config& config) {
  KroneckerParams params;
  params.scale = config.scale;
  params.edgefactor = config.edgefactor;
  params.seed = config.seed;
  return params;
}

Graph500Graph make_graph500_graph_on_host(const Graph500Config& config) {
  Graph500Graph made;
  detail::Timer timer;
  made.tuples = generate_kronecker<VertexId>(graph500_kronecker_params(config));
  made.generation_seconds = timer.seconds();

  timer.restart();
  CsrBuildOptions build;
  build.symmetrize = true;
  build.remove_self_loops = true;
  made.engine.emplace(build_csr<VertexId, EdgeId>(made.tuples, build), config.device);
  made.construction_seconds = timer.seconds();
  return made;
}

}  // namespace frontier::io
