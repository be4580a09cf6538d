// Run under `mpirun -np P` by mpi_launcher_test.cpp: every collective of the MPI launchers
// (runs/src/mpi/mpi_support.hpp, Open MPI opened at run time) on values whose results each
// process knows beforehand. Process 0 prints "collectives ok on P processes", or the failures
// every process found; the exit status is 0 only when all passed.
#include <cstdint>
#include <cstdio>
#include <exception>
#include <string>
#include <vector>

#include "mpi/mpi_support.hpp"

namespace {

using namespace frontier::runs;

std::vector<std::string> check_collectives(int rank, int p) {
  std::vector<std::string> failures;
  const auto expect = [&](bool passed, const std::string& what) {
    if (!passed) failures.push_back("process " + std::to_string(rank) + ": " + what);
  };
  expect(mpi::sum_over_ranks(rank + 1) == std::int64_t{p} * (p + 1) / 2, "sum_over_ranks");
  expect(mpi::max_over_ranks(static_cast<double>(rank)) == p - 1, "max_over_ranks(double)");

  std::vector<std::uint8_t> bytes = {static_cast<std::uint8_t>(rank), 3, 0};
  mpi::max_over_ranks(bytes);
  expect(bytes == std::vector<std::uint8_t>{static_cast<std::uint8_t>(p - 1), 3, 0},
         "max_over_ranks(bytes)");
  std::vector<std::int32_t> ints = {rank, -rank, -1};
  mpi::max_over_ranks(ints);
  expect(ints == std::vector<std::int32_t>{p - 1, 0, -1}, "max_over_ranks(int32)");

  std::vector<std::int32_t> labels = {10 * rank, -1};
  mpi::max_to_first(labels);
  expect(labels == (rank == 0 ? std::vector<std::int32_t>{10 * (p - 1), -1}
                              : std::vector<std::int32_t>{10 * rank, -1}),
         "max_to_first");
  std::vector<std::int64_t> counts = {rank == 0 ? 42 : 0, rank == 0 ? -5 : 0};
  mpi::broadcast_from_first(counts);
  expect(counts == std::vector<std::int64_t>{42, -5}, "broadcast_from_first");
  mpi::barrier();

  // One value each way: what process s sends to d is 100 s + d.
  std::vector<std::int64_t> sent(static_cast<std::size_t>(p));
  std::vector<std::int64_t> received(static_cast<std::size_t>(p));
  for (int d = 0; d < p; ++d) sent[d] = 100 * rank + d;
  mpi::all_to_all(sent, received);
  for (int s = 0; s < p; ++s) expect(received[s] == 100 * s + rank, "all_to_all(one each)");

  // Runs each way: process s sends d + 1 ids to d, the i-th being 1000 s + 10 d + i.
  std::vector<int> sent_counts;
  std::vector<int> sent_at;
  std::vector<std::int32_t> ids;
  for (int d = 0; d < p; ++d) {
    sent_at.push_back(static_cast<int>(ids.size()));
    sent_counts.push_back(d + 1);
    for (int i = 0; i <= d; ++i) ids.push_back(1000 * rank + 10 * d + i);
  }
  std::vector<int> received_counts(static_cast<std::size_t>(p), rank + 1);
  std::vector<int> received_at;
  for (int s = 0; s < p; ++s) received_at.push_back(s * (rank + 1));
  std::vector<std::int32_t> got(static_cast<std::size_t>(p * (rank + 1)), -1);
  mpi::all_to_all(ids, sent_counts, sent_at, got, received_counts, received_at);
  for (int s = 0; s < p; ++s) {
    for (int i = 0; i <= rank; ++i) {
      expect(got[s * (rank + 1) + i] == 1000 * s + 10 * rank + i, "all_to_all(runs)");
    }
  }

  const std::vector<std::uint32_t> part = {static_cast<std::uint32_t>(rank),
                                           static_cast<std::uint32_t>(rank * rank)};
  std::vector<std::uint32_t> table(2 * static_cast<std::size_t>(p));
  mpi::all_gather(part, table);
  for (int s = 0; s < p; ++s) {
    expect(table[2 * s] == static_cast<std::uint32_t>(s) &&
               table[2 * s + 1] == static_cast<std::uint32_t>(s * s),
           "all_gather");
  }
  const frontier::partition::BalanceReport balance =
      mpi::gather_edge_balance(rank + 1, 10 * (rank + 1));
  expect(balance.per_rank.size() == static_cast<std::size_t>(p) && balance.max_arcs == 10 * p &&
             balance.min_arcs == 10,
         "gather_edge_balance");
  return failures;
}

}  // namespace

int main() {
  try {
    const mpi::Scope scope;
    const int rank = mpi::world_rank();
    const int p = mpi::world_size();
    const std::vector<std::string> failures = check_collectives(rank, p);
    for (const std::string& failure : failures) std::fprintf(stderr, "%s\n", failure.c_str());
    const std::int64_t failed = mpi::sum_over_ranks(static_cast<std::int64_t>(failures.size()));
    if (rank == 0 && failed == 0) std::printf("collectives ok on %d processes\n", p);
    return failed == 0 ? 0 : 1;
  } catch (const std::exception& error) {
    std::fprintf(stderr, "mpi_collectives_check: %s\n", error.what());
    return 1;
  }
}
