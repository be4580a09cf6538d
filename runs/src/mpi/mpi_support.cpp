// mpi_support.cpp — see mpi_support.hpp.
#include "mpi/mpi_support.hpp"

#include <mpi.h>

#include <climits>
#include <string>
#include <vector>

#include "frontier/device.hpp"
#include "frontier/errors.hpp"
#include "mpi/mpi_library.hpp"

namespace frontier::runs::mpi {
namespace {

const MpiLibrary& lib() { return mpi_library(); }

void check(int code, const char* call) {
  if (code != MPI_SUCCESS) {
    char text[MPI_MAX_ERROR_STRING];
    int length = 0;
    lib().MPI_Error_string(code, text, &length);
    throw Error(std::string(call) +
                " failed: " + std::string(text, static_cast<std::size_t>(length)));
  }
}

int count_of(std::size_t size, const char* call) {
  if (size > static_cast<std::size_t>(INT_MAX)) {
    throw InvalidArgument(std::string(call) + " of " + std::to_string(size) +
                          " values is past one MPI message (int counts)");
  }
  return static_cast<int>(size);
}

}  // namespace

Scope::Scope() {
  int initialized = 0;
  check(lib().MPI_Initialized(&initialized), "MPI_Initialized");
  if (initialized == 0) {
    check(lib().MPI_Init(nullptr, nullptr), "MPI_Init");
    owns_ = true;
  }
  check(lib().MPI_Comm_set_errhandler(lib().comm_world, lib().errors_return),
        "MPI_Comm_set_errhandler");
}

Scope::~Scope() {
  int finalized = 0;
  if (owns_ && lib().MPI_Finalized(&finalized) == MPI_SUCCESS && finalized == 0) {
    lib().MPI_Finalize();
  }
}

int world_rank() {
  int rank = 0;
  check(lib().MPI_Comm_rank(lib().comm_world, &rank), "MPI_Comm_rank");
  return rank;
}

int world_size() {
  int size = 0;
  check(lib().MPI_Comm_size(lib().comm_world, &size), "MPI_Comm_size");
  return size;
}

double max_over_ranks(double value) {
  check(lib().MPI_Allreduce(MPI_IN_PLACE, &value, 1, lib().double_type, lib().op_max,
                            lib().comm_world),
        "MPI_Allreduce");
  return value;
}

std::int64_t sum_over_ranks(std::int64_t value) {
  check(lib().MPI_Allreduce(MPI_IN_PLACE, &value, 1, lib().int64_type, lib().op_sum,
                            lib().comm_world),
        "MPI_Allreduce");
  return value;
}

void max_over_ranks(std::span<std::uint8_t> values) {
  check(lib().MPI_Allreduce(MPI_IN_PLACE, values.data(), count_of(values.size(), "MPI_Allreduce"),
                            lib().unsigned_char_type, lib().op_max, lib().comm_world),
        "MPI_Allreduce");
}

void max_over_ranks(std::span<std::int32_t> values) {
  check(lib().MPI_Allreduce(MPI_IN_PLACE, values.data(), count_of(values.size(), "MPI_Allreduce"),
                            lib().int32_type, lib().op_max, lib().comm_world),
        "MPI_Allreduce");
}

void max_to_first(std::span<std::int32_t> values) {
  void* sent = world_rank() == 0 ? MPI_IN_PLACE : static_cast<void*>(values.data());
  check(lib().MPI_Reduce(sent, values.data(), count_of(values.size(), "MPI_Reduce"),
                         lib().int32_type, lib().op_max, 0, lib().comm_world),
        "MPI_Reduce");
}

void broadcast_from_first(std::span<std::int64_t> values) {
  check(lib().MPI_Bcast(values.data(), count_of(values.size(), "MPI_Bcast"), lib().int64_type, 0,
                        lib().comm_world),
        "MPI_Bcast");
}

void barrier() { check(lib().MPI_Barrier(lib().comm_world), "MPI_Barrier"); }

void all_to_all(std::span<const std::int64_t> sent, std::span<std::int64_t> received) {
  check(lib().MPI_Alltoall(sent.data(), 1, lib().int64_type, received.data(), 1, lib().int64_type,
                           lib().comm_world),
        "MPI_Alltoall");
}

void all_to_all(std::span<const std::int32_t> sent, std::span<const int> sent_counts,
                std::span<const int> sent_at, std::span<std::int32_t> received,
                std::span<const int> received_counts, std::span<const int> received_at) {
  check(lib().MPI_Alltoallv(sent.data(), sent_counts.data(), sent_at.data(), lib().int32_type,
                            received.data(), received_counts.data(), received_at.data(),
                            lib().int32_type, lib().comm_world),
        "MPI_Alltoallv");
}

void all_gather(std::span<const std::uint32_t> part, std::span<std::uint32_t> table) {
  const int count = count_of(part.size(), "MPI_Allgather");
  check(lib().MPI_Allgather(part.data(), count, lib().uint32_type, table.data(), count,
                            lib().uint32_type, lib().comm_world),
        "MPI_Allgather");
}

namespace {

// This process's number among the processes of its node, and how many run there.
struct NodePlace {
  int local = 0;
  int processes = 0;
};

NodePlace node_place(int rank) {
  MPI_Comm node = lib().comm_null;
  check(lib().MPI_Comm_split_type(lib().comm_world, MPI_COMM_TYPE_SHARED, rank, lib().info_null,
                                  &node),
        "MPI_Comm_split_type");
  NodePlace place;
  check(lib().MPI_Comm_rank(node, &place.local), "MPI_Comm_rank");
  check(lib().MPI_Comm_size(node, &place.processes), "MPI_Comm_size");
  lib().MPI_Comm_free(&node);
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
  check(lib().MPI_Bcast(process.id.bytes.data(), static_cast<int>(process.id.bytes.size()),
                        lib().char_type, 0, lib().comm_world),
        "MPI_Bcast");
  return process;
}

partition::BalanceReport gather_edge_balance(std::int64_t local_vertices, std::int64_t local_arcs) {
  const int ranks = world_size();
  const std::int64_t counts[2] = {local_vertices, local_arcs};
  std::vector<std::int64_t> all(2 * static_cast<std::size_t>(ranks));
  check(lib().MPI_Allgather(counts, 2, lib().int64_type, all.data(), 2, lib().int64_type,
                            lib().comm_world),
        "MPI_Allgather");
  std::vector<partition::RankBalance> per_rank;
  for (int r = 0; r < ranks; ++r) per_rank.push_back({r, all[2 * r], all[2 * r + 1]});
  return partition::edge_balance(std::move(per_rank));
}

}  // namespace frontier::runs::mpi
