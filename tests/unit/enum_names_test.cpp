// Every public enum names its values one way: to_string() gives a name that its parse_...()
// reads back to the same value, no two values share a name, and an unknown name is an
// InvalidArgument that lists the names it expected.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "frontier/bfs.hpp"
#include "frontier/device.hpp"
#include "frontier/distributed_bfs.hpp"
#include "frontier/distribution/vertex_distribution.hpp"
#include "frontier/errors.hpp"
#include "frontier/generators/list.hpp"
#include "frontier/generators/tree.hpp"
#include "frontier/io/graph_format.hpp"
#include "frontier/list_ranking.hpp"
#include "frontier/log.hpp"
#include "frontier/parallel_list.hpp"
#include "frontier/parallel_list_predicate.hpp"
#include "frontier/runs/graph500.hpp"

namespace frontier {
namespace {

template <typename Enum, typename Parse>
void expect_names_round_trip(const std::vector<Enum>& values, Parse parse) {
  std::set<std::string> names;
  for (const Enum value : values) {
    const std::string name(to_string(value));
    EXPECT_NE(name, "unknown");
    EXPECT_TRUE(names.insert(name).second) << "two values are named " << name;
    EXPECT_EQ(parse(name), value) << name;
  }
  try {
    parse("no-such-name");
    ADD_FAILURE() << "an unknown name was accepted";
  } catch (const InvalidArgument& error) {
    const std::string message = error.what();
    EXPECT_NE(message.find("'no-such-name'"), std::string::npos) << message;
    for (const std::string& name : names) {
      EXPECT_NE(message.find(name), std::string::npos) << message << " does not list " << name;
    }
  }
}

TEST(EnumNames, EveryPublicEnumRoundTrips) {
  expect_names_round_trip<BfsStrategy>(
      {BfsStrategy::DirectionOptimizing, BfsStrategy::TopDown, BfsStrategy::BottomUp,
       BfsStrategy::Hybrid, BfsStrategy::TwoPhase, BfsStrategy::ContractExpand,
       BfsStrategy::ExpandContract},
      parse_bfs_strategy);
  expect_names_round_trip<BfsDirection>({BfsDirection::TopDown, BfsDirection::BottomUp},
                                        parse_bfs_direction);
  expect_names_round_trip<DeviceKind>({DeviceKind::Cpu, DeviceKind::Cuda}, parse_device_kind);
  expect_names_round_trip<LogLevel>({LogLevel::Trace, LogLevel::Debug, LogLevel::Info,
                                     LogLevel::Warn, LogLevel::Error, LogLevel::Off},
                                    parse_log_level);
  expect_names_round_trip<GpuTransport>(
      {GpuTransport::Auto, GpuTransport::Peer, GpuTransport::Nccl}, parse_gpu_transport);
  expect_names_round_trip<VertexLayout>({VertexLayout::Striped, VertexLayout::Block},
                                        parse_vertex_layout);
  expect_names_round_trip<ListOp>({ListOp::Sum, ListOp::Min, ListOp::Max}, parse_list_op);
  expect_names_round_trip<ListRankingAlgorithm>(
      {ListRankingAlgorithm::Auto, ListRankingAlgorithm::Sequential,
       ListRankingAlgorithm::HelmanJaja, ListRankingAlgorithm::Wyllie},
      parse_list_ranking_algorithm);
  expect_names_round_trip<ListWalk>({ListWalk::None, ListWalk::InPlace, ListWalk::Staged},
                                    parse_list_walk);
  expect_names_round_trip<ListPosition>({ListPosition::Before, ListPosition::After},
                                        parse_list_position);
  expect_names_round_trip<PredicateKind>(
      {PredicateKind::All, PredicateKind::None, PredicateKind::Greater, PredicateKind::Less,
       PredicateKind::Equal, PredicateKind::NotEqual, PredicateKind::Even, PredicateKind::Odd},
      parse_predicate_kind);
  expect_names_round_trip<ListKind>({ListKind::Random, ListKind::Ordered, ListKind::Stride},
                                    parse_list_kind);
  expect_names_round_trip<SearchOrder>({SearchOrder::AsGiven, SearchOrder::DegreeClasses},
                                       parse_search_order);
  expect_names_round_trip<TreeShape>(
      {TreeShape::RandomRecursive, TreeShape::Path, TreeShape::Star, TreeShape::Binary},
      parse_tree_shape);
  expect_names_round_trip<io::GraphFormat>(
      {io::GraphFormat::Auto, io::GraphFormat::MatrixMarket, io::GraphFormat::Dimacs9,
       io::GraphFormat::Metis, io::GraphFormat::Snap, io::GraphFormat::BinaryCsr},
      io::parse_graph_format);
  expect_names_round_trip<runs::Graph500Placement>(
      {runs::Graph500Placement::Engine, runs::Graph500Placement::Ranks,
       runs::Graph500Placement::MpiProcesses},
      runs::parse_graph500_placement);
}

TEST(EnumNames, AliasesReadBackToTheirValue) {
  EXPECT_EQ(parse_bfs_strategy("do"), BfsStrategy::DirectionOptimizing);
  EXPECT_EQ(parse_bfs_strategy("td"), BfsStrategy::TopDown);
  EXPECT_EQ(parse_log_level("warning"), LogLevel::Warn);
  EXPECT_EQ(parse_device_kind("gpu"), DeviceKind::Cuda);
  EXPECT_EQ(parse_list_ranking_algorithm("wei-jaja"), ListRankingAlgorithm::HelmanJaja);
  EXPECT_EQ(parse_tree_shape("recursive"), TreeShape::RandomRecursive);
  EXPECT_EQ(io::parse_graph_format("matrix-market"), io::GraphFormat::MatrixMarket);
  // An alias is accepted but never printed, and the error lists names only.
  EXPECT_EQ(to_string(BfsStrategy::DirectionOptimizing), "direction-optimizing");
  try {
    parse_bfs_strategy("sideways");
    ADD_FAILURE() << "accepted";
  } catch (const InvalidArgument& error) {
    EXPECT_EQ(std::string(error.what()),
              "unknown BFS strategy 'sideways' (expected direction-optimizing, top-down, "
              "bottom-up, hybrid, two-phase, contract-expand or expand-contract)");
  }
}

}  // namespace
}  // namespace frontier
