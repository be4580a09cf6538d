// The names of the engine's public enums, one table each (detail/enum_names.hpp): what
// to_string() prints and parse_...() reads back, the command line's option values included.
#include <string_view>

#include "frontier/bfs.hpp"
#include "frontier/detail/enum_names.hpp"
#include "frontier/device.hpp"
#include "frontier/distributed_bfs.hpp"
#include "frontier/distribution/vertex_distribution.hpp"
#include "frontier/engine.hpp"
#include "frontier/generators/list.hpp"
#include "frontier/generators/tree.hpp"
#include "frontier/list_ranking.hpp"
#include "frontier/log.hpp"
#include "frontier/parallel_list.hpp"
#include "frontier/parallel_list_predicate.hpp"

namespace frontier {
namespace {

using detail::EnumName;

constexpr EnumName<BfsStrategy> kBfsStrategies[] = {
    {BfsStrategy::DirectionOptimizing, "direction-optimizing"},
    {BfsStrategy::TopDown, "top-down"},
    {BfsStrategy::BottomUp, "bottom-up"},
    {BfsStrategy::Hybrid, "hybrid"},
    {BfsStrategy::TwoPhase, "two-phase"},
    {BfsStrategy::ContractExpand, "contract-expand"},
    {BfsStrategy::ExpandContract, "expand-contract"},
    {BfsStrategy::DirectionOptimizing, "do"},
    {BfsStrategy::DirectionOptimizing, "auto"},
    {BfsStrategy::TopDown, "td"},
    {BfsStrategy::BottomUp, "bu"},
};

constexpr EnumName<BfsDirection> kBfsDirections[] = {
    {BfsDirection::TopDown, "top-down"},
    {BfsDirection::BottomUp, "bottom-up"},
};

constexpr EnumName<DeviceKind> kDeviceKinds[] = {
    {DeviceKind::Cpu, "cpu"},
    {DeviceKind::Cuda, "cuda"},
    {DeviceKind::Cuda, "gpu"},
    {DeviceKind::Auto, "auto"},
};

constexpr EnumName<LogLevel> kLogLevels[] = {
    {LogLevel::Trace, "trace"},  {LogLevel::Debug, "debug"}, {LogLevel::Info, "info"},
    {LogLevel::Warn, "warn"},    {LogLevel::Error, "error"}, {LogLevel::Off, "off"},
    {LogLevel::Warn, "warning"},
};

constexpr EnumName<GpuTransport> kGpuTransports[] = {
    {GpuTransport::Auto, "auto"},
    {GpuTransport::Peer, "peer"},
    {GpuTransport::Nccl, "nccl"},
};

constexpr EnumName<VertexLayout> kVertexLayouts[] = {
    {VertexLayout::Striped, "striped"},
    {VertexLayout::Block, "block"},
};

constexpr EnumName<ListOp> kListOps[] = {
    {ListOp::Sum, "sum"},
    {ListOp::Min, "min"},
    {ListOp::Max, "max"},
};

constexpr EnumName<ListRankingAlgorithm> kListRankingAlgorithms[] = {
    {ListRankingAlgorithm::Auto, "auto"},
    {ListRankingAlgorithm::Sequential, "sequential"},
    {ListRankingAlgorithm::HelmanJaja, "helman-jaja"},
    {ListRankingAlgorithm::Wyllie, "wyllie"},
    {ListRankingAlgorithm::HelmanJaja, "hj"},
    {ListRankingAlgorithm::HelmanJaja, "wei-jaja"},
};

constexpr EnumName<ListWalk> kListWalks[] = {
    {ListWalk::None, "none"},
    {ListWalk::InPlace, "in-place"},
    {ListWalk::Staged, "staged"},
};

constexpr EnumName<ListPosition> kListPositions[] = {
    {ListPosition::Before, "before"},
    {ListPosition::After, "after"},
};

constexpr EnumName<PredicateKind> kPredicateKinds[] = {
    {PredicateKind::All, "all"},   {PredicateKind::None, "none"}, {PredicateKind::Greater, ">"},
    {PredicateKind::Less, "<"},    {PredicateKind::Equal, "=="},  {PredicateKind::NotEqual, "!="},
    {PredicateKind::Even, "even"}, {PredicateKind::Odd, "odd"},
};

constexpr EnumName<ListKind> kListKinds[] = {
    {ListKind::Random, "random"},
    {ListKind::Ordered, "ordered"},
    {ListKind::Stride, "stride"},
};

constexpr EnumName<SearchOrder> kSearchOrders[] = {
    {SearchOrder::AsGiven, "given"},
    {SearchOrder::DegreeClasses, "degree"},
};

constexpr EnumName<TreeShape> kTreeShapes[] = {
    {TreeShape::RandomRecursive, "random"},
    {TreeShape::Path, "path"},
    {TreeShape::Star, "star"},
    {TreeShape::Binary, "binary"},
    {TreeShape::RandomRecursive, "recursive"},
};

}  // namespace

std::string_view to_string(BfsStrategy strategy) {
  return detail::name_of(kBfsStrategies, strategy);
}
BfsStrategy parse_bfs_strategy(std::string_view name) {
  return detail::parse_name(kBfsStrategies, name, "BFS strategy");
}

std::string_view to_string(BfsDirection direction) {
  return detail::name_of(kBfsDirections, direction);
}
BfsDirection parse_bfs_direction(std::string_view name) {
  return detail::parse_name(kBfsDirections, name, "BFS direction");
}

std::string_view to_string(DeviceKind kind) { return detail::name_of(kDeviceKinds, kind); }
DeviceKind parse_device_kind(std::string_view name) {
  return detail::parse_name(kDeviceKinds, name, "device kind");
}

std::string_view to_string(LogLevel level) { return detail::name_of(kLogLevels, level); }
LogLevel parse_log_level(std::string_view name) {
  return detail::parse_name(kLogLevels, name, "log level");
}

std::string_view to_string(GpuTransport transport) {
  return detail::name_of(kGpuTransports, transport);
}
GpuTransport parse_gpu_transport(std::string_view name) {
  return detail::parse_name(kGpuTransports, name, "GPU transport");
}

std::string_view to_string(VertexLayout layout) { return detail::name_of(kVertexLayouts, layout); }
VertexLayout parse_vertex_layout(std::string_view name) {
  return detail::parse_name(kVertexLayouts, name, "vertex layout");
}

std::string_view to_string(ListOp op) { return detail::name_of(kListOps, op); }
ListOp parse_list_op(std::string_view name) {
  return detail::parse_name(kListOps, name, "list operator");
}

std::string_view to_string(ListRankingAlgorithm algorithm) {
  return detail::name_of(kListRankingAlgorithms, algorithm);
}
ListRankingAlgorithm parse_list_ranking_algorithm(std::string_view name) {
  return detail::parse_name(kListRankingAlgorithms, name, "list ranking algorithm");
}

std::string_view to_string(ListWalk walk) { return detail::name_of(kListWalks, walk); }
ListWalk parse_list_walk(std::string_view name) {
  return detail::parse_name(kListWalks, name, "list walk");
}

std::string_view to_string(ListPosition position) {
  return detail::name_of(kListPositions, position);
}
ListPosition parse_list_position(std::string_view name) {
  return detail::parse_name(kListPositions, name, "list position");
}

std::string_view to_string(PredicateKind kind) { return detail::name_of(kPredicateKinds, kind); }
PredicateKind parse_predicate_kind(std::string_view name) {
  return detail::parse_name(kPredicateKinds, name, "predicate kind");
}

std::string_view to_string(ListKind kind) { return detail::name_of(kListKinds, kind); }
ListKind parse_list_kind(std::string_view name) {
  return detail::parse_name(kListKinds, name, "list kind");
}

std::string_view to_string(TreeShape shape) { return detail::name_of(kTreeShapes, shape); }
TreeShape parse_tree_shape(std::string_view name) {
  return detail::parse_name(kTreeShapes, name, "tree shape");
}

std::string_view to_string(SearchOrder order) { return detail::name_of(kSearchOrders, order); }
SearchOrder parse_search_order(std::string_view name) {
  return detail::parse_name(kSearchOrders, name, "search order");
}

}  // namespace frontier
