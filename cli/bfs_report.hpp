// What `frontier bfs` prints for its searches, on one device or over ranks: a table row per
// search and a harmonic-mean line, or one JSON document (--json).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "frontier/bfs_result.hpp"
#include "json_writer.hpp"

namespace frontier::cli {

/// One search of `frontier bfs`.
struct BfsTrial {
  std::int64_t source = 0;
  /// Every source of a search from several (source is the first); empty for one source.
  std::vector<std::int64_t> sources;
  double seconds = 0.0;
  std::int64_t reached = 0;
  std::int32_t levels = 0;
  /// Edges of the searched component: arcs out of reached vertices (undirected: halved, a self
  /// loop counting as one edge; see reached_edges()).
  std::int64_t edges = 0;
  /// Bytes the ranks exchanged; -1 for a search on one device (no such column).
  std::int64_t bytes_exchanged = -1;
  /// GPU ranks: the untimed barrier before the search's clock (DistributedBfsResult).
  double warm_up_seconds = 0.0;
  bool validated = false;
  /// Each level's direction, frontier, arcs examined and time (printed with --levels).
  std::vector<BfsLevelStats> level_stats;

  double teps() const { return seconds > 0 ? static_cast<double>(edges) / seconds : 0.0; }
};

/// Prints the trials to stdout. JSON: an object with the fields `header_fields` writes, then
/// "searches" (with `levels`, each with its level_stats) and "harmonic_mean_teps". Text: with
/// `levels` the rows of every search's levels first, then the table, then "N search(es) on
/// <where>: harmonic mean ... MTEPS, median ... ms".
void print_bfs_trials(const std::vector<BfsTrial>& trials, bool json, bool levels,
                      const std::function<void(JsonWriter&)>& header_fields,
                      const std::string& where);

}  // namespace frontier::cli
