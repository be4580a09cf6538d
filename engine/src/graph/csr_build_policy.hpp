// csr_build_policy.hpp — which of build_csr's two ways (csr_builder.cpp) builds a graph: the
// counting sorts over the whole vertex range on the calling thread, or the block-wise sorts that
// threads share. Both give the same CSR; the choice is speed alone. Each limit is a crossover
// measured on random graphs of average degree 2 to 32 (docs/tuning.md).
#pragma once

#include <cstdint>

namespace frontier::detail {

struct CsrBuildPolicy {
  /// On one thread the counting sorts win while the arrays of vertices they scatter into stay in
  /// the caches: the block-wise sorts copy every arc twice more to keep their scattering within a
  /// block, which pays only once the vertex range outgrows the caches. Below this many vertices,
  /// for a build that sorts every list by target (two scattering passes).
  std::int64_t one_thread_sorted_vertices = std::int64_t{1} << 18;

  /// With more threads, a sorted build runs on one thread below both of these: the block-wise
  /// sorts do two to three times the counting sorts' work per arc, and a graph of few vertices
  /// has few blocks to share out (one per 2^11 vertices). Vertices bound it at low degrees, arcs
  /// at high ones; on 16 threads the block-wise sorts already won at 2^18 arcs (astro-ph).
  std::int64_t sorted_vertices = std::int64_t{1} << 15;
  std::int64_t sorted_arcs = std::int64_t{1} << 17;

  /// A build that keeps the input order (one scattering pass: a transpose, whose reversed arcs
  /// come sorted) runs on one thread below this many vertices: on one thread, and on two, the
  /// counting sort won at every degree but the lowest up to there. With more threads it also
  /// stays below unsorted_arcs: 16 threads of block-wise sorts won at 2^19 arcs (soc-Epinions1)
  /// and lost at 2^17 (facebook_combined, wiki-Vote).
  std::int64_t unsorted_vertices = std::int64_t{1} << 19;
  std::int64_t unsorted_arcs = std::int64_t{1} << 18;

  /// No graph of this many arcs or more takes the counting sorts: twice the largest size
  /// measured, beyond which nothing shows the one-thread way still wins.
  std::int64_t max_arcs = std::int64_t{1} << 22;

  /// Whether a graph of `vertices` and `arcs`, built with `threads` threads, is built by the
  /// counting sorts on the calling thread; `sort_by_target` when its lists are to be sorted.
  bool counting_sorts(std::int64_t vertices, std::int64_t arcs, int threads,
                      bool sort_by_target) const {
    if (arcs >= max_arcs) return false;
    if (!sort_by_target) {
      return vertices < unsorted_vertices && (threads <= 2 || arcs < unsorted_arcs);
    }
    if (threads <= 1) return vertices < one_thread_sorted_vertices;
    return vertices < sorted_vertices && arcs < sorted_arcs;
  }
};

}  // namespace frontier::detail
