// Beamer's alpha where the options leave it unset: 25 for a search on one GPU, 15 on the CPU and
// on ranks; a value given is used everywhere.
#include <gtest/gtest.h>

#include "bfs/bfs_tuning.hpp"
#include "frontier/bfs.hpp"
#include "frontier/errors.hpp"

namespace frontier {
namespace {

TEST(BfsAlpha, UnsetAlphaIsTheDevicesDefault) {
  const BfsOptions unset;
  EXPECT_FALSE(unset.alpha.has_value());
  EXPECT_EQ(bfs_alpha(unset, true), kDefaultGpuBfsAlpha);
  EXPECT_EQ(bfs_alpha(unset, false), kDefaultBfsAlpha);
  EXPECT_EQ(kDefaultGpuBfsAlpha, 25);
  EXPECT_EQ(kDefaultBfsAlpha, 15);
  EXPECT_EQ(cpu::make_bfs_cpu_policy(unset).alpha, kDefaultBfsAlpha);
}

TEST(BfsAlpha, AGivenAlphaHoldsOnEveryDevice) {
  BfsOptions options;
  options.alpha = 7;
  EXPECT_EQ(bfs_alpha(options, true), 7);
  EXPECT_EQ(bfs_alpha(options, false), 7);
  EXPECT_EQ(cpu::make_bfs_cpu_policy(options).alpha, 7);
  options.alpha = 0;
  EXPECT_THROW(check_bfs_options(options), InvalidArgument);
}

}  // namespace
}  // namespace frontier
