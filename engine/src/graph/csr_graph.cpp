#include "frontier/csr_graph.hpp"

#include <algorithm>
#include <string>
#include <type_traits>

#include "frontier/csr_builder.hpp"
#include "frontier/detail/parallel.hpp"
#include "frontier/errors.hpp"

namespace frontier {

template <typename VertexT, typename EdgeT>
CsrGraph<VertexT, EdgeT>::CsrGraph()
    : offsets_(1, EdgeT{0}), reverse_cache_(std::make_shared<ReverseCache>()) {}

template <typename VertexT, typename EdgeT>
CsrGraph<VertexT, EdgeT>::CsrGraph(std::vector<EdgeT> offsets, std::vector<VertexT> targets,
                                   std::vector<Weight> weights, bool directed)
    : offsets_(std::move(offsets)),
      targets_(std::move(targets)),
      weights_(std::move(weights)),
      directed_(directed),
      reverse_cache_(std::make_shared<ReverseCache>()) {
  if (offsets_.empty()) throw InvalidArgument("CSR offsets must hold num_vertices + 1 entries");
  if (static_cast<std::size_t>(offsets_.back()) != targets_.size()) {
    throw InvalidArgument("CSR offsets end at " + std::to_string(offsets_.back()) + " but " +
                          std::to_string(targets_.size()) + " targets were given");
  }
  if (!weights_.empty() && weights_.size() != targets_.size()) {
    throw InvalidArgument("CSR has " + std::to_string(weights_.size()) + " weights for " +
                          std::to_string(targets_.size()) + " arcs");
  }
}

template <typename VertexT, typename EdgeT>
const CsrGraph<VertexT, EdgeT>& CsrGraph<VertexT, EdgeT>::reverse() const {
  if (!directed_) return *this;
  std::call_once(reverse_cache_->once,
                 [this] { reverse_cache_->graph = std::make_unique<CsrGraph>(transpose(*this)); });
  return *reverse_cache_->graph;
}

template <typename VertexT, typename EdgeT>
std::size_t CsrGraph<VertexT, EdgeT>::memory_bytes() const noexcept {
  return offsets_.size() * sizeof(EdgeT) + targets_.size() * sizeof(VertexT) +
         weights_.size() * sizeof(Weight);
}

template <typename VertexT, typename EdgeT>
void CsrGraph<VertexT, EdgeT>::check_invariants() const {
  if (offsets_.front() != 0) throw ValidationError("CSR offsets[0] is not 0");
  const VertexT n = num_vertices();
  for (VertexT v = 0; v < n; ++v) {
    if (offsets_[v + 1] < offsets_[v]) {
      throw ValidationError("CSR offsets decrease at vertex " + std::to_string(v));
    }
  }
  const auto arcs = static_cast<std::int64_t>(targets_.size());
  // A branch-free test of every arc (as unsigned, a negative target is out of range too), which
  // vectorizes; only a graph that fails it is searched for its first bad arc.
  using Unsigned = std::make_unsigned_t<VertexT>;
  int any_bad = 0;
#pragma omp parallel for reduction(| : any_bad) schedule(static) if (detail::worth_threads(arcs))
  for (std::int64_t e = 0; e < arcs; ++e) {
    any_bad |= static_cast<int>(static_cast<Unsigned>(targets_[e]) >= static_cast<Unsigned>(n));
  }
  if (any_bad != 0) {
    std::int64_t first_bad = 0;
    while (static_cast<Unsigned>(targets_[first_bad]) < static_cast<Unsigned>(n)) ++first_bad;
    throw ValidationError("CSR arc " + std::to_string(first_bad) + " points to vertex " +
                          std::to_string(targets_[first_bad]) + ", outside [0, " +
                          std::to_string(n) + ")");
  }
}

template class CsrGraph<std::int32_t, std::int64_t>;
template class CsrGraph<std::int64_t, std::int64_t>;

}  // namespace frontier
