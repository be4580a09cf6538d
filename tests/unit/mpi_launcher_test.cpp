// The MPI launchers' support without GPUs: Open MPI opens on first use with every function and
// predefined handle the launchers pass (runs/src/mpi/mpi_library.hpp), and under mpirun, three
// processes, every collective they use gives what each process expects
// (support/mpi_collectives_check.cpp). Builds without Open MPI, and machines without mpirun,
// skip.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "support/cli_runner.hpp"

#if FRONTIER_HAVE_MPI
#include "mpi/mpi_library.hpp"
#endif

namespace frontier {
namespace {

TEST(MpiLauncher, OpenMpiOpensOnFirstUseWithEveryFunctionAndHandle) {
#if FRONTIER_HAVE_MPI
  const runs::mpi::MpiLibrary& mpi = runs::mpi::mpi_library();
#define FRONTIER_EXPECT_FUNCTION(name) EXPECT_NE(mpi.name, nullptr) << #name;
  FRONTIER_MPI_FUNCTIONS(FRONTIER_EXPECT_FUNCTION)
#undef FRONTIER_EXPECT_FUNCTION
#define FRONTIER_EXPECT_HANDLE(field, global, type) EXPECT_NE(mpi.field, nullptr) << #global;
  FRONTIER_MPI_HANDLES(FRONTIER_EXPECT_HANDLE)
#undef FRONTIER_EXPECT_HANDLE
  // Nothing has initialized MPI in this process: opening it does not.
  int initialized = -1;
  ASSERT_EQ(mpi.MPI_Initialized(&initialized), MPI_SUCCESS);
  EXPECT_EQ(initialized, 0);
  EXPECT_EQ(&runs::mpi::mpi_library(), &mpi);
#else
  GTEST_SKIP() << "built without Open MPI";
#endif
}

TEST(MpiLauncher, CollectivesGiveWhatEveryProcessExpectsUnderMpirun) {
#if FRONTIER_HAVE_MPI
  if (std::system("command -v mpirun >/dev/null 2>&1") != 0) GTEST_SKIP() << "no mpirun";
  // Open MPI's own allocations outlive MPI_Finalize: a sanitizer build's leak check is not for
  // them.
  const test::CliRun run = test::run_command(
      "timeout 300 mpirun --allow-run-as-root --oversubscribe -np 3 -x "
      "ASAN_OPTIONS=detect_leaks=0 " FRONTIER_MPI_CHECK_PATH);
  EXPECT_EQ(run.exit_code, 0) << run.output();
  EXPECT_NE(run.out.find("collectives ok on 3 processes"), std::string::npos) << run.output();
#else
  GTEST_SKIP() << "built without Open MPI";
#endif
}

}  // namespace
}  // namespace frontier
