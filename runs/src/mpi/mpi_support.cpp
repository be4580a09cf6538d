// mpi_support.cpp — see mpi_support.hpp.
#include "mpi/mpi_support.hpp"

#include <mpi.h>

#include <string>
#include <vector>

#include "frontier/device.hpp"
#include "frontier/errors.hpp"

namespace frontier::runs::mpi {

void check(int code, const char* call) {
  if (code != MPI_SUCCESS) {
    char text[MPI_MAX_ERROR_STRING];
    int length = 0;
    MPI_Error_string(code, text, &length);
    throw Error(std::string(call) +
                " failed: " + std::string(text, static_cast<std::size_t>(length)));
  }
}

Scope::Scope() {
  int initialized = 0;
  check(MPI_Initialized(&initialized), "MPI_Initialized");
  if (initialized == 0) {
    check(MPI_Init(nullptr, nullptr), "MPI_Init");
    owns_ = true;
  }
  check(MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN), "MPI_Comm_set_errhandler");
}

Scope::~Scope() {
  int finalized = 0;
  if (owns_ && MPI_Finalized(&finalized) == MPI_SUCCESS && finalized == 0) MPI_Finalize();
}

int world_rank() {
  int rank = 0;
  check(MPI_Comm_rank(MPI_COMM_WORLD, &rank), "MPI_Comm_rank");
  return rank;
}

int world_size() {
  int size = 0;
  check(MPI_Comm_size(MPI_COMM_WORLD, &size), "MPI_Comm_size");
  return size;
}

double max_over_ranks(double value) {
  check(MPI_Allreduce(MPI_IN_PLACE, &value, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD),
        "MPI_Allreduce");
  return value;
}

std::int64_t sum_over_ranks(std::int64_t value) {
  check(MPI_Allreduce(MPI_IN_PLACE, &value, 1, MPI_INT64_T, MPI_SUM, MPI_COMM_WORLD),
        "MPI_Allreduce");
  return value;
}

namespace {

// This process's number among the processes of its node, and how many run there.
struct NodePlace {
  int local = 0;
  int processes = 0;
};

NodePlace node_place(int rank) {
  MPI_Comm node = MPI_COMM_NULL;
  check(MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &node),
        "MPI_Comm_split_type");
  NodePlace place;
  check(MPI_Comm_rank(node, &place.local), "MPI_Comm_rank");
  check(MPI_Comm_size(node, &place.processes), "MPI_Comm_size");
  MPI_Comm_free(&node);
  return place;
}

}  // namespace

int node_gpu(int rank) {
  const int local = node_place(rank).local;
  const int gpus = cuda_device_count();
  if (local >= gpus) {
    throw InvalidArgument("process " + std::to_string(rank) + " is number " +
                          std::to_string(local) + " on its node, which has " +
                          std::to_string(gpus) + " GPU(s): one process per GPU");
  }
  return local;
}

ProcessRank join(int rank, int ranks, int gpu, std::int64_t local_arcs, GpuTransport transport) {
  ProcessRank process;
  process.transport = transport;
  process.rank = rank;
  process.ranks = ranks;
  process.gpu = gpu;
  process.num_arcs = sum_over_ranks(local_arcs);
  process.one_node = node_place(rank).processes == ranks;
  if (rank == 0) process.id = make_nccl_unique_id();
  check(MPI_Bcast(process.id.bytes.data(), static_cast<int>(process.id.bytes.size()), MPI_CHAR, 0,
                  MPI_COMM_WORLD),
        "MPI_Bcast");
  return process;
}

partition::BalanceReport gather_edge_balance(std::int64_t local_vertices, std::int64_t local_arcs) {
  const int ranks = world_size();
  const std::int64_t counts[2] = {local_vertices, local_arcs};
  std::vector<std::int64_t> all(2 * static_cast<std::size_t>(ranks));
  check(MPI_Allgather(counts, 2, MPI_INT64_T, all.data(), 2, MPI_INT64_T, MPI_COMM_WORLD),
        "MPI_Allgather");
  std::vector<partition::RankBalance> per_rank;
  for (int r = 0; r < ranks; ++r) per_rank.push_back({r, all[2 * r], all[2 * r + 1]});
  return partition::edge_balance(std::move(per_rank));
}

}  // namespace frontier::runs::mpi
