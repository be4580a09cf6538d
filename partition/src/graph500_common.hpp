// Pieces the single-process and MPI distributed Graph500 runs share (internal to partition/):
// the config check, the root stream (the same as io::run_graph500's, so both draw the same
// roots) and the statistics.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "frontier/errors.hpp"
#include "frontier/io/graph500.hpp"
#include "frontier/partition/graph500_distributed.hpp"

namespace frontier::partition {

// The root stream tag of io::run_graph500 ("G500ROOT").
inline constexpr std::uint64_t kRootStreamTag = 0x47353030524f4f54ULL;
// Largest scale whose 2^scale vertices fit VertexId.
inline constexpr int kMaxScale = 30;

inline void check_config(const io::Graph500Config& config, const DistributedRunConfig& run) {
  if (config.scale < 1 || config.scale > kMaxScale) {
    throw InvalidArgument("graph500 scale " + std::to_string(config.scale) +
                          " is out of range [1, " + std::to_string(kMaxScale) +
                          "] (vertex ids are 32-bit)");
  }
  if (config.edgefactor < 1) {
    throw InvalidArgument("graph500 edgefactor " + std::to_string(config.edgefactor) +
                          " must be at least 1");
  }
  if (config.roots < 1) {
    throw InvalidArgument("graph500 needs at least one root, not " + std::to_string(config.roots));
  }
  if (run.ranks < 1) throw InvalidArgument("a distributed run needs at least one rank");
  if (run.device.is_cuda() && static_cast<int>(run.device.cuda_ids.size()) != run.ranks) {
    throw InvalidArgument(std::to_string(run.ranks) + " ranks need " + std::to_string(run.ranks) +
                          " GPUs, not " + std::to_string(run.device.cuda_ids.size()));
  }
  check_bfs_options(config.bfs);
}

// Time, nedge, TEPS and validation statistics of the runs.
inline void fill_statistics(io::Graph500Result& result) {
  std::vector<double> seconds;
  std::vector<double> nedge;
  std::vector<double> validate;
  for (const io::Graph500Run& one : result.runs) {
    seconds.push_back(one.seconds);
    nedge.push_back(static_cast<double>(one.nedge));
    validate.push_back(one.validate_seconds);
  }
  result.time = io::graph500_statistics(seconds);
  result.nedge = io::graph500_statistics(nedge);
  result.teps = io::graph500_teps_statistics(seconds, nedge);
  result.validate = io::graph500_statistics(validate);
}

}  // namespace frontier::partition
