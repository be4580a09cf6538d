// The CPU BFS's thread count per step: a step whose work fills two threads runs on all of them,
// a smaller one on the calling thread, so small steps never wake a team.
#include <gtest/gtest.h>

#include <cstdint>

#include "bfs/bfs_tuning.hpp"
#include "frontier/bfs.hpp"

namespace frontier::cpu {
namespace {

TEST(BfsCpuPolicy, AStepRunsAloneOrOnAllThreads) {
  BfsOptions options;
  options.threads = 8;
  const BfsCpuPolicy policy = make_bfs_cpu_policy(options);
  EXPECT_EQ(policy.threads, 8);
  EXPECT_EQ(policy.threads_for(0, 512), 1);
  EXPECT_EQ(policy.threads_for(1023, 512), 1);
  EXPECT_EQ(policy.threads_for(1024, 512), 8);
  EXPECT_EQ(policy.threads_for(std::int64_t{1} << 40, 512), 8);
}

TEST(BfsCpuPolicy, SmallGraphsSearchOnOneThread) {
  BfsOptions options;
  options.threads = 16;
  const BfsCpuPolicy policy = make_bfs_cpu_policy(options);
  // Karate's whole search (34 vertices, 156 arcs) fits one thread in every kind of step.
  EXPECT_EQ(policy.threads_for(156, policy.top_down_arcs_per_thread), 1);
  EXPECT_EQ(policy.threads_for(156 + 34, policy.bottom_up_work_per_thread), 1);
  EXPECT_EQ(policy.threads_for(34, policy.vertices_per_thread), 1);
  EXPECT_EQ(policy.threads_for(std::int64_t{1} << 24, policy.vertices_per_thread), 16);
}

TEST(BfsCpuPolicy, ASmallGraphIsSearchedOnOneThreadAndStartsNoThreads) {
  BfsOptions options;
  options.threads = 16;
  // email-Eu-core's size: 1005 vertices, 25571 arcs.
  EXPECT_EQ(make_bfs_cpu_policy(options, 1005, 25571).threads, 1);
  EXPECT_EQ(start_bfs_threads(1005, 25571), 0.0);
  EXPECT_EQ(make_bfs_cpu_policy(options, 1 << 16, 1 << 20).threads, 16);
}

}  // namespace
}  // namespace frontier::cpu
