// CPU backend of list ranking / list prefix: the sequential oracle, Helman–JaJa and Wyllie on
// OpenMP, all from the header-only templates in list_prefix_generic.hpp (which holds
// the algorithms' description, citations and invariants), instantiated for Sum/Min/Max.
#include "list_ranking/list_prefix_generic.hpp"
#include "list_ranking/list_ranking_backends.hpp"

namespace frontier::cpu {
namespace {

template <typename VertexT, typename ValueT, typename ValueAt, typename OpT>
ListRankingStats run(std::span<const VertexT> successor, ValueAt value_at, OpT op, ValueT* prefix,
                     ListRankingAlgorithm algorithm, std::int64_t random_splitters,
                     std::uint64_t seed) {
  switch (algorithm) {
    case ListRankingAlgorithm::Sequential:
      return detail::list_prefix_sequential_core(successor, value_at, op, prefix);
    case ListRankingAlgorithm::Wyllie:
      return detail::list_prefix_wyllie_core(successor, value_at, op, prefix);
    default:
      return detail::list_prefix_helman_jaja_core(successor, value_at, op, prefix, random_splitters,
                                                  seed);
  }
}

template <typename VertexT, typename ValueT, typename OpT>
ListRankingStats run_values(std::span<const VertexT> successor, const ValueT* values, OpT op,
                            ValueT* prefix, ListRankingAlgorithm algorithm,
                            std::int64_t random_splitters, std::uint64_t seed) {
  if (values == nullptr) {
    return run(
        successor, [](std::int64_t) { return ValueT{1}; }, op, prefix, algorithm, random_splitters,
        seed);
  }
  return run(
      successor, [values](std::int64_t v) { return values[v]; }, op, prefix, algorithm,
      random_splitters, seed);
}

}  // namespace

template <typename VertexT, typename ValueT>
ListRankingStats list_prefix(std::span<const VertexT> successor, const ValueT* values, ListOp op,
                             ValueT* prefix, ListRankingAlgorithm algorithm,
                             std::int64_t random_splitters, std::uint64_t seed) {
  switch (op) {
    case ListOp::Sum:
      return run_values(successor, values, ListSumOp<ValueT>{}, prefix, algorithm, random_splitters,
                        seed);
    case ListOp::Min:
      return run_values(successor, values, ListMinOp<ValueT>{}, prefix, algorithm, random_splitters,
                        seed);
    default:
      return run_values(successor, values, ListMaxOp<ValueT>{}, prefix, algorithm, random_splitters,
                        seed);
  }
}

#define FRONTIER_INSTANTIATE_CPU_LIST_PREFIX(VertexT, ValueT)                                     \
  template ListRankingStats list_prefix<VertexT, ValueT>(std::span<const VertexT>, const ValueT*, \
                                                         ListOp, ValueT*, ListRankingAlgorithm,   \
                                                         std::int64_t, std::uint64_t);
FRONTIER_INSTANTIATE_CPU_LIST_PREFIX(std::int32_t, std::int32_t)
FRONTIER_INSTANTIATE_CPU_LIST_PREFIX(std::int32_t, std::int64_t)
FRONTIER_INSTANTIATE_CPU_LIST_PREFIX(std::int32_t, double)
FRONTIER_INSTANTIATE_CPU_LIST_PREFIX(std::int64_t, std::int32_t)
FRONTIER_INSTANTIATE_CPU_LIST_PREFIX(std::int64_t, std::int64_t)
FRONTIER_INSTANTIATE_CPU_LIST_PREFIX(std::int64_t, double)
#undef FRONTIER_INSTANTIATE_CPU_LIST_PREFIX

}  // namespace frontier::cpu
