// `mpirun -np 2 frontier bfs FILE --distributed` (one process per GPU, MPI bootstrapping NCCL)
// against `frontier bfs FILE --gpus 2` (one process): the same sources, reached vertices, levels
// and component edges for every search, every tree validated (on process 0, with the whole graph,
// by the five Graph500 rules), and one report (only process 0 prints). On a bundled graph through
// both transports (peer: CUDA IPC between the processes) and on every real dataset through the
// peer transport. Skipped with fewer than 2 GPUs, without MPI or without mpirun.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "frontier/device.hpp"
#include "frontier/runs/mpi_bfs.hpp"
#include "support/cli_runner.hpp"
#include "support/dataset_manifest.hpp"
#include "support/test_paths.hpp"

namespace frontier {
namespace {

// Every value of "key":<value> in a JSON text, in order.
std::vector<std::string> json_values(const std::string& text, const std::string& key) {
  std::vector<std::string> values;
  const std::string needle = "\"" + key + "\":";
  for (std::size_t at = text.find(needle); at != std::string::npos;
       at = text.find(needle, at + 1)) {
    const std::size_t begin = at + needle.size();
    values.push_back(text.substr(begin, text.find_first_of(",}", begin) - begin));
  }
  return values;
}

void expect_same_searches(const std::string& file, const std::string& transport) {
  SCOPED_TRACE(file + ", " + transport + " transport");
  const std::string search = "bfs " + file + " --sources 4 --validate --json";
  const test::CliRun mpi = test::run_cli(search + " --distributed --transport " + transport,
                                         "mpirun --allow-run-as-root --oversubscribe -np 2 ");
  ASSERT_EQ(mpi.exit_code, 0) << mpi.output();
  EXPECT_NE(mpi.err.find("one GPU each, " + transport + " transport"), std::string::npos)
      << mpi.output();
  const test::CliRun single = test::run_cli(search + " --gpus 2");
  ASSERT_EQ(single.exit_code, 0) << single.output();
  EXPECT_EQ(json_values(mpi.out, "file").size(), 1u) << "one report, from process 0\n" << mpi.out;
  EXPECT_EQ(json_values(mpi.out, "mpi_processes"), std::vector<std::string>{"2"});
  EXPECT_EQ(json_values(single.out, "mpi_processes"), std::vector<std::string>{"1"});
  for (const char* key : {"source", "vertices_reached", "levels", "edges", "validated"}) {
    EXPECT_EQ(json_values(mpi.out, key), json_values(single.out, key)) << key;
    EXPECT_EQ(json_values(mpi.out, key).size(), 4u) << key;
  }
  for (const std::string& verdict : json_values(mpi.out, "validated")) EXPECT_EQ(verdict, "true");
}

TEST(MpiBfsCli, ProcessPerGpuMatchesOneProcess) {
  if (cuda_device_count() < 2) GTEST_SKIP() << "fewer than 2 CUDA GPUs";
  if (!runs::mpi_built()) GTEST_SKIP() << "built without MPI";
  if (std::system("command -v mpirun >/dev/null 2>&1") != 0) GTEST_SKIP() << "no mpirun";
  for (const char* transport : {"peer", "nccl"}) {
    expect_same_searches(test::bundled_dataset("karate.mtx").string(), transport);
  }
  if (!test::real_datasets_available()) return;
  for (const std::string& name : test::manifest_datasets(test::real_datasets_dir())) {
    expect_same_searches((test::real_datasets_dir() / name).string(), "peer");
  }
}

}  // namespace
}  // namespace frontier
