// Parameter and slice checks shared by every Kronecker generator (the host generator in io/,
// the GPU generator in graph/cuda/, the per-rank slices in partition/), so that all of
// them refuse the same inputs with the same words (generators/kronecker.hpp).
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>

#include "frontier/errors.hpp"
#include "frontier/generators/kronecker.hpp"

namespace frontier {
namespace {

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

std::uint64_t kronecker_slice_length(const KroneckerParams& params, std::uint64_t first_edge,
                                     std::uint64_t count, int vertex_id_digits) {
  const std::uint64_t total = kronecker_edge_count(params);
  // 2^scale vertices: the count itself must fit the signed id type, so scale <= digits - 1.
  const int max_scale = vertex_id_digits - 1;
  if (params.scale > max_scale) {
    throw InvalidArgument("Kronecker scale " + std::to_string(params.scale) + " needs 2^" +
                          std::to_string(params.scale) + " vertex ids; " +
                          std::to_string(vertex_id_digits + 1) +
                          "-bit ids allow scale <= " + std::to_string(max_scale));
  }
  if (first_edge > total) {
    throw InvalidArgument("Kronecker slice starts at edge " + std::to_string(first_edge) +
                          " past the " + std::to_string(total) + " edges");
  }
  if (count == kAllEdges) return total - first_edge;
  if (count > total - first_edge) {
    throw InvalidArgument("Kronecker slice [" + std::to_string(first_edge) + ", +" +
                          std::to_string(count) + ") runs past the " + std::to_string(total) +
                          " edges");
  }
  return count;
}

}  // namespace frontier
