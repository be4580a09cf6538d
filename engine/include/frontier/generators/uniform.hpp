/// @file generators/uniform.hpp
/// @brief Uniform random multigraph G(n, M) (Erdős–Rényi with M edges drawn with replacement),
/// edge i a pure function of (seed, i).
///
/// Edge i = (uniform_below(counter_random(seed, 2i), n), uniform_below(counter_random(seed, 2i+1),
/// n)): both endpoints independent and uniform on [0, n). Tuples are raw (self loops and duplicates
/// stay) and each stands for one undirected edge.
#pragma once

#include <cstdint>

#include "frontier/generators/common.hpp"
#include "frontier/random.hpp"
#include "frontier/types.hpp"

namespace frontier {

/// Parameters of G(n, M).
struct UniformParams {
  std::int64_t num_vertices = 0;
  std::int64_t num_edges = 0;
  std::uint64_t seed = 1;
};

/// Edge `index` of G(n, M) on `num_vertices` vertices (precondition: num_vertices >= 1).
FRONTIER_HOST_DEVICE inline EdgeEndpoints uniform_edge(std::uint64_t seed,
                                                       std::uint64_t num_vertices,
                                                       std::uint64_t index) noexcept {
  const std::uint64_t u = uniform_below(counter_random(seed, 2 * index), num_vertices);
  const std::uint64_t v = uniform_below(counter_random(seed, 2 * index + 1), num_vertices);
  return {static_cast<std::int64_t>(u), static_cast<std::int64_t>(v)};
}

}  // namespace frontier
