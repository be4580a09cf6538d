// NCCL opened on first use (bfs/distributed/transport/nccl_library.hpp), without a GPU: the
// library the engine is built against opens, every function the GPU ranks call is found, and
// calls through the table reach it (its version is the headers' major version, its error text
// is NCCL's). Builds without NCCL have nothing to open: the test is skipped.
#include <gtest/gtest.h>

#include <string>

#if FRONTIER_HAVE_NCCL
#include "bfs/distributed/transport/nccl_library.hpp"
#endif

namespace frontier {
namespace {

TEST(NcclLibrary, OpensOnFirstUseWithEveryFunction) {
#if FRONTIER_HAVE_NCCL
  const distributed::NcclLibrary& nccl = distributed::nccl_library();
#define FRONTIER_EXPECT_FOUND(name) EXPECT_NE(nccl.name, nullptr) << #name;
  FRONTIER_NCCL_FUNCTIONS(FRONTIER_EXPECT_FOUND)
#undef FRONTIER_EXPECT_FOUND
  int version = 0;
  ASSERT_EQ(nccl.ncclGetVersion(&version), ncclSuccess);
  EXPECT_EQ(version / 10000, NCCL_VERSION_CODE / 10000)
      << "library " << version << ", headers " << NCCL_VERSION_CODE;
  const char* text = nccl.ncclGetErrorString(ncclInvalidArgument);
  ASSERT_NE(text, nullptr);
  EXPECT_NE(std::string(text).find("invalid"), std::string::npos) << text;
  // The same table every time.
  EXPECT_EQ(&distributed::nccl_library(), &nccl);
#else
  GTEST_SKIP() << "built without NCCL";
#endif
}

}  // namespace
}  // namespace frontier
