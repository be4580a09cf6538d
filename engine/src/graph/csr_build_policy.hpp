// csr_build_policy.hpp — which of build_csr's two ways (csr_builder.cpp) builds a graph: the
// counting sorts over the whole vertex range on the calling thread, or the block-wise sorts that
// threads share. Both give the same CSR; the choice is speed alone. The limits for one and two
// threads are crossovers measured on random graphs of average degree 2 to 32 on a 2-core
// machine; those for more threads, on real graphs on a 16-core host (docs/tuning.md).
#pragma once

#include <cstdint>

namespace frontier::detail {

struct CsrBuildPolicy {
  /// On one thread the counting sorts win while the arrays of vertices they scatter into stay in
  /// the caches: the block-wise sorts copy every arc twice more to keep their scattering within a
  /// block, which pays only once the vertex range outgrows the caches. Below this many vertices,
  /// for a build that sorts every list by target (two scattering passes).
  std::int64_t one_thread_sorted_vertices = std::int64_t{1} << 18;

  /// On two threads a sorted build runs on one thread below both of these: the block-wise sorts
  /// do two to three times the counting sorts' work per arc. Vertices bound it at low degrees,
  /// arcs at high ones.
  std::int64_t two_threads_sorted_vertices = std::int64_t{1} << 15;
  std::int64_t two_threads_sorted_arcs = std::int64_t{1} << 19;

  /// A build that keeps the input order (one scattering pass: a transpose, whose reversed arcs
  /// come sorted) runs on one or two threads below this many vertices: up to there the counting
  /// sort on one thread beat the block-wise sorts on two at every degree but the lowest.
  std::int64_t unsorted_vertices = std::int64_t{1} << 19;

  /// With more threads the block-wise sorts win once the graph has blocks for them to share (one
  /// per 2^11 vertices). They lose below few_blocks_vertices, where most threads would idle, and
  /// wherever vertices plus arcs stay below small_items, too little work to wake a team for.
  std::int64_t few_blocks_vertices = std::int64_t{1} << 13;
  std::int64_t few_blocks_arcs = std::int64_t{1} << 19;
  std::int64_t small_items = std::int64_t{1} << 16;

  /// No graph of this many arcs or more takes the counting sorts: twice the largest size
  /// measured, beyond which nothing shows the one-thread way still wins.
  std::int64_t max_arcs = std::int64_t{1} << 22;

  /// Whether a graph of `vertices` and `arcs`, built with `threads` threads, is built by the
  /// counting sorts on the calling thread; `sort_by_target` when its lists are to be sorted.
  bool counting_sorts(std::int64_t vertices, std::int64_t arcs, int threads,
                      bool sort_by_target) const {
    if (arcs >= max_arcs) return false;
    if (threads > 2) {
      return vertices + arcs < small_items ||
             (vertices < few_blocks_vertices && arcs < few_blocks_arcs);
    }
    if (!sort_by_target) return vertices < unsorted_vertices;
    if (threads <= 1) return vertices < one_thread_sorted_vertices;
    return vertices < two_threads_sorted_vertices && arcs < two_threads_sorted_arcs;
  }
};

}  // namespace frontier::detail
